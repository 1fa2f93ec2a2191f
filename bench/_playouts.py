"""What the random-playout benches of Kokoro and KOI share: a Python copy of the kernels'
splitmix64 generator, the reference replay of the kernel's games, the timing and the report.

A game's bench gives its own sampling rule (``step``: the action the kernel's ``random_playout``
takes in a state) and options, and calls ``compare``.
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


class SplitMix:
    """The kernel's splitmix64 generator and ``random_below``, in Python."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def below(self, n: int) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return ((z ^ (z >> 31)) >> 33) % n


Step = Callable[[Any, SplitMix], int]
"""A game's copy of the kernel's sampling rule: the action its ``random_playout`` takes here."""


def replay(game: Any, n: int, seed: int, step: Step) -> tuple[np.ndarray, np.ndarray]:
    """Play ``n`` games on the reference engine exactly as the kernel's ``random_playouts``
    (``step`` is the game's copy of the kernel's sampling rule)."""
    rng = SplitMix(seed)
    steps = np.zeros(n, np.int64)
    results = np.zeros((n, game.players))
    for g in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_legal_action(step(state, rng))
            steps[g] += 1
        results[g] = state.returns()
    return steps, results


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
