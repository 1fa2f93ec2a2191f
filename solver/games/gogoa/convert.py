"""Exact conversion between the reference engine's state and the kernel's flat array.

Positions typed by users are read by the reference reader (``position.py``) and converted here,
so every backend accepts the same positions with the same errors::

    >>> from solver.games.gogoa.pack import load_pack
    >>> from solver.games.gogoa.rules import GoGoaState
    >>> ref = GoGoaState.new(load_pack(), players=2)
    >>> to_reference(from_reference(ref), ref.pack).to_json() == ref.to_json()
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import numpy as np

from solver.games.gogoa import layout as L
from solver.games.gogoa import rules as R
from solver.games.gogoa.pack import NUM_TYPES, Pack
from solver.games.gogoa.rules import GoGoaState

_WORD = 1 << 64


def words(hexes: Iterable[int]) -> list[int]:
    """A set of hexes as the three int64 words of a bitboard."""
    value = sum(1 << h for h in set(hexes))
    out = []
    for _ in range(L.NW):
        w = value & (_WORD - 1)
        out.append(w - _WORD if w >= 1 << 63 else w)
        value >>= 64
    return out


def hexes(ws: Iterable[int]) -> set[int]:
    """The hexes of a bitboard given as its words."""
    value = sum((int(w) % _WORD) << (64 * i) for i, w in enumerate(ws))
    return {h for h in range(L.NW * 64) if value >> h & 1}


def mask(cards: Iterable[int]) -> int:
    return sum(1 << c for c in cards)


def cards(m: int) -> list[int]:
    return [c for c in range(m.bit_length()) if m >> c & 1]


@lru_cache(maxsize=8)
def encode_pack(pack: Pack) -> np.ndarray:
    """The map section of a state (``0`` to ``MAP_END``); shared: copy it before changing it."""
    s = np.zeros(L.MAP_END, np.int64)
    s[L.LAND : L.LAND + L.NW] = words(pack.land)
    s[L.DEST : L.DEST + L.NW] = words(d.hex for d in pack.destinations)
    for t in range(NUM_TYPES):
        s[L.TYPE + t * L.NW : L.TYPE + (t + 1) * L.NW] = words(
            d.hex for d in pack.destinations if d.kind == t
        )
    s[L.GUIDE_HEX : L.GUIDE_HEX + len(pack.guides)] = pack.guides
    s[L.BONUS], s[L.START] = pack.bonus, pack.start
    for plan in pack.plans:
        a, b, c = plan.places
        s[L.CARDS + plan.id] = (
            a | b << L.PLACE_BITS | c << 2 * L.PLACE_BITS | plan.points << L.POINTS_SHIFT
        )
    s[L.NUM_CARDS] = len(pack.plans)
    s[L.DECK0] = mask(pack.deck(0))
    return s


def from_reference(ref: GoGoaState) -> np.ndarray:
    """The kernel array of a reference state."""
    s = np.zeros(L.SIZE, np.int64)
    s[: L.MAP_END] = encode_pack(ref.pack)
    for p, sheet in enumerate(ref.sheets):
        s[L.VISITED + p * L.NW : L.VISITED + (p + 1) * L.NW] = words(sheet.visited)
        s[L.POS + p] = sheet.position
        s[L.USED + p] = mask(sheet.used)
        s[L.DEALT + p] = mask(sheet.dealt)
        s[L.KEPT + p] = mask(sheet.kept)
    s[L.UNDEALT] = mask(ref.decks[0] + ref.decks[1])
    s[L.PLAYERS] = ref.players
    s[L.PHASE] = R.PHASES.index(ref.phase)
    s[L.DAY] = ref.day
    s[L.TO_MOVE] = ref.to_move
    s[L.DIE : L.DIE + 3] = ref.dice or (0, 0, 0)
    s[L.RESERVED] = ref.reserved or 0
    s[L.WINNERS] = mask(ref.winners)
    return s


def to_reference(s: np.ndarray, pack: Pack) -> GoGoaState:
    """The reference state of a kernel array (``pack``: the map the array was made from)."""
    players = int(s[L.PLAYERS])
    ref = GoGoaState(pack, players)
    for p, sheet in enumerate(ref.sheets):
        sheet.visited = hexes(s[L.VISITED + p * L.NW : L.VISITED + (p + 1) * L.NW])
        sheet.position = int(s[L.POS + p])
        sheet.used = set(cards(int(s[L.USED + p])))
        sheet.dealt = cards(int(s[L.DEALT + p]))
        sheet.kept = cards(int(s[L.KEPT + p]))
    undealt = cards(int(s[L.UNDEALT]))
    ref.decks = [[c for c in undealt if pack.plans[c].deck == d] for d in range(2)]
    ref.phase = R.PHASES[int(s[L.PHASE])]
    ref.day = int(s[L.DAY])
    ref.to_move = int(s[L.TO_MOVE])
    dice = tuple(int(v) for v in s[L.DIE : L.DIE + 3])
    ref.dice = dice if dice[0] else None  # type: ignore[assignment]
    ref.reserved = int(s[L.RESERVED]) or None
    ref.winners = cards(int(s[L.WINNERS]))
    return ref
