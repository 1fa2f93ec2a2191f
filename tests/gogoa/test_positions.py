"""Go Goa positions: the JSON format round-trips, and broken positions are refused by name.

* Every position of random games (1 to 6 players) reads back to itself, with the same legal
  actions; so does the position one player sees, whose hidden cards are dealt from ``unseen``.
* A position corrupted at random is either refused with a ``PositionError`` or read into a state
  that plays on: never any other exception.
* Specific impossible positions are refused with a ``PositionError`` naming the bad field; a
  position typed at the table (no decks, no discarded cards, no guides) is accepted.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solver
from solver import PositionError
from solver.core.play import random_step

FUZZ = settings(deadline=None, derandomize=True, database=None, max_examples=150,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])  # fmt: skip


@functools.cache
def load(players: int) -> Any:
    return solver.load_game("gogoa", players=players)


@functools.lru_cache(maxsize=32)
def game_positions(players: int, seed: int) -> tuple[str, ...]:
    """Every position of a seeded random game, as JSON text."""
    state = load(players).new_initial_state()
    rng = random.Random(seed)
    out = [json.dumps(state.to_json())]
    while not state.is_terminal():
        state.apply_action(random_step(state, rng))
        out.append(json.dumps(state.to_json()))
    return tuple(out)


@pytest.mark.parametrize("players", range(1, 7))
def test_every_position_of_random_games_round_trips(players: int) -> None:
    game = load(players)
    for seed in range(3):
        for text in game_positions(players, seed):
            obj = json.loads(text)
            state = game.state_from_json(obj)
            assert state.to_json() == obj
            again = game.state_from_json(json.loads(json.dumps(state.to_json())))
            assert again.legal_actions() == state.legal_actions()
            assert again.chance_outcomes() == state.chance_outcomes()


@settings(FUZZ, max_examples=25)
@given(seed=st.integers(0, 10**6), players=st.integers(1, 6))
def test_round_trip_at_every_step_of_any_game(seed: int, players: int) -> None:
    """Any seeded game: each position, full and as the player to move sees it, reads back."""
    game = load(players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while True:
        obj = json.loads(json.dumps(state.to_json()))
        assert game.state_from_json(obj).to_json() == obj
        observer = max(state.current_player(), 0)
        seen = json.loads(json.dumps(state.to_json(observer)))
        assert game.state_from_json(seen, seed=seed).to_json(observer) == seen
        if state.is_terminal():
            break
        state.apply_action(random_step(state, rng))


@pytest.mark.parametrize("players", [2, 3, 6])
def test_observer_positions_hide_hands_and_read_back(players: int) -> None:
    game = load(players)
    for text in game_positions(players, 7)[::3]:
        full = game.state_from_json(json.loads(text))
        for observer in range(players):
            seen = full.to_json(observer)
            assert "decks" not in seen
            for p, sheet in enumerate(seen["sheets"]):
                if p != observer:
                    assert isinstance(sheet.get("hand", sheet.get("discarded", 0)), int)
            back = game.state_from_json(json.loads(json.dumps(seen)), seed=observer + 3)
            assert back.to_json(observer) == seen
            assert back.legal_actions() == full.legal_actions() or full.is_chance_node()
            assert back.scores() == full.scores()


def test_typed_position_at_the_table() -> None:
    """A player types the dice, the reserved die and the sheets; missing cards are dealt at random."""
    game = load(2)
    obj = {
        "game": "gogoa", "players": 2, "phase": "move", "day": 3, "to_move": 1,
        "dice": [6, 1, 4], "reserved": 4,
        "sheets": [
            {"position": "Colva", "visited": ["Colva", "Old Goa"], "plans": [0, 20]},
            {"position": "G4", "visited": ["Calangute"], "plans": [3, 30], "day": 3,
             "guides": {"Calangute": "unlocked"}},
        ],
    }  # fmt: skip
    state = game.state_from_json(obj, seed=1)
    assert state.dice == (1, 4, 6) and state.reserved == 4 and state.to_move == 1
    assert state.guides_left(1) == [0]
    written = state.to_json()
    assert written["sheets"][0]["discarded"] and len(written["decks"]["40"]) == 12 - 4
    assert game.state_from_json(obj, seed=1).to_json() == written
    assert state.legal_actions()


# -- refused positions -------------------------------------------------------------------------------


def position(players: int = 2, seed: int = 3, step: int = 40) -> dict[str, Any]:
    texts = game_positions(players, seed)
    return json.loads(texts[min(step, len(texts) - 1)])


def refused(obj: dict[str, Any], players: int = 2) -> str:
    with pytest.raises(PositionError) as info:
        load(players).state_from_json(obj)
    return str(info.value)


def at_move(players: int = 2) -> dict[str, Any]:
    return next(
        json.loads(t)
        for t in game_positions(players, 3)
        if json.loads(t)["phase"] == "move" and json.loads(t)["day"] >= 4
    )


def test_specific_errors_name_the_field() -> None:
    obj = at_move()
    unseen = next(  # a Local Guide beach sheet 0 has not visited
        b for b in ("Colva", "Calangute", "Palolem") if b not in obj["sheets"][0]["visited"]
    )
    cases = [
        (lambda o: o.update(game="godo"), "game: expected 'gogoa'"),
        (lambda o: o.update(players=3), "players: this game has 2 players"),
        (lambda o: o.update(map="other"), "map: this game is played on the map 'reference'"),
        (lambda o: o.update(phase="lunch"), "phase: expected one of"),
        (lambda o: o.update(day=13), "day: expected 1 to 12"),
        (lambda o: o.update(starter=1 - o["starter"]), "starter: day"),
        (lambda o: o.update(dice=[1, 2]), "dice: expected 3 entries"),
        (lambda o: o.update(dice=[1, 2, 7]), "dice[2]: expected 1 to 6"),
        (lambda o: o.update(reserved=None), "reserved: missing"),
        (lambda o: o.update(reserved=next(v for v in range(1, 7) if v not in o["dice"])), "reserved:"),
        (lambda o: o.update(to_move=5), "to_move: expected 0 to 1"),
        (lambda o: o["sheets"].pop(), "sheets: expected 2 entries"),
        (lambda o: o["sheets"][1].update(position="Goa"), "sheets[1].position: 'Goa' names no"),
        (lambda o: o["sheets"][1].update(position="A1"), "sheets[1].position: A1 is outside Goa"),
        (lambda o: o["sheets"][0].update(visited=["Colva", "Colva"]), "sheets[0].visited[1]: Colva is listed twice"),
        (lambda o: o["sheets"][0].update(visited=["G4"]), "sheets[0].visited[0]: G4 is not a destination"),
        (lambda o: o["sheets"][0].update(visited=["Teracol", "Agonda", "Mahadev", "Dudhsagar", "Old Goa", "Arambol",
                                                   "Morjim", "Anjuna", "Miramar", "Bogmalo", "Rachol Fort"]),
         "sheets[0].visited: 11 souvenirs after"),
        (lambda o: o["sheets"][0].update(position="Mahadev"), "sheets[0].position: Mahadev is a destination the sheet has not visited"),
        (lambda o: o["sheets"][0].update(guides={unseen: "used"}), f"sheets[0].guides.{unseen}: 'used' but {unseen} is not visited"),
        (lambda o: o["sheets"][0].update(guides={"Goa": "used"}), "sheets[0].guides.Goa: unknown field"),
        (lambda o: o["sheets"][0].update(day=1), "sheets[0].day: expected"),
        (lambda o: o["sheets"][0].update(plans=[0]), "sheets[0].plans: expected no card or 2 cards"),
        (lambda o: (o["sheets"][0].update(plans=[]), o["sheets"][0].pop("discarded")),
         "sheets[0].plans: expected the two tour plans kept"),
        (lambda o: o["sheets"][0].update(plans=o["sheets"][1]["plans"]), "card"),
        (lambda o: o["decks"]["40"].append(o["decks"]["20/30"][0]), "decks.40"),
        (lambda o: o["decks"]["40"].pop(), "decks: card"),
        (lambda o: o.update(winners=[0]), "winners: the trip is not over"),
        (lambda o: o.update(extra=1), "extra: unknown field"),
    ]  # fmt: skip
    for change, message in cases:
        bad = copy.deepcopy(obj)
        change(bad)
        assert message in refused(bad), message


def test_setup_positions_refused_by_name() -> None:
    keep = next(
        json.loads(t)
        for t in game_positions(3, 2)
        if json.loads(t)["phase"] == "keep" and json.loads(t)["to_move"] == 1
    )
    bad = copy.deepcopy(keep)
    bad["to_move"] = 2
    assert "sheets[1].plans: player 2 chooses now" in refused(bad, 3)
    deal = json.loads(game_positions(3, 2)[6])
    assert deal["phase"] == "deal"
    bad = copy.deepcopy(deal)
    bad["sheets"][2]["hand"] = [bad["decks"]["40"].pop()]
    assert "sheets[" in refused(bad, 3) and "seat order" in refused(bad, 3)
    bad = copy.deepcopy(deal)
    bad["sheets"][0]["position"] = "Colva"
    assert "sheets[0].position" in refused(bad, 3)


# -- fuzzing -----------------------------------------------------------------------------------------

WORDS = (
    "move",
    "roll",
    "keep",
    "over",
    "Colva",
    "Start Here",
    "G4",
    "A1",
    "used",
    "locked",
    "",
    "40",
)


def mutate(obj: Any, rng: random.Random) -> Any:
    """One random change somewhere in a JSON value."""
    if isinstance(obj, dict) and obj and rng.random() < 0.8:
        key = rng.choice(list(obj))
        if rng.random() < 0.15:
            obj.pop(key)
        else:
            obj[key] = mutate(obj[key], rng)
        return obj
    if isinstance(obj, list) and obj and rng.random() < 0.8:
        i = rng.randrange(len(obj))
        if rng.random() < 0.2:
            obj.pop(i)
        else:
            obj[i] = mutate(obj[i], rng)
        return obj
    return rng.choice([None, True, -1, 0, 1, 2, 3, 4, 6, 7, 12, 40, 191, 3.5, [], {}, *WORDS])


@FUZZ
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(1, 6),
    step=st.integers(0, 200),
    changes=st.integers(1, 3),
)
def test_corrupted_positions_are_refused_or_play_on(
    seed: int, players: int, step: int, changes: int
) -> None:
    rng = random.Random(seed)
    obj = position(players, seed % 5, step)
    for _ in range(changes):
        obj = mutate(obj, rng)
    try:
        state = load(players).state_from_json(obj, seed=seed)
    except PositionError:
        return
    while not state.is_terminal():  # a position read is one the rules can play from
        state.apply_action(random_step(state, rng))
