"""The action encoding shared by every backend: one integer per decision or chance outcome.

===========  ==========================================  =====================================
range        action                                      meaning
===========  ==========================================  =====================================
0 - 767      ``MOVE + hex * 4 + guides``                 end the day's route on ``hex``,
                                                         spending ``guides`` Local Guides (0-3)
768          ``STAY``                                    no route exists at all: stay put
769 - 774    ``RESERVE + value - 1``                     the starting player reserves a die
775 - 780    ``KEEP + pair``                             keep two of the four dealt tour plans
781 - 828    ``DEAL + card``                             chance: a tour plan card is dealt
829 - 884    ``ROLL + roll``                             chance: the dice show ``dice.ROLLS[roll]``
===========  ==========================================  =====================================

A move names where the route ends and how many guides it costs; the dice assignment and the route
behind it are shown in words (see ``moves``). Of the ways to reach a hex, only the cheapest in
guides is an action: a costlier one would spend guides for nothing.

    >>> move_action(37, 1), decode_move(move_action(37, 1)), kind(STAY), kind(ROLL + 55)
    (149, (37, 1), 'stay', 'roll')
"""

from __future__ import annotations

from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa.dice import FACES, ROLLS
from solver.games.gogoa.pack import MAX_PLANS

GUIDE_SLOTS = 4  # 0 to 3 guides spent
MOVE = 0
STAY = MOVE + hx.CELLS * GUIDE_SLOTS
RESERVE = STAY + 1
KEEP = RESERVE + FACES
PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
"""The two cards kept, as positions in the dealt hand (sorted by id)."""
DEAL = KEEP + len(PAIRS)
ROLL = DEAL + MAX_PLANS
NUM_ACTIONS = ROLL + len(ROLLS)


def move_action(hex_: int, guides: int) -> int:
    return MOVE + hex_ * GUIDE_SLOTS + guides


def decode_move(action: int) -> tuple[int, int]:
    """The hex a move ends on and the guides it spends."""
    return divmod(action - MOVE, GUIDE_SLOTS)


def kind(action: int) -> str:
    """The kind of an action: move, stay, reserve, keep, deal or roll."""
    if action < STAY:
        return "move"
    if action == STAY:
        return "stay"
    if action < KEEP:
        return "reserve"
    if action < DEAL:
        return "keep"
    return "deal" if action < ROLL else "roll"
