"""The GODŌ heuristic's named weights (``kernel.heuristic`` says how each is used: every kernel,
C included, reads them by these indices), with the range ``solver tune`` searches and ``solver
params`` shows; a pack or a parameters file may set them otherwise.

    >>> [p.name for p in HEURISTIC]
    ['temperature', 'pace', 'margin', 'token', 'open_lotus', 'mastery']
"""

from __future__ import annotations

from solver.core.params import MULTI, SOLO, Parameter

GAME = "godo"

HEURISTIC = (
    Parameter("temperature", 0, 0.05, 2.0, "temperature of the multiplayer softmax over journal progress",
              counts=MULTI, default=0.35),
    Parameter("pace", 1, 0.5, 4.0, "journal steps a solo turn makes", counts=SOLO, default=2.0),
    Parameter("margin", 2, 0.1, 3.0, "slope of the solo chance of mastering everything in the stock's turns "
              "to spare", counts=SOLO, default=0.8),
    Parameter("token", 3, 0.0, 2.0, "worth of a collected virtue token, in journal steps", default=0.5),
    Parameter("open_lotus", 4, 0.0, 1.5, "worth (solo) of a virtue symbol at an intersection without an Ensō "
              "token, in journal steps", counts=SOLO, default=0.3),
    Parameter("mastery", 5, -3.0, 3.0, "journal steps a mastered track counts beyond 6 (multiplayer; its five "
              "steps reach the mastery space)", counts=MULTI, default=-1.5),
)  # fmt: skip
"""The weights, by index (``layout.HEURISTIC_PARAMS`` holds their defaults)."""
