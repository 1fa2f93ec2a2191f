"""The Kokoro state on the numba kernel: the same Python API as the reference, over one array.

Each call crosses into the kernel once; positions, words for actions and validation go through
the reference engine (``convert``), so every backend reads and writes the same JSON::

    >>> import solver
    >>> state = solver.load_game("kokoro", players=2, backend="numba").new_initial_state()
    >>> state.legal_actions() == solver.load_game("kokoro", players=2).new_initial_state().legal_actions()
    True

``WORDS`` says what the kernel needs of an array: ``check_array(array)`` refuses one it cannot run
safely, naming the word (``array.revealed[2]: ...``).
"""

from __future__ import annotations

import numpy as np

from solver.core.errors import PositionError
from solver.core.jit import njit
from solver.core.kernel_state import WORD_MAX, WORD_MIN, Words
from solver.core.kernel_state import KernelState as BaseKernelState
from solver.games.kokoro import convert
from solver.games.kokoro import kernel as K
from solver.games.kokoro import layout as L
from solver.games.kokoro.decrees import DECREES
from solver.games.kokoro.pack import DIE_FACES, GUARDIANS, MAX_CARDS, SANCTUARIES
from solver.games.kokoro.scoring import GOLDEN_PER_ROUND, ROUNDS
from solver.games.kokoro.segments import BOTTOM, LEFT, RIGHT, SIDES, TOP

_SPACE = (0, 62)  # a mat has at most 63 spaces
_SPACE_OR_NONE = (L.NONE, 62)
_MASK = (0, WORD_MAX)  # a set of spaces (the sign bit stays free)
_SEATS = (0, (1 << L.MAX_PLAYERS) - 1)
_DECREE_CODES = np.array([0] + [d.code for d in DECREES.values()], np.int64)

_FIELDS = (
    ("columns", L.COLUMNS, 1, 1, 63), ("rows", L.ROWS, 1, 1, 63), ("board", L.BOARD, 1, *_MASK),
    ("edge", L.EDGE, len(SIDES), *_MASK), ("caterpillars", L.CATERPILLARS, 3, *_MASK),
    ("flowers", L.FLOWERS, 3, *_MASK), ("sanctuary_space", L.SANCTUARY_SPACE, len(SANCTUARIES), *_SPACE),
    ("printed", L.PRINTED, len(GUARDIANS), *_SPACE_OR_NONE), ("die_space", L.DIE_SPACE, DIE_FACES, *_SPACE_OR_NONE),
    ("score_low", L.SCORE_LOW, 1, WORD_MIN, WORD_MAX), ("score_high", L.SCORE_HIGH, 1, WORD_MIN, WORD_MAX),
    ("players", L.PLAYERS, 1, 1, L.MAX_PLAYERS), ("side", L.SIDE, 1, 0, len(L.SIDE_NAMES) - 1),
    ("decree", L.DECREE, 1, 0, int(_DECREE_CODES.max())), ("phase", L.PHASE, 1, 0, L.PH_OVER),
    ("to_move", L.TO_MOVE, 1, 0, L.MAX_PLAYERS - 1), ("revealed_count", L.REVEALED_COUNT, 1, 0, ROUNDS),
    ("next_card", L.NEXT_CARD, 1, L.NONE, len(SANCTUARIES) - 1), ("seen", L.SEEN, 1, *_SEATS),
    ("card", L.CARD, 1, L.NONE, L.KINDS - 1), ("golden", L.GOLDEN, 1, 0, GOLDEN_PER_ROUND),
    ("lady", L.LADY, 1, *_SPACE_OR_NONE), ("lion", L.LION, 1, *_SPACE_OR_NONE), ("winners", L.WINNERS, 1, *_SEATS),
    ("revealed", L.REVEALED, ROUNDS, L.NONE, len(SANCTUARIES) - 1), ("deck", L.DECK, L.KINDS, 0, MAX_CARDS),
    ("open", L.OPEN, 4 * L.MAX_PLAYERS, *_MASK), ("boxes", L.BOXES, L.BOX_WORDS * L.MAX_PLAYERS, L.NO_BOX, WORD_MAX),
)  # fmt: skip


@njit("int64(int64[::1])", cache=True)
def _mat(s):
    """The mat: at most 63 spaces, its board and edges what its size makes, features and special
    spaces on it, a score range to scale solo returns, a known decree, a deck a game can end."""
    cols = s[L.COLUMNS]
    spaces = cols * s[L.ROWS]
    if spaces > 63:
        return L.ROWS
    board = (np.int64(1) << spaces) - 1
    if s[L.BOARD] != board:
        return L.BOARD
    top, left = (np.int64(1) << cols) - 1, np.int64(0)
    for row in range(s[L.ROWS]):
        left |= np.int64(1) << (row * cols)
    edges = np.zeros(4, np.int64)
    edges[TOP], edges[RIGHT], edges[BOTTOM], edges[LEFT] = top, left << (cols - 1), top << (spaces - cols), left
    for side in range(4):
        if s[L.EDGE + side] != edges[side]:
            return L.EDGE + side
    for i in range(L.CATERPILLARS, L.CATERPILLARS + 6):
        if s[i] & ~board:
            return i
    for i in list(range(L.SANCTUARY_SPACE, L.SCORE_LOW)) + [L.LADY, L.LION]:
        if s[i] >= spaces:
            return i
    if s[L.SCORE_LOW] >= s[L.SCORE_HIGH]:
        return L.SCORE_HIGH
    if not (_DECREE_CODES == s[L.DECREE]).any():
        return L.DECREE
    if K.cards_left(s) > MAX_CARDS:
        return L.DECK
    return -1


@njit("int64(int64[::1])", cache=True, _nrt=False)
def _play(s):
    """Seats below the player count; the sanctuary cards revealed, each once, as many as the
    phase and round say; a card to answer when answering; paths whose drawn spaces join two of
    their sides; score boxes filled for the rounds scored (the guardians' at the end)."""
    players = s[L.PLAYERS]
    if s[L.TO_MOVE] >= players:
        return L.TO_MOVE
    for i in (L.SEEN, L.WINNERS):
        if s[i] >> players:
            return i
    count, revealed = s[L.REVEALED_COUNT], np.int64(0)
    for r in range(ROUNDS):
        card = s[L.REVEALED + r]
        if (card == L.NONE) != (r >= count) or (card != L.NONE and (revealed >> card) & 1):
            return L.REVEALED + r
        if card != L.NONE:
            revealed |= np.int64(1) << card
    if s[L.NEXT_CARD] != L.NONE and (revealed >> s[L.NEXT_CARD]) & 1:
        return L.NEXT_CARD
    phase = s[L.PHASE]
    under_way = phase == L.PH_PATH or phase == L.PH_CHOOSE or phase == L.PH_PEEK
    if (phase == L.PH_ROLL and count) or (under_way and not count):
        return L.REVEALED_COUNT
    if phase == L.PH_SANCTUARY and count == ROUNDS:
        return L.REVEALED_COUNT
    if (phase == L.PH_OVER) != (count == ROUNDS and not under_way):
        return L.PHASE
    if phase == L.PH_CHOOSE and s[L.CARD] == L.NONE:
        return L.CARD
    scored = count - 1 if under_way else count
    for p in range(L.MAX_PLAYERS):
        base, boxes = L.OPEN + 4 * p, L.BOXES + L.BOX_WORDS * p
        if p >= players:
            for i in range(base, base + 4):
                if s[i]:
                    return i
            for i in range(boxes, boxes + L.BOX_WORDS):
                if s[i]:
                    return i
            continue
        a, b, c, d = s[base], s[base + 1], s[base + 2], s[base + 3]
        for i in range(base, base + 4):
            if s[i] & ~s[L.BOARD] or (a ^ b ^ c ^ d) & s[i] or a & b & c & d & s[i]:
                return i
        for r in range(ROUNDS):
            if (s[boxes + r] == L.NO_BOX) != (r >= scored):
                return boxes + r
        for k in (L.LADY_BOX, L.LION_BOX, L.DECREE_BOX):
            if phase != L.PH_OVER and s[boxes + k] != L.NO_BOX:
                return boxes + k
    return -1


WORDS = Words(L.SIZE, _FIELDS, (_mat, _play), K)
"""The words of a Kokoro state array."""

check_array = WORDS.check


class KernelState(BaseKernelState):
    """A Kokoro state held as the kernel's flat array (``self.array``)."""

    layout, WORDS, default_kernel, convert = L, WORDS, K, convert

    def pack_words(self) -> tuple[int, np.ndarray]:
        side = L.SIDE_NAMES[self.array[L.SIDE]]
        if side not in self.pack.mats:
            raise PositionError("array.side", f"the pack {self.pack.name!r} has no {side} side")
        ref = self._view()
        return 0, convert.encode_mat(ref.mat, ref.score_range())

    def title(self) -> str | None:
        """Kokoro has no solo titles: the solo player plays for the best score."""
        return None
