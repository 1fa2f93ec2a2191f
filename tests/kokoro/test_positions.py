"""Kokoro positions: the JSON format round-trips, and broken positions are refused by name.

* Every position of random games (1 to 8 players, both sides, every decree) reads back to itself,
  with the same legal actions, through ``json.dumps``/``json.loads``; so does the position one
  player sees, whose hidden peeked card is drawn from the cards not yet revealed.
* Specific impossible positions are refused with a ``PositionError`` naming the bad field.
* A position corrupted at random (a key deleted, a value changed, a list cut short...) is either
  refused with a ``PositionError`` or read into a state that plays on: never any other exception.
"""

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
from solver.games.kokoro import actions as act
from tests.kokoro.builders import OPTIONS, PEEK, card, draw, run, sanctuary

FUZZ = settings(max_examples=400, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
WHOLE_GAMES = settings(FUZZ, max_examples=30)  # each example reads every position of a game


@functools.cache
def load(players: int, side: str = "blue", decree: str | None = None) -> Any:
    return solver.load_game("kokoro", players=players, side=side, decree=decree)


@functools.lru_cache(maxsize=32)
def game_positions(players: int, option: int, seed: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Every position of a seeded random game as JSON text, and the player to move at each."""
    state = load(players, *OPTIONS[option]).new_initial_state()
    rng = random.Random(seed)
    texts, movers = [], []
    while True:
        texts.append(json.dumps(state.to_json()))
        movers.append(state.current_player())
        if state.is_terminal():
            return tuple(texts), tuple(movers)
        state.apply_action(random_step(state, rng))


@WHOLE_GAMES
@given(players=st.integers(1, 8), option=st.integers(0, len(OPTIONS) - 1), seed=st.integers(0, 3))
def test_every_position_of_a_game_reads_back_to_itself(
    players: int, option: int, seed: int
) -> None:
    game = load(players, *OPTIONS[option])
    texts, _ = game_positions(players, option, seed)
    for step, text in enumerate(texts):
        state = game.state_from_json(json.loads(text))
        assert json.dumps(state.to_json()) == text, f"step {step}"
        again = game.state_from_json(json.loads(text))
        assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("players", [2, 5])
def test_the_position_a_player_sees_hides_a_card_it_did_not_peek_at(players: int) -> None:
    game = load(players)
    hidden = 0
    for seed in range(3):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            for observer in range(players):
                seen = state.to_json(observer)
                known = state.next_card is not None and observer in state.seen
                if state.next_card is not None and not known:
                    hidden += 1
                    assert seen["next_sanctuary"]["card"] is None
                    for read_seed in range(3):
                        back = game.state_from_json(json.loads(json.dumps(seen)), seed=read_seed)
                        assert back.to_json(observer) == seen
                        assert back.next_card not in back.revealed
                else:
                    assert game.state_from_json(seen).to_json() == state.to_json()
            state.apply_action(random_step(state, rng))
    assert hidden, "coverage: no player ever missed a peeked card"


def midgame() -> dict[str, Any]:
    """Round 2 of a 2-player game: player 1 to answer a golden ┐; player 0 peeked at card E."""
    game = load(2)
    state = run(game.new_initial_state(), sanctuary("A"))
    run(state, card(5), draw(game, 1, 2), PEEK, sanctuary("D"))  # player 1 peeks: D is next
    run(state, card(5, True), draw(game, 1, 3), PEEK)
    run(state, card(6, True), PEEK, draw(game, 2, 1))
    run(state, card(5, True), PEEK, PEEK)
    run(state, card(5, True), PEEK, PEEK)  # the fourth golden card: round 2 reveals D
    run(state, card(4, True), PEEK, sanctuary("E"))
    pos = state.to_json()
    assert pos["phase"] == "choose" and pos["to_move"] == 1 and pos["sanctuaries"] == ["A", "D"]
    assert pos["next_sanctuary"] == {"card": "E", "seen_by": [0]}
    return pos


def _set(*path: Any, value: Any) -> Callable[[dict], None]:
    def change(obj: dict) -> None:
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value

    return change


def _delete(*path: Any) -> Callable[[dict], None]:
    def change(obj: dict) -> None:
        for key in path[:-1]:
            obj = obj[key]
        del obj[path[-1]]

    return change


CORRUPTIONS: dict[str, tuple[Callable[[dict], None], str]] = {
    "another game": (_set("game", value="chess"), "game"),
    "another player count": (_set("players", value=3), "players"),
    "another side": (_set("side", value="pink"), "side"),
    "another decree": (_set("decree", value="harmony"), "decree"),
    "unknown field": (_set("colour", value=1), "position.colour"),
    "unknown phase": (_set("phase", value="dance"), "phase"),
    "to_move out of range": (_set("to_move", value=2), "to_move"),
    "to_move while revealing": (lambda p: p.update(phase="path", path_card=None, to_move=1), "to_move"),
    "the lady moved": (_set("guardians", "lady", value=[2, 2]), "guardians.lady"),
    "a guardian off the mat": (_set("guardians", "lion", value=[8, 1]), "guardians.lion[0]"),
    "a sanctuary twice": (_set("sanctuaries", value=["A", "A"]), "sanctuaries[1]"),
    "an unknown sanctuary": (_set("sanctuaries", 0, value="Z"), "sanctuaries[0]"),
    "no sanctuary under way": (_set("sanctuaries", value=[]), "sanctuaries"),
    "a peeked card already revealed": (_set("next_sanctuary", "card", value="A"), "next_sanctuary.card"),
    "a peeked card nobody saw": (_set("next_sanctuary", "seen_by", value=[]), "next_sanctuary.seen_by"),
    "a peeker out of range": (_set("next_sanctuary", "seen_by", value=[4]), "next_sanctuary.seen_by[0]"),
    "more golden cards than the deck": (_set("deck", "golden", 0, value=5), "deck.golden[0]"),
    "a short deck list": (_set("deck", "plain", value=[1, 2]), "deck.plain"),
    "golden cards not adding up": (_set("deck", "golden", 4, value=1), "deck"),
    "five golden cards": (_set("golden", value=5), "golden"),
    "a plain card after the fourth golden": (lambda p: p.update(golden=4, path_card={"segment": 4, "golden": False}), "golden"),
    "no path card while choosing": (_set("path_card", value=None), "path_card"),
    "segment 9": (_set("path_card", "segment", value=9), "path_card.segment"),
    "golden not a bool": (_set("path_card", "golden", value=1), "path_card.golden"),
    "one mat missing": (lambda p: p["mats"].pop(), "mats"),
    "a short row": (_set("mats", 0, "paths", 2, value="..."), "mats[0].paths[2]"),
    "an unknown segment": (_set("mats", 1, "paths", 1, value=".x...."), "mats[1].paths[1][1]"),
    "more segments than revealed": (_set("mats", 0, "paths", 6, value="333333"), "mats[0].paths"),
    "a box too many": (_set("mats", 0, "boxes", value=[0, 0]), "mats[0].boxes"),
    "a box not a number": (_set("mats", 0, "boxes", 0, value="0"), "mats[0].boxes[0]"),
    "a lady box before the end": (_set("mats", 1, "lady", value=3), "mats[1].lady"),
    "a wrong score": (_set("mats", 0, "score", value=12), "mats[0].score"),
    "winners before the end": (_set("winners", value=[0]), "winners"),
    "mats not a list": (_set("mats", value={}), "mats"),
    "next sanctuary not an object": (_set("next_sanctuary", value="D"), "next_sanctuary"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_an_impossible_position_is_refused_naming_the_field(name: str) -> None:
    change, field = CORRUPTIONS[name]
    pos = copy.deepcopy(midgame())
    load(2).state_from_json(copy.deepcopy(pos))  # the uncorrupted position reads
    change(pos)
    with pytest.raises(PositionError) as info:
        load(2).state_from_json(pos)
    assert info.value.field == field, f"{name}: {info.value}"


def finished(players: int = 2) -> dict[str, Any]:
    state = load(players).new_initial_state()
    rng = random.Random(8)
    while not state.is_terminal():
        state.apply_action(random_step(state, rng))
    return state.to_json()


@pytest.mark.parametrize(
    "change,field",
    [(_set("mats", 0, "lady", value=99), "mats[0].lady"), (_set("mats", 1, "lion", value=99), "mats[1].lion"),
     (_set("mats", 0, "score", value=999), "mats[0].score"), (_set("winners", value=[0, 1, 1]), "winners"),
     (_set("mats", 0, "decree", value=4), "mats[0].decree"),
     (lambda p: p["mats"][0].update(boxes=[1, 0, 0, 0, 0] if p["mats"][0]["boxes"][0] == 0 else [0] * 5),
      "mats[0].boxes[0]"),  # the boxes are checked against the mat before the score
     (_set("sanctuaries", value=["A", "B", "C", "D"]), "sanctuaries")],
)  # fmt: skip
def test_a_finished_position_must_agree_with_its_mats(change: Callable, field: str) -> None:
    pos = finished()
    load(2).state_from_json(copy.deepcopy(pos))
    change(pos)
    with pytest.raises(PositionError) as info:
        load(2).state_from_json(pos)
    assert info.value.field == field, str(info.value)


def test_pink_positions_check_the_die_placed_guardians() -> None:
    game = load(1, "pink")
    state = run(game.new_initial_state(), act.die_action(3))
    pos = state.to_json()
    assert pos["phase"] == "roll" and pos["guardians"] == {"lady": [2, 1], "lion": None}
    for guardians, field in (({"lady": [1, 2], "lion": None}, "guardians.lady"),  # not numbered
                             ({"lady": [2, 1], "lion": [2, 1]}, "guardians.lion"),  # one space
                             ({"lady": [2, 1], "lion": [1, 1]}, "guardians.lion")):  # fmt: skip
        with pytest.raises(PositionError) as info:
            game.state_from_json({**pos, "guardians": guardians})
        assert info.value.field == field
    run(state, act.die_action(1))
    pos = state.to_json()
    with pytest.raises(PositionError) as info:
        game.state_from_json({**pos, "guardians": {"lady": [2, 1], "lion": None}})
    assert info.value.field == "guardians"


def _mutations(pos: dict, rng: random.Random) -> dict:
    """One random change somewhere in the position: delete a key, change a value, cut a list."""
    pos = copy.deepcopy(pos)
    paths = []

    def walk(node: Any, path: tuple) -> None:
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, (*path, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, (*path, i))

    walk(pos, ())
    path = rng.choice(paths[1:])
    parent = pos
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    kind = rng.randrange(4)
    if kind == 0:
        del parent[key]
    elif kind == 1:
        parent[key] = rng.choice(
            [None, -1, 0, 1, 2, 5, 9, 100, "A", "x", "......", [], {}, True, [1, 1]]
        )
    elif kind == 2 and isinstance(parent[key], list) and parent[key]:
        parent[key].pop()
    else:
        value = parent[key]
        parent[key] = value + 1 if isinstance(value, int) and not isinstance(value, bool) else "9"
    return pos


@FUZZ
@given(players=st.integers(1, 4), option=st.integers(0, len(OPTIONS) - 1), seed=st.integers(0, 2),
       where=st.floats(0, 1), change=st.integers(0, 10**6))  # fmt: skip
def test_a_corrupted_position_is_refused_or_plays_on(players: int, option: int, seed: int, where: float,
                                                     change: int) -> None:  # fmt: skip
    game = load(players, *OPTIONS[option])
    texts, _ = game_positions(players, option, seed)
    pos = _mutations(json.loads(texts[int(where * (len(texts) - 1))]), random.Random(change))
    try:
        state = game.state_from_json(pos)
    except PositionError:
        return
    rng = random.Random(change)
    while not state.is_terminal():
        state.apply_action(random_step(state, rng))
    assert len(state.returns()) == players
