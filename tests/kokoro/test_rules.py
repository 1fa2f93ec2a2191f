"""Kokoro rules, each checked on a scripted game (chance outcomes are chosen by the test).

Most tests use the small 4 x 3 mat of ``builders.SMALL``::

    (1,1) L     (1,2) c1    (1,3) A   (1,4) f2
    (2,1) B     (2,2) c2f1  (2,3) C   (2,4) D
    (3,1) E     (3,2) f1    (3,3) F   (3,4) N

Segments: 1 ┘ top-left, 2 └ top-right, 3 ┌ right-bottom, 4 ┐ left-bottom, 5 ─, 6 │. Each test
quotes the rulebook line it checks, or the decision of ``docs/rules/kokoro.md`` where the book is
silent.
"""

from __future__ import annotations

import math

import pytest

import solver
from solver import IllegalActionError, UnknownGameError
from solver.games.kokoro import actions as act
from solver.games.kokoro import rules as R
from tests.kokoro.builders import (
    PEEK,
    card,
    die,
    draw,
    finish,
    finish_round,
    load,
    make_pack,
    run,
    sanctuary,
    turn,
)


def started(players: int = 1, letter: str = "A", **options):
    game = load(players, **options)
    return game, run(game.new_initial_state(), sanctuary(letter))


def test_a_game_starts_by_revealing_one_of_six_sanctuary_cards() -> None:
    """ "At the beginning of each round, we find out which sanctuary will be scored at the end." """
    state = load(2).new_initial_state()
    assert state.phase == R.SANCTUARY and state.current_player() == solver.CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [sanctuary(c) for c in "ABCDEF"]
    assert all(math.isclose(p, 1 / 6) for _, p in outcomes)
    run(state, sanctuary("C"))
    assert state.revealed == ["C"] and state.phase == R.PATH


def test_path_cards_are_drawn_from_the_cards_left_grouped_by_segment_and_colour() -> None:
    counts = {(1, True): 2, (5, False): 1, (6, True): 1}
    game = load(1, pack=make_pack(counts=counts))
    state = run(game.new_initial_state(), sanctuary("A"))
    assert state.chance_outcomes() == [(card(1, True), 0.5), (card(5), 0.25), (card(6, True), 0.25)]
    turn(game, state, 1, True, PEEK)
    # "Before we start the next round, I need to take all the path cards that we used and put them
    # in the discard pile": used cards never come back.
    assert state.chance_outcomes() == [
        (card(1, True), 1 / 3),
        (card(5), 1 / 3),
        (card(6, True), 1 / 3),
    ]


def test_every_player_answers_each_card_in_seat_order() -> None:
    """ "Every time a path card is revealed, we all add it to our mats" (resolved one seat after the
    other: docs, simultaneous play)."""
    game, state = started(3)
    run(state, card(5))
    assert state.phase == R.CHOOSE and state.to_move == 0 and state.turn_start()
    run(state, draw(game, 1, 2))
    assert state.to_move == 1
    run(state, PEEK)
    assert state.is_chance_node()  # the first peek fixes the top sanctuary card
    run(state, sanctuary("D"))
    assert state.to_move == 2
    run(state, draw(game, 1, 2))
    assert state.phase == R.PATH  # everyone answered: the next card
    assert [p[1] for p in state.paths] == [5, 0, 5]


def test_a_segment_is_drawn_exactly_as_shown_in_an_empty_space_only() -> None:
    """ "you can only draw the path in an empty space" and "You can't rotate it"."""
    game, state = started()
    turn(game, state, 3, False, (2, 2))
    assert state.paths[0][5] == 3  # the card's segment, not another orientation
    run(state, card(4))
    legal = state.legal_actions()
    assert draw(game, 2, 2) not in legal
    assert legal == [
        draw(game, r, c) for r in (1, 2, 3) for c in (1, 2, 3, 4) if (r, c) != (2, 2)
    ] + [PEEK]
    with pytest.raises(IllegalActionError):
        state.apply_action(draw(game, 2, 2))
    assert state.paths[0][5] == 3


def test_dead_ends_and_paths_to_the_edge_of_the_mat_are_legal() -> None:
    """ "you can make dead ends" and "you can also connect your path to the edge of the play mat"."""
    game, state = started()
    run(state, card(1))  # ┘ opens top and left: in the top-left corner both lead off the mat
    assert draw(game, 1, 1) in state.legal_actions()
    run(state, draw(game, 1, 1), card(6))
    assert draw(game, 2, 3) in state.legal_actions()  # │ under A, above F: dead ends both ways


def test_peeking_shows_the_top_sanctuary_card_and_puts_it_back() -> None:
    """ "secretly take a peek at the very top card of the sanctuary deck and then put it right back";
    "You're allowed to do this even if someone else has already chosen this action"."""
    game, state = started(2)
    run(state, card(5), PEEK)
    assert state.phase == R.PEEK
    assert [a for a, _ in state.chance_outcomes()] == [sanctuary(c) for c in "BCDEF"]
    run(state, sanctuary("E"))
    assert state.next_card == "E" and state.seen == {0}
    assert state.to_json(observer=1)["next_sanctuary"] == {"card": None, "seen_by": [0]}
    assert state.to_json(observer=0)["next_sanctuary"] == {"card": "E", "seen_by": [0]}
    run(state, PEEK)  # the second peeker sees the same card: no new draw
    assert state.phase == R.PATH and state.seen == {0, 1}


def test_the_peeked_card_is_the_next_round_s_sanctuary() -> None:
    game, state = started(1)
    run(state, card(5), PEEK, sanctuary("F"))
    for _ in range(4):
        turn(game, state, 6, True, PEEK)
    # The round is over; the next one begins with the card that was peeked at, without chance.
    assert state.revealed == ["A", "F"] and state.phase == R.PATH
    assert state.next_card is None and state.seen == set()


def test_a_player_with_no_empty_space_must_peek() -> None:
    """Decision: peeking is the only answer left on a full mat."""
    game, state = started()
    for k, (r, c) in enumerate((r, c) for r in (1, 2, 3) for c in (1, 2, 3, 4)):
        turn(game, state, 1 + k % 6, False, (r, c))
    run(state, card(5))
    assert state.legal_actions() == [PEEK]


def test_the_round_ends_once_the_fourth_golden_card_is_resolved() -> None:
    """ "The round ends after the fourth golden path card is revealed" and "everyone has finished
    taking their turns"."""
    game, state = started(2)
    for golden in (True, False, True, True):
        turn(game, state, 6, golden, PEEK, PEEK)
    assert state.golden == 3 and state.revealed == ["A"]
    run(state, card(6, True), PEEK)
    assert state.phase == R.CHOOSE and state.golden == 4  # player 1 still answers the card
    run(state, PEEK)
    # Scored, and round 2 began with the card peeked at (the first peek fixed it as B).
    assert state.boxes == [[0], [0]] and state.revealed == ["A", "B"] and state.phase == R.PATH


def test_a_sanctuary_scores_the_features_connected_to_it_in_both_directions() -> None:
    """ "count all the caterpillars and flowers that are connected to it by a path. Make sure to
    count in both directions"."""
    game, state = started(letter="A")
    for space in ((1, 2), (1, 3), (1, 4)):  # ─ ─ ─ along the top row: c1, A, f2
        turn(game, state, 5, False, space)
    turn(game, state, 3, True, (2, 2))  # ┌ under c1: not joined (c1's ─ does not open down)
    finish_round(game, state)
    assert state.boxes == [[3]]


def test_a_feature_counts_only_where_a_path_is_drawn_in_its_space() -> None:
    """ "for a sanctuary, feature, or guardian to count as connected, there must be a path drawn in
    its space. Just having a path leading to the edge of the space won't do the trick"."""
    game, state = started(letter="A")
    turn(game, state, 5, False, (1, 2))
    turn(game, state, 5, False, (1, 3))  # ─ on A leads to f2's edge, but f2's space is empty
    finish_round(game, state)
    assert state.boxes == [[1]]  # c1 only
    game, state = started(letter="C")
    turn(game, state, 6, False, (1, 3))  # │ on A reaches the top of C, where nothing is drawn
    turn(game, state, 5, False, (2, 2))  # ─ on c2f1 reaches C's left side
    finish_round(game, state)
    assert state.boxes == [[0]]


def test_a_sanctuary_scores_only_above_the_previous_box_and_a_zero_resets() -> None:
    """ "The sanctuary you score should be linked to more features ... than the sanctuary you scored
    before. If the number of features isn't higher, just write down a 0"; "If you score 0 for a
    sanctuary, no worries! The next sanctuary only needs to score at least 1"; "getting a 0 will
    cost you 5 points at the end of the game"."""
    game = load(1)
    state = run(game.new_initial_state(), sanctuary("A"))
    for space in ((1, 2), (1, 3), (1, 4)):  # A: c1 + f2 = 3
        turn(game, state, 5, False, space)
    finish_round(game, state, top="C")  # C: ┐ joined to ─ on c2f1 = 3, not above 3
    turn(game, state, 4, False, (2, 3))
    turn(game, state, 5, False, (2, 2))
    finish_round(game, state, top="F")  # F: ─ ─ with f1 = 1, above the 0
    turn(game, state, 5, False, (3, 3))
    turn(game, state, 5, False, (3, 2))
    finish_round(game, state)
    assert state.revealed[:3] == ["A", "C", "F"] and state.boxes == [[3, 0, 1]]
    finish(game, state)  # B and D: not connected
    assert state.boxes == [[3, 0, 1, 0, 0]]
    assert state.lady_boxes == [0] and state.lion_boxes == [0]
    assert state.scores() == [3 + 1 - 3 * 5]


def test_guardians_score_their_own_feature_at_the_end() -> None:
    """ "the lady counts connected caterpillars, the lion connected flowers" (component facts;
    "it's time to score the guardians")."""
    game, state = started(letter="A")
    for space in ((1, 1), (1, 2), (1, 3), (1, 4)):  # L ─ c1 ─ A ─ f2
        turn(game, state, 5, False, space)
    finish(game, state)
    assert state.boxes == [[3, 0, 0, 0, 0]]
    assert state.lady_boxes == [1] and state.lion_boxes == [0]  # c1 counts, f2 does not
    assert state.scores() == [3 + 1 - 4 * 5]


def test_a_guardian_needs_a_path_in_its_own_space() -> None:
    game, state = started(letter="A")
    for space in ((1, 2), (1, 3), (1, 4)):  # the path reaches the lady's edge, not her space
        turn(game, state, 5, False, space)
    finish(game, state)
    assert state.lady_boxes == [0]


def test_ties_go_to_the_highest_single_box_then_are_shared() -> None:
    """ "the tied player who has the single highest value in any score box will take home the
    prize"."""
    game, state = started(2, letter="A")
    turn(game, state, 5, False, (1, 2), (1, 1))  # player 0: c1 ─ A ─ f2 (A: 3)
    turn(game, state, 5, False, (1, 3), (1, 2))  # player 1: L ─ c1 ─ A (A: 1, lady: 1)
    turn(game, state, 5, False, (1, 4), (1, 3))  #   and F ─ f1 ... ─ N (lion: 1)
    turn(game, state, 5, False, PEEK, (3, 4))
    turn(game, state, 5, False, PEEK, (3, 3))
    turn(game, state, 5, False, PEEK, (3, 2))
    finish(game, state)
    assert state.boxes == [[3, 0, 0, 0, 0], [1, 0, 0, 0, 0]]
    assert state.lady_boxes == [0, 1] and state.lion_boxes == [0, 1]
    assert state.scores() == [-17, -17]
    assert state.winners == [0] and state.returns() == [1.0, 0.0]
    game, state = started(2, letter="A")  # nothing drawn: equal in everything
    finish(game, state)
    assert state.winners == [0, 1] and state.returns() == [0.5, 0.5]


def test_solo_returns_place_the_score_in_the_documented_range() -> None:
    """Solo: "I play just like normal and keep track of my best scores"; the return is
    (score - lowest) / (highest - lowest)."""
    game, state = started(1, letter="A")
    for space in ((1, 2), (1, 3), (1, 4)):
        turn(game, state, 5, False, space)
    assert state.returns() == [0.0]  # not over yet
    finish(game, state)
    low, high = state.score_range()
    features = 3 + 4  # the small mat: c1, c2f1, f2, f1
    assert (low, high) == (-25, 5 * features + features)
    assert state.returns() == [(state.scores()[0] - low) / (high - low)]
    assert state.title() is None


def test_a_deck_that_runs_out_ends_the_round_and_the_rest_score_at_once() -> None:
    """Decision: with a custom deck, when no path card is left the round ends; later rounds reveal
    their sanctuary and score the mat as it is."""
    game = load(1, pack=make_pack(counts={(5, True): 3}))
    state = run(game.new_initial_state(), sanctuary("A"))
    for space in ((1, 2), (1, 3), (1, 4)):
        turn(game, state, 5, True, space)
    assert state.boxes == [[3]] and state.phase == R.SANCTUARY
    run(state, sanctuary("B"), sanctuary("C"), sanctuary("D"), sanctuary("E"))
    assert state.is_terminal() and state.boxes == [[3, 0, 0, 0, 0]]


def test_the_pink_side_rolls_the_die_for_the_lady_then_the_lion_without_doubles() -> None:
    """ "Roll the die to determine where the guardians are"; "if you happen to roll two of the same
    numbers, just give the die a little shake and try again"."""
    game = load(1, side="pink")
    state = game.new_initial_state()
    assert state.phase == R.ROLL
    assert [a for a, _ in state.chance_outcomes()] == [die(f) for f in range(1, 11)]
    run(state, die(7))
    assert state.guardians == {"lady": 14, "lion": None}
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [die(f) for f in range(1, 11) if f != 7]
    assert all(math.isclose(p, 1 / 9) for _, p in outcomes)
    run(state, die(10))
    assert state.guardians == {"lady": 14, "lion": 17} and state.phase == R.SANCTUARY
    assert state.to_json()["guardians"] == {"lady": [4, 3], "lion": [5, 2]}


def test_paths_may_be_drawn_in_the_pink_guardian_spaces_and_they_score() -> None:
    """ "You can create paths in the two guardian spaces ... score the two guardian spaces just like
    you normally would"."""
    game = load(1, side="pink")
    state = run(game.new_initial_state(), die(9), die(10), sanctuary("A"))
    # Lady on (5,1) (#9), lion on (5,2) (#10); c1f1 at (5,4), . at (5,3): a row ─ ─ ─ ─.
    for c in (1, 2, 3, 4):
        turn(game, state, 5, False, (5, c))
    finish(game, state)
    assert state.lady_boxes == [1] and state.lion_boxes == [1]


def test_closed_forest_forbids_segments_leading_off_the_mat() -> None:
    """Our example placement decree: no segment end may touch the mat's edge."""
    game, state = started(decree="closed_forest")
    run(state, card(3))  # ┌ opens right and bottom: not in the last column nor the last row
    assert state.legal_actions() == [draw(game, r, c) for r in (1, 2) for c in (1, 2, 3)] + [PEEK]
    game, state = started()
    run(state, card(3))
    assert len(state.legal_actions()) == 13


def test_harmony_scores_sanctuaries_connected_to_a_guardian() -> None:
    """Our example scoring decree: 2 points per sanctuary linked to the lady or the lion."""
    game, state = started(decree="harmony")
    for space in ((1, 1), (1, 2), (1, 3)):  # L ─ c1 ─ A
        turn(game, state, 5, False, space)
    finish(game, state)
    assert state.decree_boxes == [2]
    assert state.scores() == [sum(state.boxes[0]) + 1 + 2 - 5 * state.boxes[0].count(0)]


def test_twin_guardians_is_a_pink_decree_scoring_linked_guardians() -> None:
    with pytest.raises(UnknownGameError, match="decree"):
        load(1, decree="twin_guardians")
    game = load(1, side="pink", decree="twin_guardians")
    state = run(game.new_initial_state(), die(9), die(10), sanctuary("A"))
    turn(game, state, 5, False, (5, 1))
    turn(game, state, 5, False, (5, 2))
    finish(game, state)
    assert state.decree_boxes == [10]


@pytest.mark.parametrize(
    "options",
    [{"players": 0}, {"players": 9}, {"players": True}, {"side": "green"}, {"decree": "nope"},
     {"backend": "cuda"}],
)  # fmt: skip
def test_out_of_range_options_are_refused_by_name(options: dict) -> None:
    with pytest.raises(UnknownGameError) as info:
        solver.load_game("kokoro", **options)
    assert str(info.value).startswith(next(iter(options)))


def test_a_pack_without_a_pink_side_cannot_play_it() -> None:
    with pytest.raises(UnknownGameError, match="side"):
        load(1, pack=make_pack(pink=None), side="pink")


def test_actions_have_words() -> None:
    game, state = started(2)
    assert state.action_to_string(card(3, True)) == "path card 3 ┌ (right-bottom curve), golden"
    run(state, card(3, True))
    assert (
        state.action_to_string(draw(game, 2, 4))
        == "draw 3 ┌ (right-bottom curve) at row 2, column 4"
    )
    assert "peek" in state.action_to_string(PEEK)
    assert state.action_to_string(act.sanctuary_action("B")).startswith("sanctuary card B")
