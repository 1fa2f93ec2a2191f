"""Agents: anything that picks an action for the player to move.

An agent is any object with a ``step(state) -> int`` method and a ``name``; ``make_agent`` builds
the built-in ones from a short spec such as ``"random"`` or ``"mcts:time=0.5"``::

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


AGENTS: dict[str, type] = {"random": RandomAgent}
"""Agent classes by name; ``solver.search.agents`` adds the searching ones."""

_OPTION_TYPES = {
    "time": float, "iterations": int, "workers": int,  # every searcher's budget
    "explore": float, "rollout": int, "guided": int,  # MCTS: UCB constant, rollout cutoff, guided samples
    "depth": int, "cutoff": float,  # expectimax
    "playouts": int,  # greedy, expectimax: the first decision chosen by simulated games
    "lookahead": int,  # greedy: how far the game's heuristic looks ahead (Go Goa: days of routes)
}  # fmt: skip


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """An agent from a spec: its name, then ``:option=value`` pairs (``"mcts:time=0.5"``).

    Raises:
        SolverError: the name or an option is unknown, or a value does not parse.
    """
    name, *options = spec.split(":")
    if name not in AGENTS:
        raise SolverError(f"agents: unknown agent {name!r}; known: {', '.join(sorted(AGENTS))}")
    kwargs = {}
    for option in options:
        key, _, value = option.partition("=")
        if key not in _OPTION_TYPES:
            raise SolverError(f"agents: unknown option {key!r} in {spec!r}; known: {', '.join(_OPTION_TYPES)}")
        try:
            kwargs[key] = _OPTION_TYPES[key](value)
        except ValueError:
            raise SolverError(f"agents: {key} must be a {_OPTION_TYPES[key].__name__}, got {value!r}") from None
    try:
        return AGENTS[name](seed=seed, **kwargs)
    except TypeError:
        raise SolverError(f"agents: {name} takes no option among {sorted(kwargs)}") from None
