"""Make the reference KOI pack: ``solver/games/koi/data/reference.json``.

KOI's card list, koi prices, tile counts, scoring and solo table are not public: this pack is the
library's own design (OURS, ``docs/rules/koi.md`` says why each part fits the public components).
The script is the pack's single source and uses no randomness, so the file can be regenerated and
checked for staleness::

    python scripts/make_koi_pack.py            # write the pack and print a summary
    python scripts/make_koi_pack.py --check    # exit 1 if the file on disk is out of date
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.core.errors import PackError  # noqa: E402
from solver.core.strict_json import load_file, packs  # noqa: E402
from solver.games.koi.pack import REFERENCE_PACK, parse_pack  # noqa: E402

# (name, effect, copies in a game of 1, 2, 3, 4 players)
DECK: list[tuple[str, dict[str, Any], list[int]]] = [
    ("Storage", {"kind": "storage"}, [3, 3, 4, 4]),
    ("Market", {"kind": "market"}, [4, 4, 5, 6]),
    ("Spring rain", {"kind": "gain", "water": 2}, [2, 2, 3, 3]),
    ("Reeds", {"kind": "gain", "water": 1, "foliage": 1}, [2, 2, 2, 3]),
    ("Water-lily", {"kind": "gain", "lily": 1}, [3, 3, 3, 4]),
    ("Stone lantern", {"kind": "gain", "lantern": 1}, [2, 2, 3, 3]),
    ("Offering", {"kind": "gain", "coins": 2}, [2, 2, 3, 3]),
    ("Good fortune", {"kind": "gain", "luck": 1, "coins": 1}, [2, 2, 2, 2]),
    ("Stone bank", {"kind": "gain", "shore": 1}, [1, 1, 2, 2]),
    ("Gardener", {"kind": "gardener", "tiles": 1}, [2, 2, 2, 2]),
    ("Lantern festival", {"kind": "goal", "per": "lantern", "points": 2}, [1, 1, 1, 1]),
    ("Koi master", {"kind": "goal", "per": "large", "points": 3}, [1, 1, 1, 1]),
    ("Lily garden", {"kind": "goal", "per": "lily", "points": 2}, [1, 1, 1, 1]),
    ("Green shore", {"kind": "goal", "per": "foliage", "points": 1}, [1, 1, 1, 1]),
]

PACK: dict[str, Any] = {
    "name": "reference",
    "description": "KOI reference pack: this library's own cards, prices, supply, scoring and "
    "solo table (the real ones are not public). Not checked against a printed copy.",
    "design": [
        "Made by scripts/make_koi_pack.py, deterministically; regenerate rather than edit by hand.",
        "Storage and Market cards are the two kinds the rulebook fragment names; the rest is ours.",
        "Prices climb with size as koi take more storage; points climb faster, so a large koi "
        "is worth saving for.",
        "Decks of 27 (1-2 players), 33 (3) and 36 cards (4): a game lasts about 20 turns solo.",
        "Solo titles set against the agents (docs/ai.md, seeds 100-129): random plays mostly "
        "Apprentice, greedy Pond keeper, MCTS at 1000 iterations Koi master; Sensei is rare.",
    ],
    "deck": [{"name": n, "effect": e, "copies": c} for n, e, c in DECK],
    "koi": {"prices": [2, 3, 5], "points": [3, 5, 9],
            "supply": [[4, 3, 2], [6, 5, 4], [8, 7, 5], [10, 9, 6]]},
    "supply": {"water": 40, "foliage": 24, "shore": 12, "lily": 12, "lantern": 10, "expansion": 8},
    "storage": {"capacity": 5, "expansion_hexes": 2},
    "work": {"tiles": 3},
    "scoring": {"foliage_by_water": 1, "shore_by_water": 1, "lily": 1, "lily_per_koi": 1,
                "lantern_per_garden": 1, "luck": 1},
    "solo": {"titles": [[0, "Novice"], [15, "Apprentice"], [40, "Gardener"], [80, "Pond keeper"],
                        [100, "Koi master"], [110, "Sensei"]]},
}  # fmt: skip


def text() -> str:
    return json.dumps(PACK, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is out of date")
    args = parser.parse_args(argv)
    pack = parse_pack(PACK)
    if args.check:
        try:
            current = load_file(REFERENCE_PACK, packs, "pack")
        except PackError as exc:
            print(f"{REFERENCE_PACK}: {exc}")
            return 1
        if current != json.loads(text()):
            print(f"{REFERENCE_PACK} is out of date: run python scripts/make_koi_pack.py")
            return 1
        return 0
    REFERENCE_PACK.write_text(text(), encoding="utf-8")
    for players in range(1, 5):
        print(
            f"{players} player(s): {pack.deck_size(players)} cards, "
            f"koi {pack.koi_supply[players - 1]}"
        )
    for card in pack.cards:
        print(f"  {card.describe()}: {list(card.copies)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
