"""GODŌ component packs: the 60 Sacred Tiles and the Path Journal, loaded from JSON and validated.

The publisher's tile faces and journal symbols are not public, so the library ships a reference pack
of its own design (``data/reference.json``, made by ``scripts/make_godo_pack.py``) and accepts any
pack of the same schema::

    {
      "name": "reference",
      "tiles": [                              # exactly 60, "id" 0..59 in order
        {"id": 0, "legs": ["blue", "green"],  # the colours of leg a and leg b
         "corners": {"right": {"lotuses": ["red"], "markers": []},
                     "a": {"lotuses": [], "markers": ["gate:blue"]},
                     "b": {"lotuses": ["blue", "blue"], "markers": ["shrine"]}}},
        ...
      ],
      "journal": {
        "standard": {"spaces": [[["blue"], ["blue", "red"], ...], ...]},     # 5 tracks x 6 spaces
        "variant": {"spaces": [...], "icons": [[null, "move_monk", ...], ...]}
      }
    }

Track ``i`` of the journal is the track of colour ``COLOURS[i]``. A corner carries at most one marker:
``"gate:<colour>"`` (a Sacred Gate), ``"shrine"`` (a Fox Shrine) or ``"lantern"`` (a Stone Lantern).
Variant icons are ``"move_monk"``, ``"relocate_tile"`` and ``"move_enso"``.

    >>> pack = load_pack()
    >>> len(pack.tiles), pack.name
    (60, 'reference')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.core.packs import PackSource, read_pack
from solver.core.params import Params, pack_params
from solver.core.strict_json import join, packs, show
from solver.games.godo.weights import GAME

COLOURS = ("blue", "green", "purple", "red", "yellow")
NUM_COLOURS = len(COLOURS)
NUM_TILES = 60
TRACK_LENGTH = 6
MASTERY_SPACE = TRACK_LENGTH - 1
ICONS = ("move_monk", "relocate_tile", "move_enso")
MAX_LOTUSES = 8  # per corner; the kernels keep a corner's count per colour in 4 bits
CORNER_KEYS = ("right", "a", "b")

GATE, SHRINE, LANTERN = "gate", "shrine", "lantern"

DATA = Path(__file__).parent / "data"
REFERENCE_PACK = DATA / "reference.json"
NAMED_PACKS = {"reference": REFERENCE_PACK, "reference-v1": DATA / "reference-v1.json"}
"""The packs that ship, by name: the calibrated reference pack and the first one, kept for tests and
comparisons (see docs/godo-reference-pack.md)."""

_PACK_KEYS = ("name", "description", "design", "tiles", "journal", "params")
_TILE_KEYS = ("id", "legs", "corners")
_SIDES = ("standard", "variant")


@dataclass(frozen=True)
class Marker:
    """A Sacred Marker on a tile corner; ``colour`` is set for gates only."""

    kind: str
    colour: int | None = None

    def __str__(self) -> str:
        return f"gate:{COLOURS[self.colour]}" if self.kind == GATE else self.kind


@dataclass(frozen=True)
class Corner:
    """The symbols at one corner of a tile: virtue symbols (colour indices) and markers."""

    lotuses: tuple[int, ...]
    marker: Marker | None


@dataclass(frozen=True)
class Tile:
    """One Sacred Tile: the colours of its legs ``a`` and ``b`` and its three corners."""

    id: int
    legs: tuple[int, int]
    corners: tuple[Corner, Corner, Corner]  # right, a, b


@dataclass(frozen=True)
class Journal:
    """One side of the Path Journal: the virtue symbols on each space, and the variant icons."""

    spaces: tuple[tuple[frozenset[int], ...], ...]  # [track][space] -> colours shown
    icons: tuple[tuple[str | None, ...], ...]  # [track][space] -> icon or None

    def shows(self, track: int, space: int, colour: int) -> bool:
        """Whether a space of a track shows the virtue symbol of a colour."""
        return colour in self.spaces[track][space]


@dataclass(frozen=True)
class Pack:
    """A validated component pack."""

    name: str
    tiles: tuple[Tile, ...]
    standard: Journal
    variant: Journal
    params: tuple[Params, ...] = ()  # the tuned parameters it carries, by player count

    def journal(self, variant: bool) -> Journal:
        """The journal side used by a game with or without the Sacred Specialties."""
        return self.variant if variant else self.standard


def colour_index(name: Any, field: str) -> int:
    """The index of a colour name, or a ``PackError`` naming the field."""
    return COLOURS.index(packs.choice(name, field, COLOURS))


def _parse_marker(text: Any, field: str) -> Marker:
    text = packs.string(text, field)
    if text in (SHRINE, LANTERN):
        return Marker(text)
    kind, colon, colour = text.partition(":")
    if kind == GATE and colon:
        return Marker(GATE, colour_index(colour, field))
    raise packs.fail(field, f"unknown marker {show(text)} (expected 'gate:<colour>', 'shrine' or 'lantern')")


def _parse_corner(obj: Any, field: str) -> Corner:
    packs.object(obj, field, ("lotuses", "markers"))
    lotuses = packs.array(obj.get("lotuses", []), join(field, "lotuses"))
    markers = packs.array(obj.get("markers", []), join(field, "markers"))
    if len(markers) > 1:
        raise packs.fail(join(field, "markers"), f"a corner carries at most one marker, got {len(markers)}")
    if len(lotuses) > MAX_LOTUSES:
        raise packs.fail(
            join(field, "lotuses"), f"a corner shows at most {MAX_LOTUSES} virtue symbols, got {len(lotuses)}"
        )
    colours = tuple(colour_index(c, join(join(field, "lotuses"), i)) for i, c in enumerate(lotuses))
    marker = _parse_marker(markers[0], join(join(field, "markers"), 0)) if markers else None
    return Corner(colours, marker)


def _parse_tile(obj: Any, index: int) -> Tile:
    field = join("tiles", index)
    packs.object(obj, field, _TILE_KEYS, required=_TILE_KEYS)
    if packs.integer(obj["id"], join(field, "id")) != index:
        raise packs.fail(join(field, "id"), f"expected {index} (tiles are listed by id), got {obj['id']}")
    legs = packs.array(obj["legs"], join(field, "legs"), length=2)
    corners = packs.object(obj["corners"], join(field, "corners"), CORNER_KEYS, required=CORNER_KEYS)
    return Tile(
        index,
        (colour_index(legs[0], join(join(field, "legs"), 0)), colour_index(legs[1], join(join(field, "legs"), 1))),
        tuple(_parse_corner(corners[k], join(join(field, "corners"), k)) for k in CORNER_KEYS),  # type: ignore[arg-type]
    )


def _grid(obj: Any, field: str) -> list:
    """A journal side's table: one list of ``TRACK_LENGTH`` entries per track."""
    for t, track in enumerate(packs.array(obj, field, length=NUM_COLOURS)):
        packs.array(track, join(field, t), length=TRACK_LENGTH)
    return obj


def _parse_journal(obj: Any, field: str, with_icons: bool) -> Journal:
    keys = ("spaces", "icons") if with_icons else ("spaces",)
    packs.object(obj, field, keys, required=keys)
    spaces = []
    for t, track in enumerate(_grid(obj["spaces"], join(field, "spaces"))):
        row = []
        for s, symbols in enumerate(track):
            where = join(join(join(field, "spaces"), t), s)
            colours = [colour_index(c, join(where, i)) for i, c in enumerate(packs.array(symbols, where))]
            if len(set(colours)) != len(colours):
                raise packs.fail(where, "a space shows each virtue at most once")
            row.append(frozenset(colours))
        spaces.append(tuple(row))
    icons = [[None] * TRACK_LENGTH for _ in range(NUM_COLOURS)]
    if with_icons:
        for t, track in enumerate(_grid(obj["icons"], join(field, "icons"))):
            for s, icon in enumerate(track):
                where = join(join(join(field, "icons"), t), s)
                if icon is not None:
                    icons[t][s] = packs.choice(icon, where, ICONS)
                    if s == MASTERY_SPACE:
                        raise packs.fail(where, "an icon on the last space could never trigger")
    return Journal(tuple(spaces), tuple(tuple(row) for row in icons))


def parse_pack(obj: Any) -> Pack:
    """Validate a pack given as a parsed JSON object (every value is checked for its type, as
    ``solver.core.strict_json`` reads it).

    Raises:
        PackError: naming the tile, corner or journal space that is wrong.
    """
    packs.object(obj, "pack", _PACK_KEYS, required=("tiles", "journal"))
    name = packs.string(obj.get("name", "custom"), "name", max_length=100)
    packs.string(obj.get("description", ""), "description")
    for i, line in enumerate(packs.array(obj.get("design", []), "design")):
        packs.string(line, join("design", i))
    tiles = packs.array(obj["tiles"], "tiles", length=NUM_TILES)
    journal = packs.object(obj["journal"], "journal", _SIDES, required=_SIDES)
    return Pack(
        name,
        tuple(_parse_tile(t, i) for i, t in enumerate(tiles)),
        _parse_journal(journal["standard"], "journal.standard", with_icons=False),
        _parse_journal(journal["variant"], "journal.variant", with_icons=True),
        pack_params(obj, GAME, name),
    )


def load_pack(source: PackSource = None) -> Pack:
    """Load a pack: ``None`` for the reference pack, the name of a pack that ships
    (``NAMED_PACKS``), a path to a JSON file, or a parsed dict.

        >>> load_pack("reference-v1").name
        'reference-v1'

    Raises:
        PackError: the file cannot be read, is not JSON, or does not follow the schema.
    """
    if isinstance(source, str) and source in NAMED_PACKS:
        source = NAMED_PACKS[source]
    return read_pack(source, REFERENCE_PACK, parse_pack)
