"""The rulebook fragment (``shared/seeds/003_af8b9fd379d2234d.txt``), every sentence with a test.

Each test quotes the sentence it checks. Markets are chosen by the test (the chance outcomes of
the setup's flips); ``Gardener`` is a card with no effect at once, so a space's fee and reward
show alone.
"""

from __future__ import annotations

import math

import pytest

import solver
from solver import IllegalActionError
from solver.games.koi import actions as act
from solver.games.koi import rules as R
from solver.games.koi.pond import SPRING
from solver.games.koi.scoring import SPRING_HEX
from tests.koi.builders import CALM, buy, flip, load, meditate, run, started, stored

FIVE_CALM = [CALM] * 5


def test_setup_sensei_board_storage_spring_two_coins_one_luck_token() -> None:
    """Public facts: each player gets a sensei board, 1 spring tile, 2 coins, 1 luck token."""
    state = load(3).new_initial_state()
    assert state.coins == [2, 2, 2] and state.luck == [1, 1, 1]
    assert all(
        pond[SPRING] == SPRING_HEX and pond.count(0) == len(pond) - 1 for pond in state.ponds
    )
    assert all(state.used(p) == 0 and state.capacity(p) == 5 for p in range(3))


def test_the_market_is_five_face_up_cards_flipped_from_the_deck() -> None:
    """ "Choose 1 of the face-up cards on the board": five spaces, filled by chance at setup."""
    state = load(2).new_initial_state()
    outcomes = state.chance_outcomes()
    assert state.is_chance_node() and math.isclose(sum(p for _, p in outcomes), 1.0)
    deck = state.pack.deck(2)
    assert dict(outcomes)[flip(state, "Market")] == pytest.approx(4 / sum(deck))
    for name in ["Storage", "Market", "Reeds", "Offering", "Market"]:
        run(state, flip(state, name))
    assert state.phase == R.TURN and None not in state.market
    assert sorted(a - act.MEDITATE for a in state.legal_actions() if a < act.WORK) == [
        0,
        1,
        2,
        3,
        4,
    ]


def test_space_1_costs_one_coin() -> None:
    """ "1. The card above this box costs you 1 coin." """
    state = run(started(FIVE_CALM), meditate(1))
    assert state.coins == [1]
    state = started(FIVE_CALM)
    state.coins[0] = 0
    assert meditate(1) not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply_action(meditate(1))


def test_space_2_has_no_cost_or_reward() -> None:
    """ "2. No cost or reward." """
    state = run(started(FIVE_CALM), meditate(2))
    assert state.coins == [2] and stored(state) == {} and state.luck == [1]


def test_space_3_gives_two_coins_and_one_water() -> None:
    """ "3. Get 2 coins and 1 water." """
    state = run(started(FIVE_CALM), meditate(3))
    assert state.coins == [4] and stored(state) == {"water": 1}


def test_space_4_gives_one_coin_and_two_water_or_a_koi_at_the_normal_price() -> None:
    """ "4. Get 1 coin and 2 water, or acquire a koi." and "if you choose the fourth space on the
    main board, you may purchase 1 koi for the normal price, instead of taking a coin and 2 water
    tiles." """
    state = run(started(FIVE_CALM), meditate(4))
    assert state.phase == R.REWARD
    assert state.legal_actions() == [act.GOODS, buy("small")]  # 2 coins: the small koi's price
    goods = run(state.clone(), act.GOODS)
    assert goods.coins == [3] and stored(goods) == {"water": 2}
    koi = run(state, buy("small"))
    assert koi.coins == [0] and stored(koi) == {"small": 1}


def test_space_5_gives_one_shore_or_one_foliage() -> None:
    """ "5. Get 1 shore or 1 foliage." """
    state = run(started(FIVE_CALM), meditate(5))
    assert state.legal_actions() == [act.SHORE_REWARD, act.FOLIAGE_REWARD]
    assert stored(run(state.clone(), act.SHORE_REWARD)) == {"shore": 1}
    assert stored(run(state, act.FOLIAGE_REWARD)) == {"foliage": 1}


def test_the_fee_is_paid_before_taking_the_card() -> None:
    """ "If there is a fee, you must pay it before taking the card.": with 1 coin, the fee leaves
    nothing for the Market card's koi (1 coin for a small one)."""
    state = started(["Market", CALM, CALM, CALM, CALM])
    state.coins[0] = 1
    run(state, meditate(1))
    assert state.coins == [0] and state.phase == R.FLIP  # no purchase was possible


def test_the_reward_may_come_before_or_after_the_card() -> None:
    """ "If there is a reward, you can take it before or after taking the card and performing its
    effect.": space 3's 2 coins pay for the Market card's koi only if taken first."""
    state = started([CALM, CALM, "Market", CALM, CALM])
    state.coins[0] = 0
    run(state, meditate(3))
    assert state.phase == R.ORDER
    first = run(state.clone(), act.REWARD_FIRST)
    assert first.phase == R.MARKET and buy("medium") in first.legal_actions()  # 3 - 1 = 2 coins
    run(first, buy("medium"))
    assert first.coins == [0] and stored(first) == {"water": 1, "medium": 1}
    after = run(state, act.CARD_FIRST)
    assert after.phase == R.FLIP and after.coins == [2]  # nothing to buy with: the card passed


def test_a_market_card_buys_a_koi_one_coin_cheaper() -> None:
    """ "2. When you meditate, if you take a Market card, you may purchase 1 koi with a discount
    of 1 coin" (or buy nothing)."""
    state = run(started([CALM, "Market", CALM, CALM, CALM]), meditate(2))
    assert state.phase == R.MARKET and state.legal_actions() == [
        buy("small"),
        buy("medium"),
        act.PASS,
    ]
    run(state, buy("medium"))
    assert state.coins == [0] and stored(state) == {"medium": 1}


def test_a_luck_token_buys_a_koi_one_coin_dearer() -> None:
    """ "3. By discarding 1 luck token you own, you may purchase 1 koi for 1 coin more than the
    normal price." (here after a meditation; before a Work's first tile too: the timing is OURS,
    ``test_rules_completion.py``)."""
    state = run(started(FIVE_CALM), meditate(3))  # 4 coins
    run(state, flip(state, CALM))
    assert state.phase == R.LUCK
    assert state.legal_actions() == [buy("small"), buy("medium"), act.PASS]  # 3, 4; large 6
    run(state, buy("medium"))
    assert state.luck == [0] and state.coins == [0] and stored(state) == {"water": 1, "medium": 1}


def test_the_cards_slide_right_and_the_deck_refills_the_left_space() -> None:
    """ "After you have meditated, slide all face-up cards on the board to the right to fill the
    just-vacated space, then draw the top card from the deck to refill the empty space on the
    left." """
    market = ["Offering", "Reeds", "Storage", "Market", "Spring rain"]
    state = run(started(market), meditate(3))

    def names() -> list[str | None]:
        return [None if k is None else state.pack.cards[k].name for k in state.market]

    assert state.is_chance_node() and names() == [
        None,
        "Offering",
        "Reeds",
        "Market",
        "Spring rain",
    ]
    run(state, flip(state, "Stone bank"))
    assert names() == ["Stone bank", "Offering", "Reeds", "Market", "Spring rain"]


def test_sizes_water_foliage_one_shore_three_koi_one_two_three() -> None:
    """ "Water and foliage tiles occupy 1 hex each. Shore tiles are made up of 3 hexes ... a small
    koi takes 1 hex, medium takes 2, and large takes 3." """
    state = load(1).new_initial_state()
    for kind, hexes in zip(act.STORED, (1, 1, 3, 1, 2, 3)):
        state.storage[0] = [int(k == kind) for k in act.STORED]
        assert state.used(0) == hexes


@pytest.mark.parametrize("storage", [[2, 0, 1, 0, 0, 0], [0, 0, 1, 0, 1, 0], [3, 2, 0, 0, 0, 0]])
def test_the_basic_storage_holds_5_hexes(storage: list[int]) -> None:
    """ "Your initial capacity limit is 5 hexes" and "in the basic storage, you can keep up to 1
    shore and 2 water tiles, or 1 shore and 1 medium koi" (counted by total hexes)."""
    state = load(1).new_initial_state()
    state.storage[0] = storage
    assert state.used(0) == 5 == state.capacity(0)


def test_the_capacity_is_checked_only_at_the_end_of_the_turn_and_the_player_chooses() -> None:
    """ "The capacity limit is only checked at the end of your turn: if your tiles occupy more
    hexes than you have available, you must discard tiles of your choice, placing them back in
    the supply, until your tiles occupy only a valid number of spaces." """
    state = started(FIVE_CALM)
    state.storage[0] = [1, 0, 1, 0, 0, 0]  # 4 hexes
    state.luck[0] = 0
    run(state, meditate(4), act.GOODS)  # +2 water: 6 hexes, over the limit during the turn
    assert state.used(0) == 6 and state.phase == R.FLIP
    run(state, flip(state, CALM))
    assert state.phase == R.DISCARD and state.legal_actions() == [act.DISCARD + 0, act.DISCARD + 2]
    water = state.supply["water"]
    run(state, act.DISCARD + 0)  # one water back: 5 hexes, valid, the discarding stops
    assert state.phase == R.TURN and state.used(0) == 5 and state.supply["water"] == water + 1


def test_a_discarded_shore_may_free_more_than_needed() -> None:
    """ "discard tiles of your choice": the shore (3 hexes) may go even if 1 hex is too many."""
    state = started(FIVE_CALM)
    state.storage[0] = [1, 0, 1, 0, 0, 0]
    state.luck[0] = 0
    run(state, meditate(4), act.GOODS, flip(state, CALM), act.DISCARD + 2)
    assert state.phase == R.TURN and stored(state) == {"water": 3}


def test_storage_expansion_tiles_come_from_storage_cards() -> None:
    """ "you can expand it thanks to the storage expansion tiles, which are obtained via Storage
    cards" (each tile: 2 hexes more, OURS)."""
    state = run(started([CALM, "Storage", CALM, CALM, CALM]), meditate(2))
    assert state.expansions == [1] and state.capacity(0) == 7
    assert state.supply["expansion"] == state.pack.supply["expansion"] - 1


def test_koi_in_the_supply_only() -> None:
    """A koi is bought from the supply: a size that ran out cannot be bought."""
    state = run(started(FIVE_CALM), meditate(4))
    state.koi_supply[0] = 0
    assert state.legal_actions() == [act.GOODS]  # the only answer: taken at once (docs)
    state = started(FIVE_CALM)
    state.koi_supply[0] = 0
    run(state, meditate(4))
    assert stored(state) == {"water": 2} and state.coins == [3]


def test_the_game_is_registered() -> None:
    assert "koi" in solver.GAMES and solver.load_game("koi").info.title == "KOI"
