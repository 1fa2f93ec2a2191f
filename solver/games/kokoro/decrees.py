"""Decree cards: one extra rule for a whole game, chosen with the game option ``decree``.

The 16 real decree texts are not public, so the library ships the mechanism with a few example
decrees **of its own invention** (``ours=True``), one of each kind the rulebook mentions:

- a *placement* decree restricts where a segment may be drawn (``allows``);
- a *scoring* decree adds points at the end, written in the decree box next to the flower
  guardian (``bonus``).

A blue decree works on either side of the mat, a pink one only on the pink side. The kernel knows
each decree by its ``code``; a new decree needs its rule here and in ``kernel.py``.

    >>> sorted(DECREES)
    ['closed_forest', 'harmony', 'twin_guardians']
    >>> DECREES["twin_guardians"].sides
    ('pink',)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solver.games.kokoro.network import neighbour, network
from solver.games.kokoro.pack import SANCTUARIES, Mat
from solver.games.kokoro.segments import SEGMENTS

Guardians = dict[str, "int | None"]


def _stays_on_the_mat(mat: Mat, segment: int, space: int) -> bool:
    return all(neighbour(mat, space, side) is not None for side in SEGMENTS[segment])


def _harmony(mat: Mat, paths: Sequence[int], guardians: Guardians) -> int:
    linked = set().union(*(network(mat, paths, g) for g in guardians.values() if g is not None))
    return HARMONY_POINTS * sum(mat.sanctuary_space(letter) in linked for letter in SANCTUARIES)


def _twin_guardians(mat: Mat, paths: Sequence[int], guardians: Guardians) -> int:
    lady, lion = guardians["lady"], guardians["lion"]
    return TWIN_POINTS if lion in network(mat, paths, lady) else 0


HARMONY_POINTS = 2
TWIN_POINTS = 10


@dataclass(frozen=True)
class Decree:
    """One decree card: what it says, where it may be used, and its rule."""

    name: str
    code: int  # the kernel's number for it (0 is "no decree")
    sides: tuple[str, ...]  # the mat sides it may be played on
    kind: str  # "placement" or "scoring"
    text: str
    allows: Callable[[Mat, int, int], bool] | None = None  # (mat, segment, space) -> may draw there
    bonus: Callable[[Mat, Sequence[int], Guardians], int] | None = None  # end-of-game points
    max_bonus: int = 0
    ours: bool = True  # invented by this library: the real decree texts are not public


DECREES: dict[str, Decree] = {
    d.name: d
    for d in (
        Decree(
            "closed_forest", 1, ("blue", "pink"), "placement",
            "No path leads off the mat: a segment may not be drawn in a space where one of its "
            "ends would touch the edge of the mat.",
            allows=_stays_on_the_mat,
        ),
        Decree(
            "harmony", 2, ("blue", "pink"), "scoring",
            f"At the end, {HARMONY_POINTS} points for each sanctuary (scored or not) connected by "
            "drawn paths to the lady or the lion.",
            bonus=_harmony, max_bonus=HARMONY_POINTS * len(SANCTUARIES),
        ),
        Decree(
            "twin_guardians", 3, ("pink",), "scoring",
            f"At the end, {TWIN_POINTS} points if the two guardians are connected to each other by "
            "drawn paths.",
            bonus=_twin_guardians, max_bonus=TWIN_POINTS,
        ),
    )
}  # fmt: skip
"""The example decrees by name (all ours)."""
