"""Driving whole games: seeded chance, agents asked in turn, and a record of what happened.

    >>> import solver
    >>> game = solver.load_game("godo", players=2)
    >>> record = solver.play(game, ["random", "random"], seed=1)
    >>> record.steps == len(record.actions)
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.core.agents import Agent, Bound, check_seed, derive_seed, make_agent
from solver.core.errors import SolverError
from solver.core.params import Params
from solver.core.strict_json import show

AgentSpec = str | Agent


def sample_chance(state: Any, rng: random.Random) -> int:
    """Draw a chance outcome by its probability."""
    outcomes = state.chance_outcomes()
    threshold = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if threshold < total:
            return action
    return outcomes[-1][0]


def random_step(state: Any, rng: random.Random) -> int:
    """One uniformly random step: a chance outcome by probability, else any legal action."""
    if state.is_chance_node():
        return sample_chance(state, rng)
    return rng.choice(state.legal_actions())


PLAYOUTS = Bound(int, 0, 10**7)
"""How many games ``random_playouts`` plays in one call (its results take ``n x players`` floats)."""


def check_playouts(n: Any, seed: Any) -> tuple[int, int]:
    """The arguments of a game's ``random_playouts``, checked: ``n`` games (0 to 10 million) and a
    seed (``None`` means 0, else ``[0, 2**63)``; every backend takes it whole).

        >>> check_playouts(2.5, 1)
        Traceback (most recent call last):
        ...
        solver.core.errors.SearchError: n: expected an integer from 0 to 10000000, got 2.5

    Raises:
        SearchError: naming ``n`` or ``seed``.
    """
    return PLAYOUTS.check(n, "n"), check_seed(seed)


def random_playouts(game: Any, n: Any, seed: Any) -> tuple[Any, Any]:
    """``game.random_playouts``, for every game: ``n`` uniformly random games from the start, the
    steps of each game and its returns (``n x players``). The reference backend plays them with
    Python's seeded generator (``reference_playouts``); a compiled backend inside its kernel, from
    the new state's array, without leaving compiled code.

    Raises:
        SearchError: ``n`` or ``seed`` is out of range (``check_playouts``).
    """
    import numpy as np

    n, seed = check_playouts(n, seed)
    if game.backend == "reference":
        return reference_playouts(game, n, seed)
    start = game.new_initial_state()
    steps = np.zeros(n, np.int64)
    results = np.zeros((n, game.players))
    start.kernel.random_playouts(start.array, n, np.array([seed], np.uint64), steps, results)
    return steps, results


def reference_playouts(game: Any, n: int, seed: int) -> tuple[Any, Any]:
    """``n`` uniformly random games from the start with Python's seeded generator (``random_step``):
    the steps of each game and its returns (``n x players``), for a game's reference backend."""
    return play_out(game, n, random_step, random.Random(seed))


def play_out(game: Any, n: int, step: Callable[[Any, Any], int], rng: Any) -> tuple[Any, Any]:
    """``n`` games from the start, each action chosen by ``step(state, rng)`` (a reference
    backend's playouts, or a copy of a kernel's sampling rule replaying its games): the steps of
    each game and its returns (``n x players``)."""
    import numpy as np

    steps = np.zeros(n, np.int64)
    results = np.zeros((n, game.players))
    for g in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_legal_action(step(state, rng))
            steps[g] += 1
        results[g] = state.returns()
    return steps, results


@dataclass
class GameRecord:
    """A finished game: every action in order, with the result."""

    seed: int
    agents: list[str]
    actions: list[int] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    title: str | None = None
    final: dict[str, Any] = field(default_factory=dict)  # the last position (``to_json``)

    @property
    def steps(self) -> int:
        return len(self.actions)

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "agents": self.agents,
            "steps": self.steps,
            "returns": self.returns,
            "scores": self.scores,
            "winners": self.winners,
            "title": self.title,
            "actions": self.actions,
        }


def _agents(specs: Sequence[AgentSpec] | AgentSpec, players: int, seed: int,
            params: Sequence[Params | None]) -> list[Agent]:  # fmt: skip
    if isinstance(specs, str) or not isinstance(specs, Sequence):
        specs = [specs] * players
    if len(specs) != players:
        raise SolverError(f"agents: {players} players need {players} agents, got {len(specs)}")
    for seat, spec in enumerate(specs):
        if not isinstance(spec, str) and not callable(getattr(spec, "step", None)):
            raise SolverError(f"agents[{seat}]: expected an agent spec or an agent, got {show(spec)}")
    if len(params) != players:
        raise SolverError(f"params: {players} players need {players} entries (None: the game's own), got {len(params)}")
    return [make_agent(s, seed=derive_seed(seed, 1000, 1 + seat), params=params[seat]) if isinstance(s, str) else s
            for seat, s in enumerate(specs)]  # fmt: skip


def play(
    game: Any,
    agents: Sequence[AgentSpec] | AgentSpec,
    seed: int | None = 0,
    on_step: Callable[[Any, int], None] | None = None,
    params: Sequence[Params | None] | Params | None = None,
) -> GameRecord:
    """Play one whole game from the initial state.

    Chance outcomes come from a generator seeded with ``seed`` (``None`` means 0, else an integer
    in ``[0, 2**63)``); agents given by name get seeds derived from it, so the same seed replays the
    same game. ``on_step(state, action)`` is called before each action is applied (to print a game
    as it goes). ``params``: parameters (``solver.core.params``) for the agents given by spec that
    search, one for all or one per seat (``None``: the game's own), unless a spec names a file.

    Raises:
        SolverError: an agent spec is bad (``agents: ...``, see ``make_agent``), or ``seed`` is not
            a seed (``SearchError``).
    """
    seed = check_seed(seed)
    per_seat = [params] * game.players if params is None or isinstance(params, Params) else params
    seats = _agents(agents, game.players, seed, per_seat)
    rng = random.Random(seed)
    state = game.new_initial_state()
    record = GameRecord(seed, [a.name for a in seats])
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = seats[state.current_player()].step(state)
        if on_step is not None:
            on_step(state, action)
        state.apply_action(action)
        record.actions.append(action)
    record.returns, record.scores = state.returns(), state.scores()
    record.winners = list(state.winners)
    record.title = state.title()
    record.final = state.to_json()
    return record
