"""The text picture of a position: status line, score sheets, and each mat drawn with its paths."""

from __future__ import annotations

import solver
from tests.kokoro.builders import PEEK, finish, load, run, sanctuary, turn


def test_the_picture_draws_segments_features_sanctuaries_and_guardians() -> None:
    game = load(2)
    state = run(game.new_initial_state(), sanctuary("A"))
    turn(game, state, 5, False, (1, 2), (1, 1))  # ─ on c1 for player 0, ─ on the lady for player 1
    turn(game, state, 4, True, (1, 3), PEEK)  # ┐ on A for player 0
    text = str(state)
    lines = text.splitlines()
    assert lines[0].startswith(
        "Kokoro, blue side, 2 players: round 1, sanctuary A, golden cards 1 of 4"
    )
    assert "player 0: sanctuary boxes -; score 0; knows" not in text  # player 1 peeked, not 0
    assert "player 1: sanctuary boxes -; score 0; knows the next sanctuary card (B)" in text
    mat0 = lines[lines.index("player 0: sanctuary boxes -; score 0") + 1 :]
    assert mat0[2] == "  1     ·    ─────────────┐        ·"  # ─ then ┐, joined
    assert "c1" in mat0[1] and "f2" in mat0[1]  # the top row's features
    assert "Ldy" in mat0[3] and "[A]│" in mat0[3]  # the lady; A's ┐ goes down
    assert "Lio" in text and "[F]" in text
    assert text.endswith("#n die number")


def test_the_picture_of_a_finished_game_shows_every_box_and_the_winners() -> None:
    game = load(1, decree="harmony")
    state = run(game.new_initial_state(), sanctuary("A"))
    finish(game, state)
    text = str(state)
    assert "game over" in text and "decree harmony (our invention)" in text
    assert "sanctuary boxes 0 0 0 0 0, lady 0, lion 0, decree 0; score -25" in text
    assert text.split("\n\n")[1].splitlines()[0].endswith("(winner)")


def test_the_picture_of_the_pink_side_shows_die_numbers() -> None:
    state = solver.load_game("kokoro", players=1, side="pink").new_initial_state()
    text = str(state)
    sheet = text.split("\n\n")[1]
    assert "rolling the die for the lady" in text and "#10" in sheet and "Ldy" not in sheet
