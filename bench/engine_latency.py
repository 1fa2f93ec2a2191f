"""What a frontend waits for, measured through the real engine process.

1. First move of a fresh process (warm caches): the wall time of
   ``solver bestmove <game> --position p.json --time 0.5`` from spawn to exit, per game.
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

GAMES = (("godo", 2, "numba"), ("godo", 2, "c"), ("gogoa", 2, "numba"), ("kokoro", 1, "numba"))


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
            command = [sys.executable, "-m", "solver", "bestmove", name, "--players", str(players), "--position",
                       str(path), "--time", "0.5", "--backend", backend, "--json"]  # fmt: skip
            subprocess.run(command, check=True, capture_output=True)  # warms the caches
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                subprocess.run(command, check=True, capture_output=True)
                times.append(time.perf_counter() - start)
            print(f"   {name:7} {backend:6} median {statistics.median(times):.2f}  min {min(times):.2f}  "
                  f"max {max(times):.2f}")  # fmt: skip


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
