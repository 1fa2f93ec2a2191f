"""The layout of a GODŌ state as one flat ``int64`` array, shared by the numba and C kernels.

A state is a single array: bitboards first (one 64-bit word per row of the table), then the
component pack the game uses (so a kernel needs nothing but the state), then small integer fields.
Cloning a state is ``state.copy()``; hashing covers the array.

Bitboards (``ROWS`` words each; bit ``i`` of row ``j`` is column ``LOW + i``, row ``LOW + j``):

- ``OCC + r * ROWS``: squares holding a tile of rotation ``r``;
- ``HORIZONTAL + c * ROWS``: unit edges from ``(px, py)`` to ``(px + 1, py)`` carrying a colour-``c`` leg;
- ``VERTICAL + c * ROWS``: unit edges from ``(px, py)`` to ``(px, py + 1)`` carrying a colour-``c`` leg;
- ``POINTS``, ``ENSO``, ``GATES``, ``LANTERNS``, ``MONKS``: intersections, and those with an Ensō
  token, a Sacred Gate, a Stone Lantern, a monk.

What each intersection holds is kept as tiles are laid, in ``CONTENT``: an open-addressing table of
``CONTENT_SLOTS`` (key, value) pairs, the key ``point + 1``, the value the lotus count per colour
(7 bits each), the mask of gate colours, the numbers of shrines, lanterns and tile corners there.

Lattice points are stored as ``point_index(p) + 1`` so that 0 can mean "none"; tile slots likewise.

    >>> SIZE > OCC
    True
"""

from __future__ import annotations

import numpy as np

from solver.core.params import defaults
from solver.games.godo import geometry as geo
from solver.games.godo import rules as R
from solver.games.godo import weights
from solver.games.godo.pack import NUM_COLOURS, NUM_TILES, TRACK_LENGTH

ROWS = 64
MAX_PLAYERS = 5
ROW_SHIFT = 6  # a point index is row << 6 | column
BUFFER = 1 << 15  # room for the legal actions of any position (relocations are the most)
# Room for the slots of one tile: each of the 60 tiles offers its long edge and two legs, each leg
# a slot on either side, so fewer than 60 * 5 slots can touch the grounds.
PLACEMENTS_OF_ONE_TILE = 1024
MASTERED = 7  # a track whose token has left the journal
NONE = 0  # no point, no slot

# -- bitboards --------------------------------------------------------------------------------------
OCC = 0
HORIZONTAL = OCC + 4 * ROWS
VERTICAL = HORIZONTAL + NUM_COLOURS * ROWS
POINTS = VERTICAL + NUM_COLOURS * ROWS
ENSO = POINTS + ROWS
GATES = ENSO + ROWS
LANTERNS = GATES + ROWS
MONKS = LANTERNS + ROWS
BITBOARDS_END = MONKS + ROWS

# -- what each intersection holds -------------------------------------------------------------------
CONTENT = BITBOARDS_END
CONTENT_SLOTS = 256  # a power of two above the 180 corners of 60 tiles
COUNT_BITS = 7
GATES_SHIFT = NUM_COLOURS * COUNT_BITS
SHRINES_SHIFT = GATES_SHIFT + NUM_COLOURS
LANTERNS_SHIFT = SHRINES_SHIFT + 4
CORNERS_SHIFT = LANTERNS_SHIFT + 4
CONTENT_END = CONTENT + 2 * CONTENT_SLOTS

# -- the component pack -----------------------------------------------------------------------------
# Per tile: legs (a | b << 4), then per corner (right, a, b): lotus counts (4 bits per colour),
# marker kind << 20, gate colour << 24.
TILE_WORDS = 4
TILES = CONTENT_END
LOTUS_BITS = 4
MARKER_SHIFT = 20
GATE_COLOUR_SHIFT = 24
MARK_NONE, MARK_GATE, MARK_SHRINE, MARK_LANTERN = 0, 1, 2, 3
# Per journal space (track-major): the colours shown as a 5-bit mask | icon << 8.
JOURNAL = TILES + NUM_TILES * TILE_WORDS
ICON_SHIFT = 8
ICON_NONE, ICON_MOVE_MONK, ICON_RELOCATE, ICON_MOVE_ENSO = 0, 1, 2, 3
PACK_END = JOURNAL + NUM_COLOURS * TRACK_LENGTH

# -- where the tiles are ----------------------------------------------------------------------------
TILE_SLOT = PACK_END  # per tile: slot code + 1, or NONE
SQUARE_BOX = TILE_SLOT + NUM_TILES  # min x, max x, min y, max y of occupied squares (columns/rows)
HAND = SQUARE_BOX + 4  # per player: bit mask of tiles held
PILE = HAND + MAX_PLAYERS  # bit mask of tiles not yet drawn
REMOVED = PILE + 1  # bit mask of tiles shown and removed

# -- pieces and tokens ------------------------------------------------------------------------------
MONK = REMOVED + 1  # per player: point + 1, or NONE
TRACK = MONK + MAX_PLAYERS  # per player, per track: 0..5, or MASTERED
SUPPLY = TRACK + MAX_PLAYERS * NUM_COLOURS
COLLECTED = SUPPLY + NUM_COLOURS
POOL = COLLECTED + NUM_COLOURS

# -- options and where the game stands --------------------------------------------------------------
F = POOL + NUM_COLOURS
(
    PLAYERS, VARIANT, SOLO, STAGE, PHASE, ACTIVE, TO_MOVE, DRAWER, DRAWS_LEFT, THEN, PLACES_LEFT,
    REDRAWN, POOL_MODE, MOVES, LAST_GATE, LAST_FROM, LAST_TO, FOX_LEFT, PEND_GATE, PEND_FROM, PEND_TO,
    PEND_PAY, ENSO_FROM, ENSO_LEFT, ENSO_REMOVED, STOCK, WINNERS,
) = range(F, F + 27)  # fmt: skip
SIZE = F + 27

# Codes of the named values the reference engine writes as strings: their index in these tuples.
STAGES = (R.INITIATION, R.PLAY, R.OVER)
PHASES = R.PHASES
THENS = (R.THEN_PLACE, R.THEN_MOVE, R.THEN_HAND)
POOL_MODES = (R.POOL_INITIATION, R.POOL_IMPROVE, R.POOL_SHARE)
ST_INITIATION, ST_PLAY, ST_OVER = range(3)
(
    PH_DRAW, PH_PLACE, PH_MONK, PH_ADVANCE, PH_MOVE, PH_NUDGE, PH_FOX, PH_PUSH, PH_RELOCATE,
    PH_ENSO_FROM, PH_ENSO_TO, PH_MASTER, PH_STOCK, PH_OVER,
) = range(len(PHASES))  # fmt: skip
TH_PLACE, TH_MOVE, TH_HAND = range(3)
PM_INITIATION, PM_IMPROVE, PM_SHARE = range(3)
ICONS = (None, "move_monk", "relocate_tile", "move_enso")

assert geo.POINT_SPAN == ROWS and geo.SIZE < ROWS

MULTIPLAYER_MCTS_PARAMS = np.array([0.3, 10.0, 3.0, 0.2, 1.0, 0.0, 1.0], np.float64)
"""GODŌ's MCTS parameters with 2-5 players (``solver.search.mcts.DEFAULT_PARAMS`` otherwise): a
lower exploration constant, and rollouts that finish the turn greedily, then play 10 steps, about
the next player's turn, so that a leaf sees the reply (every outcome of a chance node followed: a
width did not help, docs/ai.md). A GODŌ turn is a chain of 5-10 decisions whose worth shows only
at its end; judged there, and after the reply, MCTS beats the greedy baseline in 2 players
(docs/ai.md, "2 players" and "Seeing the reply"), the more so with the values of a node's
values normalised by their range in the search (32 duels of 40 won against 28 without, docs/ai.md, "The AI"). Solo keeps the
defaults: with 5 rollout steps, these won 21 of 30 solo games (MCTS at 300 iterations a decision,
seeds 100-129) against 24; normalised, 33 of 40 against 39 (1,000 iterations)."""

HEURISTIC_PARAMS = defaults(weights.HEURISTIC)
"""The heuristic's default weights, by index (``weights.HEURISTIC`` names them)."""
