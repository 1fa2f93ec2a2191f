"""The SVG picture of Kokoro positions: pieces counted by class and data-*, not pixels."""

from __future__ import annotations

import pytest

import solver
from solver.games.kokoro import actions as act
from solver.render import svg
from tests.game_helpers import check_size_and_notebook, parse, pieces, random_states
from tests.kokoro.builders import PEEK, card, run, sanctuary, turn

REF_MAT = 42  # spaces of the reference mat (6 x 7)


def scripted(players: int = 2, **options) -> tuple:
    """Round 1, sanctuary A: player 0 drew ─ at row 1 column 2 and ┐ on A; the others peeked at B,
    then drew ┐ at row 2 column 3; player 0 is answering a golden ┌."""
    game = solver.load_game("kokoro", players=players, **options)
    state = run(game.new_initial_state(), sanctuary("A"))
    turn(game, state, 5, False, (1, 2), *[PEEK] * (players - 1), top="B")
    turn(game, state, 4, True, (1, 4), *[(2, 3)] * (players - 1))
    return game, run(state, card(3, True))


def test_every_printed_space_and_feature_is_a_piece_on_every_mat() -> None:
    game, state = scripted(3)
    root = parse(svg(state))
    mat = game.pack.mats["blue"]
    assert len(pieces(root, "mat")) == 3
    assert len(pieces(root, "space")) == 3 * REF_MAT
    assert len(pieces(root, "caterpillars")) == 3 * sum(s.caterpillars > 0 for s in mat.spaces)
    assert len(pieces(root, "flowers")) == 3 * sum(s.flowers > 0 for s in mat.spaces)
    assert sorted(e.get("data-sanctuary") for e in pieces(root, "sanctuary")) == sorted("ABCDEF" * 3)
    guardians = {(e.get("data-guardian"), e.get("data-row"), e.get("data-col"))
                 for e in pieces(root, "guardian")}  # fmt: skip
    assert guardians == {("lady", "0", "0"), ("lion", "6", "5")}
    spaces = [e for e in pieces(root, "space") if e.get("data-player") == "1"]
    assert {e.get("data-target") for e in spaces} == {"space"}
    first = next(e for e in spaces if e.get("data-row") == "0" and e.get("data-col") == "2")
    assert (first.get("data-caterpillars"), first.get("data-flowers")) == ("2", "0")


def test_drawn_paths_are_pieces_where_they_are_drawn() -> None:
    _, state = scripted(2)
    root = parse(svg(state))
    paths = {(e.get("data-player"), e.get("data-row"), e.get("data-col"), e.get("data-segment"))
             for e in pieces(root, "path")}  # fmt: skip
    assert paths == {("0", "0", "1", "5"), ("0", "0", "3", "4"), ("1", "1", "2", "4")}
    joined = [e for e in pieces(root, "path") if e.get("data-joined") == "1"]
    assert [(e.get("data-player"), e.get("data-col")) for e in joined] == [("0", "3")]  # ┐ on A


def test_shared_cards_deck_boxes_and_status() -> None:
    _, state = scripted(2)
    root = parse(svg(state))
    (status,) = pieces(root, "status")
    assert (status.get("data-phase"), status.get("data-round"), status.get("data-to-move"),
            status.get("data-golden")) == ("choose", "1", "0", "2")  # fmt: skip
    (path_card,) = pieces(root, "path-card")
    assert (path_card.get("data-segment"), path_card.get("data-golden")) == ("3", "1")
    cards = {e.get("data-card"): e.get("data-state") for e in pieces(root, "sanctuary-card")}
    assert cards == {"A": "current", "B": "next", "C": "deck", "D": "deck", "E": "deck", "F": "deck"}
    deck = {(e.get("data-segment"), e.get("data-golden")): int(e.get("data-count"))
            for e in pieces(root, "deck")}  # fmt: skip
    assert len(deck) == 12 and sum(deck.values()) == 39
    assert deck["5", "0"] == state.deck[5, False] and deck["3", "1"] == state.deck[3, True]
    assert len(pieces(root, "box")) == 2 * 5
    assert [e.get("data-value") for e in pieces(root, "score")] == ["0", "0"]
    assert [e.get("data-player") for e in pieces(root, "peeked")] == ["1"]
    titles = pieces(root, "mat-title")
    assert [e.get("data-to-move") for e in titles] == ["1", None]
    assert "Kokoro, blue side, 2 players" in "".join(root.itertext())


def test_the_observer_sees_the_peeked_card_only_if_they_peeked() -> None:
    _, state = scripted(2)
    for observer, card_shown in ((None, "B"), (1, "B"), (0, None)):
        root = parse(svg(state, observer=observer))
        (next_card,) = pieces(root, "next-sanctuary")
        assert next_card.get("data-card") == card_shown
        assert next_card.get("data-seen-by") == "1"
        states = {e.get("data-card"): e.get("data-state") for e in pieces(root, "sanctuary-card")}
        assert (states["B"] == "next") == (card_shown is not None)
        assert ("you" in "".join(root.itertext())) == (observer is not None)


def test_a_best_turn_is_drawn_over_the_position_in_the_highlight_colour() -> None:
    _, state = scripted(1)
    turn = solver.best_move(state, iterations=200).actions
    root = parse(svg(state, highlight=turn))
    marks = pieces(root, "highlight")
    assert marks and {e.get("data-step") for e in marks} == {str(i) for i in range(len(turn))}
    assert {e.get("pointer-events") for e in marks} == {"none"}
    if turn[0] < act.PEEK:
        (draw,) = [e for e in marks if e.get("data-kind") == "draw" and e.tag.endswith("g")]
        row, col = divmod(turn[0], 6)
        assert (draw.get("data-row"), draw.get("data-col"), draw.get("data-segment")) == (
            str(row), str(col), "3")


def test_every_kind_of_action_can_be_highlighted() -> None:
    game = solver.load_game("kokoro", players=2, side="pink")
    state = game.new_initial_state()
    lady, lion = act.die_action(3), act.die_action(7)
    sequence = [lady, lion, sanctuary("C"), card(2, True), 5, PEEK, sanctuary("A")]
    root = parse(svg(state, highlight=sequence))
    kinds = [e.get("data-kind") for e in pieces(root, "highlight") if e.tag.endswith("text")]
    assert kinds == ["die", "die", "sanctuary", "path", "draw", "peek", "sanctuary"]
    rings = [e for e in pieces(root, "highlight") if e.get("data-kind") == "die" and e.tag.endswith("circle")]
    assert len(rings) == 2 * 2  # each roll marks its space on both mats


def test_pink_side_die_numbers_and_rolled_guardians() -> None:
    game = solver.load_game("kokoro", players=2, side="pink", decree="twin_guardians")
    state = game.new_initial_state()
    root = parse(svg(state))
    assert len(pieces(root, "die-number")) == 2 * 10 and not pieces(root, "guardian")
    run(state, act.die_action(1), act.die_action(10))
    root = parse(svg(state))
    assert {e.get("data-guardian") for e in pieces(root, "guardian")} == {"lady", "lion"}
    assert len(pieces(root, "guardian")) == 4
    assert [e.get("data-decree") for e in pieces(root, "decree")] == ["twin_guardians"]
    assert len(pieces(root, "decree-box")) == 2


def test_the_end_of_a_game_shows_the_final_boxes_and_winners() -> None:
    game = solver.load_game("kokoro", players=2, decree="harmony")
    *_, state = random_states(game, seed=5, every=1000)
    root = parse(svg(state))
    values = {(e.get("data-player"), e.get("data-guardian")): e.get("data-value")
              for e in pieces(root, "guardian-box")}  # fmt: skip
    assert values["0", "lady"] == str(state.lady_boxes[0])
    assert values["1", "lion"] == str(state.lion_boxes[1])
    winners = [int(e.get("data-player")) for e in pieces(root, "score") if e.get("data-winner")]
    assert winners == state.winners
    assert [e.get("data-value") for e in pieces(root, "decree-box")] == [
        str(v) for v in state.decree_boxes]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "side", "backend", "every"),
    [(1, "blue", "reference", 1), (2, "pink", "numba", 7), (5, "blue", "numba", 25),
     (8, "pink", "reference", 40)],
)  # fmt: skip
def test_every_state_of_random_games_renders(players, side, backend, every) -> None:
    game = solver.load_game("kokoro", players=players, side=side, backend=backend)
    count = 0
    for state in random_states(game, seed=players, every=every):
        root = parse(svg(state, observer=players - 1))
        assert len(pieces(root, "space")) == players * REF_MAT
        ref = state.to_reference() if hasattr(state, "to_reference") else state
        drawn = sum(s != 0 for paths in ref.paths for s in paths)
        assert len(pieces(root, "path")) == drawn
        count += 1
    assert count > 3


def test_size_parsing_and_notebooks() -> None:
    _, state = scripted(1)
    check_size_and_notebook(state)
