"""The Kokoro heuristic's named weights (``kernel.estimate`` says how each is used), with the
range ``solver tune`` searches and ``solver params`` shows. Set by seeded solo games on the blue
side (``docs/ai.md``); a pack or a parameters file may set them otherwise.

    >>> HEURISTIC[H_LINK].name, HEURISTIC[H_LINK].default
    ('link', 6.0)
"""

from __future__ import annotations

from solver.core.params import MULTI, Parameter

GAME = "kokoro"

(
    H_CURRENT, H_NEXT, H_LATER, H_GUARDIANS, H_GUARDIAN_GROWTH, H_GROWTH, H_TWO_ENDS, H_BARE,
    H_SHARPNESS, H_LINK, H_FRONTIER, H_TEMPERATURE,
) = range(12)  # fmt: skip

HEURISTIC = (
    Parameter("current", H_CURRENT, 0.0, 4.0, "worth of this round's sanctuary (its expected box)", default=1.5),
    Parameter("next", H_NEXT, 0.0, 4.0, "worth of the next round's sanctuary", default=1.0),
    Parameter("later", H_LATER, 0.0, 4.0, "worth of the networks of the sanctuaries still to come, per round "
              "after the next", default=1.5),
    Parameter("guardians", H_GUARDIANS, 0.0, 3.0, "worth of a feature a guardian counts", default=0.75),
    Parameter("guardian_growth", H_GUARDIAN_GROWTH, 0.0, 2.0, "worth of a guardian's expected growth",
              default=0.25),
    Parameter("growth", H_GROWTH, 0.0, 2.0, "features a path gains per card with one open end", default=0.5),
    Parameter("two_ends", H_TWO_ENDS, 1.0, 5.0, "the growth factor of a path with two open ends", default=2.5),
    Parameter("bare", H_BARE, 0.0, 3.0, "the growth factor of a space with nothing drawn yet", default=1.0),
    Parameter("sharpness", H_SHARPNESS, 0.1, 5.0, "sharpness of the chance to beat the previous box",
              default=1.5),
    Parameter("link", H_LINK, 0.5, 15.0, "cost of an empty space between two networks (the chance to join "
              "them is exp(-link d / (1 + cards)))", default=6.0),
    Parameter("frontier", H_FRONTIER, 0.0, 2.0, "worth of a feature in a space an open end leads into",
              default=0.5),
    Parameter("temperature", H_TEMPERATURE, 0.01, 2.0, "temperature of the multiplayer softmax over estimated "
              "scores", counts=MULTI, default=0.25),
)  # fmt: skip
"""The weights, by index (``layout.HEURISTIC_PARAMS`` holds their defaults)."""
