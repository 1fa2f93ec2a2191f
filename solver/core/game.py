"""What every game declares about itself, OpenSpiel style."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata: the bounds searchers and frontends size themselves by."""

    name: str
    title: str
    min_players: int
    max_players: int
    num_distinct_actions: int
    max_chance_outcomes: int
    min_utility: float
    max_utility: float
