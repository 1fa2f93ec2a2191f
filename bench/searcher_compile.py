"""Start-up cost of the searchers: a cold compile, and a fresh process's first move when warm.

    python bench/searcher_compile.py                      # every game and backend, 5 warm runs
    python bench/searcher_compile.py --games kokoro --repeat 9 --json

Per game and backend (numba; C for GODŌ, when built), every measurement is a fresh subprocess:

- compile, cold: with a new, empty ``NUMBA_CACHE_DIR``, a script loads the game and a position
  (which compiles the kernel) and runs each searcher once: MCTS, expectimax, greedy and the
  simulation (``solver.search.compiled`` generates their modules and numba compiles them): the
  cold compile of everything the game needs. The same script again with the filled cache: warm.
- bestmove, cold and warm: the wall time of ``solver bestmove <game> --position <p> --time 0.5
  --backend <b>``, once with another empty cache, then ``--repeat`` times with the filled one.
  The default backend (``reference``: positions on the plain-Python engine, searched on numba) is
  timed warm too.

Goals (issue 12): a warm ``bestmove`` in at most 1.5 s of wall time, a cold compile under 60 s.
Positions come from a seeded walk into each game (reference engine, nothing compiled).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _machine import describe, machine_info

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CLI = "import sys; from solver.cli import main; sys.exit(main())"
PLAYERS = {"godo": 2, "gogoa": 1, "kokoro": 2}
WARM_GOAL, COLD_GOAL = 1.5, 60.0

# Compiles (or loads) everything a game needs; prints one JSON line of timings and cache counts.
CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
import solver
from solver.core.agents import make_agent
from solver.search import expectimax, greedy, mcts, simulation
game, players, backend, path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
with open(path, encoding="utf-8") as f:
    state = solver.load_game(game, players=players, backend=backend).state_from_json(json.load(f))
t1 = time.perf_counter()
solver.best_move(state, iterations=1, workers=1)
solver.best_move(state, algorithm="expectimax", depth=1)
make_agent("greedy", seed=1).step(state.clone())
simulation.best_by_simulation(state, playouts=1)
t2 = time.perf_counter()
kernel = state.kernel_state().search_kernel()
searchers = [mcts.make_mcts(kernel), expectimax.make_expectimax(kernel), greedy.make_greedy(kernel),
             simulation.make_simulation(kernel)]
print(json.dumps({
    "import_and_kernel": t1 - t0,
    "searchers": t2 - t1,
    "in_script": t2 - t0,
    "searchers_loaded": sum(sum(s.stats.cache_hits.values()) for s in searchers),
    "searchers_compiled": sum(sum(s.stats.cache_misses.values()) for s in searchers),
}))
"""


def positions(folder: str, games: list[str]) -> dict[str, str]:
    """A position file per game, at a decision with a few options, after a seeded walk."""
    import solver
    from solver.core.perft import walk
    from solver.core.play import random_step

    paths = {}
    for game in games:
        state = walk(solver.load_game(game, players=PLAYERS[game]).new_initial_state(), 30, 1)
        rng = random.Random(1)
        while state.is_chance_node() or len(state.legal_actions()) < 3:
            state.apply_action(random_step(state, rng))
        paths[game] = os.path.join(folder, f"{game}.json")
        with open(paths[game], "w", encoding="utf-8") as f:
            json.dump(state.to_json(), f)
    return paths


def run(command: list[str], cache: str) -> tuple[float, str]:
    """Run ``command`` in a fresh process with ``NUMBA_CACHE_DIR=cache``: wall time, stdout."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    start = time.perf_counter()
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{proc.stderr}")
    return wall, proc.stdout


def compile_all(game: str, backend: str, position: str, cache: str) -> dict[str, Any]:
    command = [sys.executable, "-c", CHILD, game, str(PLAYERS[game]), backend, position]
    wall, out = run(command, cache)
    return {"wall": wall, **json.loads(out.strip().splitlines()[-1])}


def bestmove(game: str, backend: str, position: str, cache: str) -> float:
    solver_cli = shutil.which("solver")  # the console script, as a user runs it
    command = [solver_cli] if solver_cli else [sys.executable, "-c", CLI]
    command += ["bestmove", game, "--players", str(PLAYERS[game]), "--position", position,
                "--time", "0.5", "--backend", backend]  # fmt: skip
    return run(command, cache)[0]


def measure(game: str, backend: str, position: str, top: str, repeat: int) -> dict[str, Any]:
    """Cold and warm compile and bestmove of one game on one backend (caches under ``top``)."""
    cold_cache = tempfile.mkdtemp(dir=top)
    cold = compile_all(game, backend, position, cold_cache)
    warm = compile_all(game, backend, position, cold_cache)
    result = {
        "game": game,
        "backend": backend,
        "compile_cold": cold,
        "compile_warm": warm,
        "bestmove_cold": bestmove(game, backend, position, tempfile.mkdtemp(dir=top)),
        "bestmove_warm": [bestmove(game, backend, position, cold_cache) for _ in range(repeat)],
    }
    if backend == "numba":  # the default backend, searched on numba: the same cache
        result["bestmove_warm_reference"] = [
            bestmove(game, "reference", position, cold_cache) for _ in range(repeat)
        ]
    return result


def print_row(row: dict[str, Any]) -> None:
    """The table lines of one game and backend, and where the time went inside the script."""
    cold, warm = row["compile_cold"], row["compile_warm"]
    print(f"{row['game']:<7} {row['backend']:<10} {cold['wall']:>12.1f} {warm['wall']:>12.2f} "
          f"{row['bestmove_cold']:>13.1f} {statistics.median(row['bestmove_warm']):>13.2f} "
          f"{max(row['bestmove_warm']):>9.2f}")  # fmt: skip
    if "bestmove_warm_reference" in row:
        runs = row["bestmove_warm_reference"]
        print(f"{row['game']:<7} {'reference':<10} {'':>12} {'':>12} {'':>13} "
              f"{statistics.median(runs):>13.2f} {max(runs):>9.2f}")  # fmt: skip
    print(f"    cold: import and kernel {cold['import_and_kernel']:.1f} s, searchers "
          f"{cold['searchers']:.1f} s ({cold['searchers_compiled']} compiled); warm: import and "
          f"kernel {warm['import_and_kernel']:.2f} s, searchers {warm['searchers']:.2f} s "
          f"({warm['searchers_loaded']} loaded, "
          f"{warm['searchers_compiled']} compiled)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(PLAYERS), choices=list(PLAYERS))
    parser.add_argument("--repeat", type=int, default=5, help="warm bestmove runs (default 5)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be positive")

    from solver.games.godo import ckernel

    info = machine_info()
    if not args.json:
        print("Searcher start-up: fresh subprocesses, NUMBA_CACHE_DIR in a temp dir (cold: empty)")
        for line in describe(info):
            print(line)
        print(f"\n{'game':<7} {'backend':<10} {'compile cold':>12} {'compile warm':>12} "
              f"{'bestmove cold':>13} {'bestmove warm':>13} {'warm max':>9}")  # fmt: skip
        sys.stdout.flush()
    rows = []
    with tempfile.TemporaryDirectory(prefix="searcher-compile-") as top:
        paths = positions(top, args.games)
        for game in args.games:
            for backend in ["numba"] + (["c"] if game == "godo" and ckernel.available() else []):
                rows.append(measure(game, backend, paths[game], top, args.repeat))
                if not args.json:
                    print_row(rows[-1])
                    sys.stdout.flush()
    if args.json:
        json.dump({"machine": info, "repeat": args.repeat, "rows": rows}, sys.stdout, indent=2)
        print()
        return
    warm = [t for r in rows for t in r["bestmove_warm"] + r.get("bestmove_warm_reference", [])]
    cold = [r["compile_cold"]["wall"] for r in rows]
    print(f"(seconds of wall time; bestmove: `solver bestmove <game> --position p.json --time 0.5 "
          f"--backend <b>`; warm: median and max of {args.repeat} runs)")  # fmt: skip
    print(f"warm bestmove <= {WARM_GOAL} s: {'yes' if max(warm) <= WARM_GOAL else 'NO'} "
          f"(worst {max(warm):.2f} s); cold compile < {COLD_GOAL:.0f} s: "
          f"{'yes' if max(cold) < COLD_GOAL else 'NO'} (worst {max(cold):.1f} s)")  # fmt: skip


if __name__ == "__main__":
    main()
