"""GODŌ turn rules, step 3 to 6 and the Sacred Specialties, each on a small hand-built position.

Every test builds its own pack (tile legs, corner symbols, journal spaces and icons) with
``tests/godo/builders.py`` so that it does not depend on the reference pack's design, writes the
position by hand and checks the exact outcome: legal action sets, journal positions, virtue supply
and collected counts, monk and Ensō positions. Each test quotes the rulebook line it checks; the
engine's own decisions (where the book is silent) are quoted from the decisions list.

The usual layout is ``row_of_squares(3)``: three full squares from (0,0) to (3,1), tiles 0..5
(square k holds tile 2k at rotation 0 and tile 2k+1 at rotation 2)::

    (0,1)---(1,1)---(2,1)---(3,1)
      |       |       |       |
    (0,0)---(1,0)---(2,0)---(3,0)
"""

from __future__ import annotations

import pytest

import solver
from solver.games.godo.actions import (
    FREE,
    PASS,
    advance_action,
    exchange_action,
    gate_action,
    move_action,
    nudge_action,
    place_action,
    point_action,
    push_action,
)
from tests.godo.builders import (
    blank_tiles,
    corner,
    journal,
    journal_icons,
    journal_spaces,
    last_path,
    make_pack,
    paths,
    position,
    row_of_squares,
    symbols,
)

BLUE, GREEN, PURPLE, RED, YELLOW = range(5)
E, N, W, S = range(4)

ROW = row_of_squares(3)
ROW_POINTS = [(x, y) for x in range(4) for y in range(2)]
FULL = {"blue": 3, "green": 3, "purple": 3, "red": 3, "yellow": 3}
NONE = {"blue": 0, "green": 0, "purple": 0, "red": 0, "yellow": 0}


def counts(**kw: int) -> dict[str, int]:
    """A colour -> count dict, 0 for the colours not given."""
    return {**NONE, **kw}


def supply_after(**collected: int) -> dict[str, int]:
    """The supply when these tokens are out of it."""
    return {c: 3 - collected.get(c, 0) for c in FULL}


def build(
    pos_kwargs: dict,
    *,
    leg: str = "blue",
    path_colours: dict | None = None,
    at: dict | None = None,
    spaces_overrides: dict | None = None,
    icons: dict | None = None,
    grounds=ROW,
    variant: bool = False,
):
    """Build the pack for a layout, load the game and read the position."""
    tiles = blank_tiles(grounds, leg)
    paths(tiles, grounds, path_colours or {})
    symbols(tiles, grounds, at or {})
    pack = make_pack(tiles, spaces=journal_spaces(spaces_overrides), icons=journal_icons(icons))
    players = len(pos_kwargs["monks"])
    game = solver.load_game("godo", players=players, variant=variant, pack=pack)
    return game.state_from_json(position(grounds, variant=variant, **pos_kwargs))


def legal(state) -> set[int]:
    return set(state.legal_actions())


def view(state) -> dict:
    return state.to_json()


def monk_points(state) -> list:
    return [tuple(m) for m in view(state)["monks"]]


def first_draw(state) -> int:
    """Any draw outcome (the tile drawn does not matter to the movement)."""
    assert state.is_chance_node()
    return state.legal_actions()[0]


DRAW_THEN_MOVE = {"drawer": 0, "draws_left": 1, "then": "move"}


# ---------------------------------------------------------------------------------------------
# 3 Move your Monk
# ---------------------------------------------------------------------------------------------


def test_first_move_is_mandatory_and_pass_is_offered_after_one_move():
    # "You must move your Monk at least once if possible."
    # "After your mandatory first move, you may continue moving along other paths"
    # Decision: "Mandatory first move if any move is legal; after that PASS (action 0) ends the movement."
    state = build(
        dict(monks=[(0, 0), (3, 1)], journals=[journal(blue=2)], phase="draw", turn=DRAW_THEN_MOVE)
    )
    state.apply_action(first_draw(state))  # step 2 draws a tile, then the monk moves
    assert state.phase == "move" and state.current_player() == 0
    assert legal(state) == {move_action(E, BLUE), move_action(N, BLUE)}  # no PASS
    state.apply_action(move_action(E, BLUE))
    assert monk_points(state)[0] == (1, 0)
    assert view(state)["journals"][0] == journal(blue=1)
    assert view(state)["turn"] == {"moves": 1, "last_path": last_path((0, 0), (1, 0))}
    assert legal(state) == {move_action(E, BLUE), move_action(N, BLUE), PASS}
    state.apply_action(PASS)  # nothing collected: no improvement, no sharing, no mastering
    assert view(state)["active"] == 1
    assert monk_points(state) == [(1, 0), (3, 1)]


def test_payment_moves_one_token_left_onto_a_space_showing_the_path_colour():
    # "To do this, you must move one Ensō token on your Path Journal one space left onto a space
    #  showing a virtue symbol with the same color as the path you wish to travel."
    # "If the space has multiple virtue symbols, you may choose to travel along any of those
    #  corresponding colored paths."
    # Decision: "move ONE track's token one space left (from pos p>=1 to p-1) where space p-1 of
    #  that track shows c"
    spaces = {
        ("blue", 1): ["blue", "red"],
        ("green", 0): ["green", "red"],  # the green token is at 0: it cannot move left
        ("purple", 2): ["purple", "red", "green"],
        ("yellow", 3): ["yellow"],
    }
    state = build(
        dict(monks=[(0, 0), (3, 1)], journals=[journal(blue=2, green=0, purple=3, red=0, yellow=4)]),
        path_colours={((0, 0), (1, 0)): "red", ((0, 0), (0, 1)): "green"},
        spaces_overrides=spaces,
    )
    # red path east: blue (2->1 shows red) or purple (3->2 shows red); red and green are at 0,
    # yellow's space 3 shows no red. Green path north: purple only.
    assert legal(state) == {move_action(E, BLUE), move_action(E, PURPLE), move_action(N, PURPLE)}
    state.apply_action(move_action(E, PURPLE))
    assert view(state)["journals"][0] == journal(blue=2, green=0, purple=2, red=0, yellow=4)
    assert monk_points(state)[0] == (1, 0)


def test_a_token_at_zero_cannot_pay_so_no_move_is_offered_for_that_path():
    # "B) The player can't move an Ensō token one space left onto a red or purple virtue on their
    #  Path Journal, and therefore can't use red or purple paths"
    state = build(
        dict(monks=[(0, 0), (3, 1)], journals=[journal(red=0, green=1)]),
        path_colours={((0, 0), (1, 0)): "red", ((0, 0), (0, 1)): "green"},
    )
    assert legal(state) == {move_action(N, GREEN)}


def test_sacred_gate_travel_pays_the_current_gate_colour_and_reaches_any_other_gate():
    # "If your Monk is at an intersection with a Sacred Gate, you may instead cover a virtue symbol
    #  matching the color of your current gate and move directly to any other Sacred Gate on the
    #  temple grounds, regardless of the destination gate's color."
    # "You cannot move to an intersection occupied by another Monk." (the gate at (1,1))
    at = {
        (0, 0): corner(marker="gate:red"),
        (1, 1): corner(marker="gate:red"),
        (2, 1): corner("green", marker="gate:blue"),
        (3, 0): corner(marker="gate:yellow"),
    }
    spaces = {("blue", 0): ["blue", "red"], ("purple", 0): ["purple", "blue"]}
    # Every path is green and the green token is at 0: only gate travel is possible.
    state = build(
        dict(monks=[(0, 0), (1, 1)], journals=[journal(blue=1, purple=1, yellow=1)]),
        leg="green",
        at=at,
        spaces_overrides=spaces,
    )
    # Only the blue track (space 0 shows red) pays the red gate; purple shows blue, yellow shows
    # yellow: the destination gates' colours do not count.
    assert legal(state) == {gate_action((2, 1), BLUE), gate_action((3, 0), BLUE)}
    state.apply_action(gate_action((2, 1), BLUE))
    assert monk_points(state)[0] == (2, 1)
    assert view(state)["journals"][0] == journal(blue=0, purple=1, yellow=1)
    assert view(state)["turn"]["last_path"] == last_path((0, 0), (2, 1), gate=True)
    assert view(state)["collected"] == counts(green=1)  # the destination's symbols are collected
    # Now at a blue gate: purple pays it; the jump back to (0,0) would be the same path again.
    assert legal(state) == {gate_action((3, 0), PURPLE), PASS}


def test_gate_travel_from_an_intersection_with_two_gates_pays_either_colour():
    # Decision: "Gate travel: from an intersection with one or more gates to any other gate
    #  intersection, paying a colour of any gate at the current intersection"
    at = {(1, 0): [corner(marker="gate:red"), corner(marker="gate:yellow")], (3, 1): corner(marker="gate:blue")}
    state = build(
        dict(monks=[(1, 0), (0, 1)], journals=[journal(red=1, yellow=1, blue=1)]),
        leg="green",
        at=at,
    )
    assert legal(state) == {gate_action((3, 1), RED), gate_action((3, 1), YELLOW)}


def test_mastered_colour_moves_are_free_and_move_no_token():
    # "If a virtue track on your Path Journal has no Ensō token (you've achieved mastery), you may
    #  move along paths of that color and enter Sacred Gates of that color without moving any
    #  tokens on your Path Journal."
    # Decision: "if the track of colour c is mastered (its entry is None/null) the move is free
    #  (payment FREE=5) and paying is not offered."
    spaces = {("blue", 1): ["blue", "red"]}  # blue could pay red, but is not offered
    state = build(
        dict(monks=[(0, 0), (3, 1)], journals=[journal(red=None, blue=2)]),
        path_colours={((0, 0), (1, 0)): "red", ((0, 0), (0, 1)): "red"},
        spaces_overrides=spaces,
    )
    assert legal(state) == {move_action(E, FREE), move_action(N, FREE)}
    state.apply_action(move_action(E, FREE))
    assert monk_points(state)[0] == (1, 0)
    assert view(state)["journals"][0] == journal(red=None, blue=2)


def test_mastered_gate_colour_makes_gate_travel_free():
    # "... and enter Sacred Gates of that color without moving any tokens on your Path Journal."
    at = {(0, 0): corner(marker="gate:red"), (3, 1): corner(marker="gate:blue")}
    state = build(
        dict(monks=[(0, 0), (2, 0)], journals=[journal(red=None, blue=1)]),
        leg="green",
        at=at,
        spaces_overrides={("blue", 0): ["blue", "red"]},
    )
    assert legal(state) == {gate_action((3, 1), FREE)}
    state.apply_action(gate_action((3, 1), FREE))
    assert monk_points(state)[0] == (3, 1)
    assert view(state)["journals"][0] == journal(red=None, blue=1)


def test_no_move_onto_an_intersection_occupied_by_another_monk():
    # "You cannot move to an intersection occupied by another Monk."
    # "Only 1 Monk may occupy each intersection at any time during the game!"
    state = build(dict(monks=[(0, 0), (1, 0)], journals=[journal(blue=2)]))
    assert legal(state) == {move_action(N, BLUE)}


def test_never_the_same_path_twice_in_a_row_and_a_gate_jump_is_a_different_path():
    # "You cannot move along the same path twice in a row. However, you may return to an
    #  intersection after traveling through at least one different path."
    # Decision: "the same lattice edge (either direction) or the same gate pair (either direction)
    #  as the last move; a gate jump and a lattice edge between the same two points are different
    #  paths."
    at = {(0, 0): corner(marker="gate:red"), (1, 0): corner(marker="gate:red")}
    state = build(
        dict(monks=[(0, 0), (3, 1)], journals=[journal(red=None, blue=None)]),
        leg="green",  # the green token is at 0: green paths are closed
        path_colours={((0, 0), (1, 0)): "blue"},
        at=at,
    )
    assert legal(state) == {move_action(E, FREE), gate_action((1, 0), FREE)}
    state.apply_action(move_action(E, FREE))
    assert legal(state) == {gate_action((0, 0), FREE), PASS}  # not west along the same edge
    state.apply_action(gate_action((0, 0), FREE))
    assert monk_points(state)[0] == (0, 0)
    assert legal(state) == {move_action(E, FREE), PASS}  # not the same gate pair back
    state.apply_action(move_action(E, FREE))  # the first edge again, after a different path
    assert monk_points(state)[0] == (1, 0)
    assert view(state)["turn"]["moves"] == 3
    assert legal(state) == {gate_action((0, 0), FREE), PASS}


def test_return_to_an_intersection_round_a_square():
    # "However, you may return to an intersection after traveling through at least one
    #  different path." (Examples: Return not allowed; Return allowed.)
    state = build(dict(monks=[(0, 0), (3, 1)], journals=[journal(blue=None)]))
    for direction in (E, N, W):
        state.apply_action(move_action(direction, FREE))
    assert monk_points(state)[0] == (0, 1)
    assert legal(state) == {move_action(S, FREE), PASS}  # not back east along the last path
    state.apply_action(move_action(S, FREE))
    assert monk_points(state)[0] == (0, 0)  # back where it started
    # east again along the first path of the turn; not north, the path just travelled
    assert legal(state) == {move_action(E, FREE), PASS}


def test_a_move_onto_an_enso_token_is_forced_when_it_is_the_only_one_and_collects_nothing():
    # "You may move your Monk to an intersection with an Ensō token just as if there was no token
    #  there ... If no other moves are possible for your mandatory first move, you must move to an
    #  intersection with an Ensō token."
    # "1. If an Ensō token is present at the intersection, your movement ends immediately and you
    #  skip directly to the Improvement step."
    state = build(
        dict(
            monks=[(0, 0), (3, 1)],
            journals=[journal(blue=2), journal(yellow=None)],
            enso=[(1, 0)],
        ),
        path_colours={((0, 0), (0, 1)): "green"},
        at={(1, 0): [corner("red", "red"), corner("blue")]},
    )
    assert legal(state) == {move_action(E, BLUE)}
    state.apply_action(move_action(E, BLUE))
    out = view(state)
    assert monk_points(state)[0] == (1, 0)
    assert out["collected"] == NONE and out["supply"] == FULL
    # The movement ended although (1,0) -> (2,0) was payable; nothing to improve: next turn.
    assert out["active"] == 1
    assert out["journals"][0] == journal(blue=1)
    assert out["enso"] == [[1, 0]]


def test_arriving_on_an_enso_token_goes_straight_to_improvement():
    # "1. If an Ensō token is present at the intersection, your movement ends immediately and you
    #  skip directly to the Improvement step."
    state = build(
        dict(
            monks=[(0, 1), (3, 1)],
            journals=[journal(blue=3), journal(yellow=None)],
            enso=[(1, 0)],
            collected=counts(green=1),
            turn={"moves": 1, "last_path": last_path((0, 0), (0, 1))},
        ),
        at={(1, 0): corner("red", "blue")},
    )
    state.apply_action(move_action(E, BLUE))  # (0,1) -> (1,1)
    state.apply_action(move_action(S, BLUE))  # (1,1) -> (1,0), on the Ensō token
    out = view(state)
    assert out["phase"] == "advance" and out["to_move"] == 0
    assert out["turn"] == {"pool_mode": "improve"}
    assert out["collected"] == counts(green=1)
    assert out["supply"] == supply_after(green=1)
    assert legal(state) == {advance_action(GREEN, GREEN), PASS}


def test_collect_one_virtue_token_per_symbol_while_the_supply_lasts():
    # "2. For each virtue symbol at the intersection, you must take one matching virtue token from
    #  the common stock (if available)."
    # "Players can improve each virtue by up to 3 steps in one turn, as there are only 3 tokens of
    #  each color in the game."
    # (1,0) shows 3 red, 1 blue and 1 yellow over the three tile corners that meet there.
    state = build(
        dict(
            monks=[(0, 0), (3, 1)],
            journals=[journal(blue=2)],
            collected=counts(red=2),
            turn={"moves": 1, "last_path": last_path((0, 1), (0, 0))},
        ),
        at={(1, 0): [corner("red", "red"), corner("blue"), corner("red", "yellow")]},
    )
    state.apply_action(move_action(E, BLUE))
    out = view(state)
    assert out["collected"] == counts(red=3, blue=1, yellow=1)  # only 1 red was left
    assert out["supply"] == counts(red=0, blue=2, green=3, purple=3, yellow=2)
    assert out["phase"] == "move"
    assert legal(state) == {move_action(E, BLUE), move_action(N, BLUE), PASS}


def test_two_fox_shrines_give_two_exchanges_among_tokens_collected_this_turn():
    # "3. For each Fox Shrine on the intersection, you may exchange 1 virtue token that you've
    #  collected during your current turn (from this or previous moves) for any other available
    #  type in the common stock."
    at = {(1, 0): [corner("red", marker="shrine"), corner(marker="shrine"), corner()]}
    state = build(
        dict(
            monks=[(0, 0), (3, 1)],
            journals=[journal(blue=2)],
            collected=counts(green=1, purple=3),  # from earlier moves this turn
            turn={"moves": 1, "last_path": last_path((0, 1), (0, 0))},
        ),
        at=at,
    )
    state.apply_action(move_action(E, BLUE))
    out = view(state)
    assert out["phase"] == "fox" and out["turn"]["fox_left"] == 2
    assert out["collected"] == counts(green=1, purple=3, red=1)
    assert out["supply"] == counts(blue=3, green=2, purple=0, red=2, yellow=3)
    # give a collected colour, take another colour still in the supply (no purple is left)
    assert legal(state) == {
        exchange_action(GREEN, BLUE), exchange_action(GREEN, RED), exchange_action(GREEN, YELLOW),
        exchange_action(PURPLE, BLUE), exchange_action(PURPLE, GREEN), exchange_action(PURPLE, RED),
        exchange_action(PURPLE, YELLOW),
        exchange_action(RED, BLUE), exchange_action(RED, GREEN), exchange_action(RED, YELLOW),
        PASS,
    }  # fmt: skip
    state.apply_action(exchange_action(RED, YELLOW))
    out = view(state)
    assert out["phase"] == "fox" and out["turn"]["fox_left"] == 1
    assert out["collected"] == counts(green=1, purple=3, yellow=1)
    assert out["supply"] == counts(blue=3, green=2, purple=0, red=3, yellow=2)
    assert legal(state) == {
        exchange_action(GREEN, BLUE), exchange_action(GREEN, RED), exchange_action(GREEN, YELLOW),
        exchange_action(PURPLE, BLUE), exchange_action(PURPLE, GREEN), exchange_action(PURPLE, RED),
        exchange_action(PURPLE, YELLOW),
        exchange_action(YELLOW, BLUE), exchange_action(YELLOW, GREEN), exchange_action(YELLOW, RED),
        PASS,
    }  # fmt: skip
    state.apply_action(exchange_action(PURPLE, GREEN))
    out = view(state)
    assert out["collected"] == counts(green=2, purple=2, yellow=1)
    assert out["supply"] == counts(blue=3, green=1, purple=1, red=3, yellow=2)
    assert out["phase"] == "move"  # two shrines, two exchanges: back to moving
    assert legal(state) == {move_action(E, BLUE), move_action(N, BLUE), PASS}


def test_pass_at_a_fox_shrine_declines_the_remaining_exchanges():
    # Decision: "then one optional exchange per Fox Shrine at the point (... PASS declines the rest)"
    at = {(1, 0): [corner("red", marker="shrine"), corner(marker="shrine"), corner()]}
    state = build(dict(monks=[(0, 0), (3, 1)], journals=[journal(blue=2)]), at=at)
    state.apply_action(move_action(E, BLUE))
    assert view(state)["turn"]["fox_left"] == 2
    state.apply_action(PASS)
    out = view(state)
    assert out["phase"] == "move" and out["collected"] == counts(red=1)
    assert legal(state) == {move_action(E, BLUE), move_action(N, BLUE), PASS}


def test_a_fox_shrine_with_nothing_collected_offers_no_exchange():
    # "you may exchange 1 virtue token that you've collected during your current turn"
    # Decision: "The engine never rests at a decision whose only option would be PASS"
    state = build(
        dict(monks=[(0, 0), (3, 1)], journals=[journal(blue=2)]),
        at={(1, 0): corner(marker="shrine")},
    )
    state.apply_action(move_action(E, BLUE))
    out = view(state)
    assert out["phase"] == "move" and out["collected"] == NONE
    assert legal(state) == {move_action(E, BLUE), move_action(N, BLUE), PASS}


def test_one_fox_shrine_gives_one_exchange_and_pass_declines_it():
    # "For each Fox Shrine on the intersection, you may exchange 1 virtue token ..."
    at = {(1, 0): corner("red", marker="shrine")}
    pos = dict(monks=[(0, 0), (3, 1)], journals=[journal(blue=2)])
    state = build(pos, at=at)
    state.apply_action(move_action(E, BLUE))
    assert legal(state) == {exchange_action(RED, c) for c in (BLUE, GREEN, PURPLE, YELLOW)} | {PASS}
    state.apply_action(exchange_action(RED, BLUE))
    assert view(state)["phase"] == "move"
    assert view(state)["collected"] == counts(blue=1)
    assert view(state)["supply"] == supply_after(blue=1)

    state = build(pos, at=at)
    state.apply_action(move_action(E, BLUE))
    state.apply_action(PASS)
    assert view(state)["phase"] == "move"
    assert view(state)["collected"] == counts(red=1)


def test_a_stone_lantern_ends_the_movement_after_collecting():
    # "4. At Stone Lanterns, your movement ends immediately and you proceed to the Improvement
    #  step."
    state = build(
        dict(monks=[(0, 0), (3, 1)], journals=[journal(blue=3)]),
        at={(1, 0): corner("red", marker="lantern")},
    )
    state.apply_action(move_action(E, BLUE))
    out = view(state)
    assert out["collected"] == counts(red=1) and out["supply"] == supply_after(red=1)
    assert out["phase"] == "advance" and out["turn"] == {"pool_mode": "improve"}
    assert legal(state) == {advance_action(RED, RED), PASS}  # moving on (blue=2) is not offered


def test_a_lantern_with_a_shrine_exchanges_first_then_ends_the_movement():
    # "3. For each Fox Shrine ... you may exchange ..." then "4. At Stone Lanterns, your movement
    #  ends immediately"
    state = build(
        dict(monks=[(0, 0), (3, 1)], journals=[journal(blue=3)]),
        at={(1, 0): [corner("red", marker="lantern"), corner(marker="shrine")]},
    )
    state.apply_action(move_action(E, BLUE))
    assert view(state)["phase"] == "fox"
    state.apply_action(exchange_action(RED, GREEN))
    out = view(state)
    assert out["collected"] == counts(green=1)
    assert out["phase"] == "advance"
    assert legal(state) == {advance_action(GREEN, GREEN), PASS}


def test_no_first_move_nudges_one_token_right_and_skips_to_mastering():
    # "If you cannot make your first required movement, your Monk remains at its current
    #  intersection, move any one Ensō token on your Path Journal 1 step to the right, and skip to
    #  step 6 "Mastering a Virtue"."
    # "A) The intersection is occupied by another Monk."
    # Decision: "No first move possible: phase "nudge": move any one token (pos<5) one step right,
    #  then straight to mastering (no improvement/sharing)."
    state = build(
        dict(
            monks=[(0, 0), (1, 0), (0, 1)],
            journals=[journal(blue=2, green=1, purple=None, red=4, yellow=0)],
            enso=[(3, 1)],
            phase="draw",
            turn=DRAW_THEN_MOVE,
        )
    )
    state.apply_action(first_draw(state))
    out = view(state)
    assert out["phase"] == "nudge" and out["to_move"] == 0
    assert legal(state) == {nudge_action(BLUE), nudge_action(GREEN), nudge_action(RED), nudge_action(YELLOW)}
    state.apply_action(nudge_action(RED))  # red reaches the sixth space: mastering at once
    out = view(state)
    assert monk_points(state)[0] == (0, 0)
    assert out["journals"][0] == journal(blue=2, green=1, purple=None, red=None, yellow=0)
    assert out["phase"] == "master" and out["to_move"] == 0 and out["turn"] == {"enso_left": 1}
    assert legal(state) == {point_action(p) for p in ROW_POINTS if p != (3, 1)}
    state.apply_action(point_action((0, 0)))  # under the player's own monk
    out = view(state)
    assert sorted(map(tuple, out["enso"])) == [(0, 0), (3, 1)]
    assert out["active"] == 1


def test_no_first_move_because_no_token_can_pay_then_the_turn_passes_without_improvement():
    # "B) The player can't move an Ensō token one space left onto a red or purple virtue on their
    #  Path Journal, and therefore can't use red or purple paths and sacred gates."
    state = build(
        dict(monks=[(0, 0), (3, 1)], journals=[journal(blue=0, red=2)], phase="draw", turn=DRAW_THEN_MOVE),
        path_colours={((0, 0), (1, 0)): "purple", ((0, 0), (0, 1)): "blue"},
        at={(0, 0): corner("red", "red")},
    )
    state.apply_action(first_draw(state))
    assert view(state)["phase"] == "nudge"
    assert legal(state) == {nudge_action(t) for t in range(5)}
    state.apply_action(nudge_action(BLUE))
    out = view(state)
    assert out["journals"][0] == journal(blue=1, red=2)
    assert monk_points(state)[0] == (0, 0)
    assert out["collected"] == NONE and out["supply"] == FULL
    assert out["active"] == 1


# ---------------------------------------------------------------------------------------------
# 4 Improvement, 5 Sharing, 6 Mastering
# ---------------------------------------------------------------------------------------------

IMPROVE_SPACES = {
    ("green", 1): ["green", "red"],
    ("purple", 2): ["purple", "blue"],
    ("yellow", 5): ["yellow", "red"],
}


def test_improvement_is_optional_token_by_token_and_tokens_go_back_to_the_supply():
    # "At the end of your turn, you may use collected virtue tokens to improve your understanding.
    #  For each virtue token you return to the common supply, move one Ensō token on your Path
    #  Journal one space right. The token must move to a space showing that virtue's symbol."
    state = build(
        dict(
            monks=[(0, 0), (3, 1), (3, 0)],
            journals=[journal(purple=1, yellow=4)],
            phase="advance",
            collected=counts(red=2, blue=1),
            turn={"pool_mode": "improve"},
        ),
        spaces_overrides=IMPROVE_SPACES,
    )
    assert legal(state) == {
        advance_action(RED, GREEN), advance_action(RED, RED), advance_action(RED, YELLOW),
        advance_action(BLUE, BLUE), advance_action(BLUE, PURPLE), PASS,
    }  # fmt: skip
    state.apply_action(advance_action(RED, GREEN))
    out = view(state)
    assert out["journals"][0] == journal(green=1, purple=1, yellow=4)
    assert out["collected"] == counts(red=1, blue=1)
    assert out["supply"] == supply_after(red=1, blue=1)
    assert legal(state) == {
        advance_action(RED, RED), advance_action(RED, YELLOW),
        advance_action(BLUE, BLUE), advance_action(BLUE, PURPLE), PASS,
    }  # fmt: skip
    state.apply_action(advance_action(BLUE, PURPLE))
    out = view(state)
    assert out["journals"][0] == journal(green=1, purple=2, yellow=4)
    assert out["collected"] == counts(red=1) and out["supply"] == supply_after(red=1)
    assert legal(state) == {advance_action(RED, RED), advance_action(RED, YELLOW), PASS}
    state.apply_action(PASS)  # keep the last red: it is shared
    out = view(state)
    assert out["phase"] == "advance" and out["to_move"] == 1
    assert out["turn"] == {"pool": counts(red=1), "pool_mode": "share"}
    assert out["journals"][0] == journal(green=1, purple=2, yellow=4)


def test_sharing_goes_clockwise_from_the_active_player_then_tokens_return_to_the_supply():
    # "For each virtue token you didn't use during Improvement, each other player may move their
    #  Ensō token 1 space right to a space showing that virtue's symbol on their Path Journal. Then
    #  return all your remaining virtue tokens to the common stock."
    # Decision: "each other player clockwise from the active player may use each leftover token
    #  once (their own ADVANCE decisions, PASS to stop); then all leftover tokens return to supply."
    state = build(
        dict(
            monks=[(0, 0), (3, 1), (3, 0)],
            journals=[journal(), journal(yellow=None), journal(yellow=None)],
            active=1,
            phase="advance",
            collected=counts(red=2, yellow=1),
            turn={"pool_mode": "improve"},
        )
    )
    assert legal(state) == {advance_action(RED, RED), PASS}
    state.apply_action(PASS)  # player 1 keeps everything: it is shared, player 2 first
    out = view(state)
    assert out["phase"] == "advance" and out["to_move"] == 2
    assert out["turn"] == {"pool": counts(red=2, yellow=1), "pool_mode": "share"}
    assert legal(state) == {advance_action(RED, RED), PASS}
    state.apply_action(advance_action(RED, RED))
    assert legal(state) == {advance_action(RED, RED), PASS}
    state.apply_action(advance_action(RED, RED))  # both red tokens, one step each
    # The yellow token fits nowhere on player 2's journal: player 0 is next, with every token.
    out = view(state)
    assert out["journals"][2] == journal(red=2, yellow=None)
    assert out["to_move"] == 0 and out["turn"] == {"pool": counts(red=2, yellow=1), "pool_mode": "share"}
    assert out["supply"] == supply_after(red=2, yellow=1)  # still out while sharing
    assert out["collected"] == counts(red=2, yellow=1)
    assert legal(state) == {advance_action(RED, RED), advance_action(YELLOW, YELLOW), PASS}
    state.apply_action(advance_action(RED, RED))
    state.apply_action(PASS)
    out = view(state)
    assert out["journals"] == [journal(red=1), journal(yellow=None), journal(red=2, yellow=None)]
    assert out["supply"] == FULL and out["collected"] == NONE
    assert out["active"] == 2  # no mastering due: the next player's turn


def test_mastering_places_tokens_active_player_first_then_clockwise_and_removes_the_excess():
    # "Take all Ensō tokens from the rightmost (6th) space on your Travel Journal. Place these
    #  tokens on intersections in the Temple grounds of your choice. Only one Ensō token can occupy
    #  each intersection."
    # "You may place an Ensō token on a location occupied by a Monk. In this case, place the Ensō
    #  token underneath the Monk."
    # "If no free intersections remain, remove any excess Ensō tokens from the game."
    # "After you have placed your tokens, the other players—in clockwise order—will do the same"
    grounds = row_of_squares(1)
    state = build(
        dict(
            monks=[(1, 0), (1, 1), (0, 1)],
            journals=[journal(green=5, purple=5), journal(red=4), journal(blue=5, yellow=None)],
            enso=[(0, 0)],
            active=1,
            phase="advance",
            collected=counts(red=1),
            turn={"pool_mode": "improve"},
        ),
        grounds=grounds,
    )
    assert legal(state) == {advance_action(RED, RED), PASS}
    state.apply_action(advance_action(RED, RED))  # red reaches the sixth space
    out = view(state)
    assert out["phase"] == "master" and out["to_move"] == 1 and out["turn"] == {"enso_left": 1}
    assert out["journals"][1] == journal(red=None)
    assert legal(state) == {point_action(p) for p in [(1, 0), (1, 1), (0, 1)]}  # monks allowed
    state.apply_action(point_action((1, 1)))  # under the player's own monk
    out = view(state)
    assert out["to_move"] == 2 and out["turn"] == {"enso_left": 1}
    assert out["journals"][2] == journal(blue=None, yellow=None)
    assert legal(state) == {point_action((1, 0)), point_action((0, 1))}
    state.apply_action(point_action((0, 1)))
    out = view(state)
    assert out["to_move"] == 0 and out["turn"] == {"enso_left": 2}
    assert out["journals"][0] == journal(green=None, purple=None)
    assert legal(state) == {point_action((1, 0))}
    removed_before = out["enso_removed"]
    state.apply_action(point_action((1, 0)))  # the second token finds no free intersection
    out = view(state)
    assert sorted(map(tuple, out["enso"])) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert out["enso_removed"] == removed_before + 1
    assert out["active"] == 2


# ---------------------------------------------------------------------------------------------
# Variant: the Sacred Specialties
# ---------------------------------------------------------------------------------------------


def test_move_monk_pushes_another_monk_to_a_free_neighbour_and_it_collects_nothing():
    # "Move-Monk icon: You may move one other player's Monk to an adjacent intersection. Do this
    #  before finishing your current move ... The player whose Monk was moved doesn't receive any
    #  virtue tokens from this movement."
    # Decision: "PUSH(player, direction) moves another player's monk along any path (any colour, no
    #  cost) to a neighbouring intersection with no monk, never onto the declared destination"
    state = build(
        dict(monks=[(0, 0), (2, 0), (1, 1)], journals=[journal(blue=2)]),
        variant=True,
        icons={("blue", 1): "move_monk"},
        path_colours={((0, 1), (1, 1)): "red", ((1, 1), (2, 1)): "purple"},
        at={(1, 0): corner("green"), (0, 1): corner("yellow", "yellow")},
    )
    assert legal(state) == {move_action(E, BLUE), move_action(N, BLUE)}
    state.apply_action(move_action(E, BLUE))  # blue 2 -> 1, onto the Move-Monk icon
    out = view(state)
    assert out["phase"] == "move_monk" and out["to_move"] == 0
    assert monk_points(state) == [(0, 0), (2, 0), (1, 1)]  # not arrived yet
    # monk 1 at (2,0): east or north (west is the destination); monk 2 at (1,1): east or west
    assert legal(state) == {
        push_action(1, E), push_action(1, N), push_action(2, E), push_action(2, W), PASS,
    }  # fmt: skip
    state.apply_action(push_action(2, W))
    out = view(state)
    assert monk_points(state) == [(1, 0), (2, 0), (0, 1)]
    assert out["collected"] == counts(green=1)  # the yellow lotuses at (0,1) go to nobody
    assert out["supply"] == supply_after(green=1)
    assert out["journals"] == [journal(blue=1), journal(), journal()]
    assert out["phase"] == "move"


def test_move_monk_payment_may_enter_an_occupied_intersection_and_then_the_push_is_forced():
    # "Do this before finishing your current move, allowing you to potentially move to an
    #  intersection where another Monk was standing."
    # Decision: "A move onto an intersection occupied by another monk is legal only when its
    #  payment triggers move_monk and that monk can be pushed away, and then that push is forced
    #  (no PASS)."
    state = build(
        dict(monks=[(0, 0), (1, 0)], journals=[journal(blue=2, green=2)]),
        variant=True,
        icons={("blue", 1): "move_monk"},
        spaces_overrides={("green", 1): ["green", "blue"]},
        path_colours={((0, 0), (0, 1)): "yellow"},
    )
    # green could pay the blue path too, but only the Move-Monk payment may enter (1,0)
    assert legal(state) == {move_action(E, BLUE)}
    state.apply_action(move_action(E, BLUE))
    assert view(state)["phase"] == "move_monk"
    # (0,0) still holds the moving monk: east or north only, and no PASS
    assert legal(state) == {push_action(1, E), push_action(1, N)}
    state.apply_action(push_action(1, N))
    assert monk_points(state) == [(1, 0), (1, 1)]
    assert view(state)["journals"][0] == journal(blue=1, green=2)


def test_an_occupied_intersection_stays_closed_when_its_monk_cannot_be_pushed():
    # "You cannot move to an intersection occupied by another Monk." (the Move-Monk exception
    #  needs a free intersection to push the monk to)
    state = build(
        dict(monks=[(0, 0), (1, 0), (1, 1)], journals=[journal(blue=2)]),
        variant=True,
        icons={("blue", 1): "move_monk"},
        grounds=row_of_squares(1),
    )
    assert legal(state) == {move_action(N, BLUE)}
    state.apply_action(move_action(N, BLUE))  # Move-Monk has nobody to push: the monk arrives
    assert monk_points(state) == [(0, 1), (1, 0), (1, 1)]
    assert view(state)["journals"][0] == journal(blue=1)
    assert view(state)["active"] == 1  # (0,1) -> (1,1) is occupied too: the turn is over


RELOCATE_PATHS = {
    ((2, 0), (3, 0)): "yellow",  # tile 4's leg a
    ((2, 1), (3, 1)): "yellow",  # tile 5's legs
    ((3, 0), (3, 1)): "yellow",
}


def test_relocate_tile_moves_a_tile_keeping_the_grounds_connected_and_legal():
    # "Relocate-Tile icon: You may relocate one Sacred Tile from anywhere in the temple grounds to
    #  another position of your choice. You cannot split the temple grounds into separate areas,
    #  and must follow the normal tile placement rules."
    # Decision: "the rest of the grounds must stay connected, the new slot must obey the placement
    #  rules and differ from the old one, ... tiles with a corner at either end of the declared
    #  move cannot move."
    # Tiles 0 and 1 touch the move's ends; lifting tile 2, 3 or 4 would split the grounds. Tile 5
    # (yellow legs) fits only on the one other yellow path, (2,0)-(3,0), from the square below it.
    state = build(
        dict(monks=[(0, 0), (2, 1)], journals=[journal(green=2, blue=1)]),
        variant=True,
        icons={("green", 1): "relocate_tile"},
        spaces_overrides={("green", 1): ["green", "blue"]},
        path_colours=RELOCATE_PATHS,
        at={(0, 1): corner("purple")},
    )
    assert legal(state) == {
        move_action(E, GREEN), move_action(N, GREEN), move_action(E, BLUE), move_action(N, BLUE),
    }  # fmt: skip
    state.apply_action(move_action(N, GREEN))
    out = view(state)
    assert out["phase"] == "relocate_tile"
    assert legal(state) == {place_action(5, (2, -1, 2)), place_action(5, (2, -1, 3)), PASS}
    state.apply_action(place_action(5, (2, -1, 2)))
    out = view(state)
    assert {"tile": 5, "x": 2, "y": -1, "rotation": 180} in out["grounds"]
    assert {"tile": 5, "x": 2, "y": 0, "rotation": 180} not in out["grounds"]
    assert monk_points(state) == [(0, 1), (2, 1)]  # both monks keep their intersections
    assert out["collected"] == counts(purple=1)
    assert out["journals"][0] == journal(green=1, blue=1)
    assert out["phase"] == "move"
    assert legal(state) == {move_action(E, BLUE), PASS}


def test_relocate_tile_cannot_move_a_tile_at_an_end_of_the_move():
    # Decision: "tiles with a corner at either end of the declared move cannot move."
    # The same grounds, but the move runs (3,0) -> (3,1) along tile 5: no tile may move, so the
    # specialty is skipped and the monk arrives.
    state = build(
        dict(monks=[(3, 0), (0, 0)], journals=[journal(green=2, yellow=1)]),
        variant=True,
        icons={("green", 1): "relocate_tile"},
        spaces_overrides={("green", 1): ["green", "yellow"]},
        path_colours=RELOCATE_PATHS,
    )
    before = view(state)["grounds"]
    assert legal(state) == {
        move_action(N, GREEN), move_action(W, GREEN), move_action(N, YELLOW), move_action(W, YELLOW),
    }  # fmt: skip
    state.apply_action(move_action(N, GREEN))
    out = view(state)
    assert out["phase"] == "move"
    assert legal(state) == {move_action(W, YELLOW), PASS}
    assert out["grounds"] == before
    assert monk_points(state) == [(3, 1), (0, 0)]


@pytest.mark.parametrize("standing", ["monk", "enso"])
def test_relocate_tile_keeps_every_monk_and_enso_token_on_an_intersection(standing):
    # Decision: "every monk and Ensō token must still stand on an intersection afterwards"
    # Monk 1 (or an Ensō token) stands on (3,1), which only tile 5 makes an intersection: tile 5
    # cannot move, no other tile can, so the specialty is skipped.
    if standing == "monk":
        pos = dict(monks=[(0, 0), (3, 1)], journals=[journal(green=2, blue=1)])
    else:
        pos = dict(monks=[(0, 0), (2, 1)], journals=[journal(green=2, blue=1), journal(red=None)], enso=[(3, 1)])
    state = build(
        pos,
        variant=True,
        icons={("green", 1): "relocate_tile"},
        spaces_overrides={("green", 1): ["green", "blue"]},
        path_colours=RELOCATE_PATHS,
    )
    before = view(state)["grounds"]
    state.apply_action(move_action(N, GREEN))
    out = view(state)
    assert out["phase"] == "move" and out["grounds"] == before
    assert monk_points(state)[0] == (0, 1)


def test_move_enso_takes_the_token_off_the_destination_so_the_monk_collects_there():
    # "Move-Ensō icon: You may move one Ensō token from any intersection to another intersection.
    #  Do this before finishing your current move, allowing you to move to and interact with an
    #  intersection that previously had an Ensō token."
    # Decision: "phases "move_enso_from" (POINT of an Ensō token, or PASS) then "move_enso_to"
    #  (POINT of an intersection without Ensō token; monks allowed)."
    state = build(
        dict(
            monks=[(0, 0), (3, 0)],
            journals=[journal(blue=2), journal(purple=None, yellow=None)],
            enso=[(1, 0), (3, 1)],
        ),
        variant=True,
        icons={("blue", 1): "move_enso"},
        at={(1, 0): corner("red")},
    )
    state.apply_action(move_action(E, BLUE))
    out = view(state)
    assert out["phase"] == "move_enso_from" and monk_points(state)[0] == (0, 0)
    assert legal(state) == {point_action((1, 0)), point_action((3, 1)), PASS}
    state.apply_action(point_action((1, 0)))
    assert view(state)["phase"] == "move_enso_to"
    assert legal(state) == {point_action(p) for p in ROW_POINTS if p not in [(1, 0), (3, 1)]}
    state.apply_action(point_action((3, 0)))  # under monk 1
    out = view(state)
    assert sorted(map(tuple, out["enso"])) == [(3, 0), (3, 1)]
    assert monk_points(state)[0] == (1, 0)
    assert out["collected"] == counts(red=1)
    assert out["phase"] == "move"  # no Ensō token here any more: the movement goes on


def test_move_enso_declined_means_arriving_on_the_token_ends_the_movement():
    # "1. If an Ensō token is present at the intersection, your movement ends immediately"
    state = build(
        dict(monks=[(0, 0), (3, 0)], journals=[journal(blue=2), journal(yellow=None)], enso=[(1, 0)]),
        variant=True,
        icons={("blue", 1): "move_enso"},
        at={(1, 0): corner("red")},
    )
    state.apply_action(move_action(E, BLUE))
    state.apply_action(PASS)
    out = view(state)
    assert monk_points(state)[0] == (1, 0)
    assert out["collected"] == NONE and out["enso"] == [[1, 0]]
    assert out["active"] == 1


def test_move_enso_with_no_token_on_the_grounds_is_skipped():
    # Decision: "The engine never rests at a decision whose only option would be PASS; it proceeds
    #  automatically."
    state = build(
        dict(monks=[(0, 0), (3, 0)], journals=[journal(blue=2)]),
        variant=True,
        icons={("blue", 1): "move_enso"},
        at={(1, 0): corner("red")},
    )
    state.apply_action(move_action(E, BLUE))
    assert view(state)["phase"] == "move"
    assert monk_points(state)[0] == (1, 0)
    assert view(state)["collected"] == counts(red=1)


def test_a_free_move_never_triggers_an_icon():
    # "... additional abilities that activate when you move an Ensō token left over the following
    #  icons" -- a mastered colour moves no token.
    # Decision: "paying by moving a token LEFT ONTO a space with an icon triggers it (a FREE move
    #  never triggers)"
    every = {(c, s): "move_enso" for c in ("blue", "green", "purple", "red", "yellow") for s in range(5)}
    state = build(
        dict(monks=[(0, 0), (3, 0)], journals=[journal(blue=None, green=3), journal()], enso=[(1, 0)]),
        variant=True,
        icons=every,
        path_colours={((0, 0), (0, 1)): "purple"},
        at={(1, 0): corner("red")},
    )
    assert legal(state) == {move_action(E, FREE)}
    state.apply_action(move_action(E, FREE))
    out = view(state)
    assert monk_points(state)[0] == (1, 0)
    assert out["enso"] == [[1, 0]] and out["collected"] == NONE
    assert out["journals"][0] == journal(blue=None, green=3)
    assert out["active"] == 1  # the move ended on the Ensō token: no Move-Ensō was offered


def test_icons_do_nothing_in_the_standard_game():
    # "For a more dynamic experience, use the "Variant Side" of the Path Journal." -- the standard
    #  side has no icons.
    state = build(
        dict(monks=[(0, 0), (2, 0), (2, 1)], journals=[journal(blue=2)]),
        icons={("blue", 1): "move_monk", ("blue", 0): "move_enso"},
    )
    state.apply_action(move_action(E, BLUE))  # onto the Move-Monk icon: nothing happens
    assert view(state)["phase"] == "move"
    assert monk_points(state) == [(1, 0), (2, 0), (2, 1)]
    assert legal(state) == {move_action(N, BLUE), PASS}
