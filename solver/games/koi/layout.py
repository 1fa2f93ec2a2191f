"""The layout of a KOI state as one flat ``int64`` array, for the numba kernel.

A pond is the 61 hexes of ``pond.py``, so a set of hexes is one 64-bit word (bit ``i`` is hex
``i``; the spring is bit 30 in every pond and is not stored; bits 61-63 stay free). The array
holds, in order:

- the pack of this game (written once): the card kinds' effects (``cards.EFFECTS`` as codes and
  amounts), the koi prices and points, the storage capacity, expansion size and Work size, the
  scoring values and the range of solo scores;
- where the game stands: players, phase, player to move, the market space and card of the turn,
  the reward/card steps left (a queue of at most 2), the water-lilies and lanterns to place (a
  queue as bits: 0 a lily, 1 a lantern), tiles placed in this Work, the last round, the winners;
  the market (a card kind per space, ``NONE`` for empty), the deck (cards left by kind), the tile
  supply and the koi supply;
- per player: coins, luck tokens, storage expansions, storage counts (``actions.STORED``), cards
  taken by kind, and the pond as 8 words: the hexes of water, foliage, shore, water-lily and
  lantern, and the hexes holding a small, medium and large koi.

    >>> PACK_END == GAME, SIZE, BUFFER
    (True, 625, 428)
"""

from __future__ import annotations

import numpy as np

from solver.core.params import defaults
from solver.games.koi import actions as act
from solver.games.koi import rules as R
from solver.games.koi import weights
from solver.games.koi.cards import EFFECTS, GOAL_FEATURES, GOODS
from solver.games.koi.pack import KOI_SIZES, MAX_KINDS, MAX_PLAYERS, SCORING, TILES
from solver.games.koi.pond import CELLS

NONE = -1  # no card, no space
ALL = (1 << CELLS) - 1
"""Every hex of a pond."""

# -- the pack --------------------------------------------------------------------------------------
KINDS = 0  # card kinds in the pack
EFFECT = 1  # + kind: the effect's code (index in ``EFFECT_NAMES``)
GAIN = EFFECT + MAX_KINDS  # + len(GOODS) * kind + good: what a gain card gives
TILES_MORE = GAIN + len(GOODS) * MAX_KINDS  # + kind: a gardener's tiles more per Work
PER = TILES_MORE + MAX_KINDS  # + kind: a goal's feature (index in GOAL_FEATURES), NONE otherwise
POINTS = PER + MAX_KINDS  # + kind: a goal's points per feature
PRICE = POINTS + MAX_KINDS  # + size
KOI_POINTS = PRICE + len(KOI_SIZES)  # + size
CAPACITY = KOI_POINTS + len(KOI_SIZES)
EXPANSION_HEXES, WORK_TILES = CAPACITY + 1, CAPACITY + 2
SCORE = CAPACITY + 3  # + index in pack.SCORING
SCORE_LOW = SCORE + len(SCORING)
SCORE_HIGH = SCORE_LOW + 1
PACK_END = SCORE_HIGH + 1

EFFECT_NAMES = tuple(EFFECTS)
FX_GAIN, FX_STORAGE, FX_MARKET, FX_GARDENER, FX_GOAL = range(len(EFFECT_NAMES))
G_COINS, G_LUCK, G_WATER, G_FOLIAGE, G_SHORE, G_LILY, G_LANTERN = range(len(GOODS))
(S_FOLIAGE_BY_WATER, S_SHORE_BY_WATER, S_LILY, S_LILY_PER_KOI, S_LANTERN_PER_GARDEN,
 S_LUCK) = range(len(SCORING))  # fmt: skip
F_WATER, F_FOLIAGE, F_SHORE, F_LILY, F_LANTERN, F_KOI, F_SMALL, F_MEDIUM, F_LARGE = range(
    len(GOAL_FEATURES)
)

# -- where the game stands -------------------------------------------------------------------------
GAME = PACK_END
(
    PLAYERS, PHASE, TO_MOVE, SPACE, CARD, STEPS_N, STEP0, STEP1, TO_PLACE_N, TO_PLACE_BITS, PLACED,
    LAST_ROUND, WINNERS,
) = range(GAME, GAME + 13)  # fmt: skip
MARKET = GAME + 13  # + space (0-4): a card kind or NONE
DECK = MARKET + act.SPACES  # + kind: cards left
SUPPLY = DECK + MAX_KINDS  # + index in pack.TILES
KOI_SUPPLY = SUPPLY + len(TILES)  # + size
PLAYER_BASE = KOI_SUPPLY + len(KOI_SIZES)
# Per player, from PLAYER_BASE + PLAYER_WORDS * player:
COINS, LUCK, EXPANSIONS = range(3)
STORAGE = 3  # + index in actions.STORED
CARDS = STORAGE + len(act.STORED)  # + kind: cards taken
POND = CARDS + MAX_KINDS  # + layer: the hexes of each layer
PLAYER_WORDS = POND + 8
SIZE = PLAYER_BASE + PLAYER_WORDS * MAX_PLAYERS
MAX_TO_PLACE = 18  # lilies and lanterns one card can give (9 each)

# Pond layers, and what each terrain is.
L_WATER, L_FOLIAGE, L_SHORE, L_LILY, L_LANTERN, L_SMALL, L_MEDIUM, L_LARGE = range(8)
TERRAIN_LAYERS = ("water", "foliage", "shore", "lily", "lantern")
ST_WATER, ST_FOLIAGE, ST_SHORE, ST_SMALL, ST_MEDIUM, ST_LARGE = range(len(act.STORED))
T_WATER, T_FOLIAGE, T_SHORE, T_LILY, T_LANTERN, T_EXPANSION = range(len(TILES))
STEP_REWARD, STEP_CARD = range(len(R.STEPS))

PHASES = R.PHASES
(
    PH_FLIP,
    PH_TURN,
    PH_ORDER,
    PH_REWARD,
    PH_MARKET,
    PH_PLACE,
    PH_WORK,
    PH_LUCK,
    PH_DISCARD,
    PH_OVER,
) = range(len(PHASES))
assert PHASES == (R.FLIP, R.TURN, R.ORDER, R.REWARD, R.MARKET, R.PLACE, R.WORK, R.LUCK, R.DISCARD,
                  R.OVER)  # fmt: skip
assert R.STEPS == ("reward", "card") and TILES[:5] == TERRAIN_LAYERS
assert act.STORED == ("water", "foliage", "shore", *KOI_SIZES)

BUFFER = 2 * CELLS + 3 * CELLS + 2 * CELLS + 1
"""Room for the legal actions of any position: a Work lists water and foliage on the empty hexes
next to the pond and koi of 3 sizes on the water hexes (at most 3 x 61 together), shores (2 x 61)
and the pass, or before the first tile up to 3 koi for luck tokens."""

MULTIPLAYER_MCTS_PARAMS = np.array([0.3, 0.0, 3.0, 0.2, 0.0, 0.0, 1.0], np.float64)
"""KOI's MCTS parameters with 2-4 players: no rollout, the heuristic (sound mid-turn,
``kernel.settle``) judging each new node. Against greedy, 1000 iterations a decision, 40 games:
15 wins against 5 with the default 40-step rollouts, in a sixth of the time (docs/ai.md, "KOI");
values normalised, exploration 0.3: 23 wins of 40 against 14 without (2,000 iterations,
docs/ai.md, "The AI")."""


HEURISTIC_PARAMS = defaults(weights.HEURISTIC)
"""The heuristic's default weights, by index (``weights.HEURISTIC`` names them)."""
