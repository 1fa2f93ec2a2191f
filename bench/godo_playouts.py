"""Random-playout speed of the GODŌ backends, reference (plain Python) and numba, side by side.

    PYTHONPATH=. python bench/godo_playouts.py                    # 2 players, 100 vs 2000 games
    PYTHONPATH=. python bench/godo_playouts.py --players 4 --variant --repeat 5 --json

Both backends run in this one process, one after the other, after the numba kernel is compiled (or
loaded from its cache) and warmed with a few untimed games. Each measurement is repeated
``--repeat`` times and the median is reported. A run covers whole games from the start: chance
draws, legal-move generation and applying, as ``solver.random_playouts`` does.

The reference engine is about two orders of magnitude slower, so it plays fewer games
(``--games``, default 100) than the numba kernel (``--numba-games``, default 2000); per-game and
per-step rates are compared, and the ratio is also measured on identical games:

- ``solver.random_playouts`` on the numba backend draws from the kernel's splitmix64 generator,
  the reference backend from Python's ``random.Random``: same seed, different games. So the script
  also drives the reference engine with a Python copy of the kernel's generator and choice rule
  (``replay``), which plays exactly the kernel's games (checked: same steps and returns per game).
  The headline ratio is numba vs that replay on the same first ``--games`` games.
- The reference's own ``solver.random_playouts`` (its own generator) is timed as well, to show the
  driver does not matter; so is the numba run over ``--numba-games`` games.
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

MASK64 = (1 << 64) - 1


def replay(game: Any, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Play ``n`` random games on ``game``'s Python state API with the kernel's generator.

    The numba kernel's ``random_playout`` takes, at every node (chance included), action number
    ``random_below(len(legal_actions))`` of the sorted legal actions, from one splitmix64 stream
    shared by the ``n`` games of ``random_playouts``; this is the same rule in Python, so on the
    reference backend it plays the same games as ``solver.random_playouts`` on the numba backend.
    """
    rng = seed & MASK64
    steps = np.zeros(n, np.int64)
    results = np.zeros((n, game.players))
    for g in range(n):
        state = game.new_initial_state()
        k = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            rng = (rng + 0x9E3779B97F4A7C15) & MASK64
            z = rng
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            state.apply_legal_action(actions[(z >> 33) % len(actions)])
            k += 1
        steps[g] = k
        results[g] = state.returns()
    return steps, results


def measure(specs: list[tuple[str, str, str, Callable[[], tuple[np.ndarray, np.ndarray]], int]],
            repeat: int) -> list[dict[str, Any]]:
    """Time each ``(label, backend, driver, run, inner)`` ``repeat`` times, the specs interleaved
    round by round so that background load hits every backend alike; a run calls ``run`` ``inner``
    times and counts the mean. The median run is reported."""
    seconds: list[list[float]] = [[] for _ in specs]
    first: list[Any] = [None] * len(specs)
    for _ in range(repeat):
        for i, (label, _backend, _driver, run, inner) in enumerate(specs):
            start = time.perf_counter()
            for _ in range(inner):
                out = run()
            seconds[i].append((time.perf_counter() - start) / inner)
            if first[i] is None:
                first[i] = out
            elif not (np.array_equal(first[i][0], out[0]) and np.allclose(first[i][1], out[1])):
                raise SystemExit(f"{label}: the same seed gave different games")
    rows = []
    for i, (label, backend, driver, _run, inner) in enumerate(specs):
        games, steps = len(first[i][0]), int(first[i][0].sum())
        median = statistics.median(seconds[i])
        rows.append({
            "label": label,
            "backend": backend,
            "driver": driver,
            "games": games,
            "steps": steps,
            "seconds": median,
            "seconds_runs": seconds[i],
            "inner_loops": inner,
            "playouts_per_s": games / median,
            "steps_per_s": steps / median,
            "_out": first[i],
        })  # fmt: skip
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100,
                        help="games on the reference backend (default 100)")
    parser.add_argument("--numba-games", type=int, default=2000,
                        help="games on the numba backend (default 2000)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", action="store_true", help="the Sacred Specialties variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3,
                        help="timed runs of each measurement (default 3); medians reported")
    parser.add_argument("--warmup", type=int, default=10,
                        help="untimed numba games played first (default 10)")
    parser.add_argument("--no-api-reference", action="store_true",
                        help="skip timing the reference's own solver.random_playouts")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()  # fmt: skip
    if args.games < 1 or args.numba_games < 1 or args.repeat < 1:
        parser.error("--games, --numba-games and --repeat must be positive")

    ref = solver.load_game("godo", players=args.players, variant=args.variant, backend="reference")
    nb = solver.load_game("godo", players=args.players, variant=args.variant, backend="numba")

    # Compilation (or loading from numba's cache) happens when the kernel module is first imported,
    # i.e. at the first numba state; then a few untimed games warm everything up.
    start = time.perf_counter()
    nb.new_initial_state()
    load_seconds = time.perf_counter() - start
    solver.random_playouts(nb, args.warmup, args.seed + 1_000_003)
    replay(ref, 1, args.seed + 1_000_003)

    same = min(args.games, args.numba_games)
    inner = max(1, args.numba_games // same)
    api = "solver.random_playouts"
    specs = [
        ("reference: replay of the kernel's games", "reference", "replay (splitmix64, Python)",
         lambda: replay(ref, args.games, args.seed), 1),
        (f"numba: the same {same} games", "numba", api,
         lambda: solver.random_playouts(nb, same, args.seed), inner),
        (f"numba: {args.numba_games} games", "numba", api,
         lambda: solver.random_playouts(nb, args.numba_games, args.seed), 1),
    ]  # fmt: skip
    if not args.no_api_reference:
        specs.append(("reference: solver.random_playouts (own RNG: other games)", "reference", api,
                      lambda: solver.random_playouts(ref, args.games, args.seed), 1))  # fmt: skip
    rows = measure(specs, args.repeat)

    rep, nb_same, nb_all = rows[0], rows[1], rows[2]
    k = min(rep["games"], nb_same["games"])
    identical = bool(
        np.array_equal(rep["_out"][0][:k], nb_same["_out"][0][:k])
        and np.allclose(rep["_out"][1][:k], nb_same["_out"][1][:k])
        and np.array_equal(nb_same["_out"][0], nb_all["_out"][0][: nb_same["games"]])
    )
    ratio: dict[str, float | None] = {
        "same_games_time": rep["seconds"] / nb_same["seconds"] if rep["games"] == k else None,
        "steps_per_s": nb_all["steps_per_s"] / rep["steps_per_s"],
        "playouts_per_s": nb_all["playouts_per_s"] / rep["playouts_per_s"],
    }
    if not args.no_api_reference:
        ratio["steps_per_s_vs_reference_api"] = nb_all["steps_per_s"] / rows[3]["steps_per_s"]
    for row in rows:
        row.pop("_out")
    info = machine_info()
    config = {"game": "godo", "players": args.players, "variant": args.variant, "seed": args.seed,
              "repeat": args.repeat, "reference_games": args.games, "numba_games": args.numba_games,
              "warmup_games": args.warmup}  # fmt: skip

    if args.json:
        out = {"config": config, "machine": info, "numba_kernel_load_seconds": load_seconds,
               "identical_games": identical, "results": rows,
               "ratio_numba_over_reference": ratio}  # fmt: skip
        json.dump(out, sys.stdout, indent=2)
        print()
        return

    print(f"GODŌ random playouts: {args.players} players, variant={args.variant}, "
          f"seed={args.seed}; median of {args.repeat} runs")  # fmt: skip
    for line in describe(info):
        print(line)
    print(f"numba kernel compile/cache load at the first state: {load_seconds:.2f} s "
          f"(not timed below); then {args.warmup} untimed warm-up games")  # fmt: skip
    print()
    print(f"{'backend: what':<58} {'games':>6} {'steps':>8} {'seconds':>8} "
          f"{'playouts/s':>11} {'steps/s':>10}")  # fmt: skip
    for row in rows:
        loops = f"  ({row['inner_loops']} loops/run)" if row["inner_loops"] > 1 else ""
        print(f"{row['label']:<58} {row['games']:>6} {row['steps']:>8} {row['seconds']:>8.3f} "
              f"{row['playouts_per_s']:>11,.1f} {row['steps_per_s']:>10,.0f}{loops}")  # fmt: skip
    print()
    print(f"identical games: the reference replay and numba played the same first {k} games "
          f"(same steps and returns): {'yes' if identical else 'NO'}")  # fmt: skip
    if ratio["same_games_time"] is not None:
        print(f"ratio numba/reference on the same {k} games (time): "
              f"{ratio['same_games_time']:.0f}x")  # fmt: skip
    print(f"ratio numba/reference, {args.numba_games} vs {args.games} games: "
          f"steps/s {ratio['steps_per_s']:.0f}x, "
          f"playouts/s {ratio['playouts_per_s']:.0f}x")  # fmt: skip
    if "steps_per_s_vs_reference_api" in ratio:
        print("ratio numba/reference, steps/s vs the reference's own solver.random_playouts: "
              f"{ratio['steps_per_s_vs_reference_api']:.0f}x")  # fmt: skip


if __name__ == "__main__":
    main()
