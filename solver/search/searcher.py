"""Running the compiled searchers: budgets, seeds, root parallelism and tree reuse.

``MCTSSearcher`` keeps one tree per worker thread (the compiled search releases the GIL), runs
them in chunks until the iteration or time budget is spent, and merges their root statistics;
``SimulationSearcher`` and ``ForesightSearcher`` play their rounds over the worker threads in
batches, and sum them in the rounds' order, so that a budget of rounds finds the same whatever the
threads. After an action is played, ``advance`` keeps each tree's subtree below it (tree reuse between the
decisions of one turn). A time budget holds even where one iteration or node costs milliseconds:
MCTS measures one iteration first and sizes its chunks by the cost measured, expectimax gives every
depth, the first included, a node limit from the speed measured, and ``capacity_for`` and
``table_bits_for`` size the arrays to what the budget can fill (allocating more would cost time the
budget counts).

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
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from solver.core.agents import MAX_WORKERS, derive_seed
from solver.core.errors import SearchError
from solver.search import compiled, expectimax, greedy, mcts
from solver.search.greedy import make_greedy
from solver.search.settings import settings
from solver.search.simulation import make_simulation
from solver.search.streams import stream_of
from solver.search.turns import turns

CAPACITY = 1 << 18  # nodes per tree: an iteration adds at most one
TABLE_BITS = 20  # expectimax: the transposition table holds 2**TABLE_BITS entries
TREE_NODES_PER_SECOND = 1_000_000  # about 4x the fastest a tree grew (KOI, 2 players: 235,000)
TABLE_NODES_PER_SECOND = 4_000_000  # above the fastest expectimax searched (GODŌ: 3.1 million)
CHUNK_SECONDS = 0.02  # the longest chunk of a search that may be stopped or reports its progress
STOP_POLL_SECONDS = 0.005  # how often a running expectimax looks at its stop event
PROBE_NODES = 32  # the first probe of a timed expectimax that does not know its speed yet
MAX_DEPTH = 12  # expectimax: the deepest iteration of a timed search


def capacity_for(seconds: float | None) -> int:
    """Nodes per MCTS tree for a search of ``seconds`` in all (``CAPACITY`` without a time limit).

        >>> capacity_for(0.05), capacity_for(None) == CAPACITY
        (65536, True)
    """
    return _room(seconds, TREE_NODES_PER_SECOND, CAPACITY)


def table_bits_for(seconds: float | None) -> int:
    """Bits of the expectimax transposition table for a search of ``seconds`` in all."""
    return _room(seconds, TABLE_NODES_PER_SECOND, 1 << TABLE_BITS).bit_length() - 1


def _room(seconds: float | None, per_second: int, most: int) -> int:
    """The power of two, from 1024 to ``most``, that holds ``seconds * per_second`` entries."""
    if seconds is None or seconds * per_second >= most:
        return most
    return max(1024, 1 << int(seconds * per_second).bit_length())


def threads(workers: int | None) -> tuple[int, ThreadPoolExecutor | None]:
    """How many threads a searcher runs on (``workers``; every core by default, at most
    ``MAX_WORKERS``) and a pool of them (``None`` for one, which runs in the caller's thread).

        >>> threads(1)
        (1, None)
    """
    count = workers or min(os.cpu_count() or 1, MAX_WORKERS)
    return count, ThreadPoolExecutor(count) if count > 1 else None


def deal_rng(seed: int) -> np.ndarray:
    """The generator a searcher of ``seed`` deals what the player to move cannot see with: one for
    every searcher, so that greedy, expectimax and greedy's playouts judge the same deal."""
    return np.array([seed * 1000 + 1], np.uint64)


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
    depth: int = 0  # expectimax: the depth searched in full (0: depth 1 was cut short by time)
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
        params: the search's float parameters (default: the state's, ``solver.search.settings``).
        heuristic: the game's heuristic weights (default: the state's, ``solver.search.settings``).
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
        self.workers, self.pool = threads(workers)
        own_heuristic, own_params = settings(state, None, "mcts") if params is None or heuristic is None else (None, None)
        self.params = own_params if params is None else np.asarray(params, np.float64)
        self.heuristic = own_heuristic if heuristic is None else heuristic
        players = state.players
        self.trees = [mcts.Tree(capacity, players) for _ in range(self.workers)]
        self.rngs = [np.array([seed * 1000 + w + 1], np.uint64) for w in range(self.workers)]
        self.round_seconds: float | None = None  # measured: one iteration on every tree takes

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()

    def _run_tree(self, w: int, iterations: int) -> int:
        observer = int(self.kernel.current_player(self.state))
        return self.search(self.state, observer, iterations, self.params, self.heuristic, self.rngs[w],
                           *self.trees[w].arrays())  # fmt: skip

    def _chunk(self, total: int) -> int:
        """Run ``total`` iterations spread over the trees; returns how many ran."""
        shares = [total // self.workers + (w < total % self.workers) for w in range(self.workers)]
        if self.pool is None:
            return self._run_tree(0, shares[0])
        return sum(self.pool.map(lambda w: self._run_tree(w, shares[w]) if shares[w] else 0, range(self.workers)))

    def run(self, iterations: int | None = None, seconds: float | None = None,
            stop: threading.Event | None = None, on_chunk: Callable[[int, float], None] | None = None) -> RootStats:  # fmt: skip
        """Search until ``iterations`` (in all, over the workers) or ``seconds`` are spent, or ``stop`` is set.

        Chunks of 16 iterations a tree double up to 4096. With ``seconds``, a searcher's first
        chunk is a single iteration (on one tree: on a loaded machine two threads may not run side
        by side), and each chunk is kept within half the time left at the measured cost of a round
        of iterations (``round_seconds``, kept from earlier runs), so that a position where one
        iteration costs tens of milliseconds (Go Goa with many players) still ends in time. Only a
        searcher's first timed run always runs an iteration; a later one may run none.

        With ``stop`` or ``on_chunk``, chunks are also kept within ``CHUNK_SECONDS``: ``stop`` is
        looked at before each chunk (a search ends within about that long of it being set), and
        ``on_chunk(iterations, seconds)`` is called after each, between the trees' work, so it may
        read them. Chunks stay whole rounds of the trees, so a seeded iteration budget finds the
        same whatever the chunks.
        """
        if iterations is None and seconds is None:
            raise ValueError("give iterations or seconds")
        start = time.perf_counter()
        done = rounds = 0
        chunk = 16  # iterations a tree
        while iterations is None or done < iterations:
            if stop is not None and stop.is_set():
                break
            total = chunk * self.workers
            if (stop is not None or on_chunk is not None) and self.round_seconds is not None:
                total = min(total, max(1, int(CHUNK_SECONDS / self.round_seconds)) * self.workers)
            if seconds is not None and self.round_seconds is None:
                total = 1
            elif seconds is not None:
                left_time = seconds - (time.perf_counter() - start)
                total = min(total, int(left_time / self.round_seconds / 2) * self.workers)
                if total < 1:
                    break
            if iterations is not None:
                total = min(total, iterations - done)
            ran = self._chunk(total)
            if ran == 0:  # every tree is full
                break
            done += ran
            rounds += -(-total // self.workers)
            self.round_seconds = (time.perf_counter() - start) / rounds
            chunk = min(chunk * 2, 4096)
            if on_chunk is not None:
                on_chunk(done, time.perf_counter() - start)
        return self.stats(done, time.perf_counter() - start)

    def root_values(self) -> list[float]:
        """The mean return of each player at the root, over every tree (0s before any iteration)."""
        visits = sum(int(tree.visits[tree.header[mcts.H_ROOT]]) for tree in self.trees)
        totals = sum(tree.value[tree.header[mcts.H_ROOT]] for tree in self.trees)
        return [float(v) / visits for v in totals] if visits else [0.0] * self.trees[0].value.shape[1]

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

    def force(self, action: int) -> None:
        """Search ``action`` at the root as often as the most visited action (once every action was
        tried), so that its value is as sure as the best's: a review values the action played."""
        for tree in self.trees:
            tree.header[mcts.H_FORCED] = action + 1

    def advance(self, action: int) -> None:
        """Play ``action`` at the root and keep each tree's subtree below it (no action forced)."""
        self.kernel.apply_action(self.state, action)
        for tree in self.trees:
            if not tree.reroot(action):
                tree.reset()
            tree.header[mcts.H_FORCED] = 0

    def principal_variation(self, action: int, length: int) -> list[tuple[int, bool]]:
        """The most visited line from ``action`` in the first tree, up to ``length`` steps:
        ``(action, chance)`` pairs, where ``chance`` marks the most visited outcome of a chance
        node (a draw or a roll the line expects, not a choice)."""
        tree = self.trees[0]
        kids = [n for a, _, n in tree.root_children() if a == action]
        line = [(action, False)]
        node = kids[0] if kids else -1
        while node >= 0 and len(line) < length and tree.player[node] != -2:
            children = tree.children_of(node)
            if not children:
                break
            chance = bool(tree.player[node] < 0)
            next_action, _, node = children[0]
            line.append((next_action, chance))
        return line


class ExpectimaxSearcher:
    """Iterative-deepening expectimax from one state of a kernel backend.

    Args:
        state: a kernel-backed state at a decision node.
        cutoff: branches less likely than this are scored by the heuristic.
        table_bits: the transposition table holds ``2**table_bits`` entries (``table_bits_for``
            sizes it to a time budget).
        kernel: the compiled kernel module to search with (default: the state's own).
        seed: seeds the deal of what the player to move cannot see.
        determinize: search a deal of the hidden information consistent with what the player to
            move has seen (the default: the search must not read other players' hands or a card
            only they peeked at); ``False`` searches the state as it is.
    """

    def __init__(self, state: Any, cutoff: float = 0.01, table_bits: int = TABLE_BITS,
                 heuristic: np.ndarray | None = None, kernel: Any = None, seed: int = 0,
                 determinize: bool = True) -> None:  # fmt: skip
        self.kernel = state.search_kernel() if kernel is None else kernel
        self.search = expectimax.make_expectimax(self.kernel)
        self.state = state.array.copy()
        self.rng = deal_rng(seed) if determinize else None
        self.cutoff = cutoff
        self.table = expectimax.Table(table_bits, state.players)
        self.heuristic = settings(state, None, "expectimax")[0] if heuristic is None else heuristic
        self.workers = 1
        self.rate: float | None = None  # measured: nodes a second
        self.last: RootStats | None = None  # what the last depth searched in full found (for progress reports)

    def run(self, depth: int | None = None, seconds: float | None = None,
            stop: threading.Event | None = None, on_chunk: Callable[[int, float], None] | None = None) -> RootStats:  # fmt: skip
        """Search to ``depth``, or deepen one level at a time while ``seconds`` allow, or until ``stop`` is set.

        With ``seconds`` every depth, the first included (one Go Goa depth can take most of a
        second), gets a node limit from the measured speed (``rate``, kept from earlier runs). A
        searcher's first timed run measures it first: depth 1 with a limit of ``PROBE_NODES``
        nodes, doubled until depth 1 ends or the probes have taken an eighth of ``seconds``. A
        depth cut short is abandoned and the last one searched in full is kept; if depth 1 itself
        is cut short, the root actions it finished are kept (and ``depth`` is 0).

        ``on_chunk(nodes, seconds)`` is called after each depth searched in full (``last`` holds
        what it found). ``stop`` is watched while the compiled search runs (it sets the search's
        ``S_STOP`` counter): the depth under way is abandoned as if out of time.
        """
        if stop is None:
            return self._run(depth, seconds, None, on_chunk)
        counters = np.zeros(4, np.int64)
        finished = threading.Event()

        def watch() -> None:
            while not finished.is_set():
                if stop.wait(STOP_POLL_SECONDS):
                    counters[expectimax.S_STOP] = 1
                    return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            return self._run(depth, seconds, counters, on_chunk)
        finally:
            finished.set()
            watcher.join()

    def _run(self, depth: int | None, seconds: float | None, counters: np.ndarray | None,
             on_chunk: Callable[[int, float], None] | None) -> RootStats:  # fmt: skip
        start = time.perf_counter()
        counters = np.zeros(4, np.int64) if counters is None else counters
        actions = np.empty(self.kernel.BUFFER, np.int64)
        values = np.zeros(self.kernel.BUFFER, np.float64)
        best_actions: list[int] = []
        best_values: list[float] = []
        reached, limit = 0, 2**62
        root = self.state
        if self.rng is not None:
            root = self.state.copy()
            self.kernel.determinize(root, self.kernel.current_player(root), self.rng)
        d, probe = 1, PROBE_NODES if seconds is not None and self.rate is None else 0
        while d <= (depth or MAX_DEPTH):
            if seconds is not None:
                elapsed = time.perf_counter() - start
                if d > 1 and elapsed >= seconds:
                    break
                left = 0.8 * (seconds - elapsed)  # a margin for slower nodes
                limit = counters[0] + probe if probe else int(counters[0] + self.rate * left)
            actions[:] = -1  # the root actions the search finishes are filled in, in order
            n = self.search(root, d, self.cutoff, limit, self.heuristic, *self.table.arrays(), counters,
                            actions, values)  # fmt: skip
            if seconds is not None:
                elapsed = time.perf_counter() - start
                self.rate = counters[0] / elapsed
            if n >= 0:
                best_actions, best_values, reached = actions[:n].tolist(), values[:n].tolist(), d
                d, probe = d + 1, 0
                if on_chunk is not None:
                    self.last = self._stats(counters, start, reached, best_actions, best_values)
                    on_chunk(int(counters[0]), time.perf_counter() - start)
            elif probe and not counters[expectimax.S_STOP]:  # the first nodes can be much cheaper: measure on more
                probe = 2 * probe if elapsed < seconds / 8 else 0
            else:
                if reached == 0:
                    kept = actions >= 0
                    best_actions, best_values = actions[kept].tolist(), values[kept].tolist()
                break
        return self._stats(counters, start, reached, best_actions, best_values)

    def _stats(self, counters: np.ndarray, start: float, depth: int, actions: list[int],
               values: list[float]) -> RootStats:  # fmt: skip
        player = int(self.kernel.current_player(self.state))
        stats = RootStats(player, int(counters[0]), int(counters[0]), time.perf_counter() - start,
                          depth=depth, by_value=True)  # fmt: skip
        stats.actions, stats.values, stats.visits = actions, values, [0] * len(actions)
        return stats

    def advance(self, action: int) -> None:
        self.kernel.apply_action(self.state, action)

    def close(self) -> None:
        pass


class GreedySearcher:
    """The greedy baseline (``solver.search.greedy``) with a searcher's interface: the searcher of
    ``algorithm="greedy"``, and the AI's guard: its action is greedy's, valued by the heuristic at
    the position. Like expectimax it judges a deal of what the player to move cannot see
    (``seed``), never the hidden truth: two positions the player cannot tell apart get the same
    action.

        >>> import solver
        >>> state = solver.load_game("kokoro", players=1, backend="numba").new_initial_state()
        >>> while state.is_chance_node():
        ...     state.apply_action(state.legal_actions()[0])
        >>> stats = GreedySearcher(state.kernel_state()).run()
        >>> stats.best in state.legal_actions(), stats.depth
        (True, 1)
    """

    workers = 1

    def __init__(self, state: Any, heuristic: np.ndarray | None = None, kernel: Any = None, seed: int = 0) -> None:
        self.kernel = state.search_kernel() if kernel is None else kernel
        self.choose = make_greedy(self.kernel)
        self.state = state.array.copy()
        self.heuristic = settings(state, None, "greedy")[0] if heuristic is None else heuristic
        self.rng = deal_rng(seed)
        self.found: RootStats | None = None  # what run found at this state

    def run(self, depth: int | None = None, seconds: float | None = None, stop: threading.Event | None = None,
            on_chunk: Callable[[int, float], None] | None = None) -> RootStats:  # fmt: skip
        """Greedy's action: ``run(depth, seconds, stop, on_chunk)`` as expectimax takes them;
        ``depth``, ``seconds`` and ``stop`` are not needed; ``on_chunk`` is called once. Run again
        at the same state, it returns what it found."""
        start = time.perf_counter()
        if self.found is None:
            player = int(self.kernel.current_player(self.state))
            dealt = self.state.copy()
            self.kernel.determinize(dealt, player, self.rng)
            action = int(self.choose(dealt, self.heuristic))
            values = np.zeros(8)
            self.kernel.heuristic(dealt, self.heuristic, values)
            self.found = RootStats(player, 1, 1, time.perf_counter() - start, [action], [0], [float(values[player])],
                                   depth=1, by_value=True)  # fmt: skip
        self.last = self.found
        if on_chunk is not None:
            on_chunk(1, time.perf_counter() - start)
        return self.found

    def advance(self, action: int) -> None:
        self.kernel.apply_action(self.state, action)
        self.found = None

    def close(self) -> None:
        pass


class SimulationSearcher:
    """Greedy's playouts judge the candidates (flat Monte Carlo, Tesauro and Galperin's rollout
    policy improvement): at a decision, the ``width`` actions whose turns end best by the heuristic
    (greedy's ``turn_value``; ``CANDIDATES`` by default), and greedy's own choice, are each followed
    by a whole game in which every decision is greedy's and chance comes by its odds
    (``solver.search.simulation``), one round after another; the value of an action is the mean
    return, for the player to move, of its games. Round ``j`` deals what the player cannot see once
    and draws every candidate's chance events from the same seed (common random numbers, each kind
    of chance from a generator of its own: ``solver.search.streams``), so two candidates are
    compared on the same luck and the difference of their means is far less noisy than either.
    With two or more players a return is a share of the win, so the playouts weigh winning, where
    the heuristic weighs points.

    ``workers`` threads (default: every core) play the rounds side by side, in batches; the
    rounds' returns are summed in the order of the rounds, so a budget of rounds finds the same
    whatever the workers (the compiled playouts release the GIL).

    ``stats.depth`` is the rounds played, ``visits`` the playouts of each candidate. The AI plays
    the best only where its lead over greedy's choice is large and rests on enough rounds
    (``solver.search.ai.Guard``).

        >>> import solver
        >>> state = solver.load_game("koi", players=2, backend="numba").new_initial_state()
        >>> while state.is_chance_node():
        ...     state.apply_action(state.chance_outcomes()[0][0])
        >>> stats = SimulationSearcher(state.kernel_state(), seed=1, workers=1).run(depth=2)
        >>> stats.depth, stats.best in state.legal_actions()
        (2, True)
    """

    CANDIDATES = 6
    DEFAULT_ROUNDS = 16
    BATCH = 4
    """Rounds a worker plays in a batch: between batches the threads wait for the slowest round,
    and four a worker waste less of the time than one (``bench/parallel_rounds.py``)."""

    def __init__(self, state: Any, heuristic: np.ndarray | None = None, kernel: Any = None, seed: int = 0,
                 width: int = CANDIDATES, workers: int | None = None) -> None:  # fmt: skip
        self.kernel = state.search_kernel() if kernel is None else kernel
        self.simulate = make_simulation(self.kernel)
        self.width = width
        self.workers, self.pool = threads(workers)
        built = compiled.build(greedy, self.kernel)
        self.turn_value, self.choose = built.turn_value, built.choose
        self.state = state.array.copy()
        self.heuristic = settings(state, None, "greedy")[0] if heuristic is None else heuristic
        self.stream = stream_of(state.layout.weights.GAME)
        self.seed = seed
        self.last: RootStats | None = None
        self._reset()

    def _reset(self) -> None:
        self.candidates: np.ndarray | None = None
        self.totals: np.ndarray | float = 0.0  # the rounds' returns summed, each candidate's
        self.rounds = 0
        self.round_seconds: float | None = None  # measured: the last batch's seconds a round

    def _rank(self) -> np.ndarray:
        """Greedy's choice, then the others of the ``width`` legal actions whose turns end best by
        the heuristic (best first, so that equal means go to the heuristic's preference), judged on
        a deal of what the player to move cannot see."""
        dealt = self.state.copy()
        self.kernel.determinize(dealt, int(self.kernel.current_player(dealt)), deal_rng(self.seed))
        acts = np.empty(self.kernel.BUFFER, np.int64)
        n = self.kernel.legal_actions(dealt, acts)
        buffers = (np.empty(self.kernel.BUFFER, np.int64), np.empty(self.kernel.BUFFER), dealt.copy(), dealt.copy(),
                   np.zeros(8))  # fmt: skip
        values = [self.turn_value(dealt, acts[i], self.heuristic, *buffers) for i in range(n)]
        ranked = [int(acts[i]) for i in sorted(range(n), key=lambda i: -values[i])[: self.width]]
        first = int(self.choose(dealt, self.heuristic))
        return np.array([first] + [a for a in ranked if a != first], np.int64)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()

    def run(self, depth: int | None = None, seconds: float | None = None, stop: threading.Event | None = None,
            on_chunk: Callable[[int, float], None] | None = None) -> RootStats:  # fmt: skip
        """Play rounds until ``seconds`` are spent, ``depth`` rounds are played in all
        (``DEFAULT_ROUNDS`` without either), or ``stop`` is set; run again at the same state, it
        goes on with the rounds played.

        The workers play batches of ``BATCH`` rounds each. With ``seconds``, a decision's first
        batch is one round (its pace is not known yet, and on a loaded machine the threads may not
        run side by side), and a batch is cut to the rounds the time left holds at the pace of the
        last batch, a multiple of the workers; one worker begins no round that would not end in
        time."""
        start = time.perf_counter()
        if self.candidates is None:
            self.candidates = self._rank()
        begun = self.rounds
        rounds = depth if depth is not None else (None if seconds is not None else self.DEFAULT_ROUNDS)
        player = int(self.kernel.current_player(self.state))
        while rounds is None or self.rounds < rounds:
            if stop is not None and stop.is_set():
                break
            size = self.BATCH * self.workers if self.workers > 1 else 1
            if seconds is not None:
                left, pace = seconds - (time.perf_counter() - start), self.round_seconds
                if left < 0 or (pace is not None and left < pace * self.workers):
                    break
                size = 1 if pace is None else min(size, int(left / pace) // self.workers * self.workers)
            if rounds is not None:
                size = min(size, rounds - self.rounds)
            began = time.perf_counter()
            first = self.rounds
            if size == 1 or self.pool is None:
                returns = [self._round(j, player) for j in range(first, first + size)]
            else:
                returns = list(self.pool.map(lambda j: self._round(j, player), range(first, first + size)))
            for row in returns:  # in the rounds' order, so that the sums do not depend on the workers
                self.totals = self.totals + row
            self.rounds += size
            self.round_seconds = (time.perf_counter() - began) / size
            if on_chunk is not None:
                self.last = self._stats(player, start, begun)  # what the progress report reads
                on_chunk(self.rounds - begun, time.perf_counter() - start)
        self.last = self._stats(player, start, begun)
        return self.last

    def _deal(self, j: int, player: int) -> np.ndarray:
        """Round ``j``'s deal of what ``player`` cannot see."""
        dealt = self.state.copy()
        self.kernel.determinize(dealt, player, np.array([derive_seed(self.seed, 1, j + 1)], np.uint64))
        return dealt

    def _round(self, j: int, player: int) -> np.ndarray:
        """Round ``j``: each candidate's return, on the round's deal and chance."""
        assert self.candidates is not None
        means = np.zeros(len(self.candidates))
        self.simulate(self._deal(j, player), self.candidates, 1, self.heuristic, derive_seed(self.seed, 7919, j),
                      self.stream, means)  # fmt: skip
        return means

    def _values(self, player: int) -> np.ndarray:
        """Each candidate's value to ``player`` after the rounds played: its mean return (0 before
        the first round, which a clock may cut off)."""
        assert self.candidates is not None
        if not self.rounds:
            return np.zeros(len(self.candidates))
        return np.asarray(self.totals) / self.rounds

    def _stats(self, player: int, start: float, begun: int) -> RootStats:
        """What the rounds found; ``iterations`` and ``nodes`` count the rounds and playouts of this
        run (``begun``: the rounds played before it), as MCTS counts its iterations."""
        assert self.candidates is not None
        k = len(self.candidates)
        return RootStats(player, self.rounds - begun, (self.rounds - begun) * k, time.perf_counter() - start,
                         [int(a) for a in self.candidates], [self.rounds] * k,
                         [float(v) for v in self._values(player)],
                         depth=self.rounds, by_value=True)  # fmt: skip

    def advance(self, action: int) -> None:
        self.kernel.apply_action(self.state, action)
        self._reset()


class ForesightSearcher(SimulationSearcher):
    """Hindsight optimisation: whole turns judged by what a player who knew the coming dice could
    make of them (Yoon et al., "Probabilistic planning via determinization in hindsight", 2008).

    At a decision, every turn the player to move can play (their decisions up to chance, another
    player or the end, ``solver.search.turns``) is ranked by the heuristic, and the ``width`` best
    and greedy's turn become the candidates (and each action's best turn, where the decision has
    no more actions than ``width``). Each round draws one future of the dice and values
    every candidate's end in it by each player's foresight (the kernel's ``foresights``: a beam
    search over the next days' known rolls, then the heuristic's outlook: a game's knowledge stays
    in its kernel); round ``j`` draws the same future for every candidate (common random numbers)
    and deals what the player cannot see anew. A turn is worth its mean foresights made a heuristic
    value (``judged``), an action its best turn's. Only a game whose kernel has ``foresights`` (Go
    Goa) takes it.

    Averaged over futures, the value sees several days of trips open from a position, where the
    heuristic's lookahead sees one or two; each future is steered with its rolls known, so the
    kernel stops that knowledge short of the end of the game (the optimism of a clairvoyant grows
    with the days it knows; ``docs/ai.md``).

        >>> import solver
        >>> state = solver.load_game("gogoa", players=1, backend="numba").new_initial_state()
        >>> while state.is_chance_node() or not state.turn_start():
        ...     state.apply_action(state.legal_actions()[0])
        >>> stats = ForesightSearcher(state.kernel_state(), seed=1, workers=1).run(depth=2)
        >>> stats.depth, stats.best in state.legal_actions()
        (2, True)
    """

    def __init__(self, state: Any, heuristic: np.ndarray | None = None, kernel: Any = None, seed: int = 0,
                 width: int = SimulationSearcher.CANDIDATES, workers: int | None = None) -> None:  # fmt: skip
        kernel = state.search_kernel() if kernel is None else kernel
        if not hasattr(kernel, "foresights"):
            raise SearchError(f"foresight: {state.layout.weights.GAME} has no foresight search (Go Goa has one)")
        super().__init__(state, heuristic, kernel, seed, width, workers)
        self.turns: list[list[int]] = []
        self.over: list[bool] = []

    def _rank(self) -> np.ndarray:
        """The ``width`` turns whose ends the heuristic values best, and greedy's (its first action
        with the best end after it), judged on a deal of what the player cannot see; at a decision
        of at most ``width`` actions (a die to reserve, a plan to keep), also each action's best
        turn, which the ``width`` best often leave out (in a duel they may all reserve one die).
        Returns their first actions (``self.turns`` holds the whole turns, ``self.over`` whether
        each ends the game, which no deal changes)."""
        dealt = self.state.copy()
        player = int(self.kernel.current_player(dealt))
        self.kernel.determinize(dealt, player, deal_rng(self.seed))
        values = np.zeros(8)
        ranked = []
        for actions, end in turns(self.kernel, dealt):
            self.kernel.heuristic(end, self.heuristic, values)
            ranked.append((-float(values[player]), len(ranked), actions, bool(self.kernel.is_terminal(end))))
        ranked.sort()
        best: dict[int, tuple] = {}  # each first action's best turn
        for t in ranked:
            best.setdefault(t[2][0], t)
        first = int(self.choose(dealt, self.heuristic))
        chosen = ranked[: self.width]
        if all(t[2][0] != first for t in chosen):
            chosen.insert(0, best[first])
        if len(best) <= self.width:
            chosen += [t for a, t in best.items() if all(c[2][0] != a for c in chosen)]
        self.turns = [t[2] for t in chosen]
        self.over = [t[3] for t in chosen]
        return np.array([t[0] for t in self.turns], np.int64)

    def _round(self, j: int, player: int) -> np.ndarray:
        """Every player's foresight of each candidate's end in round ``j``'s future (a row a
        candidate); an end that finishes the game gives its returns."""
        ends = np.repeat(self._deal(j, player)[None, :], len(self.turns), axis=0)
        for end, actions in zip(ends, self.turns, strict=True):
            for action in actions:
                self.kernel.apply_action(end, action)
        scores = np.zeros((len(ends), 8))
        self.kernel.foresights(ends, self.heuristic, derive_seed(self.seed, 7919, j), scores)
        for end, row, over in zip(ends, scores, self.over, strict=True):
            if over:
                self.kernel.returns(end, row)
        return scores

    def _values(self, player: int) -> np.ndarray:
        """Each candidate's value to ``player``: the mean foresights made a heuristic value
        (``judged``: with players the softmax of the mean scores, as the heuristic takes the
        softmax of its estimates; ``docs/ai.md``, "The softmax of the mean values"); 0 before the
        first round."""
        means = super()._values(player)
        if not self.rounds:
            return means
        for row, over in zip(means, self.over, strict=True):
            if not over:
                self.kernel.judged(self.state, self.heuristic, row)
        return means[:, player]

    def principal_variation(self, action: int, length: int = 8) -> list[tuple[int, bool]]:
        """The best turn judged that begins with ``action``, as ``(action, False)`` steps (no chance
        inside a turn), at most ``length`` of them."""
        values = self._values(int(self.kernel.current_player(self.state)))
        best = max((i for i, t in enumerate(self.turns) if t[0] == action), key=values.__getitem__)
        return [(step, False) for step in self.turns[best][:length]]

    def _stats(self, player: int, start: float, begun: int) -> RootStats:
        """Each first action once, worth its best turn's mean."""
        stats = super()._stats(player, start, begun)
        best: dict[int, float] = {}
        for action, value in zip(stats.actions, stats.values, strict=True):
            best[action] = max(value, best.get(action, -np.inf))
        stats.actions, stats.values = list(best), list(best.values())
        stats.visits = [self.rounds] * len(best)
        return stats
