"""The best move for a position: the whole turn of the player to move, in words, with its numbers.

    >>> import solver
    >>> from solver.core.perft import walk
    >>> state = walk(solver.load_game("godo", players=2).new_initial_state(), 60, 3)
    >>> while state.is_chance_node():
    ...     state.apply_action(state.legal_actions()[0])
    >>> decision = solver.best_move(state, iterations=300, seed=1, workers=1)
    >>> decision.actions[0] in state.legal_actions()
    True
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from solver.core.agents import COUNT, OPTIONS, Bound, check_seed, derive_seed
from solver.core.errors import SearchError
from solver.core.params import ParamsSource
from solver.core.strict_json import show
from solver.search.ai import ROUNDS, TRUSTED_VISITS, Guard, Plan, plan_for
from solver.search.greedy import make_greedy
from solver.search.searcher import (
    ExpectimaxSearcher,
    ForesightSearcher,
    GreedySearcher,
    MCTSSearcher,
    RootStats,
    SimulationSearcher,
    capacity_for,
    table_bits_for,
)
from solver.search.settings import settings

ALGORITHMS = ("ai", "mcts", "expectimax", "simulation", "foresight", "greedy")
"""The searchers ``best_move`` takes: ``ai`` (the default: the plan of ``solver.search.ai`` for the
game and player count, guarded by greedy) or one of the searchers by name, unguarded."""

BUDGETS = {"mcts": ("time", "iterations"), "expectimax": ("time", "depth"), "simulation": ("time", "rounds"),
           "foresight": ("time", "rounds"), "greedy": ("time",)}  # fmt: skip
"""The budgets each searcher takes (the AI's depend on its plan): one table for ``best_move`` and
the engine's queries."""

MULTIPV = Bound(int, 0, 32)
"""How many best first actions a search may report with their lines (0: none)."""


@dataclass
class Decision:
    """A searched turn: the actions from the position until the player's turn ends or chance comes."""

    player: int
    actions: list[int]
    steps: list[str]
    value: float
    stats: dict[str, Any] = field(default_factory=dict)
    lines: list[dict[str, Any]] = field(default_factory=list)
    stopped: bool = False

    @property
    def plan(self) -> str:
        """The turn in words, one action after another."""
        return "; ".join(self.steps)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "actions": self.actions,
            "plan": self.steps,
            "value": round(self.value, 4),
            "stats": self.stats,
            "multipv": self.lines,
            "stopped": self.stopped,
        }


def _check(state: Any, algorithm: str) -> None:
    if type(algorithm) is not str or algorithm not in ALGORITHMS:
        raise SearchError(f"algorithm: unknown algorithm {show(algorithm)}; known: {', '.join(ALGORITHMS)}")
    if not hasattr(state, "kernel_state"):
        raise SearchError(f"state: expected a game state, got {type(state).__name__}")
    if state.is_terminal():
        raise SearchError("state: the game is over, there is no move to find")
    if state.is_chance_node():
        raise SearchError("state: a chance node (a tile is being drawn): apply the outcome first")


def _budget(
    searcher: str,
    time_limit: float | None,
    iterations: int | None,
    depth: int | None = None,
    workers: int | None = None,
    plan: Plan | None = None,
    rounds: int | None = None,
) -> tuple[float | None, int | None, int | None, int | None]:
    """Check the budget given against the agents' ranges (``solver.core.agents.OPTIONS``: a time
    limit above 0 and at most a day, 1 to 64 workers, ...); returns it as plain numbers, the time
    limit one second when no budget is given.

    MCTS takes ``iterations``, expectimax ``depth``, greedy's playouts and foresight ``rounds``
    (returned as their depth: their searchers count rounds so), any of them ``time_limit``; greedy takes
    ``time_limit`` only (and needs far less). ``plan``: the AI's, when it chose the searcher.
    """
    seconds = _optional(time_limit, "time_limit", OPTIONS["time"])
    iterations = _optional(iterations, "iterations", OPTIONS["iterations"])
    depth = _optional(depth, "depth", OPTIONS["depth"])
    rounds = _optional(rounds, "rounds", OPTIONS["rounds"])
    workers = _optional(workers, "workers", OPTIONS["workers"])
    who = {"mcts": "MCTS"}.get(searcher, searcher) if plan is None else f"the AI searches with {searcher} here, which"
    takes = [b.replace("time", "time_limit") for b in reversed(BUDGETS[searcher])]
    bounds = " or ".join(takes) if len(takes) > 1 else "time_limit only"
    for name, value in (("iterations", iterations), ("depth", depth), ("rounds", rounds)):
        if value is not None and name not in BUDGETS[searcher]:
            raise SearchError(f"{name}: {who} is bounded by {bounds}, not by {name}")
    if seconds is None and iterations is None and depth is None and rounds is None:
        seconds = 1.0
    return seconds, iterations, depth if rounds is None else rounds, workers


def _optional(value: Any, field: str, bound: Bound) -> Any:
    return None if value is None else bound.check(value, field)


def best_move(
    state: Any,
    algorithm: str = "ai",
    time_limit: float | None = None,
    iterations: int | None = None,
    seed: int | None = 0,
    workers: int | None = None,
    params: ParamsSource = None,
    depth: int | None = None,
    cutoff: float = 0.01,
    multipv: int = 0,
    stop: threading.Event | None = None,
    on_progress: Callable[[dict[str, Any]], None] | None = None,
    progress_every: float | None = 1.0,
    rounds: int | None = None,
) -> Decision:
    """Search the whole turn of the player to move.

    ``algorithm``: ``"ai"`` (the default) plays each game and player count with the searcher that
    plays it best, and never plays a decision worse than the greedy baseline would judge it
    without having searched it well (``solver.search.ai``: its ``Plan`` and ``Guard``); a budget
    of ``iterations`` makes it search with MCTS, one of ``depth`` with expectimax, one of
    ``rounds`` with its foresight (Go Goa) or greedy's playouts, still guarded.
    ``"mcts"``, ``"expectimax"``, ``"simulation"`` (greedy's playouts, ``SimulationSearcher``),
    ``"foresight"`` (turns judged by futures of the dice, ``ForesightSearcher``; Go Goa) or
    ``"greedy"`` name one searcher, unguarded.

    Each decision of the turn is searched in turn (the tree below the chosen action is kept for the
    next one) until the turn ends, a chance event comes or the game ends. ``time_limit`` bounds the
    whole call, each decision getting half of what the earlier ones left, and the last one (its
    best action ends the player's decisions: chance comes, another player decides or the game
    ends) all of it: the wall time stays within
    1.1 x ``time_limit`` + 20 ms for any limit from 0.05 s, except the first call in a process for
    a game's kernel and algorithm, which compiles the searcher (seconds) before the clock starts.
    ``stats["seconds"]`` is the wall time of the whole call, compilation included.
    ``iterations`` (MCTS), ``depth`` (expectimax, which otherwise deepens while time allows) or
    ``rounds`` (greedy's playouts: games played out after each candidate) bound each decision:
    budgets that repeat on any machine. Without a budget, one second. ``workers``: the threads
    searching side by side (MCTS's trees, the rounds of greedy's playouts and of foresight; every
    core by default); a budget of rounds finds the same whatever their number. ``cutoff``:
    expectimax scores branches less likely than this.

    ``multipv``: the ``Decision.lines`` of the turn's first searched decision, its best actions
    (at most this many) each with its principal variation (``lines``). ``stop``: once set (from
    another thread), the search ends within about 20 ms and the turn is completed from what was
    found (``Decision.stopped``). ``on_progress``: called from the searching thread about every
    ``progress_every`` seconds with the search so far (``progress``).

    ``seed``: ``None`` means 0, else an integer in ``[0, 2**63)`` (``solver.core.agents.check_seed``);
    the searchers draw from it reduced into ``[0, 2**53)``, the same on every backend.

    ``params``: a parameters file (its path, its JSON object or ``solver.core.params.Params``)
    for this game, player count and pack, with the heuristic's weights and MCTS's constants to
    search with; by default the state's own (``solver.search.settings``).

    Raises:
        SearchError: naming the argument: the state is terminal or a chance node, a budget or the
            seed is out of range (``solver.core.agents.OPTIONS``), or a budget does not fit the
            algorithm.
        ParamsError: ``params...``: the parameters are unreadable or for another game, player
            count or pack.
    """
    called = time.perf_counter()
    _check(state, algorithm)
    kstate = state.kernel_state().clone()
    plan = plan_for(kstate, iterations, depth, rounds) if algorithm == "ai" else None
    name = plan.searcher if plan is not None else algorithm
    seconds, iterations, depth, workers = _budget(name, time_limit, iterations, depth, workers, plan, rounds)
    seed = derive_seed(check_seed(seed))
    cutoff = OPTIONS["cutoff"].check(cutoff, "cutoff")
    multipv = MULTIPV.check(multipv, "multipv")
    heuristic, search = settings(kstate, params, name)
    guard = Guard(kstate, plan, params, seed, name if name in ROUNDS else "greedy")
    start = time.perf_counter() if load_searchers(kstate, name) else called
    if name == "mcts":
        searcher: Any = MCTSSearcher(kstate, seed=seed, workers=workers, params=search, heuristic=heuristic,
                                     capacity=capacity_for(seconds))  # fmt: skip
    elif name == "expectimax":
        searcher = ExpectimaxSearcher(kstate, cutoff=cutoff, seed=seed, heuristic=heuristic,
                                      table_bits=table_bits_for(seconds))
    elif name in ("simulation", "foresight"):
        width = plan.width if plan is not None else SimulationSearcher.CANDIDATES
        kind = SimulationSearcher if name == "simulation" else ForesightSearcher
        searcher = kind(kstate, heuristic=guard.weights, seed=seed, width=width, workers=workers)
    else:
        searcher = GreedySearcher(kstate, heuristic=guard.weights, seed=seed)
    player = kstate.current_player()
    actions: list[int] = []
    steps: list[str] = []
    first: RootStats | None = None
    lines: list[dict[str, Any]] = []
    total_iterations = total_nodes = overruled = 0
    report = _Reporter(on_progress, progress_every, searcher, kstate, max(multipv, 1), called)
    try:
        while not kstate.is_terminal() and kstate.current_player() == player:
            legal = kstate.legal_actions()
            guarded = plan is not None and len(legal) > 1  # every plan searches; a named searcher is unguarded
            guarded = guarded and (plan.guards_whole_turn or not overruled)
            greedy = guard.greedy(kstate) if guarded else None
            stats = None
            # a decision gets half the time left; the last one of the call, all of it
            share, searched, spent = 2, 0, 0.0
            while len(legal) > 1 and not (stop is not None and stop.is_set()):
                left = None if seconds is None else seconds - (time.perf_counter() - start)
                if left is not None and left <= 0.02 * seconds:
                    break
                budget = None if left is None else left / share
                report.before = total_iterations
                watch = report if first is None and on_progress is not None else None
                if name == "mcts":
                    more = searcher.run(iterations=iterations, seconds=budget, stop=stop, on_chunk=watch)
                else:
                    more = searcher.run(depth=depth, seconds=budget, stop=stop, on_chunk=watch)
                total_iterations += more.iterations
                searched, spent = searched + more.iterations, spent + more.seconds
                # MCTS: the size of the trees (kept between decisions); expectimax: nodes searched
                total_nodes = more.nodes if name == "mcts" else total_nodes + more.nodes
                if stats is None or not more.by_value or more.depth >= stats.depth:
                    stats = more  # MCTS's stats are its whole tree's; expectimax keeps its deepest
                stats.iterations, stats.seconds = searched, spent
                if share == 1 or seconds is None or not stats.actions:
                    break
                if not _ends_call(kstate, stats.best):
                    break
                share = 1
            if stats is not None and stats.actions:
                action = stats.best if greedy is None else guard.action(stats, greedy)
                overruled += greedy is not None and action != greedy
                if first is None:
                    first = stats
                    lines = lines_of(searcher, kstate, stats, multipv, played=action) if multipv else []
            else:
                action = legal[0] if len(legal) == 1 else _unsearched(searcher, kstate, legal, guard, greedy)
            steps.append(kstate.action_to_string(action))
            actions.append(action)
            searcher.advance(action)
            kstate.apply_legal_action(action)
    finally:
        searcher.close()
    workers = searcher.workers
    del searcher, report  # its trees or table are freed inside the clock
    value = _first_value(first, actions[0]) if first else _value(kstate, player, heuristic)
    stats_out = {
        "algorithm": algorithm,
        "searcher": name,
        "plan": plan.describe() if plan is not None else None,
        "overruled": overruled if plan is not None else None,
        "backend": kstate.backend,
        "iterations": total_iterations,
        "nodes": total_nodes,
        "depth": first.depth if first and first.by_value else None,
        "seconds": round(time.perf_counter() - called, 4),
        "workers": workers,
        "first_decision": first.to_json() if first else None,
    }
    stopped = stop is not None and stop.is_set()
    return Decision(player, actions, steps, value, stats_out, lines, stopped)


def _first_value(first: RootStats, action: int) -> float:
    """The value the search gave the turn's first action (its best's, where it did not value the
    one played: greedy's, kept by the guard against a search that never tried it)."""
    return first.value_of(action if action in first.actions else first.best)


_COMPILED: set[tuple[str, str]] = set()


def load_searchers(kstate: Any, searcher: str) -> bool:
    """Compile the ``searcher`` (one of ``BUDGETS``) over the state's kernel and
    the greedy baseline (the AI's guard, and the choice of a decision the clock leaves no time to
    search), or load them from the disk cache: once per process and kernel, so that a search's
    clock counts searching only. Returns whether this call loaded them (a query's time limit then
    starts after it)."""
    key = (kstate.search_kernel().__name__, searcher)
    if key in _COMPILED:
        return False
    if searcher == "mcts":
        MCTSSearcher(kstate, workers=1, capacity=64).run(iterations=1)
    elif searcher == "expectimax":
        ExpectimaxSearcher(kstate, table_bits=4).run(seconds=0.0)  # a probe, not a whole depth
    elif searcher == "simulation":
        SimulationSearcher(kstate, workers=1).run(depth=1)
    elif searcher == "foresight":
        ForesightSearcher(kstate, workers=1).run(depth=1)
    kernel = kstate.search_kernel()
    make_greedy(kernel)(kstate.array.copy(), kernel.HEURISTIC_PARAMS)
    _COMPILED.add(key)
    return True


def _ends_call(kstate: Any, action: int) -> bool:
    """Whether ``action`` ends the search of the turn: the game ends, chance comes or another
    player decides. A timed search then goes on at the same decision with all the time left
    (GODŌ's placement, followed by a draw, used to get half of its call's clock and leave the rest)."""
    after = kstate.clone()
    after.apply_legal_action(action)
    return after.is_terminal() or after.current_player() != kstate.current_player()


def _unsearched(searcher: Any, kstate: Any, legal: list[int], guard: Guard, greedy: int | None = None) -> int:
    """The action of a decision the clock left no time to search: the most visited of the tree
    kept from the earlier decisions if it tried every legal action and that one ``TRUSTED_VISITS``
    times (and, for the AI, the guard lets it overrule greedy), else the greedy baseline's
    (``solver.search.greedy``, well under a millisecond). Taking the first legal action instead
    cost GODŌ's long turns their last moves and token spendings; trusting a few visits sometimes
    ended the spending early, the tokens left going to the other player. ``greedy``: greedy's
    action, if the guard worked it out already."""
    greedy = guard.greedy(kstate) if greedy is None else greedy
    if isinstance(searcher, MCTSSearcher):
        stats = searcher.stats(0, 0.0)
        if set(legal) <= set(stats.actions):
            visits = dict(zip(stats.actions, stats.visits))
            best = max(legal, key=visits.__getitem__)
            if visits[best] >= TRUSTED_VISITS:
                return best if guard.plan is None else guard.action(stats, greedy)
    return greedy


def _value(kstate: Any, player: int, heuristic: np.ndarray) -> float:
    out = np.zeros(8)
    kstate.search_kernel().heuristic(kstate.array, heuristic, out)
    return float(out[player])


def analyse(
    state: Any,
    time_limit: float | None = None,
    iterations: int | None = None,
    top: int = 5,
    seed: int | None = 0,
    workers: int | None = None,
    pv_length: int = 8,
    params: ParamsSource = None,
) -> list[dict[str, Any]]:
    """The best few actions at this decision with their visits, values and principal variations.

    ``time_limit`` bounds the search as in ``best_move`` (the one-time compilation excepted).

    ``top`` and ``pv_length`` are positive integers; ``seed`` and ``params`` are taken as by ``best_move``.

    Raises:
        SearchError: naming the argument: the state is terminal or a chance node, or a budget,
            ``top``, ``pv_length`` or the seed is out of range.
    """
    called = time.perf_counter()
    _check(state, "mcts")
    seconds, iterations, _, workers = _budget("mcts", time_limit, iterations, workers=workers)
    seed = derive_seed(check_seed(seed))
    top, pv_length = COUNT.check(top, "top"), COUNT.check(pv_length, "pv_length")
    kstate = state.kernel_state().clone()
    heuristic, search = settings(kstate, params, "mcts")
    start = time.perf_counter() if load_searchers(kstate, "mcts") else called
    searcher = MCTSSearcher(kstate, seed=seed, workers=workers, params=search, heuristic=heuristic,
                            capacity=capacity_for(seconds))  # fmt: skip
    try:
        left = None if seconds is None else seconds - (time.perf_counter() - start)
        stats = searcher.run(iterations=iterations, seconds=left)
        return lines_of(searcher, kstate, stats, top, pv_length)
    finally:
        searcher.close()


def lines_of(searcher: Any, kstate: Any, stats: RootStats, top: int, pv_length: int = 8,
             played: int | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """The ``top`` best actions of a search at ``kstate``, each with its visits, value and principal
    variation: ``line`` in words, ``pv`` as ``{"action", "text", "player", "chance"}`` steps
    (``player``: who takes the step, -1 for chance; ``chance``: the outcome of a draw or roll the
    line expects). Foresight's lines are the best turn it judged; expectimax keeps no tree: its
    lines are one step.
    ``played``: the action chosen, listed first (the AI's guard may keep greedy's choice over the
    search's most visited).
    """
    out = []
    order = stats.order()
    if played in stats.actions:
        order.remove(stats.actions.index(played))
        order.insert(0, stats.actions.index(played))
    for i in order[:top]:
        action = stats.actions[i]
        whole = isinstance(searcher, (MCTSSearcher, ForesightSearcher))
        line = searcher.principal_variation(action, pv_length) if whole else [(action, False)]
        pv, walker = [], kstate.clone()
        for step, chance in line:
            if step not in walker.legal_actions():
                break
            pv.append({"action": step, "text": walker.action_to_string(step),
                       "player": walker.current_player(), "chance": chance})  # fmt: skip
            walker.apply_legal_action(step)
        out.append({"action": action, "text": pv[0]["text"], "visits": stats.visits[i],
                    "value": round(stats.values[i], 4), "line": [p["text"] for p in pv], "pv": pv})  # fmt: skip
    return out


class _Reporter:
    """Calls ``on_progress`` with the search so far, at most every ``every`` seconds (and not at all
    if ``every`` is None): the iterations and nodes, the seconds since the call, the value of the
    position for each player (MCTS), and the best first actions with their lines."""

    def __init__(self, on_progress: Callable[[dict[str, Any]], None] | None, every: float | None, searcher: Any,
                 kstate: Any, top: int, called: float) -> None:  # fmt: skip
        self.on_progress, self.every, self.searcher, self.kstate = on_progress, every, searcher, kstate
        self.top, self.called = top, called
        self.last = called
        self.before = 0

    def __call__(self, done: int, seconds: float) -> None:
        now = time.perf_counter()
        if self.on_progress is None or self.every is None or now - self.last < self.every:
            return
        self.last = now
        stats = self.searcher.stats(done, seconds) if isinstance(self.searcher, MCTSSearcher) else self.searcher.last
        info: dict[str, Any] = {"iterations": self.before + done, "nodes": stats.nodes, "seconds": round(now - self.called, 4)}
        if isinstance(self.searcher, MCTSSearcher):
            info["values"] = [round(v, 4) for v in self.searcher.root_values()]
        else:
            info["depth"] = stats.depth
        info["multipv"] = lines_of(self.searcher, self.kstate, stats, self.top)
        self.on_progress(info)
