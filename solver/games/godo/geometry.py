"""The geometry of the temple grounds: half-square tiles on a square lattice.

A Sacred Tile is a right isosceles triangle that fills half of a unit square of the lattice. Its two
legs lie on unit edges of the lattice and carry the coloured paths; its long edge (hypotenuse) is a
diagonal of the square and carries none. The corner between the legs is the *right* corner; the end
of leg ``a`` is corner ``a``, the end of leg ``b`` is corner ``b``.

A tile at square ``(x, y)`` with rotation ``r`` (0, 1, 2 or 3 quarter turns counter-clockwise) puts
its right corner at the square's corner number ``r``, counted counter-clockwise from the south-west:
``0`` SW, ``1`` SE, ``2`` NE, ``3`` NW. So the rotation is also the tile's *slot* in the square: the
two tiles that can share a square are those of rotations ``r`` and ``r + 2`` (long edge to long edge);
any other two would overlap.

Lattice points ``(px, py)`` are intersections once a tile has a corner there; a unit edge between two
lattice points is a path once it is the leg of a placed tile.

The table is a window of ``SIZE x SIZE`` squares, ``x, y`` in ``[LOW, HIGH)``, around the middle
square ``(0, 0)``; its lattice points, ``[LOW, HIGH]`` on each axis, are 64 per row, so a row of
points or edges fits one 64-bit word in the kernels. Tiles are laid edge to edge from the middle, so
the n-th tile lies at most ``n - 1`` squares from it: only a line of 32 tiles could reach the edge.

    >>> corner_points(0, 0, 0)
    ((0, 0), (1, 0), (0, 1))
    >>> leg_edges(0, 0, 1)
    (((1, 0), (1, 1)), ((0, 0), (1, 0)))
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

Point = tuple[int, int]
Edge = tuple[Point, Point]
"""A unit edge, its two end points in increasing order."""
Slot = tuple[int, int, int]
"""A tile position: square ``x``, square ``y`` and rotation (quarter turns)."""

SIZE = 63
LOW = -31
HIGH = LOW + SIZE  # squares x, y < HIGH; lattice points px, py <= HIGH
POINT_SPAN = SIZE + 1  # 64 lattice points per row

# The four corners of a unit square, counter-clockwise from the south-west, as offsets.
_SQUARE_CORNERS: tuple[Point, ...] = ((0, 0), (1, 0), (1, 1), (0, 1))

DIRECTIONS: tuple[Point, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
"""Unit steps east, north, west and south; a move's direction is an index into this."""
DIRECTION_NAMES = ("east", "north", "west", "south")

RIGHT, END_A, END_B = 0, 1, 2
CORNER_NAMES = ("right", "a", "b")


def in_window(x: int, y: int) -> bool:
    """Whether square ``(x, y)`` lies on the table."""
    return LOW <= x < HIGH and LOW <= y < HIGH


def point_in_window(p: Point) -> bool:
    """Whether lattice point ``p`` is a corner of a square on the table."""
    return LOW <= p[0] <= HIGH and LOW <= p[1] <= HIGH


@cache
def corner_points(x: int, y: int, r: int) -> tuple[Point, Point, Point]:
    """The lattice points of the right corner, corner ``a`` and corner ``b`` of a placed tile."""
    right, a, b = (_SQUARE_CORNERS[(r + k) % 4] for k in (0, 1, 3))
    return (x + right[0], y + right[1]), (x + a[0], y + a[1]), (x + b[0], y + b[1])


def edge(p: Point, q: Point) -> Edge:
    """The unit edge between two neighbouring lattice points, in canonical order."""
    return (p, q) if p <= q else (q, p)


@cache
def leg_edges(x: int, y: int, r: int) -> tuple[Edge, Edge]:
    """The unit edges under leg ``a`` and leg ``b`` of a placed tile."""
    right, a, b = corner_points(x, y, r)
    return edge(right, a), edge(right, b)


def complement(r: int) -> int:
    """The rotation of the tile that shares the square long edge to long edge."""
    return (r + 2) % 4


def overlapping(r: int) -> tuple[int, int]:
    """The rotations that would overlap a tile of rotation ``r`` in the same square."""
    return (r + 1) % 4, (r + 3) % 4


def squares_of_edge(e: Edge) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two squares on either side of a unit edge."""
    (px, py), (qx, qy) = e
    if py == qy:  # horizontal: the squares above and below
        return (px, py), (px, py - 1)
    return (px, py), (px - 1, py)


def neighbour_squares(x: int, y: int) -> Iterator[tuple[int, int]]:
    """The four squares that share an edge with square ``(x, y)``."""
    for dx, dy in DIRECTIONS:
        yield x + dx, y + dy


def step(p: Point, direction: int) -> Point:
    """The lattice point one unit from ``p`` in a direction (index into ``DIRECTIONS``)."""
    dx, dy = DIRECTIONS[direction]
    return p[0] + dx, p[1] + dy


def point_index(p: Point) -> int:
    """The number of a lattice point in the window, used by the action encoding."""
    return (p[1] - LOW) * POINT_SPAN + (p[0] - LOW)


def index_point(i: int) -> Point:
    """The lattice point numbered ``i`` (inverse of ``point_index``)."""
    return i % POINT_SPAN + LOW, i // POINT_SPAN + LOW


def rotation_degrees(r: int) -> int:
    """A rotation in degrees, as positions write it."""
    return 90 * r
