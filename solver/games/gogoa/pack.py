"""Go Goa components: the map of Goa and the tour plan cards, loaded from JSON and validated.

The real player sheet and cards are not public, so the library ships a reference pack of its own
design (``data/reference.json``, made by ``scripts/make_gogoa_map.py``; see
``docs/gogoa-reference-map.md``) and accepts any pack of the same schema::

    {
      "name": "reference",
      "width": 12, "height": 16,              # the grid of solver.games.gogoa.hexgrid
      "land": ["....##......", ...],          # 16 rows of 12 hexes: '#' inside Goa, '.' outside
      "start": "E8",                          # the hex marked 'Start Here'
      "destinations": [{"name": "Teracol", "type": "fort", "hex": "A2"}, ...],
      "guides": ["Calangute", "Colva", "Palolem"],   # the three Local Guide beaches
      "bonus": "Dudhsagar",                   # the destination worth 20 extra points
      "plans": [{"id": 0, "points": 40, "places": ["Teracol", "Dudhsagar", "Palolem"]}, ...]
    }

``name`` and ``description`` (strings) and ``design`` (notes, any JSON) may be left out. Every
number is an integer (``40.0`` is refused). Hexes are written as labels (``"C12"``: column letter,
row number in ASCII digits). Destination types are ``beach``, ``waterfall``, ``fort``,
``historical`` and ``religious``. Tour plans are listed by id; the 40-point cards form one deck,
the 20- and 30-point cards the other, and each deck needs at least 12 cards so that six players
can be dealt two each.

    >>> pack = load_pack()
    >>> pack.name, len(pack.plans), pack.name_of(pack.bonus)
    ('reference', 36, 'Dudhsagar')
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solver.core.packs import PackSource, read_pack
from solver.core.params import Params, pack_params
from solver.core.strict_json import packs, show
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa.weights import GAME

TYPES = ("beach", "waterfall", "fort", "historical", "religious")
TYPE_TITLES = ("Beaches", "Waterfalls", "Forts", "Historical Sites", "Religious Sites")
BEACH = 0
NUM_TYPES = len(TYPES)
GUIDES = 3
PLAN_POINTS = (20, 30, 40)
PLACES_PER_PLAN = 3
DECKS = ("40", "20/30")  # deck 0: the 40-point cards; deck 1: the 20- and 30-point cards
MIN_DECK = 12  # two cards from each deck for each of six players
MAX_PLANS = 48  # the kernels keep a set of cards in one word
START_NAME = "Start Here"
LAND, SEA = "#", "."

DATA = Path(__file__).parent / "data"
REFERENCE_PACK = DATA / "reference.json"
SHIPPED = ("reference", "reference-v1")
"""The packs that ship, loadable by name: the calibrated map and the first map (50 places, easier
tour plans; see ``docs/gogoa-reference-map.md``)."""
_PACK_KEYS = ("width", "height", "land", "start", "destinations", "guides", "bonus", "plans")
_PACK_OPTIONAL = ("params",)
_PACK_NOTES = ("name", "description", "design")
_DESTINATION_KEYS = ("name", "type", "hex")
_PLAN_KEYS = ("id", "points", "places")


@dataclass(frozen=True)
class Destination:
    """A tourist destination: its name, its type (an index into ``TYPES``) and its hex."""

    name: str
    kind: int
    hex: int


@dataclass(frozen=True)
class Plan:
    """A tour plan card: completed when its three places are visited."""

    id: int
    points: int
    places: tuple[int, int, int]  # hexes

    @property
    def deck(self) -> int:
        """0 for the 40-point deck, 1 for the 20/30-point deck."""
        return 0 if self.points == 40 else 1


@dataclass(frozen=True)
class Pack:
    """A validated map and its tour plans."""

    name: str
    land: frozenset[int]
    start: int
    destinations: tuple[Destination, ...]  # in hex order
    guides: tuple[int, int, int]  # hexes, in the order the sheet lists them
    bonus: int  # hex
    plans: tuple[Plan, ...]  # by id
    params: tuple[Params, ...] = ()  # the tuned parameters it carries, by player count
    _by_hex: dict[int, Destination] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    _by_name: dict[str, int] = field(default_factory=dict, compare=False, hash=False, repr=False)
    _steps: dict[int, dict[int, int]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def __post_init__(self) -> None:
        self._by_hex.update({d.hex: d for d in self.destinations})
        self._by_name.update({d.name: d.hex for d in self.destinations})

    def destination(self, hex_: int) -> Destination | None:
        """The destination on a hex, if any."""
        return self._by_hex.get(hex_)

    def name_of(self, hex_: int) -> str:
        """A hex as a player names it: the destination, 'Start Here', or its label."""
        if hex_ in self._by_hex:
            return self._by_hex[hex_].name
        return START_NAME if hex_ == self.start else hx.label(hex_)

    def hex_named(self, text: Any) -> int | None:
        """The hex a destination name, 'Start Here' or a label names, or None."""
        if not isinstance(text, str):
            return None
        if text in self._by_name:
            return self._by_name[text]
        return self.start if text == START_NAME else hx.index(text)

    def steps_from(self, hex_: int) -> dict[int, int]:
        """The fewest steps over land from ``hex_`` to each land hex it connects to (found once)."""
        if hex_ not in self._steps:
            self._steps[hex_] = steps_over_land(self.land, hex_)
        return self._steps[hex_]

    def deck(self, deck: int) -> list[int]:
        """The ids of the cards of one deck."""
        return [p.id for p in self.plans if p.deck == deck]


# -- reading ---------------------------------------------------------------------------------------


def steps_over_land(land: Collection[int], start: int) -> dict[int, int]:
    """Breadth-first distances from a hex, stepping only on land (the hexes it connects to)."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for d in hx.DIRECTIONS:
            n = hx.neighbour(h, d)
            if n is not None and n in land and n not in dist:
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


def _land(rows: Any) -> frozenset[int]:
    packs.array(rows, "land", length=hx.HEIGHT)
    land = set()
    for r, text in enumerate(rows):
        packs.string(text, f"land[{r}]")
        if len(text) != hx.WIDTH:
            raise packs.fail(f"land[{r}]", f"expected {hx.WIDTH} hexes, got {len(text)}")
        for c, char in enumerate(text):
            if char not in (LAND, SEA):
                where = f"hex {hx.label(hx.at(c, r))}"
                raise packs.fail(f"land[{r}]", f"{where}: expected '#' or '.', got {show(char)}")
            if char == LAND:
                land.add(hx.at(c, r))
    if not land:
        raise packs.fail("land", "the map has no land")
    return frozenset(land)


def _land_hex(text: Any, where: str, land: frozenset[int]) -> int:
    hex_ = hx.index(packs.string(text, where))
    if hex_ is None:
        last = hx.label(hx.CELLS - 1)
        raise packs.fail(where, f"{show(text)} is not a hex label (A1 to {last}, ASCII digits)")
    if hex_ not in land:
        raise packs.fail(where, f"hex {text} is outside Goa (not land)")
    return hex_


def _destinations(items: Any, land: frozenset[int], start: int) -> tuple[Destination, ...]:
    found: list[Destination] = []
    names: set[str] = set()
    hexes: dict[int, str] = {}
    for i, obj in enumerate(packs.array(items, "destinations")):
        where = f"destinations[{i}]"
        packs.object(obj, where, _DESTINATION_KEYS, _DESTINATION_KEYS)
        name = packs.string(obj["name"], f"{where}.name")
        if not name.strip() or name == START_NAME or hx.index(name) is not None:
            raise packs.fail(f"{where}.name", f"{show(name)} cannot name a destination")
        if name in names:
            raise packs.fail(f"{where}.name", f"{show(name)} is listed twice")
        kind = TYPES.index(packs.choice(obj["type"], f"{where}.type", TYPES))
        hex_ = _land_hex(obj["hex"], f"{where}.hex", land)
        if hex_ in hexes:
            raise packs.fail(
                f"{where}.hex", f"{name}: hex {obj['hex']} already holds {hexes[hex_]}"
            )
        if hex_ == start:
            raise packs.fail(f"{where}.hex", f"{name}: hex {obj['hex']} is the 'Start Here' hex")
        names.add(name)
        hexes[hex_] = name
        found.append(Destination(name, kind, hex_))
    for kind, title in enumerate(TYPE_TITLES):
        if not any(d.kind == kind for d in found):
            raise packs.fail("destinations", f"no destination of type {TYPES[kind]} ({title})")
    return tuple(sorted(found, key=lambda d: d.hex))


def _named(text: Any, where: str, by_name: dict[str, Destination]) -> Destination:
    if packs.string(text, where) not in by_name:
        raise packs.fail(where, f"unknown destination {show(text)}")
    return by_name[text]


def _plans(items: Any, by_name: dict[str, Destination]) -> tuple[Plan, ...]:
    plans = []
    for i, obj in enumerate(packs.array(items, "plans", max_length=MAX_PLANS)):
        where = f"plans[{i}]"
        packs.object(obj, where, _PLAN_KEYS, _PLAN_KEYS)
        if packs.integer(obj["id"], f"{where}.id") != i:
            raise packs.fail(
                f"{where}.id", f"expected {i} (cards are listed by id), got {obj['id']}"
            )
        points = packs.choice(obj["points"], f"{where}.points", PLAN_POINTS)
        places = packs.array(obj["places"], f"{where}.places", length=PLACES_PER_PLAN)
        hexes = tuple(_named(p, f"{where}.places[{k}]", by_name).hex for k, p in enumerate(places))
        if len(set(hexes)) != PLACES_PER_PLAN:
            raise packs.fail(f"{where}.places", f"card {i}: a place is listed twice")
        plans.append(Plan(i, points, hexes))  # type: ignore[arg-type]
    for deck, title in enumerate(DECKS):
        size = sum(p.deck == deck for p in plans)
        if size < MIN_DECK:
            raise packs.fail(
                "plans", f"the {title}-point deck needs at least {MIN_DECK} cards, got {size}"
            )
    return tuple(plans)


def parse_pack(obj: Any) -> Pack:
    """Validate a pack given as a parsed JSON object (``load_pack`` reads it strictly first).

    Raises:
        PackError: naming the hex, destination, card or field that is wrong.
    """
    if type(obj) is not dict:
        raise packs.fail("pack", f"expected an object, got {show(obj)}")
    packs.object(obj, "", _PACK_KEYS + _PACK_NOTES + _PACK_OPTIONAL, _PACK_KEYS)
    name = packs.string(obj.get("name", "custom"), "name")
    packs.string(obj.get("description", ""), "description")
    for key, size in (("width", hx.WIDTH), ("height", hx.HEIGHT)):
        if packs.integer(obj[key], key) != size:
            raise packs.fail(
                key,
                f"maps are drawn on the {hx.WIDTH} x {hx.HEIGHT} grid: expected {size}, got {obj[key]}",
            )
    land = _land(obj["land"])
    start = _land_hex(obj["start"], "start", land)
    destinations = _destinations(obj["destinations"], land, start)
    by_name = {d.name: d for d in destinations}
    guide_hexes: list[int] = []
    for k, text in enumerate(packs.array(obj["guides"], "guides", length=GUIDES)):
        place = _named(text, f"guides[{k}]", by_name)
        if place.kind != BEACH:
            raise packs.fail(f"guides[{k}]", f"{text} is a {TYPES[place.kind]}, not a beach")
        if place.hex in guide_hexes:
            raise packs.fail(f"guides[{k}]", f"{text} is listed twice")
        guide_hexes.append(place.hex)
    bonus = _named(obj["bonus"], "bonus", by_name).hex
    plans = _plans(obj["plans"], by_name)
    guide_tuple: Any = tuple(guide_hexes)
    return Pack(name, land, start, destinations, guide_tuple, bonus, plans, pack_params(obj, GAME, name))


def load_pack(source: PackSource = None) -> Pack:
    """Load a pack: ``None`` for the reference pack, the name of a shipped pack (``SHIPPED``), a
    path to a JSON file, or a parsed dict.

        >>> load_pack("reference-v1").name, len(load_pack("reference-v1").destinations)
        ('reference-v1', 50)

    Raises:
        PackError: the file cannot be read, is not JSON, or does not follow the schema.
    """
    if isinstance(source, str) and source in SHIPPED:
        source = DATA / f"{source}.json"
    return read_pack(source, REFERENCE_PACK, parse_pack)
