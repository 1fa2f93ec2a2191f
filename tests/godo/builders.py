"""Small builders for GODŌ test positions: custom component packs and hand-written positions.

Tests build their own pack so that they do not depend on the reference pack's design: start from
the reference JSON, give the tiles a test lays on the grounds the legs and corner symbols it needs
(``make_pack``, ``square``/``row_of_squares``, ``paths``/``symbols``), then write the position as
a JSON dict (``position``) and read it with ``game.state_from_json``.

Points are lattice points ``(x, y)``; slots are ``(x, y, rotation)`` with rotation 0..3 (quarter
turns; see ``solver.games.godo.geometry``).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from solver.games.godo import geometry as geo
from solver.games.godo.pack import COLOURS, CORNER_KEYS, NUM_TILES, REFERENCE_PACK, TRACK_LENGTH

_REFERENCE: dict | None = None


def reference_pack() -> dict:
    """A fresh deep copy of the reference pack as a parsed JSON dict."""
    global _REFERENCE
    if _REFERENCE is None:
        with open(REFERENCE_PACK, encoding="utf-8") as f:
            _REFERENCE = json.load(f)
    return copy.deepcopy(_REFERENCE)


def corner(*lotuses: str, marker: str | None = None) -> dict:
    """One tile corner: virtue symbols (colour names) and at most one marker
    (``"gate:<colour>"``, ``"shrine"`` or ``"lantern"``)."""
    return {"lotuses": list(lotuses), "markers": [marker] if marker else []}


def blank_tile(tile_id: int, legs: Sequence[str] = ("blue", "blue")) -> dict:
    """A tile with the given leg colours and no symbols or markers at its corners."""
    return {"id": tile_id, "legs": list(legs), "corners": {k: corner() for k in CORNER_KEYS}}


def plain_spaces() -> list[list[list[str]]]:
    """Journal spaces where every space of a track shows only that track's colour."""
    return [[[colour] for _ in range(TRACK_LENGTH)] for colour in COLOURS]


def journal_spaces(overrides: Mapping[tuple[str, int], Iterable[str]] | None = None) -> list:
    """Plain journal spaces with some spaces changed: ``{(track colour, space): [colours]}``.

    The track's own colour is not added automatically: give every colour the space shows.
    """
    spaces = plain_spaces()
    for (track, space), colours in (overrides or {}).items():
        spaces[COLOURS.index(track)][space] = list(colours)
    return spaces


def journal_icons(overrides: Mapping[tuple[str, int], str] | None = None) -> list:
    """Variant icons, none except ``{(track colour, space): icon}``."""
    icons: list[list[str | None]] = [[None] * TRACK_LENGTH for _ in COLOURS]
    for (track, space), icon in (overrides or {}).items():
        icons[COLOURS.index(track)][space] = icon
    return icons


def make_pack(
    tiles: Mapping[int, dict] | None = None,
    spaces: list | None = None,
    icons: list | None = None,
    variant_spaces: list | None = None,
    name: str = "test",
) -> dict:
    """A pack dict: the reference pack with some tiles replaced and a chosen journal.

    Args:
        tiles: ``{tile id: tile dict}`` (see ``blank_tile``; the id is set from the key).
        spaces: the standard side's spaces (default ``plain_spaces()``).
        icons: the variant side's icons (default: none).
        variant_spaces: the variant side's spaces (default: the same as ``spaces``).
    """
    pack = reference_pack()
    pack["name"] = name
    for tile_id, tile in (tiles or {}).items():
        tile = copy.deepcopy(tile)
        tile["id"] = tile_id
        pack["tiles"][tile_id] = tile
    spaces = copy.deepcopy(spaces) if spaces is not None else plain_spaces()
    pack["journal"] = {
        "standard": {"spaces": spaces},
        "variant": {
            "spaces": copy.deepcopy(variant_spaces) if variant_spaces is not None else copy.deepcopy(spaces),
            "icons": copy.deepcopy(icons) if icons is not None else journal_icons(),
        },
    }
    return pack


# -- layouts ------------------------------------------------------------------------------------


def square(x: int, y: int, first_tile: int) -> list[tuple[int, int, int, int]]:
    """A full square: tile ``first_tile`` at rotation 0 and ``first_tile + 1`` at rotation 2.

    Its paths are the square's four sides: south and west from the first tile, north and east from
    the second.
    """
    return [(first_tile, x, y, 0), (first_tile + 1, x, y, 2)]


def row_of_squares(n: int, first_tile: int = 0, y: int = 0) -> list[tuple[int, int, int, int]]:
    """``n`` full squares in a row from square ``(0, y)`` eastwards, tiles numbered from
    ``first_tile`` (square ``k`` holds tiles ``first_tile + 2k`` and ``first_tile + 2k + 1``)."""
    out = []
    for k in range(n):
        out += square(k, y, first_tile + 2 * k)
    return out


def blank_tiles(grounds: Iterable[Sequence[int]], leg: str = "blue") -> dict[int, dict]:
    """Blank tiles (legs of one colour, no symbols) for every tile of a layout."""
    return {g[0]: blank_tile(g[0], (leg, leg)) for g in grounds}


def paths(tiles: dict[int, dict], grounds: Iterable[Sequence[int]], colours: Mapping) -> dict[int, dict]:
    """Colour the paths of a layout: ``{(p, q): colour}`` for neighbouring points ``p``, ``q``.

    Every tile with a leg on that edge gets the colour on that leg (changes ``tiles`` in place and
    returns it). Raises ``KeyError`` for an edge no tile lies on.
    """
    for (p, q), colour in colours.items():
        e = geo.edge(tuple(p), tuple(q))
        hit = False
        for tile, x, y, r in grounds:
            for leg, leg_edge in enumerate(geo.leg_edges(x, y, r)):
                if leg_edge == e:
                    tiles[tile]["legs"][leg] = colour
                    hit = True
        if not hit:
            raise KeyError(f"no leg of the layout lies on {e}")
    return tiles


def symbols(tiles: dict[int, dict], grounds: Iterable[Sequence[int]], at: Mapping) -> dict[int, dict]:
    """Put symbols at intersections: ``{point: corner(...)}`` or ``{point: [corner(...), ...]}``.

    The corners listed for a point go, in order, onto the corners of the layout's tiles that meet
    there (in the order the layout lists them), so two markers at one point need two tiles meeting
    there. Changes ``tiles`` in place and returns it. Raises ``ValueError`` when too few tile
    corners meet at a point.
    """
    grounds = list(grounds)
    for point, corners in at.items():
        corners = [corners] if isinstance(corners, dict) else list(corners)
        slots = [
            (tile, CORNER_KEYS[k])
            for tile, x, y, r in grounds
            for k, p in enumerate(geo.corner_points(x, y, r))
            if p == tuple(point)
        ]
        if len(slots) < len(corners):
            raise ValueError(f"only {len(slots)} tile corners meet at {point}, {len(corners)} given")
        for (tile, key), c in zip(slots, corners):
            tiles[tile]["corners"][key] = copy.deepcopy(c)
    return tiles


# -- positions ------------------------------------------------------------------------------------


def _colour_counts(value: Mapping[str, int] | None) -> dict[str, int]:
    value = dict(value or {})
    return {c: value.get(c, 0) for c in COLOURS}


def journal(**tracks: int | None) -> dict[str, int | None]:
    """A journal row: every track at 0 except those given (``None`` = mastered)."""
    row: dict[str, int | None] = {c: 0 for c in COLOURS}
    for colour, pos in tracks.items():
        if colour not in row:
            raise KeyError(colour)
        row[colour] = pos
    return row


def position(
    grounds: Iterable[Sequence[int]],
    monks: Sequence[Sequence[int] | None],
    journals: Sequence[Mapping[str, int | None]] | None = None,
    *,
    phase: str = "move",
    active: int = 0,
    to_move: int | None = None,
    stage: str = "play",
    variant: bool = False,
    enso: Iterable[Sequence[int]] = (),
    collected: Mapping[str, int] | None = None,
    supply: Mapping[str, int] | None = None,
    hands: Sequence[Sequence[int]] | None = None,
    removed: Sequence[int] = (),
    enso_removed: int | None = None,
    turn: Mapping[str, Any] | None = None,
    pack_name: str = "test",
) -> dict:
    """A full position dict for ``game.state_from_json``, with defaults filled in.

    Args:
        grounds: ``(tile, x, y, rotation 0..3)`` for each tile on the table.
        monks: each player's monk point; the number of players is ``len(monks)``.
        journals: partial rows (missing colours at 0; see ``journal``); players not listed have
            every token at 0.
        collected: virtue tokens collected this turn; ``supply`` defaults to 3 minus these.
        hands: each player's hand; default one tile each (the highest ids not on the grounds).
        enso_removed: default: whatever makes the Ensō tokens add up to 5 per player.
        turn: the phase's turn fields; default ``{"moves": 0}`` in phase "move", else ``{}``.
    All other tiles go to the pile.
    """
    grounds = [tuple(g) for g in grounds]
    players = len(monks)
    given = list(journals or [])
    rows = [journal(**dict(given[p])) if p < len(given) else journal() for p in range(players)]
    on_grounds = {g[0] for g in grounds}
    if hands is None:
        spare = [t for t in range(NUM_TILES - 1, -1, -1) if t not in on_grounds and t not in removed]
        hands = [[spare[p]] for p in range(players)]
    held = {t for h in hands for t in h} | on_grounds | set(removed)
    collected_counts = _colour_counts(collected)
    supply_counts = (
        _colour_counts(supply) if supply is not None else {c: 3 - n for c, n in collected_counts.items()}
    )
    if turn is None:
        turn = {"moves": 0} if phase == "move" else {}
    enso = [list(p) for p in enso]
    if enso_removed is None:
        on_journals = sum(pos is not None for row in rows for pos in row.values())
        enso_removed = 5 * players - on_journals - len(enso) - int(turn.get("enso_left", 0))
        if enso_removed < 0:
            raise ValueError("more Ensō tokens on journals and grounds than the game has")
    return {
        "game": "godo",
        "players": players,
        "variant": variant,
        "solo": players == 1,
        "pack": pack_name,
        "stage": stage,
        "phase": phase,
        "active": active,
        "to_move": active if to_move is None else to_move,
        "grounds": [{"tile": t, "x": x, "y": y, "rotation": 90 * r} for t, x, y, r in grounds],
        "monks": [None if m is None else list(m) for m in monks],
        "enso": enso,
        "journals": rows,
        "supply": supply_counts,
        "collected": collected_counts,
        "hands": [list(h) for h in hands],
        "pile": [t for t in range(NUM_TILES) if t not in held],
        "removed": list(removed),
        "enso_removed": enso_removed,
        "turn": dict(turn),
    }


def last_path(frm: Sequence[int], to: Sequence[int], gate: bool = False) -> dict:
    """A ``turn.last_path`` / ``turn.pending`` entry (add ``"payment"`` for a pending move)."""
    return {"gate": gate, "from": list(frm), "to": list(to)}


# -- solo and pile helpers ------------------------------------------------------------------------


def solo_position(
    grounds: Iterable[Sequence[int]],
    monk: Sequence[int] | None,
    journal_row: Mapping[str, int | None] | None = None,
    *,
    stock: int = 15,
    **fields: Any,
) -> dict:
    """A solo position (see ``position``) with ``stock`` Ensō tokens left in the solo stock.

    ``enso_removed`` defaults to whatever makes the journal, grounds, stock and removed tokens add
    up to the solo game's 5 + 15.
    """
    from solver.games.godo.rules import ENSO_PER_PLAYER, SOLO_STOCK

    if "enso_removed" not in fields:
        row = journal(**dict(journal_row or {}))
        on_journal = sum(pos is not None for pos in row.values())
        left = int((fields.get("turn") or {}).get("enso_left", 0))
        fields["enso_removed"] = (
            ENSO_PER_PLAYER + SOLO_STOCK - on_journal - len(list(fields.get("enso", ()))) - left - stock
        )
        if fields["enso_removed"] < 0:
            raise ValueError("more Ensō tokens on the journal, grounds and stock than the game has")
    pos = position(grounds, [monk], [journal_row or {}], **fields)
    pos["stock"] = stock
    return pos


def set_pile(pos: dict, keep: Iterable[int] = ()) -> dict:
    """Leave only the tiles ``keep`` in the pile; the other pile tiles go to ``removed``
    (``set_pile(pos)`` empties the pile). Changes ``pos`` in place and returns it."""
    keep = set(keep)
    if not keep <= set(pos["pile"]):
        raise ValueError(f"tiles {sorted(keep - set(pos['pile']))} are not in the pile")
    pos["removed"] = sorted(set(pos["removed"]) | (set(pos["pile"]) - keep))
    pos["pile"] = sorted(keep)
    return pos
