"""The hex grid every Go Goa map is drawn on: flat-top hexes, 12 columns by 16 rows.

Hexes have a flat top, so the six neighbours lie exactly along the compass of the dice: 1 up, then
clockwise 2 upper-right, 3 lower-right, 4 down, 5 lower-left, 6 upper-left; opposite directions
are three apart. Columns are offset: odd columns sit half a hex lower than even ones ("odd-q").

A hex is an index ``row * WIDTH + col`` (0 to 191, so a set of hexes fits three 64-bit words)
and has a label, its column letter and row number as on a map: ``A1`` is the top-left hex.

    >>> label(0), label(index("L16"))
    ('A1', 'L16')
    >>> label(neighbour(index("C5"), 1)), label(neighbour(index("C5"), 2))
    ('C4', 'D4')
    >>> label(neighbour(index("D5"), 2)), opposite(2)
    ('E5', 5)
"""

from __future__ import annotations

import math

WIDTH = 12
HEIGHT = 16
CELLS = WIDTH * HEIGHT
DIRECTIONS = (1, 2, 3, 4, 5, 6)
DIRECTION_NAMES = {
    1: "up",
    2: "upper-right",
    3: "lower-right",
    4: "down",
    5: "lower-left",
    6: "upper-left",
}
LETTERS = "ABCDEFGHIJKL"

STEPS = {
    1: ((0, -1), (0, -1)),
    2: ((1, -1), (1, 0)),
    3: ((1, 0), (1, 1)),
    4: ((0, 1), (0, 1)),
    5: ((-1, 0), (-1, 1)),
    6: ((-1, -1), (-1, 0)),
}
"""(column step, row step) of each direction, for even and for odd columns."""


def col_row(hex_: int) -> tuple[int, int]:
    """The column and row of a hex."""
    return hex_ % WIDTH, hex_ // WIDTH


def at(col: int, row: int) -> int | None:
    """The hex at a column and row, or None outside the grid."""
    if 0 <= col < WIDTH and 0 <= row < HEIGHT:
        return row * WIDTH + col
    return None


def opposite(direction: int) -> int:
    """The direction three steps round the compass."""
    return (direction + 2) % 6 + 1


def _step(hex_: int, direction: int) -> int | None:
    col, row = col_row(hex_)
    dc, dr = STEPS[direction][col & 1]
    return at(col + dc, row + dr)


_NEIGHBOURS = tuple({d: _step(h, d) for d in DIRECTIONS} for h in range(CELLS))


def neighbour(hex_: int, direction: int) -> int | None:
    """The next hex in a direction, or None off the grid."""
    return _NEIGHBOURS[hex_][direction]


def label(hex_: int) -> str:
    """The map label of a hex, e.g. ``"C12"``."""
    col, row = col_row(hex_)
    return f"{LETTERS[col]}{row + 1}"


def index(text: str) -> int | None:
    """The hex a label names, or None if it names no hex of the grid. Digits are ASCII only:
    ``str.isdigit`` also passes ``"G²"`` (which ``int`` refuses) and ``"G١٢"`` (read as ``G12``)."""
    if (
        not isinstance(text, str)
        or len(text) < 2
        or text[0] not in LETTERS
        or not (text[1:].isascii() and text[1:].isdigit())
    ):
        return None
    if text[1] == "0":
        return None
    return at(LETTERS.index(text[0]), int(text[1:]) - 1)


def centre(hex_: int) -> tuple[float, float]:
    """The centre of a hex in drawing units (hex radius 1, x to the right, y downwards)."""
    col, row = col_row(hex_)
    return 1.5 * col, math.sqrt(3) * (row + 0.5 * (col & 1))


def distance(a: int, b: int) -> int:
    """The number of steps between two hexes on an open grid (ignoring land and sea)."""

    def cube(h: int) -> tuple[int, int]:
        col, row = col_row(h)
        return col, row - (col - (col & 1)) // 2

    (q1, r1), (q2, r2) = cube(a), cube(b)
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2
