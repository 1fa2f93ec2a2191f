"""Go Goa rules of a trip day's route: the compass, dice assignment, routes, fallbacks, Local Guides.

Each test names the rulebook passage it checks (How to Play 3-4, Local Guide). Positions are typed
on small maps (``builders``): every hex land unless a test says otherwise, start F8.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from solver import IllegalActionError
from solver.games.gogoa import actions as act
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa import moves as mv
from tests.gogoa.builders import ends, game, move_position, sheet, walk

FULL = frozenset(range(hx.CELLS))


def routes(
    start: str, heading: int, distance: int, turns: int, land: frozenset[int] = FULL
) -> set[str]:
    return {hx.label(h) for h in mv.routes(land, hx.index(start), heading, distance, turns)}


# -- the compass -------------------------------------------------------------------------------------


def test_compass_one_is_up_then_clockwise_and_opposites_are_three_apart() -> None:
    """How to Play 3: 1 top, 2 upper-right, 3 lower-right, 4 bottom, 5 lower-left, 6 upper-left."""
    x, y = hx.centre(hx.index("F8"))
    angles = {}
    for d in hx.DIRECTIONS:
        nx, ny = hx.centre(hx.neighbour(hx.index("F8"), d))
        angles[d] = round(math.degrees(math.atan2(nx - x, y - ny)) % 360)
    assert angles == {1: 0, 2: 60, 3: 120, 4: 180, 5: 240, 6: 300}
    assert [hx.opposite(d) for d in hx.DIRECTIONS] == [4, 5, 6, 1, 2, 3]
    for h in range(hx.CELLS):  # a step and the opposite step come back, on even and odd columns
        for d in hx.DIRECTIONS:
            n = hx.neighbour(h, d)
            assert n is None or hx.neighbour(n, hx.opposite(d)) == h


# -- routes ------------------------------------------------------------------------------------------


def test_route_goes_exactly_the_distance_first_step_in_the_direction() -> None:
    """The Distance is the number of tiles moved; the first step goes the chosen way, so a hex
    reached only by turning at once is not offered."""
    assert routes("F8", 1, 1, 2) == {"F7"}
    assert routes("F8", 1, 3, 0) == {"F5"}
    two = routes("F8", 4, 2, 1)
    assert two == {hx.label(hx.neighbour(hx.index("F9"), d)) for d in hx.DIRECTIONS}
    assert "F8" in two  # down then back up: a U-turn is a turn at any angle, revisiting is allowed
    assert "F10" in two and "G9" not in routes("F8", 4, 1, 2)


def test_deviation_die_allows_up_to_one_or_two_turns() -> None:
    """Deviation 1-3: one turn; 4-6: two turns; 'may deviate', so fewer is fine."""
    zigzag = walk("F8", "1 2 3")  # two turns
    assert zigzag in routes("F8", 1, 3, 2) and zigzag not in routes("F8", 1, 3, 1)
    assert walk("F8", "1 1 1") in routes("F8", 1, 3, 1)  # no turn at all
    g = game(1)
    one = ends(move_position(g, [sheet()], (1, 3, 3), 1))  # direction 1, distance 3, deviation 3
    two = ends(move_position(g, [sheet()], (1, 3, 4), 1))  # deviation 4 ... or distance 4
    assert zigzag not in one and zigzag in two


def test_every_route_found_is_a_real_route() -> None:
    """Each endpoint comes with a route of exactly the distance, first step in the direction, at
    most the turns allowed, that really ends there; a route may come back over its own hexes."""
    land = FULL
    for distance in range(1, 7):
        for end, path in mv.routes(land, hx.index("F8"), 2, distance, 2).items():
            assert len(path) == distance and path[0] == 2
            assert sum(a != b for a, b in zip(path, path[1:])) <= 2
            here = hx.index("F8")
            for d in path:
                here = hx.neighbour(here, d)
            assert here == end
    assert "F8" in routes("F8", 1, 4, 1)  # up 2, back 2: the route revisits F7


def test_every_step_stays_inside_goa() -> None:
    """A route is drawn on the map: it never leaves the land, even for a step."""
    land = FULL - {hx.index("F6")}
    assert "F4" in routes("F8", 1, 4, 0) and "F4" not in routes("F8", 1, 4, 0, land)
    assert routes("F8", 1, 2, 2, land) == {
        hx.label(hx.neighbour(hx.index("F7"), d)) for d in hx.DIRECTIONS if d != 1
    }


# -- dice --------------------------------------------------------------------------------------------


def test_starting_player_moves_in_the_reserved_direction() -> None:
    """How to Play 3: the reserved die is the starting player's direction."""
    g = game(2)
    state = move_position(g, [sheet(), sheet()], (1, 2, 5), 2, to_move=0)
    _, best, stuck = state.day_moves()
    assert {w.heading for w in best.values()} == {2} and not stuck
    assert {(w.distance_die, w.deviation_die) for w in best.values()} == {(1, 5), (5, 1)}


def test_other_players_choose_from_the_two_other_dice_and_may_use_the_reserved_one() -> None:
    """How to Play 3-4: the others take direction from the two other dice; the reserved die may
    still be their distance or deviation."""
    g = game(2)
    state = move_position(g, [sheet(), sheet()], (1, 2, 6), 6, to_move=1)
    _, best, _ = state.day_moves()
    assert {w.heading for w in best.values()} == {1, 2}
    assert 6 in {w.distance for w in best.values()}  # the reserved 6 as distance
    assert walk("F8", "1 1 1 1 1 1") in ends(state)


def test_reserve_offers_each_value_once() -> None:
    g = game(2)
    obj = move_position(g, [sheet(), sheet()], (4, 4, 6), 4).to_json()
    obj.update(phase="reserve", reserved=None, to_move=0)
    state = g.state_from_json(obj)
    assert state.legal_actions() == [act.RESERVE + 3, act.RESERVE + 5]
    state.apply_action(act.RESERVE + 5)
    assert state.reserved == 6 and state.phase == "move" and state.to_move == 0


# -- the fallbacks -----------------------------------------------------------------------------------


def test_teracol_example_opposite_direction() -> None:
    """Rulebook: at Teracol with a 1 and a 6, both lead off the map; Anusha may use the 1 and move
    in direction 4."""
    import solver

    g = solver.load_game("gogoa", players=2)
    state = move_position(
        g, [sheet(), sheet("Teracol", ("Teracol",))], (1, 4, 6), 4, to_move=1, day=3
    )
    level, best, stuck = state.day_moves()
    assert level == mv.OPPOSITE and not stuck
    assert {w.heading for w in best.values() if w.cost == 0} == {4, 3}
    words = [state.action_to_string(a) for a in state.legal_actions()]
    assert all("opposite of die" in w for w in words)


STRIP = {f"F{r}" for r in range(1, 17)}  # one column of land: only up and down


def test_starting_players_die_when_the_opposite_fails_too() -> None:
    """If they still would move off board, they may take the direction of the starting player's die."""
    g = game(2, land=STRIP)
    state = move_position(g, [sheet(), sheet()], (1, 2, 3), 1, to_move=1)
    level, best, _ = state.day_moves()
    assert level == mv.STARTER
    assert set(ends(state)) >= {"F6", "F5"}  # up 2 or 3 with the reserved 1
    assert {w.direction_die for w in best.values() if w.cost == 0} == {1}
    assert {w.distance_die for w in best.values() if w.cost == 0} == {2, 3}
    starter = move_position(g, [sheet(), sheet()], (1, 2, 3), 1, to_move=0)
    assert starter.day_moves()[0] == mv.DIE


def test_any_direction_as_the_last_resort() -> None:
    """In the event none of these make it possible to move inside the state, any direction."""
    g = game(2, land=STRIP)
    for to_move, reserved in ((1, 5), (0, 2)):  # the starter has no level 3
        state = move_position(g, [sheet(), sheet()], (2, 3, 5), reserved, to_move=to_move)
        level, best, stuck = state.day_moves()
        assert level == mv.ANY and not stuck
        assert {w.heading for w in best.values()} == {1, 4}


def reserving(g: Any, state: Any) -> Any:
    """The same position a step earlier: the starting player about to reserve a die."""
    obj = state.to_json()
    obj.update(phase="reserve", reserved=None, to_move=state.starter)
    return g.state_from_json(obj)


def test_starting_player_falls_back_only_when_every_die_leads_out() -> None:
    """How to Play 3: "If a player has to choose from dice that moves them outside Goa, they may use
    a die and move in the opposite Direction." The starting player chooses from all three dice, so
    the fallback level is decided over every die they could reserve. Solo, day 3, at Teracol with
    2 6 6: the 2 leads inside Goa, so a 6 (up-left, into the sea) may not be reserved, and nothing
    goes the opposite way (direction 3, distance 6, to Old Goa or Miramar)."""
    import solver

    g = solver.load_game("gogoa", players=1)
    teracol, pack = g.pack.hex_named("Teracol"), g.pack
    state = move_position(g, [sheet("Teracol", ("Teracol",))], (2, 6, 6), 2, day=3)
    level, best, stuck = state.day_moves()
    assert level == mv.DIE and not stuck and {w.heading for w in best.values()} == {2}
    reserve = reserving(g, state)
    assert reserve.legal_actions() == [act.RESERVE + 1]  # the 2 only
    with pytest.raises(IllegalActionError):
        reserve.apply_action(act.RESERVE + 5)
    assert mv.reserves(pack.land, (2, 6, 6), teracol, 0) == (2,)
    level, best, _ = mv.day_moves(pack.land, (2, 6, 6), 6, True, teracol, 0)
    assert level == mv.DIE and best == {}  # no opposite direction: reserving the 2 leads inside
    assert not {pack.hex_named("Old Goa"), pack.hex_named("Miramar")} & set(ends(state))
    typed = move_position(g, [sheet("Teracol", ("Teracol",))], (2, 6, 6), 6, day=3)
    assert typed.legal_actions() == [act.STAY]  # a die that could not be reserved: no way to move


def test_starting_player_may_reserve_a_die_a_guide_turns_inside() -> None:
    """Decision: the starting player may reserve only a die that gives them a move at the level in
    force, Local Guides included; the guide does not open a fallback. On a strip with 1, 2 and 3,
    only the 1 (up) leads inside Goa: with no guide it is the only reserve; with one, the 2 (made
    a 1) and the 3 (made a 4, down) may be reserved too, but every move then costs the guide (no
    'any direction' for free)."""
    g = game(2, land=STRIP, extra={"Calangute": ("beach", "F3")})
    plain = move_position(g, [sheet(), sheet()], (1, 2, 3), 1)
    assert reserving(g, plain).legal_actions() == [act.RESERVE + 0]
    guided = move_position(g, [sheet("F8", ("Calangute",)), sheet()], (1, 2, 3), 1, day=3)
    assert reserving(g, guided).legal_actions() == [act.RESERVE + v for v in (0, 1, 2)]
    for reserved, heading in ((2, 1), (3, 4)):
        state = move_position(g, [sheet("F8", ("Calangute",)), sheet()], (1, 2, 3), reserved,
                              day=3)  # fmt: skip
        level, best, stuck = state.day_moves()
        assert level == mv.DIE and not stuck and best
        assert {(w.level, w.heading, w.cost) for w in best.values()} == {(mv.DIE, heading, 1)}


def test_other_players_use_any_two_dice_when_any_direction_is_allowed() -> None:
    """How to Play 3: "No other player can select that Die for Direction": at the last fallback
    the direction needs no die, so another player may take distance and deviation from the two
    dice the starting player left them. At J2 with 1 6 6 and the 1 reserved, the 6 leads out, its
    opposite too, the starting player's 1 with a 6 for distance as well: any direction, distance 6
    with two turns (the two 6s) reaches Nanuz Fort, which the reserved 1 for distance or deviation
    does not. The earlier levels still take the direction from the two other dice only."""
    import solver

    g = solver.load_game("gogoa", players=2)
    state = move_position(g, [sheet(), sheet("J2")], (1, 6, 6), 1, to_move=1, day=5)
    level, best, stuck = state.day_moves()
    assert level == mv.ANY and not stuck
    nanuz = g.pack.hex_named("Nanuz Fort")
    way = best[nanuz]
    assert (way.direction_die, way.distance, way.deviation_die, way.turns) == (1, 6, 6, 2)
    assert "any direction, with die 1" in state.action_to_string(act.move_action(nanuz, 0))
    assert mv.assignments((1, 6, 6), 1, False, mv.ANY) == [(1, 6, 6), (6, 1, 6), (6, 6, 1)]
    for lv in (mv.DIE, mv.OPPOSITE):
        assert mv.assignments((1, 6, 6), 1, False, lv) == [(6, 1, 6), (6, 6, 1)]
    assert mv.assignments((1, 6, 6), 1, False, mv.STARTER) == [(1, 6, 6)]
    assert mv.assignments((1, 6, 6), 1, True, mv.ANY) == [(1, 6, 6)]  # the starter: reserved die


def test_stuck_player_stays_put() -> None:
    """Decision: with no route at all, the player may stay (and gets nothing)."""
    g = game(1, land={"A1"}, start="A1")
    state = move_position(g, [sheet()], (2, 3, 5), 2)
    assert state.legal_actions() == [act.STAY]
    state.apply_action(act.STAY)
    assert state.sheets[0].position == hx.index("A1") and state.phase == "roll" and state.day == 2


def test_guides_can_free_a_stuck_player_who_may_still_stay() -> None:
    """Stuck with the dice as rolled (distance 6 on a strip of 3 hexes): a guide turning the 6
    into a 1 or a 5 gives routes, and staying put stays allowed."""
    beaches = {"Baga": ("beach", "A3"), "Calangute": ("beach", "A1")}
    g = game(1, land={"A1", "A2", "A3"}, start="A2", extra=beaches)
    state = move_position(g, [sheet("A2", ("Calangute",))], (6, 6, 6), 6, day=3)
    assert state.day_moves()[2]
    assert ends(state) == {"Baga": 1, "Calangute": 1}
    assert act.STAY in state.legal_actions()


def test_guided_earlier_levels_join_a_fallback() -> None:
    """Decision: at a fallback level, the earlier levels' assignments stay allowed when guides make
    them work. On a strip, with 1, 2 and 6 and the 1 reserved, the other player falls back to the
    starting player's die (up). F14 is out of reach of the up routes even with a guide, but a guide
    turning the 2 into a 1 makes the opposite direction (level 2) go down six hexes."""
    g = game(2, land=STRIP, extra={"Calangute": ("beach", "F3")})
    state = move_position(g, [sheet(), sheet("F8", ("Calangute",))], (1, 2, 6), 1, to_move=1, day=3)
    level, best, _ = state.day_moves()
    assert level == mv.STARTER
    assert {pos for pos, cost in ends(state).items() if cost == 0} == {
        "F2",
        "F4",
        "F6",
        "Start Here",
        "F10",
        "F12",
    }
    way = best[hx.index("F14")]
    assert (way.level, way.direction_die, way.direction_value, way.heading, way.cost) == (
        mv.OPPOSITE,
        2,
        1,
        4,
        1,
    )
    assert ends(state)["F14"] == 1
    assert "opposite of die 2 made 1 by guides" in state.action_to_string(
        act.move_action(hx.index("F14"), 1)
    )
    assert best[hx.index("F7")].level == mv.DIE  # up one with the 2 made a 1: found first


# -- souvenirs and Local Guides ----------------------------------------------------------------------


def test_souvenir_only_for_ending_on_a_new_destination() -> None:
    """Tourist Destinations: a souvenir for ending the day there; none for passing through, none
    for the same destination again."""
    g = game(1, extra={"Baga": ("beach", "F6"), "Fort": ("fort", "F5")})
    state = move_position(g, [sheet()], (1, 3, 1), 1)  # up 3 from F8 passes Baga (F6), ends at Fort
    fort = hx.index("F5")
    state.apply_action(act.move_action(fort, 0))
    assert state.sheets[0].visited == {fort} and state.sheets[0].position == fort
    again = move_position(g, [sheet("Fort", ("Fort",))], (2, 4, 4), 4, day=2)  # down 2, up 2: back
    assert "Fort" in ends(again)
    again.apply_action(act.move_action(fort, 0))
    assert again.sheets[0].visited == {fort} and again.scores() == [10]


def test_ending_on_a_guide_beach_unlocks_its_guide_for_a_later_day() -> None:
    """Local Guide: ending at Calangute, Colva or Palolem unlocks that beach's guide, usable in a
    future round."""
    g = game(1, extra={"Calangute": ("beach", "F6")})
    state = move_position(g, [sheet()], (1, 2, 1), 1)
    assert state.guides_left(0) == []
    state.apply_action(act.move_action(hx.index("F6"), 0))
    assert state.guide_status(0, 0) == "unlocked" and state.guides_left(0) == [0]
    assert [state.guide_status(0, k) for k in (1, 2)] == ["locked", "locked"]


def test_a_guide_changes_any_die_by_one_with_6_and_1_wrapping() -> None:
    """A Local Guide adds or subtracts 1 from any one die; 1 and 6 wrap round."""
    g = game(1)
    state = move_position(g, [sheet("F8", ("Calangute",))], (1, 1, 1), 1, day=5)
    moves = ends(state)
    assert moves["F7"] == 0  # as rolled: up 1
    assert moves[walk("F8", "2")] == 1 and moves[walk("F8", "6")] == 1  # direction 1 made 2, or 6
    assert moves["F6"] == 1 and moves["F2"] == 1  # distance 1 made 2, or 6
    plain = ends(move_position(g, [sheet()], (1, 3, 3), 1, day=2))
    guided = ends(move_position(g, [sheet("F8", ("Calangute",))], (1, 3, 3), 1, day=5))
    assert (
        walk("F8", "1 2 3") not in plain and guided[walk("F8", "1 2 3")] == 1
    )  # deviation 3 made 4


def test_a_guide_turns_a_six_into_a_one() -> None:
    """On a dead end of two hexes a 6 cannot be walked; one guide makes it a 1 (6 + 1 wraps)."""
    g = game(1, land={"F7", "F8"}, extra={"Calangute": ("beach", "F7")})
    stuck = move_position(g, [sheet()], (6, 6, 6), 6, day=2)
    assert stuck.legal_actions() == [act.STAY]
    state = move_position(g, [sheet("F8", ("Calangute",))], (6, 6, 6), 6, day=3)
    assert ends(state) == {"Calangute": 1} and act.STAY in state.legal_actions()
    assert "distance 1 (die 6 made 1 by guides)" in state.action_to_string(
        act.move_action(hx.index("F7"), 1)
    )


def test_several_guides_in_one_day_even_on_the_same_die() -> None:
    """Multiple Local Guides may be used on the same turn; decision: two may change one die."""
    g = game(1)
    visited = ("Calangute", "Colva", "Palolem")
    state = move_position(g, [sheet("F8", visited)], (1, 2, 2), 1, day=7)
    assert ends(state)["F4"] == 2  # up 4: a distance of 2 made 4 (or 6) by two guides
    action = act.move_action(hx.index("F4"), 2)
    words = state.action_to_string(action)
    assert "by guides" in words and "Local Guides used: Calangute, Colva" in words
    state.apply_action(action)
    assert state.sheets[0].used == {0, 1} and state.guides_left(0) == [2]


def test_only_the_cheapest_way_to_a_hex_is_a_move() -> None:
    """Decision: a route to a hex costing more guides than another is not offered (it would waste
    guides); every move names the fewest guides for its hex."""
    g = game(1)
    state = move_position(g, [sheet("F8", ("Calangute", "Colva"))], (2, 3, 5), 2, day=6)
    costs = {}
    for a in state.legal_actions():
        end, cost = act.decode_move(a)
        assert end not in costs
        costs[end] = cost
    cheapest = {}
    level, best, _ = state.day_moves()
    for lv in mv.LEVELS[: mv.LEVELS.index(level) + 1]:
        for assignment in mv.assignments(state.dice, state.reserved, True, lv):
            for way in mv.ways(state.pack.land, hx.index("F8"), lv, assignment, 2):
                cheapest[way.end] = min(cheapest.get(way.end, 9), way.cost)
    assert costs == cheapest
    with pytest.raises(IllegalActionError):
        end = next(e for e, c in costs.items() if c == 0)
        state.apply_action(act.move_action(end, 1))


def test_guides_spent_in_the_sheet_order_and_never_more_than_unlocked() -> None:
    g = game(1)
    state = move_position(g, [sheet("F8", ("Palolem", "Colva"), guides={"Colva": "used", "Palolem": "unlocked"})],
                          (1, 3, 3), 1, day=6)  # fmt: skip
    assert state.guides_left(0) == [2]
    assert max(ends(state).values()) == 1
    state.apply_action(act.move_action(hx.index("F6"), 1))  # distance 3 made 2
    assert state.sheets[0].used == {1, 2}
