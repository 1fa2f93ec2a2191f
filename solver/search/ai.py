"""The AI: for each game and player count, the searcher that plays it best, kept from ever
playing worse than the greedy baseline.

``solver.best_move`` searches with it unless an algorithm is named, and so do ``solver bestmove``,
``solver engine``, the web app and the ``ai`` agent (``solver.search.agents``). Two parts:

- **The plan** (``PLANS``, ``plan_for``): which searcher a game and player count get, chosen by
  measurement (``bench/strength.py``, the table in ``docs/ai.md``). Kokoro and KOI, solo and with
  players, judge greedy's best candidates by greedy's own playouts (``SimulationSearcher``); Go
  Goa judges whole turns by foresight of the dice (``ForesightSearcher``); GODŌ searches with
  MCTS.
- **The guard** (``Guard``): at every decision the greedy baseline's choice is worked out first
  (well under a millisecond to a few), and the search must earn the right to play anything else:
  MCTS by visiting its choice and greedy's each ``TRUSTED_VISITS`` times or more and valuing its own
  higher; expectimax by searching at least ``Plan.depth`` decisions deep in full; greedy's
  playouts and foresight by ``TRUSTED_ROUNDS`` rounds and a lead of ``Plan.lead``. A search the clock cuts
  short therefore plays greedy's move, never a guess. Once MCTS or expectimax has overruled greedy
  in a turn, the rest of that turn follows the search (``solver.search.decision``).

    >>> import solver
    >>> state = solver.load_game("gogoa", players=2, backend="numba").new_initial_state()
    >>> plan_for(state.kernel_state()).describe()
    'foresight of the dice, overruling greedy by a lead of 0.05 on 8 rounds'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.core.params import ParamsSource
from solver.search.searcher import GreedySearcher, RootStats, SimulationSearcher
from solver.search.settings import heuristic_params

TRUSTED_VISITS = 20
"""MCTS overrules greedy's choice only with this many visits on each of the two actions: fewer are
noise next to the heuristic's judgement of a whole turn. Also the visits a kept tree's action needs
to be played where the clock leaves no time to search (``solver.search.decision``)."""


TRUSTED_ROUNDS = 8
"""Greedy's playouts and foresight overrule greedy's choice only after this many rounds (playouts
or futures of each candidate)."""

SIMULATION_LEAD = 0.2
"""... and with players only by a candidate whose mean return leads greedy's choice by this much (a
fifth of a win): the largest of a few noisy means is biased upward, and a small lead is mostly
that bias. Measured in KOI duels, when a second played a handful of rounds (``docs/ai.md``). Kokoro
with players plays about 80 to 400 rounds a second, whose means are surer: a twentieth of a win does
there (``Plan.lead``), and so does any lead solo, where a second plays hundreds of rounds (Kokoro)
or a lead of a fifth of the score's range never comes (KOI)."""


@dataclass(frozen=True)
class Plan:
    """How the AI plays a game at a player count.

    ``searcher``: ``mcts``, ``expectimax``, ``simulation`` (greedy's playouts,
    ``SimulationSearcher``) or ``foresight`` (turns judged by futures of the dice,
    ``ForesightSearcher``). ``depth``: the shallowest expectimax
    depth, searched in full, that may overrule greedy. ``lead``: how far greedy's playouts must
    value a candidate above greedy's choice to play it (a share of a win with players, of the
    score's range solo), and foresight likewise; ``width``: how many of the heuristic's best
    actions (foresight: whole turns, and each action's best turn at a decision of at most
    ``width`` actions) they judge besides greedy's choice (fewer get more rounds each in the same
    time).
    """

    searcher: str
    depth: int = 2
    lead: float = SIMULATION_LEAD
    width: int = SimulationSearcher.CANDIDATES

    @property
    def guards_whole_turn(self) -> bool:
        """Whether greedy still guards the decisions after the search first overruled it in a turn:
        greedy's playouts valued their choice with greedy's turn after it, and foresight judges
        each decision anew, where MCTS and expectimax planned the rest of the turn themselves
        (and follow their plan)."""
        return self.searcher in ROUNDS

    def describe(self) -> str:
        """The plan in words, as ``best_move``'s stats report it."""
        if self.searcher == "mcts":
            return f"mcts, overruling greedy with {TRUSTED_VISITS} visits"
        if self.searcher in ROUNDS:
            lead = f"a lead of {self.lead}" if self.lead else "any lead"
            what = "greedy's playouts" if self.searcher == "simulation" else "foresight of the dice"
            return f"{what}, overruling greedy by {lead} on {TRUSTED_ROUNDS} rounds"
        return f"{self.searcher}, overruling greedy with depth {self.depth} or more"


ROUNDS = ("simulation", "foresight")
"""The searchers that play rounds (``stats.depth``), each judging every candidate once."""

SOLO, MULTI = "solo", "multi"

PLANS: dict[tuple[str, str], Plan] = {
    ("godo", SOLO): Plan("mcts"),
    ("godo", MULTI): Plan("mcts"),
    ("gogoa", SOLO): Plan("foresight", lead=0.0, width=8),
    ("gogoa", MULTI): Plan("foresight", lead=0.05, width=8),
    ("kokoro", SOLO): Plan("simulation", lead=0.0),
    ("kokoro", MULTI): Plan("simulation", lead=0.05),
    ("koi", SOLO): Plan("simulation", lead=0.0, width=3),
    ("koi", MULTI): Plan("simulation"),
}
"""The plan of each game, solo and with 2 or more players; ``docs/ai.md`` ("The AI") has the
measurements each one rests on."""


def plan_for(kstate: Any, iterations: int | None = None, depth: int | None = None,
             rounds: int | None = None) -> Plan:  # fmt: skip
    """The AI's plan for a kernel state's game and player count; a budget that names a searcher
    (``iterations``: MCTS, ``depth``: expectimax, ``rounds``: the plan's foresight or greedy's
    playouts) gets that searcher instead, still guarded (the first of them given, in that order)."""
    plan = PLANS[kstate.layout.weights.GAME, SOLO if kstate.players == 1 else MULTI]
    counted = plan.searcher if plan.searcher in ROUNDS else "simulation"
    for budget, searcher in ((iterations, "mcts"), (depth, "expectimax"), (rounds, counted)):
        if budget is not None:
            return plan if plan.searcher == searcher else Plan(searcher)
    return plan


class Guard:
    """The greedy baseline's choice at each decision of a search, and whether the search earned
    the right to play another action (see the module docstring).

    ``plan``: the AI's (``None``: a searcher named by the user, which the guard does not overrule;
    greedy then only takes the decisions the clock leaves unsearched). ``params``: the user's
    parameters, if any. ``seed``: deals what the player to move cannot see. ``agent``: whose
    weights greedy judges with: greedy's own, or, guarding greedy's playouts or foresight, the
    weights they judge with (``simulation``, ``foresight``; greedy's unless tuned for them), since
    greedy's choice must be one of the candidates they judge.
    """

    def __init__(self, kstate: Any, plan: Plan | None, params: ParamsSource, seed: int = 0,
                 agent: str = "greedy") -> None:  # fmt: skip
        self.plan = plan
        self.weights = heuristic_params(kstate, params, None, agent)
        self.seed = seed

    def greedy(self, kstate: Any) -> int:
        """Greedy's action at ``kstate``, judged on a deal of what its player cannot see
        (``GreedySearcher``): the guard must not read other players' hands."""
        return GreedySearcher(kstate, self.weights, seed=self.seed).run().best

    def action(self, stats: RootStats, greedy: int) -> int:
        """The action to play: the search's best if it earned it (by the plan), else ``greedy``."""
        assert self.plan is not None, "a search named by the user is not guarded"
        best = stats.best
        if best == greedy:
            return greedy
        if self.plan.searcher in ROUNDS:
            if greedy not in stats.actions or stats.depth < TRUSTED_ROUNDS:
                return greedy
            return best if stats.value_of(best) - stats.value_of(greedy) > self.plan.lead else greedy
        if stats.by_value:
            return best if stats.depth >= self.plan.depth else greedy
        visits = dict(zip(stats.actions, stats.visits, strict=True))
        if min(visits.get(greedy, 0), visits[best]) < TRUSTED_VISITS:
            return greedy
        return best if stats.value_of(best) > stats.value_of(greedy) else greedy
