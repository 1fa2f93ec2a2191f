"""Speed of the GODŌ reference engine on seeded random games (the baseline the kernels must beat).

    python bench/godo_reference.py --games 200 --players 2

Prints what it measured: games, steps, seconds, playouts per second and steps per second, on the
reference backend. Timing covers whole games (legal-move generation, chance sampling, applying).
"""

from __future__ import annotations

import argparse
import platform
import time

import solver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = solver.load_game("godo", players=args.players, variant=args.variant)
    steps = 0
    start = time.perf_counter()
    for i in range(args.games):
        steps += solver.play(game, "random", seed=args.seed + i).steps
    seconds = time.perf_counter() - start
    print(f"backend: reference (plain Python {platform.python_version()}, {platform.machine()})")
    print(f"godo, {args.players} players, variant={args.variant}: {args.games} random games, {steps} steps")
    print(f"{seconds:.2f} s: {args.games / seconds:.1f} playouts/s, {steps / seconds:.0f} steps/s")


if __name__ == "__main__":
    main()
