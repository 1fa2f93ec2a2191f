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

from solver.core.errors import PackError
from solver.core.packs import PackSource, read_pack

COLOURS = ("blue", "green", "purple", "red", "yellow")
NUM_COLOURS = len(COLOURS)
NUM_TILES = 60
TRACK_LENGTH = 6
MASTERY_SPACE = TRACK_LENGTH - 1
ICONS = ("move_monk", "relocate_tile", "move_enso")
MAX_LOTUSES = 8  # per corner; the kernels keep a corner's count per colour in 4 bits
CORNER_KEYS = ("right", "a", "b")

GATE, SHRINE, LANTERN = "gate", "shrine", "lantern"

REFERENCE_PACK = Path(__file__).parent / "data" / "reference.json"



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

    def journal(self, variant: bool) -> Journal:
        """The journal side used by a game with or without the Sacred Specialties."""
        return self.variant if variant else self.standard


def colour_index(name: Any, field: str) -> int:
    """The index of a colour name, or a ``PackError`` naming the field."""
    if name not in COLOURS:
        raise PackError(field, f"unknown colour {name!r} (expected one of {', '.join(COLOURS)})")
    return COLOURS.index(name)


def _expect(value: Any, kind: type, field: str) -> Any:
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise PackError(field, f"expected {kind.__name__}, got {type(value).__name__}")
    return value


def _parse_marker(text: Any, field: str) -> Marker:
    _expect(text, str, field)
    if text in (SHRINE, LANTERN):
        return Marker(text)
    if text.startswith(GATE + ":"):
        return Marker(GATE, colour_index(text[len(GATE) + 1 :], field))
    raise PackError(field, f"unknown marker {text!r} (expected 'gate:<colour>', 'shrine' or 'lantern')")


def _parse_corner(obj: Any, field: str) -> Corner:
    _expect(obj, dict, field)
    unknown = set(obj) - {"lotuses", "markers"}
    if unknown:
        raise PackError(field, f"unknown key {sorted(unknown)[0]!r}")
    lotuses = _expect(obj.get("lotuses", []), list, f"{field}.lotuses")
    markers = _expect(obj.get("markers", []), list, f"{field}.markers")
    if len(markers) > 1:
        raise PackError(f"{field}.markers", f"a corner carries at most one marker, got {len(markers)}")
    if len(lotuses) > MAX_LOTUSES:
        raise PackError(f"{field}.lotuses", f"a corner shows at most {MAX_LOTUSES} virtue symbols, got {len(lotuses)}")
    colours = tuple(colour_index(c, f"{field}.lotuses[{i}]") for i, c in enumerate(lotuses))
    marker = _parse_marker(markers[0], f"{field}.markers[0]") if markers else None
    return Corner(colours, marker)


def _parse_tile(obj: Any, index: int) -> Tile:
    field = f"tiles[{index}]"
    _expect(obj, dict, field)
    unknown = set(obj) - {"id", "legs", "corners"}
    if unknown:
        raise PackError(field, f"unknown key {sorted(unknown)[0]!r}")
    if type(obj.get("id")) is not int or obj["id"] != index:
        raise PackError(f"{field}.id", f"expected {index} (tiles are listed by id), got {obj.get('id')!r}")
    legs = _expect(obj.get("legs"), list, f"{field}.legs")
    if len(legs) != 2:
        raise PackError(f"{field}.legs", f"a tile has 2 legs, got {len(legs)}")
    corners = _expect(obj.get("corners"), dict, f"{field}.corners")
    if set(corners) != set(CORNER_KEYS):
        raise PackError(f"{field}.corners", f"expected the keys {list(CORNER_KEYS)}, got {sorted(corners)}")
    return Tile(
        index,
        (colour_index(legs[0], f"{field}.legs[0]"), colour_index(legs[1], f"{field}.legs[1]")),
        tuple(_parse_corner(corners[k], f"{field}.corners.{k}") for k in CORNER_KEYS),  # type: ignore[arg-type]
    )


def _grid(obj: Any, field: str) -> list:
    _expect(obj, list, field)
    if len(obj) != NUM_COLOURS:
        raise PackError(field, f"a journal has {NUM_COLOURS} tracks, got {len(obj)}")
    for t, track in enumerate(obj):
        _expect(track, list, f"{field}[{t}]")
        if len(track) != TRACK_LENGTH:
            raise PackError(f"{field}[{t}]", f"a track has {TRACK_LENGTH} spaces, got {len(track)}")
    return obj


def _parse_journal(obj: Any, field: str, with_icons: bool) -> Journal:
    _expect(obj, dict, field)
    allowed = {"spaces", "icons"} if with_icons else {"spaces"}
    unknown = set(obj) - allowed
    if unknown:
        raise PackError(field, f"unknown key {sorted(unknown)[0]!r}")
    spaces = []
    for t, track in enumerate(_grid(obj.get("spaces"), f"{field}.spaces")):
        row = []
        for s, symbols in enumerate(track):
            where = f"{field}.spaces[{t}][{s}]"
            _expect(symbols, list, where)
            colours = [colour_index(c, f"{where}[{i}]") for i, c in enumerate(symbols)]
            if len(set(colours)) != len(colours):
                raise PackError(where, "a space shows each virtue at most once")
            row.append(frozenset(colours))
        spaces.append(tuple(row))
    icons = [[None] * TRACK_LENGTH for _ in range(NUM_COLOURS)]
    if with_icons:
        for t, track in enumerate(_grid(obj.get("icons"), f"{field}.icons")):
            for s, icon in enumerate(track):
                where = f"{field}.icons[{t}][{s}]"
                if icon is not None and icon not in ICONS:
                    raise PackError(where, f"unknown icon {icon!r} (expected null or one of {', '.join(ICONS)})")
                if icon is not None and s == MASTERY_SPACE:
                    raise PackError(where, "an icon on the last space could never trigger")
                icons[t][s] = icon
    return Journal(tuple(spaces), tuple(tuple(row) for row in icons))


def parse_pack(obj: Any) -> Pack:
    """Validate a pack given as a parsed JSON object.

    Raises:
        PackError: naming the tile, corner or journal space that is wrong.
    """
    _expect(obj, dict, "pack")
    unknown = set(obj) - {"name", "description", "tiles", "journal", "design"}
    if unknown:
        raise PackError("pack", f"unknown key {sorted(unknown)[0]!r}")
    name = _expect(obj.get("name", "custom"), str, "name")
    tiles = _expect(obj.get("tiles"), list, "tiles")
    if len(tiles) != NUM_TILES:
        raise PackError("tiles", f"a pack has {NUM_TILES} tiles, got {len(tiles)}")
    journal = _expect(obj.get("journal"), dict, "journal")
    if set(journal) != {"standard", "variant"}:
        raise PackError("journal", f"expected the sides ['standard', 'variant'], got {sorted(journal)}")
    return Pack(
        name,
        tuple(_parse_tile(t, i) for i, t in enumerate(tiles)),
        _parse_journal(journal["standard"], "journal.standard", with_icons=False),
        _parse_journal(journal["variant"], "journal.variant", with_icons=True),
    )


def load_pack(source: PackSource = None) -> Pack:
    """Load a pack: ``None`` for the reference pack, a path to a JSON file, or a parsed dict.

    Raises:
        PackError: the file cannot be read, is not JSON, or does not follow the schema.
    """
    return read_pack(source, REFERENCE_PACK, parse_pack)
