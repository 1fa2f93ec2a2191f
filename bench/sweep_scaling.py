"""Games per second of one sweep on 1 and 2 local processes and on a 2-worker Dask LocalCluster.

    PYTHONPATH=. python bench/sweep_scaling.py                  # kokoro solo, mcts:iterations=200
    PYTHONPATH=. python bench/sweep_scaling.py --agent greedy --games 400 --json

Every run plays the same games (the same seeds, agent and game; ``solver.sweep.run_sweep``), and
the results are checked to be identical (up to the ``seconds`` timing field). The time of a run is
the wall clock from the first game sent to the last result back, after the workers are started and
warmed (one untimed game per worker), so it measures playing, not starting processes. On a machine
shared with other work the numbers move by tens of percent from run to run: the load average at
the start is printed with the machine line.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from _machine import describe, machine_info

from solver.sweep.jobs import Job, result_key, without_timing
from solver.sweep.runner import run_sweep


def timed(plan: list[Job], warm: list[Job], **where: Any) -> tuple[float, dict]:
    """Seconds to play ``plan`` after ``warm`` (untimed: the clock starts when the last warm-up
    game is back, the workers started and compiled), and the plan's results without timing."""
    warm_keys, plan_keys = {j.key for j in warm}, {j.key for j in plan}
    started: list[float] = []

    def clock(result: dict) -> bool:
        if result_key(result) in warm_keys:
            started.append(time.perf_counter())
        return False

    results = run_sweep(warm + plan, {}, on_result=clock, **where)
    seconds = time.perf_counter() - max(started)
    return seconds, {k: without_timing(r) for k, r in results.items() if k in plan_keys}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kokoro")
    parser.add_argument("--agent", default="mcts:iterations=200:workers=1")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load = (("players", 1),)
    plan = [Job(args.game, load, (args.agent,), (0,), seed) for seed in range(1, args.games + 1)]
    warm = [Job(args.game, load, (args.agent,), (0,), seed) for seed in (10**6, 10**6 + 1)]
    info = machine_info()
    rows: dict[str, float] = {}
    baseline = None
    for label, where in (("1 process", {"workers": 1}), ("2 processes", {"workers": 2})):
        seconds, results = timed(plan, warm, **where)
        baseline = baseline or results
        assert results == baseline, f"{label}: other results"
        rows[label] = args.games / seconds
    try:
        import distributed
    except ImportError:
        print(
            "Dask distributed is not installed: the LocalCluster row is left out", file=sys.stderr
        )
    else:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster:  # fmt: skip
            seconds, results = timed(plan, warm, scheduler=cluster.scheduler_address)
        assert results == baseline, "LocalCluster: other results"
        rows["2-worker LocalCluster"] = args.games / seconds
    if args.json:
        rates = {k: round(v, 3) for k, v in rows.items()}
        data = {"machine": info, "game": args.game, "agent": args.agent, "games": args.games}
        print(json.dumps({**data, "games_per_second": rates}, indent=2))
        return 0
    print("\n".join(describe(info)))
    print(
        f"{args.game} solo, {args.agent}, {args.games} games (seeds 1-{args.games}),"
        " identical results on every row"
    )
    one = rows["1 process"]
    for label, rate in rows.items():
        print(f"  {label:22} {rate:8.2f} games/s  ({rate / one:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
