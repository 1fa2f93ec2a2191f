"""Calibration of a GODŌ pack: how strong play fares on it, next to the rulebook's numbers.

    PYTHONPATH=. python bench/godo_calibration.py                        # the reference pack
    PYTHONPATH=. python bench/godo_calibration.py --pack reference-v1 --games 10

Plays ``--games`` seeded solo games with ``mcts:iterations=N`` (seeds ``--seed``, ``--seed + 1``,
...; ``--options`` adds MCTS options to that spec, e.g. ``finish=1:rollout=10``) and prints the
win rate, the titles table, the turn of each win and the median title. The budget is iterations,
not time, so the numbers do not depend on the machine's load. The 2-player numbers on a pack are
``bench/godo_duels.py``'s (``--pack``).

Each solo game is replayed on the reference engine to measure what the rulebook states in numbers
(docs/godo-reference-pack.md): the virtue symbols at the intersections the monk reaches (the
book's examples: 3, 2, 2, 1, 4, 2), the share of collected tokens that the Improvement cannot use
(the book's example: 3 of 7), the initiation head start in steps, and the most steps one virtue
gained in one turn ("up to 3 steps in one turn").

The targets of issue 16: MCTS wins at least 80% of solo games, earns Godo Legend in at most a
quarter, and its median title sits in the middle of the table.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from _machine import describe, machine_info

import solver
from solver.games.godo import actions as act
from solver.games.godo import rules as R
from solver.games.godo.pack import NUM_COLOURS, Pack, load_pack
from solver.report import LOST, wilson_interval


@dataclass
class SoloGame:
    """One solo game: its outcome and the rulebook's numbers measured on it."""

    seed: int
    title: str
    win_turn: int | None
    head_start: int = 0
    arrivals: list[int] = field(default_factory=list)  # virtue symbols where the monk arrived
    collected: int = 0  # virtue tokens held when the movement ended
    used: int = 0  # of those, returned in the Improvement to move a token
    most_steps: int = 0  # the most steps one track gained in one Improvement


class _Counting(R.GodoState):
    """The reference engine, counting the virtue tokens held each time a movement ends."""

    held = 0

    def _end_movement(self) -> None:
        self.held += sum(self.collected)
        super()._end_movement()


def replay(pack: Pack, game: SoloGame, actions: list[int]) -> None:
    """Replay a solo game on the reference engine and fill in ``game``'s measured numbers."""
    state = _Counting.new(pack, players=1, solo=True)
    gains: Counter = Counter()
    for action in actions:
        phase, mode, moves = state.phase, state.pool_mode, state.moves
        state.apply_action(action)
        if phase == R.ADVANCE and action != act.PASS:
            track = (action - act.ADVANCE) % NUM_COLOURS
            if mode == R.POOL_INITIATION:
                game.head_start += 1
            else:
                game.used += 1
                gains[track] += 1
                game.most_steps = max(game.most_steps, gains[track])
        if state.moves > moves and state.monks[0] not in state.enso:
            game.arrivals.append(sum(state.grounds.points[state.monks[0]].lotuses))
        if not (state.phase == R.ADVANCE and state.pool_mode == R.POOL_IMPROVE):
            gains.clear()
    game.collected = state.held


def solo(pack_name: str, games: int, seed: int, agent: str, backend: str) -> list[SoloGame]:
    """Seeded solo games of ``agent`` (a spec), each replayed for its measured numbers."""
    game = solver.load_game("godo", players=1, pack=pack_name, backend=backend)
    pack = load_pack(pack_name)
    out = []
    for s in range(seed, seed + games):
        record = solver.play(game, [agent], seed=s)
        won = record.returns[0] > 0
        stock = record.final["stock"]
        played = SoloGame(s, record.title or LOST, R.SOLO_STOCK + 1 - stock if won else None)
        replay(pack, played, record.actions)
        out.append(played)
    return out


def median_title(results: list[SoloGame]) -> str:
    """The median outcome, ranking a loss below every title."""
    order = [title for _, title in R.TITLES] + [LOST]
    ranks = sorted(order.index(g.title) for g in results)
    return order[ranks[(len(ranks) - 1) // 2]]


def report(results: list[SoloGame], args: argparse.Namespace) -> dict[str, Any]:
    """The measured numbers as one JSON-ready dict."""
    wins = [g for g in results if g.win_turn is not None]
    arrivals = [n for g in results for n in g.arrivals]
    collected = sum(g.collected for g in results)
    titles = Counter(g.title for g in results)
    return {
        "pack": args.pack,
        "command": " ".join(sys.argv),
        "solo": {
            "games": len(results),
            "agent": args.agent,
            "wins": len(wins),
            "win_interval": wilson_interval(len(wins), len(results)),
            "titles": {t: titles[t] for _, t in R.TITLES + ((0, LOST),) if titles[t]},
            "win_turns": sorted(g.win_turn for g in wins),
            "median_title": median_title(results) if results else None,
            "symbols_per_arrival": statistics.mean(arrivals) if arrivals else None,
            "unused_share": (collected - sum(g.used for g in results)) / collected
            if collected
            else None,
            "head_start": Counter(g.head_start for g in results),
            "most_steps_per_turn": max((g.most_steps for g in results), default=0),
        },
    }


def print_report(data: dict[str, Any]) -> None:
    """The report in words."""
    s = data["solo"]
    print(f"pack {data['pack']}, {s['agent']}")
    if s["games"]:
        print_solo(s)


def print_solo(s: dict[str, Any]) -> None:
    """The solo games in words."""
    low, high = s["win_interval"]
    print(f"  {s['games']} solo games")
    rate = s["wins"] / s["games"]
    print(f"  wins {s['wins']}/{s['games']} ({rate:.0%}, 95% {low:.0%}-{high:.0%})")
    print("  titles: " + ", ".join(f"{t} {n}" for t, n in s["titles"].items()))
    print(f"  median title: {s['median_title']}")
    turns = s["win_turns"]
    if turns:
        print(f"  turn of the win: {turns} (median {statistics.median(turns)})")
    if s["symbols_per_arrival"] is not None:
        print(f"  virtue symbols per intersection reached: {s['symbols_per_arrival']:.2f}")
    if s["unused_share"] is not None:
        print(f"  collected tokens the Improvement could not use: {s['unused_share']:.0%}")
    heads = ", ".join(f"{k} steps x{n}" for k, n in sorted(s["head_start"].items()))
    print(f"  initiation head start: {heads}")
    print(f"  most steps one virtue gained in one turn: {s['most_steps_per_turn']}")


def main(argv: list[str] | None = None) -> int:
    """Run the calibration and print (or with ``--json`` dump) what it measured."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--pack", default="reference", help="a pack name or file (default: %(default)s)"
    )
    parser.add_argument("--games", type=int, default=30, help="solo games (default: %(default)s)")
    parser.add_argument(
        "--seed", type=int, default=100, help="the first seed (default: %(default)s)"
    )
    parser.add_argument("--iterations", type=int, default=300, help="MCTS iterations a decision")
    parser.add_argument("--options", default="", help="MCTS options, e.g. finish=1:rollout=10")
    parser.add_argument(
        "--backend", default="numba", help="the game backend (default: %(default)s)"
    )
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)
    info = machine_info()
    args.agent = ":".join(filter(None, (f"mcts:iterations={args.iterations}", args.options)))
    results = solo(args.pack, args.games, args.seed, args.agent, args.backend)
    data = report(results, args)
    if args.json:
        print(
            json.dumps({**data, "machine": info, "games": [asdict(g) for g in results]}, indent=1)
        )
        return 0
    for line in describe(info):
        print(line)
    print_report(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
