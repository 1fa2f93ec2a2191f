"""Setting up KOI positions by clicks: every tool, played positions rebuilt, clear errors."""

from __future__ import annotations

import random

import pytest

import solver
from solver.core.errors import PositionError
from solver.games.koi import actions as act
from solver.games.koi.pack import KOI_SIZES
from solver.games.koi.pond import CELLS, SPRING, label, neighbours, triangle
from solver.games.koi.scoring import EMPTY, SHORE, TERRAINS, WATER
from solver.games.koi.setup import edit, tools
from tests.game_helpers import Clicks, refused_field
from tests.game_helpers import first_decision as to_first_decision


def first_decision(players: int = 2, backend: str = "reference"):
    """A new game advanced to its first decision, as the web app starts setup."""
    game = solver.load_game("koi", players=players, backend=backend)
    return game, to_first_decision(game.new_initial_state())


def hex_(player: int, name: str) -> dict[str, str]:
    return {"target": "hex", "player": str(player), "hex": name}


def at(target: str, player: int) -> dict[str, str]:
    return {"target": target, "player": str(player)}


def space(n: int) -> dict[str, str]:
    return {"target": "market", "space": str(n)}


def test_the_tools_name_the_packs_cards_and_targets() -> None:
    _, state = first_decision(3)
    found = {t.name: t for t in tools(state)}
    assert set(found) == {"market", "cards", "tile", "shore", "koi", "clear", "storage", "coins",
                          "luck", "expansions", "to_move"}  # fmt: skip
    assert {t.target for t in found.values()} == {"market", "cards", "hex", "storage", "coins",
                                                  "luck", "expansions", "sensei"}  # fmt: skip
    cards = [v for v, _ in found["market"].params[0].choices]
    assert cards == [card.name for card in state.pack.cards]
    assert all(t.to_json()["help"] for t in found.values())


def test_the_market_and_the_cards_taken_keep_the_deck() -> None:
    game, state = first_decision(2)
    click = Clicks(game, state)
    left = sum(state.deck)
    old = state.market[2]
    s = click("market", {"card": "Gardener"}, space(3))
    gardener = s.pack.card_index("Gardener")
    assert s.market[2] == gardener and sum(s.deck) == left
    assert s.deck[old] == state.deck[old] + (old != gardener)
    s = click("cards", {"card": "Gardener", "count": 1}, at("cards", 1))
    assert s.cards[1][gardener] == 1 and s.deck[gardener] == 0 and sum(s.deck) == left - 1
    assert s.work_limit(1) == s.pack.work_tiles + 1
    with pytest.raises(PositionError) as info:  # 2 Gardener cards: both are out already
        click("market", {"card": "Gardener"}, space(1))
    assert info.value.field == "params.card"


def test_a_card_taken_when_the_deck_has_none_empties_its_market_space() -> None:
    game, state = first_decision(1)
    click = Clicks(game, state)
    names = [card.name for card in state.pack.cards]
    market = click("market", {"card": "Reeds"}, space(1)).market
    for k, n in enumerate(click.state.deck):
        click("cards", {"card": names[k], "count": n}, at("cards", 0))
    assert not sum(click.state.deck) and not click.state.last_round
    s = click("cards", {"card": "Reeds", "count": click.state.cards[0][market[0]] + 1},
              at("cards", 0))  # fmt: skip
    assert s.market == [None, *market[1:]] and s.last_round and not sum(s.deck)
    with pytest.raises(PositionError) as info:  # the empty spaces are on the left
        k = market[2]
        click("cards", {"card": names[k], "count": s.cards[0][k] + 1}, at("cards", 0))
    assert info.value.field == "market"
    s = click("cards", {"card": "Reeds", "count": s.cards[0][market[0]] - 1}, at("cards", 0))
    assert s.market == market and not s.last_round and not sum(s.deck)  # back on its space


def test_pond_tiles_shores_and_koi_come_from_the_supply() -> None:
    game, state = first_decision(2)
    click = Clicks(game, state)
    water = state.supply["water"]
    s = click("tile", {"terrain": "water"}, hex_(0, "E6"))
    assert TERRAINS[s.ponds[0][31]] == "water" and s.supply["water"] == water - 1
    s = click("koi", {"size": "large"}, hex_(0, "E6"))
    assert s.koi[0][31] == 3 and s.koi_supply[2] == state.koi_supply[2] - 1
    s = click("koi", {"size": "small"}, hex_(0, "E6"))  # the large koi goes back
    assert s.koi[0][31] == 1 and s.koi_supply == [state.koi_supply[0] - 1, *state.koi_supply[1:]]
    s = click("tile", {"terrain": "water"}, hex_(0, "E6"))  # already water: the koi stays
    assert s.koi[0][31] == 1
    s = click("tile", {"terrain": "lily"}, hex_(0, "E6"))
    assert s.koi[0][31] == 0 and s.koi_supply == state.koi_supply
    assert s.supply["water"] == water and s.supply["lily"] == state.supply["lily"] - 1
    s = click("shore", {"shape": 0}, hex_(1, "D5"))
    shore = [label(c) for c in range(CELLS) if s.ponds[1][c] == SHORE]
    assert shore == [label(c) for c in triangle(s.ponds[1].index(SHORE), 0)]
    assert s.supply["shore"] == state.supply["shore"] - 1
    s = click("clear", {}, hex_(1, shore[2]))  # a shore goes back whole
    assert SHORE not in s.ponds[1] and s.supply["shore"] == state.supply["shore"]
    s = click("clear", {}, hex_(0, "E6"))
    assert s.ponds[0][31] == EMPTY and s.supply == state.supply


def test_the_sensei_board_counters_storage_and_turn() -> None:
    game, state = first_decision(3)
    click = Clicks(game, state)
    s = click("expansions", {"value": 2}, at("expansions", 2))
    assert s.expansions[2] == 2 and s.supply["expansion"] == state.supply["expansion"] - 2
    s = click("storage", {"what": "shore", "count": 2}, at("storage", 2))
    s = click("storage", {"what": "medium", "count": 1}, at("storage", 2))
    assert s.used(2) == 8 == s.capacity(2) - 1
    assert s.supply["shore"] == state.supply["shore"] - 2
    assert s.koi_supply[1] == state.koi_supply[1] - 1
    with pytest.raises(PositionError) as info:
        click("storage", {"what": "water", "count": 2}, at("storage", 2))
    assert info.value.field == "sensei[2].storage"
    s = click("storage", {"what": "shore", "count": 0}, at("storage", 2))
    assert s.supply["shore"] == state.supply["shore"]
    s = click("coins", {"value": 17}, at("coins", 1))
    s = click("luck", {"value": 0}, at("luck", 0))
    s = click("to_move", {}, at("sensei", 2))
    assert (s.coins, s.luck, s.to_move) == ([2, 17, 2], [0, 1, 1], 2)
    assert s.legal_actions()  # player 2 decides


def pond_clicks(state, p: int) -> list[tuple[str, dict, dict]]:
    """The clicks that build player ``p``'s pond: tiles outwards from the spring (every tile
    joined when placed), a shore tile as a whole, the koi last."""
    pond, todo = state.ponds[p], {c for c in range(CELLS) if state.ponds[p][c] not in (EMPTY, 1)}
    shores = [(c, shape) for c in range(CELLS) for shape in (0, 1)
              if (tri := triangle(c, shape)) and all(pond[h] == SHORE for h in tri)]  # fmt: skip
    clicks, placed = [], {SPRING}
    while todo:
        joined = {c for c in todo if any(n in placed for n in neighbours(c))}
        cell = min(joined)
        if pond[cell] == SHORE:
            c, shape = next((c, sh) for c, sh in shores if cell in triangle(c, sh)
                            and set(triangle(c, sh)) <= todo)  # fmt: skip
            clicks.append(("shore", {"shape": shape}, hex_(p, label(c))))
            cells = set(triangle(c, shape))
        else:
            clicks.append(("tile", {"terrain": TERRAINS[pond[cell]]}, hex_(p, label(cell))))
            cells = {cell}
        todo -= cells
        placed |= cells
    return clicks + [("koi", {"size": KOI_SIZES[k - 1]}, hex_(p, label(c)))
                     for c, k in enumerate(state.koi[p]) if k and pond[c] == WATER]  # fmt: skip


def played(players: int, seed: int, turns: int):
    """A random game after ``turns`` turns, at the start of a turn."""
    game = solver.load_game("koi", players=players)
    state, rng, done = game.new_initial_state(), random.Random(seed), 0
    while done < turns or not state.turn_start():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            done += state.turn_start()
            state.apply_action(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize(
    ("players", "seed", "turns"),
    [(1, 1, 12), (2, 2, 16), (3, 3, 20), (4, 4, 30), (3, 8, 35), (4, 10, 35)],
)
def test_a_played_position_is_rebuilt_by_clicks(players: int, seed: int, turns: int) -> None:
    game, target = played(players, seed, turns)
    assert target.last_round == (turns > 30)  # the last two: two spaces empty
    click = Clicks(*first_decision(players))
    names = [card.name for card in target.pack.cards]
    for s, kind in enumerate(target.market):
        if kind is not None:
            click("market", {"card": names[kind]}, space(s + 1))
    for p in range(players):  # the cards from the deck, then those off the market's spaces
        for k, n in enumerate(target.cards[p]):
            most = click.state.cards[p][k] + click.state.deck[k]
            if n:
                click("cards", {"card": names[k], "count": min(n, most)}, at("cards", p))
    for k in click.state.market[: target.market.count(None)]:
        p = next(p for p in range(players) if click.state.cards[p][k] < target.cards[p][k])
        click("cards", {"card": names[k], "count": click.state.cards[p][k] + 1}, at("cards", p))
    for p in range(players):
        click("expansions", {"value": target.expansions[p]}, at("expansions", p))
        for what, n in zip(act.STORED, target.storage[p]):
            click("storage", {"what": what, "count": n}, at("storage", p))
        click("coins", {"value": target.coins[p]}, at("coins", p))
        click("luck", {"value": target.luck[p]}, at("luck", p))
        for tool, params, where in pond_clicks(target, p):
            click(tool, params, where)
    built = click("to_move", {}, at("sensei", target.to_move))
    assert built.to_json() == target.to_json()


def test_edits_work_on_the_numba_backend() -> None:
    game, state = first_decision(2, backend="numba")
    position = edit(state, "tile", {"terrain": "foliage"}, hex_(1, "F5"))
    assert game.state_from_json(position).to_json()["sensei"][1]["pond"][5] == "....f..."


@pytest.mark.parametrize(
    ("tool", "params", "target", "field"),
    [
        ("paint", {}, {}, "tool"),
        ("tile", {"terrain": "spring"}, hex_(0, "E6"), "params.terrain"),
        ("tile", {}, hex_(0, "E6"), "params.terrain"),
        ("tile", {"terrain": "water", "koi": 1}, hex_(0, "E6"), "params.koi"),
        ("tile", {"terrain": "water"}, space(1), "target.target"),
        ("tile", {"terrain": "water"}, {"target": "hex", "player": "0"}, "target.hex"),
        ("tile", {"terrain": "water"}, hex_(2, "E6"), "target.player"),
        ("tile", {"terrain": "water"}, hex_(0, "J1"), "target.hex"),
        ("tile", {"terrain": "water"}, hex_(0, "E5"), "target.hex"),  # the spring
        ("tile", {"terrain": "water"}, hex_(0, "A1"), "sensei[0].pond"),  # not joined
        ("shore", {"shape": 0}, hex_(0, "I5"), "params.shape"),  # leaves the pond
        ("koi", {"size": "small"}, hex_(0, "E6"), "target.hex"),  # not water
        ("clear", {}, hex_(1, "E6"), "target.hex"),  # empty
        ("market", {"card": "Storage"}, space(6), "target.space"),
        ("market", {"card": ""}, space(1), "params.card"),
        ("cards", {"card": "Storage", "count": 5}, at("cards", 0), "params.count"),
        ("cards", {"card": "Storage", "count": 3}, at("sensei", 0), "target.target"),
        ("storage", {"what": "large", "count": 9}, at("storage", 0), "params.count"),
        ("storage", {"what": "water", "count": 6}, at("storage", 1), "sensei[1].storage"),
        ("expansions", {"value": 9}, at("expansions", 0), "params.value"),
        ("coins", {"value": 41}, at("coins", 0), "params.value"),
        ("to_move", {}, at("sensei", 5), "target.player"),
    ],
)  # fmt: skip
def test_bad_tools_params_and_targets_name_the_field(tool, params, target, field) -> None:
    _, state = first_decision(2)
    assert refused_field(edit, state, tool, params, target) == field


def test_a_position_is_set_up_at_the_start_of_a_turn() -> None:
    _, state = first_decision(1)
    state.apply_action(act.MEDITATE + 3)  # space 4: its reward is chosen next
    assert state.phase == "reward"
    with pytest.raises(PositionError) as info:
        edit(state, "coins", {"value": 3}, at("coins", 0))
    assert info.value.field == "phase"
