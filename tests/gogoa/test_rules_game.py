"""Go Goa rules of the whole trip: setup (dealing, keeping plans), the days, the dice, scoring,
ties and the solo achievements. Each test names the rulebook passage it checks."""

from __future__ import annotations

import itertools
import math
import random

import pytest

import solver
from solver import IllegalActionError
from solver.core.play import random_step
from solver.games.gogoa import actions as act
from solver.games.gogoa import scoring
from solver.games.gogoa.dice import ROLL_ODDS, ROLLS
from solver.games.gogoa.pack import load_pack
from solver.games.gogoa.rules import DAYS, GoGoaState

PACK = load_pack()


def play_setup(state: GoGoaState, rng: random.Random) -> None:
    while state.phase in ("deal", "keep"):
        state.apply_action(random_step(state, rng))


# -- setup -------------------------------------------------------------------------------------------


def test_two_cards_from_each_deck_dealt_in_seat_order() -> None:
    """Setup 4-5: the 40-point cards form one deck, the 20/30 cards another; each player is dealt
    2 from each. Each deal is a chance node over the cards left in that deck, alike."""
    state = GoGoaState.new(PACK, 3)
    forty, other = set(PACK.deck(0)), set(PACK.deck(1))
    assert len(forty) == 12 and len(other) == 24
    for p in range(3):
        for k in range(4):
            assert state.dealing() == (p, 0 if k < 2 else 1)
            outcomes = state.chance_outcomes()
            cards = {a - act.DEAL for a, _ in outcomes}
            assert cards == set(state.decks[0 if k < 2 else 1]) <= (forty if k < 2 else other)
            assert all(math.isclose(prob, 1 / len(cards)) for _, prob in outcomes)
            state.apply_action(outcomes[-1][0])
    assert state.phase == "keep" and state.to_move == 0
    for sheet in state.sheets:
        assert len(sheet.dealt) == 4 and sum(c in forty for c in sheet.dealt) == 2
    assert len(state.decks[0]) == 12 - 6 and len(state.decks[1]) == 24 - 6


def test_each_player_keeps_two_of_four_then_day_one() -> None:
    """Setup 6: each player chooses 2 cards; the rest go back in the box."""
    state = GoGoaState.new(PACK, 2)
    rng = random.Random(1)
    while state.phase == "deal":
        state.apply_action(random_step(state, rng))
    for p, pair in ((0, 5), (1, 0)):
        assert state.to_move == p and state.legal_actions() == [act.KEEP + i for i in range(6)]
        hand = list(state.sheets[p].dealt)
        words = state.action_to_string(act.KEEP + pair)
        state.apply_action(act.KEEP + pair)
        assert state.sheets[p].kept == [hand[i] for i in act.PAIRS[pair]]
        assert all(str(c) in words for c in state.sheets[p].kept)
    assert (state.phase, state.day, state.starter) == ("roll", 1, 0)
    seen = state.to_json(observer=1)
    assert seen["sheets"][0]["plans"] == state.sheets[0].kept  # kept cards are face up
    assert seen["sheets"][0]["discarded"] == 2  # the others are not


# -- the days ----------------------------------------------------------------------------------------


def test_roll_is_one_chance_node_over_56_outcomes() -> None:
    assert len(ROLLS) == 56 and len(set(ROLLS)) == 56
    assert math.isclose(sum(ROLL_ODDS), 1.0)
    counts = {r: 0 for r in ROLLS}
    for roll in itertools.product(range(1, 7), repeat=3):
        counts[tuple(sorted(roll))] += 1
    assert all(math.isclose(ROLL_ODDS[i], counts[r] / 216) for i, r in enumerate(ROLLS))


@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_twelve_days_starting_player_passing_left(players: int) -> None:
    """How to Play: 12 trip days; the starting player rolls and reserves, then everyone moves,
    starting player first; the next day's starting player is the one to the left."""
    state = GoGoaState.new(PACK, players)
    rng = random.Random(players)
    play_setup(state, rng)
    moves = [0] * players
    for day in range(1, DAYS + 1):
        assert (state.phase, state.day, state.starter) == ("roll", day, (day - 1) % players)
        state.apply_action(random_step(state, rng))
        assert state.phase == "reserve" and state.current_player() == state.starter
        assert state.turn_start()
        state.apply_action(random_step(state, rng))
        starter, order = state.starter, []
        while state.phase == "move":
            order.append(state.to_move)
            assert state.turn_start() == (state.to_move != starter)
            state.apply_action(random_step(state, rng))
        assert order == [(starter + k) % players for k in range(players)]
        for p in order:
            moves[p] += 1
    assert state.is_terminal() and moves == [DAYS] * players
    assert state.current_player() == solver.TERMINAL and state.legal_actions() == []


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    state = GoGoaState.new(PACK, 2)
    before = state.to_json()
    for action in (-1, act.ROLL, act.KEEP, act.STAY, act.NUM_ACTIONS):
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
    assert state.to_json() == before


# -- scoring -----------------------------------------------------------------------------------------


def names(*places: str) -> set[int]:
    return {PACK.hex_named(p) for p in places}


def test_the_five_scoring_circles() -> None:
    """Scoring: 10 per destination; 20 for Dudhsagar; the plans completed; 30 per set of five
    types; per type 10 for three, 30 for six (six replaces three). On the first map, which has
    six beaches to name."""
    v1 = load_pack("reference-v1")
    beaches = ("Arambol", "Morjim", "Anjuna", "Calangute", "Miramar", "Bogmalo")
    one_each = ("Dudhsagar", "Teracol", "Old Goa", "Mahadev")
    parts = scoring.score_parts(v1, {v1.hex_named(n) for n in (*beaches, *one_each)}, [])
    assert parts == {"souvenirs": 100, "bonus": 20, "plans": 0, "sets": 30, "same_type": 30}
    parts = scoring.score_parts(v1, {v1.hex_named(n) for n in beaches[:3]}, [])
    assert parts["same_type"] == 10 and parts["sets"] == 0
    plan = PACK.plans[0]
    done = {*plan.places}
    assert scoring.score_parts(PACK, done, [plan.id])["plans"] == plan.points == 40
    assert scoring.score_parts(PACK, set(list(done)[:2]), [plan.id])["plans"] == 0
    two = PACK.plans[12]
    assert (
        scoring.score_parts(PACK, done | {*two.places}, [plan.id, two.id])["plans"]
        == 40 + two.points
    )


def test_maximum_score_by_enumeration() -> None:
    """``MAX_SCORE`` is the best 12 souvenirs can do: every split over the five types, Dudhsagar
    and two completed 40-point plans."""
    best = 0
    for split in itertools.product(range(13), repeat=5):
        if sum(split) != DAYS:
            continue
        types = sum(scoring.same_type_points(n) for n in split) + scoring.SET_OF_TYPES * min(split)
        best = max(best, scoring.SOUVENIR * DAYS + scoring.BONUS + 2 * 40 + types)
    assert best == scoring.MAX_SCORE == 300


def test_highest_score_wins_then_fewest_beaches_then_shared() -> None:
    assert scoring.winners([100, 120, 90], [0, 3, 0]) == [1]
    assert scoring.winners([120, 120, 90], [2, 1, 0]) == [1]
    assert scoring.winners([120, 120, 120], [1, 1, 2]) == [0, 1]


def test_finished_game_winners_and_returns() -> None:
    g = solver.load_game("gogoa", players=3)
    obj = {
        "game": "gogoa", "players": 3, "phase": "over", "day": 12,
        "sheets": [
            {"position": "Colva", "visited": ["Colva", "Old Goa"], "plans": [0, 12]},
            {"position": "Old Goa", "visited": ["Old Goa", "Mahadev"], "plans": [1, 13]},
            {"position": "Teracol", "visited": ["Teracol"], "plans": [2, 14]},
        ],
    }  # fmt: skip
    state = g.state_from_json(obj)
    assert state.scores() == [20, 20, 10]
    assert state.winners == [1] and state.returns() == [0.0, 1.0, 0.0]  # Colva is a beach
    obj["sheets"][1]["visited"] = ["Old Goa", "Palolem"]
    obj["sheets"][1]["position"] = "Palolem"
    state = g.state_from_json(obj)
    assert state.winners == [0, 1] and state.returns() == [0.5, 0.5, 0.0]


@pytest.mark.parametrize(
    "total,title",
    [
        (0, "Do not bother packing your bags"),
        (150, "Do not bother packing your bags"),
        (160, "First time in Goa"),
        (180, "First time in Goa"),
        (190, "You need your friend's advice on your tour"),
        (210, "You need your friend's advice on your tour"),
        (220, "You do not need a Tour Guide"),
        (240, "You do not need a Tour Guide"),
        (250, "Practically Goan"),
        (300, "Practically Goan"),
    ],
)
def test_solo_achievements(total: int, title: str) -> None:
    """Solo Mode table; 240 sits in both "220 - 240" and "240+": decided as the former."""
    assert scoring.solo_title(total) == title


def test_solo_returns_the_score_over_the_maximum() -> None:
    state = GoGoaState.new(PACK, 1)
    rng = random.Random(5)
    while not state.is_terminal():
        assert state.returns() == [0.0] and state.title() is None
        state.apply_action(random_step(state, rng))
    total = state.scores()[0]
    assert state.returns() == [total / scoring.MAX_SCORE] and state.winners == [0]
    assert state.title() == scoring.solo_title(total)
