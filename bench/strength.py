"""The AI's strength: ``ai`` at several time budgets a turn, against greedy and against the best
agent documented before it, for one game and player count; seeded, paired, seats rotated.

    PYTHONPATH=. python bench/strength.py kokoro --players 1 --games 100 --budgets 0.25,1,4
    PYTHONPATH=. python bench/strength.py koi --players 2 --games 100 --budgets 1 --jobs 2
    PYTHONPATH=. python bench/strength.py godo --players 3 --games 30 --budgets 1 --out runs/

Every agent plays the same seeds (``--seed``, ``--seed + 1``, ...; a seed fixes the deal, the
draws and the agents' own seeds), so the solo comparisons are paired: each difference is the mean
of the per-seed differences with its 95% interval. With 2 or more players each seed is played
once with the AI in every seat (both seat orders in a duel) against ``--against`` in the others;
its share of the wins (a shared win counts 1/k) is given with its 95% Wilson interval, and the
budgets are compared pair by pair on the same seeds and seats. ``ai:time=T`` is what
``solver.best_move(state, time_limit=T)`` plays (``solver.search.ai``), one worker a search unless
``--workers`` says more (one keeps a row from depending on the machine's cores; ``best_move``
itself takes every core); each budget row is compared with the budget before it (``more time``).

The games are played by the sweep runner of ``solver solo/arena`` (``--jobs`` processes or a Dask
``--scheduler``); with ``--out DIR`` each agent's games are kept in ``DIR`` as they finish
(``solver.sweep.results``) and a later run with the same arguments plays only the games missing.
The table goes to stdout (``--json``: everything as JSON), with the machine it ran on; ``--plot
OUT.PNG`` draws the curve: the AI's mean score (solo) or share of the wins (with players) at each
budget with its 95% interval, the baselines' means or an even share as lines across it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from _machine import describe, machine_info
from tqdm import tqdm

import solver
from solver.core.agents import OPTIONS, file_safe
from solver.core.errors import SolverError
from solver.report import (
    check_writable,
    mean_interval,
    png_figure,
    require_matplotlib,
    save_png,
    wilson_interval,
)
from solver.sweep.jobs import Job, pin_workers, share_of_wins
from solver.sweep.runner import run_sweep

BEST_BEFORE: dict[tuple[str, int], str] = {
    ("godo", 1): "mcts:iterations=2000",
    ("gogoa", 1): "greedy:lookahead=2",
    ("kokoro", 1): "expectimax:depth=2",
    ("koi", 1): "mcts:iterations=1000",
}
"""The best solo agent documented before the AI (docs/ai.md; issue 27's yardsticks)."""


def solo_plan(game: str, load: dict[str, Any], agent: str, seeds: Sequence[int]) -> list[Job]:
    return [Job(game, tuple(sorted(load.items())), (agent,), (0,), seed) for seed in seeds]


def match_plan(game: str, load: dict[str, Any], agent: str, against: str, seeds: Sequence[int]) -> list[Job]:
    """Each seed with ``agent`` (agent 0) in every seat, ``against`` (agent 1) in the others."""
    players = load["players"]
    return [Job(game, tuple(sorted(load.items())), (agent, against), tuple(int(s != seat) for s in range(players)), seed)
            for seed in seeds for seat in range(players)]  # fmt: skip


def play(plan: list[Job], load: dict[str, Any], args: argparse.Namespace, name: str, bar: tqdm) -> list[dict[str, Any]]:
    """The plan's results in plan order (kept in ``--out`` if given)."""
    out = None
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        safe = file_safe(name).replace("=", "-")  # "=" as "-": the names of the games kept before
        out = os.path.join(args.out, f"{args.game}-{args.players}p-{safe}.jsonl")

    def tick(_: dict[str, Any]) -> bool:
        bar.update()
        return False

    options = solver.load_game(args.game, **load).options()  # as the games record them (the pack too)
    results = run_sweep(plan, options, workers=args.jobs, scheduler=args.scheduler, out=out,
                        resume=out is not None and os.path.exists(out), on_result=tick)  # fmt: skip
    return [results[job.key] for job in plan]


def interval(values: Sequence[float]) -> dict[str, Any]:
    """The mean of ``values`` with its 95% normal interval (``solver.report.mean_interval``)."""
    mean, low, high = mean_interval(values)
    return {"mean": round(mean, 4), "interval": [round(low, 4), round(high, 4)], "n": len(values)}


def share(got: Sequence[float]) -> dict[str, Any]:
    """The share of the wins in ``got`` (one game's share each) with its 95% Wilson interval."""
    low, high = wilson_interval(sum(got), len(got))
    return {"share": round(statistics.fmean(got), 4), "interval": [round(low, 4), round(high, 4)], "games": len(got)}


def solo_rows(scores: dict[str, list[float]], won: dict[str, list[bool]], budgets: list[str],
              baselines: list[str]) -> list[dict[str, Any]]:  # fmt: skip
    rows = []
    for i, agent in enumerate(budgets + baselines):
        row: dict[str, Any] = {"agent": agent, **interval(scores[agent]), "wins": sum(won[agent])}
        if agent in budgets:
            row["against"] = {b: interval([x - y for x, y in zip(scores[agent], scores[b])]) for b in baselines}
            if i > 0:
                row["more_time"] = interval([x - y for x, y in zip(scores[agent], scores[budgets[i - 1]])])
        rows.append(row)
    return rows


def match_rows(shares: dict[str, dict[str, list[float]]], budgets: list[str]) -> list[dict[str, Any]]:
    rows = []
    for against, by_agent in shares.items():
        for i, agent in enumerate(budgets):
            got = by_agent[agent]
            row = {"agent": agent, "against": against, **share(got)}
            if i > 0:
                row["more_time"] = interval([x - y for x, y in zip(got, by_agent[budgets[i - 1]])])
            rows.append(row)
    return rows


def show(cell: dict[str, Any], digits: int = 2, scale: float = 1.0) -> str:
    """An ``interval`` cell as ``+mean [+low, +high]``, times ``scale`` (100: a share in points)."""
    low, high = cell["interval"]
    return f"{scale * cell['mean']:+.{digits}f} [{scale * low:+.{digits}f}, {scale * high:+.{digits}f}]"


def table(report: dict[str, Any]) -> str:
    lines = [f"{report['game']}, {report['players']} player(s), seeds {report['seeds'][0]}-{report['seeds'][1]}"]
    if report["players"] == 1:
        baselines = [r["agent"] for r in report["rows"] if "against" not in r]
        head = ["agent", "mean [95%]", "wins"] + [f"- {b}" for b in baselines] + ["- less time"]
        lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for r in report["rows"]:
            cells = [r["agent"], f"{r['mean']:.2f} [{r['interval'][0]:.2f}, {r['interval'][1]:.2f}]", str(r["wins"])]
            cells += [show(r["against"][b]) if "against" in r else "" for b in baselines]
            cells.append(show(r["more_time"]) if "more_time" in r else "")
            lines.append("| " + " | ".join(cells) + " |")
    else:
        head = ["agent", "against", "games", "share of wins [95%]", "even", "- less time"]
        lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for r in report["rows"]:
            low, high = r["interval"]
            lines.append(f"| {r['agent']} | {r['against']} | {r['games']} | {100 * r['share']:.1f}% "
                         f"[{100 * low:.1f}, {100 * high:.1f}] | {100 / report['players']:.1f}% | "
                         f"{show(r['more_time'], 3) if 'more_time' in r else ''} |")  # fmt: skip
    return "\n".join(lines)


def budget_of(agent: str) -> float:
    """The seconds a turn of a budget's agent (``ai:time=T:workers=K``)."""
    return float(agent.split("time=")[1].split(":")[0])


def plot_curve(report: dict[str, Any], path: str) -> None:
    """Draw the AI's strength against its seconds a turn as a PNG: each budget's mean with its 95%
    interval (one curve per opponent with players); solo the baselines' means, with players an even
    share, as dashed lines."""
    figure = png_figure(7.0, 4.5)
    axes = figure.add_subplot()
    solo = report["players"] == 1
    scale = 1 if solo else 100  # shares in percent
    curves: dict[str, list[dict[str, Any]]] = {}
    lines: dict[str, float] = {} if solo else {"an even share": 100 / report["players"]}
    for row in report["rows"]:
        if solo and "against" not in row:
            lines[f"{row['agent']} ({row['mean']:.2f})"] = row["mean"]
        else:
            curves.setdefault("the AI" if solo else f"the AI against {row['against']}", []).append(row)
    for k, (label, rows) in enumerate(curves.items()):
        seconds = [budget_of(r["agent"]) for r in rows]
        middle = [scale * r["mean" if solo else "share"] for r in rows]
        errors = [[m - scale * r["interval"][0] for m, r in zip(middle, rows)],
                  [scale * r["interval"][1] - m for m, r in zip(middle, rows)]]  # fmt: skip
        axes.errorbar(seconds, middle, yerr=errors, marker="o", capsize=4, color=f"C{k}", label=label)
    for k, (label, value) in enumerate(lines.items(), len(curves)):
        axes.axhline(value, linestyle="--", color=f"C{k}", label=label)
    axes.set_xscale("log")
    budgets = sorted({budget_of(r["agent"]) for rows in curves.values() for r in rows})
    axes.set_xticks(budgets, [f"{b:g}" for b in budgets])
    axes.minorticks_off()
    axes.set_xlabel("seconds a turn")
    axes.set_ylabel(f"mean {solver.load_game(report['game']).solo_info.score_name}" if solo else "share of the wins (%)")
    axes.legend()
    who = "solo" if solo else f"{report['players']} players"
    axes.set_title(f"{report['game']}, {who}: seeds {report['seeds'][0]}-{report['seeds'][1]}, 95% intervals")
    save_png(figure, path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(solver.api.GAMES))
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="a game option, KEY=VALUE (JSON value)")
    parser.add_argument("--budgets", default="0.25,1,4", help="the AI's seconds a turn, comma-separated")
    parser.add_argument("--against", default=None,
                        help="baselines (solo) or opponents, comma-separated; default greedy, and solo the best agent before")
    parser.add_argument("--games", type=int, default=100, help="seeds (each played in every seat with 2+ players)")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1,
                        help="the AI's threads a search (default 1; keep jobs x workers within the cores)")
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler address (instead of --jobs)")
    parser.add_argument("--out", default=None, help="a folder to keep the games in (and resume from)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--plot", default=None, metavar="OUT.PNG", help="draw the curve: strength against seconds a turn")
    args = parser.parse_args(argv)
    try:
        OPTIONS["workers"].check(args.workers, "--workers")
    except SolverError as exc:
        parser.error(str(exc))
    if args.plot:
        try:
            require_matplotlib()
            check_writable(args.plot)
        except SolverError as exc:
            parser.error(str(exc))
    load = {"players": args.players, "backend": "numba"} | {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    budgets = [f"ai:time={float(b):g}:workers={args.workers}" for b in args.budgets.split(",")]
    against = args.against.split(",") if args.against else ["greedy"] + [a for a in [BEST_BEFORE.get((args.game, args.players))] if a]
    against = [pin_workers(a) for a in against]
    seeds = range(args.seed, args.seed + args.games)
    start = time.perf_counter()
    quiet = args.json or not sys.stderr.isatty()
    report: dict[str, Any] = {"game": args.game, "players": args.players, "options": load, "seeds": [seeds[0], seeds[-1]]}
    if args.players == 1:
        total = len(seeds) * (len(budgets) + len(against))
        with tqdm(total=total, desc=f"{args.game} solo", unit="game", file=sys.stderr, disable=quiet) as bar:
            results = {a: play(solo_plan(args.game, load, a, seeds), load, args, a, bar) for a in budgets + against}
        scores = {a: [float(r["score"]) for r in rs] for a, rs in results.items()}
        won = {a: [bool(r["won"]) for r in rs] for a, rs in results.items()}
        report["rows"] = solo_rows(scores, won, budgets, against)
    else:
        total = len(seeds) * args.players * len(budgets) * len(against)
        shares: dict[str, dict[str, list[float]]] = {}
        with tqdm(total=total, desc=f"{args.game} {args.players}p", unit="game", file=sys.stderr, disable=quiet) as bar:
            for opponent in against:
                shares[opponent] = {a: [share_of_wins(r) for r in play(match_plan(args.game, load, a, opponent, seeds), load, args,
                                                                f"{a}-vs-{opponent}", bar)]
                                    for a in budgets}  # fmt: skip
        report["rows"] = match_rows(shares, budgets)
    report["seconds"] = round(time.perf_counter() - start, 1)
    report["machine"] = machine_info()
    if args.plot:
        try:
            plot_curve(report, args.plot)
        except SolverError as exc:
            parser.error(f"{exc} (the games are kept in --out)" if args.out else str(exc))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(table(report))
        where = f"the scheduler at {args.scheduler}" if args.scheduler else f"{args.jobs} process(es)"
        print(f"\n{report['seconds']} s, {where}; " + "; ".join(describe(report["machine"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
