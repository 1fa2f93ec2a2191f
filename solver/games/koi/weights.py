"""The KOI heuristic's named weights (``kernel.estimate`` says how each is used), with the range
``solver tune`` searches and ``solver params`` shows. Set by seeded solo games, the temperature by
2-player arenas (``docs/ai.md``); a pack or a parameters file may set them otherwise.

    >>> HEURISTIC[H_COIN].name, HEURISTIC[H_COIN].default
    ('coin', 0.35)
"""

from __future__ import annotations

from solver.core.params import MULTI, Parameter

GAME = "koi"

(
    H_STORED_KOI, H_KOI_NO_WATER, H_STORED_WATER, H_STORED_GARDEN, H_COIN, H_COIN_LINEAR,
    H_FREE_WATER, H_LILY_SLOT, H_LANTERN_SLOT, H_DRY_GARDEN, H_TEMPERATURE, H_CARD_LEFT,
) = range(12)  # fmt: skip

HEURISTIC = (
    Parameter("stored_koi", H_STORED_KOI, 0.0, 1.5, "the share of its points a stored koi is worth (it "
              "still has to be placed)", default=0.6),
    Parameter("koi_no_water", H_KOI_NO_WATER, 0.0, 1.0, "that share for the stored koi beyond the free water "
              "hexes (pond and stored water)", default=0.25),
    Parameter("stored_water", H_STORED_WATER, 0.0, 2.0, "worth of a stored water tile", default=0.1),
    Parameter("stored_garden", H_STORED_GARDEN, 0.0, 1.5, "the share of its points by water a stored foliage "
              "or shore is worth", default=0.6),
    Parameter("coin", H_COIN, 0.0, 1.5, "the share of the koi points the player's coins can still buy (best "
              "value first, as many koi as purchase chances are left)", default=0.35),
    Parameter("coin_linear", H_COIN_LINEAR, 0.0, 2.0, "worth of each coin besides", default=0.0),
    Parameter("free_water", H_FREE_WATER, 0.0, 3.0, "worth of a water hex without a koi", default=0.5),
    Parameter("lily_slot", H_LILY_SLOT, 0.0, 1.5, "worth of a free water or empty hex next to a water-lily "
              "(a koi there scores the lily again)", default=0.2),
    Parameter("lantern_slot", H_LANTERN_SLOT, 0.0, 1.5, "worth of an empty hex next to a lantern", default=0.1),
    Parameter("dry_garden", H_DRY_GARDEN, 0.0, 1.5, "the share of its points of a foliage or shore hex not yet "
              "by water with an empty hex beside it", default=0.4),
    Parameter("temperature", H_TEMPERATURE, 0.01, 1.0, "temperature of the multiplayer softmax over estimated "
              "scores", counts=MULTI, default=0.1),
    Parameter("card_left", H_CARD_LEFT, 0.0, 8.0, "the points a player's share of each card left in the deck "
              "is worth (the meditations still to come)", default=3.0),
)  # fmt: skip
"""The weights, by index (``layout.HEURISTIC_PARAMS`` holds their defaults)."""
