"""Agents: anything that picks an action for the player to move.

An agent is any object with a ``step(state) -> int`` method and a ``name``; ``make_agent`` builds
the built-in ones from a short spec such as ``"random"``::

    >>> agent = make_agent("random", seed=7)
    >>> agent.name
    'random'
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from solver.core.errors import SolverError


class Agent(Protocol):
    """Picks one of ``state.legal_actions()`` for ``state.current_player()``."""

    name: str

    def step(self, state: Any) -> int: ...


class RandomAgent:
    """Plays a uniformly random legal action, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def step(self, state: Any) -> int:
        return self.rng.choice(state.legal_actions())


AGENTS = {"random": RandomAgent}


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """An agent from its name.

    Raises:
        SolverError: the name is unknown (the message lists the known ones).
    """
    if spec not in AGENTS:
        raise SolverError(f"agents: unknown agent {spec!r}; known: {', '.join(sorted(AGENTS))}")
    return AGENTS[spec](seed)
