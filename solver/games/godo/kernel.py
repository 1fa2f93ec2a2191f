"""The GODŌ bitboard engine: the rules of ``rules.py`` as numba functions over one ``int64`` array.

Every function here takes the state array (see ``layout``) and plain scalars or arrays, never a
Python object, and is compiled with ``cache=True``. The rules run as a flat state machine
(``_proceed``): applying an action performs its immediate effect and then runs the automatic steps
of the turn until the next decision or chance node, exactly as the reference engine does, so both
engines reach the same positions and list the same actions in the same order.

The public kernel functions, shared in name and meaning by every game's kernel::

    legal_actions(state, out) -> n            apply_action(state, action)
    chance_outcomes(state, out_a, out_p) -> n current_player(state)   is_terminal(state)
    returns(state, out)                       random_playout(state, rng) -> steps
    determinize(state, observer, rng)         heuristic(state, params, out)
    state_hash(state)                         copy_state(dst, src)

Functions that allocate nothing are compiled with ``_nrt=False``: without numba's runtime they
skip the reference counting of their array arguments, which otherwise costs more than the work
(see ``docs/kernel.md``, "What made numba slow").

``rng`` is a one-word ``uint64`` array: the state of a splitmix64 generator, so the same seed gives
the same playout here and in the C kernels.
"""

from __future__ import annotations

import numpy as np

from solver.core.bits import ctz, nth_bit, popcount
from solver.core.jit import njit
from solver.core.kernel_tools import copy_words, extend_hash, hash_words, share_among_winners
from solver.core.players import CHANCE, TERMINAL
from solver.core.rng import next_random, random_below  # noqa: F401  (the kernel API)
from solver.games.godo import actions as act
from solver.games.godo import geometry as geo
from solver.games.godo import layout as L
from solver.games.godo.pack import MASTERY_SPACE, NUM_COLOURS, NUM_TILES
from solver.games.godo.rules import FIRST_DRAWS, HAND_SIZE, MAX_MOVES_PER_TURN

WINDOW = (1 << geo.SIZE) - 1  # the 63 squares of a row
FIRST_SQUARE = -geo.LOW  # column and row of the middle square (0, 0)
BUFFER = L.BUFFER
PLACEMENTS_OF_ONE_TILE = L.PLACEMENTS_OF_ONE_TILE
ROW_SHIFT = L.ROW_SHIFT

_FIRST_DRAWS = np.array(FIRST_DRAWS, np.int64)
# The square corners counter-clockwise from the south-west, as (column, row) offsets.
_CORNER_DX = np.array([0, 1, 1, 0], np.int64)
_CORNER_DY = np.array([0, 0, 1, 1], np.int64)
_STEP = np.array([1, 1 << ROW_SHIFT, -1, -(1 << ROW_SHIFT)], np.int64)  # east, north, west, south
_ACROSS_COL = np.array([0, 1, 0, -1], np.int64)  # the square across side 0 bottom, 1 right, ...
_ACROSS_ROW = np.array([-1, 0, 1, 0], np.int64)
_ACROSS_ROT = np.array([[2, 3], [0, 3], [0, 1], [1, 2]], np.int64)  # its tiles with a leg there

# Continuations of the turn (see _proceed).
(
    K_RETURN, K_BEGIN_INITIATION, K_DRAW, K_AFTER_DRAWS, K_START_TURN, K_PLACE, K_AFTER_PLACES,
    K_ADVANCE, K_AFTER_ADVANCE, K_START_MOVEMENT, K_ARRIVE, K_FOX, K_END_MOVEMENT, K_SHARE_WITH,
    K_MASTER, K_PLACE_ENSO, K_STOCK, K_FINISH_SCORING,
) = range(18)  # fmt: skip


# -- bits -------------------------------------------------------------------------------------------


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def _has(s, base, pi):
    return (s[base + (pi >> ROW_SHIFT)] >> (pi & 63)) & 1


@njit("void(int64[::1], int64, int64)", cache=True, _nrt=False)
def _set(s, base, pi):
    s[base + (pi >> ROW_SHIFT)] |= np.int64(1) << (pi & 63)


@njit("void(int64[::1], int64, int64)", cache=True, _nrt=False)
def _clear(s, base, pi):
    s[base + (pi >> ROW_SHIFT)] &= ~(np.int64(1) << (pi & 63))


# -- the pack ---------------------------------------------------------------------------------------


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def _leg(s, tile, which):
    return (s[L.TILES + tile * L.TILE_WORDS] >> (4 * which)) & 15


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def _corner(s, tile, k):
    return s[L.TILES + tile * L.TILE_WORDS + 1 + k]


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def _shows(s, track, space):
    return s[L.JOURNAL + track * 6 + space] & 31


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def _icon_at(s, track, space):
    return s[L.JOURNAL + track * 6 + space] >> L.ICON_SHIFT


# -- tiles on the grounds ---------------------------------------------------------------------------


@njit("int64(int64, int64, int64, int64)", cache=True, _nrt=False)
def _corner_point(col, row, r, k):
    """The point index of corner k (0 right, 1 a, 2 b) of a tile at square (col, row), rotation r."""
    c = (r + (0, 1, 3)[k]) % 4
    return (row + _CORNER_DY[c]) << ROW_SHIFT | (col + _CORNER_DX[c])


@njit("UniTuple(int64, 3)(int64, int64, int64, int64)", cache=True, _nrt=False)
def _leg_edge(col, row, r, which):
    """The edge under leg ``which`` (0 a, 1 b): (vertical?, row, column) of its bitboard bit."""
    side = (r + (0, 3)[which]) % 4  # 0 bottom, 1 right, 2 top, 3 left, going round from the right corner
    if side == 0:
        return 0, row, col
    if side == 1:
        return 1, row, col + 1
    if side == 2:
        return 0, row + 1, col
    return 1, row, col


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def _content_slot(s, pi):
    """The CONTENT slot of a point: where its key is, or the empty slot where it would go."""
    i = ((pi * 2654435761) >> 16) & (L.CONTENT_SLOTS - 1)
    while s[L.CONTENT + 2 * i] != L.NONE and s[L.CONTENT + 2 * i] != pi + 1:
        i = (i + 1) & (L.CONTENT_SLOTS - 1)
    return i


@njit("void(int64[::1], int64, int64, int64, int64)", cache=True, _nrt=False)
def _add_corners(s, tile, col, row, r):
    """Add what a tile's corners hold to their intersections (table and bitboards)."""
    for k in range(3):
        pi = _corner_point(col, row, r, k)
        w = _corner(s, tile, k)
        add = np.int64(1) << L.CORNERS_SHIFT
        for c in range(NUM_COLOURS):
            add += ((w >> (L.LOTUS_BITS * c)) & 15) << (L.COUNT_BITS * c)
        gate = np.int64(0)
        kind = (w >> L.MARKER_SHIFT) & 3
        if kind == L.MARK_GATE:
            gate = np.int64(1) << (L.GATES_SHIFT + ((w >> L.GATE_COLOUR_SHIFT) & 7))
            _set(s, L.GATES, pi)
        elif kind == L.MARK_SHRINE:
            add += np.int64(1) << L.SHRINES_SHIFT
        elif kind == L.MARK_LANTERN:
            add += np.int64(1) << L.LANTERNS_SHIFT
            _set(s, L.LANTERNS, pi)
        i = _content_slot(s, pi)
        s[L.CONTENT + 2 * i] = pi + 1
        s[L.CONTENT + 2 * i + 1] = (s[L.CONTENT + 2 * i + 1] + add) | gate
        _set(s, L.POINTS, pi)


@njit("void(int64[::1], int64, int64)", cache=True, _nrt=False)
def _grow_box(s, col, row):
    """Stretch the box of occupied squares over square (col, row)."""
    box = L.SQUARE_BOX
    s[box] = min(s[box], col)
    s[box + 1] = max(s[box + 1], col)
    s[box + 2] = min(s[box + 2], row)
    s[box + 3] = max(s[box + 3], row)


@njit("void(int64[::1], int64, int64, int64, int64)", cache=True, _nrt=False)
def place_tile(s, tile, col, row, r):
    """Lay a tile (no legality check) and update the bitboards and intersection contents."""
    s[L.OCC + r * L.ROWS + row] |= np.int64(1) << col
    s[L.TILE_SLOT + tile] = ((row << ROW_SHIFT | col) << 2 | r) + 1
    for which in range(2):
        vertical, er, ec = _leg_edge(col, row, r, which)
        base = L.VERTICAL if vertical else L.HORIZONTAL
        s[base + _leg(s, tile, which) * L.ROWS + er] |= np.int64(1) << ec
    _add_corners(s, tile, col, row, r)
    _grow_box(s, col, row)


@njit("UniTuple(int64, 3)(int64[::1], int64)", cache=True, _nrt=False)
def _slot(s, tile):
    """(column, row, rotation) of a placed tile."""
    code = s[L.TILE_SLOT + tile] - 1
    return (code >> 2) & 63, code >> (2 + ROW_SHIFT), code & 3


@njit("boolean(int64[::1], int64, int64, int64)", cache=True, _nrt=False)
def _occupied(s, col, row, r):
    if col < 0 or row < 0 or col >= geo.SIZE or row >= geo.SIZE:
        return False
    return (s[L.OCC + r * L.ROWS + row] >> col) & 1 == 1


@njit("void(int64[::1])", cache=True, _nrt=False)
def _rebuild_contents(s):
    """Recompute the intersections and their contents from the tiles on the grounds."""
    s[L.CONTENT : L.CONTENT_END] = 0
    for base in (L.POINTS, L.GATES, L.LANTERNS):
        s[base : base + L.ROWS] = 0
    for tile in range(NUM_TILES):
        if s[L.TILE_SLOT + tile] != L.NONE:
            col, row, r = _slot(s, tile)
            _add_corners(s, tile, col, row, r)


@njit("void(int64[::1])", cache=True, _nrt=False)
def _refresh_box(s):
    box = L.SQUARE_BOX
    s[box], s[box + 1], s[box + 2], s[box + 3] = L.ROWS, -1, L.ROWS, -1
    for tile in range(NUM_TILES):
        if s[L.TILE_SLOT + tile] != L.NONE:
            col, row, _ = _slot(s, tile)
            _grow_box(s, col, row)


@njit("void(int64[::1], int64)", cache=True, _nrt=False)
def lift_tile(s, tile):
    """Take a tile off the grounds and restore the bitboards to what the other tiles make."""
    col, row, r = _slot(s, tile)
    s[L.OCC + r * L.ROWS + row] &= ~(np.int64(1) << col)
    s[L.TILE_SLOT + tile] = L.NONE
    for which in range(2):
        vertical, er, ec = _leg_edge(col, row, r, which)
        # The square across the edge keeps it coloured if one of its tiles has a leg there.
        side = (r + (0, 3)[which]) % 4
        across_col, across_row = col + _ACROSS_COL[side], row + _ACROSS_ROW[side]
        keep = _occupied(s, across_col, across_row, _ACROSS_ROT[side, 0]) or _occupied(
            s, across_col, across_row, _ACROSS_ROT[side, 1]
        )
        base = L.VERTICAL if vertical else L.HORIZONTAL
        if not keep:
            for c in range(NUM_COLOURS):
                s[base + c * L.ROWS + er] &= ~(np.int64(1) << ec)
    _rebuild_contents(s)
    _refresh_box(s)


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def point_word(s, pi):
    """What the tile corners at a point hold, packed in one word (0 for no tile corner): read it
    with ``lotuses_of`` and ``point_info``."""
    i = _content_slot(s, pi)
    return s[L.CONTENT + 2 * i + 1] if s[L.CONTENT + 2 * i] == pi + 1 else np.int64(0)


@njit("int64(int64, int64)", cache=True, _nrt=False)
def lotuses_of(w, colour):
    """The lotuses of one colour in a point word."""
    return (w >> (L.COUNT_BITS * colour)) & ((1 << L.COUNT_BITS) - 1)


@njit("UniTuple(int64, 3)(int64[::1], int64)", cache=True, _nrt=False)
def point_info(s, pi):
    """The mask of gate colours, the number of Fox Shrines and of Stone Lanterns at a point."""
    w = point_word(s, pi)
    return (w >> L.GATES_SHIFT) & 31, (w >> L.SHRINES_SHIFT) & 15, (w >> L.LANTERNS_SHIFT) & 15


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def path_colour(s, pi, d):
    """The colour of the path from point ``pi`` in direction ``d``, or -1."""
    row, col = pi >> ROW_SHIFT, pi & 63
    if d == 0:
        base, er, ec = L.HORIZONTAL, row, col
    elif d == 1:
        base, er, ec = L.VERTICAL, row, col
    elif d == 2:
        base, er, ec = L.HORIZONTAL, row, col - 1
    else:
        base, er, ec = L.VERTICAL, row - 1, col
    if er < 0 or ec < 0 or er >= L.ROWS:
        return -1
    for c in range(NUM_COLOURS):
        if (s[base + c * L.ROWS + er] >> ec) & 1:
            return c
    return -1


@njit("UniTuple(int64, 4)(int64[::1], int64, int64)", cache=True, _nrt=False)
def _sides(s, row, colour):
    """The edges of one colour (``colour`` < 0: of any colour) along each side of the squares of a
    row (0 bottom, 1 right, 2 top, 3 left), as masks aligned on the square columns."""
    lo, hi = (0, NUM_COLOURS) if colour < 0 else (colour, colour + 1)
    bottom = top = vertical = np.int64(0)
    for c in range(lo, hi):
        bottom |= s[L.HORIZONTAL + c * L.ROWS + row]
        top |= s[L.HORIZONTAL + c * L.ROWS + row + 1]
        vertical |= s[L.VERTICAL + c * L.ROWS + row]
    return bottom, (vertical >> 1) & WINDOW, top, vertical


@njit("int64(int64, int64, int64, int64, int64, int64, int64, int64)", cache=True, _nrt=False)
def _fits(any_a, col_a, any_b, col_b, occ_here, occ_next, occ_prev, occ_opposite):
    """The squares where a tile in one rotation may lie: its slot and the two slots sharing its
    legs are free, each leg meets no edge or one of its colour, and it touches the grounds (a leg
    on an edge of its colour, or its long edge on a tile's)."""
    free = ~(occ_here | occ_next | occ_prev)
    touching = col_a | col_b | occ_opposite
    return free & (~any_a | col_a) & (~any_b | col_b) & touching & WINDOW


@njit("UniTuple(int64, 4)(int64[::1], int64, int64)", cache=True, _nrt=False)
def placement_rows(s, tile, row):
    """For each rotation r, the mask of squares of a row where a tile may be laid; leg a lies on
    side r of the square, leg b on side r + 3 (mod 4)."""
    any0, any1, any2, any3 = _sides(s, row, -1)
    a0, a1, a2, a3 = _sides(s, row, _leg(s, tile, 0))
    b0, b1, b2, b3 = _sides(s, row, _leg(s, tile, 1))
    o0, o1, o2, o3 = s[L.OCC + row], s[L.OCC + L.ROWS + row], s[L.OCC + 2 * L.ROWS + row], s[L.OCC + 3 * L.ROWS + row]
    return (
        _fits(any0, a0, any3, b3, o0, o1, o3, o2),
        _fits(any1, a1, any0, b0, o1, o2, o0, o3),
        _fits(any2, a2, any1, b1, o2, o3, o1, o0),
        _fits(any3, a3, any2, b2, o3, o0, o2, o1),
    )


@njit("int64(int64[::1], int64, int64, int64)", cache=True, _nrt=False)
def _emit(out, n, limit, action):
    if n < limit:
        out[n] = action
    return n + 1


@njit("int64(int64, int64, int64, int64)", cache=True, _nrt=False)
def _place_action(tile, col, row, r):
    return act.PLACE + ((tile * geo.SIZE + row) * geo.SIZE + col) * 4 + r


@njit("UniTuple(int64, 4)(int64)", cache=True, _nrt=False)
def _decode_place(action):
    rest = action - act.PLACE
    r = rest % 4
    rest //= 4
    col = rest % geo.SIZE
    rest //= geo.SIZE
    return rest // geo.SIZE, col, rest % geo.SIZE, r


@njit("int64(int64[::1], int64, int64[::1], int64, int64, int64, int64)", cache=True, _nrt=False)
def gen_placements(s, hand, out, n, limit, skip_tile, skip_code):
    """Append the PLACE actions of the tiles in ``hand`` (a bit mask); the slot ``skip_code`` of
    ``skip_tile`` is left out (a relocation must move the tile)."""
    empty = s[L.SQUARE_BOX + 1] < 0
    h = hand
    while h:
        tile = ctz(h)
        h &= h - 1
        if empty:
            for r in range(4):
                n = _emit(out, n, limit, _place_action(tile, FIRST_SQUARE, FIRST_SQUARE, r))
            continue
        lo = max(0, s[L.SQUARE_BOX + 2] - 1)
        hi = min(geo.SIZE - 1, s[L.SQUARE_BOX + 3] + 1)
        for row in range(lo, hi + 1):
            masks = placement_rows(s, tile, row)
            m = masks[0] | masks[1] | masks[2] | masks[3]
            while m:
                col = ctz(m)
                m &= m - 1
                for r in range(4):
                    if (masks[r] >> col) & 1:
                        if tile == skip_tile and ((row << ROW_SHIFT | col) << 2 | r) == skip_code:
                            continue
                        n = _emit(out, n, limit, _place_action(tile, col, row, r))
            if n >= limit:
                return n
    return n


@njit("boolean(int64[::1])", cache=True)
def is_connected(s):
    """Whether every tile on the grounds is joined to the others by shared sides (a leg on a leg,
    or long edge on long edge): a flood fill over the occupied slots."""
    total, start = 0, -1
    for tile in range(NUM_TILES):
        if s[L.TILE_SLOT + tile] != L.NONE:
            total += 1
            start = s[L.TILE_SLOT + tile] - 1
    if total == 0:
        return True
    seen = np.zeros(4 * L.ROWS, np.int64)
    stack = np.empty(NUM_TILES, np.int64)
    stack[0], top, reached = start, 1, 1
    seen[(start & 3) * L.ROWS + (start >> (2 + ROW_SHIFT))] |= np.int64(1) << ((start >> 2) & 63)
    neighbours = np.empty((5, 3), np.int64)  # column, row, rotation of the slots that may touch
    while top:
        top -= 1
        code = stack[top]
        col, row, r = (code >> 2) & 63, code >> (2 + ROW_SHIFT), code & 3
        neighbours[0] = (col, row, (r + 2) % 4)
        for i in range(2):
            side = (r + (0, 3)[i]) % 4
            for j in range(2):
                neighbours[1 + 2 * i + j] = (col + _ACROSS_COL[side], row + _ACROSS_ROW[side], _ACROSS_ROT[side, j])
        for k in range(5):
            c2, r2, rot = neighbours[k, 0], neighbours[k, 1], neighbours[k, 2]
            if _occupied(s, c2, r2, rot) and not (seen[rot * L.ROWS + r2] >> c2) & 1:
                seen[rot * L.ROWS + r2] |= np.int64(1) << c2
                stack[top] = (r2 << ROW_SHIFT | c2) << 2 | rot
                top += 1
                reached += 1
    return reached == total


# -- players, journals ------------------------------------------------------------------------------


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def _track(s, player, t):
    return s[L.TRACK + player * NUM_COLOURS + t]


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def _next(s, player):
    return (player + 1) % s[L.PLAYERS]


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def _monk_at(s, pi):
    for p in range(s[L.PLAYERS]):
        if s[L.MONK + p] == pi + 1:
            return p
    return -1


@njit("void(int64[::1], int64[::1])", cache=True, _nrt=False)
def scores(s, out):
    for p in range(s[L.PLAYERS]):
        total = 0
        for t in range(NUM_COLOURS):
            pos = _track(s, p, t)
            total += 10 if pos == L.MASTERED else pos
        out[p] = total


# -- the legal actions of each phase ----------------------------------------------------------------


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def _with_pass(out, n, limit):
    """Put PASS before the n actions found (when any was found)."""
    if n == 0:
        return 0
    for i in range(min(n, limit - 1), 0, -1):
        out[i] = out[i - 1]
    out[0] = act.PASS
    return n + 1


@njit("int64(int64[::1], int64[::1], int64)", cache=True, _nrt=False)
def gen_advances(s, out, limit):
    player, n = s[L.TO_MOVE], 0
    initiation = s[L.POOL_MODE] == L.PM_INITIATION
    last = MASTERY_SPACE - 1 if initiation else MASTERY_SPACE  # initiation stops short of space 5
    for colour in range(NUM_COLOURS):
        if s[L.POOL + colour] == 0:
            continue
        for t in range(NUM_COLOURS):
            pos = _track(s, player, t)
            if pos < last and (_shows(s, t, pos + 1) >> colour) & 1:
                n = _emit(out, n, limit, act.ADVANCE + colour * NUM_COLOURS + t)
    if not initiation:
        n = _with_pass(out, n, limit)
    return n


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def _payments(s, colours):
    """The payments (a bit mask over tracks, bit FREE for free) for a path or gate of these colours."""
    player = s[L.ACTIVE]
    for c in range(NUM_COLOURS):
        if (colours >> c) & 1 and _track(s, player, c) == L.MASTERED:
            return 1 << act.FREE
    pays = 0
    for t in range(NUM_COLOURS):
        pos = _track(s, player, t)
        if pos != L.MASTERED and pos >= 1 and _shows(s, t, pos - 1) & colours:
            pays |= 1 << t
    return pays


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def _icon(s, pay):
    """The Sacred Specialty a payment would trigger (before it is made)."""
    if not s[L.VARIANT] or pay == act.FREE:
        return L.ICON_NONE
    return _icon_at(s, pay, _track(s, s[L.ACTIVE], pay) - 1)


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def _push_directions(s, player, blocked):
    """The directions (a bit mask) a player's monk may be pushed along: a path, no monk at its
    end, and not onto ``blocked``."""
    here, dirs = s[L.MONK + player] - 1, 0
    for d in range(4):
        if path_colour(s, here, d) < 0:
            continue
        there = here + _STEP[d]
        if not _has(s, L.MONKS, there) and there != blocked:
            dirs |= 1 << d
    return dirs


@njit("int64(int64[::1], int64, int64, int64[::1], int64, int64)", cache=True, _nrt=False)
def gen_pushes_of(s, player, blocked, out, n, limit):
    dirs = _push_directions(s, player, blocked)
    for d in range(4):
        if (dirs >> d) & 1:
            n = _emit(out, n, limit, act.PUSH + player * 4 + d)
    return n


@njit("boolean(int64[::1], int64, int64, int64, int64)", cache=True, _nrt=False)
def _move_allowed(s, gate, origin, target, pay):
    if s[L.MOVES] > 0 and s[L.LAST_GATE] == gate:
        a, b = s[L.LAST_FROM] - 1, s[L.LAST_TO] - 1
        if (a == origin and b == target) or (a == target and b == origin):
            return False
    if not _has(s, L.MONKS, target):
        return True
    return _icon(s, pay) == L.ICON_MOVE_MONK and _push_directions(s, _monk_at(s, target), target) != 0


@njit("int64(int64[::1], int64[::1], int64)", cache=True, _nrt=False)
def gen_moves(s, out, limit):
    if s[L.MOVES] >= MAX_MOVES_PER_TURN:
        return 0
    here, n = s[L.MONK + s[L.ACTIVE]] - 1, 0
    for d in range(4):
        colour = path_colour(s, here, d)
        if colour < 0:
            continue
        pays = _payments(s, 1 << colour)
        for pay in range(act.PAYMENTS):
            if (pays >> pay) & 1 and _move_allowed(s, 0, here, here + _STEP[d], pay):
                n = _emit(out, n, limit, act.MOVE + d * act.PAYMENTS + pay)
    if _has(s, L.GATES, here):
        gates, _, _ = point_info(s, here)
        pays = _payments(s, gates)
        for row in range(L.ROWS):
            b = s[L.GATES + row]
            while b:
                there = row << ROW_SHIFT | ctz(b)
                b &= b - 1
                if there == here:
                    continue
                for pay in range(act.PAYMENTS):
                    if (pays >> pay) & 1 and _move_allowed(s, 1, here, there, pay):
                        n = _emit(out, n, limit, act.GATE + there * act.PAYMENTS + pay)
    if s[L.MOVES] > 0:
        n = _with_pass(out, n, limit)
    return n


@njit("int64(int64[::1], int64[::1], int64)", cache=True, _nrt=False)
def gen_exchanges(s, out, limit):
    n = 0
    for give in range(NUM_COLOURS):
        if s[L.COLLECTED + give] == 0:
            continue
        for take in range(NUM_COLOURS):
            if take != give and s[L.SUPPLY + take] > 0:
                n = _emit(out, n, limit, act.EXCHANGE + give * NUM_COLOURS + take)
    return _with_pass(out, n, limit)


@njit("int64(int64[::1], int64[::1], int64)", cache=True, _nrt=False)
def gen_pushes(s, out, limit):
    target = s[L.PEND_TO] - 1
    occupant = _monk_at(s, target)
    if occupant >= 0:  # the move needs this monk out of the way: no passing
        return gen_pushes_of(s, occupant, target, out, 0, limit)
    n = 0
    for p in range(s[L.PLAYERS]):
        if p != s[L.ACTIVE] and s[L.MONK + p] != L.NONE:
            n = gen_pushes_of(s, p, target, out, n, limit)
    return _with_pass(out, n, limit)


@njit("int64(int64[::1], int64[::1])", cache=True, _nrt=False)
def _stranded(s, out):
    """The points of monks and Ensō tokens that are no longer intersections (into ``out``, as far
    as it goes); returns how many there are."""
    n = 0
    for row in range(L.ROWS):
        b = (s[L.ENSO + row] | s[L.MONKS + row]) & ~s[L.POINTS + row]
        while b:
            if n < out.shape[0]:
                out[n] = row << ROW_SHIFT | ctz(b)
            n += 1
            b &= b - 1
    return n


@njit("int64(int64[::1], int64[::1], int64)", cache=True)
def gen_relocations(s, out, limit):
    """Tiles that may move, and where: the grounds stay whole and legal, every monk and Ensō token
    keeps its intersection, and the tiles at both ends of the declared move stay put."""
    ends0, ends1 = s[L.PEND_FROM] - 1, s[L.PEND_TO] - 1
    trial = s.copy()
    found = np.empty(PLACEMENTS_OF_ONE_TILE, np.int64)
    stranded = np.empty(3, np.int64)
    n = 0
    for tile in range(NUM_TILES):
        if s[L.TILE_SLOT + tile] == L.NONE:
            continue
        col, row, r = _slot(s, tile)
        at_end = False
        for k in range(3):
            pi = _corner_point(col, row, r, k)
            at_end = at_end or pi == ends0 or pi == ends1
        if at_end:
            continue
        lift_tile(trial, tile)
        lost = _stranded(trial, stranded)
        if lost <= 3 and is_connected(trial):
            code = s[L.TILE_SLOT + tile] - 1
            m = gen_placements(trial, np.int64(1) << tile, found, 0, PLACEMENTS_OF_ONE_TILE, tile, code)
            for i in range(min(m, PLACEMENTS_OF_ONE_TILE)):
                # Laying the tile only adds intersections: it must bring back every lost one.
                _, c2, r2, rot2 = _decode_place(found[i])
                covered = 0
                for j in range(lost):
                    for k in range(3):
                        if _corner_point(c2, r2, rot2, k) == stranded[j]:
                            covered += 1
                            break
                if covered == lost:
                    n = _emit(out, n, limit, found[i])
        place_tile(trial, tile, col, row, r)
    return _with_pass(out, n, limit)


@njit("int64(int64[::1], int64[::1], int64, int64, boolean)", cache=True, _nrt=False)
def _free_points(s, out, n, limit, no_monk):
    """Append POINT actions of the intersections without an Ensō token (and, optionally, monk)."""
    for row in range(L.ROWS):
        b = s[L.POINTS + row] & ~s[L.ENSO + row]
        while b:
            pi = row << ROW_SHIFT | ctz(b)
            b &= b - 1
            if no_monk and _has(s, L.MONKS, pi):
                continue
            n = _emit(out, n, limit, act.POINT + pi)
            if n >= limit:
                return n
    return n


@njit("int64(int64[::1], int64[::1], int64)", cache=True, _nrt=False)
def gen_monk_spots(s, out, limit):
    n = 0
    for row in range(L.ROWS):
        b = s[L.POINTS + row]
        while b:
            pi = row << ROW_SHIFT | ctz(b)
            b &= b - 1
            if not _has(s, L.MONKS, pi):
                n = _emit(out, n, limit, act.POINT + pi)
    return n


@njit("int64(int64[::1], int64[::1], int64)", cache=True, _nrt=False)
def gen_enso_sources(s, out, limit):
    any_enso = any_free = False
    for row in range(L.ROWS):
        any_enso = any_enso or s[L.ENSO + row] != 0
        any_free = any_free or (s[L.POINTS + row] & ~s[L.ENSO + row]) != 0
    if not (any_enso and any_free):
        return 0
    n = 0
    for row in range(L.ROWS):
        b = s[L.ENSO + row]
        while b:
            n = _emit(out, n, limit, act.POINT + (row << ROW_SHIFT | ctz(b)))
            b &= b - 1
    return _with_pass(out, n, limit)


@njit("int64(int64[::1], int64[::1], int64)", cache=True, _nrt=False)
def gen_nudges(s, out, limit):
    n = 0
    for t in range(NUM_COLOURS):
        if _track(s, s[L.ACTIVE], t) < MASTERY_SPACE:
            n = _emit(out, n, limit, act.NUDGE + t)
    return n


@njit("int64(int64[::1], int64[::1], int64)", cache=True, _nrt=False)
def _legal(s, out, limit):
    phase = s[L.PHASE]
    if phase == L.PH_DRAW:
        n, pile = 0, s[L.PILE]
        while pile:
            n = _emit(out, n, limit, act.DRAW + ctz(pile))
            pile &= pile - 1
        return n
    if phase == L.PH_PLACE:
        return gen_placements(s, s[L.HAND + s[L.ACTIVE]], out, 0, limit, -1, -1)
    if phase == L.PH_MONK:
        return gen_monk_spots(s, out, limit)
    if phase == L.PH_ADVANCE:
        return gen_advances(s, out, limit)
    if phase == L.PH_MOVE:
        return gen_moves(s, out, limit)
    if phase == L.PH_NUDGE:
        return gen_nudges(s, out, limit)
    if phase == L.PH_FOX:
        return gen_exchanges(s, out, limit)
    if phase == L.PH_PUSH:
        return gen_pushes(s, out, limit)
    if phase == L.PH_RELOCATE:
        return gen_relocations(s, out, limit)
    if phase == L.PH_ENSO_FROM:
        return gen_enso_sources(s, out, limit)
    if phase == L.PH_ENSO_TO or phase == L.PH_MASTER:
        return _free_points(s, out, 0, limit, False)
    if phase == L.PH_STOCK:
        return _free_points(s, out, 0, limit, True)
    return 0


@njit("int64(int64[::1], int64[::1])", cache=True, _nrt=False)
def legal_actions(s, out):
    """Write the legal actions (sorted; the outcomes at a chance node) into ``out``; return how many."""
    return _legal(s, out, out.shape[0])


# -- the turn: a state machine that runs until the next decision ------------------------------------


@njit("void(int64[::1], int64)", cache=True, _nrt=False)
def _finish(s, winners):
    s[L.STAGE] = L.ST_OVER
    s[L.PHASE] = L.PH_OVER
    s[L.WINNERS] = winners


@njit("void(int64[::1])", cache=True, _nrt=False)
def _pool_collected(s):
    """The tokens just collected become the pool to spend."""
    for c in range(NUM_COLOURS):
        s[L.POOL + c] = s[L.COLLECTED + c]


@njit("void(int64[::1], int64, int64, int64[::1])", cache=True, _nrt=False)
def _proceed(s, step, arg, scratch):
    """Run the automatic steps of the rules from continuation ``step`` until a decision is due
    (``scratch``, one word at least, receives the first action of the generators run only to
    know whether a decision has any)."""
    count = then = 0
    while step != K_RETURN:
        if step == K_BEGIN_INITIATION:
            s[L.STAGE], s[L.ACTIVE] = L.ST_INITIATION, arg
            s[L.PLACES_LEFT], s[L.REDRAWN] = _FIRST_DRAWS[arg], 0
            step, count, then = K_DRAW, _FIRST_DRAWS[arg], L.TH_PLACE
        elif step == K_DRAW:  # arg draws ``count`` tiles, then ``then``
            s[L.DRAWER], s[L.THEN] = arg, then
            s[L.DRAWS_LEFT] = min(count, popcount(s[L.PILE]))
            if s[L.DRAWS_LEFT]:
                s[L.PHASE] = L.PH_DRAW
                step = K_RETURN
            else:
                step = K_AFTER_DRAWS
        elif step == K_AFTER_DRAWS:
            if s[L.THEN] == L.TH_PLACE:
                step = K_PLACE
            elif s[L.THEN] == L.TH_MOVE:
                step = K_START_MOVEMENT
            elif s[L.DRAWER] + 1 < s[L.PLAYERS]:
                arg = s[L.DRAWER] + 1
                step, count, then = K_DRAW, max(0, HAND_SIZE - popcount(s[L.HAND + arg])), L.TH_HAND
            else:
                step, arg = K_START_TURN, 0
        elif step == K_START_TURN:
            s[L.STAGE], s[L.ACTIVE] = L.ST_PLAY, arg
            s[L.COLLECTED : L.COLLECTED + NUM_COLOURS] = 0
            s[L.MOVES] = s[L.LAST_GATE] = s[L.LAST_FROM] = s[L.LAST_TO] = s[L.FOX_LEFT] = 0
            if s[L.HAND + arg] == 0:
                if s[L.SOLO]:
                    _finish(s, 0)  # out of tiles before mastering everything: a loss
                    step = K_RETURN
                    continue
                anyone = 0
                for p in range(s[L.PLAYERS]):
                    anyone |= s[L.HAND + p]
                step, arg = (K_START_TURN, _next(s, arg)) if anyone else (K_FINISH_SCORING, 0)
            else:
                s[L.PLACES_LEFT], s[L.REDRAWN] = 1, 0
                step = K_PLACE
        elif step == K_FINISH_SCORING:
            best, winners = -1, 0
            for p in range(s[L.PLAYERS]):
                total = 0
                for t in range(NUM_COLOURS):
                    pos = _track(s, p, t)
                    total += 10 if pos == L.MASTERED else pos
                if total > best:
                    best, winners = total, 1 << p
                elif total == best:
                    winners |= 1 << p
            _finish(s, winners)
            step = K_RETURN
        elif step == K_PLACE:
            active = s[L.ACTIVE]
            if s[L.PLACES_LEFT] == 0:
                step = K_AFTER_PLACES
            elif gen_placements(s, s[L.HAND + active], scratch, 0, 1, -1, -1):
                s[L.PHASE], s[L.TO_MOVE] = L.PH_PLACE, active
                step = K_RETURN
            elif s[L.HAND + active] and not s[L.REDRAWN]:  # show them, remove them, draw 2 new ones
                s[L.REMOVED] |= s[L.HAND + active]
                s[L.HAND + active] = 0
                s[L.REDRAWN] = 1
                step, arg, count, then = K_DRAW, active, 2, L.TH_PLACE
            else:  # even the new tiles fit nowhere: they stay in hand
                s[L.PLACES_LEFT] -= 1
                s[L.REDRAWN] = 0
        elif step == K_AFTER_PLACES:
            if s[L.STAGE] == L.ST_INITIATION:
                s[L.PHASE], s[L.TO_MOVE] = L.PH_MONK, s[L.ACTIVE]
                step = K_RETURN
            else:
                step, arg, count, then = K_DRAW, s[L.ACTIVE], 1, L.TH_MOVE
        elif step == K_ADVANCE:
            if gen_advances(s, scratch, 1):
                s[L.PHASE] = L.PH_ADVANCE
                step = K_RETURN
            else:
                step = K_AFTER_ADVANCE
        elif step == K_AFTER_ADVANCE:
            player, mode = s[L.TO_MOVE], s[L.POOL_MODE]
            s[L.POOL : L.POOL + NUM_COLOURS] = 0
            if mode == L.PM_INITIATION:
                if player + 1 < s[L.PLAYERS]:
                    step, arg = K_BEGIN_INITIATION, player + 1
                else:
                    step, arg, count, then = K_DRAW, 0, max(0, HAND_SIZE - popcount(s[L.HAND])), L.TH_HAND
            elif mode == L.PM_IMPROVE:
                step, arg = K_SHARE_WITH, _next(s, s[L.ACTIVE])
            else:
                step, arg = K_SHARE_WITH, _next(s, player)
        elif step == K_START_MOVEMENT:
            active = s[L.ACTIVE]
            s[L.TO_MOVE] = active
            if gen_moves(s, scratch, 1):
                s[L.PHASE] = L.PH_MOVE
                step = K_RETURN
            elif gen_nudges(s, scratch, 1):
                s[L.PHASE] = L.PH_NUDGE  # no first move: one token one step right, then mastering
                step = K_RETURN
            else:
                step, arg = K_MASTER, active
        elif step == K_ARRIVE:
            active, target = s[L.ACTIVE], s[L.PEND_TO] - 1
            _clear(s, L.MONKS, s[L.MONK + active] - 1)
            _set(s, L.MONKS, target)
            s[L.MONK + active] = target + 1
            s[L.LAST_GATE], s[L.LAST_FROM], s[L.LAST_TO] = s[L.PEND_GATE], s[L.PEND_FROM], s[L.PEND_TO]
            s[L.PEND_GATE] = s[L.PEND_FROM] = s[L.PEND_TO] = s[L.PEND_PAY] = 0
            s[L.MOVES] += 1
            if _has(s, L.ENSO, target):
                step = K_END_MOVEMENT
            else:
                w = point_word(s, target)
                for c in range(NUM_COLOURS):
                    taken = min(lotuses_of(w, c), s[L.SUPPLY + c])
                    s[L.SUPPLY + c] -= taken
                    s[L.COLLECTED + c] += taken
                s[L.FOX_LEFT] = (w >> L.SHRINES_SHIFT) & 15
                step = K_FOX
        elif step == K_FOX:
            if s[L.FOX_LEFT] and gen_exchanges(s, scratch, 1):
                s[L.PHASE] = L.PH_FOX
                step = K_RETURN
            else:
                s[L.FOX_LEFT] = 0
                if _has(s, L.LANTERNS, s[L.MONK + s[L.ACTIVE]] - 1):
                    step = K_END_MOVEMENT
                elif gen_moves(s, scratch, 1):
                    s[L.PHASE] = L.PH_MOVE
                    step = K_RETURN
                else:
                    step = K_END_MOVEMENT
        elif step == K_END_MOVEMENT:
            s[L.TO_MOVE], s[L.POOL_MODE] = s[L.ACTIVE], L.PM_IMPROVE
            _pool_collected(s)
            step = K_ADVANCE
        elif step == K_SHARE_WITH:
            collected = 0
            for c in range(NUM_COLOURS):
                collected += s[L.COLLECTED + c]
            if arg == s[L.ACTIVE] or s[L.SOLO] or collected == 0:
                for c in range(NUM_COLOURS):
                    s[L.SUPPLY + c] += s[L.COLLECTED + c]
                    s[L.COLLECTED + c] = 0
                step, arg = K_MASTER, s[L.ACTIVE]
            else:
                s[L.TO_MOVE], s[L.POOL_MODE] = arg, L.PM_SHARE
                _pool_collected(s)
                step = K_ADVANCE
        elif step == K_MASTER:
            mastered = left = 0
            for t in range(NUM_COLOURS):
                i = L.TRACK + arg * NUM_COLOURS + t
                if s[i] == MASTERY_SPACE:
                    s[i] = L.MASTERED
                    mastered += 1
                if s[i] != L.MASTERED:
                    left += 1
            s[L.TO_MOVE], s[L.ENSO_LEFT] = arg, mastered
            if left == 0:
                _finish(s, 1 << arg)  # the last token left the journal: an immediate win
                step = K_RETURN
            else:
                step = K_PLACE_ENSO
        elif step == K_PLACE_ENSO:
            if s[L.ENSO_LEFT] and _free_points(s, scratch, 0, 1, False) == 0:
                s[L.ENSO_REMOVED] += s[L.ENSO_LEFT]
                s[L.ENSO_LEFT] = 0
            if s[L.ENSO_LEFT]:
                s[L.PHASE] = L.PH_MASTER
                step = K_RETURN
            elif _next(s, s[L.TO_MOVE]) != s[L.ACTIVE]:
                step, arg = K_MASTER, _next(s, s[L.TO_MOVE])
            elif s[L.SOLO]:
                step = K_STOCK
            else:
                step, arg = K_START_TURN, _next(s, s[L.ACTIVE])
        elif step == K_STOCK:
            if s[L.STOCK] == 0:
                _finish(s, 0)  # the stock ran out: GODŌ is not mastered this time
                step = K_RETURN
            elif _free_points(s, scratch, 0, 1, True):
                s[L.PHASE], s[L.TO_MOVE] = L.PH_STOCK, s[L.ACTIVE]
                step = K_RETURN
            else:
                s[L.STOCK] -= 1
                s[L.ENSO_REMOVED] += 1
                step, arg = K_START_TURN, s[L.ACTIVE]


@njit("void(int64[::1])", cache=True)
def begin(s):
    """Start the game in a freshly laid out state (``convert.new_state``)."""
    _proceed(s, K_BEGIN_INITIATION, 0, np.empty(1, np.int64))


@njit("void(int64[::1], int64, int64[::1])", cache=True, _nrt=False)
def _apply(s, action, scratch):
    """``apply_action`` with the working space given (see ``_proceed``)."""
    phase, active = s[L.PHASE], s[L.ACTIVE]
    if phase == L.PH_DRAW:
        bit = np.int64(1) << (action - act.DRAW)
        s[L.PILE] &= ~bit
        s[L.HAND + s[L.DRAWER]] |= bit
        s[L.DRAWS_LEFT] -= 1
        if s[L.DRAWS_LEFT] == 0:
            _proceed(s, K_AFTER_DRAWS, 0, scratch)
    elif phase == L.PH_PLACE:
        tile, col, row, r = _decode_place(action)
        s[L.HAND + active] &= ~(np.int64(1) << tile)
        place_tile(s, tile, col, row, r)
        s[L.PLACES_LEFT] -= 1
        s[L.REDRAWN] = 0
        _proceed(s, K_PLACE, 0, scratch)
    elif phase == L.PH_MONK:
        pi = action - act.POINT
        s[L.MONK + active] = pi + 1
        _set(s, L.MONKS, pi)
        w = point_word(s, pi)
        for c in range(NUM_COLOURS):
            s[L.POOL + c] = lotuses_of(w, c)
        s[L.TO_MOVE], s[L.POOL_MODE] = active, L.PM_INITIATION
        _proceed(s, K_ADVANCE, 0, scratch)
    elif phase == L.PH_ADVANCE:
        if action == act.PASS:
            _proceed(s, K_AFTER_ADVANCE, 0, scratch)
            return
        colour, t = divmod(action - act.ADVANCE, NUM_COLOURS)
        s[L.TRACK + s[L.TO_MOVE] * NUM_COLOURS + t] += 1
        s[L.POOL + colour] -= 1
        if s[L.POOL_MODE] == L.PM_IMPROVE:  # the token goes back to the supply
            s[L.COLLECTED + colour] -= 1
            s[L.SUPPLY + colour] += 1
        _proceed(s, K_ADVANCE, 0, scratch)
    elif phase == L.PH_MOVE:
        if action == act.PASS:
            _proceed(s, K_END_MOVEMENT, 0, scratch)
            return
        here = s[L.MONK + active] - 1
        if action >= act.GATE:
            there, pay = divmod(action - act.GATE, act.PAYMENTS)
            gate = 1
        else:
            d, pay = divmod(action - act.MOVE, act.PAYMENTS)
            there, gate = here + _STEP[d], 0
        icon = _icon(s, pay)
        if pay != act.FREE:
            s[L.TRACK + active * NUM_COLOURS + pay] -= 1
        s[L.PEND_GATE], s[L.PEND_FROM], s[L.PEND_TO], s[L.PEND_PAY] = gate, here + 1, there + 1, pay
        if icon == L.ICON_MOVE_MONK and gen_pushes(s, scratch, 1):
            s[L.PHASE] = L.PH_PUSH
        elif icon == L.ICON_RELOCATE and gen_relocations(s, scratch, 1):
            s[L.PHASE] = L.PH_RELOCATE
        elif icon == L.ICON_MOVE_ENSO and gen_enso_sources(s, scratch, 1):
            s[L.PHASE] = L.PH_ENSO_FROM
        else:
            _proceed(s, K_ARRIVE, 0, scratch)
    elif phase == L.PH_NUDGE:
        s[L.TRACK + active * NUM_COLOURS + action - act.NUDGE] += 1
        _proceed(s, K_MASTER, active, scratch)
    elif phase == L.PH_FOX:
        if action == act.PASS:
            s[L.FOX_LEFT] = 0
        else:
            give, take = divmod(action - act.EXCHANGE, NUM_COLOURS)
            s[L.COLLECTED + give] -= 1
            s[L.SUPPLY + give] += 1
            s[L.SUPPLY + take] -= 1
            s[L.COLLECTED + take] += 1
            s[L.FOX_LEFT] -= 1
        _proceed(s, K_FOX, 0, scratch)
    elif phase == L.PH_PUSH:
        if action != act.PASS:
            player, d = divmod(action - act.PUSH, 4)
            _clear(s, L.MONKS, s[L.MONK + player] - 1)
            s[L.MONK + player] += _STEP[d]
            _set(s, L.MONKS, s[L.MONK + player] - 1)
        _proceed(s, K_ARRIVE, 0, scratch)
    elif phase == L.PH_RELOCATE:
        if action != act.PASS:
            tile, col, row, r = _decode_place(action)
            lift_tile(s, tile)
            place_tile(s, tile, col, row, r)
        _proceed(s, K_ARRIVE, 0, scratch)
    elif phase == L.PH_ENSO_FROM:
        if action == act.PASS:
            _proceed(s, K_ARRIVE, 0, scratch)
        else:
            s[L.ENSO_FROM] = action - act.POINT + 1
            s[L.PHASE] = L.PH_ENSO_TO
    elif phase == L.PH_ENSO_TO:
        _clear(s, L.ENSO, s[L.ENSO_FROM] - 1)
        _set(s, L.ENSO, action - act.POINT)
        s[L.ENSO_FROM] = L.NONE
        _proceed(s, K_ARRIVE, 0, scratch)
    elif phase == L.PH_MASTER:
        _set(s, L.ENSO, action - act.POINT)
        s[L.ENSO_LEFT] -= 1
        _proceed(s, K_PLACE_ENSO, 0, scratch)
    elif phase == L.PH_STOCK:
        _set(s, L.ENSO, action - act.POINT)
        s[L.STOCK] -= 1
        _proceed(s, K_START_TURN, active, scratch)


@njit("void(int64[::1], int64)", cache=True)
def apply_action(s, action):
    """Resolve one decision or chance outcome, in place. The action must be legal."""
    _apply(s, action, np.empty(1, np.int64))


# -- the rest of the common kernel interface --------------------------------------------------------


@njit("int64(int64[::1])", cache=True, _nrt=False)
def current_player(s):
    if s[L.PHASE] == L.PH_OVER:
        return TERMINAL
    if s[L.PHASE] == L.PH_DRAW:
        return CHANCE
    return s[L.TO_MOVE]


@njit("boolean(int64[::1])", cache=True, _nrt=False)
def is_terminal(s):
    return s[L.PHASE] == L.PH_OVER


@njit("boolean(int64[::1])", cache=True, _nrt=False)
def turn_start(s):
    """Whether this is the first decision of a player's turn: placing its tile (not after a redraw,
    as ``GodoState.turn_start``). The searchers end a turn here."""
    return s[L.STAGE] == L.ST_PLAY and s[L.PHASE] == L.PH_PLACE and s[L.REDRAWN] == 0


@njit("int64(int64[::1], int64[::1], float64[::1])", cache=True, _nrt=False)
def chance_outcomes(s, out_a, out_p):
    """The tiles that may be drawn, each as likely as the others."""
    if s[L.PHASE] != L.PH_DRAW:
        return 0
    n, pile = 0, s[L.PILE]
    total = popcount(pile)
    while pile:
        out_a[n] = act.DRAW + ctz(pile)
        out_p[n] = 1.0 / total
        n += 1
        pile &= pile - 1
    return n


@njit("void(int64[::1], float64[::1])", cache=True, _nrt=False)
def returns(s, out):
    """Winners share 1 (multiplayer); solo: 0 for a loss, 0.5 + 0.05 per stock token left (max 10)."""
    players = s[L.PLAYERS]
    out[:players] = 0.0
    winners = s[L.WINNERS]
    if s[L.PHASE] != L.PH_OVER or winners == 0:
        return
    if s[L.SOLO]:
        out[0] = 0.5 + 0.05 * min(s[L.STOCK], 10)
    else:
        share_among_winners(winners, players, out)


@njit("int64(int64[::1], uint64[::1])", cache=True)
def random_playout(s, rng):
    """Play uniformly random actions (chance by its odds) to the end; return the number of steps."""
    out = np.empty(BUFFER, np.int64)
    scratch = np.empty(1, np.int64)
    steps = 0
    while s[L.PHASE] != L.PH_OVER:
        if s[L.PHASE] == L.PH_DRAW:
            pile = s[L.PILE]
            action = act.DRAW + nth_bit(pile, random_below(rng, popcount(pile)))
        else:
            n = min(_legal(s, out, BUFFER), BUFFER)
            action = out[random_below(rng, n)]
        _apply(s, action, scratch)
        steps += 1
    return steps


@njit("void(int64[::1], int64, uint64[::1], int64[::1], float64[:, ::1])", cache=True)
def random_playouts(template, n, rng, steps, results):
    """Play ``n`` random games from copies of ``template``: steps and returns per game."""
    out = np.empty(L.MAX_PLAYERS, np.float64)
    for g in range(n):
        s = template.copy()
        steps[g] = random_playout(s, rng)
        returns(s, out)
        results[g, :] = out[: results.shape[1]]


@njit("void(int64[::1], int64, uint64[::1])", cache=True)
def determinize(s, observer, rng):
    """Deal the tiles the observer cannot see (the other hands and the pile) at random, keeping
    every hand's size; a hidden hand that must place a tile is dealt one that fits."""
    players = s[L.PLAYERS]
    unseen = s[L.PILE]
    for p in range(players):
        if p != observer:
            unseen |= s[L.HAND + p]
    scratch = np.empty(1, np.int64)
    must_fit = s[L.PHASE] == L.PH_PLACE and s[L.ACTIVE] != observer
    for _ in range(200):
        rest = unseen
        for p in range(players):
            if p == observer:
                continue
            hand = np.int64(0)
            for _k in range(popcount(s[L.HAND + p])):
                bit = np.int64(1) << nth_bit(rest, random_below(rng, popcount(rest)))
                hand |= bit
                rest &= ~bit
            s[L.HAND + p] = hand
        s[L.PILE] = rest
        if not must_fit or gen_placements(s, s[L.HAND + s[L.ACTIVE]], scratch, 0, 1, -1, -1):
            return


# -- evaluation for the searchers -------------------------------------------------------------------

HEURISTIC_PARAMS = L.HEURISTIC_PARAMS
MULTIPLAYER_MCTS_PARAMS = L.MULTIPLAYER_MCTS_PARAMS


@njit("float64(int64[::1], int64, float64)", cache=True, _nrt=False)
def _steps(s, player, mastery):
    """Journal steps made, a mastered track counting 6 plus ``mastery``."""
    total = 0.0
    for t in range(NUM_COLOURS):
        pos = _track(s, player, t)
        total += 6.0 + mastery if pos == L.MASTERED else pos
    return total


@njit("UniTuple(int64, 2)(int64[::1], int64, int64)", cache=True, _nrt=False)
def _usable(s, player, pool):
    """How many tokens of ``pool`` (a count per colour, 4 bits each) ``player``'s journal can use
    in one go, each moving a token one space right onto a space that shows its colour; and the
    pool left. Greedy, own colours first: exact when only the starting spaces show foreign colours.

    With blue and red on the pool and red's token on space 5: ``(1, red)``, blue is used.
    """
    used, places = 0, np.int64(0)  # places: each track's space, 4 bits each
    for t in range(NUM_COLOURS):
        pos = _track(s, player, t)
        places |= (MASTERY_SPACE if pos == L.MASTERED else pos) << (4 * t)
    for own in (True, False):
        moved = True
        while moved:
            moved = False
            for t in range(NUM_COLOURS):
                pos = (places >> (4 * t)) & 15
                if pos >= MASTERY_SPACE:
                    continue
                for c in range(NUM_COLOURS):
                    if (own and c != t) or (pool >> (4 * c)) & 15 == 0:
                        continue
                    if (_shows(s, t, pos + 1) >> c) & 1:
                        pool -= np.int64(1) << (4 * c)
                        places += np.int64(1) << (4 * t)
                        used += 1
                        moved = True
                        break
    return used, pool


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def _packed(s, base):
    """Five counts of the state from ``base`` on, 4 bits each (the pool of ``_usable``)."""
    pool = np.int64(0)
    for c in range(NUM_COLOURS):
        pool |= s[base + c] << (4 * c)
    return pool


@njit("void(int64[::1], float64, float64[::1])", cache=True, _nrt=False)
def _add_tokens(s, worth, out):
    """Add to ``out`` the worth of the virtue tokens held during a turn, to whoever will use them:
    the active player uses what its journal can take; the others are offered what is left (each
    the whole of it, clockwise) and use what theirs can take. A token the active player cannot use
    is progress for the others (sharing)."""
    active = s[L.ACTIVE]
    left = _packed(s, L.COLLECTED)
    first = _next(s, active)
    if s[L.PHASE] == L.PH_ADVANCE and s[L.POOL_MODE] == L.PM_SHARE:
        first = s[L.TO_MOVE]  # sharing has begun: the players before this one are done
        out[first] += worth * _usable(s, first, _packed(s, L.POOL))[0]
        first = _next(s, first)
    else:
        used, left = _usable(s, active, left)
        out[active] += worth * used
    p = first
    while p != active and left:
        out[p] += worth * _usable(s, p, left)[0]
        p = _next(s, p)


@njit("int64(int64[::1])", cache=True, _nrt=False)
def _open_lotuses(s):
    """The virtue symbols at the intersections without an Ensō token: what the monk can still
    collect (arriving on an Ensō token ends the movement and collects nothing)."""
    total = 0
    for row in range(L.ROWS):
        b = s[L.POINTS + row] & ~s[L.ENSO + row]
        while b:
            w = point_word(s, row << ROW_SHIFT | ctz(b))
            b &= b - 1
            for c in range(NUM_COLOURS):
                total += lotuses_of(w, c)
    return total


@njit("void(int64[::1], float64[::1], float64[::1])", cache=True, _nrt=False)
def heuristic(s, params, out):
    """An estimate of ``returns`` (each player's share of the win, in [0, 1]) without searching.

    Multiplayer: a softmax of journal progress: steps made (a mastered track counting 6 plus
    ``params[5]``: measured best at 4.5, below the 5 of a token on the mastery space, which the
    turn's end masters), plus ``params[3]`` steps for each virtue token held that its user's journal
    can take, the active player's own or, shared, the others' (``_add_tokens``). Solo, where a
    mastered track counts 6: the chance of mastering everything before the stock runs out
    (from the steps still needed at ``params[1]`` a turn, the tokens held counting ``params[3]``
    and each virtue symbol on an intersection without an Ensō token ``params[4]``), times the worth
    of the title the stock left would give. The last term is the stall a solo game risks: its
    grounds fill with Ensō tokens (one from the stock a turn), and a movement that arrives on one
    ends there, so a stock token is best laid where it covers the fewest symbols.
    """
    if s[L.PHASE] == L.PH_OVER:
        returns(s, out)
        return
    players = s[L.PLAYERS]
    playing = s[L.STAGE] == L.ST_PLAY
    if s[L.SOLO]:
        progress = _steps(s, 0, 0.0)
        if playing:
            for c in range(NUM_COLOURS):
                progress += params[3] * s[L.COLLECTED + c]
            progress += params[4] * _open_lotuses(s)
        needed = (6.0 * NUM_COLOURS - progress) / params[1]
        margin = s[L.STOCK] - needed
        win = 1.0 / (1.0 + np.exp(-params[2] * margin))
        out[0] = win * (0.5 + 0.05 * min(max(margin, 0.0), 10.0))
        return
    for p in range(players):
        out[p] = _steps(s, p, params[5])
    if playing:
        _add_tokens(s, params[3], out)
    total = 0.0
    for p in range(players):
        out[p] = np.exp(params[0] * out[p])
        total += out[p]
    for p in range(players):
        out[p] /= total


@njit("void(int64[::1], int64[::1])", cache=True, _nrt=False)
def copy_state(dst, src):
    """Make ``dst`` (a state of the same game: its pack is not copied) the state ``src``.

    The grounds (tile bitboards, intersections and their contents: three quarters of the array)
    change only when a tile is laid or lifted, and are a function of where the tiles lie
    (``TILE_SLOT``). Where those agree, only the Ensō tokens, the monks and the fields after the
    pack are copied: 271 words of 2,141. The searchers copy a state for every action they
    judge, mostly moves that leave the grounds alone (docs/ai.md, "A faster search"). The contents
    table may keep another order of its entries then, which no lookup sees.
    """
    same_grounds = True
    for t in range(NUM_TILES):
        if dst[L.TILE_SLOT + t] != src[L.TILE_SLOT + t]:
            same_grounds = False
            break
    if same_grounds:
        copy_words(dst, src, L.ENSO, L.ENSO + L.ROWS)
        copy_words(dst, src, L.MONKS, L.MONKS + L.ROWS)
    else:
        copy_words(dst, src, 0, L.CONTENT_END)  # the pack comes next
    copy_words(dst, src, L.PACK_END, L.SIZE)


@njit("int64(int64[::1])", cache=True, _nrt=False)
def state_hash(s):
    """A 64-bit hash of everything that makes a position (not the derived content table or the pack)."""
    return extend_hash(hash_words(s, 0, L.CONTENT), s, L.PACK_END, L.SIZE)
