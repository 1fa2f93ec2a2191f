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

from solver.core.agents import Bound, check_seed
from solver.core.play import random_step

MAX_DEPTH = 64
"""The deepest count taken (far beyond what finishes: a few plies already count millions)."""

STEPS = Bound(int, 0)
"""The steps of a ``walk`` (it stops early when the game ends)."""


def perft(state: Any, depth: int) -> int:
    """The number of action sequences of exactly ``depth`` steps from ``state``.

    Raises:
        SearchError: ``depth`` is not an integer from 0 to ``MAX_DEPTH``.
    """
    return _perft(state, Bound(int, 0, MAX_DEPTH).check(depth, "depth"))


def _perft(state: Any, depth: int) -> int:
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
        total += _perft(child, depth - 1)
    return total


def divide(state: Any, depth: int) -> dict[int, int]:
    """Perft split by first action, to find where two backends disagree.

    Raises:
        SearchError: ``depth`` is not an integer from 1 to ``MAX_DEPTH``.
    """
    depth = Bound(int, 1, MAX_DEPTH).check(depth, "depth")
    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        out[action] = _perft(child, depth - 1)
    return out


def walk(state: Any, steps: int, seed: int) -> Any:
    """A copy of ``state`` after ``steps`` seeded random steps (fewer if the game ends).

    Raises:
        SearchError: ``steps`` is negative or not an integer, or ``seed`` is not a seed
            (``solver.core.agents.check_seed``).
    """
    steps = STEPS.check(steps, "steps")
    state = state.clone()
    rng = random.Random(check_seed(seed))
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(random_step(state, rng))
    return state
