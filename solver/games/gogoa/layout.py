"""The layout of a Go Goa state as one flat ``int64`` array, for the numba kernel.

A state is a single array: the map and tour plans first (so the kernel needs nothing but the
state), then each player's sheet, then where the game stands. Cloning is ``state.copy()``.

Sets of hexes are bitboards of ``NW`` = 3 words (hex ``i`` is bit ``i % 64`` of word ``i // 64``,
``i = row * 12 + column``, see ``hexgrid``); the kernel reads the words as unsigned.

Map (from the pack): ``LAND``, ``DEST`` (every destination), ``TYPE + t * NW`` (destinations of
type ``t``), ``GUIDE_HEX`` (the three guide beaches), ``BONUS`` (Dudhsagar), ``START``, ``CARDS``
(per tour plan: its three hexes, 8 bits each, and its points from bit 24), ``NUM_CARDS`` and
``DECK0`` (the set of 40-point cards, as a bit mask of card ids).

Sheets, per player: ``VISITED + p * NW`` (souvenirs), ``POS + p`` (hex), ``USED + p`` (guides
crossed out, bits 0-2), ``DEALT + p`` and ``KEPT + p`` (card masks).

Game: ``UNDEALT`` (card mask), ``PLAYERS``, ``PHASE`` (index into ``rules.PHASES``), ``DAY``,
``TO_MOVE``, ``DIE`` (the three dice ascending, 0 before the roll), ``RESERVED`` (0 if none),
``WINNERS`` (seat mask).

    >>> SIZE < 256
    True
"""

from __future__ import annotations

from solver.core.params import defaults
from solver.games.gogoa import rules as R
from solver.games.gogoa import weights
from solver.games.gogoa.pack import GUIDES, MAX_PLANS, NUM_TYPES

NW = 3
MAX_PLAYERS = 6
BUFFER = 256  # room for the legal actions of any position (at most 192 hexes and STAY)
PLACE_BITS = 8
POINTS_SHIFT = 3 * PLACE_BITS

# -- the map and the tour plans ---------------------------------------------------------------------
LAND = 0
DEST = LAND + NW
TYPE = DEST + NW
GUIDE_HEX = TYPE + NUM_TYPES * NW
BONUS = GUIDE_HEX + GUIDES
START = BONUS + 1
CARDS = START + 1
NUM_CARDS = CARDS + MAX_PLANS
DECK0 = NUM_CARDS + 1
MAP_END = DECK0 + 1

# -- the sheets -------------------------------------------------------------------------------------
VISITED = MAP_END
POS = VISITED + MAX_PLAYERS * NW
USED = POS + MAX_PLAYERS
DEALT = USED + MAX_PLAYERS
KEPT = DEALT + MAX_PLAYERS

# -- the game ---------------------------------------------------------------------------------------
UNDEALT = KEPT + MAX_PLAYERS
PLAYERS = UNDEALT + 1
PHASE = PLAYERS + 1
DAY = PHASE + 1
TO_MOVE = DAY + 1
DIE = TO_MOVE + 1  # three words
RESERVED = DIE + 3
WINNERS = RESERVED + 1
SIZE = WINNERS + 1

PHASES = R.PHASES
PH_DEAL, PH_KEEP, PH_ROLL, PH_RESERVE, PH_MOVE, PH_OVER = range(len(PHASES))
assert PHASES == (R.DEAL, R.KEEP, R.ROLL, R.RESERVE, R.MOVE, R.OVER)

HEURISTIC_PARAMS = defaults(weights.HEURISTIC)
"""The heuristic's default weights, by index (``weights.HEURISTIC`` names them)."""
