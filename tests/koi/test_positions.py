"""KOI positions: the round trip, the observer views, values of the wrong kind and impossible
positions, each refused naming the field."""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solver
from solver import PositionError
from solver.core.play import random_step
from solver.games.koi import actions as act
from tests.kokoro.test_hardening import get, leaves, refused, replaced, wrong_kinds

FAST = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])  # fmt: skip


def load(players: int) -> Any:
    return solver.load_game("koi", players=players)


@functools.cache
def game_positions(players: int, seed: int) -> tuple[str, ...]:
    """Every position of a seeded random game, as JSON text."""
    rng, state = random.Random(seed), load(players).new_initial_state()
    texts = [json.dumps(state.to_json())]
    while not state.is_terminal():
        state.apply_action(random_step(state, rng))
        texts.append(json.dumps(state.to_json()))
    return tuple(texts)


def position_in(players: int, seed: int, phase: str) -> dict:
    return next(
        json.loads(t) for t in game_positions(players, seed) if json.loads(t)["phase"] == phase
    )


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_position_of_random_games_round_trips(players: int) -> None:
    game = load(players)
    for seed in range(3):
        for text in game_positions(players, seed):
            assert json.dumps(game.state_from_json(json.loads(text)).to_json()) == text


def test_the_observer_view_hides_the_deck_order() -> None:
    """The deck is the cards left of each kind; no view, no state, holds an order."""
    game = load(3)
    a, b = game.new_initial_state(), game.new_initial_state()
    first, second = act.FLIP + 0, act.FLIP + 1
    for x, y in ((first, second), (second, first)):
        a.apply_action(x)
        b.apply_action(y)
    views = [a.to_json(observer) for observer in (None, 0, 1, 2)]
    assert all(view == views[0] for view in views)
    assert a.to_json()["deck"] == b.to_json()["deck"]  # flipped in another order, same deck
    assert set(views[0]["deck"]) == {card.name for card in game.pack.cards}
    assert all(type(n) is int for n in views[0]["deck"].values())


@FAST
@given(players=st.integers(1, 4), seed=st.integers(0, 2), where=st.floats(0, 1),
       pick=st.integers(0, 10**6))  # fmt: skip
def test_a_value_of_the_wrong_kind_anywhere_is_refused_naming_it(
    players: int, seed: int, where: float, pick: int
) -> None:
    texts = game_positions(players, seed)
    pos = json.loads(texts[int(where * (len(texts) - 1))])
    path = random.Random(pick).choice(leaves(pos))
    for value in wrong_kinds(get(pos, path)):
        refused(PositionError, load(players).state_from_json, replaced(pos, path, value), path)


def _set(path: tuple, value: Any) -> Callable[[dict], None]:
    def change(pos: dict) -> None:
        functools.reduce(lambda node, key: node[key], path[:-1], pos)[path[-1]] = value

    return change


def _move_card(pos: dict) -> None:
    pos["deck"]["Storage"] -= 1


def _koi_out(pos: dict) -> None:
    pos["supply"]["koi"][2] -= 1


def _hole_right(pos: dict) -> None:
    pos["deck"][pos["market"][4]] += 1  # the card goes back under the deck
    pos["market"][4] = None


def _far_tile(pos: dict) -> None:
    pos["sensei"][0]["pond"][0] = "~...."
    pos["supply"]["water"] -= 1


def _half_shore(pos: dict) -> None:
    pos["sensei"][0]["pond"][4] = "...ss@..."


def _no_spring(pos: dict) -> None:
    pos["sensei"][0]["pond"][4] = "........."


def _overfull(pos: dict) -> None:
    pos["sensei"][1]["storage"]["water"] = 6
    pos["supply"]["water"] -= 6


IMPOSSIBLE = [
    (_move_card, "deck.Storage"),
    (_koi_out, "supply.koi[2]"),
    (_hole_right, "market"),
    (_far_tile, "sensei[0].pond"),
    (_half_shore, "sensei[0].pond"),
    (_no_spring, "sensei[0].pond"),
    (_overfull, "sensei[1].storage"),
    (_set(("last_round",), True), "last_round"),
    (_set(("sensei", 0, "score"), 99), "sensei[0].score"),
    (_set(("phase",), "work"), "turn"),
    (_set(("turn",), {"space": 2, "card": None}), "turn"),
    (_set(("to_move",), 5), "to_move"),
    (_set(("players",), 3), "players"),
]


@pytest.mark.parametrize(("change", "field"), IMPOSSIBLE, ids=[f for _, f in IMPOSSIBLE])
def test_an_impossible_position_is_refused_naming_the_field(change: Callable, field: str) -> None:
    pos = position_in(2, 0, "turn")
    load(2).state_from_json(pos)
    bad = copy.deepcopy(pos)
    change(bad)
    with pytest.raises(PositionError) as info:
        load(2).state_from_json(bad)
    assert info.value.field == field, info.value


def test_mid_turn_positions_are_checked_against_the_phase() -> None:
    pos = position_in(1, 0, "reward")
    game = load(1)
    game.state_from_json(pos)
    for change, field in ((_set(("turn", "steps"), ["reward"]), "turn.steps"),
                          (_set(("turn", "space"), 2), "market[1]"),
                          (_set(("turn", "to_place"), ["lily"]), "turn.to_place"),
                          (_set(("turn",), None), "turn")):  # fmt: skip
        bad = copy.deepcopy(pos)
        change(bad)
        with pytest.raises(PositionError) as info:
            game.state_from_json(bad)
        assert info.value.field.startswith(field), info.value


def test_the_luck_purchase_after_a_turn_follows_only_a_meditation() -> None:
    """After a Work the luck purchase is not asked (it is made before the Work's first tile)."""
    pos = position_in(1, 0, "luck")
    load(1).state_from_json(pos)
    pos["turn"].update(space=None, card=None, placed=1)
    with pytest.raises(PositionError) as info:
        load(1).state_from_json(pos)
    assert info.value.field == "turn.space", info.value


def test_a_finished_game_checks_its_winners() -> None:
    pos = json.loads(game_positions(2, 1)[-1])
    assert pos["phase"] == "over"
    pos["winners"] = [1 - pos["winners"][0]] if len(pos["winners"]) == 1 else [0]
    with pytest.raises(PositionError) as info:
        load(2).state_from_json(pos)
    assert info.value.field == "winners"
