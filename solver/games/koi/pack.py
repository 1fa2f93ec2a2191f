"""KOI component packs: the card deck with its effects, the koi, the tile supply and the scoring
values. Only the market spaces, the storage sizes and the three ways to buy a koi are in the
rulebook fragment (they are rules, in ``rules.py``); everything here is invented (OURS, see
``docs/rules/koi.md``), so the library ships a reference pack (``data/reference.json``, made by
``scripts/make_koi_pack.py``) and accepts a user's pack of the same schema::

    {
      "name": "reference",
      "deck": [                                         # card kinds, at most 32
        {"name": "Storage", "effect": {"kind": "storage"}, "copies": [3, 3, 4, 4]},
        {"name": "Spring rain", "effect": {"kind": "gain", "water": 2}, "copies": [2, 2, 3, 3]},
        ...],
      "koi": {"prices": [2, 3, 5], "points": [3, 5, 9],           # small, medium, large
              "supply": [[4, 3, 2], [6, 5, 4], [8, 7, 5], [10, 9, 6]]},   # for 1, 2, 3, 4 players
      "supply": {"water": 40, "foliage": 24, "shore": 12, "lily": 12, "lantern": 10,
                 "expansion": 8},
      "storage": {"capacity": 5, "expansion_hexes": 2},
      "work": {"tiles": 3},
      "scoring": {"foliage_by_water": 1, "shore_by_water": 1, "lily": 1, "lily_per_koi": 1,
                  "lantern_per_garden": 1, "luck": 1},
      "solo": {"titles": [[0, "Novice"], [40, "Gardener"], ...]}   # from the lowest score up
    }

``copies`` gives a kind's cards in a game of 1, 2, 3 and 4 players (the setup removes cards with
fewer players). Card effects (``cards.EFFECTS``): ``gain`` (goods: ``coins``, ``luck``, ``water``,
``foliage``, ``shore``, ``lily``, ``lantern``), ``storage`` (a storage expansion tile),
``market`` (buy a koi at 1 coin less), ``gardener`` (``tiles`` more per Work, for the rest of the
game), ``goal`` (``points`` at the end for each pond feature ``per``).

    >>> pack = load_pack()
    >>> pack.name, len(pack.cards), pack.deck_size(1), pack.deck_size(4)
    ('reference', 14, 27, 36)
    >>> pack.koi_prices, pack.capacity
    ((2, 3, 5), 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.core.errors import PackError
from solver.core.packs import PackSource, read_pack
from solver.core.params import Params, pack_params
from solver.core.strict_json import join, packs
from solver.games.koi.cards import Card, parse_card
from solver.games.koi.weights import GAME

MAX_PLAYERS = 4
MAX_KINDS = 32
"""Card kinds in a pack: the most chance outcomes of a card flip."""
MAX_COPIES = 20
MAX_COUNT = 99
"""The most of anything a pack gives (copies of a card, tiles of a kind, coins, points)."""
KOI_SIZES = ("small", "medium", "large")
KOI_HEXES = (1, 2, 3)
"""Storage hexes a koi takes, by size (the fragment)."""
TILES = ("water", "foliage", "shore", "lily", "lantern", "expansion")
"""The tile supply's kinds: pond tiles, and the storage expansion tiles."""
SCORING = (
    "foliage_by_water",
    "shore_by_water",
    "lily",
    "lily_per_koi",
    "lantern_per_garden",
    "luck",
)

REFERENCE_PACK = Path(__file__).parent / "data" / "reference.json"


@dataclass(frozen=True)
class Pack:
    """A validated pack (see the module's schema)."""

    name: str
    cards: tuple[Card, ...]
    koi_prices: tuple[int, int, int]
    koi_points: tuple[int, int, int]
    koi_supply: tuple[tuple[int, int, int], ...]  # by player count, 1 to 4
    supply: dict[str, int]
    capacity: int
    expansion_hexes: int
    work_tiles: int
    scoring: dict[str, int]
    titles: tuple[tuple[int, str], ...]
    params: tuple[Params, ...] = ()  # the tuned parameters it carries, by player count

    def deck(self, players: int) -> list[int]:
        """The cards of each kind in a game of ``players`` (a new list: a game keeps its deck)."""
        return [card.copies[players - 1] for card in self.cards]

    def deck_size(self, players: int) -> int:
        return sum(self.deck(players))

    def card_index(self, name: str) -> int | None:
        return next((i for i, card in enumerate(self.cards) if card.name == name), None)

    def title(self, score: int) -> str | None:
        """The solo title a score earns: the last threshold it reaches."""
        earned = [name for low, name in self.titles if score >= low]
        return earned[-1] if earned else None


def _triple(value: Any, field: str, low: int) -> tuple[int, int, int]:
    items = packs.array(value, field, len(KOI_SIZES))
    a, b, c = (packs.integer(v, join(field, i), low, MAX_COUNT) for i, v in enumerate(items))
    return a, b, c


def _numbers(value: Any, field: str, keys: tuple[str, ...]) -> dict[str, int]:
    obj = packs.object(value, field, keys, required=keys)
    return {key: packs.integer(obj[key], join(field, key), 0, MAX_COUNT) for key in keys}


def _titles(value: Any) -> tuple[tuple[int, str], ...]:
    obj = packs.object(value, "solo", ("titles",), required=("titles",))
    rows = packs.array(obj["titles"], "solo.titles", max_length=20)
    titles = []
    for i, row in enumerate(rows):
        field = join("solo.titles", i)
        low, name = packs.array(row, field, 2)
        low = packs.integer(low, join(field, 0), 0, 10_000)
        if titles and low <= titles[-1][0]:
            raise PackError(join(field, 0), "the thresholds climb from the lowest score up")
        titles.append((low, packs.string(name, join(field, 1), 40)))
    return tuple(titles)


def parse_pack(obj: Any) -> Pack:
    """Validate a pack given as a parsed JSON object.

    Raises:
        PackError: naming the card or field that is wrong.
    """
    keys = ("name", "description", "design", "deck", "koi", "supply", "storage", "work",
            "scoring", "solo")  # fmt: skip
    packs.object(obj, "pack", (*keys, "params"), required=keys[3:])
    name = packs.string(obj.get("name", "custom"), "name", 60)
    packs.string(obj.get("description", ""), "description")
    for i, line in enumerate(packs.array(obj.get("design", []), "design")):
        packs.string(line, join("design", i))
    deck = packs.array(obj["deck"], "deck", max_length=MAX_KINDS)
    cards = tuple(
        parse_card(entry, join("deck", i), MAX_PLAYERS, MAX_COPIES) for i, entry in enumerate(deck)
    )
    for i, card in enumerate(cards):
        if any(other.name == card.name for other in cards[:i]):
            raise PackError(join("deck", i) + ".name", f"another card is called {card.name!r}")
    for players in range(1, MAX_PLAYERS + 1):
        if sum(c.copies[players - 1] for c in cards) < 5 + players:
            raise PackError("deck", f"a {players}-player deck needs at least {5 + players} cards "
                                    "(the market and a turn each)")  # fmt: skip
    koi = packs.object(
        obj["koi"], "koi", ("prices", "points", "supply"), required=("prices", "points", "supply")
    )
    supply_rows = packs.array(koi["supply"], "koi.supply", MAX_PLAYERS)
    storage = _numbers(obj["storage"], "storage", ("capacity", "expansion_hexes"))
    if storage["capacity"] < max(KOI_HEXES):
        raise PackError(
            "storage.capacity", f"a storage holds at least a large koi ({max(KOI_HEXES)} hexes)"
        )
    work = _numbers(obj["work"], "work", ("tiles",))
    if not work["tiles"]:
        raise PackError("work.tiles", "a Work places at least 1 tile")
    return Pack(
        name,
        cards,
        _triple(koi["prices"], "koi.prices", 0),
        _triple(koi["points"], "koi.points", 0),
        tuple(_triple(row, join("koi.supply", i), 0) for i, row in enumerate(supply_rows)),
        _numbers(obj["supply"], "supply", TILES),
        storage["capacity"],
        storage["expansion_hexes"],
        work["tiles"],
        _numbers(obj["scoring"], "scoring", SCORING),
        _titles(obj["solo"]),
        pack_params(obj, GAME, name),
    )


def load_pack(source: PackSource = None) -> Pack:
    """Load a pack: ``None`` for the reference pack, a path to a JSON file, or a parsed dict.

    Raises:
        PackError: the file cannot be read, is not JSON, or does not follow the schema.
    """
    return read_pack(source, REFERENCE_PACK, parse_pack)
