"""Start-up cost of the GODŌ numba kernel: compiling from a cold cache, and loading a warm one.

    PYTHONPATH=. python bench/godo_compile.py                 # cold once, warm median of 5
    PYTHONPATH=. python bench/godo_compile.py --cold 3 --repeat 9 --json

Every measurement is a fresh Python subprocess running the same start-up script: import ``solver``,
load the numba backend, make a state, call ``legal_actions``, ``chance_outcomes`` and ``returns``,
run ``solver.random_playouts(game, 2, 1)`` and ``kernel.determinize`` once.

- cold: ``NUMBA_CACHE_DIR`` points at a new, empty temporary directory, so numba compiles every
  kernel function the script needs and writes its cache there (the repository's own
  ``__pycache__`` cache is neither read nor touched);
- warm: the same script again with the same, now filled, cache directory: numba only loads.

The kernel functions carry explicit signatures, each compiled (or loaded) the first time it is
needed (``solver.core.jit``), by the first numba state and the calls after it; the kernel is first
imported by the first numba state, not by ``import solver``: the script checks that
``import solver`` imports neither numba nor the kernel.

Reported per run: the subprocess's wall time (interpreter start-up included) and, measured inside
it, the time of each step; the medians over runs. A warm run that writes cache files (the kernel's
source changed in between, say) is flagged.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _machine import describe, machine_info

ROOT = Path(__file__).resolve().parent.parent

# The start-up script, run in each subprocess; prints one JSON line.
CHILD = r"""
import json, os, sys, time
t0 = time.perf_counter()
def count_cache_files():
    return sum(len(files) for _, _, files in os.walk(os.environ["NUMBA_CACHE_DIR"]))
before = count_cache_files()
import solver
t_import = time.perf_counter()
numba_after_import = "numba" in sys.modules
kernel_after_import = "solver.games.godo.kernel" in sys.modules
files_after_import = count_cache_files()
import numba
t_numba = time.perf_counter()
game = solver.load_game("godo", players=2, backend="numba")
state = game.new_initial_state()          # imports the kernel; compiles or loads what it calls
t_state = time.perf_counter()
import numpy as np
from solver.games.godo import kernel as K
state.legal_actions()
state.chance_outcomes()
state.returns()
solver.random_playouts(game, 2, 1)
K.determinize(state.array.copy(), 0, np.array([1], np.uint64))
t_calls = time.perf_counter()
print(json.dumps({
    "import_solver": t_import - t0,
    "import_numba": t_numba - t_import,
    "first_state": t_state - t_numba,
    "first_calls": t_calls - t_state,
    "total_in_script": t_calls - t0,
    "numba_imported_by_import_solver": numba_after_import,
    "kernel_imported_by_import_solver": kernel_after_import,
    "cache_files_before": before,
    "cache_files_after_import_solver": files_after_import,
    "cache_files_after": count_cache_files(),
}))
"""

STEPS = ("import_solver", "import_numba", "first_state", "first_calls", "total_in_script", "wall")


def run_child(cache_dir: str) -> dict[str, Any]:
    env = dict(os.environ)
    env["NUMBA_CACHE_DIR"] = cache_dir
    paths = [str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True,
                          text=True)  # fmt: skip
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"start-up script failed:\n{proc.stderr}")
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["wall"] = wall
    return out


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {step: statistics.median(r[step] for r in runs) for step in STEPS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", type=int, default=1,
                        help="cold runs, each with a new empty cache (default 1)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="warm runs (default 5); medians reported")  # fmt: skip
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.cold < 1 or args.repeat < 1:
        parser.error("--cold and --repeat must be positive")

    info = machine_info()
    cold, warm = [], []
    with tempfile.TemporaryDirectory(prefix="godo-numba-cache-") as top:
        for i in range(args.cold):
            cache = os.path.join(top, f"cache{i}")
            os.mkdir(cache)
            cold.append(run_child(cache))
        for _ in range(args.repeat):  # with the cache the first cold run filled
            warm.append(run_child(os.path.join(top, "cache0")))
        cache_files = sum(len(f) for _, _, f in os.walk(os.path.join(top, "cache0")))

    recompiled = [i for i, r in enumerate(warm)
                  if r["cache_files_after"] != r["cache_files_before"]]  # fmt: skip
    lazy = not any(
        r["numba_imported_by_import_solver"]
        or r["kernel_imported_by_import_solver"]
        or r["cache_files_after_import_solver"] != r["cache_files_before"]
        for r in cold + warm
    )
    result = {
        "machine": info,
        "cold_runs": args.cold,
        "warm_runs": args.repeat,
        "cold": summary(cold),
        "warm": summary(warm),
        "cold_all": cold,
        "warm_all": warm,
        "cache_files_written": cache_files,
        "warm_runs_that_wrote_cache_files": recompiled,
        "import_solver_leaves_kernel_uncompiled": lazy,
    }
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        print()
        return

    print("GODŌ numba kernel start-up: a fresh subprocess per run, NUMBA_CACHE_DIR in a temp dir")
    for line in describe(info):
        print(line)
    print()
    print(f"{'seconds':<44} {'cold':>8} {'warm':>8}")
    names = {
        "import_solver": "import solver",
        "import_numba": "import numba",
        "first_state": "first numba state (kernel import, its calls)",
        "first_calls": "first calls (legal, chance, playouts, ...)",
        "total_in_script": "total inside the script",
        "wall": "subprocess wall time (with interpreter)",
    }
    for step in STEPS:
        print(f"{names[step]:<44} {result['cold'][step]:>8.2f} {result['warm'][step]:>8.2f}")
    print(f"(cold: {'median of ' + str(args.cold) + ' runs' if args.cold > 1 else '1 run'}; "
          f"warm: median of {args.repeat} runs)")  # fmt: skip
    print()
    print(f"cache files written by a cold run: {cache_files}; "
          f"warm runs that wrote cache files (recompiled): {len(recompiled)}")  # fmt: skip
    print(f"'import solver' alone imports neither numba nor the kernel and compiles nothing: "
          f"{'yes' if lazy else 'NO'}")  # fmt: skip
    if recompiled:
        print("warning: some warm runs recompiled (did the kernel's source change during the run?)")


if __name__ == "__main__":
    main()
