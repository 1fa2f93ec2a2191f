"""Random-playout speed of the Kokoro backends, reference (plain Python) and numba, side by side.

    PYTHONPATH=. python bench/kokoro_playouts.py                  # solo, 200 vs 20000 games
    PYTHONPATH=. python bench/kokoro_playouts.py --players 4 --side pink --decree harmony --json

Both backends run in this one process, after the numba kernel is compiled (or loaded from its
cache) and warmed with a few untimed games; each measurement is repeated ``--repeat`` times and
the median reported. The headline ratio compares **the same games**: the reference engine is
driven by a Python copy of the kernel's generator and sampling rule (``replay``), which plays
exactly the kernel's games (checked: same steps and returns, game by game). Per-step rates are
compared as well, and the reference's own ``solver.random_playouts`` (another generator, other
games) is timed to show the driver does not matter.
"""

from __future__ import annotations

from typing import Any

from _playouts import SplitMix, compare, parser


def replay_step(state: Any, rng: SplitMix) -> int:
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
