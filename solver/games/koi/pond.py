"""The pond's hex grid: a hexagon of radius 4 around the spring tile, 61 hexes.

Every player's pond grows from the spring tile at its centre; it may not grow past the hexagon
(OURS: the table space of a pond, so that a pond is one 64-bit word of hexes). Hexes have axial
coordinates ``(q, r)`` with ``|q|, |r|, |q + r| <= 4`` and are numbered row by row (``r`` from -4
at the top), left to right, 0 to 60. People read a hex as its row letter A-I (top to bottom) and
its place in the row from 1 at the left: the spring is ``E5``.

A shore tile covers 3 hexes that touch each other: a triangle. Every triangle is a hex with the one
to its right and one of the two below it (``SHORE_SHAPES``), so a shore placement is a hex and a
shape, 0 or 1.

    >>> SPRING, label(SPRING), CELLS
    (30, 'E5', 61)
    >>> [label(n) for n in neighbours(SPRING)]
    ['E6', 'D5', 'D4', 'E4', 'F4', 'F5']
    >>> [label(h) for h in triangle(SPRING, 0)], triangle(60, 0)
    (['E5', 'E6', 'F5'], None)
"""

from __future__ import annotations

RADIUS = 4
ROWS = "ABCDEFGHI"
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Axial steps: right, upper right, upper left, left, lower left, lower right."""
SHORE_SHAPES = (((1, 0), (0, 1)), ((1, 0), (1, -1)))
"""A triangle: the hex, the hex to its right, and the hex below-right of it (shape 0) or the hex
above-right of it (shape 1)."""


def _inside(q: int, r: int) -> bool:
    return max(abs(q), abs(r), abs(q + r)) <= RADIUS


COORDS: tuple[tuple[int, int], ...] = tuple(
    (q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1) if _inside(q, r)
)
"""The axial coordinates of each hex, by index."""
CELLS = len(COORDS)
_INDEX = {c: i for i, c in enumerate(COORDS)}
SPRING = _INDEX[0, 0]


def at(q: int, r: int) -> int | None:
    """The hex at axial ``(q, r)``, or None outside the pond's hexagon."""
    return _INDEX.get((q, r))


def _step(cell: int, step: tuple[int, int]) -> int | None:
    q, r = COORDS[cell]
    return at(q + step[0], r + step[1])


_NEIGHBOURS = tuple(
    tuple(n for d in DIRECTIONS if (n := _step(c, d)) is not None) for c in range(CELLS)
)
_TRIANGLES = tuple(
    tuple(
        None if None in (cells := (c, _step(c, a), _step(c, b))) else cells for a, b in SHORE_SHAPES
    )
    for c in range(CELLS)
)


def neighbours(cell: int) -> tuple[int, ...]:
    """The hexes next to ``cell`` inside the hexagon (2 to 6 of them)."""
    return _NEIGHBOURS[cell]


def triangle(cell: int, shape: int) -> tuple[int, int, int] | None:
    """The 3 hexes a shore tile covers at ``cell`` with ``shape`` (0 or 1), or None if one of them
    is outside the hexagon."""
    return _TRIANGLES[cell][shape]


def row_of(cell: int) -> int:
    """The row of a hex, 0 (A, the top) to 8 (I)."""
    return COORDS[cell][1] + RADIUS


def label(cell: int) -> str:
    """``E5``: the row letter and the place in the row, from 1 at the left."""
    q, r = COORDS[cell]
    return f"{ROWS[r + RADIUS]}{q - max(-RADIUS, -RADIUS - r) + 1}"


LABELS = tuple(label(c) for c in range(CELLS))
_BY_LABEL = {text: i for i, text in enumerate(LABELS)}


def parse_label(text: str) -> int | None:
    """The hex a label names, or None if it names none."""
    return _BY_LABEL.get(text)


def rows() -> list[list[int]]:
    """The hexes row by row, top to bottom (rows of 5, 6, ... 9, ... 5 hexes)."""
    found: list[list[int]] = [[] for _ in ROWS]
    for cell in range(CELLS):
        found[row_of(cell)].append(cell)
    return found
