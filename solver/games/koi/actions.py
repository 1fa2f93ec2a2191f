"""The action encoding shared by every backend: small integers, one range per kind of decision.

=========  ===================================================================================
0 .. 4     Meditate: take the card on market space 1-5 (with the space's fee and reward)
5          Work: place tiles from storage into the pond
6, 7       the reward first, or the card's effect first (asked only when the order can matter)
8          space 4's reward: 1 coin and 2 water
9, 10      space 5's reward: 1 shore, or 1 foliage
11 .. 13   buy a small, medium or large koi (space 4, a Market card, or for a luck token)
14         pass: buy nothing, or stop working
15 .. 20   discard a stored water, foliage, shore, small, medium or large koi (capacity check)
21 .. 447  place a tile in the pond: 21 + 61 * k + hex, k indexing ``PLACED``
448 .. 569 place a shore tile: 448 + 2 * hex + shape (``pond.triangle``)
570 .. 601 chance: the card flipped onto the market, 570 + its kind's index in the pack
=========  ===================================================================================

    >>> place("lily", 30), decode_place(place("lily", 30)), shore(30, 1)
    (173, ('lily', 30), 509)
    >>> kind(MEDITATE + 3), kind(FLIP + 2), kind(DISCARD + 5)
    ('meditate', 'flip', 'discard')
"""

from __future__ import annotations

from solver.games.koi.pack import KOI_SIZES, MAX_KINDS
from solver.games.koi.pond import CELLS

SPACES = 5
MEDITATE = 0
WORK = MEDITATE + SPACES
REWARD_FIRST, CARD_FIRST = WORK + 1, WORK + 2
GOODS = CARD_FIRST + 1
SHORE_REWARD, FOLIAGE_REWARD = GOODS + 1, GOODS + 2
BUY = FOLIAGE_REWARD + 1
PASS = BUY + len(KOI_SIZES)
STORED = ("water", "foliage", "shore", *KOI_SIZES)
"""What a storage holds, in the order of the discard actions."""
DISCARD = PASS + 1
PLACED = ("water", "foliage", "lily", "lantern", *KOI_SIZES)
"""The one-hex things placed in the pond, in the order of the place actions."""
PLACE = DISCARD + len(STORED)
SHORE = PLACE + len(PLACED) * CELLS
FLIP = SHORE + 2 * CELLS
NUM_ACTIONS = FLIP + MAX_KINDS
MAX_CHANCE_OUTCOMES = MAX_KINDS


def place(what: str, cell: int) -> int:
    return PLACE + PLACED.index(what) * CELLS + cell


def decode_place(action: int) -> tuple[str, int]:
    """(what, hex) of a place action."""
    k, cell = divmod(action - PLACE, CELLS)
    return PLACED[k], cell


def shore(cell: int, shape: int) -> int:
    return SHORE + 2 * cell + shape


def decode_shore(action: int) -> tuple[int, int]:
    """(hex, shape) of a shore placement."""
    return divmod(action - SHORE, 2)


def kind(action: int) -> str:
    """The kind of an action: ``meditate``, ``work``, ``order``, ``reward``, ``buy``, ``pass``,
    ``discard``, ``place``, ``shore`` or ``flip``."""
    bounds = ((WORK, "meditate"), (REWARD_FIRST, "work"), (GOODS, "order"), (BUY, "reward"),
              (PASS, "buy"), (DISCARD, "pass"), (PLACE, "discard"), (SHORE, "place"),
              (FLIP, "shore"))  # fmt: skip
    return next((name for bound, name in bounds if action < bound), "flip")
