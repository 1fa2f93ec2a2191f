"""The same seeded GODŌ work on every backend in one run: reference, numba and C.

    python bench/godo_backends.py [--games 2000] [--reference-games 50]

Prints, per backend: random playouts per second (whole 2-player games from the start, seeded;
numba and C play the very same games), MCTS iterations per second with each kernel (the same
compiled search closed over the numba kernel or, through cffi, the C one) and legal-move
generations per second on fixed mid-game positions, in a compiled loop over either kernel; with the
ratios C / numba and numba / reference.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

import solver
from solver.core.perft import walk


def best_of(repeat: int, run: Any, *args: Any) -> float:
    """The shortest of ``repeat`` timings of ``run(*args)``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run(*args)
        times.append(time.perf_counter() - start)
    return min(times)


def positions(count: int) -> list[np.ndarray]:
    """Arrays of mid-game decision positions from seeded 2-player walks."""
    game = solver.load_game("godo", players=2, backend="numba")
    found = []
    for seed in range(count):
        state = walk(game.new_initial_state(), 40 + seed % 80, seed)
        if not state.is_terminal():
            found.append(state.array.copy())
    return found


def compiled_legal_loop(kernel: Any) -> Any:
    """A compiled loop generating the legal actions of every position ``rounds`` times with
    ``kernel`` (the numba kernel, or the C one through ``ckernel_jit``): no Python in between."""
    from numba import njit

    legal_actions = kernel.legal_actions

    @njit
    def loop(arrays, rounds, out):
        total = 0
        for _ in range(rounds):
            for i in range(arrays.shape[0]):
                total += legal_actions(arrays[i], out)
        return total

    return loop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for numba and C")
    parser.add_argument("--reference-games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    available = solver.backends()
    print(f"backends: {', '.join(available)}; 2-player random playouts, seed {args.seed}")
    rates: dict[str, float] = {}
    for backend in available:
        game = solver.load_game("godo", players=2, backend=backend)
        games = args.reference_games if backend == "reference" else args.games
        solver.random_playouts(game, 2, args.seed)  # compile or load
        seconds = best_of(args.repeat, solver.random_playouts, game, games, args.seed)
        steps, _ = solver.random_playouts(game, games, args.seed)
        rates[backend] = games / seconds
        print(f"  {backend:9} {games:6d} games {int(steps.sum()):9,d} steps  {seconds:7.3f} s"
              f"  {games / seconds:10,.0f} playouts/s  {steps.sum() / seconds:12,.0f} steps/s")  # fmt: skip
    if "c" in rates:
        print(f"  C / numba: {rates['c'] / rates['numba']:.2f}x")
    print(f"  numba / reference: {rates['numba'] / rates['reference']:.0f}x (other games: the seeded "
          "generators differ)")  # fmt: skip

    from solver.games.godo import kernel

    print("\nMCTS iterations a second on one tree, the same seeded search on each kernel:")
    from solver.search.searcher import MCTSSearcher

    state = walk(solver.load_game("godo", players=2, backend="numba").new_initial_state(), 60, 3)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    searchers = {"numba": None}
    if "c" in available:
        from solver.games.godo import ckernel_jit

        searchers["c"] = ckernel_jit
    for name, module in searchers.items():
        MCTSSearcher(state, workers=1, capacity=64, kernel=module).run(iterations=2)  # compile
        searcher = MCTSSearcher(state, seed=1, workers=1, kernel=module)
        seconds = best_of(1, searcher.run, 4000)
        print(f"  {name:9} {4000 / seconds:12,.0f} iterations/s")

    arrays = np.array(positions(60))
    out = np.empty(kernel.BUFFER, np.int64)
    print(f"\nlegal-move generation on {len(arrays)} fixed mid-game positions, in a compiled loop:")
    for name, module in searchers.items():
        loop = compiled_legal_loop(kernel if module is None else module)
        found = loop(arrays, 1, out)
        seconds = best_of(args.repeat, loop, arrays, 2000, out)
        print(f"  {name:9} {2000 * len(arrays) / seconds:12,.0f} generations/s ({found} actions a round)")

if __name__ == "__main__":
    main()
