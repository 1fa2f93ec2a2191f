"""Random-playout speed of the Go Goa backends, reference (plain Python) and numba, side by side.

    PYTHONPATH=. python bench/gogoa_playouts.py                     # 2 players, 100 vs 5000 games
    PYTHONPATH=. python bench/gogoa_playouts.py --players 1 --repeat 5 --json

Both backends run in this one process, one after the other, after the numba kernel is compiled (or
loaded from its cache) and warmed with a few untimed games. Each measurement is repeated
``--repeat`` times, interleaved, and the median is reported. A run covers whole games from the
start: dealing and keeping tour plans, the dice, legal-move generation (every route of the day)
and applying, as ``solver.random_playouts`` does.

``solver.random_playouts`` draws from the kernels' splitmix64 generator on both backends, with the
same choice rule, so the same seed plays **the same games** (checked: same steps and returns per
game). The headline ratio is numba vs reference on the same ``--games`` games; the numba kernel is
also timed over ``--numba-games`` games for a steadier rate. The reference engine caches the routes
from a hex and the day's moves of a position (``moves.routes``, ``moves.day_moves``); each timed
reference run starts with empty caches, as a fresh process would, since timing the same games
again would otherwise measure cache lookups.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from _machine import describe, machine_info

import solver
from solver.games.gogoa import moves


def measure(
    specs: list[tuple[str, str, Callable[[], tuple[np.ndarray, np.ndarray]], int]], repeat: int
) -> list[dict[str, Any]]:
    """Time each ``(label, backend, run, inner)`` ``repeat`` times, interleaved round by round so
    background load hits both backends alike; a run calls ``run`` ``inner`` times and counts the
    mean. The median run is reported."""
    seconds: list[list[float]] = [[] for _ in specs]
    first: list[Any] = [None] * len(specs)
    for _ in range(repeat):
        for i, (label, _backend, run, inner) in enumerate(specs):
            start = time.perf_counter()
            for _ in range(inner):
                out = run()
            seconds[i].append((time.perf_counter() - start) / inner)
            if first[i] is None:
                first[i] = out
            elif not (np.array_equal(first[i][0], out[0]) and np.allclose(first[i][1], out[1])):
                raise SystemExit(f"{label}: the same seed gave different games")
    rows = []
    for i, (label, backend, _run, inner) in enumerate(specs):
        games, steps = len(first[i][0]), int(first[i][0].sum())
        median = statistics.median(seconds[i])
        rows.append({
            "label": label, "backend": backend, "games": games, "steps": steps, "seconds": median,
            "seconds_runs": seconds[i], "inner_loops": inner, "playouts_per_s": games / median,
            "steps_per_s": steps / median, "_out": first[i],
        })  # fmt: skip
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=100, help="games on the reference backend (default 100)"
    )
    parser.add_argument(
        "--numba-games", type=int, default=5000, help="games on the numba backend (default 5000)"
    )
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--repeat", type=int, default=3, help="timed runs of each measurement (default 3)"
    )
    parser.add_argument(
        "--warmup", type=int, default=20, help="untimed games played first (default 20)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.games < 1 or args.numba_games < 1 or args.repeat < 1:
        parser.error("--games, --numba-games and --repeat must be positive")

    ref = solver.load_game("gogoa", players=args.players, backend="reference")
    nb = solver.load_game("gogoa", players=args.players, backend="numba")
    start = time.perf_counter()
    nb.new_initial_state()  # the kernel compiles, or loads from numba's cache, on first use
    load_seconds = time.perf_counter() - start
    solver.random_playouts(nb, args.warmup, args.seed + 1_000_003)
    solver.random_playouts(ref, 1, args.seed + 1_000_003)

    def reference() -> tuple[np.ndarray, np.ndarray]:
        moves.routes.cache_clear()  # the reference caches routes and day moves: start each run cold,
        moves.day_moves.cache_clear()  # or repeated runs of the same games would only look them up
        return solver.random_playouts(ref, args.games, args.seed)

    inner = max(1, args.numba_games // args.games)
    specs = [
        ("reference (caches cleared)", "reference", reference, 1),
        (f"numba: the same {args.games} games", "numba", lambda: solver.random_playouts(nb, args.games, args.seed), inner),
        (f"numba: {args.numba_games} games", "numba", lambda: solver.random_playouts(nb, args.numba_games, args.seed), 1),
    ]  # fmt: skip
    rows = measure(specs, args.repeat)
    rep, same, many = rows
    identical = bool(
        np.array_equal(rep["_out"][0], same["_out"][0])
        and np.allclose(rep["_out"][1], same["_out"][1])
        and np.array_equal(same["_out"][0], many["_out"][0][: args.games])
    )
    ratio = {
        "same_games_time": rep["seconds"] / same["seconds"],
        "steps_per_s": many["steps_per_s"] / rep["steps_per_s"],
        "playouts_per_s": many["playouts_per_s"] / rep["playouts_per_s"],
    }
    for row in rows:
        row.pop("_out")
    info = machine_info()
    config = {"game": "gogoa", "players": args.players, "seed": args.seed, "repeat": args.repeat,
              "reference_games": args.games, "numba_games": args.numba_games, "warmup_games": args.warmup}  # fmt: skip
    if args.json:
        json.dump({"config": config, "machine": info, "numba_kernel_load_seconds": load_seconds,
                   "identical_games": identical, "results": rows, "ratio_numba_over_reference": ratio},
                  sys.stdout, indent=2)  # fmt: skip
        print()
        return
    print(
        f"Go Goa random playouts: {args.players} player(s), seed={args.seed}; median of {args.repeat} runs"
    )
    for line in describe(info):
        print(line)
    print(f"numba kernel compile/cache load at the first state: {load_seconds:.2f} s (not timed below); "
          f"then {args.warmup} untimed warm-up games")  # fmt: skip
    print()
    print(
        f"{'backend: what':<32} {'games':>6} {'steps':>8} {'seconds':>8} {'playouts/s':>11} {'steps/s':>10}"
    )
    for row in rows:
        loops = f"  ({row['inner_loops']} loops/run)" if row["inner_loops"] > 1 else ""
        print(f"{row['label']:<32} {row['games']:>6} {row['steps']:>8} {row['seconds']:>8.3f} "
              f"{row['playouts_per_s']:>11,.1f} {row['steps_per_s']:>10,.0f}{loops}")  # fmt: skip
    print()
    print(
        f"identical games on both backends (same steps and returns): {'yes' if identical else 'NO'}"
    )
    print(
        f"ratio numba/reference on the same {args.games} games (time): {ratio['same_games_time']:.0f}x"
    )
    print(f"ratio numba/reference, {args.numba_games} vs {args.games} games: steps/s {ratio['steps_per_s']:.0f}x, "
          f"playouts/s {ratio['playouts_per_s']:.0f}x")  # fmt: skip


if __name__ == "__main__":
    main()
