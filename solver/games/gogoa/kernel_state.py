"""The Go Goa state on the numba kernel: the same Python API as the reference, over one array.

Each call crosses into the kernel once; positions, words for actions and validation go through
the reference engine (``convert``), so every backend reads and writes the same JSON::

    >>> import solver
    >>> state = solver.load_game("gogoa", players=2, backend="numba").new_initial_state()
    >>> state.legal_actions() == solver.load_game("gogoa", players=2).new_initial_state().legal_actions()
    True

``WORDS`` says what the kernel needs of an array: ``check_array(array)`` refuses one it cannot run
safely, naming the word (``array.reserved: ...``).
"""

from __future__ import annotations

import numpy as np

from solver.core.bits import popcount
from solver.core.jit import njit
from solver.core.kernel_state import WORD_MAX, WORD_MIN, Words
from solver.core.kernel_state import KernelState as BaseKernelState
from solver.games.gogoa import convert, scoring
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa import kernel as K
from solver.games.gogoa import layout as L
from solver.games.gogoa.dice import FACES
from solver.games.gogoa.pack import GUIDES, MAX_PLANS, NUM_TYPES
from solver.games.gogoa.rules import DAYS, DEALT_PER_DECK, HAND, KEPT

_HEX = (0, hx.CELLS - 1)
_CARDS = (0, (1 << MAX_PLANS) - 1)
_ANY = (WORD_MIN, WORD_MAX)
_MOST_OF_A_TYPE = len(K.SAME_TYPE) - DAYS - 1  # the kernel's table of same-type points must cover them

_FIELDS = (
    ("land", L.LAND, L.NW, *_ANY), ("destinations", L.DEST, L.NW, *_ANY),
    ("types", L.TYPE, NUM_TYPES * L.NW, *_ANY), ("guide_hex", L.GUIDE_HEX, GUIDES, *_HEX),
    ("bonus", L.BONUS, 1, *_HEX), ("start", L.START, 1, *_HEX), ("cards", L.CARDS, MAX_PLANS, 0, WORD_MAX),
    ("num_cards", L.NUM_CARDS, 1, 0, MAX_PLANS), ("deck0", L.DECK0, 1, *_CARDS),
    ("visited", L.VISITED, L.MAX_PLAYERS * L.NW, *_ANY), ("position", L.POS, L.MAX_PLAYERS, *_HEX),
    ("used", L.USED, L.MAX_PLAYERS, 0, (1 << GUIDES) - 1), ("dealt", L.DEALT, L.MAX_PLAYERS, *_CARDS),
    ("kept", L.KEPT, L.MAX_PLAYERS, *_CARDS), ("undealt", L.UNDEALT, 1, *_CARDS),
    ("players", L.PLAYERS, 1, 1, L.MAX_PLAYERS), ("phase", L.PHASE, 1, 0, L.PH_OVER), ("day", L.DAY, 1, 0, DAYS),
    ("to_move", L.TO_MOVE, 1, 0, L.MAX_PLAYERS - 1), ("dice", L.DIE, 3, 0, FACES),
    ("reserved", L.RESERVED, 1, 0, FACES), ("winners", L.WINNERS, 1, 0, (1 << L.MAX_PLAYERS) - 1),
)  # fmt: skip


@njit("int64(int64[::1])", cache=True)
def _cards_and_sheets(s):
    """Seats below the player count (empty sheets beyond); the tour plans' places on the map and
    no more of a type than the kernel's tables count; each card in the deck or one hand, two kept
    of the four dealt, the cards still to deal in their decks; souvenirs only at destinations."""
    players = s[L.PLAYERS]
    if s[L.TO_MOVE] >= players:
        return L.TO_MOVE
    if s[L.WINNERS] >> players:
        return L.WINNERS
    cards = (np.int64(1) << s[L.NUM_CARDS]) - 1
    for c in range(MAX_PLANS):
        word = s[L.CARDS + c]
        if c >= s[L.NUM_CARDS] and word:
            return L.CARDS + c
        for k in range(3):
            if (word >> (L.PLACE_BITS * k)) & 255 >= hx.CELLS:
                return L.CARDS + c
    for t in range(NUM_TYPES):
        base = L.TYPE + t * L.NW
        if popcount(s[base]) + popcount(s[base + 1]) + popcount(s[base + 2]) > _MOST_OF_A_TYPE:
            return base
    for i in (L.DECK0, L.UNDEALT):
        if s[i] & ~cards:
            return i
    held, total = s[L.UNDEALT], 0
    for p in range(L.MAX_PLAYERS):
        dealt, kept = s[L.DEALT + p], s[L.KEPT + p]
        if p >= players:
            for i in (L.POS + p, L.USED + p, L.DEALT + p, L.KEPT + p):
                if s[i]:
                    return i
            for i in range(L.VISITED + p * L.NW, L.VISITED + (p + 1) * L.NW):
                if s[i]:
                    return i
            continue
        if dealt & ~cards or dealt & held or popcount(dealt) > HAND:
            return L.DEALT + p
        held |= dealt
        total += popcount(dealt)
        if kept & ~dealt or (kept and popcount(kept) != KEPT):
            return L.KEPT + p
        for w in range(L.NW):
            if s[L.VISITED + p * L.NW + w] & ~s[L.DEST + w]:
                return L.VISITED + p * L.NW + w
    if (total < players * HAND) != (s[L.PHASE] == L.PH_DEAL):
        return L.DEALT
    need = np.zeros(2, np.int64)  # the cards still to deal from each deck, in the dealing order
    for i in range(total, players * HAND):
        need[0 if i % HAND < DEALT_PER_DECK else 1] += 1
    undealt = s[L.UNDEALT]
    if popcount(undealt & s[L.DECK0]) < need[0] or popcount(undealt & ~s[L.DECK0]) < need[1]:
        return L.UNDEALT
    return -1


@njit("int64(int64[::1])", cache=True, _nrt=False)
def _dice(s):
    """Dice rolled (ascending) in the phases that have them, none in the others; the reserved die
    among them while the players move, none before."""
    phase = s[L.PHASE]
    rolled = phase == L.PH_RESERVE or phase == L.PH_MOVE
    for i in range(3):
        die = s[L.DIE + i]
        if (die == 0) == rolled or (i and die < s[L.DIE + i - 1]):
            return L.DIE + i
    reserved = s[L.RESERVED]
    if (phase == L.PH_MOVE) != (reserved != 0):
        return L.RESERVED
    if reserved and reserved != s[L.DIE] and reserved != s[L.DIE + 1] and reserved != s[L.DIE + 2]:
        return L.RESERVED
    return -1


WORDS = Words(L.SIZE, _FIELDS, (_cards_and_sheets, _dice), K)
"""The words of a Go Goa state array."""

check_array = WORDS.check


class KernelState(BaseKernelState):
    """A Go Goa state held as the kernel's flat array (``self.array``)."""

    layout, WORDS, default_kernel, convert = L, WORDS, K, convert

    def pack_words(self) -> tuple[int, np.ndarray]:
        return L.LAND, convert.encode_pack(self.pack)

    @property
    def solo(self) -> bool:
        return self.players == 1

    def scores(self) -> list[int]:
        out = np.zeros(L.MAX_PLAYERS, np.int64)
        K.scores(self.array, out)
        return out[: self.players].tolist()

    def title(self) -> str | None:
        over = self.array[L.PHASE] == L.PH_OVER
        return scoring.solo_title(self.scores()[0]) if self.solo and over else None
