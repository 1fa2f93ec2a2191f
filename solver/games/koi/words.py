"""KOI in words: actions as sentences, ponds as rows of characters, and the text picture.

A pond is written as its 9 rows (5, 6, 7, 8, 9, 8, 7, 6 and 5 hexes), one character a hex:
``.`` empty, ``@`` the spring, ``~`` water, ``1`` ``2`` ``3`` water with a small, medium or large
koi, ``f`` foliage, ``s`` shore, ``*`` a water-lily, ``L`` a lantern::

    >>> from solver.games.koi.pack import load_pack
    >>> from solver.games.koi.rules import KoiState
    >>> state = KoiState.new(load_pack(), players=1)
    >>> pond_rows(state.ponds[0], state.koi[0])[4]
    '....@....'
    >>> describe(state, 570)
    'card flipped: Storage (take a storage expansion tile)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.games.koi import actions as act
from solver.games.koi import rules as R
from solver.games.koi.pack import KOI_SIZES
from solver.games.koi.pond import label, rows, triangle
from solver.games.koi.scoring import WATER

TERRAIN_CHARS = ".@~fs*L"
"""By terrain code (``scoring.TERRAINS``)."""
KOI_CHARS = "123"
SPACE_TEXT = ("pay 1 coin", "no cost or reward", "reward: 2 coins and 1 water",
              "reward: 1 coin and 2 water, or a koi", "reward: 1 shore or 1 foliage")  # fmt: skip


def pond_rows(pond: Sequence[int], koi: Sequence[int]) -> list[str]:
    """The pond's rows of characters, top to bottom."""
    return ["".join(KOI_CHARS[koi[c] - 1] if koi[c] else TERRAIN_CHARS[pond[c]] for c in row)
            for row in rows()]  # fmt: skip


def read_pond_char(char: str) -> tuple[int, int] | None:
    """(terrain, koi) a character stands for, or None."""
    if char in KOI_CHARS:
        return WATER, KOI_CHARS.index(char) + 1
    code = TERRAIN_CHARS.find(char)
    return None if code < 0 or not char else (code, 0)


def _koi(state: Any, size: int) -> str:
    """``a medium koi for 3 coins`` in the phase's price (space 4, a Market card, a luck token
    after a meditation or before a Work's first tile)."""
    luck = (R.LUCK_SURCHARGE, ", discarding a luck token")
    change, how = {R.MARKET: (-R.MARKET_DISCOUNT, " (the Market card's discount)"), R.LUCK: luck,
                   R.WORK: luck}.get(state.phase, (0, ""))  # fmt: skip
    return f"buy a {KOI_SIZES[size]} koi for {state.price(size, change)} coin(s){how}"


def describe(state: Any, action: int) -> str:
    """Words for an action in this state, e.g. ``place a shore on E5, E6, F5``."""
    name = act.kind(action)
    if name == "meditate":
        s = action - act.MEDITATE
        card = state.market[s]
        what = "an empty space" if card is None else state.pack.cards[card].describe()
        return f"meditate: take {what} from space {s + 1} ({SPACE_TEXT[s]})"
    if name == "work":
        return "work: place tiles from storage in the pond"
    if name == "order":
        return "take the reward first" if action == act.REWARD_FIRST else "carry out the card first"
    if name == "reward":
        return {act.GOODS: "take 1 coin and 2 water", act.SHORE_REWARD: "take 1 shore",
                act.FOLIAGE_REWARD: "take 1 foliage"}[action]  # fmt: skip
    if name == "buy":
        return _koi(state, action - act.BUY)
    if name == "pass":
        return "stop working" if state.phase == R.WORK else "buy no koi"
    if name == "discard":
        what = act.STORED[action - act.DISCARD]
        return f"discard a {what}{' koi' if what in KOI_SIZES else ''} back to the supply"
    if name == "place":
        what, cell = act.decode_place(action)
        if what in KOI_SIZES:
            return f"put a {what} koi in the water at {label(cell)}"
        return f"place {'a water-lily' if what == 'lily' else what} at {label(cell)}"
    if name == "shore":
        cells = triangle(*act.decode_shore(action))
        return "place a shore on " + ", ".join(label(c) for c in cells)
    return f"card flipped: {state.pack.cards[action - act.FLIP].describe()}"


def _player(state: Any, p: int) -> list[str]:
    stored = ", ".join(f"{n} {what}" for what, n in zip(act.STORED, state.storage[p]) if n)
    held = ", ".join(f"{n} {card.name}" for n, card in zip(state.cards[p], state.pack.cards) if n)
    lines = [f"player {p}: {state.coins[p]} coins, {state.luck[p]} luck, score {state.scores()[p]}",
             f"  storage {state.used(p)}/{state.capacity(p)} hexes: {stored or 'empty'}",
             f"  cards: {held or 'none'}"]  # fmt: skip
    for i, row in enumerate(pond_rows(state.ponds[p], state.koi[p])):
        lines.append("  " + " " * abs(i - 4) + " ".join(row))
    return lines


def picture(state: Any) -> str:
    """The position as text: where the game stands, the market, then each player and pond."""
    mover = "" if state.phase in (R.FLIP, R.OVER) else f", player {state.to_move} to move"
    last = ", last round" if state.last_round else ""
    lines = [f"KOI, {state.players} player(s): phase {state.phase}{mover}; "
             f"{sum(state.deck)} cards in the deck{last}"]  # fmt: skip
    for s, card in enumerate(state.market):
        name = "-" if card is None else state.pack.cards[card].describe()
        lines.append(f"  space {s + 1} ({SPACE_TEXT[s]}): {name}")
    supply = ", ".join(f"{n} {what}" for what, n in state.supply.items())
    koi = ", ".join(f"{n} {size}" for size, n in zip(KOI_SIZES, state.koi_supply))
    lines.append(f"supply: {supply}; koi {koi}")
    for p in range(state.players):
        lines += _player(state, p)
    if state.phase == R.OVER:
        lines.append("winners: " + ", ".join(f"player {p}" for p in state.winners))
    return "\n".join(lines)
