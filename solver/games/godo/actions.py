"""The GODŌ action encoding, shared by every backend (reference, numba, C).

A turn is a sequence of small decisions, each one integer in ``[0, NUM_ACTIONS)``. Ranges, in order:

=============  =====================================  ==================================================
name           payload                                meaning
=============  =====================================  ==================================================
``PASS``       none                                   stop moving, end improving or sharing, skip an
                                                      exchange or a Sacred Specialty
``MOVE``       direction (4) x payment (6)            move the monk along the path in that direction
``ADVANCE``    colour (5) x track (5)                 move a track's Ensō token right onto a space
                                                      showing that colour (initiation, improvement,
                                                      sharing)
``NUDGE``      track (5)                              no first move was possible: move that track's
                                                      token one step right
``EXCHANGE``   give (5) x take (5)                    a Fox Shrine exchange
``PUSH``       player (5) x direction (4)             Move-Monk: move another player's monk
``DRAW``       tile (60)                              chance: that tile is drawn
``POINT``      lattice point                          choose an intersection (start of a monk, an Ensō
                                                      token, the solo stock, Move-Ensō)
``GATE``       lattice point x payment (6)            travel to the Sacred Gate at that point
``PLACE``      tile x square y x square x x rotation  lay a tile (or relocate it, in that phase)
=============  =====================================  ==================================================

A payment is the track whose token moves one space left (0-4), or ``FREE`` (5) for a mastered colour.

    >>> place_action(17, (3, -2, 1)) == place_action(*decode_place(place_action(17, (3, -2, 1))))
    True
"""

from __future__ import annotations

from solver.games.godo import geometry as geo
from solver.games.godo.geometry import Point, Slot
from solver.games.godo.pack import NUM_COLOURS, NUM_TILES

FREE = NUM_COLOURS
PAYMENTS = NUM_COLOURS + 1
MAX_PLAYERS = 5
NUM_POINTS = geo.POINT_SPAN * geo.POINT_SPAN

PASS = 0
MOVE = 1
ADVANCE = MOVE + 4 * PAYMENTS
NUDGE = ADVANCE + NUM_COLOURS * NUM_COLOURS
EXCHANGE = NUDGE + NUM_COLOURS
PUSH = EXCHANGE + NUM_COLOURS * NUM_COLOURS
DRAW = PUSH + MAX_PLAYERS * 4
POINT = DRAW + NUM_TILES
GATE = POINT + NUM_POINTS
PLACE = GATE + NUM_POINTS * PAYMENTS
NUM_ACTIONS = PLACE + NUM_TILES * geo.SIZE * geo.SIZE * 4


def move_action(direction: int, payment: int) -> int:
    return MOVE + direction * PAYMENTS + payment


def advance_action(colour: int, track: int) -> int:
    return ADVANCE + colour * NUM_COLOURS + track


def nudge_action(track: int) -> int:
    return NUDGE + track


def exchange_action(give: int, take: int) -> int:
    return EXCHANGE + give * NUM_COLOURS + take


def push_action(player: int, direction: int) -> int:
    return PUSH + player * 4 + direction


def draw_action(tile: int) -> int:
    return DRAW + tile


def point_action(p: Point) -> int:
    return POINT + geo.point_index(p)


def gate_action(p: Point, payment: int) -> int:
    return GATE + geo.point_index(p) * PAYMENTS + payment


def place_action(tile: int, slot: Slot) -> int:
    x, y, r = slot
    return PLACE + ((tile * geo.SIZE + (y - geo.LOW)) * geo.SIZE + (x - geo.LOW)) * 4 + r


def decode_place(action: int) -> tuple[int, Slot]:
    """The tile and slot of a ``PLACE`` action."""
    rest, r = divmod(action - PLACE, 4)
    rest, xi = divmod(rest, geo.SIZE)
    tile, yi = divmod(rest, geo.SIZE)
    return tile, (xi + geo.LOW, yi + geo.LOW, r)


def kind(action: int) -> str:
    """The name of the range an action falls in ("pass", "move", ..., "place")."""
    for name, start in reversed(_RANGES):
        if action >= start:
            return name
    raise ValueError(f"negative action {action}")


def payload(action: int) -> int:
    """An action's offset inside its range."""
    return action - dict(_RANGES)[kind(action)]


_RANGES = (
    ("pass", PASS),
    ("move", MOVE),
    ("advance", ADVANCE),
    ("nudge", NUDGE),
    ("exchange", EXCHANGE),
    ("push", PUSH),
    ("draw", DRAW),
    ("point", POINT),
    ("gate", GATE),
    ("place", PLACE),
)
