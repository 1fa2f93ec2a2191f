"""The layout of a Kokoro state as one flat ``int64`` array, for the numba kernel.

A mat is at most 63 spaces, so a set of spaces is one 64-bit word (bit ``i`` is space ``i``,
numbered row by row from the top-left; the sign bit stays free, so shifts never smear it). The
array holds, in order:

- the mat in play (written once): its size, masks of the board and of its four edges, the
  caterpillar and flower counts as three bit-planes each (count = plane0 + 2 plane1 + 4 plane2),
  the space of each sanctuary, the printed guardians (blue) or the numbered spaces (pink), and the
  range of solo scores;
- where the game stands: options, phase, player to move, the sanctuary cards revealed and the one
  peeked at (with who saw it), the path cards left by kind, the card being resolved;
- per player: one word per side (top, right, bottom, left) with the spaces whose drawn segment
  reaches that side (a space is drawn when it is in any of them), and 8 score boxes (five
  sanctuaries, lady, lion, decree; ``NO_BOX`` while empty).

    >>> SIZE > OPEN > DECK > MAT_END
    True
"""

from __future__ import annotations

from solver.core.params import defaults
from solver.games.kokoro import rules as R
from solver.games.kokoro import weights
from solver.games.kokoro.pack import DIE_FACES, GUARDIANS, SANCTUARIES
from solver.games.kokoro.scoring import ROUNDS
from solver.games.kokoro.segments import NUM_SEGMENTS, SIDES

MAX_PLAYERS = 8
NONE = -1  # no card, no space
NO_BOX = -1  # a score box not filled
BUFFER = 64  # room for the legal actions of any position: at most 63 spaces and the peek

# -- the mat ---------------------------------------------------------------------------------------
COLUMNS, ROWS, BOARD = range(3)
EDGE = 3  # + side (top, right, bottom, left): the spaces along that edge of the mat
CATERPILLARS = EDGE + len(SIDES)  # 3 bit-planes
FLOWERS = CATERPILLARS + 3  # 3 bit-planes
SANCTUARY_SPACE = FLOWERS + 3  # + card index (A = 0): the space of that sanctuary
PRINTED = SANCTUARY_SPACE + len(SANCTUARIES)  # + guardian (lady, lion): its printed space or NONE
DIE_SPACE = PRINTED + len(GUARDIANS)  # + face - 1: the space numbered with that face, or NONE
SCORE_LOW = DIE_SPACE + DIE_FACES  # the lowest and highest final score (solo returns)
SCORE_HIGH = SCORE_LOW + 1
MAT_END = SCORE_HIGH + 1

# -- where the game stands -------------------------------------------------------------------------
F = MAT_END
(
    PLAYERS, SIDE, DECREE, PHASE, TO_MOVE, REVEALED_COUNT, NEXT_CARD, SEEN, CARD, GOLDEN, LADY, LION,
    WINNERS,
) = range(F, F + 13)  # fmt: skip
REVEALED = F + 13  # + round: the index of the sanctuary card revealed for that round
DECK = REVEALED + ROUNDS  # + 2 * (segment - 1) + golden: path cards left of that kind
KINDS = 2 * NUM_SEGMENTS
OPEN = DECK + KINDS  # + 4 * player + side
BOX_WORDS = 8
BOXES = OPEN + 4 * MAX_PLAYERS  # + 8 * player + box
LADY_BOX, LION_BOX, DECREE_BOX = ROUNDS, ROUNDS + 1, ROUNDS + 2
SIZE = BOXES + BOX_WORDS * MAX_PLAYERS

# Codes of the named values the reference engine writes as strings: their index in these tuples.
PHASES = R.PHASES
PH_ROLL, PH_SANCTUARY, PH_PATH, PH_CHOOSE, PH_PEEK, PH_OVER = range(len(PHASES))
SIDE_NAMES = ("blue", "pink")

assert PHASES == (R.ROLL, R.SANCTUARY, R.PATH, R.CHOOSE, R.PEEK, R.OVER)

HEURISTIC_PARAMS = defaults(weights.HEURISTIC)
"""The heuristic's default weights, by index (``weights.HEURISTIC`` names them)."""
