"""The words of a GODŌ state array: what the kernels (numba and C) need of one.

``check_array(array)`` refuses an array they cannot run safely, naming the word
(``array.hand[3]: ...``): the numba ``KernelState`` checks every array it is built over with it,
and the C kernel's wrappers (``ckernel``) every state they hand to C.
"""

from __future__ import annotations

import numpy as np

from solver.core.bits import popcount
from solver.core.jit import njit
from solver.core.kernel_state import WORD_MAX, WORD_MIN, Words
from solver.games.godo import actions as act
from solver.games.godo import geometry as geo
from solver.games.godo import kernel as K
from solver.games.godo import layout as L
from solver.games.godo.pack import MASTERY_SPACE, NUM_COLOURS, NUM_TILES, TRACK_LENGTH
from solver.games.godo.rules import FIRST_DRAWS, MAX_MOVES_PER_TURN

_ALL_TILES = (1 << NUM_TILES) - 1
_LAST_SLOT = (((geo.SIZE - 1) << L.ROW_SHIFT | (geo.SIZE - 1)) << 2 | 3) + 1  # a slot code + 1
_ANY = (WORD_MIN, WORD_MAX)
_POINT = (0, act.NUM_POINTS)  # a point + 1, or NONE
_FLAG = (0, 1)

_FIELDS = (
    # Derived from the tiles laid (the relations rebuild them) or free: any value here.
    ("occupied", L.OCC, 4 * L.ROWS, *_ANY), ("horizontal", L.HORIZONTAL, NUM_COLOURS * L.ROWS, *_ANY),
    ("vertical", L.VERTICAL, NUM_COLOURS * L.ROWS, *_ANY), ("points", L.POINTS, L.ROWS, *_ANY),
    ("enso", L.ENSO, L.ROWS, *_ANY), ("gates", L.GATES, L.ROWS, *_ANY),
    ("lanterns", L.LANTERNS, L.ROWS, *_ANY), ("monks", L.MONKS, L.ROWS, *_ANY),
    ("content", L.CONTENT, 2 * L.CONTENT_SLOTS, *_ANY), ("tiles", L.TILES, NUM_TILES * L.TILE_WORDS, *_ANY),
    ("journal", L.JOURNAL, NUM_COLOURS * TRACK_LENGTH, *_ANY),
    ("tile_slot", L.TILE_SLOT, NUM_TILES, 0, _LAST_SLOT), ("square_box", L.SQUARE_BOX, 4, -1, L.ROWS),
    ("hand", L.HAND, L.MAX_PLAYERS, 0, _ALL_TILES), ("pile", L.PILE, 1, 0, _ALL_TILES),
    ("removed", L.REMOVED, 1, 0, _ALL_TILES), ("monk", L.MONK, L.MAX_PLAYERS, *_POINT),
    ("track", L.TRACK, L.MAX_PLAYERS * NUM_COLOURS, 0, L.MASTERED),
    ("supply", L.SUPPLY, NUM_COLOURS, 0, WORD_MAX), ("collected", L.COLLECTED, NUM_COLOURS, 0, WORD_MAX),
    ("pool", L.POOL, NUM_COLOURS, 0, WORD_MAX),
    ("players", L.PLAYERS, 1, 1, L.MAX_PLAYERS), ("variant", L.VARIANT, 1, *_FLAG), ("solo", L.SOLO, 1, *_FLAG),
    ("stage", L.STAGE, 1, 0, len(L.STAGES) - 1), ("phase", L.PHASE, 1, 0, L.PH_OVER),
    ("active", L.ACTIVE, 1, 0, L.MAX_PLAYERS - 1), ("to_move", L.TO_MOVE, 1, 0, L.MAX_PLAYERS - 1),
    ("drawer", L.DRAWER, 1, 0, L.MAX_PLAYERS - 1), ("draws_left", L.DRAWS_LEFT, 1, 0, NUM_TILES),
    ("then", L.THEN, 1, 0, len(L.THENS) - 1), ("places_left", L.PLACES_LEFT, 1, 0, max(FIRST_DRAWS)),
    ("redrawn", L.REDRAWN, 1, *_FLAG), ("pool_mode", L.POOL_MODE, 1, 0, len(L.POOL_MODES) - 1),
    ("moves", L.MOVES, 1, 0, MAX_MOVES_PER_TURN), ("last_gate", L.LAST_GATE, 1, *_FLAG),
    ("last_from", L.LAST_FROM, 1, *_POINT), ("last_to", L.LAST_TO, 1, *_POINT), ("fox_left", L.FOX_LEFT, 1, 0, 15),
    ("pend_gate", L.PEND_GATE, 1, *_FLAG), ("pend_from", L.PEND_FROM, 1, *_POINT), ("pend_to", L.PEND_TO, 1, *_POINT),
    ("pend_pay", L.PEND_PAY, 1, 0, act.FREE), ("enso_from", L.ENSO_FROM, 1, *_POINT),
    ("enso_left", L.ENSO_LEFT, 1, 0, NUM_COLOURS), ("enso_removed", L.ENSO_REMOVED, 1, 0, WORD_MAX),
    ("stock", L.STOCK, 1, 0, WORD_MAX), ("winners", L.WINNERS, 1, 0, (1 << L.MAX_PLAYERS) - 1),
)  # fmt: skip


@njit("int64(int64[::1])", cache=True, _nrt=False)
def _seats_and_pack(s):
    """Seats below the player count (nothing held by the others), journal positions, and the
    tiles of the pack: legs and gates of one of the colours, markers of a known kind."""
    players = s[L.PLAYERS]
    for i in (L.ACTIVE, L.TO_MOVE, L.DRAWER):
        if s[i] >= players:
            return i
    if s[L.WINNERS] >> players:
        return L.WINNERS
    for p in range(players, L.MAX_PLAYERS):
        for i in (L.HAND + p, L.MONK + p):
            if s[i]:
                return i
        for i in range(L.TRACK + p * NUM_COLOURS, L.TRACK + (p + 1) * NUM_COLOURS):
            if s[i]:
                return i
    for i in range(L.TRACK, L.TRACK + players * NUM_COLOURS):
        if MASTERY_SPACE < s[i] < L.MASTERED:
            return i
    for tile in range(NUM_TILES):
        base = L.TILES + tile * L.TILE_WORDS
        if s[base] < 0 or s[base] & 15 >= NUM_COLOURS or s[base] >> 4 >= NUM_COLOURS:
            return base
        for k in range(1, 4):  # lotuses (4 bits a colour), marker kind, a gate's colour
            corner = s[base + k]
            kind, colour = corner >> L.MARKER_SHIFT & 15, corner >> L.GATE_COLOUR_SHIFT
            if corner < 0 or kind > L.MARK_LANTERN or colour >= NUM_COLOURS:
                return base + k
            if colour and kind != L.MARK_GATE:
                return base + k
    return -1


@njit("int64(int64[::1])", cache=True)
def _grounds(s):
    """Every tile in exactly one place (laid on the table, a hand, the pile, removed), one tile
    a slot; the bitboards, the intersection table (each key where probing finds it, empty slots
    empty) and the box exactly what the tiles laid and the monks make; monks and Ensō tokens on
    intersections."""
    rebuilt = s.copy()
    rebuilt[L.OCC : L.VERTICAL + NUM_COLOURS * L.ROWS] = 0
    for base in (L.POINTS, L.GATES, L.LANTERNS, L.MONKS):
        rebuilt[base : base + L.ROWS] = 0
    rebuilt[L.CONTENT : L.CONTENT_END] = 0
    rebuilt[L.SQUARE_BOX : L.SQUARE_BOX + 4] = np.array([L.ROWS, -1, L.ROWS, -1], np.int64)
    seen, laid = np.int64(0), 0
    for tile in range(NUM_TILES):
        if s[L.TILE_SLOT + tile] != L.NONE:
            col, row, r = K._slot(s, tile)
            if col >= geo.SIZE:
                return L.TILE_SLOT + tile
            K.place_tile(rebuilt, tile, col, row, r)
            seen |= np.int64(1) << tile
            laid += 1
    for i in [L.HAND + p for p in range(s[L.PLAYERS])] + [L.PILE, L.REMOVED]:
        if s[i] & seen:
            return i
        seen |= s[i]
    if seen != _ALL_TILES:
        return L.PILE
    for p in range(s[L.PLAYERS]):
        if s[L.MONK + p] != L.NONE:
            K._set(rebuilt, L.MONKS, s[L.MONK + p] - 1)
    for base, rows in ((L.OCC, 4 * L.ROWS), (L.HORIZONTAL, 2 * NUM_COLOURS * L.ROWS), (L.POINTS, L.ROWS),
                       (L.GATES, L.ROWS), (L.LANTERNS, L.ROWS), (L.MONKS, L.ROWS), (L.SQUARE_BOX, 4)):  # fmt: skip
        for i in range(base, base + rows):
            if s[i] != rebuilt[i]:
                return i
    squares = 0
    for i in range(L.OCC, L.OCC + 4 * L.ROWS):
        squares += popcount(s[i])
    if squares != laid:
        return L.TILE_SLOT
    for row in range(L.ROWS):
        for base in (L.ENSO, L.MONKS):
            if s[base + row] & ~s[L.POINTS + row]:
                return base + row
    filled = 0
    for i in range(L.CONTENT, L.CONTENT_END, 2):
        filled += (s[i] != L.NONE) - (rebuilt[i] != L.NONE)
    if filled:
        return L.CONTENT
    for i in range(L.CONTENT_SLOTS):
        key, value = s[L.CONTENT + 2 * i], s[L.CONTENT + 2 * i + 1]
        if key == L.NONE:
            if value:
                return L.CONTENT + 2 * i + 1
            continue
        j = K._content_slot(rebuilt, key - 1)
        if rebuilt[L.CONTENT + 2 * j] != key or K._content_slot(s, key - 1) != i:
            return L.CONTENT + 2 * i
        if rebuilt[L.CONTENT + 2 * j + 1] != value:
            return L.CONTENT + 2 * i + 1
    return -1


@njit("int64(int64[::1])", cache=True, _nrt=False)
def _turn(s):
    """The phase belongs to the stage (and to the variant, or the solo game, if only they have
    it); what the phase counts down is there to count (draws, places, Fox Shrine exchanges, Ensō
    tokens, the stock); the tokens spent in improvement are those collected; the monks are on the
    grounds once play starts; a move declared has its ends."""
    phase, stage = s[L.PHASE], s[L.STAGE]
    if (phase == L.PH_OVER) != (stage == L.ST_OVER) or (phase == L.PH_MONK and stage != L.ST_INITIATION):
        return L.PHASE
    if L.PH_MOVE <= phase <= L.PH_STOCK and stage != L.ST_PLAY:
        return L.PHASE
    if (L.PH_PUSH <= phase <= L.PH_ENSO_TO and not s[L.VARIANT]) or (phase == L.PH_STOCK and not s[L.SOLO]):
        return L.PHASE
    if phase == L.PH_ADVANCE and (s[L.POOL_MODE] == L.PM_INITIATION) != (stage == L.ST_INITIATION):
        return L.POOL_MODE
    if phase == L.PH_DRAW and not 1 <= s[L.DRAWS_LEFT] <= popcount(s[L.PILE]):
        return L.DRAWS_LEFT
    for counted, counter in ((L.PH_PLACE, L.PLACES_LEFT), (L.PH_FOX, L.FOX_LEFT),
                             (L.PH_MASTER, L.ENSO_LEFT), (L.PH_STOCK, L.STOCK)):  # fmt: skip
        if phase == counted and s[counter] < 1:
            return counter
    if phase == L.PH_ADVANCE and s[L.POOL_MODE] == L.PM_IMPROVE:
        for c in range(NUM_COLOURS):
            if s[L.POOL + c] != s[L.COLLECTED + c]:
                return L.POOL + c
    if stage != L.ST_INITIATION:
        for p in range(s[L.PLAYERS]):
            if s[L.MONK + p] == L.NONE:
                return L.MONK + p
    if L.PH_PUSH <= phase <= L.PH_ENSO_TO:
        for i in (L.PEND_FROM, L.PEND_TO):
            if s[i] == L.NONE:
                return i
        if s[L.MOVES] >= MAX_MOVES_PER_TURN:
            return L.MOVES
    if phase == L.PH_ENSO_TO and (s[L.ENSO_FROM] == L.NONE or not K._has(s, L.ENSO, s[L.ENSO_FROM] - 1)):
        return L.ENSO_FROM
    return -1


WORDS = Words(L.SIZE, _FIELDS, (_seats_and_pack, _grounds, _turn), K)
"""The words of a GODŌ state array (shared by the numba and C kernels)."""

check_array = WORDS.check
