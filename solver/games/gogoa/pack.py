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

Hexes are written as labels (``"C12"``: column letter, row number). Destination types are
``beach``, ``waterfall``, ``fort``, ``historical`` and ``religious``. Tour plans are listed by id;
the 40-point cards form one deck, the 20- and 30-point cards the other, and each deck needs at
least 12 cards so that six players can be dealt two each.

    >>> pack = load_pack()
    >>> pack.name, len(pack.plans), pack.name_of(pack.bonus)
    ('reference', 36, 'Dudhsagar')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solver.core.errors import PackError
from solver.core.packs import PackSource, read_pack
from solver.games.gogoa import hexgrid as hx

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

REFERENCE_PACK = Path(__file__).parent / "data" / "reference.json"



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
    _by_hex: dict[int, Destination] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    _by_name: dict[str, int] = field(default_factory=dict, compare=False, hash=False, repr=False)

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

    def deck(self, deck: int) -> list[int]:
        """The ids of the cards of one deck."""
        return [p.id for p in self.plans if p.deck == deck]


# -- reading ---------------------------------------------------------------------------------------


def _expect(value: Any, kind: type, where: str) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise PackError(where, f"expected {kind.__name__}, got {type(value).__name__}")
    return value


def _keys(obj: dict, where: str, allowed: set[str], required: set[str]) -> None:
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise PackError(where, f"unknown key {unknown[0]!r}")
    missing = sorted(required - set(obj))
    if missing:
        raise PackError(f"{where}.{missing[0]}" if where != "pack" else missing[0], "missing")


def _land(rows: Any) -> frozenset[int]:
    _expect(rows, list, "land")
    if len(rows) != hx.HEIGHT:
        raise PackError("land", f"expected {hx.HEIGHT} rows, got {len(rows)}")
    land = set()
    for r, text in enumerate(rows):
        _expect(text, str, f"land[{r}]")
        if len(text) != hx.WIDTH:
            raise PackError(f"land[{r}]", f"expected {hx.WIDTH} hexes, got {len(text)}")
        for c, char in enumerate(text):
            if char not in (LAND, SEA):
                raise PackError(
                    f"land[{r}]", f"hex {hx.label(hx.at(c, r))}: expected '#' or '.', got {char!r}"
                )
            if char == LAND:
                land.add(hx.at(c, r))
    if not land:
        raise PackError("land", "the map has no land")
    return frozenset(land)


def _land_hex(text: Any, where: str, land: frozenset[int]) -> int:
    _expect(text, str, where)
    hex_ = hx.index(text)
    if hex_ is None:
        raise PackError(where, f"{text!r} is not a hex label (A1 to {hx.label(hx.CELLS - 1)})")
    if hex_ not in land:
        raise PackError(where, f"hex {text} is outside Goa (not land)")
    return hex_


def _destinations(items: Any, land: frozenset[int], start: int) -> tuple[Destination, ...]:
    _expect(items, list, "destinations")
    found: list[Destination] = []
    names: set[str] = set()
    hexes: dict[int, str] = {}
    for i, obj in enumerate(items):
        where = f"destinations[{i}]"
        _expect(obj, dict, where)
        _keys(obj, where, {"name", "type", "hex"}, {"name", "type", "hex"})
        name = _expect(obj["name"], str, f"{where}.name")
        if not name.strip() or name == START_NAME or hx.index(name) is not None:
            raise PackError(f"{where}.name", f"{name!r} cannot name a destination")
        if name in names:
            raise PackError(f"{where}.name", f"{name!r} is listed twice")
        if obj["type"] not in TYPES:
            raise PackError(
                f"{where}.type",
                f"{name}: unknown type {obj['type']!r} (expected one of {', '.join(TYPES)})",
            )
        hex_ = _land_hex(obj["hex"], f"{where}.hex", land)
        if hex_ in hexes:
            raise PackError(f"{where}.hex", f"{name}: hex {obj['hex']} already holds {hexes[hex_]}")
        if hex_ == start:
            raise PackError(f"{where}.hex", f"{name}: hex {obj['hex']} is the 'Start Here' hex")
        names.add(name)
        hexes[hex_] = name
        found.append(Destination(name, TYPES.index(obj["type"]), hex_))
    for kind, title in enumerate(TYPE_TITLES):
        if not any(d.kind == kind for d in found):
            raise PackError("destinations", f"no destination of type {TYPES[kind]} ({title})")
    return tuple(sorted(found, key=lambda d: d.hex))


def _named(text: Any, where: str, by_name: dict[str, Destination]) -> Destination:
    _expect(text, str, where)
    if text not in by_name:
        raise PackError(where, f"unknown destination {text!r}")
    return by_name[text]


def _plans(items: Any, by_name: dict[str, Destination]) -> tuple[Plan, ...]:
    _expect(items, list, "plans")
    if len(items) > MAX_PLANS:
        raise PackError("plans", f"at most {MAX_PLANS} tour plans, got {len(items)}")
    plans = []
    for i, obj in enumerate(items):
        where = f"plans[{i}]"
        _expect(obj, dict, where)
        _keys(obj, where, {"id", "points", "places"}, {"id", "points", "places"})
        if type(obj["id"]) is not int or obj["id"] != i:
            raise PackError(
                f"{where}.id", f"expected {i} (cards are listed by id), got {obj['id']!r}"
            )
        if obj["points"] not in PLAN_POINTS or isinstance(obj["points"], bool):
            raise PackError(
                f"{where}.points", f"card {i}: expected 20, 30 or 40, got {obj['points']!r}"
            )
        places = _expect(obj["places"], list, f"{where}.places")
        if len(places) != PLACES_PER_PLAN:
            raise PackError(
                f"{where}.places", f"card {i}: expected {PLACES_PER_PLAN} places, got {len(places)}"
            )
        hexes = tuple(_named(p, f"{where}.places[{k}]", by_name).hex for k, p in enumerate(places))
        if len(set(hexes)) != PLACES_PER_PLAN:
            raise PackError(f"{where}.places", f"card {i}: a place is listed twice")
        plans.append(Plan(i, obj["points"], hexes))  # type: ignore[arg-type]
    for deck, title in enumerate(DECKS):
        size = sum(p.deck == deck for p in plans)
        if size < MIN_DECK:
            raise PackError(
                "plans", f"the {title}-point deck needs at least {MIN_DECK} cards, got {size}"
            )
    return tuple(plans)


def parse_pack(obj: Any) -> Pack:
    """Validate a pack given as a parsed JSON object.

    Raises:
        PackError: naming the hex, destination, card or field that is wrong.
    """
    _expect(obj, dict, "pack")
    required = {"width", "height", "land", "start", "destinations", "guides", "bonus", "plans"}
    _keys(obj, "pack", required | {"name", "description", "design"}, required)
    name = _expect(obj.get("name", "custom"), str, "name")
    for key, size in (("width", hx.WIDTH), ("height", hx.HEIGHT)):
        if obj[key] != size or isinstance(obj[key], bool):
            raise PackError(
                key,
                f"maps are drawn on the {hx.WIDTH} x {hx.HEIGHT} grid: expected {size}, got {obj[key]!r}",
            )
    land = _land(obj["land"])
    start = _land_hex(obj["start"], "start", land)
    destinations = _destinations(obj["destinations"], land, start)
    by_name = {d.name: d for d in destinations}
    guides = _expect(obj["guides"], list, "guides")
    if len(guides) != GUIDES:
        raise PackError("guides", f"expected {GUIDES} Local Guide beaches, got {len(guides)}")
    guide_hexes = []
    for k, text in enumerate(guides):
        place = _named(text, f"guides[{k}]", by_name)
        if place.kind != BEACH:
            raise PackError(f"guides[{k}]", f"{text} is a {TYPES[place.kind]}, not a beach")
        if place.hex in guide_hexes:
            raise PackError(f"guides[{k}]", f"{text} is listed twice")
        guide_hexes.append(place.hex)
    bonus = _named(obj["bonus"], "bonus", by_name).hex
    plans = _plans(obj["plans"], by_name)
    guide_tuple: Any = tuple(guide_hexes)
    return Pack(name, land, start, destinations, guide_tuple, bonus, plans)


def load_pack(source: PackSource = None) -> Pack:
    """Load a pack: ``None`` for the reference pack, a path to a JSON file, or a parsed dict.

    Raises:
        PackError: the file cannot be read, is not JSON, or does not follow the schema.
    """
    return read_pack(source, REFERENCE_PACK, parse_pack)
