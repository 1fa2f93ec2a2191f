"""The Kokoro bitboard engine: the rules of ``rules.py`` as numba functions over one int64 array.

Every function takes the state array (see ``layout``) and plain scalars or arrays, never a Python
object, and is compiled with ``cache=True``; those that allocate nothing (all but the playout
drivers) with ``_nrt=False``, which spares them the reference counting of their array arguments
(see ``docs/kernel.md``); the few small helpers on the playout's path are inlined into their
callers (``inline="always"``: about 10% faster playouts for 1.5 s more compilation).

A mat is one word per side per player (the spaces whose segment reaches that side); which spaces
a path joins is a flood fill over words::

    grow = x | (x & right) << 1 & left & ~first_column | (x & left) >> 1 & right & ~last_column
             | (x & bottom) << columns & top | (x & top) >> columns & bottom

until nothing grows. Applying an action makes its change and runs the rules forward to the next
decision or chance node (``_continue``), as the reference engine does, so both reach the same
positions and list the same actions in the same order.

The public kernel functions, shared in name and meaning by every game's kernel::

    legal_actions(s, out) -> n           apply_action(s, action)
    chance_outcomes(s, acts, odds) -> n  current_player(s)   is_terminal(s)   returns(s, out)
    determinize(s, observer, rng)        heuristic(s, params, out)           state_hash(s)
    copy_state(dst, src)                 random_playout(s, rng) -> steps
    random_playouts(template, n, rng, steps, results)

``rng`` is a one-word ``uint64`` array: the splitmix64 generator of the GODŌ kernel, shared.
"""

from __future__ import annotations

import numpy as np

from solver.core.bits import ctz, nth_bit, popcount, write_bits
from solver.core.jit import njit
from solver.core.kernel_tools import (
    copy_state,  # noqa: F401 (API)
    end_returns,
    hash_words,
    nth_kind,
    placed,
    softmax,
)
from solver.core.players import CHANCE, TERMINAL
from solver.core.rng import next_random, random_below  # noqa: F401 (API)
from solver.games.kokoro import actions as act
from solver.games.kokoro import layout as L
from solver.games.kokoro import weights as W
from solver.games.kokoro.decrees import DECREES, HARMONY_POINTS, TWIN_POINTS
from solver.games.kokoro.pack import DIE_FACES, SANCTUARIES
from solver.games.kokoro.scoring import GOLDEN_PER_ROUND, PENALTY, ROUNDS
from solver.games.kokoro.segments import BOTTOM, LEFT, NUM_SEGMENTS, RIGHT, SEGMENTS, TOP

BUFFER = L.BUFFER
HEURISTIC_PARAMS = L.HEURISTIC_PARAMS
CARDS = len(SANCTUARIES)
CLOSED_FOREST = DECREES["closed_forest"].code
HARMONY = DECREES["harmony"].code
TWIN_GUARDIANS = DECREES["twin_guardians"].code
MAX_GAP = 6  # the farthest two networks are seen as joinable (empty spaces between them)

_SIDES_OF = np.zeros((NUM_SEGMENTS + 1, 2), np.int64)  # segment -> the two sides it joins
for _segment, _sides in SEGMENTS.items():
    _SIDES_OF[_segment] = _sides


# -- reading the mat -------------------------------------------------------------------------------


@njit("int64(int64[::1], int64)", cache=True, _nrt=False, inline="always")
def drawn(s, p):
    """The spaces of player ``p``'s mat where a segment is drawn."""
    base = L.OPEN + 4 * p
    return s[base] | s[base + 1] | s[base + 2] | s[base + 3]


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def network(s, p, space):
    """The spaces joined to ``space`` by drawn paths on player ``p``'s mat (0 if none is drawn
    there, or ``space`` is ``NONE``)."""
    if space < 0:
        return 0
    x = np.int64(1) << space
    if (drawn(s, p) & x) == 0:
        return 0
    base = L.OPEN + 4 * p
    top, right, bottom, left = s[base + TOP], s[base + RIGHT], s[base + BOTTOM], s[base + LEFT]
    cols = s[L.COLUMNS]
    not_first, not_last = ~s[L.EDGE + LEFT], ~s[L.EDGE + RIGHT]
    while True:
        grow = (
            x
            | (((x & right) << 1) & left & not_first)
            | (((x & left) >> 1) & right & not_last)
            | (((x & bottom) << cols) & top)
            | (((x & top) >> cols) & bottom)
        )
        if grow == x:
            return x
        x = grow


@njit("int64(int64[::1], int64, int64, int64)", cache=True, _nrt=False, inline="always")
def network_known(s, p, space, known):
    """``network(s, p, space)``, or the network ``known`` if ``space`` is on it: a network is the
    same from each of its spaces, and a sanctuary's or a guardian's is often the main one."""
    if space >= 0 and (known >> space) & 1:
        return known
    return network(s, p, space)


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def count(s, spaces, planes):
    """The caterpillars (``planes = CATERPILLARS``) or flowers (``FLOWERS``) in a set of spaces."""
    return (
        popcount(spaces & s[planes])
        + 2 * popcount(spaces & s[planes + 1])
        + 4 * popcount(spaces & s[planes + 2])
    )


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def features(s, spaces):
    """The caterpillars and flowers in a set of spaces."""
    return count(s, spaces, L.CATERPILLARS) + count(s, spaces, L.FLOWERS)


@njit("int64(int64[::1])", cache=True, _nrt=False, inline="always")
def cards_left(s):
    """The path cards left in the deck."""
    total = np.int64(0)
    for k in range(L.KINDS):
        total += s[L.DECK + k]
    return total


@njit("int64(int64[::1])", cache=True, _nrt=False, inline="always")
def revealed_mask(s):
    """The sanctuary cards revealed, as a 6-bit mask."""
    mask = np.int64(0)
    for r in range(s[L.REVEALED_COUNT]):
        mask |= np.int64(1) << s[L.REVEALED + r]
    return mask


# -- scores ----------------------------------------------------------------------------------------


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def score(s, p):
    """A player's score so far: the boxes filled, less 5 per sanctuary box at 0."""
    base = L.BOXES + L.BOX_WORDS * p
    total = np.int64(0)
    for k in range(L.BOX_WORDS):
        box = s[base + k]
        if box > 0:
            total += box
        elif box == 0 and k < ROUNDS:
            total -= PENALTY
    return total


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def _best_box(s, p):
    base = L.BOXES + L.BOX_WORDS * p
    best = np.int64(0)
    for k in range(L.BOX_WORDS):
        best = max(best, s[base + k])
    return best


@njit("int64(int64[::1], int64)", cache=True, _nrt=False)
def _decree_bonus(s, p):
    decree = s[L.DECREE]
    if decree == HARMONY:
        linked = network(s, p, s[L.LADY]) | network(s, p, s[L.LION])
        n = 0
        for k in range(CARDS):
            n += (linked >> s[L.SANCTUARY_SPACE + k]) & 1
        return HARMONY_POINTS * n
    if decree == TWIN_GUARDIANS:
        return TWIN_POINTS if (network(s, p, s[L.LADY]) >> s[L.LION]) & 1 else 0
    return L.NO_BOX


@njit("void(int64[::1])", cache=True, _nrt=False)
def _finish(s):
    """Score the guardians and the decree, and find the winners."""
    players = s[L.PLAYERS]
    best, top, winners = np.int64(-(1 << 40)), np.int64(-1), np.int64(0)
    for p in range(players):
        base = L.BOXES + L.BOX_WORDS * p
        s[base + L.LADY_BOX] = count(s, network(s, p, s[L.LADY]), L.CATERPILLARS)
        s[base + L.LION_BOX] = count(s, network(s, p, s[L.LION]), L.FLOWERS)
        s[base + L.DECREE_BOX] = _decree_bonus(s, p)
        total, high = score(s, p), _best_box(s, p)
        if total > best or total == best and high > top:
            best, top, winners = total, high, np.int64(0)
        if total == best and high == top:
            winners |= np.int64(1) << p
    s[L.WINNERS] = winners
    s[L.PHASE] = L.PH_OVER


# -- the course of the game ------------------------------------------------------------------------


@njit("void(int64[::1], int64)", cache=True, _nrt=False, inline="always")
def _continue(s, end_round):
    """Run the rules forward after a card has been resolved by everyone (``end_round``: the round's
    fourth golden card) or a sanctuary card was revealed: the next path card, or the round's
    scoring, the next round's sanctuary card and so on, until a decision or chance node is due."""
    while True:
        if not end_round:
            if cards_left(s) > 0:
                s[L.PHASE] = L.PH_PATH
                return
        # Score this round's sanctuary on every mat.
        rnd = s[L.REVEALED_COUNT] - 1
        space = s[L.SANCTUARY_SPACE + s[L.REVEALED + rnd]]
        for p in range(s[L.PLAYERS]):
            base = L.BOXES + L.BOX_WORDS * p
            n = features(s, network(s, p, space))
            previous = s[base + rnd - 1] if rnd > 0 else 0
            s[base + rnd] = n if n > previous else 0
        s[L.CARD], s[L.TO_MOVE], s[L.GOLDEN] = L.NONE, 0, 0
        if rnd + 1 == ROUNDS:
            _finish(s)
            return
        if s[L.NEXT_CARD] == L.NONE:
            s[L.PHASE] = L.PH_SANCTUARY
            return
        s[L.REVEALED + rnd + 1] = s[L.NEXT_CARD]  # the card someone peeked at
        s[L.REVEALED_COUNT] += 1
        s[L.NEXT_CARD], s[L.SEEN] = L.NONE, 0
        end_round = False


@njit("void(int64[::1])", cache=True, _nrt=False, inline="always")
def _next_player(s):
    if s[L.TO_MOVE] + 1 < s[L.PLAYERS]:
        s[L.TO_MOVE] += 1
        s[L.PHASE] = L.PH_CHOOSE
        return
    s[L.CARD], s[L.TO_MOVE] = L.NONE, 0
    _continue(s, s[L.GOLDEN] >= GOLDEN_PER_ROUND)


@njit("int64(int64[::1], int64)", cache=True, _nrt=False, inline="always")
def _allowed(s, segment):
    """The spaces where the decree lets a segment be drawn (all of them but for a placement decree)."""
    if s[L.DECREE] != CLOSED_FOREST:
        return s[L.BOARD]
    return s[L.BOARD] & ~s[L.EDGE + _SIDES_OF[segment, 0]] & ~s[L.EDGE + _SIDES_OF[segment, 1]]


@njit("void(int64[::1], int64)", cache=True, _nrt=False)
def apply_action(s, action):
    """Resolve one decision or chance outcome, in place. The action must be legal."""
    phase = s[L.PHASE]
    if phase == L.PH_ROLL:
        space = s[L.DIE_SPACE + action - act.DIE - 1]
        if s[L.LADY] == L.NONE:
            s[L.LADY] = space
        else:
            s[L.LION] = space
            s[L.PHASE] = L.PH_SANCTUARY
    elif phase == L.PH_SANCTUARY:
        s[L.REVEALED + s[L.REVEALED_COUNT]] = action - act.SANCTUARY
        s[L.REVEALED_COUNT] += 1
        _continue(s, False)
    elif phase == L.PH_PATH:
        kind = action - act.PATH
        s[L.DECK + kind] -= 1
        s[L.CARD] = kind
        s[L.GOLDEN] += kind & 1
        s[L.PHASE], s[L.TO_MOVE] = L.PH_CHOOSE, 0
    elif phase == L.PH_PEEK:
        s[L.NEXT_CARD] = action - act.SANCTUARY
        s[L.SEEN] |= np.int64(1) << s[L.TO_MOVE]
        _next_player(s)
    elif action == act.PEEK:
        if s[L.NEXT_CARD] == L.NONE:
            s[L.PHASE] = L.PH_PEEK
        else:
            s[L.SEEN] |= np.int64(1) << s[L.TO_MOVE]
            _next_player(s)
    else:
        segment = s[L.CARD] // 2 + 1
        bit = np.int64(1) << (action - act.DRAW)
        base = L.OPEN + 4 * s[L.TO_MOVE]
        s[base + _SIDES_OF[segment, 0]] |= bit
        s[base + _SIDES_OF[segment, 1]] |= bit
        _next_player(s)


# -- the OpenSpiel-style interface -----------------------------------------------------------------


@njit("int64(int64[::1], int64[::1])", cache=True, _nrt=False)
def _outcomes(s, acts):
    """The outcome actions of a chance node, in increasing order; returns how many."""
    phase = s[L.PHASE]
    n = 0
    if phase == L.PH_PATH:
        for k in range(L.KINDS):
            if s[L.DECK + k] > 0:
                acts[n] = act.PATH + k
                n += 1
    elif phase == L.PH_SANCTUARY or phase == L.PH_PEEK:
        seen = revealed_mask(s)
        for k in range(CARDS):
            if ((seen >> k) & 1) == 0:
                acts[n] = act.SANCTUARY + k
                n += 1
    elif phase == L.PH_ROLL:
        for face in range(1, DIE_FACES + 1):
            if s[L.DIE_SPACE + face - 1] != s[L.LADY]:
                acts[n] = act.DIE + face
                n += 1
    return n


@njit("int64(int64[::1], int64[::1], float64[::1])", cache=True, _nrt=False)
def chance_outcomes(s, acts, odds):
    """Path cards by kind, as likely as their count; sanctuary cards and die faces alike."""
    n = _outcomes(s, acts)
    if s[L.PHASE] == L.PH_PATH:
        total = cards_left(s)
        for i in range(n):
            odds[i] = s[L.DECK + acts[i] - act.PATH] / total
    else:
        for i in range(n):
            odds[i] = 1.0 / n
    return n


@njit("int64(int64[::1], int64[::1])", cache=True, _nrt=False)
def legal_actions(s, out):
    """The legal actions in increasing order (at a chance node, the outcomes); returns how many."""
    phase = s[L.PHASE]
    if phase == L.PH_OVER:
        return 0
    if phase != L.PH_CHOOSE:
        return _outcomes(s, out)
    free = _allowed(s, s[L.CARD] // 2 + 1) & ~drawn(s, s[L.TO_MOVE])
    n = write_bits(free, act.DRAW, out, 0)
    out[n] = act.PEEK  # always allowed
    return n + 1


@njit("int64(int64[::1])", cache=True, _nrt=False)
def current_player(s):
    phase = s[L.PHASE]
    if phase == L.PH_OVER:
        return TERMINAL
    if phase == L.PH_CHOOSE:
        return s[L.TO_MOVE]
    return CHANCE


@njit("boolean(int64[::1])", cache=True, _nrt=False)
def is_terminal(s):
    return s[L.PHASE] == L.PH_OVER


@njit("boolean(int64[::1])", cache=True, _nrt=False)
def turn_start(s):
    """Whether this is the first decision of a player's turn: every decision is a whole turn, one
    player's answer to one path card (as ``KokoroState.turn_start``)."""
    return s[L.PHASE] == L.PH_CHOOSE


@njit("void(int64[::1], float64[::1])", cache=True, _nrt=False)
def returns(s, out):
    """Multiplayer: the winners share 1. Solo: the score placed in [SCORE_LOW, SCORE_HIGH]."""
    if end_returns(s[L.PLAYERS], s[L.PHASE] == L.PH_OVER, s[L.WINNERS], out):
        out[0] = placed(score(s, 0), s[L.SCORE_LOW], s[L.SCORE_HIGH])


# -- playouts and searching ------------------------------------------------------------------------


@njit("int64(int64[::1], uint64[::1])", cache=True)
def random_playout(s, rng):
    """Play uniformly random decisions to the end, chance by its odds: a path card is the
    ``random_below(cards left)``-th card counted kind by kind, a sanctuary card or die face
    ``random_below(outcomes)``-th outcome. Returns the number of steps."""
    out = np.empty(BUFFER, np.int64)
    steps = 0
    while s[L.PHASE] != L.PH_OVER:
        if s[L.PHASE] == L.PH_PATH:
            action = act.PATH + nth_kind(s, L.DECK, random_below(rng, cards_left(s)))
        elif s[L.PHASE] == L.PH_CHOOSE:  # the same pick as out[random_below(rng, legal_actions)]
            free = _allowed(s, s[L.CARD] // 2 + 1) & ~drawn(s, s[L.TO_MOVE])
            n = popcount(free)
            r = random_below(rng, n + 1)
            action = act.PEEK if r == n else act.DRAW + nth_bit(free, r)
        else:
            action = out[random_below(rng, _outcomes(s, out))]
        apply_action(s, action)
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


@njit("void(int64[::1], int64, uint64[::1])", cache=True, _nrt=False)
def determinize(s, observer, rng):
    """Draw again the peeked sanctuary card if ``observer`` has not seen it: any card not yet
    revealed. (The path deck is public; nothing else is hidden.)"""
    if s[L.NEXT_CARD] == L.NONE or (s[L.SEEN] >> observer) & 1:
        return
    left = ~revealed_mask(s) & ((1 << CARDS) - 1)
    k = random_below(rng, popcount(left))
    for _ in range(k):
        left &= left - 1
    s[L.NEXT_CARD] = ctz(left)


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def frontier(s, p, spaces):
    """The empty spaces of player ``p``'s mat that segment ends of ``spaces`` lead into: where
    those paths can still grow."""
    base = L.OPEN + 4 * p
    cols = s[L.COLUMNS]
    ends = (
        (((spaces & s[base + RIGHT]) << 1) & ~s[L.EDGE + LEFT])
        | (((spaces & s[base + LEFT]) >> 1) & ~s[L.EDGE + RIGHT])
        | ((spaces & s[base + BOTTOM]) << cols)
        | ((spaces & s[base + TOP]) >> cols)
    )
    return ends & s[L.BOARD] & ~drawn(s, p)


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False, inline="always")
def _spread(s, reached, empty):
    """``reached`` and the empty spaces next to it."""
    cols = s[L.COLUMNS]
    beside = (
        ((reached << 1) & ~s[L.EDGE + LEFT])
        | ((reached >> 1) & ~s[L.EDGE + RIGHT])
        | (reached << cols)
        | (reached >> cols)
    )
    return reached | (beside & empty)


@njit("int64(int64[::1], int64, int64, int64, int64)", cache=True, _nrt=False)
def gap(s, p, start, target, limit):
    """How many empty spaces a path must fill to join the empty spaces ``start`` to the empty
    spaces ``target`` on player ``p``'s mat, through empty spaces (1 if they share one); ``limit``
    + 1 if more, or if they cannot be joined."""
    empty = s[L.BOARD] & ~drawn(s, p)
    reached = start & empty
    for d in range(1, limit + 1):
        if reached & target:
            return d
        grow = _spread(s, reached, empty)
        if grow == reached:
            break
        reached = grow
    return limit + 1


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def room(s, p, start):
    """The empty spaces of player ``p``'s mat that a path from the empty spaces ``start`` can
    still reach: all it can gain."""
    empty = s[L.BOARD] & ~drawn(s, p)
    reached = start & empty
    while True:
        grow = _spread(s, reached, empty)
        if grow == reached:
            return reached
        reached = grow


@njit("int64(int64[::1], int64, int64, int64)", cache=True, _nrt=False)
def ends_of(s, p, spaces, space):
    """Where the network ``spaces`` (that of ``space``) can be joined: its open ends, or the space
    itself while nothing is drawn there (nothing for ``space`` = ``NONE``, a guardian not placed)."""
    if spaces == 0:
        if space < 0:
            return 0
        return (np.int64(1) << space) & s[L.BOARD] & ~drawn(s, p)
    return frontier(s, p, spaces)


@njit("float64(int64[::1])", cache=True, _nrt=False)
def cards_per_round(s):
    """The path cards a round takes, expected from the deck as it is: its four golden cards and
    the plain ones drawn before the fourth (``4 (cards + 1) / (golden + 1)`` without replacement)."""
    golden = np.int64(0)
    for k in range(1, L.KINDS, 2):
        golden += s[L.DECK + k]
    return GOLDEN_PER_ROUND * (cards_left(s) + 1.0) / (golden + 1.0)


@njit("float64(int64[::1])", cache=True, _nrt=False)
def cards_this_round(s):
    """The path cards still to be answered this round, expected: the one in hand (if not answered
    yet) and those until the round's fourth golden card."""
    missing = max(GOLDEN_PER_ROUND - s[L.GOLDEN], 0)
    expected = cards_per_round(s) * missing / GOLDEN_PER_ROUND
    return expected + (1.0 if s[L.PHASE] == L.PH_CHOOSE else 0.0)


@njit("float64(int64[::1], int64, int64, float64[::1])", cache=True, _nrt=False)
def reach(s, p, spaces, params):
    """How readily a network grows: 1 with one open end, ``params[H_TWO_ENDS]`` with two or more,
    0 when closed, ``params[H_BARE]`` for a space with nothing drawn yet (``spaces`` = 0)."""
    if spaces == 0:
        return params[W.H_BARE]
    ends = popcount(frontier(s, p, spaces))
    if ends == 0:
        return 0.0
    return 1.0 if ends == 1 else params[W.H_TWO_ENDS]


@njit("float64(int64[::1], int64, int64, int64, float64, float64[::1])", cache=True, _nrt=False)
def growth(s, p, spaces, space, cards, params):
    """The features the network ``spaces`` (that of ``space``) is expected to gain over ``cards``
    path cards: ``params[H_GROWTH]`` a card, as readily as its open ends allow (``reach``), and
    ``params[H_FRONTIER]`` of the features in the spaces its open ends lead into."""
    ahead = params[W.H_FRONTIER] * features(s, ends_of(s, p, spaces, space))
    return params[W.H_GROWTH] * cards * reach(s, p, spaces, params) + ahead


@njit("float64(float64, int64)", cache=True, _nrt=False)
def saturated(gain, room_features):
    """An expected gain of ``gain`` features bounded by the ``room_features`` a path can still
    reach: ``room (1 - exp(-gain / room))``, close to ``gain`` while the room is large, short of
    the room however many cards come (a gain not made yet is never sure)."""
    if room_features <= 0:
        return 0.0
    return room_features * (1.0 - np.exp(-gain / room_features))


@njit("float64(float64, float64, float64, float64)", cache=True, _nrt=False)
def sanctuary_worth(have, growth, need, sharpness):
    """The expected box of a sanctuary, less the expected penalty: ``have`` features connected now,
    ``growth`` more expected by its scoring, ``need`` to beat the previous box. The chance to beat
    it is a logistic of the margin over its spread (``sqrt(1 + growth)``)."""
    if have >= need:
        return have + growth
    margin = (have + growth - need + 0.5) / np.sqrt(1.0 + growth)
    chance = 1.0 / (1.0 + np.exp(-sharpness * margin))
    return chance * (have + growth) - (1.0 - chance) * PENALTY


@njit(
    "float64(int64[::1], int64, int64, int64, int64, float64, float64[::1])", cache=True, _nrt=False
)
def linked(s, p, spaces, space, main, cards, params):
    """The chance that the network ``spaces`` (that of ``space``) joins the network ``main`` within
    ``cards`` path cards: 1 if it is on it, else ``exp(-params[H_LINK] d / (1 + cards))`` for ``d``
    empty spaces between them."""
    if main == 0:
        return 0.0
    if spaces & main:
        return 1.0
    d = gap(s, p, frontier(s, p, main), ends_of(s, p, spaces, space), MAX_GAP)
    return 0.0 if d > MAX_GAP else np.exp(-params[W.H_LINK] * d / (1.0 + cards))


@njit("float64(int64[::1], int64, float64[::1])", cache=True, _nrt=False)
def estimate(s, p, params):
    """A player's expected final score, roughly (the weights are ``layout.HEURISTIC_PARAMS``).

    The main network is the one with the most features among the revealed sanctuaries' (a tie goes
    to the latest). A network worth counting is the larger of its own features and the main
    network's, by the chance to join it (``linked``). The estimate adds up:

    - the points banked;
    - this round's sanctuary: the features its network is worth and the growth expected from its
      open ends over the cards left in the round (short of all it can still reach,
      ``saturated``), if that beats the previous box, else the penalty, by the chance to beat it
      (``sanctuary_worth``);
    - the next round's sanctuary, the same way against this round's expected box: the card peeked
      at if the player saw it, else the average over the cards not revealed;
    - the rounds after it: the worth of the networks of the sanctuaries still to come, on average,
      per round;
    - the guardians: the caterpillars and flowers their networks are worth, and half the growth
      expected from their open ends over the rest of the game (a guardian counts one kind of
      feature of the two).
    """
    base = L.BOXES + L.BOX_WORDS * p
    value = float(score(s, p))
    phase = s[L.PHASE]
    if phase == L.PH_OVER:
        return value
    rounds_done = 0
    while rounds_done < ROUNDS and s[base + rounds_done] != L.NO_BOX:
        rounds_done += 1
    previous = s[base + rounds_done - 1] if rounds_done > 0 else 0
    sharpness = params[W.H_SHARPNESS]
    per_round = cards_per_round(s)
    main, main_size = np.int64(0), -1
    for r in range(s[L.REVEALED_COUNT]):
        spaces = network_known(s, p, s[L.SANCTUARY_SPACE + s[L.REVEALED + r]], main)
        if features(s, spaces) >= main_size and spaces != 0:
            main, main_size = spaces, features(s, spaces)
    main_size = max(main_size, 0)
    under_way = phase == L.PH_PATH or phase == L.PH_CHOOSE or phase == L.PH_PEEK
    current, expected_box, gain, cards = np.int64(0), float(previous), 0.0, 0.0
    if under_way:
        cards = cards_this_round(s)
        space = s[L.SANCTUARY_SPACE + s[L.REVEALED + rounds_done]]
        current = network_known(s, p, space, main)
        room_features = features(s, room(s, p, ends_of(s, p, current, space)))
        gain = saturated(growth(s, p, current, space, cards, params), room_features)
        have = max(
            features(s, current), linked(s, p, current, space, main, cards, params) * main_size
        )
        expected_box = sanctuary_worth(have, gain, previous + 1.0, sharpness)
        value += params[W.H_CURRENT] * expected_box
        expected_box = max(expected_box, 0.0)
    later = ROUNDS - rounds_done - (1 if under_way else 0)
    remaining = cards + later * per_round
    if later > 0:
        left = ~revealed_mask(s) & ((1 << CARDS) - 1)
        known = s[L.NEXT_CARD] != L.NONE and (s[L.SEEN] >> p) & 1
        next_total, next_n, size_total, size_n = 0.0, 0, 0.0, 0
        for k in range(CARDS):
            if (left >> k) & 1 == 0:
                continue
            space = s[L.SANCTUARY_SPACE + k]
            spaces = network_known(s, p, space, main)
            carried = gain if spaces != 0 and (spaces & current) != 0 else 0.0
            chance = linked(s, p, spaces, space, main, cards + per_round, params)
            have = max(features(s, spaces), chance * main_size) + carried
            ahead = growth(s, p, spaces, space, per_round, params)
            size_total += have + ahead
            size_n += 1
            if not known or k == s[L.NEXT_CARD]:
                next_total += sanctuary_worth(have, ahead, expected_box + 1.0, sharpness)
                next_n += 1
        value += params[W.H_NEXT] * next_total / next_n
        value += params[W.H_LATER] * (later - 1) * size_total / size_n
    guarded, ahead = 0.0, 0.0
    for guardian, planes in ((L.LADY, L.CATERPILLARS), (L.LION, L.FLOWERS)):
        space = s[guardian]
        spaces = network_known(s, p, space, main)
        chance = linked(s, p, spaces, space, main, remaining, params)
        guarded += max(float(count(s, spaces, planes)), chance * count(s, main, planes))
        ahead += 0.5 * growth(s, p, spaces, space, remaining, params)
    return value + params[W.H_GUARDIANS] * guarded + params[W.H_GUARDIAN_GROWTH] * ahead


@njit("void(int64[::1], float64[::1], float64[::1])", cache=True, _nrt=False)
def heuristic(s, params, out):
    """An estimate of ``returns`` without searching: solo, the estimated score placed in the
    score range like ``returns``; multiplayer, a softmax of the estimated scores (temperature
    ``params[H_TEMPERATURE]``), which sums to 1 like the winners' shares."""
    players = s[L.PLAYERS]
    if s[L.PHASE] == L.PH_OVER:
        returns(s, out)
        return
    if players == 1:
        low, high = s[L.SCORE_LOW], s[L.SCORE_HIGH]
        out[0] = min(max((estimate(s, 0, params) - low) / (high - low), 0.0), 1.0)
        return
    for p in range(players):
        out[p] = estimate(s, p, params)
    softmax(out, players, params[W.H_TEMPERATURE])


@njit("int64(int64[::1])", cache=True, _nrt=False)
def state_hash(s):
    """A 64-bit hash (``hash_words``) of where the game stands (the mat section is the same all game
    long)."""
    return hash_words(s, L.MAT_END, L.SIZE)
