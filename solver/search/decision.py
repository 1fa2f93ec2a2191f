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

import time
from dataclasses import dataclass, field
from typing import Any

from solver.core.errors import SearchError
from solver.search.searcher import ExpectimaxSearcher, MCTSSearcher, RootStats

ALGORITHMS = ("mcts", "expectimax")


@dataclass
class Decision:
    """A searched turn: the actions from the position until the player's turn ends or chance comes."""

    player: int
    actions: list[int]
    steps: list[str]
    value: float
    stats: dict[str, Any] = field(default_factory=dict)

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
        }


def _check(state: Any, algorithm: str) -> None:
    if algorithm not in ALGORITHMS:
        raise SearchError(f"algorithm: unknown algorithm {algorithm!r}; known: {', '.join(ALGORITHMS)}")
    if state.is_terminal():
        raise SearchError("state: the game is over, there is no move to find")
    if state.is_chance_node():
        raise SearchError("state: a chance node (a tile is being drawn): apply the outcome first")


def _positive_int(value: Any, field: str) -> None:
    if value is not None and (type(value) is not int or value <= 0):
        raise SearchError(f"{field}: expected a positive integer, got {value!r}")


def _budget(
    algorithm: str,
    time_limit: float | None,
    iterations: int | None,
    depth: int | None = None,
    workers: int | None = None,
) -> float | None:
    """Check the budget given; returns the time limit (one second when no budget is given).

    MCTS takes ``iterations``, expectimax ``depth``; either takes ``time_limit``.
    """
    if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit > 0):
        raise SearchError(f"time_limit: expected a positive number of seconds, got {time_limit!r}")
    _positive_int(iterations, "iterations")
    _positive_int(depth, "depth")
    _positive_int(workers, "workers")
    if algorithm == "mcts" and depth is not None:
        raise SearchError("depth: MCTS is bounded by iterations or time_limit, not by depth")
    if algorithm == "expectimax" and iterations is not None:
        raise SearchError("iterations: expectimax is bounded by depth or time_limit, not by iterations")
    if time_limit is None and iterations is None and depth is None:
        return 1.0
    return time_limit


def best_move(
    state: Any,
    algorithm: str = "mcts",
    time_limit: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
    workers: int | None = None,
    params: Any = None,
    depth: int | None = None,
    cutoff: float = 0.01,
) -> Decision:
    """Search the whole turn of the player to move.

    Each decision of the turn is searched in turn (the tree below the chosen action is kept for the
    next one) until the turn ends, a chance event comes or the game ends. ``time_limit`` bounds the
    whole call (the searcher is compiled before the clock starts); ``iterations`` (MCTS) or
    ``depth`` (expectimax, which otherwise deepens while time allows) bound each decision. Without
    a budget, one second. ``cutoff``: expectimax scores branches less likely than this.

    Raises:
        SearchError: the state is terminal or a chance node, a budget is not positive, or a
            budget does not fit the algorithm.
    """
    _check(state, algorithm)
    seconds = _budget(algorithm, time_limit, iterations, depth, workers)
    kstate = state.kernel_state().clone()
    _compile(kstate, algorithm)
    if algorithm == "mcts":
        searcher: Any = MCTSSearcher(kstate, seed=seed, workers=workers, params=params)
    else:
        searcher = ExpectimaxSearcher(kstate, cutoff=cutoff, seed=seed)
    start = time.perf_counter()
    player = kstate.current_player()
    actions: list[int] = []
    steps: list[str] = []
    first: RootStats | None = None
    total_iterations = total_nodes = 0
    try:
        while not kstate.is_terminal() and kstate.current_player() == player:
            legal = kstate.legal_actions()
            stats = None
            if len(legal) > 1:
                left = None if seconds is None else seconds - (time.perf_counter() - start)
                if left is None or left > 0.02 * seconds:
                    budget = None if left is None else left / 2
                    if algorithm == "mcts":
                        stats = searcher.run(iterations=iterations, seconds=budget)
                    else:
                        stats = searcher.run(depth=depth, seconds=budget)
                    total_iterations += stats.iterations
                    # MCTS: the size of the trees (kept between decisions); expectimax: nodes searched
                    total_nodes = stats.nodes if algorithm == "mcts" else total_nodes + stats.nodes
            if stats is not None and stats.actions:
                action = stats.best
                first = first or stats
            else:
                action = legal[0] if len(legal) == 1 else _most_visited(searcher, legal)
            steps.append(kstate.action_to_string(action))
            actions.append(action)
            searcher.advance(action)
            kstate.apply_legal_action(action)
    finally:
        searcher.close()
    value = first.value_of(first.best) if first else _value(kstate, player)
    stats_out = {
        "algorithm": algorithm,
        "backend": kstate.backend,
        "iterations": total_iterations,
        "nodes": total_nodes,
        "depth": first.depth if first and first.by_value else None,
        "seconds": round(time.perf_counter() - start, 4),
        "workers": searcher.workers,
        "first_decision": first.to_json() if first else None,
    }
    return Decision(player, actions, steps, value, stats_out)


def _compile(kstate: Any, algorithm: str = "mcts") -> None:
    """Compile the game's searcher (once per process) before any clock starts."""
    if algorithm == "mcts":
        MCTSSearcher(kstate, workers=1, capacity=64).run(iterations=1)
    else:
        ExpectimaxSearcher(kstate, table_bits=4).run(depth=1)


def _most_visited(searcher: Any, legal: list[int]) -> int:
    if not isinstance(searcher, MCTSSearcher):
        return legal[0]
    stats = searcher.stats(0, 0.0)
    known = [a for a in stats.actions if a in legal]
    return max(known, key=lambda a: stats.visits[stats.actions.index(a)]) if known else legal[0]


def _value(kstate: Any, player: int) -> float:
    import numpy as np

    out = np.zeros(8)
    kernel = kstate.search_kernel()
    kernel.heuristic(kstate.array, kernel.HEURISTIC_PARAMS, out)
    return float(out[player])


def analyse(
    state: Any,
    time_limit: float | None = None,
    iterations: int | None = None,
    top: int = 5,
    seed: int = 0,
    workers: int | None = None,
    pv_length: int = 8,
) -> list[dict[str, Any]]:
    """The best few actions at this decision with their visits, values and principal variations.

    Raises:
        SearchError: the state is terminal or a chance node, or a budget is not positive.
    """
    _check(state, "mcts")
    seconds = _budget("mcts", time_limit, iterations, workers=workers)
    kstate = state.kernel_state().clone()
    _compile(kstate)
    searcher = MCTSSearcher(kstate, seed=seed, workers=workers)
    try:
        stats = searcher.run(iterations=iterations, seconds=seconds)
        order = sorted(range(len(stats.actions)), key=lambda i: (-stats.visits[i], -stats.values[i]))[:top]
        lines = []
        for i in order:
            action = stats.actions[i]
            line = searcher.principal_variation(action, pv_length)
            words, walker = [], kstate.clone()
            for a in line:
                if a not in walker.legal_actions():
                    break
                words.append(walker.action_to_string(a))
                walker.apply_legal_action(a)
            lines.append({
                "action": action,
                "text": words[0],
                "visits": stats.visits[i],
                "value": round(stats.values[i], 4),
                "line": words,
            })  # fmt: skip
        return lines
    finally:
        searcher.close()
