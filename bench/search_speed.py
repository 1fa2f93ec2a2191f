"""Speed of the searchers: compiled MCTS and expectimax next to a plain-Python MCTS.

    python bench/search_speed.py [--iterations 2000] [--python-iterations 40]

On fixed GODŌ positions (seeded walks into a 2-player and a solo game), prints MCTS iterations per
second (numba, one tree and one tree per core; and one tree with the parameters ``best_move`` uses
for the game, ``mcts.default_params``), expectimax nodes per second at depths 1-3, and a
plain-Python MCTS over the reference engine doing the same work per iteration (deal the hidden
tiles, select by UCB1, expand one node, random rollout to the end of the game, back up), with the
ratio numba / Python from runs side by side in this process.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from typing import Any

import solver
from solver.core.perft import walk
from solver.core.play import random_step
from solver.search import mcts
from solver.search.searcher import ExpectimaxSearcher, MCTSSearcher

ROLLOUT_TO_THE_END = 10_000


def position(players: int, steps: int, seed: int) -> Any:
    """A reference state at a decision with several options, after a seeded walk."""
    state = walk(solver.load_game("godo", players=players).new_initial_state(), steps, seed)
    rng = random.Random(seed)
    while state.is_chance_node() or len(state.legal_actions()) < 3:
        state.apply_action(random_step(state, rng))
    return state


class PythonMCTS:
    """UCT over the reference engine, with the same per-iteration work as the compiled search."""

    def __init__(self, root: Any, seed: int) -> None:
        self.root, self.rng = root, random.Random(seed)
        self.observer = root.current_player()
        self.visits: dict[tuple, int] = {(): 0}
        self.value: dict[tuple, list[float]] = {(): [0.0] * root.players}

    def determinize(self, state: Any) -> None:
        hidden = list(state.pile)
        for p, hand in enumerate(state.hands):
            if p != self.observer:
                hidden += hand
        self.rng.shuffle(hidden)
        for p, hand in enumerate(state.hands):
            if p != self.observer:
                state.hands[p], hidden = sorted(hidden[: len(hand)]), hidden[len(hand) :]
        state.pile = sorted(hidden)

    def run(self, iterations: int) -> None:
        for _ in range(iterations):
            self.iterate()

    def iterate(self) -> None:
        state = self.root.clone()
        self.determinize(state)
        path: tuple = ()
        trail = [path]
        while not state.is_terminal():
            if state.is_chance_node():
                action = random_step(state, self.rng)
            else:
                legal = state.legal_actions()
                untried = [a for a in legal if path + (a,) not in self.visits]
                if untried:
                    action = self.rng.choice(untried)
                    path += (action,)
                    self.visits[path], self.value[path] = 0, [0.0] * state.players
                    trail.append(path)
                    state.apply_legal_action(action)
                    break
                mover = state.current_player()
                log_n = math.log(self.visits[path] + 1)
                action = max(legal, key=lambda a: self.value[path + (a,)][mover] / self.visits[path + (a,)]
                             + 0.7 * math.sqrt(log_n / self.visits[path + (a,)]))  # fmt: skip
            path += (action,)
            if path not in self.visits:
                self.visits[path], self.value[path] = 0, [0.0] * state.players
            trail.append(path)
            state.apply_legal_action(action)
        while not state.is_terminal():
            state.apply_legal_action(random_step(state, self.rng))
        result = state.returns()
        for node in trail:
            self.visits[node] += 1
            self.value[node] = [v + r for v, r in zip(self.value[node], result)]


def timed(run: Any, *args: Any) -> float:
    start = time.perf_counter()
    run(*args)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2000, help="compiled MCTS iterations")
    parser.add_argument("--python-iterations", type=int, default=40, help="plain-Python MCTS iterations")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    params = mcts.DEFAULT_PARAMS.copy()
    params[mcts.P_ROLLOUT_CUTOFF] = ROLLOUT_TO_THE_END  # like the Python MCTS: random rollouts
    params[mcts.P_GUIDED] = 0  # to the end of the game
    cores = os.cpu_count() or 1
    print(f"numba {__import__('numba').__version__}, {cores} cores; random rollouts to the end of the game")
    for players, steps in ((2, 60), (1, 20)):
        ref = position(players, steps, args.seed)
        kstate = ref.kernel_state()
        MCTSSearcher(kstate, workers=1, capacity=64, params=params).run(iterations=2)  # compile
        ExpectimaxSearcher(kstate, table_bits=4).run(depth=1)
        print(f"\n{players}-player position: phase {ref.phase}, {len(ref.legal_actions())} legal actions")
        one = MCTSSearcher(kstate, seed=1, workers=1, params=params)
        numba_rate = args.iterations / timed(one.run, args.iterations)
        print(f"  MCTS numba, 1 tree:           {numba_rate:10,.0f} iterations/s")
        if cores > 1:
            many = MCTSSearcher(kstate, seed=1, workers=cores, params=params)
            rate = args.iterations / timed(many.run, args.iterations)
            many.close()
            print(f"  MCTS numba, {cores} trees:          {rate:10,.0f} iterations/s")
        own = MCTSSearcher(kstate, seed=1, workers=1)  # the parameters best_move uses
        rate = args.iterations / timed(own.run, args.iterations)
        print(f"  MCTS numba, 1 tree, {own.params.tolist()}: {rate:10,.0f} iterations/s")
        python = PythonMCTS(ref, seed=1)
        py_rate = args.python_iterations / timed(python.run, args.python_iterations)
        print(f"  MCTS plain Python (reference): {py_rate:10,.1f} iterations/s")
        print(f"  ratio numba / Python, one tree: {numba_rate / py_rate:,.0f}x")
        for depth in (1, 2, 3):
            searcher = ExpectimaxSearcher(kstate)
            stats = searcher.run(depth=depth)
            print(f"  expectimax depth {depth}: {stats.nodes:9,d} nodes in {stats.seconds:6.3f} s"
                  f" = {stats.nodes / max(stats.seconds, 1e-9):10,.0f} nodes/s")  # fmt: skip


if __name__ == "__main__":
    main()
