"""The three dice: the 56 rolls, what each die means for a route, and what Local Guides cost.

A roll is the three values in ascending order (which die showed which value does not matter), one
of 56, each as likely as the number of orders it can come in out of 216::

    >>> len(ROLLS), ROLLS[0], ROLL_ODDS[0], ROLLS[1], ROLL_ODDS[1] * 216
    (56, (1, 1, 1), 0.004629629629629629, (1, 1, 2), 3.0)

A deviation die of 1 to 3 allows one turn, 4 to 6 two turns ("up to"). A Local Guide adds or
subtracts 1 from any one die, 6 and 1 wrapping round; several guides may change the same die::

    >>> turns_allowed(3), turns_allowed(4), changed(6, +1), guides_needed(6, 2), guides_needed(2, 5)
    (1, 2, 1, 2, 3)
"""

from __future__ import annotations

import itertools
from math import factorial

FACES = 6
VALUES = tuple(range(1, FACES + 1))
ROLLS: tuple[tuple[int, int, int], ...] = tuple(itertools.combinations_with_replacement(VALUES, 3))
"""The 56 rolls, ascending triples in lexicographic order: roll ``i`` is chance outcome ``i``."""


def _orders(roll: tuple[int, int, int]) -> int:
    counts = [roll.count(v) for v in set(roll)]
    result = factorial(3)
    for c in counts:
        result //= factorial(c)
    return result


ROLL_ODDS: tuple[float, ...] = tuple(_orders(r) / FACES**3 for r in ROLLS)
"""The probability of each roll."""

ROLL_OF_ORDERED: tuple[int, ...] = tuple(
    ROLLS.index(tuple(sorted(dice))) for dice in itertools.product(VALUES, repeat=3)
)
"""The roll of each of the 216 ordered throws (first die slowest): how a seeded generator rolls."""

MAX_TURNS = 2


def turns_allowed(deviation: int) -> int:
    """How many turns a deviation die allows: 1 for 1-3, 2 for 4-6."""
    return 1 if deviation <= 3 else 2


def changed(value: int, delta: int) -> int:
    """A die value after guides add ``delta`` to it (6 + 1 is 1, 1 - 1 is 6)."""
    return (value - 1 + delta) % FACES + 1


def guides_needed(value: int, wanted: int) -> int:
    """The fewest Local Guides that turn a die showing ``value`` into ``wanted`` (0 to 3)."""
    gap = abs(value - wanted)
    return min(gap, FACES - gap)
