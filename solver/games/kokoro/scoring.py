"""Scoring: sanctuary boxes, the final score, the winners, and the range a solo score can take.

A sanctuary scores the caterpillars and flowers connected to it, but only if that count is higher
than the previous sanctuary's box; otherwise its box is 0, and each 0 costs 5 points at the end (the
next sanctuary then needs only 1)::

    >>> sanctuary_box(4, [3]), sanctuary_box(3, [3]), sanctuary_box(1, [3, 0])
    (4, 0, 1)
    >>> final_score([2, 0, 5, 7, 9], lady=6, lion=4, decree=None)
    28
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.core.players import best_seats
from solver.games.kokoro.pack import Mat

ROUNDS = 5
PENALTY = 5
"""Points lost at the end for each sanctuary box holding 0."""
GOLDEN_PER_ROUND = 4
"""A round ends once its fourth golden path card has been resolved by everyone."""


def sanctuary_box(count: int, boxes: Sequence[int]) -> int:
    """The box a sanctuary connected to ``count`` features earns after the boxes ``boxes``."""
    previous = boxes[-1] if boxes else 0
    return count if count > previous else 0


def final_score(boxes: Sequence[int], lady: int, lion: int, decree: int | None) -> int:
    """Sanctuary boxes, guardian boxes and the decree box, less 5 per sanctuary box at 0."""
    return sum(boxes) + lady + lion + (decree or 0) - PENALTY * sum(b == 0 for b in boxes)


def winners(totals: Sequence[int], boxes: Sequence[Sequence[int]]) -> list[int]:
    """The seats with the best total; a tie goes to the single highest score box (any box on the
    sheet: sanctuaries, guardians, decree), and a tie there is shared."""
    return best_seats([(total, max(sheet, default=0)) for total, sheet in zip(totals, boxes)])


def score_range(mat: Mat, max_bonus: int) -> tuple[int, int]:
    """(lowest, highest) final score a game on this mat can give, for the solo ``returns``.

    Lowest: five sanctuary boxes at 0 and nothing else. Highest: a bound no game can pass: each
    sanctuary box at most every feature of the mat, the guardians every caterpillar and every
    flower, and the decree's largest bonus.
    """
    features = mat.caterpillars + mat.flowers
    return -PENALTY * ROUNDS, ROUNDS * features + features + max_bonus
