"""What the random-playout benches of Kokoro and KOI share: the reference replay of the kernel's
games, the timing and the report.

A game's bench gives its own sampling rule (``step``: the action the kernel's ``random_playout``
takes in a state) and options, and calls ``compare``.

Both backends run in one process, after the numba kernel is compiled (or loaded from its cache)
and warmed with a few untimed games; each measurement is repeated ``--repeat`` times and the
median reported. The headline ratio compares **the same games**: the reference engine is driven by
the Python copy of the kernel's generator (``solver.core.rng.SplitMix64``) and the game's copy of
its sampling rule (``replay``), which plays exactly the kernel's games (checked: same steps and
returns, game by game). Per-step rates are compared as well, and the reference's own
``solver.random_playouts`` (another generator, other games) is timed to show the driver does not
matter.
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
from solver.core.play import play_out
from solver.core.rng import SplitMix64

Step = Callable[[Any, SplitMix64], int]
"""A game's copy of the kernel's sampling rule: the action its ``random_playout`` takes here."""


def replay(game: Any, n: int, seed: int, step: Step) -> tuple[np.ndarray, np.ndarray]:
    """Play ``n`` games on the reference engine exactly as the kernel's ``random_playouts``
    (``step`` is the game's copy of the kernel's sampling rule)."""
    return play_out(game, n, step, SplitMix64(seed))


def timed(run: Any, repeat: int, inner: int = 1) -> tuple[float, list[float], Any]:
    """The median seconds of ``repeat`` runs (each ``inner`` calls, averaged), and the output."""
    runs, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            result = run()
        runs.append((time.perf_counter() - start) / inner)
        if out is None:
            out = result
        elif not (np.array_equal(out[0], result[0]) and np.allclose(out[1], result[1])):
            raise SystemExit("the same seed gave different games")
    return statistics.median(runs), runs, out


def parser(doc: str) -> argparse.ArgumentParser:
    """The flags every playout bench takes (a game adds its own options)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games on the reference backend")
    parser.add_argument("--numba-games", type=int, default=20000, help="games on the numba backend")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each measurement")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def compare(flags: argparse.ArgumentParser, name: str, options: dict[str, Any], heading: str, step: Step) -> None:
    """Time ``name`` with ``options`` on both backends (the reference replaying the kernel's games
    with ``step``) and print the table, or one JSON object with ``--json``."""
    args = flags.parse_args()
    if min(args.games, args.numba_games, args.repeat) < 1:
        flags.error("--games, --numba-games and --repeat must be positive")
    options = {"players": args.players, **options}
    ref = solver.load_game(name, **options)
    nb = solver.load_game(name, backend="numba", **options)

    def replay_games(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
        return replay(ref, n, seed, step)

    start = time.perf_counter()
    nb.new_initial_state()  # compiles the kernel, or loads it from numba's cache
    load_seconds = time.perf_counter() - start
    solver.random_playouts(nb, 50, args.seed + 7)
    replay_games(2, args.seed + 7)

    k = min(args.games, args.numba_games)
    rows = []
    specs = [
        ("reference: replay of the kernel's games", "reference", lambda: replay_games(args.games, args.seed), 1),
        (f"numba: the same {k} games", "numba", lambda: solver.random_playouts(nb, k, args.seed), max(1, args.numba_games // k)),
        (f"numba: {args.numba_games} games", "numba", lambda: solver.random_playouts(nb, args.numba_games, args.seed), 1),
        ("reference: solver.random_playouts (own RNG)", "reference", lambda: solver.random_playouts(ref, args.games, args.seed), 1),
    ]  # fmt: skip
    outs = []
    for label, backend, run, inner in specs:
        median, runs, out = timed(run, args.repeat, inner)
        outs.append(out)
        games, steps = len(out[0]), int(out[0].sum())
        rows.append({"label": label, "backend": backend, "games": games, "steps": steps, "seconds": median,
                     "seconds_runs": runs, "playouts_per_s": games / median, "steps_per_s": steps / median})  # fmt: skip
    identical = bool(
        np.array_equal(outs[0][0][:k], outs[1][0]) and np.allclose(outs[0][1][:k], outs[1][1])
    )
    ratio = {
        "same_games_time": rows[0]["seconds"] / rows[1]["seconds"]
        if rows[0]["games"] == k
        else None,
        "steps_per_s": rows[2]["steps_per_s"] / rows[0]["steps_per_s"],
        "steps_per_s_vs_reference_api": rows[2]["steps_per_s"] / rows[3]["steps_per_s"],
    }
    info = machine_info()
    if args.json:
        out = {"config": {**options, "seed": args.seed, "repeat": args.repeat, "reference_games": args.games,
                          "numba_games": args.numba_games},
               "machine": info, "numba_kernel_load_seconds": load_seconds, "identical_games": identical,
               "results": rows, "ratio_numba_over_reference": ratio}  # fmt: skip
        json.dump(out, sys.stdout, indent=2)
        print()
        return
    print(f"{heading}: {args.players} player(s), seed {args.seed}; median of {args.repeat} runs")
    for line in describe(info):
        print(line)
    print(f"numba kernel compile/cache load: {load_seconds:.2f} s (not timed below)")
    print()
    print(
        f"{'backend: what':<48} {'games':>6} {'steps':>8} {'seconds':>9} {'playouts/s':>11} {'steps/s':>12}"
    )
    for row in rows:
        print(f"{row['label']:<48} {row['games']:>6} {row['steps']:>8} {row['seconds']:>9.4f} "
              f"{row['playouts_per_s']:>11,.0f} {row['steps_per_s']:>12,.0f}")  # fmt: skip
    print()
    print(f"identical games (reference replay vs numba, first {k}): {'yes' if identical else 'NO'}")
    if ratio["same_games_time"] is not None:
        print(
            f"ratio numba/reference on the same {k} games (time): {ratio['same_games_time']:.0f}x"
        )
    print(f"ratio numba/reference, steps/s: {ratio['steps_per_s']:.0f}x "
          f"(vs the reference's own random_playouts: {ratio['steps_per_s_vs_reference_api']:.0f}x)")  # fmt: skip
