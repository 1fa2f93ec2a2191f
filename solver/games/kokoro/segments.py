"""The six path segments of Kokoro and the four sides of a mat space they join.

A path card shows one segment: a 90° curve (four orientations) or a straight (across or up-down).
It is drawn exactly as shown, never rotated. The numbers are those of the path cards (Avenue's
numbering, see ``docs/rules/kokoro.md``)::

    >>> [SIDES[s] for s in SEGMENTS[3]]
    ['right', 'bottom']
    >>> GLYPHS[3], opens(3, BOTTOM), opens(3, TOP)
    ('┌', True, False)
"""

from __future__ import annotations

SIDES = ("top", "right", "bottom", "left")
TOP, RIGHT, BOTTOM, LEFT = range(4)
OPPOSITE = (BOTTOM, LEFT, TOP, RIGHT)
"""The side of the neighbouring space that touches each side of a space."""

SEGMENTS: dict[int, tuple[int, int]] = {
    1: (TOP, LEFT),
    2: (TOP, RIGHT),
    3: (RIGHT, BOTTOM),
    4: (LEFT, BOTTOM),
    5: (LEFT, RIGHT),
    6: (TOP, BOTTOM),
}
"""Segment number -> the two sides of the space it joins."""

NUM_SEGMENTS = len(SEGMENTS)
EMPTY = 0
"""No segment drawn in a space."""

GLYPHS = {EMPTY: "·", 1: "┘", 2: "└", 3: "┌", 4: "┐", 5: "─", 6: "│"}
NAMES = {
    1: "top-left curve",
    2: "top-right curve",
    3: "right-bottom curve",
    4: "left-bottom curve",
    5: "left-right straight",
    6: "top-bottom straight",
}


def opens(segment: int, side: int) -> bool:
    """Whether a segment (or ``EMPTY``) reaches a side of its space."""
    return segment != EMPTY and side in SEGMENTS[segment]


def describe(segment: int) -> str:
    """A segment in words with its picture, e.g. ``3 ┌ (right-bottom curve)``."""
    return f"{segment} {GLYPHS[segment]} ({NAMES[segment]})"
