"""The Go Goa bitboard engine: the rules of ``rules.py`` as numba functions over one ``int64`` array.

Every function takes the state array (see ``layout``) and plain scalars or arrays, never a Python
object, and is compiled with ``cache=True``. Applying an action performs it and then runs the game
forward to the next decision or chance node, as the reference engine does, so both engines reach
the same positions and list the same actions in the same order.

**Routes as bitboards.** Sets of hexes are three 64-bit words. One step in a direction is two
shifts, one for the even columns and one for the odd ones (their neighbours differ), with the
columns that would wrap masked off (``SOURCE``, ``SHIFT``), then ``& land``. The hexes a route can
end on come from frontiers ``F[heading][turns]``: the hexes reachable after ``i`` steps with that
last heading and at most that many turns. A step keeps the heading (same turns) or turns (one
more turn), so::

    F'[h][t] = step(F[h][t] | any_heading(F[.][t - 1]), h) & land

(a "turn" onto the same heading only repeats what ``F[h][t - 1]`` already holds). One pass from the
first step (in the chosen direction) to six steps gives, for that direction, the endpoints of
every distance and turn allowance: ``ends[direction][distance][turns]``. A day's moves then take
the union over the dice assignments and the changes Local Guides can make, keeping per hex the
fewest guides (``reach[cost]``).

**Evaluation for the searchers** (``estimate``): a position's ``outlook`` is the final score it
promises with no dice known (the score, a souvenir a day, the best mix of types for the days left,
the tour plans and Dudhsagar by the chance of reaching them, the guides); the ``lookahead`` takes
the best ``outlook`` among the hexes today's route can end on, for every roll at once (the
endpoints of every roll come from the same ``routes`` frontiers), averaged over the rolls, and with
a lookahead of 2 days does so again from the best of them. On the last day it is the exact expected
final score (guides aside). ``foresight`` values a position in one drawn future of the dice: the
best ``outlook`` a player who knew the next days' rolls could reach (a beam search over them);
the AI averages it over many futures (``foresights``, ``ForesightSearcher``).

The public kernel functions, shared in name and meaning by every game's kernel::

    legal_actions(state, out) -> n            apply_action(state, action)
    chance_outcomes(state, out_a, out_p) -> n current_player(state)   is_terminal(state)
    returns(state, out)                       heuristic(state, params, out)
    determinize(state, observer, rng)         state_hash(state)   copy_state(dst, src)
    random_playout(state, rng) -> steps       random_playouts(template, n, rng, steps, results)
"""

from __future__ import annotations

import numpy as np

from solver.core.bits import write_bits
from solver.core.jit import njit
from solver.core.kernel_tools import (
    copy_state,  # noqa: F401 (API)
    end_returns,
    hash_words,
)
from solver.core.players import CHANCE, TERMINAL
from solver.core.rng import next_random, random_below  # noqa: F401  (splitmix64, shared)
from solver.games.gogoa import actions as act
from solver.games.gogoa import dice
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa import layout as L
from solver.games.gogoa import scoring as sc
from solver.games.gogoa import weights as W
from solver.games.gogoa.dice import FACES, ROLL_ODDS, ROLLS, guides_needed, turns_allowed
from solver.games.gogoa.pack import GUIDES, NUM_TYPES
from solver.games.gogoa.rules import DAYS, DEALT_PER_DECK, HAND

BUFFER = L.BUFFER
HEURISTIC_PARAMS = L.HEURISTIC_PARAMS
HEURISTIC_LOOKAHEAD = W.P_LOOKAHEAD
"""The weight that says how many days of routes the heuristic looks ahead (0, 1 or 2; see
``estimate``): the ``lookahead`` option of the ``greedy`` agent sets it."""
NW = L.NW
STEPS = 6  # the longest distance a die gives
TURNS = 3  # frontier slots: at most 0, 1, 2 turns


def _tables() -> tuple[np.ndarray, np.ndarray]:
    """Per direction (0-5 for dice 1-6) and column parity: the hexes whose step stays on the grid
    sideways (a step off the top or bottom shifts out of the words by itself), and the shift of the
    index (positive: towards higher indices)."""
    source = np.zeros((6, 2, NW), np.uint64)
    shift = np.zeros((6, 2), np.int64)
    for d in hx.DIRECTIONS:
        for parity in range(2):
            dc, dr = hx.STEPS[d][parity]
            shift[d - 1, parity] = dr * hx.WIDTH + dc
            for h in range(hx.CELLS):
                col, _ = hx.col_row(h)
                if col & 1 == parity and 0 <= col + dc < hx.WIDTH:
                    source[d - 1, parity, h >> 6] |= np.uint64(1 << (h & 63))
    return source, shift


SOURCE, SHIFT = _tables()
ROLL_DICE = np.array(ROLLS, np.int64)
ROLL_PROBS = np.array(ROLL_ODDS, np.float64)
ROLL_OF_ORDERED = np.array(dice.ROLL_OF_ORDERED, np.int64)
NEEDED = np.array(
    [[guides_needed(v, w) if v and w else 0 for w in range(7)] for v in range(7)], np.int64
)
TURNS_OF = np.array([0] + [turns_allowed(v) for v in range(1, 7)], np.int64)
# The fewest guides that move a deviation die into the other turn allowance.
SWITCH = np.array(
    [0]
    + [
        min(guides_needed(v, w) for w in range(1, 7) if turns_allowed(w) != turns_allowed(v))
        for v in range(1, 7)
    ],
    np.int64,
)
PAIRS = np.array(act.PAIRS, np.int64)
DISTANCE = np.array(
    [[hx.distance(a, b) for b in range(hx.CELLS)] for a in range(hx.CELLS)], np.int8
)
SAME_TYPE = np.array([sc.same_type_points(n) for n in range(64)], np.int64)
ONE = np.uint64(1)
ZERO = np.uint64(0)


# -- bits -------------------------------------------------------------------------------------------


@njit("int64(uint64)", cache=True)
def popcount(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit("int64(uint64)", cache=True)
def ctz(x):
    """The index of the lowest set bit of a non-zero word."""
    return popcount((x & (~x + ONE)) - ONE)


@njit("int64(int64, int64)", cache=True)
def nth_bit(b, n):
    """The index of the n-th (0-based) set bit of a non-negative word."""
    for _ in range(n):
        b &= b - 1
    return ctz(np.uint64(b))


@njit("UniTuple(uint64, 3)(int64[::1], int64)", cache=True)
def board(s, base):
    """The bitboard stored at ``base``."""
    return np.uint64(s[base]), np.uint64(s[base + 1]), np.uint64(s[base + 2])


@njit("int64(int64[::1], int64, int64)", cache=True)
def has(s, base, h):
    return (s[base + (h >> 6)] >> (h & 63)) & 1


@njit("void(int64[::1], int64, int64)", cache=True)
def put(s, base, h):
    s[base + (h >> 6)] |= np.int64(1) << (h & 63)


@njit("int64(uint64, uint64, uint64)", cache=True)
def count3(a0, a1, a2):
    return popcount(a0) + popcount(a1) + popcount(a2)


@njit("UniTuple(uint64, 3)(uint64, uint64, uint64, int64)", cache=True)
def step(a0, a1, a2, d):
    """Every hex of the set moved one step in direction ``d`` (0-5), off-grid steps dropped."""
    r0 = ZERO
    r1 = ZERO
    r2 = ZERO
    for parity in range(2):
        m0 = a0 & SOURCE[d, parity, 0]
        m1 = a1 & SOURCE[d, parity, 1]
        m2 = a2 & SOURCE[d, parity, 2]
        k = SHIFT[d, parity]
        if k > 0:
            ku, kr = np.uint64(k), np.uint64(64 - k)
            r0 |= m0 << ku
            r1 |= (m1 << ku) | (m0 >> kr)
            r2 |= (m2 << ku) | (m1 >> kr)
        else:
            ku, kr = np.uint64(-k), np.uint64(64 + k)
            r0 |= (m0 >> ku) | (m1 << kr)
            r1 |= (m1 >> ku) | (m2 << kr)
            r2 |= m2 >> ku
    return r0, r1, r2


@njit("UniTuple(uint64, 3)(int64)", cache=True)
def single(h):
    """The set holding one hex."""
    bit = ONE << np.uint64(h & 63)
    w = h >> 6
    return (bit if w == 0 else ZERO), (bit if w == 1 else ZERO), (bit if w == 2 else ZERO)


# -- routes -----------------------------------------------------------------------------------------


@njit(
    "void(int64[::1], int64, int64, uint64[:, :, :, ::1], uint64[:, :, ::1], uint64[:, :, ::1])",
    cache=True,
)
def routes(s, start, first, ends, f, g):
    """Fill ``ends[first][distance][turns]``: where routes from ``start`` whose first step goes in
    direction ``first`` end, for every distance 1-6 and at most 1 or 2 turns (``f``, ``g``:
    frontier scratch, ``[heading][turns][word]``)."""
    l0, l1, l2 = board(s, L.LAND)
    ends[first, :, :, :] = ZERO
    f[:, :, :] = ZERO
    a0, a1, a2 = single(start)
    m0, m1, m2 = step(a0, a1, a2, first)
    m0, m1, m2 = m0 & l0, m1 & l1, m2 & l2
    for t in range(TURNS):
        f[first, t, 0], f[first, t, 1], f[first, t, 2] = m0, m1, m2
        ends[first, 1, t, 0], ends[first, 1, t, 1], ends[first, 1, t, 2] = m0, m1, m2
    alive = (m0 | m1 | m2) != ZERO
    for i in range(2, STEPS + 1):
        if not alive:
            break
        for h in range(6):
            for t in range(TURNS):
                x0, x1, x2 = f[h, t, 0], f[h, t, 1], f[h, t, 2]
                if t > 0:  # turning onto h from any heading, one turn fewer before
                    for h2 in range(6):
                        x0 |= f[h2, t - 1, 0]
                        x1 |= f[h2, t - 1, 1]
                        x2 |= f[h2, t - 1, 2]
                y0, y1, y2 = step(x0, x1, x2, h)
                g[h, t, 0], g[h, t, 1], g[h, t, 2] = y0 & l0, y1 & l1, y2 & l2
        alive = False
        for t in range(TURNS):
            e0 = ZERO
            e1 = ZERO
            e2 = ZERO
            for h in range(6):
                f[h, t, 0], f[h, t, 1], f[h, t, 2] = g[h, t, 0], g[h, t, 1], g[h, t, 2]
                e0 |= g[h, t, 0]
                e1 |= g[h, t, 1]
                e2 |= g[h, t, 2]
            ends[first, i, t, 0], ends[first, i, t, 1], ends[first, i, t, 2] = e0, e1, e2
            alive = alive or (e0 | e1 | e2) != ZERO


# -- sheets -----------------------------------------------------------------------------------------


@njit("int64(int64, int64)", cache=True)
def starter_of(day, players):
    """The starting player of ``day`` (1-12): seat 0 starts the first day, then to the left."""
    return (max(day, 1) - 1) % players


@njit("int64(int64[::1])", cache=True)
def starter(s):
    """The starting player of the state's day."""
    return starter_of(s[L.DAY], s[L.PLAYERS])


@njit("int64(int64[::1])", cache=True)
def reserved_die(s):
    """The position (0-2) among the dice of the die the starting player reserved."""
    r = 0
    while s[L.DIE + r] != s[L.RESERVED]:
        r += 1
    return r


@njit("int64(int64, boolean)", cache=True)
def direction_dice(reserved, starting):
    """The dice (a bit mask by position, ``day_reach``'s ``allowed``) a player may take the
    direction from once die ``reserved`` (0-2) is reserved: the starting player that die, every
    other player the two others."""
    return 1 << reserved if starting else 7 & ~(1 << reserved)


@njit("int64(int64[::1], int64)", cache=True)
def guides_left(s, p):
    """The number of guides player ``p`` may use: their beach visited, not crossed out."""
    n = 0
    for k in range(GUIDES):
        if has(s, L.VISITED + p * NW, s[L.GUIDE_HEX + k]) and not (s[L.USED + p] >> k) & 1:
            n += 1
    return n


@njit("int64(int64[::1], int64, int64[::1])", cache=True)
def type_counts(s, p, counts):
    """Fill the souvenirs of each type; return the souvenirs in all."""
    v0, v1, v2 = board(s, L.VISITED + p * NW)
    for t in range(NUM_TYPES):
        b0, b1, b2 = board(s, L.TYPE + t * NW)
        counts[t] = count3(v0 & b0, v1 & b1, v2 & b2)
    return count3(v0, v1, v2)


@njit("boolean(int64[::1], int64, int64)", cache=True)
def plan_done(s, p, card):
    word = s[L.CARDS + card]
    for k in range(3):
        if not has(s, L.VISITED + p * NW, (word >> (L.PLACE_BITS * k)) & 255):
            return False
    return True


@njit("int64(int64[::1])", cache=True)
def type_bonus(counts):
    """The sets (one per five types, the rarest type's count) and same-type points of the
    souvenirs of each type."""
    least = counts[0]
    total = 0
    for t in range(NUM_TYPES):
        least = min(least, counts[t])
        total += SAME_TYPE[counts[t]]
    return total + sc.SET_OF_TYPES * least


@njit("int64(int64[::1], int64)", cache=True)
def score(s, p):
    """Player ``p``'s score: souvenirs, Dudhsagar, tour plans, sets of types, same types."""
    counts = np.empty(NUM_TYPES, np.int64)
    total = sc.SOUVENIR * type_counts(s, p, counts)
    if has(s, L.VISITED + p * NW, s[L.BONUS]):
        total += sc.BONUS
    kept = s[L.KEPT + p]
    while kept:
        card = nth_bit(kept, 0)
        kept &= kept - 1
        if plan_done(s, p, card):
            total += s[L.CARDS + card] >> L.POINTS_SHIFT
    return total + type_bonus(counts)


@njit("void(int64[::1], int64[::1])", cache=True)
def scores(s, out):
    for p in range(s[L.PLAYERS]):
        out[p] = score(s, p)


# -- a day's moves ----------------------------------------------------------------------------------


@njit("boolean(int64, int64, int64)", cache=True)
def heads(level, value, h):
    """Whether a direction die of ``value`` lets a route start in direction ``h`` (0-5) at a level:
    1 the die's direction, 2 the opposite, 3 the starting player's die, 4 any."""
    if level == 4:
        return True
    if level == 2:
        return h == (value + 2) % 6
    return h == value - 1


@njit("boolean(int64, int64, int64, boolean)", cache=True)
def direction_die(level, x, r, is_starter):
    """Whether die ``x`` may give the direction at a level (``r``: the reserved die): at levels
    1, 2 and the starting player's 4, one of the ``direction_dice``."""
    if level == 3:
        return x == r and not is_starter
    if level == 4 and not is_starter:  # the direction is free: any two dice for the rest
        return True
    return (direction_dice(r, is_starter) >> x) & 1 == 1


ROUTES_SCRATCH = "uint64[:, :, :, ::1], uint64[:, :, ::1], uint64[:, :, ::1]"


@njit("boolean(int64[::1], int64, int64, int64)", cache=True)
def straight(s, start, h, distance):
    """Whether the straight route from ``start`` in direction ``h`` (0-5) stays inside Goa."""
    l0, l1, l2 = board(s, L.LAND)
    a0, a1, a2 = single(start)
    for _ in range(distance):
        a0, a1, a2 = step(a0, a1, a2, h)
        a0, a1, a2 = a0 & l0, a1 & l1, a2 & l2
    return (a0 | a1 | a2) != ZERO


@njit("Tuple((int64, int64))(int64[::1], int64, int64, boolean, " + ROUTES_SCRATCH + ", int64)",
      cache=True)  # fmt: skip
def first_level(s, start, r, is_starter, ends, f, g, done):
    """The first level (1-4, 0: none) at which some assignment of the dice as rolled has a route
    from ``start`` with die ``r`` reserved, and ``done``, the bit mask of the directions whose
    endpoints are in ``ends``, updated."""
    for lv in range(1, 5):
        for x in range(3):
            if not direction_die(lv, x, r, is_starter):
                continue
            for y in range(3):
                if y == x:
                    continue
                dist, turns = s[L.DIE + y], TURNS_OF[s[L.DIE + 3 - x - y]]
                for h in range(6):
                    if heads(lv, s[L.DIE + x], h):
                        if not (done >> h) & 1:  # a straight route of either distance will do
                            if straight(s, start, h, dist) or straight(
                                s, start, h, s[L.DIE + 3 - x - y]
                            ):
                                return lv, done
                            routes(s, start, h, ends, f, g)
                            done |= 1 << h
                        if (
                            ends[h, dist, turns, 0]
                            | ends[h, dist, turns, 1]
                            | ends[h, dist, turns, 2]
                        ):
                            return lv, done
    return 0, done


@njit("Tuple((int64, int64))(int64[::1], int64, int64, boolean, " + ROUTES_SCRATCH + ", int64)",
      cache=True)  # fmt: skip
def level_in_force(s, start, r, is_starter, ends, f, g, done):
    """The fallback level (0: no route even at level 4) and ``done`` (see ``first_level``): the
    starting player chooses from all three dice, so theirs is the first over every reserve."""
    level, done = first_level(s, start, r, is_starter, ends, f, g, done)
    if not is_starter or level == 1:
        return level, done
    for i in range(3):
        if i == r or (i > 0 and s[L.DIE + i] == s[L.DIE + i - 1]):
            continue
        lv, done = first_level(s, start, i, True, ends, f, g, done)
        if lv and (level == 0 or lv < level):
            level = lv
    return level, done


@njit("int64(int64[::1], int64, int64, boolean, int64, " + ROUTES_SCRATCH
      + ", uint64[:, ::1], int64)", cache=True)  # fmt: skip
def fill_reach(s, start, r, is_starter, level, ends, f, g, reach, done):
    """Fill ``reach[cost]`` with the hexes the ways of levels 1 to ``level`` end on with that many
    Local Guides (the fewest only at the end, see ``gen_moves``); return ``done``."""
    guides = guides_left(s, s[L.TO_MOVE])
    reach[:, :] = ZERO
    for lv in range(1, level + 1):
        for x in range(3):
            if not direction_die(lv, x, r, is_starter):
                continue
            dv = s[L.DIE + x]
            for y in range(3):
                if y == x:
                    continue
                lv_dist, zv = s[L.DIE + y], s[L.DIE + 3 - x - y]
                for nd in range(1, FACES + 1):
                    if lv == 4 and nd != dv:
                        continue
                    cd = 0 if lv == 4 else NEEDED[dv, nd]
                    if cd > guides:
                        continue
                    for nl in range(1, FACES + 1):
                        cl = cd + NEEDED[lv_dist, nl]
                        if cl > guides:
                            continue
                        for turns in range(1, 3):
                            c = cl + (0 if turns == TURNS_OF[zv] else SWITCH[zv])
                            if c > guides:
                                continue
                            for h in range(6):
                                if not heads(lv, nd, h):
                                    continue
                                if not (done >> h) & 1:
                                    routes(s, start, h, ends, f, g)
                                    done |= 1 << h
                                for w in range(NW):
                                    reach[c, w] |= ends[h, nl, turns, w]
    return done


@njit("int64(int64[::1], int64[::1], " + ROUTES_SCRATCH + ", uint64[:, ::1])", cache=True)
def gen_reserves(s, out, ends, f, g, reach):
    """The dice the starting player (to move) may reserve (see ``moves.reserves``): each that gives
    a move at their level in force, or every die when no route exists even at level 4."""
    start = s[L.POS + s[L.TO_MOVE]]
    levels = np.zeros(3, np.int64)  # each die's first level (0: none, and for a repeated value)
    level, done = 0, 0
    for i in range(3):
        if i == 0 or s[L.DIE + i] != s[L.DIE + i - 1]:
            levels[i], done = first_level(s, start, i, True, ends, f, g, done)
            if levels[i] and (level == 0 or levels[i] < level):
                level = levels[i]
    guided = guides_left(s, s[L.TO_MOVE]) > 0
    n = 0
    for i in range(3):
        if i > 0 and s[L.DIE + i] == s[L.DIE + i - 1]:
            continue
        ok = level == 0 or levels[i] == level
        if not ok and guided:  # a guide may still turn this die inside Goa
            done = fill_reach(s, start, i, True, level, ends, f, g, reach, done)
            for c in range(reach.shape[0]):
                for w in range(NW):
                    ok = ok or reach[c, w] != ZERO
        if ok:
            out[n] = act.RESERVE + s[L.DIE + i] - 1
            n += 1
    return n


@njit("int64(int64[::1], int64[::1], " + ROUTES_SCRATCH + ", uint64[:, ::1])", cache=True)
def gen_moves(s, out, ends, f, g, reach):
    """The moves of the player to move (see ``moves.day_moves``): per hex, the fewest guides."""
    p = s[L.TO_MOVE]
    is_starter = p == starter(s)
    start = s[L.POS + p]
    r = reserved_die(s)
    level, done = level_in_force(s, start, r, is_starter, ends, f, g, 0)
    stuck = level == 0
    fill_reach(s, start, r, is_starter, 4 if stuck else level, ends, f, g, reach, done)
    n = 0
    for w in range(NW):
        seen = reach[0, w] | reach[1, w] | reach[2, w] | reach[3, w]
        while seen:
            b = ctz(seen)
            seen &= seen - ONE
            cost = 0
            while not (reach[cost, w] >> np.uint64(b)) & ONE:
                cost += 1
            out[n] = act.MOVE + (w * 64 + b) * act.GUIDE_SLOTS + cost
            n += 1
    if stuck or n == 0:  # no way at all: a starting player typed with a die they could not reserve
        out[n] = act.STAY
        n += 1
    return n


# -- the game ---------------------------------------------------------------------------------------


@njit("Tuple((int64, int64))(int64[::1])", cache=True)
def dealing(s):
    """The player the next card goes to, and its deck (0: the 40-point deck)."""
    dealt = 0
    for p in range(s[L.PLAYERS]):
        dealt += popcount(np.uint64(s[L.DEALT + p]))
    return dealt // HAND, 0 if dealt % HAND < DEALT_PER_DECK else 1


@njit("int64(int64[::1], int64)", cache=True)
def deck_cards(s, deck):
    return s[L.UNDEALT] & (s[L.DECK0] if deck == 0 else ~s[L.DECK0])


@njit("int64(int64[::1], int64[::1], uint64[:, :, :, ::1], uint64[:, :, ::1], uint64[:, :, ::1], uint64[:, ::1])",
      cache=True)  # fmt: skip
def gen_legal(s, out, ends, f, g, reach):
    phase = s[L.PHASE]
    if phase == L.PH_DEAL:
        return write_bits(deck_cards(s, dealing(s)[1]), act.DEAL, out, 0)
    if phase == L.PH_ROLL:
        for i in range(len(ROLLS)):
            out[i] = act.ROLL + i
        return len(ROLLS)
    if phase == L.PH_KEEP:
        for i in range(len(act.PAIRS)):
            out[i] = act.KEEP + i
        return len(act.PAIRS)
    if phase == L.PH_RESERVE:
        return gen_reserves(s, out, ends, f, g, reach)
    if phase == L.PH_MOVE:
        return gen_moves(s, out, ends, f, g, reach)
    return 0


@njit("void(int64[::1], int64)", cache=True)
def start_day(s, day):
    s[L.DAY] = day
    s[L.PHASE] = L.PH_ROLL
    s[L.TO_MOVE] = starter(s)
    s[L.DIE], s[L.DIE + 1], s[L.DIE + 2], s[L.RESERVED] = 0, 0, 0, 0


@njit("void(int64[::1])", cache=True)
def finish(s):
    """The trip is over: the highest score wins, then the fewest beaches; ties share."""
    s[L.PHASE] = L.PH_OVER
    s[L.DIE], s[L.DIE + 1], s[L.DIE + 2], s[L.RESERVED] = 0, 0, 0, 0
    players = s[L.PLAYERS]
    if players == 1:
        s[L.WINNERS] = 1
        return
    counts = np.empty(NUM_TYPES, np.int64)
    best_score, best_beaches, winners = -1, 0, 0
    for p in range(players):
        total = score(s, p)
        type_counts(s, p, counts)
        beaches = counts[0]
        if total > best_score or (total == best_score and beaches < best_beaches):
            best_score, best_beaches, winners = total, beaches, 1 << p
        elif total == best_score and beaches == best_beaches:
            winners |= 1 << p
    s[L.WINNERS] = winners


@njit("void(int64[::1], int64)", cache=True)
def apply_action(s, action):
    """Resolve one decision or chance outcome, in place. The action must be legal."""
    phase = s[L.PHASE]
    players = s[L.PLAYERS]
    if phase == L.PH_DEAL:
        bit = np.int64(1) << (action - act.DEAL)
        p = dealing(s)[0]
        s[L.UNDEALT] &= ~bit
        s[L.DEALT + p] |= bit
        if dealing(s)[0] == players:
            s[L.PHASE] = L.PH_KEEP
            s[L.TO_MOVE] = 0
    elif phase == L.PH_KEEP:
        p = s[L.TO_MOVE]
        hand = s[L.DEALT + p]
        pair = action - act.KEEP
        s[L.KEPT + p] = (np.int64(1) << nth_bit(hand, PAIRS[pair, 0])) | (
            np.int64(1) << nth_bit(hand, PAIRS[pair, 1])
        )
        if p + 1 < players:
            s[L.TO_MOVE] = p + 1
        else:
            start_day(s, 1)
    elif phase == L.PH_ROLL:
        for i in range(3):
            s[L.DIE + i] = ROLL_DICE[action - act.ROLL, i]
        s[L.PHASE] = L.PH_RESERVE
        s[L.TO_MOVE] = starter(s)
    elif phase == L.PH_RESERVE:
        s[L.RESERVED] = action - act.RESERVE + 1
        s[L.PHASE] = L.PH_MOVE
    elif phase == L.PH_MOVE:
        p = s[L.TO_MOVE]
        if action != act.STAY:
            end, cost = divmod(action - act.MOVE, act.GUIDE_SLOTS)
            for k in range(GUIDES):  # the first guides listed go first
                if (
                    cost
                    and has(s, L.VISITED + p * NW, s[L.GUIDE_HEX + k])
                    and not (s[L.USED + p] >> k) & 1
                ):
                    s[L.USED + p] |= 1 << k
                    cost -= 1
            s[L.POS + p] = end
            if has(s, L.DEST, end):
                put(s, L.VISITED + p * NW, end)
        s[L.TO_MOVE] = (p + 1) % players
        if s[L.TO_MOVE] == starter(s):
            if s[L.DAY] < DAYS:
                start_day(s, s[L.DAY] + 1)
            else:
                finish(s)


# -- the common kernel interface --------------------------------------------------------------------


@njit("int64(int64[::1], int64[::1])", cache=True)
def legal_actions(s, out):
    """The legal actions, ascending (at a chance node: the outcomes)."""
    return gen_legal(
        s, out, np.empty((6, STEPS + 1, TURNS, NW), np.uint64), np.empty((6, TURNS, NW), np.uint64),
        np.empty((6, TURNS, NW), np.uint64), np.empty((4, NW), np.uint64),
    )  # fmt: skip


@njit("int64(int64[::1])", cache=True)
def current_player(s):
    phase = s[L.PHASE]
    if phase == L.PH_OVER:
        return TERMINAL
    if phase == L.PH_DEAL or phase == L.PH_ROLL:
        return CHANCE
    return s[L.TO_MOVE]


@njit("boolean(int64[::1])", cache=True)
def is_terminal(s):
    return s[L.PHASE] == L.PH_OVER


@njit("boolean(int64[::1])", cache=True)
def turn_start(s):
    """Whether this is the first decision of a player's turn: keeping plans, reserving a die, or
    moving for anyone but the starting player (as ``GoGoaState.turn_start``)."""
    phase = s[L.PHASE]
    return phase == L.PH_KEEP or phase == L.PH_RESERVE or (
        phase == L.PH_MOVE and s[L.TO_MOVE] != starter(s)
    )


@njit("int64(int64[::1], int64[::1], float64[::1])", cache=True)
def chance_outcomes(s, out_a, out_p):
    """Deal: the cards left in the deck, alike. Roll: the 56 rolls by their odds."""
    phase = s[L.PHASE]
    if phase == L.PH_ROLL:
        for i in range(len(ROLLS)):
            out_a[i] = act.ROLL + i
            out_p[i] = ROLL_PROBS[i]
        return len(ROLLS)
    if phase != L.PH_DEAL:
        return 0
    cards = deck_cards(s, dealing(s)[1])
    total = popcount(np.uint64(cards))
    n = 0
    while cards:
        out_a[n] = act.DEAL + nth_bit(cards, 0)
        out_p[n] = 1.0 / total
        cards &= cards - 1
        n += 1
    return n


@njit("void(int64[::1], float64[::1])", cache=True)
def returns(s, out):
    """Winners share 1 (multiplayer); solo: the score over ``scoring.MAX_SCORE``; 0 until the end."""
    if end_returns(s[L.PLAYERS], s[L.PHASE] == L.PH_OVER, s[L.WINNERS], out):
        out[0] = min(1.0, score(s, 0) / sc.MAX_SCORE)


@njit("int64(int64[::1], uint64[::1])", cache=True)
def random_playout(s, rng):
    """Play uniformly random decisions (chance by its odds) to the end; return the steps taken."""
    out = np.empty(BUFFER, np.int64)
    ends = np.empty((6, STEPS + 1, TURNS, NW), np.uint64)
    f = np.empty((6, TURNS, NW), np.uint64)
    g = np.empty((6, TURNS, NW), np.uint64)
    reach = np.empty((4, NW), np.uint64)
    steps = 0
    while s[L.PHASE] != L.PH_OVER:
        if s[L.PHASE] == L.PH_ROLL:
            action = act.ROLL + ROLL_OF_ORDERED[random_below(rng, FACES**3)]
        else:
            n = gen_legal(s, out, ends, f, g, reach)
            action = out[random_below(rng, n)]
        apply_action(s, action)
        steps += 1
    return steps


@njit("void(int64[::1], int64, uint64[::1], int64[::1], float64[:, ::1])", cache=True)
def random_playouts(template, n, rng, steps, results):
    """Play ``n`` random games from copies of ``template``: steps and returns per game."""
    out = np.empty(L.MAX_PLAYERS + 2, np.float64)
    for game in range(n):
        s = template.copy()
        steps[game] = random_playout(s, rng)
        returns(s, out)
        results[game, :] = out[: results.shape[1]]


@njit("void(int64[::1], int64, uint64[::1])", cache=True)
def determinize(s, observer, rng):
    """Deal again, at random, the cards ``observer`` cannot see: the other players' hands and
    discarded cards, from those cards and the undealt ones; kept plans are public."""
    players = s[L.PLAYERS]
    unseen = s[L.UNDEALT]
    for p in range(players):
        if p != observer:
            unseen |= s[L.DEALT + p] & ~s[L.KEPT + p]
    for p in range(players):
        if p == observer:
            continue
        hidden = s[L.DEALT + p] & ~s[L.KEPT + p]
        hand = s[L.KEPT + p]
        for deck in range(2):
            mask = s[L.DECK0] if deck == 0 else ~s[L.DECK0]
            for _ in range(popcount(np.uint64(hidden & mask))):
                pool = unseen & mask
                bit = np.int64(1) << nth_bit(pool, random_below(rng, popcount(np.uint64(pool))))
                hand |= bit
                unseen &= ~bit
        s[L.DEALT + p] = hand
    s[L.UNDEALT] = unseen


@njit("int64(int64[::1])", cache=True)
def state_hash(s):
    """A 64-bit hash (``hash_words``) of everything that changes in a game (not the map and
    plans)."""
    return hash_words(s, L.MAP_END, L.SIZE)


# -- evaluation for the searchers -------------------------------------------------------------------


@njit("int64(int64[::1], int64)", cache=True)
def days_left(s, p):
    """The routes player ``p`` has still to draw."""
    phase = s[L.PHASE]
    if phase == L.PH_DEAL or phase == L.PH_KEEP:
        return DAYS
    if phase == L.PH_OVER:
        return 0
    left = DAYS - s[L.DAY] + 1
    first = starter(s)
    players = s[L.PLAYERS]
    if phase == L.PH_MOVE and (p - first) % players < (s[L.TO_MOVE] - first) % players:
        left -= 1
    return left


@njit("int64(int64[::1], int64[::1], int64[::1], int64, int64[::1])", cache=True)
def best_type_bonus(counts, spare, extra, k, dp):
    """The most the sets and same-type circles can score when at most ``k`` more souvenirs are
    added to ``counts``, at most ``spare[t]`` of type ``t`` (``extra``, ``dp``: scratch of at least
    ``NUM_TYPES`` and ``k + 1`` entries). Each number of sets ``m`` is tried: first every type is
    raised to ``m``, then the budget left goes to the same-type thresholds (a knapsack over the
    types: each stays, reaches 3 or reaches 6)."""
    best = type_bonus(counts)
    low = counts[0]
    for t in range(NUM_TYPES):
        low = min(low, counts[t])
    for m in range(low, low + k + 1):
        need = 0
        for t in range(NUM_TYPES):
            extra[t] = max(0, m - counts[t])
            need += extra[t]
            if extra[t] > spare[t]:
                need = k + 1
        if need > k:
            break
        budget = k - need
        dp[: budget + 1] = 0
        for t in range(NUM_TYPES):
            base = counts[t] + extra[t]
            room = spare[t] - extra[t]
            for b in range(budget, -1, -1):
                value = dp[b] + SAME_TYPE[base]
                for target in (3, 6):
                    u = target - base
                    if 0 < u <= min(b, room):
                        value = max(value, dp[b - u] + SAME_TYPE[target])
                dp[b] = value
        best = max(best, sc.SET_OF_TYPES * m + dp[budget])
    return best


@njit("int64(int64, int64[::1], int64[::1], int64, int64, int64[::1])", cache=True)
def tour_length(here, places, owner, n, targets, path):
    """The steps of a short walk from ``here`` through the first ``n`` ``places`` whose ``owner``
    is in the bit mask ``targets`` (farthest place first, each inserted where it adds least;
    ``path``: scratch for the walk)."""
    path[0] = here
    length = 0
    size = 1
    done = 0
    while True:
        far, pick = -1, -1
        for i in range(n):
            wanted = (targets >> owner[i]) & 1 and not (done >> i) & 1
            if wanted and DISTANCE[here, places[i]] > far:
                far, pick = DISTANCE[here, places[i]], i
        if pick < 0:
            return length
        done |= 1 << pick
        h = places[pick]
        cost, at = DISTANCE[path[size - 1], h], size  # at the end of the walk
        for k in range(1, size):
            extra = DISTANCE[path[k - 1], h] + DISTANCE[h, path[k]] - DISTANCE[path[k - 1], path[k]]
            if extra < cost:
                cost, at = extra, k
        for k in range(size, at, -1):
            path[k] = path[k - 1]
        path[at] = h
        size += 1
        length += cost


@njit("float64(int64[::1], int64, int64, float64[::1], int64[::1])", cache=True)
def targets_value(s, p, left, params, scratch):
    """What player ``p``'s tour plans and Dudhsagar still to complete are worth with ``left``
    days to go: for the best choice of targets to go for, the walk through their missing places
    at ``params[W.P_PACE]`` steps a day leaves spare days; each place is hit with the chance of
    landing on it at least once in the spare days and one more (``params[W.P_LAND]`` a try); a plan
    counts its points times ``params[W.P_PLAN]``, Dudhsagar ``params[W.P_BONUS]`` (``scratch``: 28
    entries)."""
    places, owner = scratch[:7], scratch[7:14]
    points, missing = scratch[14:17], scratch[17:20]
    n = 0
    targets = 0
    kept = s[L.KEPT + p]
    while kept:
        card = nth_bit(kept, 0)
        kept &= kept - 1
        word = s[L.CARDS + card]
        missing[targets] = 0
        for i in range(3):
            place = (word >> (L.PLACE_BITS * i)) & 255
            if not has(s, L.VISITED + p * NW, place):
                places[n], owner[n] = place, targets
                n += 1
                missing[targets] += 1
        if missing[targets]:
            points[targets] = word >> L.POINTS_SHIFT
            targets += 1
    bonus = -1
    if not has(s, L.VISITED + p * NW, s[L.BONUS]):
        places[n], owner[n], missing[targets] = s[L.BONUS], targets, 1
        bonus = targets
        n += 1
        targets += 1
    here = s[L.POS + p]
    best = 0.0
    for chosen in range(1, 1 << targets):
        count = 0
        for i in range(n):
            count += (chosen >> owner[i]) & 1
        walk = tour_length(here, places, owner, n, chosen, scratch[20:28])
        spare = left - max(count, int(np.ceil(walk / params[W.P_PACE])))
        if spare < 0:
            continue
        chance = 1.0 - (1.0 - params[W.P_LAND]) ** (spare + 1)
        value = 0.0
        for t in range(targets):
            if (chosen >> t) & 1:
                worth = params[W.P_BONUS] if t == bonus else params[W.P_PLAN] * points[t]
                value += worth * chance ** missing[t]
        best = max(best, value)
    return best


@njit(
    "float64(int64[::1], int64, int64, float64[::1], int64[::1], int64[::1], int64[::1])",
    cache=True,
)
def outlook(s, p, left, params, kind, counts, scratch):
    """Player ``p``'s final score as it looks with ``left`` days to go and no dice known: the
    score so far; a souvenir a day (as likely as there are new destinations within three steps);
    the sets and same-type points the best mix of types for those days would add (among the new
    destinations within ``params[W.P_RADIUS]`` steps a day left), counted at ``params[W.P_TYPES]``;
    the tour plans and Dudhsagar (``targets_value``); the guides in hand.
    ``kind``: the type of each destination hex; ``counts``, ``scratch``: scratch arrays."""
    total = float(score(s, p))
    if left == 0:
        return total
    here = s[L.POS + p]
    spare = scratch[:NUM_TYPES]
    spare[:] = 0
    near = 0
    radius = params[W.P_RADIUS] * left
    for w in range(NW):
        new = np.uint64(s[L.DEST + w]) & ~np.uint64(s[L.VISITED + p * NW + w])
        while new:
            h = w * 64 + ctz(new)
            new &= new - ONE
            d = DISTANCE[here, h]
            near += d <= 3
            if d <= radius:
                spare[kind[h]] += 1
    k = min(left, int(spare.sum()))
    total += sc.SOUVENIR * k * min(1.0, params[W.P_NEAR] * near)
    type_counts(s, p, counts)
    extra, dp = scratch[NUM_TYPES : 2 * NUM_TYPES], scratch[2 * NUM_TYPES :]
    total += params[W.P_TYPES] * (best_type_bonus(counts, spare, extra, k, dp) - type_bonus(counts))
    if s[L.KEPT + p] == 0:  # plans not chosen yet
        total += params[W.P_UNKEPT]
    total += targets_value(s, p, left, params, scratch)
    return total + params[W.P_GUIDE] * guides_left(s, p)


@njit("UniTuple(uint64, 3)(int64, int64, int64, int64, uint64[:, :, :, ::1])", cache=True)
def day_reach(a, b, c, allowed, ends):
    """The hexes a route can end on with the dice ``a b c``, Local Guides aside, from the
    endpoints ``ends`` of ``routes`` in every first direction: ``allowed`` is the bit mask of the
    dice (by position) that may give the direction (one die: the starting player's reserved die;
    two: the dice another player may use; all three: the starting player still to reserve one,
    whose fallbacks are decided over every die). If none gives a route, the opposite directions,
    then any direction, with any two dice for distance and deviation unless one die is the
    direction die (the fallbacks; the starting player's die, the third level of the players who are
    not starting, is left out)."""
    die = (a, b, c)
    r0 = ZERO
    r1 = ZERO
    r2 = ZERO
    for level in range(3):
        mask = allowed if level < 2 or allowed in (1, 2, 4) else 7
        for x in range(3):
            if not (mask >> x) & 1:
                continue
            for y in range(3):
                if y == x:
                    continue
                dist, turns = die[y], TURNS_OF[die[3 - x - y]]
                for h in range(6):
                    if level == 2 or h == (die[x] - 1 if level == 0 else (die[x] + 2) % 6):
                        r0 |= ends[h, dist, turns, 0]
                        r1 |= ends[h, dist, turns, 1]
                        r2 |= ends[h, dist, turns, 2]
        if (r0 | r1 | r2) != ZERO:
            break
    return r0, r1, r2


@njit("UniTuple(uint64, 3)(int64[::1], int64, int64, int64, uint64[:, ::1])", cache=True)
def day_ends(s, here, roll, allowed, masks):
    """Fill ``masks[r]`` with the hexes today's route from ``here`` can end on with roll ``r``, for
    every roll or only ``roll`` if the dice show; return the union. ``allowed``: the dice that may
    give the direction (see ``day_reach``), or -1 for the starting player still to reserve one (any
    die, the fallbacks decided over all three)."""
    ends = np.empty((6, STEPS + 1, TURNS, NW), np.uint64)
    f = np.empty((6, TURNS, NW), np.uint64)
    g = np.empty((6, TURNS, NW), np.uint64)
    for h in range(6):
        routes(s, here, h, ends, f, g)
    u0 = ZERO
    u1 = ZERO
    u2 = ZERO
    for r in range(len(ROLLS)):
        if roll >= 0 and r != roll:
            continue
        a, b, c = ROLL_DICE[r, 0], ROLL_DICE[r, 1], ROLL_DICE[r, 2]
        m0, m1, m2 = day_reach(a, b, c, 7 if allowed < 0 else allowed, ends)
        masks[r, 0], masks[r, 1], masks[r, 2] = m0, m1, m2
        u0, u1, u2 = u0 | m0, u1 | m1, u2 | m2
    return u0, u1, u2


@njit("float64(uint64[:, ::1], float64[::1], int64, float64)", cache=True)
def best_by_roll(masks, values, roll, stay):
    """The best of ``values`` (per hex) among the hexes of ``masks[r]``, averaged over the rolls
    ``r`` by their odds, or for ``roll`` alone; ``stay`` for a roll with no route at all."""
    expected = 0.0
    for r in range(len(ROLLS)):
        if roll >= 0 and r != roll:
            continue
        best = -1.0
        for w in range(NW):
            seen = masks[r, w]
            while seen:
                best = max(best, values[w * 64 + ctz(seen)])
                seen &= seen - ONE
        expected += (1.0 if roll >= 0 else ROLL_PROBS[r]) * (best if best >= 0.0 else stay)
    return expected


@njit("void(int64[::1], int64[::1], int64, int64)", cache=True)
def move_to(t, s, p, h):
    """``t``: the state ``s`` with player ``p`` moved to hex ``h`` (a souvenir if it is one)."""
    t[L.POS + p] = h
    for w in range(NW):
        t[L.VISITED + p * NW + w] = s[L.VISITED + p * NW + w]
    if has(s, L.DEST, h):
        put(t, L.VISITED + p * NW, h)


@njit("UniTuple(uint64, 3)(uint64[:, ::1], float64[::1], int64, int64)", cache=True)
def best_hexes(masks, values, roll, k):
    """The hexes among the ``k`` best valued of ``masks[r]`` for some roll ``r`` (or ``roll``)."""
    top = np.empty(k, np.int64)
    c0 = ZERO
    c1 = ZERO
    c2 = ZERO
    for r in range(len(ROLLS)):
        if roll >= 0 and r != roll:
            continue
        size = 0
        for w in range(NW):
            seen = masks[r, w]
            while seen:
                h = w * 64 + ctz(seen)
                seen &= seen - ONE
                i = min(size, k - 1)
                if size == k and values[h] <= values[top[i]]:
                    continue
                while i > 0 and values[top[i - 1]] < values[h]:
                    top[i] = top[i - 1]
                    i -= 1
                top[i] = h
                size = min(size + 1, k)
        for i in range(size):
            a0, a1, a2 = single(top[i])
            c0, c1, c2 = c0 | a0, c1 | a1, c2 | a2
    return c0, c1, c2


@njit(
    "float64(int64[::1], int64, int64, float64[::1], int64[::1], int64[::1], int64[::1],"
    " int64, int64, int64)",
    cache=True,
)
def lookahead(s, p, left, params, kind, counts, scratch, roll, allowed, depth):
    """Player ``p``'s final score as it looks before today's route (``left`` days to go, today's
    included): the best value among the hexes the route can end on, averaged over the rolls, or
    for roll ``roll`` if the dice show (``allowed``: the dice that may give the direction, see
    ``day_ends``). A hex is valued by its ``outlook``; with ``depth`` 2, the ``params[W.P_BEAM]``
    best hexes of each roll are valued again by the same averaged best over the next day's routes
    from there (and the others dropped). Local Guides are not used."""
    masks = np.empty((len(ROLLS), NW), np.uint64)
    values = np.zeros(hx.CELLS)
    t = s.copy()
    union = day_ends(s, s[L.POS + p], roll, allowed, masks)
    for w in range(NW):
        todo = union[w]
        while todo:
            h = w * 64 + ctz(todo)
            todo &= todo - ONE
            move_to(t, s, p, h)
            values[h] = outlook(t, p, left - 1, params, kind, counts, scratch)
    if depth >= 2 and left >= 2:
        inner = np.empty((len(ROLLS), NW), np.uint64)
        later = np.zeros(hx.CELLS)
        u = t.copy()
        chosen = best_hexes(masks, values, roll, int(params[W.P_BEAM]))
        for w in range(NW):
            todo = union[w]
            while todo:
                h = w * 64 + ctz(todo)
                todo &= todo - ONE
                if not (chosen[w] >> np.uint64(h & 63)) & ONE:
                    values[h] = -1.0
                    continue
                move_to(t, s, p, h)
                then = day_ends(t, h, -1, -1, inner)
                for v in range(NW):
                    todo2 = then[v]
                    while todo2:
                        h2 = v * 64 + ctz(todo2)
                        todo2 &= todo2 - ONE
                        move_to(u, t, p, h2)
                        later[h2] = outlook(u, p, left - 2, params, kind, counts, scratch)
                stay = outlook(t, p, left - 2, params, kind, counts, scratch)
                values[h] = best_by_roll(inner, later, -1, stay)
    return best_by_roll(masks, values, roll, outlook(s, p, left - 1, params, kind, counts, scratch))


@njit("int64[::1](int64[::1])", cache=True)
def kinds(s):
    """The type of each destination hex of the map (0 elsewhere)."""
    kind = np.zeros(hx.CELLS, np.int64)
    for t in range(NUM_TYPES):
        for w in range(NW):
            bits = np.uint64(s[L.TYPE + t * NW + w])
            while bits:
                kind[w * 64 + ctz(bits)] = t
                bits &= bits - ONE
    return kind


@njit("UniTuple(int64, 2)(int64[::1], int64, int64)", cache=True)
def showing(s, p, left):
    """The roll of player ``p``'s next route if the dice show it (else -1), and the dice that may
    give its direction (``day_ends``'s ``allowed``: -1 before a die is reserved); ``left``: their
    ``days_left``."""
    phase = s[L.PHASE]
    moved = phase == L.PH_MOVE and left < DAYS - s[L.DAY] + 1  # the next route is tomorrow's
    roll, allowed = -1, -1
    if (phase == L.PH_RESERVE or phase == L.PH_MOVE) and not moved:
        roll = ROLL_OF_ORDERED[36 * (s[L.DIE] - 1) + 6 * (s[L.DIE + 1] - 1) + s[L.DIE + 2] - 1]
    if phase == L.PH_MOVE and not moved:
        allowed = direction_dice(reserved_die(s), p == starter(s))
    return roll, allowed


@njit("float64(int64[::1], int64, float64[::1])", cache=True)
def estimate(s, p, params):
    """Player ``p``'s final score as it looks now: with routes still to draw, the ``lookahead``
    of ``params[W.P_LOOKAHEAD]`` days from the next one (with the dice showing, if they are for it);
    with no lookahead, the ``outlook``; at the end, the score."""
    left = days_left(s, p)
    kind = kinds(s)
    counts = np.empty(NUM_TYPES, np.int64)
    scratch = np.empty(32, np.int64)
    depth = min(int(params[W.P_LOOKAHEAD]), 2)
    if left == 0 or depth == 0:
        return outlook(s, p, left, params, kind, counts, scratch)
    roll, allowed = showing(s, p, left)
    return lookahead(s, p, left, params, kind, counts, scratch, roll, allowed, depth)


@njit("boolean(int64[:, ::1], int64, int64[::1], int64)", cache=True)
def seen_before(layer, k, t, p):
    """Whether one of the first ``k`` positions of ``layer`` has player ``p`` where ``t`` has them,
    with the same souvenirs (the rest of the sheet does not change inside ``foresight``)."""
    for q in range(k):
        same = layer[q, L.POS + p] == t[L.POS + p]
        for w in range(NW):
            same = same and layer[q, L.VISITED + p * NW + w] == t[L.VISITED + p * NW + w]
        if same:
            return True
    return False


@njit("float64(int64[::1], int64, float64[::1], int64)", cache=True)
def foresight(s, p, params, seed):
    """Player ``p``'s final score as it looks to a player who knows the rolls of the next
    ``params[W.P_HORIZON]`` days, for one draw of those rolls (from ``seed``: the same seed gives
    every position the same rolls): a beam search over the days (each day's ends of the known
    roll, Local Guides aside, the ``params[W.P_SIGHT_BEAM]`` positions of best ``outlook`` kept)
    and the best ``outlook`` at the horizon. Averaged over many draws, it values a position by the
    trips open from it over several days, where ``lookahead`` sees one or two; a clairvoyant at the
    end of the trip would use its foresight too well (steering by rolls no player knows), so the
    horizon stops short of the end where more than that is left. At the end of the trip the guides
    in hand count as ``outlook`` counts them before it (the search never uses them). Where the
    dice of ``p``'s next route show (``showing``), that route takes them and the draw the days
    after it. With players, each day also draws the die its starting player reserves (uniform,
    after the roll), which on another player's day leaves ``p`` the two others for the direction.
    The draws begin at ``p``'s next route: mid-day, a player who has moved reads them a day ahead
    of one who has not (sharing each day's dice between them judged duels worse, ``docs/ai.md``)."""
    left = days_left(s, p)
    if left == 0 or s[L.PHASE] == L.PH_OVER:
        return float(score(s, p))
    shown, allowed = showing(s, p, left)
    days = min(left, int(params[W.P_HORIZON]))
    beam = int(params[W.P_SIGHT_BEAM])
    kind = kinds(s)
    counts = np.empty(NUM_TYPES, np.int64)
    scratch = np.empty(32, np.int64)
    masks = np.empty((len(ROLLS), NW), np.uint64)
    layer = np.empty((beam, s.shape[0]), np.int64)
    ahead = np.empty((beam, s.shape[0]), np.int64)
    values = np.empty(beam)
    layer[0] = s
    size = 1
    room = beam * hx.CELLS
    parent = np.empty(room, np.int64)
    end = np.empty(room, np.int64)
    found = np.empty(room)
    t = s.copy()
    rng = np.zeros(1, np.uint64)
    rng[0] = np.uint64(seed)
    players = s[L.PLAYERS]
    for d in range(days):
        roll = ROLL_OF_ORDERED[random_below(rng, FACES**3)]
        if d == 0 and shown >= 0:
            roll = shown
        today = -1
        if players > 1:
            reserved = random_below(rng, 3)
            if starter_of(DAYS - left + d + 1, players) != p:
                today = direction_dice(reserved, False)
        if d == 0 and allowed >= 0:
            today = allowed
        m = 0
        for i in range(size):
            union = day_ends(layer[i], layer[i, L.POS + p], roll, today, masks)
            if (union[0] | union[1] | union[2]) == ZERO:
                parent[m], end[m] = i, -1
                found[m] = outlook(layer[i], p, left - d - 1, params, kind, counts, scratch)
                m += 1
            for w in range(NW):
                todo = union[w]
                while todo:
                    h = w * 64 + ctz(todo)
                    todo &= todo - ONE
                    move_to(t, layer[i], p, h)
                    parent[m], end[m] = i, h
                    found[m] = outlook(t, p, left - d - 1, params, kind, counts, scratch)
                    m += 1
        k = 0
        for j in np.argsort(-found[:m], kind="mergesort"):
            if end[j] >= 0:
                move_to(t, layer[parent[j]], p, end[j])
            else:
                t[:] = layer[parent[j]]
            if not seen_before(ahead, k, t, p):
                ahead[k] = t
                values[k] = found[j]
                k += 1
                if k == beam:
                    break
        layer[:k] = ahead[:k]
        size = k
    best = values[:size].max()
    if days == left:
        best += params[W.P_GUIDE] * guides_left(s, p)
    return best


@njit("void(int64[::1], float64[::1], float64[::1])", cache=True)
def judged(s, params, out):
    """Each player's estimated final score in ``out`` made a ``heuristic`` value, in place: solo, the
    score over the maximum; multiplayer, a softmax of the scores (temperature
    ``params[W.P_TEMPERATURE]`` points)."""
    players = s[L.PLAYERS]
    if players == 1:
        out[0] = min(1.0, out[0] / sc.MAX_SCORE)
        return
    top = -1e300
    for p in range(players):
        top = max(top, out[p])
    total = 0.0
    for p in range(players):
        out[p] = np.exp((out[p] - top) / params[W.P_TEMPERATURE])
        total += out[p]
    for p in range(players):
        out[p] /= total


@njit("void(int64[::1], float64[::1], float64[::1])", cache=True)
def heuristic(s, params, out):
    """An estimate of ``returns`` without searching: solo, the estimated final score over the
    maximum; multiplayer, a softmax of the estimated scores (temperature ``params[W.P_TEMPERATURE]``
    points)."""
    if s[L.PHASE] == L.PH_OVER:
        returns(s, out)
        return
    for p in range(s[L.PLAYERS]):
        out[p] = estimate(s, p, params)
    judged(s, params, out)


@njit("boolean(int64[::1], int64[::1], int64)", cache=True)
def same_for(a, b, p):
    """Whether ``a`` and ``b`` are the same position to player ``p``: the game's fields and ``p``'s
    sheet, all that ``foresight`` of ``p`` reads (besides the map)."""
    for i in range(L.UNDEALT, L.SIZE):
        if a[i] != b[i]:
            return False
    for w in range(NW):
        if a[L.VISITED + p * NW + w] != b[L.VISITED + p * NW + w]:
            return False
    return (a[L.POS + p] == b[L.POS + p] and a[L.USED + p] == b[L.USED + p] and a[L.DEALT + p] == b[L.DEALT + p]
            and a[L.KEPT + p] == b[L.KEPT + p])  # fmt: skip


@njit("void(int64[:, ::1], float64[::1], int64, float64[:, ::1])", cache=True, nogil=True)
def foresights(ends, params, seed, out):
    """Each player's ``foresight`` of each position of ``ends`` (one a row), of the rolls drawn from
    the same ``seed`` for every player and position, in the rows of ``out``: one future of the
    candidate turns' ends that ``solver.search.searcher.ForesightSearcher`` judges, which averages
    many and makes the means a ``heuristic`` value (``judged``). A player's foresight is worked
    out once for the positions that are the same to them (``same_for``): one player's turn changes
    the others' trips at most by the die it reserves."""
    for i in range(ends.shape[0]):
        for p in range(ends[i, L.PLAYERS]):
            j = 0
            while j < i and not same_for(ends[j], ends[i], p):
                j += 1
            out[i, p] = foresight(ends[i], p, params, seed) if j == i else out[j, p]
