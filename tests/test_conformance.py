"""OpenSpiel-style conformance of every registered game, through the public interface only.

For each game in ``solver.GAMES``, each of its backends and each of its player counts, seeded random simulations check at
every step: clones are equal and independent, positions round-trip through JSON, the player to move
is a seat or CHANCE (TERMINAL at the end, with no legal action), legal actions are sorted and
distinct (OpenSpiel-style callers index and bisect them), lie in ``[0, info.num_distinct_actions)``
and have words, chance outcomes are a distribution over the legal actions, in their order, an illegal
action raises ``IllegalActionError`` and changes nothing, and returns stay in the utility range.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

import solver

SIMULATIONS = 4
STEP_CAP = 5000


def _cases() -> list[Any]:
    cases = []
    for name in sorted(solver.GAMES):
        cls = solver.api.game_class(name)
        available = solver.backends(name)
        for backend in cls.backends:
            marks = [] if backend in available else [pytest.mark.skip(reason=f"the {backend} backend was not built")]
            for players in range(cls.info.min_players, cls.info.max_players + 1):
                cases.append(pytest.param(name, players, backend, id=f"{name}-{players}p-{backend}", marks=marks))
    return cases


def _sample(state: Any, rng: random.Random) -> int:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
    return rng.choice(state.legal_actions())


def _text(state: Any) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _illegal_actions(legal: list[int], num_actions: int, rng: random.Random) -> list[int]:
    """A few actions that are not legal: out of range, and inside the range but not listed."""
    taken = set(legal)
    inside = [a for a in (0, 1, num_actions - 1) if a not in taken]
    for _ in range(20):
        a = rng.randrange(num_actions)
        if a not in taken:
            inside.append(a)
            break
    return [-1, num_actions] + inside[:2]


def check_step(game: Any, state: Any, text: str, rng: random.Random) -> None:
    """The checks at one step; ``text`` is ``_text(state)``, computed once by the caller."""
    info, players = game.info, game.players
    # Serialization round trip.
    position = state.to_json()
    assert json.loads(json.dumps(position)) == position
    assert _text(game.state_from_json(json.loads(text))) == text
    # Who moves.
    player = state.current_player()
    legal = state.legal_actions()
    returns = state.returns()
    assert len(returns) == players
    assert all(info.min_utility <= r <= info.max_utility for r in returns), returns
    if state.is_terminal():
        assert player == solver.TERMINAL
        assert legal == []
    else:
        assert legal, "no legal action at a non-terminal state"
        assert legal == sorted(set(legal)), f"legal actions not sorted and distinct: {legal}"
        if state.is_chance_node():
            assert player == solver.CHANCE
            outcomes = state.chance_outcomes()
            assert 0 < len(outcomes) <= info.max_chance_outcomes
            assert [a for a, _ in outcomes] == legal
            assert all(0 < p <= 1 for _, p in outcomes)
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
        else:
            assert 0 <= player < players
    for action in legal:
        assert 0 <= action < info.num_distinct_actions
        words = state.action_to_string(action)
        assert isinstance(words, str) and words.strip()
    # Illegal actions are refused and change nothing.
    refused = _illegal_actions(legal, info.num_distinct_actions, rng)
    for action in refused:
        with pytest.raises(solver.IllegalActionError):
            state.apply_action(action)
    assert _text(state) == text, f"one of the refused actions {refused} changed the state"
    assert state.legal_actions() == legal


@pytest.mark.parametrize(("name", "players", "backend"), _cases())
def test_random_simulations_conform(name: str, players: int, backend: str) -> None:
    game = solver.load_game(name, players=players, backend=backend)
    info = game.info
    assert info.name == name
    assert info.min_players <= players <= info.max_players
    assert info.min_utility <= info.max_utility and info.num_distinct_actions > 0
    for sim in range(SIMULATIONS):
        rng = random.Random(1000 * players + sim)
        state = game.new_initial_state()
        before = _text(state)
        for step in range(STEP_CAP):
            where = f"{name} players={players} simulation={sim} step={step}"
            try:
                check_step(game, state, before, rng)
            except AssertionError as exc:
                raise AssertionError(f"{where}: {exc}") from exc
            if state.is_terminal():
                break
            action = _sample(state, rng)
            clone = state.clone()
            assert _text(clone) == before, f"{where}: the clone differs"
            clone.apply_action(action)
            assert _text(state) == before, f"{where}: acting on the clone changed the original"
            state.apply_action(action)
            after = _text(state)
            assert after == _text(clone), f"{where}: the same action gave different states"
            before = after
            assert state.legal_actions() == clone.legal_actions()
            assert state.current_player() == clone.current_player()
            assert state.returns() == clone.returns()
        else:
            pytest.fail(f"{name} players={players} simulation={sim}: no end after {STEP_CAP} steps")


@pytest.mark.parametrize("name", sorted(solver.GAMES))
def test_game_info(name: str) -> None:
    game = solver.load_game(name)
    info = game.info
    assert info.name == name and info.title
    assert 1 <= info.min_players <= info.max_players
    assert info.num_distinct_actions > 0 and info.max_chance_outcomes >= 0
    assert info.min_utility <= info.max_utility
    with pytest.raises(solver.UnknownGameError):
        solver.load_game(name, players=info.max_players + 1)
    with pytest.raises(solver.UnknownGameError):
        solver.load_game(name, no_such_option=True)


def test_unknown_game() -> None:
    with pytest.raises(solver.UnknownGameError):
        solver.load_game("no-such-game")
