"""Random-playout speed of the Kokoro backends, reference (plain Python) and numba, side by side.

    PYTHONPATH=. python bench/kokoro_playouts.py                  # solo, 200 vs 20000 games
    PYTHONPATH=. python bench/kokoro_playouts.py --players 4 --side pink --decree harmony --json

What is measured and how: ``bench/_playouts.py``.
"""

from __future__ import annotations

from typing import Any

from _playouts import compare, parser

from solver.core.rng import SplitMix64


def replay_step(state: Any, rng: SplitMix64) -> int:
    """The action the kernel's ``random_playout`` takes here: a path card is the
    ``below(cards left)``-th card counted kind by kind; any other node takes the
    ``below(n)``-th of its sorted legal actions (or outcomes)."""
    if state.phase == "path":
        r = rng.below(sum(state.deck.values()))
        for (segment, golden), n in state.deck.items():
            if r < n:
                return 64 + 2 * (segment - 1) + golden
            r -= n
    actions = state.legal_actions()
    return actions[rng.below(len(actions))]


def main() -> None:
    flags = parser(__doc__)
    flags.add_argument("--side", default="blue", choices=("blue", "pink"))
    flags.add_argument("--decree", default=None)
    args = flags.parse_known_args()[0]
    compare(flags, "kokoro", {"side": args.side, "decree": args.decree}, f"Kokoro random playouts, side {args.side}, decree {args.decree}", replay_step)


if __name__ == "__main__":
    main()
