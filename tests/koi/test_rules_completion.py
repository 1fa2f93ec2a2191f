"""Our completion of KOI (``docs/rules/koi.md``, every rule marked OURS): the cards' effects, the
Work and the pond, the end of the game, scoring, solo titles, and the engine's own conventions
(the order asked only when it can matter, only answers taken at once)."""

from __future__ import annotations

from typing import Any

import pytest

from solver.games.koi import actions as act
from solver.games.koi import rules as R
from solver.games.koi.kernel_state import KernelState
from solver.games.koi.pond import SPRING, label, parse_label
from solver.games.koi.scoring import FOLIAGE, LANTERN, LILY, SHORE, WATER, winners
from tests.koi.builders import (
    CALM,
    buy,
    flip,
    load,
    make_pack,
    meditate,
    place,
    run,
    started,
    stored,
)

FIVE_CALM = [CALM] * 5


def working(storage: list[int], market: list[str] = FIVE_CALM, **options) -> R.KoiState:
    state = started(market, **options)
    state.storage[0] = storage
    state.luck[0] = 0
    return run(state, act.WORK)


def test_work_is_offered_only_with_something_to_place() -> None:
    state = started(FIVE_CALM)
    assert act.WORK not in state.legal_actions()
    state.storage[0][0] = 1
    assert act.WORK in state.legal_actions()


def test_a_tile_goes_on_an_empty_hex_next_to_the_pond() -> None:
    state = working([1, 1, 0, 0, 0, 0])
    hexes = sorted({label(act.decode_place(a)[1]) for a in state.legal_actions() if a != act.PASS})
    assert hexes == ["D4", "D5", "E4", "E6", "F4", "F5"]  # the spring's 6 neighbours
    assert act.PASS not in state.legal_actions()  # a Work places at least one tile
    run(state, place("water", "E6"))
    assert state.ponds[0][parse_label("E6")] == WATER and act.PASS in state.legal_actions()
    assert place("foliage", "E7") in state.legal_actions()  # next to the new water


def test_a_work_places_up_to_three_tiles_and_a_gardener_adds_one() -> None:
    state = working([4, 0, 0, 0, 0, 0])
    run(state, place("water", "E6"), place("water", "E7"), place("water", "E8"))
    assert state.phase == R.TURN and stored(state) == {"water": 1}
    state = working([4, 0, 0, 0, 0, 0])
    state.cards[0][state.pack.card_index("Gardener")] = 1
    run(state, place("water", "E6"), place("water", "E7"), place("water", "E8"))
    assert state.phase == R.WORK and state.work_limit(0) == 4


def test_a_shore_covers_three_empty_hexes_that_touch_each_other() -> None:
    state = working([0, 0, 1, 0, 0, 0])
    assert act.shore(SPRING, 0) not in state.legal_actions()  # the spring is not empty
    run(state, act.shore(parse_label("E6"), 0))
    assert [label(c) for c in range(61) if state.ponds[0][c] == SHORE] == ["E6", "E7", "F6"]
    assert state.phase == R.TURN


def test_a_koi_swims_on_a_water_hex_without_a_koi() -> None:
    state = working([1, 0, 0, 1, 1, 0])
    assert all(act.decode_place(a)[0] == "water" for a in state.legal_actions())  # no water yet
    run(state, place("water", "E6"))
    koi = [a for a in state.legal_actions() if a != act.PASS and act.decode_place(a)[0] != "water"]
    assert koi == [place("small", "E6"), place("medium", "E6")]
    run(state, place("medium", "E6"))
    assert state.phase == R.TURN and state.koi[0][parse_label("E6")] == 2  # nothing left to place


def test_lilies_and_lanterns_go_straight_to_the_pond() -> None:
    state = run(started([CALM, "Water-lily", CALM, CALM, CALM]), meditate(2))
    assert state.phase == R.PLACE and len(state.legal_actions()) == 6
    run(state, place("lily", "D5"))
    assert state.ponds[0][parse_label("D5")] == LILY and state.phase == R.FLIP
    assert state.supply["lily"] == state.pack.supply["lily"] - 1 and stored(state) == {}


def test_gain_cards_take_what_the_supply_has() -> None:
    state = started([CALM, "Spring rain", CALM, CALM, CALM])
    state.supply["water"] = 1
    run(state, meditate(2))
    assert stored(state) == {"water": 1} and state.supply["water"] == 0


def test_the_order_is_asked_only_when_it_can_matter() -> None:
    assert run(started([CALM, CALM, "Market", CALM, CALM]), meditate(3)).phase == R.ORDER
    assert run(started([CALM, CALM, CALM, "Offering", CALM]), meditate(4)).phase == R.ORDER
    assert run(started([CALM, CALM, "Reeds", CALM, CALM]), meditate(3)).phase == R.FLIP
    assert run(started([CALM, "Market", CALM, CALM, CALM]), meditate(2)).phase == R.MARKET


def test_the_last_round_starts_when_the_deck_cannot_refill_the_market() -> None:
    """The round is finished so that everyone has as many turns; then the game ends."""
    state = started(FIVE_CALM, players=2)
    state.deck = [0] * len(state.deck)
    run(state, meditate(2))
    assert state.last_round and state.phase == R.TURN and state.to_move == 1
    assert state.market[0] is None
    run(state, meditate(2))
    assert state.phase == R.OVER and state.current_player() == -4
    assert state.returns() in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])


def test_a_solo_game_ends_after_the_turn_that_empties_the_market_space() -> None:
    state = started(FIVE_CALM)
    state.deck = [0] * len(state.deck)
    run(state, meditate(2))
    assert state.phase == R.OVER and state.title() == "Novice" and state.scores() == [1]  # luck
    assert state.returns() == [1 / state.score_range()[1]]


def test_pond_scoring() -> None:
    state = load(1).new_initial_state()
    pond, koi = state.ponds[0], state.koi[0]
    for where, terrain in (("E6", WATER), ("E7", LILY), ("D5", FOLIAGE), ("D6", LANTERN)):
        pond[parse_label(where)] = terrain
    for where in ("F5", "F6", "G6"):
        pond[parse_label(where)] = SHORE
    koi[parse_label("E6")] = 3
    state.cards[0][state.pack.card_index("Lantern festival")] = 1
    assert state.breakdown(0) == {"koi": 9, "foliage": 1, "shore": 2, "lily": 2, "lantern": 1,
                                  "luck": 1, "goals": 2}  # fmt: skip
    assert state.scores() == [18]


def test_winners_tie_breaks_coins_then_luck() -> None:
    assert winners([10, 12, 12], [5, 1, 2], [0, 0, 0]) == [2]
    assert winners([12, 12], [2, 2], [1, 0]) == [0]
    assert winners([12, 12], [2, 2], [1, 1]) == [0, 1]


@pytest.mark.parametrize(("score", "title"), [(0, "Novice"), (39, "Apprentice"), (40, "Gardener"),
                                              (99, "Pond keeper"), (110, "Sensei")])  # fmt: skip
def test_solo_titles_follow_the_packs_score_table(score: int, title: str) -> None:
    assert load(1).pack.title(score) == title


def test_fewer_players_remove_cards_and_koi() -> None:
    pack = load(1).pack
    assert pack.deck_size(1) < pack.deck_size(3) < pack.deck_size(4)
    assert pack.koi_supply[0] < pack.koi_supply[3]


def test_the_luck_purchase_is_offered_only_when_affordable() -> None:
    state = started(FIVE_CALM)
    run(state, meditate(2), flip(state, CALM))
    assert state.phase == R.TURN  # 2 coins: a small koi costs 3 with the luck token


def last_turn_with_a_luck_koi(backend: str, storage: list[int]) -> Any:
    """Solo, the last round: 1 luck token, 3 coins (a small koi for the token), ``storage``, and
    a free water hex at E6, on ``backend``."""
    state = started(FIVE_CALM)
    state.deck = [0] * len(state.deck)
    state.last_round = True
    state.coins[0], state.storage[0] = 3, storage
    state.ponds[0][parse_label("E6")] = WATER
    state.supply["water"] -= 1
    return state if backend == "reference" else KernelState.from_reference(state)


@pytest.mark.parametrize("backend", ["reference", "numba"])
def test_a_koi_bought_for_luck_before_the_work_goes_into_the_pond(backend: str) -> None:
    """Issue 25: with a foliage in storage, the koi bought for the luck token before the Work
    swims and scores (at the end of the turn it would stay in storage and score nothing)."""
    state = last_turn_with_a_luck_koi(backend, [0, 1, 0, 0, 0, 0])
    assert act.WORK in state.legal_actions()
    run(state, act.WORK)
    assert state.legal_actions()[0] == buy("small")  # no PASS before the first tile
    run(state, buy("small"), place("small", "E6"), place("foliage", "E4"))
    sensei = state.to_json()["sensei"][0]
    assert state.is_terminal() and (sensei["luck"], sensei["coins"]) == (0, 0)
    assert state.breakdown(0)["koi"] == state.pack.koi_points[0] and state.scores() == [4]


@pytest.mark.parametrize("backend", ["reference", "numba"])
def test_work_is_offered_for_a_koi_the_luck_token_would_buy(backend: str) -> None:
    """Nothing stored, but a free water hex: the Work is a luck koi placed; once the Work has
    placed a tile (or after it) no koi is offered for luck."""
    state = last_turn_with_a_luck_koi(backend, [0] * 6)
    run(state, act.WORK)
    assert state.legal_actions() == [buy("small")]
    words = "buy a small koi for 3 coin(s), discarding a luck token"
    assert state.action_to_string(buy("small")) == words
    run(state, buy("small"))
    assert state.legal_actions() == [place("small", "E6")]
    state = last_turn_with_a_luck_koi(backend, [2, 0, 0, 0, 0, 0])
    run(state, act.WORK, place("water", "E4"))
    assert buy("small") not in state.legal_actions()
    run(state, act.PASS)
    assert state.is_terminal() and state.to_json()["sensei"][0]["luck"] == 1


def test_a_pack_changes_the_prices() -> None:
    pack = make_pack(koi={"prices": [1, 1, 1], "points": [1, 1, 1], "supply": [[1, 1, 1]] * 4})
    state = run(started(FIVE_CALM, pack=pack), meditate(4))
    assert state.legal_actions() == [act.GOODS, buy("small"), buy("medium"), buy("large")]
