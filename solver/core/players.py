"""The players: OpenSpiel's special values of ``State.current_player()``, and who wins.

    >>> best_seats([(120, 2), (120, 5), (90, 9)])
    [1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

CHANCE = -1
"""The player to move at a chance node (a tile draw, a dice roll)."""

TERMINAL = -4
"""The player to move once the game is over."""


def best_seats(keys: Sequence[Any]) -> list[int]:
    """The seats whose key is the best (the highest): a game's winners, each seat's key its score
    and then its tie-breaks in order, so that a tie on the whole key is shared."""
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]
