"""What a frontend waits for, measured through the real engine process.

1. First move of a fresh process (warm caches): the wall time of
   ``solver bestmove <game> --position p.json --time 0.5`` from spawn to exit, per game, and where
   such a process spends it (``solver.cli.main`` in a script, its phases timed; median of the
   runs, wall and CPU milliseconds): ``import`` (``solver.cli``), ``numba`` (importing it and its
   start-up: the first compiled function loaded sets up LLVM and numba's registries),
   ``position`` (the game and the position on the kernel: the kernel's import and the compiled
   functions it calls), ``searchers`` (``decision.load_searchers``: the generated modules and
   their compiled code), ``search`` (the rest of the 0.5 s ``best_move``; on the ``reference``
   backend, the default, it puts the position on the kernel first) and ``rest`` (the
   interpreter's start-up and exit), with the count of compiled functions loaded from numba's
   cache.
2. Stop latency: from writing ``{"op": "stop"}`` to reading the stopped search's result, both
   algorithms.
3. Protocol overhead: short seeded searches (an iteration budget) a second through the engine,
   one query at a time, against the same searches through ``solver.best_move`` in this process.

    python bench/engine_latency.py [--runs 5] [--queries 40]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import solver
from solver.core.perft import walk
from solver.engine.client import Client

sys.path.insert(0, str(Path(__file__).parent))
from _machine import describe, machine_info

GAMES = (("godo", 2, "reference"), ("godo", 2, "numba"), ("godo", 2, "c"), ("gogoa", 2, "numba"),
         ("kokoro", 1, "numba"), ("koi", 2, "numba"))  # fmt: skip


def decision(name: str, players: int) -> dict:
    game = solver.load_game(name, players=players)
    for seed in range(100):
        state = walk(game.new_initial_state(), 20, seed)
        if not state.is_terminal() and not state.is_chance_node() and len(state.legal_actions()) > 1:
            return state.to_json()
    raise RuntimeError("no decision")


def first_move(runs: int) -> None:
    print("1. fresh process, warm cache: `solver bestmove <game> --position p.json --time 0.5`, wall seconds")
    with tempfile.TemporaryDirectory() as folder:
        for name, players, backend in GAMES:
            if backend not in solver.backends(name):
                continue
            path = Path(folder) / f"{name}.json"
            path.write_text(json.dumps(decision(name, players)))
            arguments = [name, "--players", str(players), "--position", str(path), "--time", "0.5", "--backend",
                         backend, "--json"]  # fmt: skip
            command = [sys.executable, "-m", "solver", "bestmove", *arguments]
            subprocess.run(command, check=True, capture_output=True)  # warms the caches
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                subprocess.run(command, check=True, capture_output=True)
                times.append(time.perf_counter() - start)
            print(f"   {name:7} {backend:6} median {statistics.median(times):.2f}  min {min(times):.2f}  "
                  f"max {max(times):.2f}")  # fmt: skip
            breakdown(arguments, runs)


# ``solver bestmove`` in a fresh process, its phases timed; prints one JSON line of (wall, CPU) spans.
PHASES = r"""
import gc, json, sys, time
clock = lambda: (time.perf_counter(), time.process_time())
spans, start = {}, clock()
def since(then):
    return [a - b for a, b in zip(clock(), then)]
import solver.cli
spans["import"] = since(start)
then = clock()
gc.disable()  # as ``solver bestmove`` does for its whole query
import numba
from solver.core.bits import popcount
popcount(1)
spans["numba"] = since(then)
from solver.search import decision
def timed(owner, name):
    function = getattr(owner, name)
    def wrapper(*args, **kwargs):
        then = clock()
        try:
            return function(*args, **kwargs)
        finally:
            spans[name] = since(then)
    setattr(owner, name, wrapper)
timed(decision, "load_searchers")
timed(solver, "best_move")
then = clock()
solver.cli.main(["bestmove", *sys.argv[1:]])
main = since(then)
spans["position"] = [m - b for m, b in zip(main, spans["best_move"])]
spans["searchers"] = spans.pop("load_searchers")
spans["search"] = [b - s for b, s in zip(spans.pop("best_move"), spans["searchers"])]
spans["in process"] = since(start)
dispatchers = {id(value): value for module in list(sys.modules.values()) for value in list(vars(module).values())
               if isinstance(value, numba.core.dispatcher.Dispatcher)}
loaded = sum(sum(d.stats.cache_hits.values()) for d in dispatchers.values())
print(json.dumps({"spans": spans, "loaded": loaded}))
"""
PHASE_ORDER = ("import", "numba", "position", "searchers", "search", "rest")


def breakdown(command: list[str], runs: int) -> None:
    """Where a fresh ``solver bestmove`` (``command``: its arguments) spends its time: per phase,
    the median wall and CPU milliseconds of ``runs`` processes."""
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    loaded = []
    for _ in range(runs):
        spawn = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", PHASES, *command], check=True, capture_output=True, text=True)
        total = time.perf_counter() - spawn
        result = json.loads(out.stdout.strip().splitlines()[-1])
        spans = result["spans"]
        spans["rest"] = [total - spans.pop("in process")[0], None]
        for phase, (seconds, cpu_seconds) in spans.items():
            wall.setdefault(phase, []).append(1000 * seconds)
            if cpu_seconds is not None:
                cpu.setdefault(phase, []).append(1000 * cpu_seconds)
        loaded.append(result["loaded"])
    cells = [f"{phase} {statistics.median(wall[phase]):.0f}" + (f"/{statistics.median(cpu[phase]):.0f}" if phase in cpu else "")
             for phase in PHASE_ORDER]  # fmt: skip
    print(f"   {'':14} wall/CPU ms: {', '.join(cells)}; {statistics.median(loaded):.0f} compiled functions loaded")


def stop_latency(engine: Client) -> None:
    print("2. stop latency (write stop -> read result), milliseconds")
    position = decision("godo", 2)
    for algorithm in ("mcts", "expectimax"):
        engine.request({"op": "analyse", "game": "godo", "position": position, "algorithm": algorithm,
                        "limits": {"time": 0.1}})  # fmt: skip
        waits = []
        for _ in range(5):
            id_ = engine.send({"op": "analyse", "game": "godo", "position": position, "algorithm": algorithm,
                               "limits": {"time": 60}, "report_every": 0})  # fmt: skip
            time.sleep(0.5)
            start = time.perf_counter()
            engine.stop(id_)
            list(engine.answers(id_))
            waits.append(1000 * (time.perf_counter() - start))
        print(f"   {algorithm:10} median {statistics.median(waits):.1f}  max {max(waits):.1f}")


def overhead(engine: Client, queries: int) -> None:
    print(f"3. {queries} searches of 200 iterations, one at a time: queries a second")
    for name, players in (("godo", 2), ("kokoro", 1)):
        position = decision(name, players)
        query = {"game": name, "position": position, "limits": {"iterations": 200, "workers": 1}, "report_every": 0}
        engine.request({"op": "analyse", **query})
        game = solver.load_game(name, players=players, backend="numba")  # loaded once, as the engine keeps it
        solver.best_move(game.state_from_json(position), iterations=200, workers=1)
        through_engine = direct = 0.0  # alternated query by query, so both see the same machine
        for seed in range(queries):
            start = time.perf_counter()
            engine.request({"op": "analyse", **query, "limits": {**query["limits"], "seed": seed}})
            through_engine += time.perf_counter() - start
            start = time.perf_counter()
            solver.best_move(game.state_from_json(position), iterations=200, workers=1, seed=seed)
            direct += time.perf_counter() - start
        through_engine, direct = queries / through_engine, queries / direct
        print(f"   {name:7} engine {through_engine:.1f}/s, API {direct:.1f}/s, "
              f"overhead {100 * (direct / through_engine - 1):+.1f}%")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--queries", type=int, default=40)
    args = parser.parse_args()
    print("\n".join(describe(machine_info())))
    first_move(args.runs)
    with Client() as engine:
        stop_latency(engine)
        overhead(engine, args.queries)


if __name__ == "__main__":
    main()
