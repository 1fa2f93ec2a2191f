"""Which spaces of a mat the drawn paths join: the reference connectivity, one space at a time.

Two side-by-side spaces are joined when both segments drawn in them reach their shared side. A
space counts as connected only if a path is drawn in it: a path that merely leads to its edge does
not connect it. (The kernel computes the same with bitboards and a flood fill over words.)

    >>> from solver.games.kokoro.pack import load_pack
    >>> mat = load_pack().mats["blue"]
    >>> paths = [0] * 42
    >>> paths[0], paths[1] = 3, 4                  # ┌ then ┐ in the top row, joined at their sides
    >>> sorted(network(mat, paths, 0)), network(mat, paths, 2)
    ([0, 1], set())
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.games.kokoro.pack import Mat
from solver.games.kokoro.segments import BOTTOM, EMPTY, LEFT, OPPOSITE, RIGHT, SIDES, TOP, opens


def neighbour(mat: Mat, space: int, side: int) -> int | None:
    """The space across a side of a space, or None at the edge of the mat."""
    row, col = mat.coords(space)
    row += {TOP: -1, BOTTOM: 1}.get(side, 0)
    col += {LEFT: -1, RIGHT: 1}.get(side, 0)
    if 0 <= row < mat.rows and 0 <= col < mat.columns:
        return row * mat.columns + col
    return None


def network(mat: Mat, paths: Sequence[int], start: int) -> set[int]:
    """The spaces connected to ``start`` through drawn paths (``start`` included), or the empty set
    when nothing is drawn in ``start``. ``paths[i]`` is the segment drawn in space ``i``."""
    if paths[start] == EMPTY:
        return set()
    seen, todo = {start}, [start]
    while todo:
        space = todo.pop()
        for side in range(len(SIDES)):
            other = neighbour(mat, space, side)
            if (
                other is not None
                and other not in seen
                and opens(paths[space], side)
                and opens(paths[other], OPPOSITE[side])
            ):
                seen.add(other)
                todo.append(other)
    return seen


def connected_features(mat: Mat, paths: Sequence[int], start: int) -> tuple[int, int]:
    """(caterpillars, flowers) in the spaces connected to ``start``."""
    spaces = network(mat, paths, start)
    return (
        sum(mat.spaces[i].caterpillars for i in spaces),
        sum(mat.spaces[i].flowers for i in spaces),
    )
