"""The end-of-trip score, the winner's tie-break and the solo achievements.

The five scoring circles of the sheet::

    souvenirs   10 per destination visited (a souvenir each)
    bonus       20 more for Dudhsagar (the pack's bonus destination)
    plans       the points of each kept tour plan whose three places were all visited
    sets        30 per set of five destinations of five different types
    same type   per type: 10 for 3 destinations of that type, 30 for 6 or more (instead of 10)

    >>> from solver.games.gogoa.pack import load_pack
    >>> pack = load_pack()
    >>> visited = {pack.hex_named(n) for n in ("Colva", "Palolem", "Cavelossim", "Dudhsagar", "Old Goa")}
    >>> score_parts(pack, visited, [])
    {'souvenirs': 50, 'bonus': 20, 'plans': 0, 'sets': 0, 'same_type': 10}
    >>> solo_title(240), solo_title(250)
    ('You do not need a Tour Guide', 'Practically Goan')
"""

from __future__ import annotations

from collections.abc import Collection

from solver.core.players import best_seats
from solver.games.gogoa.pack import BEACH, NUM_TYPES, Pack

SOUVENIR = 10
BONUS = 20
SET_OF_TYPES = 30
SAME_TYPE = ((6, 30), (3, 10))  # (destinations of one type, points), the best that applies
MAX_SCORE = 300
"""The most a trip of 12 days can score: 12 souvenirs (120), Dudhsagar (20), two 40-point plans
(80), two sets of types with two types of 3 (60 + 20). ``tests/gogoa`` checks it by enumeration."""

TITLES = (
    (250, "Practically Goan"),
    (220, "You do not need a Tour Guide"),
    (190, "You need your friend's advice on your tour"),
    (160, "First time in Goa"),
    (0, "Do not bother packing your bags"),
)
"""The solo achievements, by least score. Scores are multiples of 10; the book lists "220 - 240"
and "240+", and 240 is read as the former (Practically Goan is above 240)."""


def type_counts(pack: Pack, visited: Collection[int]) -> list[int]:
    """The number of destinations visited of each type."""
    counts = [0] * NUM_TYPES
    for hex_ in visited:
        counts[pack.destination(hex_).kind] += 1
    return counts


def same_type_points(count: int) -> int:
    return next((points for least, points in SAME_TYPE if count >= least), 0)


def score_parts(pack: Pack, visited: Collection[int], kept: Collection[int]) -> dict[str, int]:
    """The five parts of a sheet's score (``visited``: destination hexes; ``kept``: plan ids)."""
    counts = type_counts(pack, visited)
    return {
        "souvenirs": SOUVENIR * len(visited),
        "bonus": BONUS if pack.bonus in visited else 0,
        "plans": sum(
            pack.plans[c].points for c in kept if all(h in visited for h in pack.plans[c].places)
        ),
        "sets": SET_OF_TYPES * min(counts),
        "same_type": sum(same_type_points(n) for n in counts),
    }


def score(pack: Pack, visited: Collection[int], kept: Collection[int]) -> int:
    return sum(score_parts(pack, visited, kept).values())


def beaches(pack: Pack, visited: Collection[int]) -> int:
    """The beaches visited: fewer wins a tie."""
    return type_counts(pack, visited)[BEACH]


def winners(scores: list[int], beach_counts: list[int]) -> list[int]:
    """The highest score wins; a tie goes to the fewest beaches, then the victory is shared."""
    return best_seats([(score, -beaches) for score, beaches in zip(scores, beach_counts)])


def solo_title(total: int) -> str:
    """The achievement a solo score earns."""
    return next(title for least, title in TITLES if total >= least)
