"""The KOI state on the numba kernel: the same Python API as the reference, over one array.

Each call crosses into the kernel once; positions, words for actions and validation go through
the reference engine (``convert``), so every backend reads and writes the same JSON::

    >>> import solver
    >>> state = solver.load_game("koi", players=2, backend="numba").new_initial_state()
    >>> state.legal_actions() == solver.load_game("koi", players=2).new_initial_state().legal_actions()
    True

``WORDS`` says what the kernel needs of an array: ``check_array(array)`` refuses one it cannot run
safely, naming the word (``array.market[2]: ...``).
"""

from __future__ import annotations

import numpy as np

from solver.core.jit import njit
from solver.core.kernel_state import WORD_MAX, WORD_MIN, Words
from solver.core.kernel_state import KernelState as BaseKernelState
from solver.games.koi import actions as act
from solver.games.koi import convert
from solver.games.koi import kernel as K
from solver.games.koi import layout as L
from solver.games.koi.cards import EFFECTS, GOAL_FEATURES, GOODS, MAX_AMOUNT
from solver.games.koi.pack import (
    KOI_SIZES,
    MAX_COPIES,
    MAX_COUNT,
    MAX_KINDS,
    MAX_PLAYERS,
    SCORING,
    TILES,
)  # fmt: skip
from solver.games.koi.position import MAX_COINS

_COUNT = (0, 999)  # tiles, coins, luck tokens: what a position may hold
_KIND = (L.NONE, MAX_KINDS - 1)
_HEXES = (0, L.ALL)
_P = L.PLAYER_BASE
_W = L.PLAYER_WORDS


def _player_fields(p: int) -> tuple[tuple[str, int, int, int, int], ...]:
    b = L.PLAYER_BASE + L.PLAYER_WORDS * p
    return (
        (f"coins{p}", b + L.COINS, 1, 0, MAX_COINS), (f"luck{p}", b + L.LUCK, 1, 0, MAX_COINS),
        (f"expansions{p}", b + L.EXPANSIONS, 1, 0, MAX_COUNT),
        (f"storage{p}", b + L.STORAGE, len(act.STORED), *_COUNT),
        (f"cards{p}", b + L.CARDS, MAX_KINDS, 0, MAX_COPIES), (f"pond{p}", b + L.POND, 8, *_HEXES),
    )  # fmt: skip


_FIELDS = (
    ("kinds", L.KINDS, 1, 1, MAX_KINDS), ("effect", L.EFFECT, MAX_KINDS, 0, len(EFFECTS) - 1),
    ("gain", L.GAIN, len(GOODS) * MAX_KINDS, 0, MAX_AMOUNT), ("tiles_more", L.TILES_MORE, MAX_KINDS, 0, MAX_AMOUNT),
    ("per", L.PER, MAX_KINDS, L.NONE, len(GOAL_FEATURES) - 1), ("points", L.POINTS, MAX_KINDS, 0, MAX_AMOUNT),
    ("price", L.PRICE, len(KOI_SIZES), 0, MAX_COUNT), ("koi_points", L.KOI_POINTS, len(KOI_SIZES), 0, MAX_COUNT),
    ("capacity", L.CAPACITY, 1, 3, MAX_COUNT), ("expansion_hexes", L.EXPANSION_HEXES, 1, 0, MAX_COUNT),
    ("work_tiles", L.WORK_TILES, 1, 1, MAX_COUNT), ("scoring", L.SCORE, len(SCORING), 0, MAX_COUNT),
    ("score_low", L.SCORE_LOW, 1, WORD_MIN, WORD_MAX), ("score_high", L.SCORE_HIGH, 1, WORD_MIN, WORD_MAX),
    ("players", L.PLAYERS, 1, 1, MAX_PLAYERS), ("phase", L.PHASE, 1, 0, L.PH_OVER),
    ("to_move", L.TO_MOVE, 1, 0, MAX_PLAYERS - 1), ("space", L.SPACE, 1, L.NONE, act.SPACES - 1),
    ("card", L.CARD, 1, *_KIND), ("steps_n", L.STEPS_N, 1, 0, 2), ("step", L.STEP0, 2, 0, 1),
    ("to_place_n", L.TO_PLACE_N, 1, 0, L.MAX_TO_PLACE),
    ("to_place_bits", L.TO_PLACE_BITS, 1, 0, (1 << L.MAX_TO_PLACE) - 1),
    ("placed", L.PLACED, 1, 0, MAX_COUNT), ("last_round", L.LAST_ROUND, 1, 0, 1),
    ("winners", L.WINNERS, 1, 0, (1 << MAX_PLAYERS) - 1), ("market", L.MARKET, act.SPACES, *_KIND),
    ("deck", L.DECK, MAX_KINDS, 0, MAX_COPIES), ("supply", L.SUPPLY, len(TILES), *_COUNT),
    ("koi_supply", L.KOI_SUPPLY, len(KOI_SIZES), *_COUNT),
    *(f for p in range(MAX_PLAYERS) for f in _player_fields(p)),
)  # fmt: skip


@njit("int64(int64[::1])", cache=True)
def _relations(s):
    """The first word that disagrees with the others (see ``Words``), or -1: seats below the
    player count; cards and market spaces of kinds the pack has; a card and space taken while
    meditating; an empty market space to flip onto; something to place in phase ``place``; ponds
    whose layers do not overlap or cover the spring, koi on water."""
    players, kinds = s[L.PLAYERS], s[L.KINDS]
    if s[L.TO_MOVE] >= players:
        return L.TO_MOVE
    if s[L.WINNERS] >> players:
        return L.WINNERS
    if s[L.CARD] >= kinds:
        return L.CARD
    if (s[L.CARD] == L.NONE) != (s[L.SPACE] == L.NONE):
        return L.SPACE
    phase = s[L.PHASE]
    meditating = phase == L.PH_ORDER or phase == L.PH_REWARD or phase == L.PH_MARKET
    if (meditating or phase == L.PH_PLACE) and s[L.CARD] == L.NONE:
        return L.CARD
    if phase == L.PH_PLACE and s[L.TO_PLACE_N] == 0:
        return L.TO_PLACE_N
    hole = False
    for space in range(act.SPACES):
        card = s[L.MARKET + space]
        hole = hole or card == L.NONE
        if card >= kinds:
            return L.MARKET + space
    if phase == L.PH_FLIP and not hole:
        return L.PHASE
    for k in range(kinds, MAX_KINDS):
        if s[L.DECK + k]:
            return L.DECK + k
    for p in range(MAX_PLAYERS):
        b = _P + _W * p
        for i in range(b, b + _W):
            if p >= players and s[i]:
                return i
        for k in range(kinds, MAX_KINDS):
            if s[b + L.CARDS + k]:
                return b + L.CARDS + k
        seen = K.SPRING_BIT
        for layer in range(len(L.TERRAIN_LAYERS)):
            if s[b + L.POND + layer] & seen:
                return b + L.POND + layer
            seen |= s[b + L.POND + layer]
        koi = np.int64(0)
        for size in range(len(KOI_SIZES)):
            word = s[b + L.POND + L.L_SMALL + size]
            if word & (koi | ~s[b + L.POND + L.L_WATER]):
                return b + L.POND + L.L_SMALL + size
            koi |= word
    return -1


WORDS = Words(L.SIZE, _FIELDS, (_relations,), K)
"""The words of a KOI state array."""

check_array = WORDS.check


class KernelState(BaseKernelState):
    """A KOI state held as the kernel's flat array (``self.array``)."""

    layout, WORDS, default_kernel, convert = L, WORDS, K, convert

    def pack_words(self) -> tuple[int, np.ndarray]:
        return 0, convert.encode_pack(self.pack, self.players)

    def title(self) -> str | None:
        """The solo title earned (the pack's score table), once a solo game is over."""
        if self.players != 1 or not self.is_terminal():
            return None
        return self.pack.title(self.scores()[0])

    def breakdown(self, player: int) -> dict[str, int]:
        """A player's points so far, by source (the reference's ``breakdown``)."""
        return self._view().breakdown(player)
