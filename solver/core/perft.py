"""Perft: counting every action sequence of a given depth, to compare backends move for move.

Chance nodes are expanded like decisions: each outcome is one branch. A sequence that reaches the
end of the game before the depth is not counted.

    >>> import solver
    >>> state = solver.load_game("godo", players=2).new_initial_state()
    >>> perft(state, 1) == len(state.legal_actions())
    True
"""

from __future__ import annotations

import random
from typing import Any

from solver.core.play import random_step


def perft(state: Any, depth: int) -> int:
    """The number of action sequences of exactly ``depth`` steps from ``state``."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total


def divide(state: Any, depth: int) -> dict[int, int]:
    """Perft split by first action, to find where two backends disagree."""
    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        out[action] = perft(child, depth - 1)
    return out


def walk(state: Any, steps: int, seed: int) -> Any:
    """A copy of ``state`` after ``steps`` seeded random steps (fewer if the game ends)."""
    state = state.clone()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(random_step(state, rng))
    return state
