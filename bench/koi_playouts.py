"""Random-playout speed of the KOI backends, reference (plain Python) and numba, side by side.

    PYTHONPATH=. python bench/koi_playouts.py                  # solo, 200 vs 20000 games
    PYTHONPATH=. python bench/koi_playouts.py --players 4 --json

What is measured and how: ``bench/_playouts.py``.
"""

from __future__ import annotations

from typing import Any

from _playouts import compare, parser

from solver.core.rng import SplitMix64
from solver.games.koi.actions import FLIP


def replay_step(state: Any, rng: SplitMix64) -> int:
    """The action the kernel's ``random_playout`` takes here: the card flipped is the
    ``below(cards left)``-th card counted kind by kind; a decision is the ``below(n)``-th of its
    ``n`` legal actions."""
    if state.is_chance_node():
        r = rng.below(sum(state.deck))
        for kind, n in enumerate(state.deck):
            if r < n:
                return FLIP + kind
            r -= n
    actions = state.legal_actions()
    return actions[rng.below(len(actions))]


def main() -> None:
    flags = parser(__doc__)
    compare(flags, "koi", {}, "KOI random playouts, reference pack", replay_step)


if __name__ == "__main__":
    main()
