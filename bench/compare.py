"""Two runs of the same games compared game by game: what a change of the code, a parameter or a
budget did, paired.

    PYTHONPATH=. python bench/compare.py before.jsonl after.jsonl
    PYTHONPATH=. python bench/compare.py old5000.jsonl,old5050.jsonl new5000.jsonl,new5050.jsonl

Each side is the games of one run: a results file of ``solver solo``/``solver arena`` (``--out``)
or of ``bench/strength.py`` (a file of its ``--out`` folder), or several joined by commas. The
agent compared is each game's first agent (``solver solo``'s ``--agent``, the first of ``solver
arena``'s ``--agents``, ``bench/strength.py``'s AI); a side whose games have several first agents
(a solo file with its baselines) names the one to compare with ``--before-agent``/``--after-agent``.
A game of one side is matched with the game of the other that has its game, options (the backend
aside), seed and the compared agent's seat, so a seeded game replays the same deal and dice on both
sides and the differences are the change's and the agents' own choices', not the luck's.

Solo, the agent's scores are compared: each side's mean and the mean of the per-game differences
with its 95% interval. With players, its share of each game's win (a shared win counts 1/k):
each side's share with its 95% Wilson interval, the paired difference of the shares with its
normal interval, the same for its score lead (its score minus the best of the others'), and the
shares by seat. Both say how many games were played differently (another action anywhere) and
how many of those ended otherwise: at a fixed count of rounds or iterations, a game played the
same on both sides is the same code's game, so a change that touches few games shows it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from typing import Any

from strength import interval, share, show

from solver.core.errors import RecordError, SolverError
from solver.core.strict_json import records as fields
from solver.sweep.jobs import share_of_wins
from solver.sweep.results import read_results

Key = tuple[str, int, str, int, int]
"""A game's match between the sides: game, players, options (JSON, the backend aside), seed, the
compared agent's seat."""


def games_of(files: str, field: str, agent: str | None) -> tuple[str, dict[Key, dict[str, Any]]]:
    """The compared agent's spec and its games in ``files`` (comma-separated), by key.

    Raises:
        RecordError: ``field``: a file is unreadable or malformed (the line named), it has no games
            (of ``agent``), its games have several first agents and ``agent`` names none, or two
            games share a key.
    """
    games = [checked(r, number, path, field) for path in files.split(",")
             for number, r in enumerate(read_results(path, field), 1)]  # fmt: skip
    specs = sorted({r["agents"][0] for r in games})
    if agent is None and len(specs) > 1:
        raise RecordError(field, f"its games have several first agents ({', '.join(specs)}): name one with --{field}-agent")
    agent = specs[0] if agent is None and specs else agent
    kept: dict[Key, dict[str, Any]] = {}
    for r in games:
        if r["agents"][0] != agent:
            continue
        options = {k: v for k, v in r["options"].items() if k != "backend"}
        key = (r["game"], len(r["seats"]), json.dumps(options, sort_keys=True), r["seed"], r["seats"].index(0))
        if key in kept:
            raise RecordError(field, f"seed {r['seed']} with {agent} in seat {key[4]} appears twice: give the games of one run")
        kept[key] = r
    if not kept:
        raise RecordError(field, f"no games of {agent} in {files}" if games else f"no games in {files}")
    return str(agent), kept


def checked(result: dict[str, Any], number: int, path: str, field: str) -> dict[str, Any]:
    """A game of a results file with what the comparison reads: a score and a seat for each player,
    the winners among the seats, the actions played."""
    seats = len(result["seats"])
    try:
        fields.object(result, "", required=("scores", "winners", "actions"))
        if result["seats"].count(0) != 1:
            raise RecordError("seats", "the first agent, the one compared, must hold exactly one seat")
        for i, score in enumerate(fields.array(result["scores"], "scores", seats)):
            fields.number(score, f"scores[{i}]")
        for i, seat in enumerate(fields.array(result["winners"], "winners", max_length=seats)):
            fields.integer(seat, f"winners[{i}]", 0, seats - 1)
        fields.array(result["actions"], "actions")
    except RecordError as exc:
        raise RecordError(field, f"line {number} of {path}: {exc}") from None
    return result


def lead(result: dict[str, Any]) -> float:
    """The compared agent's score minus the best score of the others."""
    seat = result["seats"].index(0)
    others = [s for i, s in enumerate(result["scores"]) if result["seats"][i] != 0]
    return float(result["scores"][seat] - max(others))


def compare(before: dict[Key, dict[str, Any]], after: dict[Key, dict[str, Any]]) -> dict[str, Any]:
    """The paired comparison of the games both sides played (see the module)."""
    keys = sorted(before.keys() & after.keys())
    if not keys:
        raise RecordError("after", "no game matches one of before (the same game, options, seed and seat)")
    if len({k[:2] for k in keys}) > 1:
        raise RecordError("after", "the games matched are of several games or player counts: compare one at a time")
    pairs = [(before[k], after[k]) for k in keys]
    report: dict[str, Any] = {
        "game": keys[0][0], "players": keys[0][1], "games": len(keys), "unmatched": {"before": len(before) - len(keys), "after": len(after) - len(keys)},
        "played_differently": sum(b["actions"] != a["actions"] for b, a in pairs),
    }  # fmt: skip
    if keys[0][1] == 1:
        scores = [(float(b["scores"][0]), float(a["scores"][0])) for b, a in pairs]
        report["before"] = round(statistics.fmean(b for b, _ in scores), 4)
        report["after"] = round(statistics.fmean(a for _, a in scores), 4)
        report["ended_otherwise"] = sum(b != a for b, a in scores)
        report["difference"] = interval([a - b for b, a in scores])
        return report
    shares = [(share_of_wins(b), share_of_wins(a)) for b, a in pairs]
    for side, index in (("before", 0), ("after", 1)):
        by_seat = {}
        for seat in sorted({k[4] for k in keys}):
            got = [s[index] for k, s in zip(keys, shares, strict=True) if k[4] == seat]
            by_seat[str(seat)] = [round(sum(got), 2), len(got)]
        report[side] = share([s[index] for s in shares]) | {
            "by_seat": by_seat, "lead": round(statistics.fmean(lead(p[index]) for p in pairs), 2)}
    report["ended_otherwise"] = sum(b != a for b, a in shares)
    report["difference"] = interval([a - b for b, a in shares])
    report["lead_difference"] = interval([lead(a) - lead(b) for b, a in pairs])
    return report


def text(report: dict[str, Any]) -> str:
    head = f"{report['game']}, {report['players']} player(s): {report['agents']['before']} -> {report['agents']['after']}"
    lines = [head, f"{report['games']} games matched (unmatched: {report['unmatched']['before']} before, "
             f"{report['unmatched']['after']} after); played differently {report['played_differently']}, "
             f"of which ended otherwise {report['ended_otherwise']}"]  # fmt: skip
    if report["players"] == 1:
        lines.append(f"mean score: before {report['before']:.2f}, after {report['after']:.2f}; "
                     f"after minus before {show(report['difference'])} (95%, paired)")  # fmt: skip
        return "\n".join(lines)
    for side in ("before", "after"):
        s = report[side]
        seats = ", ".join(f"seat {k} {v[0]:g} of {v[1]}" for k, v in s["by_seat"].items())
        lines.append(f"{side}: won {100 * s['share']:.1f}% [{100 * s['interval'][0]:.1f}, {100 * s['interval'][1]:.1f}] "
                     f"({seats}); score lead {s['lead']:+.1f}")  # fmt: skip
    lines.append(f"after minus before: {show(report['difference'], 1, 100)} points of the wins, "
                 f"score lead {show(report['lead_difference'])} (95%, paired)")  # fmt: skip
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", help="the games before the change: results file(s), comma-separated")
    parser.add_argument("after", help="the games after it, the same way")
    parser.add_argument("--before-agent", default=None, help="the agent compared in before (its games' first agent)")
    parser.add_argument("--after-agent", default=None, help="the agent compared in after")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        before_agent, before = games_of(args.before, "before", args.before_agent)
        after_agent, after = games_of(args.after, "after", args.after_agent)
        report = compare(before, after)
    except SolverError as exc:
        parser.error(str(exc))
    report["agents"] = {"before": before_agent, "after": after_agent}
    print(json.dumps(report, indent=2) if args.json else text(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
