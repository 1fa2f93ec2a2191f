"""The Go Goa heuristic's named weights (``kernel.estimate`` and ``kernel.heuristic`` say how each
is used), with the range ``solver tune`` searches and ``solver params`` shows. Tuned on seeded
solo games, the tour plans' share and the chance per destination last, by regret against
hindsight bounds (``docs/ai.md``; the reference map is calibrated for these weights); a pack or a
parameters file may set them otherwise.

    >>> HEURISTIC[P_LOOKAHEAD].name, HEURISTIC[P_LOOKAHEAD].integer
    ('lookahead', True)
"""

from __future__ import annotations

from solver.core.params import MULTI, Parameter

GAME = "gogoa"

P_NEAR, P_TYPES, P_RADIUS, P_PACE, P_LAND, P_GUIDE, P_UNKEPT = range(7)
P_TEMPERATURE, P_LOOKAHEAD, P_PLAN, P_BONUS, P_BEAM, P_HORIZON, P_SIGHT_BEAM = range(7, 14)

HEURISTIC = (
    Parameter("near", P_NEAR, 0.0, 0.5, "the chance per new destination within three steps of ending a day on "
              "one", default=0.084),
    Parameter("types", P_TYPES, 0.0, 2.0, "the share counted of the sets and same-type points the best mix of "
              "types would add", default=0.8),
    Parameter("radius", P_RADIUS, 0.5, 8.0, "the steps per day left within which new destinations count for "
              "that mix", default=4.0),
    Parameter("pace", P_PACE, 1.0, 8.0, "the steps a day towards tour plan places", default=4.0),
    Parameter("land", P_LAND, 0.01, 1.0, "the chance a day of landing on a given place", default=0.25),
    Parameter("guide", P_GUIDE, 0.0, 20.0, "points per unused Local Guide", default=8.0),
    Parameter("unkept", P_UNKEPT, 0.0, 60.0, "points for tour plans not chosen yet", default=30.0),
    Parameter("temperature", P_TEMPERATURE, 1.0, 50.0, "temperature (points) of the multiplayer softmax",
              counts=MULTI, default=12.0),
    Parameter("lookahead", P_LOOKAHEAD, 0, 2, "the days of routes the heuristic looks ahead (the greedy "
              "agent's lookahead option sets it too)", integer=True, default=1),
    Parameter("plan", P_PLAN, 0.0, 4.0, "the share counted of a tour plan's points", default=2.0),
    Parameter("bonus", P_BONUS, 0.0, 30.0, "the points counted for Dudhsagar (its bonus)", default=10.0),
    Parameter("beam", P_BEAM, 1, 8, "with a lookahead of 2, the best hexes per roll looked at again",
              integer=True, default=3),
    Parameter("horizon", P_HORIZON, 1, 12, "the days of rolls the AI's foresight knows (``kernel.foresight``)",
              integer=True, default=6),
    Parameter("sight_beam", P_SIGHT_BEAM, 1, 64, "the positions the AI's foresight keeps after each day",
              integer=True, default=16),
)  # fmt: skip
"""The weights, by index (``layout.HEURISTIC_PARAMS`` holds their defaults)."""
