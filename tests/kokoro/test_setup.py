"""Setting up Kokoro positions by clicks: every tool, a known position rebuilt, clear errors."""

from __future__ import annotations

import pytest

import solver
from solver.core.errors import PositionError
from solver.games.kokoro import actions as act
from solver.games.kokoro.setup import edit, tools
from tests.game_helpers import Clicks, refused_field
from tests.game_helpers import first_decision as to_first_decision
from tests.kokoro.builders import PEEK, card, run, sanctuary


def first_decision(players: int = 2, side: str = "blue", backend: str = "reference"):
    """A new game advanced to its first decision, as the web app starts setup."""
    game = solver.load_game("kokoro", players=players, side=side, backend=backend)
    return game, to_first_decision(game.new_initial_state())


def space(player: int, row: int, col: int) -> dict[str, str]:
    return {"target": "space", "player": str(player), "row": str(row), "col": str(col)}


def sanctuary_card(letter: str) -> dict[str, str]:
    return {"target": "sanctuary-card", "card": letter}


def deck(segment: int, golden: bool) -> dict[str, str]:
    return {"target": "deck", "segment": str(segment), "golden": str(int(golden))}


def test_the_tools_depend_on_the_side_and_players() -> None:
    _, blue = first_decision(3)
    names = [t.name for t in tools(blue)]
    assert "guardian" not in names and {"draw", "erase", "path_card", "deck", "reveal"} <= set(names)
    peek = next(t for t in tools(blue) if t.name == "peek")
    assert [v for v, _ in peek.params[0].choices] == [0, 1, 2]
    _, pink = first_decision(1, "pink")
    assert tools(pink)[0].name == "guardian"
    assert all(t.to_json()["name"] for t in tools(pink))


def test_drawing_takes_a_card_out_of_the_deck_only_when_the_mat_needs_one() -> None:
    game, state = first_decision(2)
    left = sum(state.deck.values())
    click = Clicks(game, state)
    s = click("draw", {"segment": 5, "golden": False}, space(0, 2, 2))
    assert s.paths[0][14] == 5 and sum(s.deck.values()) == left - 1 and s.deck[5, False] == 3
    s = click("draw", {"segment": 5, "golden": True}, space(1, 0, 1))  # player 1 answered it too
    assert s.paths[1][1] == 5 and sum(s.deck.values()) == left - 1
    s = click("draw", {"segment": 2, "golden": True}, space(0, 3, 1))
    assert s.deck[2, True] == 3 and s.golden == state.golden + 1
    s = click("erase", {}, space(0, 2, 2))
    assert s.paths[0][14] == 0 and sum(s.deck.values()) == left - 2  # still answered (a peek)


def test_the_path_card_deck_to_move_and_peek_tools() -> None:
    game, state = first_decision(2)
    old = state.card
    click = Clicks(game, state)
    s = click("path_card", {"segment": 6, "golden": False}, {"target": "path-card"})
    assert s.card == (6, False) and s.deck[old] == game.pack.counts()[old]  # the old one went back
    s = click("deck", {"move": "take"}, deck(1, False))
    assert s.deck[1, False] == game.pack.counts()[1, False] - 1
    s = click("deck", {"move": "return"}, deck(1, False))
    assert s.deck[1, False] == game.pack.counts()[1, False]
    s = click("deck", {"move": "take"}, deck(4, False))  # everybody peeked at a plain 4
    s = click("peek", {"player": 1}, sanctuary_card("D"))
    assert (s.next_card, s.seen) == ("D", {1})
    s = click("peek", {"player": 0}, sanctuary_card("D"))
    assert s.seen == {0, 1}
    s = click("clear_peek")
    assert s.next_card is None
    s = click("to_move", {}, {"target": "mat", "player": "1"})
    assert s.to_move == 1


def test_revealing_closes_the_round_and_the_sanctuary_and_box_tools() -> None:
    game, state = first_decision(1)
    click = Clicks(game, state)
    click("sanctuary", {"card": "D"}, sanctuary_card(state.revealed[0]))
    # D is at row 4, column 1 (1-based): join it to the 2 flowers below-right... through a ┌ and ┐
    s = click("draw", {"segment": 3, "golden": False}, space(0, 3, 0))
    s = click("draw", {"segment": 4, "golden": False}, space(0, 3, 1))
    s = click("reveal", {}, sanctuary_card("B"))
    assert s.revealed == ["D", "B"] and s.boxes == [[2]] and s.golden == s.card[1]
    assert sum(n for (_, g), n in game.pack.counts().items() if g) - sum(
        n for (_, g), n in s.deck.items() if g) == 4 + s.golden  # fmt: skip
    s = click("box", {"value": 1}, {"target": "box", "player": "0", "box": "0"})
    assert s.boxes == [[1]]
    with pytest.raises(PositionError) as info:  # B would have scored 1 while joined to nothing
        click("sanctuary", {"card": "B"}, sanctuary_card("D"))
    assert info.value.field == "mats[0].boxes[0]"
    click("box", {"value": 0}, {"target": "box", "player": "0", "box": "0"})
    s = click("sanctuary", {"card": "B"}, sanctuary_card("D"))  # the two revealed cards swap
    assert s.revealed == ["B", "D"]


def test_the_guardians_move_on_the_pink_side() -> None:
    game, state = first_decision(2, "pink")
    mat = game.pack.mats["pink"]
    click = Clicks(game, state)
    free = next(f for f in range(1, 11) if mat.die_space(f) not in state.guardians.values())
    row, col = mat.coords(mat.die_space(free))
    s = click("guardian", {"guardian": "lion"}, space(1, row, col))
    assert s.guardians["lion"] == mat.die_space(free)


def test_a_setup_built_by_clicks_equals_the_position_played() -> None:
    game = solver.load_game("kokoro", players=2)
    played = run(
        game.new_initial_state(), sanctuary("C"),
        card(3, True), 0, 7, card(5), 1, PEEK, sanctuary("E"), card(4, True), 2, 8,
        card(6, True), PEEK, 13, card(1, True), 6, 14,  # the 4th golden: C is scored, E revealed
        card(2), 20,
    )  # fmt: skip
    start = run(game.new_initial_state(), sanctuary("A"), card(6, True))
    click = Clicks(game, start)
    click("sanctuary", {"card": "C"}, sanctuary_card("A"))
    for player, where, segment, golden in ((0, 0, 3, True), (1, 7, 3, True), (0, 1, 5, False),
                                           (0, 2, 4, True), (1, 8, 4, True), (1, 13, 6, True)):  # fmt: skip
        click("draw", {"segment": segment, "golden": golden}, space(player, *divmod(where, 6)))
    click("reveal", {}, sanctuary_card("E"))
    click("path_card", {"segment": 2, "golden": False}, {"target": "path-card"})
    click("deck", {"move": "take"}, deck(1, True))  # round 1's golden cards: a 1, not two 6
    click("deck", {"move": "return"}, deck(6, True))
    click("draw", {"segment": 1, "golden": True}, space(0, 1, 0))
    click("draw", {"segment": 1, "golden": True}, space(1, 2, 2))
    click("to_move", {}, {"target": "mat", "player": "1"})
    built = click("draw", {"segment": 2, "golden": False}, space(0, 3, 2))
    assert built.to_json() == played.to_json()


def test_edits_work_on_the_numba_backend() -> None:
    game, state = first_decision(2, backend="numba")
    position = edit(state, "draw", {"segment": 1, "golden": False}, space(1, 6, 5))
    assert game.state_from_json(position).to_json()["mats"][1]["paths"][6] == ".....1"


@pytest.mark.parametrize(
    ("tool", "params", "target", "field"),
    [
        ("paint", {}, {}, "tool"),
        ("draw", {"segment": 7, "golden": False}, space(0, 0, 0), "params.segment"),
        ("draw", {"segment": 1}, space(0, 0, 0), "params.golden"),
        ("draw", {"segment": 1, "golden": False, "colour": 1}, space(0, 0, 0), "params.colour"),
        ("draw", {"segment": 1, "golden": False}, {"target": "deck"}, "target.target"),
        ("draw", {"segment": 1, "golden": False}, {"target": "space", "player": "0", "row": "0"},
         "target.col"),
        ("draw", {"segment": 1, "golden": False}, space(2, 0, 0), "target.player"),
        ("draw", {"segment": 1, "golden": False}, space(0, 7, 0), "target.row"),
        ("erase", {}, space(0, 0, 0), "target"),
        ("deck", {"move": "return"}, deck(2, False), "target"),  # none is out
        ("deck", {"move": "return"}, deck(1, False), "target"),  # the card being answered
        ("deck", {"move": "take"}, deck(9, False), "target.segment"),
        ("reveal", {}, sanctuary_card("Z"), "target.card"),
        ("box", {"value": 0}, {"target": "box", "player": "0", "box": "0"}, "target.box"),
        ("sanctuary", {"card": "B"}, sanctuary_card("F"), "target.card"),
        ("guardian", {"guardian": "lady"}, space(0, 0, 0), "tool"),  # blue side: no such tool
        ("peek", {"player": 0}, sanctuary_card("C"), "next_sanctuary.seen_by[0]"),  # never peeked
    ],
)  # fmt: skip
def test_bad_tools_params_and_targets_name_the_field(tool, params, target, field) -> None:
    _, state = first_decision(2)
    assert refused_field(edit, state, tool, params, target) == field


def test_the_round_allows_four_golden_cards_and_edits_need_a_decision() -> None:
    game = solver.load_game("kokoro", players=1)
    state = run(game.new_initial_state(), sanctuary("A"), card(3, False))
    for col in range(3):
        state = game.state_from_json(edit(state, "draw", {"segment": 1, "golden": True},
                                          space(0, 0, col)))  # fmt: skip
    with pytest.raises(PositionError, match="4th golden card ends the round") as info:
        edit(state, "draw", {"segment": 1, "golden": True}, space(0, 1, 0))
    assert info.value.field == "params.golden"
    waiting = run(game.new_initial_state(), sanctuary("A"))
    with pytest.raises(PositionError) as info:
        edit(waiting, "clear_peek", {}, {})
    assert info.value.field == "phase"
    assert act.kind(waiting.legal_actions()[0]) == "path"
