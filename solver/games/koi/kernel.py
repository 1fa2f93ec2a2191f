"""The KOI bitboard engine: the rules of ``rules.py`` as numba functions over one int64 array.

Every function takes the state array (see ``layout``) and plain scalars or arrays, never a Python
object, and is compiled with ``cache=True``; those that allocate nothing (all but the playout
drivers and the heuristic's ``settle``) with ``_nrt=False``. A pond is a word per layer (water,
foliage, shore, lily, lantern, and the three koi sizes); the hexes next to a set of hexes are the
union of constant neighbour masks over its bits (``dilate``), so the frontier where a tile may go
is::

    occupied = spring | water | foliage | shore | lily | lantern
    frontier = dilate(occupied) & ~occupied

Applying an action makes its change and runs the rules forward to the next decision or chance
node, as the reference engine does: a decision the reference takes by itself (phases ``reward``,
``place`` and ``discard`` with one answer) is taken here too, so both reach the same positions and
list the same actions in the same order.

The public kernel functions, shared in name and meaning by every game's kernel::

    legal_actions(s, out) -> n           apply_action(s, action)
    chance_outcomes(s, acts, odds) -> n  current_player(s)   is_terminal(s)   returns(s, out)
    determinize(s, observer, rng)        heuristic(s, params, out)           state_hash(s)
    copy_state(dst, src)                 turn_start(s)       random_playout(s, rng) -> steps
    random_playouts(template, n, rng, steps, results)

``rng`` is a one-word ``uint64`` array: the splitmix64 generator of ``solver.core.rng``.

    >>> import solver
    >>> state = solver.load_game("koi", players=1, backend="numba").new_initial_state()
    >>> int(chance_outcomes(state.array, np.empty(32, np.int64), np.empty(32)))
    14
"""

from __future__ import annotations

import numpy as np

from solver.core.bits import ctz, popcount, write_bits
from solver.core.jit import njit
from solver.core.kernel_tools import (
    copy_words,
    end_returns,
    hash_words,
    nth_kind,
    placed,
    softmax,
)
from solver.core.players import CHANCE, TERMINAL
from solver.core.rng import next_random, random_below  # noqa: F401 (API)
from solver.games.koi import actions as act
from solver.games.koi import layout as L
from solver.games.koi import weights as W
from solver.games.koi.pond import CELLS, SPRING, neighbours, triangle
from solver.games.koi.rules import LUCK_SURCHARGE, MARKET_DISCOUNT

BUFFER = L.BUFFER
HEURISTIC_PARAMS = L.HEURISTIC_PARAMS
MULTIPLAYER_MCTS_PARAMS = L.MULTIPLAYER_MCTS_PARAMS
SPRING_BIT = np.int64(1) << SPRING
ALL = np.int64(L.ALL)
_NEIGHBOURS = np.array([sum(1 << n for n in neighbours(c)) for c in range(CELLS)], np.int64)
_TRIANGLES = np.array(
    [sum(1 << h for h in triangle(c, shape) or ()) for c in range(CELLS) for shape in (0, 1)],
    np.int64,
)
"""The hexes a shore covers, by ``2 * hex + shape`` (0: the triangle leaves the pond)."""
_HEXES = np.array([1, 1, 3, 1, 2, 3], np.int64)
"""Storage hexes of each of ``actions.STORED`` (``rules.STORAGE_HEXES``)."""
SIZES = 3
MAX_KEEPS = 1 << 20
"""The most kept storages ``best_keep`` looks at (a bound for arrays no game reaches)."""


# -- reading the state -----------------------------------------------------------------------------


@njit("int64(int64)", cache=True, _nrt=False, inline="always")
def base(p):
    """Where player ``p``'s words start."""
    return L.PLAYER_BASE + L.PLAYER_WORDS * p


@njit("int64(int64)", cache=True, _nrt=False)
def dilate(mask):
    """The hexes next to a set of hexes (inside the pond)."""
    out = np.int64(0)
    while mask:
        out |= _NEIGHBOURS[ctz(mask)]
        mask &= mask - 1
    return out


@njit("int64(int64[::1], int64)", cache=True, _nrt=False, inline="always")
def occupied(s, p):
    """Player ``p``'s hexes with a tile (the spring included)."""
    b = base(p) + L.POND
    return (
        SPRING_BIT
        | s[b + L.L_WATER]
        | s[b + L.L_FOLIAGE]
        | s[b + L.L_SHORE]
        | s[b + L.L_LILY]
        | s[b + L.L_LANTERN]
    )


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def frontier(s, p):
    """The empty hexes next to player ``p``'s pond, where a tile may go."""
    taken = occupied(s, p)
    return dilate(taken) & ~taken & ALL


@njit("int64(int64[::1], int64)", cache=True, _nrt=False, inline="always")
def koi_mask(s, p):
    b = base(p) + L.POND
    return s[b + L.L_SMALL] | s[b + L.L_MEDIUM] | s[b + L.L_LARGE]


@njit("int64(int64[::1], int64)", cache=True, _nrt=False, inline="always")
def free_water(s, p):
    """Player ``p``'s water hexes without a koi, where a koi may go."""
    return s[base(p) + L.POND + L.L_WATER] & ~koi_mask(s, p)


@njit("int64(int64[::1])", cache=True, _nrt=False, inline="always")
def cards_left(s):
    total = np.int64(0)
    for k in range(s[L.KINDS]):
        total += s[L.DECK + k]
    return total


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def used(s, p):
    """Storage hexes player ``p``'s tiles and koi occupy."""
    b = base(p) + L.STORAGE
    total = np.int64(0)
    for k in range(6):
        total += s[b + k] * _HEXES[k]
    return total


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def capacity(s, p):
    return s[L.CAPACITY] + s[L.EXPANSION_HEXES] * s[base(p) + L.EXPANSIONS]


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def work_limit(s, p):
    """Tiles one Work places: the pack's number, more with Gardener cards."""
    total = s[L.WORK_TILES]
    for k in range(s[L.KINDS]):
        if s[L.EFFECT + k] == L.FX_GARDENER:
            total += s[base(p) + L.CARDS + k] * s[L.TILES_MORE + k]
    return total


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False, inline="always")
def price(s, size, change):
    return max(np.int64(0), s[L.PRICE + size] + change)


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def buyable(s, change):
    """The koi sizes the player to move can buy at ``change`` to the price, as a 3-bit mask."""
    coins = s[base(s[L.TO_MOVE]) + L.COINS]
    mask = np.int64(0)
    for k in range(SIZES):
        if s[L.KOI_SUPPLY + k] > 0 and coins >= price(s, k, change):
            mask |= np.int64(1) << k
    return mask


# -- scores ----------------------------------------------------------------------------------------


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def feature(s, p, code):
    """How many of a goal card's feature (``layout.F_*``) player ``p``'s pond has."""
    b = base(p) + L.POND
    if code <= L.F_LANTERN:
        return popcount(s[b + code])
    if code == L.F_KOI:
        return popcount(koi_mask(s, p))
    return popcount(s[b + L.L_SMALL + code - L.F_SMALL])


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def goal_cards(s, p):
    """The goal card kinds player ``p`` has taken, as a mask of kinds (a pack has at most
    ``MAX_KINDS``, 32)."""
    b = base(p)
    goals = np.int64(0)
    for k in range(s[L.KINDS]):
        if s[b + L.CARDS + k] and s[L.EFFECT + k] == L.FX_GOAL:
            goals |= np.int64(1) << k
    return goals


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def score(s, p):
    """Player ``p``'s points so far (``scoring.breakdown`` summed)."""
    b = base(p)
    pond = b + L.POND
    water, foliage, shore = s[pond + L.L_WATER], s[pond + L.L_FOLIAGE], s[pond + L.L_SHORE]
    lily, lantern, koi = s[pond + L.L_LILY], s[pond + L.L_LANTERN], koi_mask(s, p)
    total = np.int64(0)
    for k in range(SIZES):
        total += s[L.KOI_POINTS + k] * popcount(s[pond + L.L_SMALL + k])
    by_water = dilate(SPRING_BIT | water | lily)
    total += s[L.SCORE + L.S_FOLIAGE_BY_WATER] * popcount(foliage & by_water)
    total += s[L.SCORE + L.S_SHORE_BY_WATER] * popcount(shore & by_water)
    m = lily
    while m:
        c = ctz(m)
        total += s[L.SCORE + L.S_LILY] + s[L.SCORE + L.S_LILY_PER_KOI] * popcount(
            _NEIGHBOURS[c] & koi
        )
        m &= m - 1
    m = lantern
    while m:
        total += s[L.SCORE + L.S_LANTERN_PER_GARDEN] * popcount(
            _NEIGHBOURS[ctz(m)] & (foliage | shore)
        )
        m &= m - 1
    total += s[L.SCORE + L.S_LUCK] * s[b + L.LUCK]
    goals = goal_cards(s, p)
    while goals:
        k = ctz(goals)
        total += s[b + L.CARDS + k] * s[L.POINTS + k] * feature(s, p, s[L.PER + k])
        goals &= goals - 1
    return total


@njit("void(int64[::1])", cache=True, _nrt=False)
def _finish(s):
    """The game is over: the winners have the best score, then the most coins, then luck."""
    s[L.PHASE], s[L.TO_MOVE] = L.PH_OVER, 0
    best_score, best_coins, best_luck, winners = np.int64(-1), np.int64(-1), np.int64(-1), 0
    for p in range(s[L.PLAYERS]):
        total, coins, luck = score(s, p), s[base(p) + L.COINS], s[base(p) + L.LUCK]
        better = total > best_score or (
            total == best_score
            and (coins > best_coins or (coins == best_coins and luck > best_luck))
        )
        if better:
            best_score, best_coins, best_luck, winners = total, coins, luck, 0
        if total == best_score and coins == best_coins and luck == best_luck:
            winners |= 1 << p
    s[L.WINNERS] = winners


# -- the legal actions -----------------------------------------------------------------------------


@njit("int64(int64[::1], int64, int64[::1], int64)", cache=True, _nrt=False)
def _placements(s, p, out, n):
    """Write every placement of a stored tile into player ``p``'s pond (sorted) into ``out``
    from ``n``; return the new count."""
    store = base(p) + L.STORAGE
    edge = frontier(s, p)
    for k in range(2):  # water, foliage on the frontier
        if s[store + k]:
            n = write_bits(edge, act.PLACE + k * CELLS, out, n)
    free = free_water(s, p)
    for size in range(SIZES):
        if s[store + L.ST_SMALL + size]:
            n = write_bits(free, act.PLACE + (4 + size) * CELLS, out, n)
    if s[store + L.ST_SHORE]:
        taken = occupied(s, p)
        for i in range(2 * CELLS):
            tri = _TRIANGLES[i]
            if tri and not (tri & taken) and (tri & edge):
                out[n] = act.SHORE + i
                n += 1
    return n


@njit("boolean(int64[::1], int64)", cache=True, _nrt=False)
def can_place(s, p):
    """Whether player ``p`` has a stored tile that fits in the pond (without listing them)."""
    store = base(p) + L.STORAGE
    edge = frontier(s, p)
    if edge and (s[store + L.ST_WATER] or s[store + L.ST_FOLIAGE]):
        return True
    koi = s[store + L.ST_SMALL] + s[store + L.ST_MEDIUM] + s[store + L.ST_LARGE]
    if koi and free_water(s, p):
        return True
    if s[store + L.ST_SHORE]:
        taken = occupied(s, p)
        for i in range(2 * CELLS):
            tri = _TRIANGLES[i]
            if tri and not (tri & taken) and (tri & edge):
                return True
    return False


@njit("int64(int64[::1], int64)", cache=True, _nrt=False, inline="always")
def luck_buys(s, p):
    """The koi sizes player ``p`` (to move) can buy for a luck token, as a 3-bit mask."""
    return buyable(s, LUCK_SURCHARGE) if s[base(p) + L.LUCK] else np.int64(0)


@njit("boolean(int64[::1], int64)", cache=True, _nrt=False)
def can_work(s, p):
    """Whether a Work by player ``p`` (to move) can place a tile: a stored one fits, or a koi
    bought for a luck token before the first tile would (on a free water hex)."""
    return can_place(s, p) or (luck_buys(s, p) != 0 and free_water(s, p) != 0)


@njit("int64(int64[::1])", cache=True, _nrt=False, inline="always")
def _reward_choices(s):
    """The choices of phase ``reward`` as a bit set over actions - GOODS (space 4: the goods or a
    koi; space 5: a shore or a foliage the supply still has)."""
    if s[L.SPACE] == 3:
        return 1 | (buyable(s, 0) << (act.BUY - act.GOODS))
    mask = np.int64(0)
    if s[L.SUPPLY + L.T_SHORE]:
        mask |= 1 << (act.SHORE_REWARD - act.GOODS)
    if s[L.SUPPLY + L.T_FOLIAGE]:
        mask |= 1 << (act.FOLIAGE_REWARD - act.GOODS)
    return mask


@njit("int64(int64[::1])", cache=True, _nrt=False, inline="always")
def _to_place_first(s):
    """The place-action layer (``actions.PLACED`` index) of the next lily or lantern to place."""
    return 2 + (s[L.TO_PLACE_BITS] & 1)


@njit("int64(int64[::1], int64[::1])", cache=True, _nrt=False)
def _outcomes(s, acts):
    """The card kinds left in the deck, as flip actions in increasing order; returns how many."""
    n = 0
    for k in range(s[L.KINDS]):
        if s[L.DECK + k] > 0:
            acts[n] = act.FLIP + k
            n += 1
    return n


@njit("int64(int64[::1], int64[::1])", cache=True, _nrt=False)
def legal_actions(s, out):
    """The legal actions, as the reference lists them (at a chance node, the outcomes); returns
    how many."""
    phase = s[L.PHASE]
    p = s[L.TO_MOVE]
    n = 0
    if phase == L.PH_FLIP:
        return _outcomes(s, out)
    if phase == L.PH_TURN:
        coins = s[base(p) + L.COINS]
        for space in range(act.SPACES):
            if s[L.MARKET + space] != L.NONE and (space > 0 or coins >= 1):
                out[n] = act.MEDITATE + space
                n += 1
        if can_work(s, p):
            out[n] = act.WORK
            n += 1
    elif phase == L.PH_ORDER:
        out[0], out[1] = act.REWARD_FIRST, act.CARD_FIRST
        n = 2
    elif phase == L.PH_REWARD:
        n = write_bits(_reward_choices(s), act.GOODS, out, 0)
    elif phase == L.PH_MARKET or phase == L.PH_LUCK:
        m = buyable(s, -MARKET_DISCOUNT) if phase == L.PH_MARKET else luck_buys(s, p)
        n = write_bits(m, act.BUY, out, 0)
        out[n] = act.PASS
        n += 1
    elif phase == L.PH_PLACE:
        n = write_bits(frontier(s, p), act.PLACE + _to_place_first(s) * CELLS, out, 0)
    elif phase == L.PH_WORK:  # koi for luck tokens before the first tile; stop once one is placed
        if s[L.PLACED]:
            out[0] = act.PASS
            n = 1
        else:
            n = write_bits(luck_buys(s, p), act.BUY, out, 0)
        n = _placements(s, p, out, n)
    elif phase == L.PH_DISCARD:
        for k in range(6):
            if s[base(p) + L.STORAGE + k]:
                out[n] = act.DISCARD + k
                n += 1
    return n


@njit("int64(int64[::1])", cache=True, _nrt=False)
def _only_answer(s):
    """The action the engine takes by itself: the only answer of a ``reward``, ``place`` or
    ``discard`` decision (-1 if there is none or several, or the phase is another)."""
    phase = s[L.PHASE]
    p = s[L.TO_MOVE]
    if phase == L.PH_REWARD:
        m = _reward_choices(s)
        return act.GOODS + ctz(m) if popcount(m) == 1 else -1
    if phase == L.PH_PLACE:
        m = frontier(s, p)
        return act.PLACE + _to_place_first(s) * CELLS + ctz(m) if popcount(m) == 1 else -1
    if phase == L.PH_DISCARD:
        found, kind = 0, -1
        for k in range(6):
            if s[base(p) + L.STORAGE + k]:
                found += 1
                kind = k
        return act.DISCARD + kind if found == 1 else -1
    return -1


# -- the course of a turn --------------------------------------------------------------------------


@njit("void(int64[::1])", cache=True, _nrt=False)
def _end_turn(s):
    s[L.SPACE], s[L.CARD], s[L.STEPS_N], s[L.STEP0], s[L.STEP1], s[L.PLACED] = (
        L.NONE, L.NONE, 0, 0, 0, 0,
    )  # fmt: skip
    if s[L.LAST_ROUND] and s[L.TO_MOVE] == s[L.PLAYERS] - 1:
        _finish(s)
        return
    s[L.PHASE] = L.PH_TURN
    s[L.TO_MOVE] = (s[L.TO_MOVE] + 1) % s[L.PLAYERS]


@njit("void(int64[::1])", cache=True, _nrt=False)
def _check_capacity(s):
    """The limit is checked only now, at the end of the turn: discard until it holds."""
    p = s[L.TO_MOVE]
    if used(s, p) > capacity(s, p):
        s[L.PHASE] = L.PH_DISCARD
        return
    _end_turn(s)


@njit("void(int64[::1])", cache=True, _nrt=False)
def _after_meditation(s):
    """After a Meditate: koi for luck tokens, then the capacity check (a Work offers them before
    its first tile instead, as the reference does)."""
    if luck_buys(s, s[L.TO_MOVE]):
        s[L.PHASE] = L.PH_LUCK
        return
    _check_capacity(s)


@njit("void(int64[::1], int64, int64)", cache=True, _nrt=False)
def _buy(s, size, change):
    b = base(s[L.TO_MOVE])
    s[b + L.COINS] -= price(s, size, change)
    s[L.KOI_SUPPLY + size] -= 1
    s[b + L.STORAGE + L.ST_SMALL + size] += 1


@njit("void(int64[::1], int64)", cache=True, _nrt=False)
def _luck_buy(s, size):
    """Discard a luck token to buy a koi at the surcharge."""
    s[base(s[L.TO_MOVE]) + L.LUCK] -= 1
    _buy(s, size, LUCK_SURCHARGE)


@njit("void(int64[::1], int64, int64)", cache=True, _nrt=False)
def _gain(s, good, n):
    """``n`` of a good (``cards.GOODS`` index) into the hands of the player to move; tiles while
    the supply has them (lilies and lanterns queue to be placed at once)."""
    b = base(s[L.TO_MOVE])
    if good == L.G_COINS:
        s[b + L.COINS] += n
    elif good == L.G_LUCK:
        s[b + L.LUCK] += n
    elif good >= L.G_LILY:
        tile = L.T_LILY + good - L.G_LILY
        for _ in range(min(n, s[L.SUPPLY + tile])):
            s[L.TO_PLACE_BITS] |= np.int64(good - L.G_LILY) << s[L.TO_PLACE_N]
            s[L.TO_PLACE_N] += 1
    else:
        tile = good - L.G_WATER  # water, foliage, shore: supply and storage in the same order
        n = min(n, s[L.SUPPLY + tile])
        s[L.SUPPLY + tile] -= n
        s[b + L.STORAGE + tile] += n


@njit("void(int64[::1])", cache=True, _nrt=False)
def _slide(s):
    """Slide the cards right into the vacated space, then refill the space on the left."""
    for space in range(s[L.SPACE], 0, -1):
        s[L.MARKET + space] = s[L.MARKET + space - 1]
    s[L.MARKET] = L.NONE
    if cards_left(s):
        s[L.PHASE] = L.PH_FLIP
    else:
        s[L.LAST_ROUND] = 1
        _after_meditation(s)


@njit("boolean(int64[::1])", cache=True, _nrt=False)
def _card_effect(s):
    """The effect of the card taken; True if the player now decides (a Market card's koi)."""
    card, b = s[L.CARD], base(s[L.TO_MOVE])
    effect = s[L.EFFECT + card]
    if effect == L.FX_GAIN:
        for good in range(7):
            if s[L.GAIN + 7 * card + good]:
                _gain(s, good, s[L.GAIN + 7 * card + good])
    elif effect == L.FX_STORAGE and s[L.SUPPLY + L.T_EXPANSION]:
        s[L.SUPPLY + L.T_EXPANSION] -= 1
        s[b + L.EXPANSIONS] += 1
    elif effect == L.FX_MARKET and buyable(s, -MARKET_DISCOUNT):
        s[L.PHASE] = L.PH_MARKET
        return True
    return False


@njit("void(int64[::1])", cache=True, _nrt=False)
def _resolve(s):
    """Carry out what is left of the meditation until a decision is needed, then slide the
    market and flip a card."""
    while True:
        if s[L.TO_PLACE_N]:
            s[L.PHASE] = L.PH_PLACE
            if frontier(s, s[L.TO_MOVE]):
                return
            s[L.TO_PLACE_BITS] >>= 1  # no free hex next to the pond: it stays in the supply
            s[L.TO_PLACE_N] -= 1
            continue
        if s[L.STEPS_N] == 0:
            break
        step = s[L.STEP0]
        s[L.STEP0], s[L.STEP1] = s[L.STEP1], 0
        s[L.STEPS_N] -= 1
        if step == L.STEP_REWARD:
            if s[L.SPACE] >= 3:
                s[L.PHASE] = L.PH_REWARD
                if _reward_choices(s):
                    return
            elif s[L.SPACE] == 2:
                _gain(s, L.G_COINS, 2)
                _gain(s, L.G_WATER, 1)
        elif _card_effect(s):
            return
    _slide(s)


@njit("void(int64[::1], int64)", cache=True, _nrt=False)
def _meditate(s, space):
    """Pay the fee, take the card; then the reward and the effect, in the order chosen (asked
    only when it can matter: a koi bought on one side and coins on the other)."""
    b = base(s[L.TO_MOVE])
    if space == 0:
        s[b + L.COINS] -= 1
    card = s[L.MARKET + space]
    s[L.SPACE], s[L.CARD], s[L.MARKET + space] = space, card, L.NONE
    s[b + L.CARDS + card] += 1
    market = s[L.EFFECT + card] == L.FX_MARKET
    coins = s[L.EFFECT + card] == L.FX_GAIN and s[L.GAIN + 7 * card + L.G_COINS] > 0
    if (market and (space == 2 or space == 3)) or (space == 3 and coins):
        s[L.PHASE] = L.PH_ORDER
        return
    s[L.STEPS_N], s[L.STEP0], s[L.STEP1] = 2, L.STEP_REWARD, L.STEP_CARD
    _resolve(s)


@njit("void(int64[::1], int64)", cache=True, _nrt=False)
def _work(s, action):
    """A koi bought for a luck token before the first tile, a tile placed, or the end of the
    Work."""
    p = s[L.TO_MOVE]
    b = base(p)
    if action == act.PASS:
        _check_capacity(s)
        return
    if action < act.PASS:
        _luck_buy(s, action - act.BUY)
        return
    if action >= act.SHORE:
        s[b + L.POND + L.L_SHORE] |= _TRIANGLES[action - act.SHORE]
        s[b + L.STORAGE + L.ST_SHORE] -= 1
    else:
        k = (action - act.PLACE) // CELLS
        bit = np.int64(1) << ((action - act.PLACE) % CELLS)
        if k >= 4:  # a koi: layers L_SMALL.. are 5.., storage ST_SMALL.. 3..
            s[b + L.POND + L.L_SMALL + k - 4] |= bit
            s[b + L.STORAGE + L.ST_SMALL + k - 4] -= 1
        else:
            s[b + L.POND + k] |= bit
            s[b + L.STORAGE + k] -= 1
    s[L.PLACED] += 1
    if s[L.PLACED] == work_limit(s, p) or not can_place(s, p):
        _check_capacity(s)


@njit("void(int64[::1], int64)", cache=True, _nrt=False)
def _step(s, action):
    """Resolve one decision or chance outcome and run the rules on to the next one."""
    phase = s[L.PHASE]
    b = base(s[L.TO_MOVE])
    if phase == L.PH_FLIP:
        kind = action - act.FLIP
        empty = act.SPACES - 1
        while s[L.MARKET + empty] != L.NONE:
            empty -= 1
        s[L.MARKET + empty] = kind
        s[L.DECK + kind] -= 1
        if s[L.SPACE] != L.NONE:
            _after_meditation(s)
        else:  # the setup fills the market from the right, and is over once it is full
            full = True
            for space in range(act.SPACES):
                full = full and s[L.MARKET + space] != L.NONE
            if full:
                s[L.PHASE] = L.PH_TURN
    elif phase == L.PH_TURN:
        if action == act.WORK:
            s[L.PHASE], s[L.PLACED] = L.PH_WORK, 0
        else:
            _meditate(s, action - act.MEDITATE)
    elif phase == L.PH_ORDER:
        first = L.STEP_REWARD if action == act.REWARD_FIRST else L.STEP_CARD
        s[L.STEPS_N], s[L.STEP0], s[L.STEP1] = 2, first, 1 - first
        _resolve(s)
    elif phase == L.PH_REWARD or phase == L.PH_MARKET:
        if action == act.GOODS:
            _gain(s, L.G_COINS, 1)
            _gain(s, L.G_WATER, 2)
        elif action == act.SHORE_REWARD:
            _gain(s, L.G_SHORE, 1)
        elif action == act.FOLIAGE_REWARD:
            _gain(s, L.G_FOLIAGE, 1)
        elif action != act.PASS:
            _buy(s, action - act.BUY, -MARKET_DISCOUNT if phase == L.PH_MARKET else 0)
        _resolve(s)
    elif phase == L.PH_PLACE:
        layer = (action - act.PLACE) // CELLS  # 2 lily, 3 lantern: pond layers 3, 4
        s[b + L.POND + layer + 1] |= np.int64(1) << ((action - act.PLACE) % CELLS)
        s[L.SUPPLY + L.T_LILY + layer - 2] -= 1
        s[L.TO_PLACE_BITS] >>= 1
        s[L.TO_PLACE_N] -= 1
        _resolve(s)
    elif phase == L.PH_WORK:
        _work(s, action)
    elif phase == L.PH_LUCK:
        if action == act.PASS:
            _check_capacity(s)
        else:
            _luck_buy(s, action - act.BUY)
            _after_meditation(s)
    else:  # discard
        kind = action - act.DISCARD
        s[b + L.STORAGE + kind] -= 1
        if kind >= L.ST_SMALL:
            s[L.KOI_SUPPLY + kind - L.ST_SMALL] += 1
        else:
            s[L.SUPPLY + kind] += 1  # water, foliage, shore: the supply's first three
        _check_capacity(s)


@njit("void(int64[::1], int64)", cache=True, _nrt=False)
def apply_action(s, action):
    """Resolve one decision or chance outcome, in place, then take the decisions the reference
    takes by itself (an only answer in ``reward``, ``place``, ``discard``). The action must be
    legal."""
    _step(s, action)
    while True:
        only = _only_answer(s)
        if only < 0:
            return
        _step(s, only)


# -- the OpenSpiel-style interface -----------------------------------------------------------------


@njit("void(int64[::1], int64[::1])", cache=True, _nrt=False)
def copy_state(dst, src):
    """Make ``dst`` (a state of the same game: its pack is not copied) the state ``src``: the
    words after the pack, up to the last player's (the others' are zero in every state)."""
    copy_words(dst, src, L.GAME, L.PLAYER_BASE + L.PLAYER_WORDS * src[L.PLAYERS])


@njit("int64(int64[::1], int64[::1], float64[::1])", cache=True, _nrt=False)
def chance_outcomes(s, acts, odds):
    """The card flipped: each kind left in the deck, as likely as its count."""
    if s[L.PHASE] != L.PH_FLIP:
        return 0
    n = _outcomes(s, acts)
    total = cards_left(s)
    for i in range(n):
        odds[i] = s[L.DECK + acts[i] - act.FLIP] / total
    return n


@njit("int64(int64[::1])", cache=True, _nrt=False)
def current_player(s):
    phase = s[L.PHASE]
    if phase == L.PH_OVER:
        return TERMINAL
    return CHANCE if phase == L.PH_FLIP else s[L.TO_MOVE]


@njit("boolean(int64[::1])", cache=True, _nrt=False)
def is_terminal(s):
    return s[L.PHASE] == L.PH_OVER


@njit("boolean(int64[::1])", cache=True, _nrt=False)
def turn_start(s):
    """Whether this is the first decision of a player's turn: the choice to Meditate or Work (as
    ``KoiState.turn_start``)."""
    return s[L.PHASE] == L.PH_TURN


@njit("void(int64[::1], float64[::1])", cache=True, _nrt=False)
def returns(s, out):
    """Multiplayer: the winners share 1. Solo: the score placed in [SCORE_LOW, SCORE_HIGH]."""
    if end_returns(s[L.PLAYERS], s[L.PHASE] == L.PH_OVER, s[L.WINNERS], out):
        out[0] = placed(score(s, 0), s[L.SCORE_LOW], s[L.SCORE_HIGH])


@njit("void(int64[::1], int64, uint64[::1])", cache=True, _nrt=False)
def determinize(s, observer, rng):
    """Nothing to deal: the deck's order is never in the state (each flip is a chance node over
    the cards left) and every player sees everything else."""


@njit("int64(int64[::1])", cache=True, _nrt=False)
def state_hash(s):
    """A 64-bit hash (``hash_words``) of where the game stands (the pack section is the same all
    game long)."""
    return hash_words(s, L.GAME, L.SIZE)


# -- playouts --------------------------------------------------------------------------------------


@njit("int64(int64[::1], uint64[::1])", cache=True)
def random_playout(s, rng):
    """Play uniformly random decisions to the end, chance by its odds: the card flipped is the
    ``random_below(cards left)``-th card counted kind by kind; a decision is the
    ``random_below(n)``-th of its ``n`` legal actions. Returns the number of steps."""
    out = np.empty(BUFFER, np.int64)
    steps = 0
    while s[L.PHASE] != L.PH_OVER:
        if s[L.PHASE] == L.PH_FLIP:
            action = act.FLIP + nth_kind(s, L.DECK, random_below(rng, cards_left(s)))
        else:
            action = out[random_below(rng, legal_actions(s, out))]
        apply_action(s, action)
        steps += 1
    return steps


@njit("void(int64[::1], int64, uint64[::1], int64[::1], float64[:, ::1])", cache=True)
def random_playouts(template, n, rng, steps, results):
    """Play ``n`` random games from copies of ``template``: steps and returns per game."""
    out = np.empty(8, np.float64)
    for g in range(n):
        s = template.copy()
        steps[g] = random_playout(s, rng)
        returns(s, out)
        results[g, :] = out[: results.shape[1]]


# -- the heuristic ---------------------------------------------------------------------------------


@njit("int64(int64[::1], int64, int64, int64)", cache=True, _nrt=False)
def goal_points(s, p, goals, code):
    """The points player ``p``'s goal cards (``goals``, from ``goal_cards``) give for each feature
    ``code`` (``layout.F_*``)."""
    total = np.int64(0)
    while goals:
        k = ctz(goals)
        if s[L.PER + k] == code:
            total += s[base(p) + L.CARDS + k] * s[L.POINTS + k]
        goals &= goals - 1
    return total


@njit("float64(int64[::1], int64)", cache=True, _nrt=False)
def chances_left(s, p):
    """Koi purchases player ``p`` may still make, roughly: a meditation's each (the cards left
    over the players, and this round's) and a luck token's each."""
    return (cards_left(s) + 1.0) / s[L.PLAYERS] + s[base(p) + L.LUCK]


@njit("UniTuple(float64, 9)(int64[::1], int64)", cache=True, _nrt=False)
def storage_worths(s, p):
    """What ``stored_value`` needs of the position, read once for the many storages
    ``best_keep`` values: the points of a small, medium and large koi, a water tile's goal
    points, a foliage's and a shore hex's points by water, player ``p``'s free water hexes and
    the koi they may still buy (``chances_left``, at most the supply's), and ``chances_left``."""
    goals = goal_cards(s, p)
    any_koi = goal_points(s, p, goals, L.F_KOI)
    supply_koi = float(s[L.KOI_SUPPLY] + s[L.KOI_SUPPLY + 1] + s[L.KOI_SUPPLY + 2])
    chances = chances_left(s, p)
    return (
        float(s[L.KOI_POINTS] + any_koi + goal_points(s, p, goals, L.F_SMALL)),
        float(s[L.KOI_POINTS + 1] + any_koi + goal_points(s, p, goals, L.F_MEDIUM)),
        float(s[L.KOI_POINTS + 2] + any_koi + goal_points(s, p, goals, L.F_LARGE)),
        float(goal_points(s, p, goals, L.F_WATER)),
        float(s[L.SCORE + L.S_FOLIAGE_BY_WATER] + goal_points(s, p, goals, L.F_FOLIAGE)),
        float(s[L.SCORE + L.S_SHORE_BY_WATER] + goal_points(s, p, goals, L.F_SHORE)),
        float(popcount(free_water(s, p))),
        min(supply_koi, chances),
        chances,
    )


@njit("float64(int64[::1], UniTuple(float64, 9), float64)", cache=True, _nrt=False)
def coin_worth(s, worths, coins):
    """The koi points ``coins`` can still buy a player (``worths`` from ``storage_worths``): the
    koi of the supply by best points per coin first (a free koi counted at 1 coin), fractionally,
    as many as the purchase chances left (roughly the player's meditations left, and the luck
    tokens)."""
    chances = worths[8]
    taken = np.int64(0)  # the sizes already counted, as a mask
    value, left = 0.0, coins
    while chances > 0.0 and left > 0.0:
        best, best_ratio, cost = -1, -1.0, 1.0
        for k in range(SIZES):
            if (taken >> k) & 1 or s[L.KOI_SUPPLY + k] == 0:
                continue
            k_cost = float(max(price(s, k, 0), np.int64(1)))
            ratio = worths[k] / k_cost
            if ratio > best_ratio:
                best, best_ratio, cost = k, ratio, k_cost
        if best < 0:
            break
        taken |= np.int64(1) << best
        n = min(float(s[L.KOI_SUPPLY + best]), chances, left / cost)
        value += n * cost * best_ratio
        left -= n * cost
        chances -= n
    return value


@njit(
    "float64(float64[::1], UniTuple(float64, 9), int64, int64, int64, int64, int64, int64)",
    cache=True,
    _nrt=False,
)
def stored_value(params, worths, water, foliage, shore, small, medium, large):
    """The part of ``estimate`` that depends on the storage: the stored koi and tiles, and the
    free water hexes as many as the koi to come (``worths`` from ``storage_worths``)."""
    free, to_buy = worths[6], worths[7]
    slots = free + water
    stored = (small, medium, large)
    value = 0.0
    for k in range(SIZES - 1, -1, -1):
        placed = min(float(stored[k]), slots)
        slots -= placed
        value += worths[k] * (params[W.H_STORED_KOI] * placed
                              + params[W.H_KOI_NO_WATER] * (stored[k] - placed))  # fmt: skip
    garden = params[W.H_STORED_GARDEN]
    value += water * (params[W.H_STORED_WATER] + garden * worths[3])
    value += garden * (foliage * worths[4] + 3 * shore * worths[5])
    return value + params[W.H_FREE_WATER] * min(free, small + medium + large + to_buy)


@njit("float64(int64[::1], int64, float64[::1], UniTuple(float64, 9))", cache=True, _nrt=False)
def pond_value(s, p, params, worths):
    """The part of ``estimate`` that does not depend on the storage (``worths`` from
    ``storage_worths``)."""
    b = base(p)
    pond = b + L.POND
    value = float(score(s, p)) + params[W.H_CARD_LEFT] * cards_left(s) / s[L.PLAYERS]
    coins = s[b + L.COINS]
    value += params[W.H_COIN] * coin_worth(s, worths, float(coins))
    value += params[W.H_COIN_LINEAR] * coins
    free = free_water(s, p)
    empty = ALL & ~occupied(s, p)
    lily_slots, lantern_slots = 0, 0
    m = s[pond + L.L_LILY]
    while m:
        lily_slots += popcount(_NEIGHBOURS[ctz(m)] & (free | empty))
        m &= m - 1
    m = s[pond + L.L_LANTERN]
    while m:
        lantern_slots += popcount(_NEIGHBOURS[ctz(m)] & empty)
        m &= m - 1
    value += params[W.H_LILY_SLOT] * s[L.SCORE + L.S_LILY_PER_KOI] * lily_slots
    value += params[W.H_LANTERN_SLOT] * s[L.SCORE + L.S_LANTERN_PER_GARDEN] * lantern_slots
    dry = ~dilate(SPRING_BIT | s[pond + L.L_WATER] | s[pond + L.L_LILY]) & dilate(empty)
    value += params[W.H_DRY_GARDEN] * (
        s[L.SCORE + L.S_FOLIAGE_BY_WATER] * popcount(s[pond + L.L_FOLIAGE] & dry)
        + s[L.SCORE + L.S_SHORE_BY_WATER] * popcount(s[pond + L.L_SHORE] & dry)
    )
    return value


@njit(
    "float64(int64[::1], int64, float64[::1], int64, int64, int64, int64, int64, int64)",
    cache=True,
    _nrt=False,
)
def estimate(s, p, params, water, foliage, shore, small, medium, large):
    """Player ``p``'s expected final score, roughly, with these storage counts (the weights are
    ``layout.HEURISTIC_PARAMS``). It adds up:

    - the points the pond and luck tokens score now (``score``);
    - each stored koi, its points (goal cards' included) times ``H_STORED_KOI`` while there are
      free water hexes for it (pond and stored water, the largest koi first), ``H_KOI_NO_WATER``
      beyond them;
    - each stored water ``H_STORED_WATER``; each stored foliage and shore (3 hexes), its points by
      water times ``H_STORED_GARDEN``;
    - the coins: ``H_COIN`` times the koi points they can still buy (``coin_worth``), and
      ``H_COIN_LINEAR`` each;
    - the pond's promise: ``H_FREE_WATER`` per water hex without a koi (as many as the koi
      stored and the koi the player may still buy, ``chances_left``), ``H_LILY_SLOT`` per free
      water or empty hex next to a water-lily, ``H_LANTERN_SLOT`` per empty hex next to a lantern,
      ``H_DRY_GARDEN`` of the points of a foliage or shore hex not by water but with an empty hex
      beside it (where water may still go);
    - ``H_CARD_LEFT`` per card left in the deck, shared by the players: what the meditations
      still to come will bring, so that a position a turn later is not worth more by that turn
      alone (a search that sees one more turn down a branch, as a depth counted in decisions
      does down a branch with fewer decisions in its turn, is not drawn to it for that).
    """
    worths = storage_worths(s, p)
    return pond_value(s, p, params, worths) + stored_value(
        params, worths, water, foliage, shore, small, medium, large
    )


@njit("float64(int64[::1], int64, float64[::1])", cache=True, _nrt=False)
def estimate_now(s, p, params):
    """``estimate`` with player ``p``'s storage as it is."""
    st = base(p) + L.STORAGE
    return estimate(s, p, params, s[st], s[st + 1], s[st + 2], s[st + 3], s[st + 4], s[st + 5])


@njit("Tuple((float64, int64))(int64[::1], float64[::1])", cache=True, _nrt=False)
def best_keep(s, params):
    """The exact best storage to keep at the capacity check of the player to move: every
    subset the discards can end on (it fits, and some tile discarded, taken last, is what made
    it fit) valued by ``estimate``. Returns the best value and its counts, 8 bits a kind
    (``actions.STORED`` order, the first kind lowest); past ``MAX_KEEPS`` storages to look at
    (never in a game: a storage holds its room and one turn's goods), the value of the storage
    as it is and -1.

    The search asks one discard at a time; the heuristic of a state in phase ``discard`` is this
    best value, so a search one discard deep (the greedy baseline, expectimax's leaves, guided
    rollouts) discards exactly towards the best subset, never greedily tile by tile."""
    p = s[L.TO_MOVE]
    st = base(p) + L.STORAGE
    room = capacity(s, p)
    n0, n1, n2, n3, n4, n5 = s[st], s[st + 1], s[st + 2], s[st + 3], s[st + 4], s[st + 5]
    # Kept counts run up to what is stored and what the room holds alone.
    m0, m1, m2 = min(n0, room) + 1, min(n1, room) + 1, min(n2, room // 3) + 1
    m3, m4, m5 = min(n3, room) + 1, min(n4, room // 2) + 1, min(n5, room // 3) + 1
    best, best_counts = -1e300, np.int64(-1)
    if m0 * m1 * m2 * m3 * m4 * m5 > MAX_KEEPS:
        return estimate_now(s, p, params), best_counts
    worths = storage_worths(s, p)
    fixed = pond_value(s, p, params, worths)
    for index in range(m0 * m1 * m2 * m3 * m4 * m5):
        rest = index
        k0 = rest % m0
        rest //= m0
        k1 = rest % m1
        rest //= m1
        k2 = rest % m2
        rest //= m2
        k3 = rest % m3
        rest //= m3
        k4 = rest % m4
        k5 = rest // m4
        hexes = k0 + k1 + 3 * k2 + k3 + 2 * k4 + 3 * k5
        if hexes > room:
            continue
        # The last discard made the tiles fit: some kind discarded is bigger than the room left.
        last = (
            (k0 < n0 and hexes + 1 > room) or (k1 < n1 and hexes + 1 > room)
            or (k2 < n2 and hexes + 3 > room) or (k3 < n3 and hexes + 1 > room)
            or (k4 < n4 and hexes + 2 > room) or (k5 < n5 and hexes + 3 > room)
        )  # fmt: skip
        if not last:
            continue
        value = fixed + stored_value(params, worths, k0, k1, k2, k3, k4, k5)
        if value > best:
            best = value
            best_counts = k0 | k1 << 8 | k2 << 16 | k3 << 24 | k4 << 32 | k5 << 40
    return best, best_counts


@njit("boolean(int64)", cache=True, _nrt=False, inline="always")
def settled(phase):
    """Whether ``settle`` stops at this phase: a turn to start, a Work (valued as it stands: each
    tile counts once placed), a capacity check, the end."""
    return phase == L.PH_TURN or phase == L.PH_WORK or phase == L.PH_DISCARD or phase == L.PH_OVER


@njit("float64(int64[::1], int64, float64[::1])", cache=True)
def settle(s, p, params):
    """Play the rest of a meditation, in place, up to the next turn, a Work, a capacity check or
    the end (``settled``), and return player ``p``'s ``estimate`` there (a capacity check valued by
    ``best_keep``, a finished game by its score): a position in the middle of a meditation is
    worth what it still brings (a reward or card effect to come, a koi purchase offered, lilies
    and lanterns to place), so a search that stops there sees the whole of it. The mover's
    few-way choices (order, reward, koi purchases) take the best settled value; a lily or lantern
    the hex with the best ``estimate``; the card flipped is the first kind left, since no estimate
    reads the market.

        >>> import solver
        >>> state = solver.load_game("koi", players=1, backend="numba").new_initial_state()
        >>> value = settle(state.array, 0, HEURISTIC_PARAMS)  # the setup's flips
        >>> bool(turn_start(state.array)), value == estimate_now(state.array, 0, HEURISTIC_PARAMS)
        (True, True)
    """
    phase = s[L.PHASE]
    if not settled(phase):
        acts = np.empty(BUFFER, np.int64)
        child = s.copy()
    while not settled(phase):
        if phase == L.PH_FLIP:
            kind = 0
            while s[L.DECK + kind] == 0:
                kind += 1
            apply_action(s, act.FLIP + kind)
            phase = s[L.PHASE]
            continue
        n = legal_actions(s, acts)
        mover = s[L.TO_MOVE]
        choice, best = acts[0], -1e300
        for i in range(n):
            copy_state(child, s)
            apply_action(child, acts[i])
            if phase == L.PH_PLACE:
                value = estimate_now(child, mover, params)
            else:
                value = settle(child, mover, params)
            if value > best:
                choice, best = acts[i], value
        apply_action(s, choice)
        phase = s[L.PHASE]
    if phase == L.PH_OVER:
        return float(score(s, p))
    if phase == L.PH_DISCARD and s[L.TO_MOVE] == p:
        return best_keep(s, params)[0]
    return estimate_now(s, p, params)


@njit("void(int64[::1], float64[::1], float64[::1])", cache=True)
def heuristic(s, params, out):
    """An estimate of ``returns`` without searching, at the end of the turn under way
    (``settle``): solo, the estimated score placed in the score range like ``returns``;
    multiplayer, a softmax of the estimated scores (temperature ``params[H_TEMPERATURE]``), which
    sums to 1 like the winners' shares. At a capacity check, the player discarding is valued by
    the best storage the discards can keep (``best_keep``)."""
    players = s[L.PLAYERS]
    if s[L.PHASE] == L.PH_OVER:
        returns(s, out)
        return
    t = s if settled(s[L.PHASE]) else s.copy()
    mover = t[L.TO_MOVE]
    value = settle(t, mover, params)
    if t[L.PHASE] == L.PH_OVER:
        returns(t, out)
        return
    for p in range(players):
        out[p] = value if p == mover else estimate_now(t, p, params)
    if players == 1:
        low, high = s[L.SCORE_LOW], s[L.SCORE_HIGH]
        out[0] = min(max((out[0] - low) / (high - low), 0.0), 1.0)
    else:
        softmax(out, players, params[W.H_TEMPERATURE])
