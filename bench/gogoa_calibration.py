"""The calibration table of a Go Goa map: how seeded solo games score on it, agent by agent.

The reference map is calibrated so that the strongest agent's median sits near the rulebook's top
title (240) and the cap of 300 is rare (``docs/gogoa-reference-map.md``). This prints, for each
agent on the same seeds (the same dice): mean, median, share of games at 300, the solo titles, and
the mean of each scoring circle. Budgets are fixed per decision (no time limits), so the numbers do
not depend on the machine's load::

    python bench/gogoa_calibration.py --games 100 --seed 100 --agents greedy:lookahead=2,greedy
    python bench/gogoa_calibration.py --pack reference-v1 --games 30 --agents greedy
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from typing import Any

import solver
from solver.games.gogoa.scoring import MAX_SCORE, TITLES, score_parts

PARTS = ("souvenirs", "bonus", "plans", "sets", "same_type")


def play_games(pack: str, agent: str, games: int, seed: int) -> list[dict[str, Any]]:
    """Solo games ``seed`` .. ``seed + games - 1`` on the numba backend: each game's score, title
    and scoring circles."""
    game = solver.load_game("gogoa", players=1, pack=pack, backend="numba")
    rows = []
    for s in range(seed, seed + games):
        record = solver.play(game, [agent], seed=s)
        sheet = record.final["sheets"][0]
        visited = {game.pack.hex_named(name) for name in sheet["visited"]}
        parts = score_parts(game.pack, visited, sheet["plans"])
        rows.append({"score": record.scores[0], "title": record.title, **parts})
    return rows


def table(results: dict[str, list[dict[str, Any]]]) -> str:
    """The calibration table: one column per agent."""
    agents = list(results)
    lines = [("", agents)]

    def row(label: str, cell: Any) -> None:
        lines.append((label, [cell(results[a]) for a in agents]))

    row("games", len)
    row("mean score", lambda r: f"{statistics.mean(g['score'] for g in r):.1f}")
    row("median score", lambda r: f"{statistics.median(g['score'] for g in r):g}")
    row("lowest-highest", lambda r: f"{min(g['score'] for g in r)}-{max(g['score'] for g in r)}")
    row(f"at {MAX_SCORE}", lambda r: f"{sum(g['score'] >= MAX_SCORE for g in r) / len(r):.1%}")
    for _, title in TITLES:
        row(f"  {title}", lambda r, t=title: Counter(g["title"] for g in r)[t])
    for part in PARTS:
        row(f"mean {part}", lambda r, p=part: f"{statistics.mean(g[p] for g in r):.1f}")
    width = max(len(label) for label, _ in lines) + 2
    cols = [max(len(str(c)) for c in cells) + 2 for cells in zip(*(cells for _, cells in lines))]
    return "\n".join(
        label.ljust(width) + "".join(str(c).ljust(w) for c, w in zip(cells, cols))
        for label, cells in lines
    ).rstrip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack", default="reference", help="a shipped pack name or a JSON file")
    parser.add_argument("--games", type=int, default=100, help="games per agent")
    parser.add_argument("--seed", type=int, default=100, help="the first seed (game g: seed + g)")
    parser.add_argument("--agents", default="greedy:lookahead=2,greedy,random",
                        help="comma-separated agent specs, the strongest first")  # fmt: skip
    args = parser.parse_args()
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    results = {a: play_games(args.pack, a, args.games, args.seed) for a in agents}
    last = args.seed + args.games - 1
    print(f"gogoa solo, pack {args.pack}, numba, seeds {args.seed}-{last}")
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
