"""Exact conversion between the reference engine's state and the kernels' flat array.

Positions typed by users are read by the reference reader (``position.py``) and converted here,
so every backend accepts the same positions with the same errors::

    >>> from solver.games.godo.pack import load_pack
    >>> from solver.games.godo.rules import GodoState
    >>> ref = GodoState.new(load_pack(), players=2)
    >>> to_reference(from_reference(ref), ref.pack).to_json() == ref.to_json()
    True
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from solver.games.godo import geometry as geo
from solver.games.godo import kernel as K
from solver.games.godo import layout as L
from solver.games.godo.pack import GATE, LANTERN, NUM_COLOURS, SHRINE, Pack
from solver.games.godo.rules import DRAW, GodoState, Move

_MARKS = {None: L.MARK_NONE, GATE: L.MARK_GATE, SHRINE: L.MARK_SHRINE, LANTERN: L.MARK_LANTERN}


@lru_cache(maxsize=8)
def encode_pack(pack: Pack, variant: bool) -> np.ndarray:
    """The pack section of a state: tiles, then the journal side in play (read-only: shared)."""
    words = np.zeros(L.PACK_END - L.TILES, np.int64)
    for tile in pack.tiles:
        base = tile.id * L.TILE_WORDS
        words[base] = tile.legs[0] | tile.legs[1] << 4
        for k, corner in enumerate(tile.corners):
            w = 0
            for colour in corner.lotuses:
                w += 1 << (L.LOTUS_BITS * colour)
            marker = corner.marker
            w |= _MARKS[marker and marker.kind] << L.MARKER_SHIFT
            if marker is not None and marker.kind == GATE:
                w |= marker.colour << L.GATE_COLOUR_SHIFT
            words[base + 1 + k] = w
    journal = pack.journal(variant)
    for t in range(NUM_COLOURS):
        for space, shown in enumerate(journal.spaces[t]):
            mask = sum(1 << c for c in shown)
            words[L.JOURNAL - L.TILES + t * 6 + space] = mask | L.ICONS.index(journal.icons[t][space]) << L.ICON_SHIFT
    words.flags.writeable = False
    return words


def _point(p: geo.Point | None) -> int:
    return L.NONE if p is None else geo.point_index(p) + 1


def _unpoint(v: int) -> geo.Point | None:
    return None if v == L.NONE else geo.index_point(int(v) - 1)


def _mask(tiles: list[int]) -> int:
    return sum(1 << t for t in tiles)


def _tiles(mask: int) -> list[int]:
    """The set bits of a (non-negative) mask, in order."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low.bit_length() - 1)
        mask ^= low
    return bits


def from_reference(ref: GodoState) -> np.ndarray:
    """The kernel array of a reference state.

    ``GodoState(...)`` before its first draw (``GodoState.new`` begins it) is no state yet: phase
    ``draw`` with nothing to draw. It is converted begun, as ``GodoState.new`` would be, so no array
    ever rests where nothing can be chosen.
    """
    s = np.zeros(L.SIZE, np.int64)
    s[L.TILES : L.PACK_END] = encode_pack(ref.pack, ref.variant)
    s[L.SQUARE_BOX : L.SQUARE_BOX + 4] = (L.ROWS, -1, L.ROWS, -1)
    for tile, (x, y, r) in ref.grounds.where.items():
        K.place_tile(s, tile, x - geo.LOW, y - geo.LOW, r)
    for p in range(ref.players):
        s[L.HAND + p] = _mask(ref.hands[p])
        s[L.MONK + p] = _point(ref.monks[p])
        if ref.monks[p] is not None:
            K._set(s, L.MONKS, geo.point_index(ref.monks[p]))
        for t, pos in enumerate(ref.tracks[p]):
            s[L.TRACK + p * NUM_COLOURS + t] = L.MASTERED if pos is None else pos
    s[L.PILE], s[L.REMOVED] = _mask(ref.pile), _mask(ref.removed)
    for p in ref.enso:
        K._set(s, L.ENSO, geo.point_index(p))
    s[L.SUPPLY : L.SUPPLY + NUM_COLOURS] = ref.supply
    s[L.COLLECTED : L.COLLECTED + NUM_COLOURS] = ref.collected
    s[L.POOL : L.POOL + NUM_COLOURS] = ref.pool
    last, pending = ref.last_path, ref.pending
    fields = {
        L.PLAYERS: ref.players, L.VARIANT: ref.variant, L.SOLO: ref.solo,
        L.STAGE: L.STAGES.index(ref.stage), L.PHASE: L.PHASES.index(ref.phase),
        L.ACTIVE: ref.active, L.TO_MOVE: ref.to_move, L.DRAWER: ref.drawer,
        L.DRAWS_LEFT: ref.draws_left, L.THEN: L.THENS.index(ref.then),
        L.PLACES_LEFT: ref.places_left, L.REDRAWN: ref.redrawn,
        L.POOL_MODE: L.POOL_MODES.index(ref.pool_mode), L.MOVES: ref.moves,
        L.LAST_GATE: bool(last and last.gate), L.LAST_FROM: _point(last and last.origin),
        L.LAST_TO: _point(last and last.target), L.FOX_LEFT: ref.fox_left,
        L.PEND_GATE: bool(pending and pending.gate), L.PEND_FROM: _point(pending and pending.origin),
        L.PEND_TO: _point(pending and pending.target), L.PEND_PAY: pending.payment if pending else 0,
        L.ENSO_FROM: _point(ref.enso_from), L.ENSO_LEFT: ref.enso_left,
        L.ENSO_REMOVED: ref.enso_removed, L.STOCK: ref.stock, L.WINNERS: _mask(ref.winners),
    }  # fmt: skip
    for index, value in fields.items():
        s[index] = value
    if ref.phase == DRAW and not ref.draws_left and len(ref.pile) == len(ref.pack.tiles):
        K.begin(s)
    return s


def to_reference(s: np.ndarray, pack: Pack) -> GodoState:
    """The reference state of a kernel array (``pack`` is the pack it was made with)."""
    players = int(s[L.PLAYERS])
    ref = GodoState(pack, players, bool(s[L.VARIANT]), bool(s[L.SOLO]))
    for tile in range(len(pack.tiles)):
        if s[L.TILE_SLOT + tile] != L.NONE:
            col, row, r = (int(v) for v in K._slot(s, tile))
            ref.grounds.place(tile, (col + geo.LOW, row + geo.LOW, r))
    ref.hands = [_tiles(int(s[L.HAND + p])) for p in range(players)]
    ref.pile, ref.removed = _tiles(int(s[L.PILE])), _tiles(int(s[L.REMOVED]))
    ref.monks = [_unpoint(s[L.MONK + p]) for p in range(players)]
    ref.enso = {
        geo.index_point(row << K.ROW_SHIFT | col)
        for row in range(L.ROWS)
        if s[L.ENSO + row]
        for col in _tiles(int(s[L.ENSO + row]) & (2**64 - 1))
    }
    ref.tracks = [
        [None if v == L.MASTERED else int(v) for v in s[L.TRACK + p * NUM_COLOURS : L.TRACK + (p + 1) * NUM_COLOURS]]
        for p in range(players)
    ]
    ref.supply = [int(v) for v in s[L.SUPPLY : L.SUPPLY + NUM_COLOURS]]
    ref.collected = [int(v) for v in s[L.COLLECTED : L.COLLECTED + NUM_COLOURS]]
    ref.pool = [int(v) for v in s[L.POOL : L.POOL + NUM_COLOURS]]
    ref.stage, ref.phase = L.STAGES[s[L.STAGE]], L.PHASES[s[L.PHASE]]
    ref.active, ref.to_move, ref.drawer = int(s[L.ACTIVE]), int(s[L.TO_MOVE]), int(s[L.DRAWER])
    ref.draws_left, ref.then = int(s[L.DRAWS_LEFT]), L.THENS[s[L.THEN]]
    ref.places_left, ref.redrawn = int(s[L.PLACES_LEFT]), bool(s[L.REDRAWN])
    ref.pool_mode, ref.moves = L.POOL_MODES[s[L.POOL_MODE]], int(s[L.MOVES])
    if s[L.LAST_FROM] != L.NONE:
        ref.last_path = Move(bool(s[L.LAST_GATE]), _unpoint(s[L.LAST_FROM]), _unpoint(s[L.LAST_TO]), 0)
    ref.fox_left = int(s[L.FOX_LEFT])
    if s[L.PEND_FROM] != L.NONE:
        ref.pending = Move(bool(s[L.PEND_GATE]), _unpoint(s[L.PEND_FROM]), _unpoint(s[L.PEND_TO]), int(s[L.PEND_PAY]))
    ref.enso_from = _unpoint(s[L.ENSO_FROM])
    ref.enso_left, ref.enso_removed = int(s[L.ENSO_LEFT]), int(s[L.ENSO_REMOVED])
    ref.stock, ref.winners = int(s[L.STOCK]), _tiles(int(s[L.WINNERS]))
    return ref
