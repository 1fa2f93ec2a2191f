"""Draw the reference pictures in ``docs/pictures/``: one seeded mid-game position of each game with
the best turn the AI finds drawn over it (``solver.render.svg``), as SVG and PNG::

    python scripts/make_pictures.py          # write docs/pictures/<game>.svg and .png

Every choice is seeded and the search is bounded by iterations, so the pictures are the same on every
run (the PNGs need cairosvg: ``pip install -e ".[png]"``).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import solver  # noqa: E402
from solver.render import svg  # noqa: E402

OUT = ROOT / "docs" / "pictures"
POSITIONS = {
    "godo": ({"players": 2}, 7, 60),
    "gogoa": ({"players": 2}, 3, 12),
    "kokoro": ({"players": 1}, 5, 40),
    "koi": ({"players": 2}, 4, 50),
}
"""Each game's options, the seed of its random walk and the number of steps the walk takes."""


def position(name: str, options: dict, seed: int, steps: int):
    """The first decision after ``steps`` seeded random actions from the start."""
    state = solver.load_game(name, backend="numba", **options).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(legal))
    while state.is_chance_node() or not state.turn_start():
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(legal))
    return state


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (options, seed, steps) in POSITIONS.items():
        state = position(name, options, seed, steps)
        turn = solver.best_move(state, iterations=300, seed=1)
        picture = svg(state, highlight=turn.actions, size=900)
        (OUT / f"{name}.svg").write_text(picture)
        (OUT / f"{name}.png").write_bytes(picture.png())
        print(f"{name}: {turn.plan}")


if __name__ == "__main__":
    main()
