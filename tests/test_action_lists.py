"""Every game on every backend lists its actions as the interface promises: legal actions sorted
and without duplicates (OpenSpiel-style callers index and bisect them), chance outcomes a
distribution over the chance node's legal actions.

Seeded random games (``game_helpers.random_states``) of each game, solo or with the fewest
players and with the most, on each backend this installation built.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

import solver
from tests.game_helpers import random_states

SEEDS = range(10)


def _cases() -> list[Any]:
    """(game, players, backend): each game's fewest and most players, on each of its backends."""
    cases = []
    for name in sorted(solver.GAMES):
        cls = solver.api.game_class(name)
        built = solver.backends(name)
        for players in sorted({cls.info.min_players, cls.info.max_players}):
            for backend in cls.backends:
                skip = pytest.mark.skip(reason=f"the {backend} backend was not built")
                cases.append(pytest.param(name, players, backend, id=f"{name}-{players}p-{backend}",
                                          marks=[] if backend in built else [skip]))  # fmt: skip
    return cases


def check_lists(state: Any, where: str) -> None:
    """The legal actions are sorted and distinct; at a chance node, they are the outcomes'
    actions, whose probabilities are positive and sum to 1."""
    legal = state.legal_actions()
    assert legal == sorted(set(legal)), f"{where}: legal actions not sorted and distinct: {legal}"
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal, f"{where}: outcomes {outcomes} vs {legal}"
        assert all(p > 0 for _, p in outcomes), f"{where}: {outcomes}"
        assert math.isclose(sum(p for _, p in outcomes), 1.0), f"{where}: {outcomes}"


@pytest.mark.parametrize(("name", "players", "backend"), _cases())
def test_random_games_list_sorted_distinct_actions(name: str, players: int, backend: str) -> None:
    game = solver.load_game(name, players=players, backend=backend)
    for seed in SEEDS:
        label = f"{name} players={players} backend={backend} seed={seed}"
        for step, state in enumerate(random_states(game, seed)):
            check_lists(state, f"{label} step={step}")
