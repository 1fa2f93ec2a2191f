"""Running the compiled searchers: budgets, seeds, root parallelism and tree reuse.

``MCTSSearcher`` keeps one tree per worker thread (the compiled search releases the GIL), runs
them in chunks until the iteration or time budget is spent, and merges their root statistics.
After an action is played, ``advance`` keeps each tree's subtree below it (tree reuse between the
decisions of one turn).

    >>> import solver
    >>> from solver.core.perft import walk
    >>> state = walk(solver.load_game("godo", players=2, backend="numba").new_initial_state(), 60, 3)
    >>> while state.is_chance_node():
    ...     state.apply_action(state.legal_actions()[0])
    >>> result = MCTSSearcher(state, seed=1, workers=1).run(iterations=200)
    >>> result.iterations
    200
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from solver.search import expectimax, mcts

CAPACITY = 1 << 18  # nodes per tree: an iteration adds at most one


@dataclass
class RootStats:
    """What a search found at its root, merged over workers."""

    player: int
    iterations: int = 0
    nodes: int = 0
    seconds: float = 0.0
    actions: list[int] = field(default_factory=list)
    visits: list[int] = field(default_factory=list)
    values: list[float] = field(default_factory=list)  # mean return for the player at the root
    depth: int = 0  # expectimax: the depth searched
    by_value: bool = False  # expectimax: the best action is the best valued, not the most visited

    def order(self) -> list[int]:
        """Indices of the actions, best first."""
        if self.by_value:
            return sorted(range(len(self.actions)), key=lambda i: -self.values[i])
        return sorted(range(len(self.actions)), key=lambda i: (-self.visits[i], -self.values[i]))

    @property
    def best(self) -> int:
        return self.actions[self.order()[0]]

    def value_of(self, action: int) -> float:
        return self.values[self.actions.index(action)]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"iterations": self.iterations, "nodes": self.nodes, "seconds": round(self.seconds, 4)}
        if self.by_value:
            out["depth"] = self.depth
        out["actions"] = [
            {"action": self.actions[i], "visits": self.visits[i], "value": round(self.values[i], 4)}
            for i in self.order()
        ]
        return out


class MCTSSearcher:
    """MCTS from one state of a kernel backend, with ``workers`` trees searched in parallel.

    Args:
        state: a kernel-backed state (``KernelState``) at a decision node.
        seed: seeds every worker's generator (worker ``w`` gets ``seed * 1000 + w``).
        workers: parallel trees (root parallelism); default: every core.
        params: the search's float parameters (``mcts.DEFAULT_PARAMS``).
        heuristic: the game's heuristic weights (default: the kernel's own).
        kernel: the compiled kernel module to search with (default: the state's own backend's,
            ``state.search_kernel()``), e.g. ``solver.games.godo.ckernel_jit`` for the C kernel.
    """

    def __init__(
        self,
        state: Any,
        seed: int = 0,
        workers: int | None = None,
        params: np.ndarray | None = None,
        heuristic: np.ndarray | None = None,
        capacity: int = CAPACITY,
        kernel: Any = None,
    ) -> None:
        self.kernel = state.search_kernel() if kernel is None else kernel
        self.search = mcts.make_mcts(self.kernel)
        self.state = state.array.copy()
        self.workers = workers or os.cpu_count() or 1
        self.params = mcts.DEFAULT_PARAMS.copy() if params is None else np.asarray(params, np.float64)
        self.heuristic = self.kernel.HEURISTIC_PARAMS.copy() if heuristic is None else heuristic
        players = state.players
        self.trees = [mcts.Tree(capacity, players) for _ in range(self.workers)]
        self.rngs = [np.array([seed * 1000 + w + 1], np.uint64) for w in range(self.workers)]
        self.pool = ThreadPoolExecutor(self.workers) if self.workers > 1 else None

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()

    def _run_tree(self, w: int, iterations: int) -> int:
        observer = int(self.kernel.current_player(self.state))
        return self.search(self.state, observer, iterations, self.params, self.heuristic, self.rngs[w],
                           *self.trees[w].arrays())  # fmt: skip

    def _chunk(self, iterations: int, total: int | None = None) -> int:
        """Run ``iterations`` on every tree, or ``total`` iterations spread over the trees."""
        if total is None:
            shares = [iterations] * self.workers
        else:
            shares = [total // self.workers + (w < total % self.workers) for w in range(self.workers)]
        if self.pool is None:
            return self._run_tree(0, shares[0])
        return sum(self.pool.map(lambda w: self._run_tree(w, shares[w]) if shares[w] else 0, range(self.workers)))

    def run(self, iterations: int | None = None, seconds: float | None = None) -> RootStats:
        """Search until ``iterations`` (in all, over the workers) or ``seconds`` are spent."""
        if iterations is None and seconds is None:
            raise ValueError("give iterations or seconds")
        start = time.perf_counter()
        done, chunk = 0, 16
        while True:
            if iterations is not None:
                left = iterations - done
                if left <= 0:
                    break
                ran = self._chunk(0, min(left, chunk * self.workers))
            else:
                ran = self._chunk(chunk)
            if ran == 0:  # every tree is full
                break
            done += ran
            elapsed = time.perf_counter() - start
            if seconds is not None:
                per_iteration = elapsed / done * self.workers
                left_time = seconds - elapsed
                if left_time <= per_iteration * chunk * 1.5:
                    chunk = int(left_time / per_iteration / 1.5)
                    if chunk < 1:
                        break
                else:
                    chunk = min(chunk * 2, max(16, int(0.05 * seconds / per_iteration)))
            else:
                chunk = min(chunk * 2, 4096)
        return self.stats(done, time.perf_counter() - start)

    def stats(self, iterations: int, seconds: float) -> RootStats:
        player = int(self.kernel.current_player(self.state))
        merged: dict[int, list[float]] = {}
        nodes = 0
        for tree in self.trees:
            nodes += int(tree.header[mcts.H_NODES])
            for action, visits, node in tree.root_children():
                entry = merged.setdefault(action, [0, 0.0])
                entry[0] += visits
                entry[1] += float(tree.value[node, player])
        stats = RootStats(player, iterations, nodes, seconds)
        for action, (visits, total) in sorted(merged.items()):
            stats.actions.append(action)
            stats.visits.append(int(visits))
            stats.values.append(total / visits if visits else 0.0)
        return stats

    def advance(self, action: int) -> None:
        """Play ``action`` at the root and keep each tree's subtree below it."""
        self.kernel.apply_action(self.state, action)
        for tree in self.trees:
            if not tree.reroot(action):
                tree.reset()

    def principal_variation(self, action: int, length: int) -> list[int]:
        """The most visited line after ``action`` in the first tree (a chance node ends it)."""
        tree = self.trees[0]
        kids = [n for a, _, n in tree.root_children() if a == action]
        line = [action]
        node = kids[0] if kids else -1
        while node >= 0 and len(line) < length and tree.player[node] >= 0:
            children = tree.children_of(node)
            if not children:
                break
            next_action, _, node = children[0]
            line.append(next_action)
        return line


class ExpectimaxSearcher:
    """Iterative-deepening expectimax from one state of a kernel backend.

    Args:
        state: a kernel-backed state at a decision node.
        cutoff: branches less likely than this are scored by the heuristic.
        max_depth: the deepest iteration (a depth counts decisions).
        table_bits: the transposition table holds ``2**table_bits`` entries.
        kernel: the compiled kernel module to search with (default: the state's own).
        seed: seeds the deal of what the player to move cannot see.
        determinize: search a deal of the hidden information consistent with what the player to
            move has seen (the default: the search must not read other players' hands or a card
            only they peeked at); ``False`` searches the state as it is.
    """

    def __init__(self, state: Any, cutoff: float = 0.01, max_depth: int = 12, table_bits: int = 20,
                 heuristic: np.ndarray | None = None, kernel: Any = None, seed: int = 0,
                 determinize: bool = True) -> None:  # fmt: skip
        self.kernel = state.search_kernel() if kernel is None else kernel
        self.search = expectimax.make_expectimax(self.kernel)
        self.state = state.array.copy()
        self.rng = np.array([seed * 1000 + 1], np.uint64) if determinize else None
        self.cutoff, self.max_depth = cutoff, max_depth
        self.table = expectimax.Table(table_bits, state.players)
        self.heuristic = self.kernel.HEURISTIC_PARAMS.copy() if heuristic is None else heuristic
        self.workers = 1

    def run(self, depth: int | None = None, seconds: float | None = None) -> RootStats:
        """Search to ``depth``, or deepen one level at a time while ``seconds`` allow."""
        start = time.perf_counter()
        counters = np.zeros(4, np.int64)
        actions = np.zeros(self.kernel.BUFFER, np.int64)
        values = np.zeros(self.kernel.BUFFER, np.float64)
        best_actions: list[int] = []
        best_values: list[float] = []
        reached, limit = 0, 2**62
        root = self.state
        if self.rng is not None:
            root = self.state.copy()
            self.kernel.determinize(root, self.kernel.current_player(root), self.rng)
        for d in range(1, (depth or self.max_depth) + 1):
            elapsed = time.perf_counter() - start
            if seconds is not None and d > 1:
                if elapsed >= seconds:
                    break
                rate = counters[0] / elapsed  # nodes a second so far
                limit = int(counters[0] + 0.8 * rate * (seconds - elapsed))  # a margin for slower nodes
            n = self.search(root, d, self.cutoff, limit, self.heuristic, *self.table.arrays(), counters,
                            actions, values)  # fmt: skip
            if n < 0:
                break  # out of time: keep the last depth searched in full
            best_actions, best_values, reached = actions[:n].tolist(), values[:n].tolist(), d
        player = int(self.kernel.current_player(self.state))
        stats = RootStats(player, int(counters[0]), int(counters[0]), time.perf_counter() - start,
                          depth=reached, by_value=True)  # fmt: skip
        stats.actions, stats.values, stats.visits = best_actions, best_values, [0] * len(best_actions)
        return stats

    def advance(self, action: int) -> None:
        self.kernel.apply_action(self.state, action)

    def close(self) -> None:
        pass
