"""Exact conversion between the reference engine's state and the kernel's flat array.

Positions typed by users are read by the reference reader (``position.py``) and converted here,
so both backends accept the same positions with the same errors::

    >>> from solver.games.kokoro.pack import load_pack
    >>> from solver.games.kokoro.rules import KokoroState
    >>> ref = KokoroState.new(load_pack(), players=2)
    >>> to_reference(from_reference(ref), ref.pack).to_json() == ref.to_json()
    True
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from solver.games.kokoro import layout as L
from solver.games.kokoro.decrees import DECREES
from solver.games.kokoro.pack import DIE_FACES, GUARDIANS, SANCTUARIES, Mat, Pack
from solver.games.kokoro.rules import KokoroState
from solver.games.kokoro.scoring import ROUNDS
from solver.games.kokoro.segments import EMPTY, NUM_SEGMENTS, SEGMENTS, SIDES

_DECREE_BY_CODE = {d.code: d for d in DECREES.values()}
_SEGMENT_OF = np.full(1 << len(SIDES), EMPTY, np.int64)
"""The segment whose sides (a 4-bit mask: top, right, bottom, left) are these."""
for _segment, _sides in SEGMENTS.items():
    _SEGMENT_OF[sum(1 << side for side in _sides)] = _segment


def _mask(spaces: list[int]) -> int:
    return sum(1 << i for i in spaces)


def _bits(mask: int) -> list[int]:
    return [i for i in range(64) if mask >> i & 1]


def _none(value: int | None) -> int:
    return L.NONE if value is None else value


@lru_cache(maxsize=8)
def encode_mat(mat: Mat, score_range: tuple[int, int]) -> np.ndarray:
    """The mat section of a state: size, edges, feature bit-planes, special spaces, score range
    (read-only: shared)."""
    words = np.full(L.MAT_END, L.NONE, np.int64)
    n, cols = len(mat.spaces), mat.columns
    words[L.COLUMNS], words[L.ROWS], words[L.BOARD] = cols, mat.rows, (1 << n) - 1
    edges = {
        "top": range(cols), "bottom": range(n - cols, n),
        "left": range(0, n, cols), "right": range(cols - 1, n, cols),
    }  # fmt: skip
    for side, name in enumerate(SIDES):
        words[L.EDGE + side] = _mask(list(edges[name]))
    for base, key in ((L.CATERPILLARS, "caterpillars"), (L.FLOWERS, "flowers")):
        for plane in range(3):
            words[base + plane] = _mask(
                [i for i, s in enumerate(mat.spaces) if getattr(s, key) >> plane & 1]
            )
    for k, letter in enumerate(SANCTUARIES):
        words[L.SANCTUARY_SPACE + k] = mat.sanctuary_space(letter)
    for g, guardian in enumerate(GUARDIANS):
        words[L.PRINTED + g] = _none(mat.guardian_space(guardian))
    for face in range(1, DIE_FACES + 1):
        words[L.DIE_SPACE + face - 1] = _none(mat.die_space(face))
    words[L.SCORE_LOW], words[L.SCORE_HIGH] = score_range
    words.flags.writeable = False
    return words


def from_reference(ref: KokoroState) -> np.ndarray:
    """The kernel array of a reference state."""
    s = np.zeros(L.SIZE, np.int64)
    s[: L.MAT_END] = encode_mat(ref.mat, ref.score_range())
    fields = {
        L.PLAYERS: ref.players, L.SIDE: L.SIDE_NAMES.index(ref.side),
        L.DECREE: ref.decree.code if ref.decree else 0, L.PHASE: L.PHASES.index(ref.phase),
        L.TO_MOVE: ref.to_move, L.REVEALED_COUNT: len(ref.revealed),
        L.NEXT_CARD: L.NONE if ref.next_card is None else SANCTUARIES.index(ref.next_card),
        L.SEEN: _mask(sorted(ref.seen)),
        L.CARD: L.NONE if ref.card is None else 2 * (ref.card[0] - 1) + ref.card[1],
        L.GOLDEN: ref.golden, L.LADY: _none(ref.guardians["lady"]), L.LION: _none(ref.guardians["lion"]),
        L.WINNERS: _mask(ref.winners),
    }  # fmt: skip
    for index, value in fields.items():
        s[index] = value
    s[L.REVEALED : L.REVEALED + ROUNDS] = L.NONE
    for r, letter in enumerate(ref.revealed):
        s[L.REVEALED + r] = SANCTUARIES.index(letter)
    for (segment, golden), n in ref.deck.items():
        s[L.DECK + 2 * (segment - 1) + golden] = n
    for p in range(ref.players):
        for space, segment in enumerate(ref.paths[p]):
            for side in SEGMENTS.get(segment, ()):
                s[L.OPEN + 4 * p + side] |= 1 << space
        boxes = ref.boxes[p] + [None] * (ROUNDS - len(ref.boxes[p]))
        boxes += [ref.lady_boxes[p], ref.lion_boxes[p], ref.decree_boxes[p]]
        base = L.BOXES + L.BOX_WORDS * p
        s[base : base + L.BOX_WORDS] = [L.NO_BOX if b is None else b for b in boxes]
    return s


def to_reference(s: np.ndarray, pack: Pack) -> KokoroState:
    """The reference state of a kernel array (``pack`` is the pack it was made with)."""
    players = int(s[L.PLAYERS])
    decree = _DECREE_BY_CODE.get(int(s[L.DECREE]))
    ref = KokoroState(pack, players, L.SIDE_NAMES[s[L.SIDE]], decree)
    ref.phase, ref.to_move = L.PHASES[s[L.PHASE]], int(s[L.TO_MOVE])
    ref.revealed = [SANCTUARIES[s[L.REVEALED + r]] for r in range(s[L.REVEALED_COUNT])]
    ref.next_card = None if s[L.NEXT_CARD] == L.NONE else SANCTUARIES[s[L.NEXT_CARD]]
    ref.seen = set(_bits(int(s[L.SEEN])))
    ref.card = None if s[L.CARD] == L.NONE else (int(s[L.CARD]) // 2 + 1, bool(s[L.CARD] % 2))
    ref.golden = int(s[L.GOLDEN])
    lady, lion = int(s[L.LADY]), int(s[L.LION])
    ref.guardians = {
        "lady": None if lady == L.NONE else lady,
        "lion": None if lion == L.NONE else lion,
    }
    ref.deck = {
        (seg, gold): int(s[L.DECK + 2 * (seg - 1) + gold])
        for seg in range(1, NUM_SEGMENTS + 1)
        for gold in (False, True)
    }
    for p in range(players):
        spaces = np.arange(len(ref.mat.spaces))
        sides = sum(
            ((s[L.OPEN + 4 * p + side] >> spaces) & 1) << side for side in range(len(SIDES))
        )
        ref.paths[p] = _SEGMENT_OF[sides].tolist()
        base = L.BOXES + L.BOX_WORDS * p
        boxes = [None if b == L.NO_BOX else int(b) for b in s[base : base + L.BOX_WORDS]]
        ref.boxes[p] = [b for b in boxes[:ROUNDS] if b is not None]
        ref.lady_boxes[p], ref.lion_boxes[p], ref.decree_boxes[p] = boxes[ROUNDS:]
    ref.winners = _bits(int(s[L.WINNERS]))
    return ref
