"""GODŌ rules: setup and initiation, tile placement, the stuck rule, drawing, skipping, the end of
the game and the solo mode — each checked on a small hand-built position with exact outcomes.

Every test builds its own pack (``tests.godo.builders``) so it does not depend on the reference
pack's tile design; the rule it checks is quoted from the rulebook
(/work/shared/seeds/000_0126e99d63b02605.txt) or from the engine's documented decisions.
"""

from __future__ import annotations

from typing import Any

import pytest

import solver
from solver.games.godo import geometry as geo
from solver.games.godo.actions import (
    PASS,
    advance_action,
    decode_place,
    draw_action,
    kind,
    move_action,
    nudge_action,
    place_action,
    point_action,
)
from solver.games.godo.game import available_backends
from solver.games.godo.grounds import Grounds
from solver.games.godo.pack import COLOURS, NUM_TILES, load_pack
from tests.godo.builders import (
    blank_tile,
    corner,
    journal,
    journal_spaces,
    make_pack,
    position,
    set_pile,
    solo_position,
    square,
    symbols,
)

BLUE, GREEN, PURPLE, RED, YELLOW = range(len(COLOURS))
EAST, NORTH = 0, 1  # direction indices (geometry.DIRECTIONS)

# From the rulebook (not from the engine, so that the engine is checked against them).
# "If you're the first player, draw 3", "second player, draw 2", "third, fourth, or fifth player
# ... draw only 1 Sacred Tile".
INITIATION_TILES = (3, 2, 1, 1, 1)
HAND = 2  # "Each player draws 2 Sacred Tiles and keeps them hidden"
# Solo: "Place the 15 Virtue tokens and 15 Ensō tokens ... These 15 Ensō tokens form the Ensō
# stock."
SOLO_STOCK = 15
MASTERED_POINTS = 10  # "Each track without an Ensō token awards the player 10 points."


# -- helpers -------------------------------------------------------------------------------------


def blank_pack(leg: str = "blue") -> dict:
    """Every tile blank (no symbols) with two legs of ``leg``: every tile fits everywhere."""
    return make_pack({t: blank_tile(t, (leg, leg)) for t in range(NUM_TILES)})


def game_with(players: int, pack: dict) -> Any:
    return solver.load_game("godo", players=players, pack=pack)


def points_of(grounds_json: list[dict]) -> set[tuple[int, int]]:
    """The intersections of a grounds list as ``to_json`` writes it (every tile corner)."""
    return {
        p for g in grounds_json for p in geo.corner_points(g["x"], g["y"], g["rotation"] // 90)
    }


def draw(state: Any, *tiles: int) -> None:
    """Resolve chance nodes with the chosen tiles."""
    for t in tiles:
        assert state.is_chance_node()
        state.apply_action(draw_action(t))


def square_neighbour_slots(x: int = 0, y: int = 0) -> set[tuple[int, int, int]]:
    """The 8 slots that put a leg on one of the four sides of square ``(x, y)``.

    East neighbour: rotations 0 (legs S, W) and 3 (W, N); west: 1 (S, E) and 2 (N, E); north:
    0 (S, W) and 1 (S, E); south: 2 (N, E) and 3 (W, N).
    """
    return {
        (x + 1, y, 0), (x + 1, y, 3), (x - 1, y, 1), (x - 1, y, 2),
        (x, y + 1, 0), (x, y + 1, 1), (x, y - 1, 2), (x, y - 1, 3),
    }  # fmt: skip


# Blue full square at (0, 0) made of tiles 0 and 1: its four sides are blue paths, its corners the
# intersections (0,0), (1,0), (0,1), (1,1). No green tile fits anywhere next to it.
SQUARE = square(0, 0, 0)
SQUARE_POINTS = {(0, 0), (1, 0), (0, 1), (1, 1)}
BLUE_TILES = (0, 1, 10, 14, 15)  # the blue tiles of ``green_pack_with_blue(*BLUE_TILES)``


def green_pack_with_blue(*blue: int) -> dict:
    """Every tile a blank green tile except ``blue`` ones, which are blank blue."""
    tiles = {t: blank_tile(t, ("green", "green")) for t in range(NUM_TILES)}
    for t in blue:
        tiles[t] = blank_tile(t, ("blue", "blue"))
    return make_pack(tiles)


# -- 1. setup and initiation ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_initial_state_is_the_first_players_three_initiation_draws(players: int) -> None:
    """'If you're the first player, draw 3 Sacred Tiles from any of the piles.'"""
    game = game_with(players, blank_pack())
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.current_player() == solver.CHANCE
    obj = state.to_json()
    assert (obj["stage"], obj["phase"], obj["active"]) == ("initiation", "draw", 0)
    assert obj["turn"] == {
        "drawer": 0, "draws_left": INITIATION_TILES[0], "then": "place",
        "places_left": INITIATION_TILES[0], "redrawn": False,
    }  # fmt: skip
    assert state.chance_outcomes() == [(draw_action(t), 1.0 / NUM_TILES) for t in range(NUM_TILES)]
    assert obj["hands"] == [[] for _ in range(players)]
    assert obj["monks"] == [None] * players
    assert obj["journals"] == [journal() for _ in range(players)]
    if players == 1:
        # Solo: "These 15 Ensō tokens form the Ensō stock."
        assert obj["stock"] == SOLO_STOCK
    else:
        assert "stock" not in obj


def drive_initiation(state: Any) -> list[tuple[str, int]]:
    """Play the initiation (smallest pile tile drawn, first legal choice taken); return the events
    as ``(action kind, player)``, chance draws credited to the drawing player."""
    events = []
    while state.to_json()["stage"] == "initiation":
        obj = state.to_json()
        if state.is_chance_node():
            events.append(("draw", obj["turn"]["drawer"]))
            state.apply_action(draw_action(obj["pile"][0]))
        else:
            action = state.legal_actions()[0]
            events.append((kind(action), state.current_player()))
            state.apply_action(action)
    return events


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_initiation_draws_places_and_monks_per_seat(players: int) -> None:
    """Initiation: 'If you're the first player, draw 3 Sacred Tiles ... Place one in the middle ...
    placing the other two'; 'If you're the second player, draw 2 Sacred Tiles ... then place your
    Monk'; 'If you're the third, fourth, or fifth player, follow the same procedure but draw only
    1'; 'Each player draws 2 Sacred Tiles and keeps them hidden'. Solo: 'Draw 3 Sacred Tiles,
    place one ... Place your Monk on any intersection ... Draw 2 Sacred Tiles and keep them in
    your hand.'

    Tiles are blank (no virtue symbols), so no Ensō token moves and every tile fits.
    """
    game = game_with(players, blank_pack())
    state = game.new_initial_state()
    events = drive_initiation(state)
    expected = []
    for p in range(players):
        n = INITIATION_TILES[p]
        expected += [("draw", p)] * n + [("place", p)] * n + [("point", p)]
    for p in range(players):
        expected += [("draw", p)] * HAND
    assert events == expected
    obj = state.to_json()
    placed = sum(INITIATION_TILES[:players])
    assert (obj["stage"], obj["phase"], obj["active"], obj["to_move"]) == ("play", "place", 0, 0)
    assert len(obj["grounds"]) == placed
    assert [len(h) for h in obj["hands"]] == [HAND] * players
    assert len(obj["pile"]) == NUM_TILES - placed - HAND * players
    assert all(m is not None for m in obj["monks"])
    assert len({tuple(m) for m in obj["monks"]}) == players


def test_monks_enter_on_any_then_on_unoccupied_intersections() -> None:
    """'Take your Monk figure and place it on any Intersection' (first player); later players
    'place your Monk on any unoccupied Intersection'."""
    game = game_with(3, blank_pack())
    state = game.new_initial_state()
    draw(state, 0, 1, 2)
    for tile, slot in ((0, (0, 0, 0)), (1, (0, 0, 2)), (2, (1, 0, 0))):
        state.apply_action(place_action(tile, slot))
    # Square (0,0) full plus tile 2 east of it: corners (0,0) (1,0) (0,1) (1,1) and (2,0).
    everywhere = SQUARE_POINTS | {(2, 0)}
    assert state.to_json()["phase"] == "monk"
    assert set(state.legal_actions()) == {point_action(p) for p in everywhere}
    state.apply_action(point_action((1, 1)))

    draw(state, 3, 4)
    for _ in range(INITIATION_TILES[1]):
        state.apply_action(state.legal_actions()[0])
    obj = state.to_json()
    assert (obj["phase"], obj["active"]) == ("monk", 1)
    free = points_of(obj["grounds"]) - {(1, 1)}
    assert set(state.legal_actions()) == {point_action(p) for p in free}
    second = sorted(free)[0]
    state.apply_action(point_action(second))

    draw(state, 5)
    state.apply_action(state.legal_actions()[0])
    obj = state.to_json()
    assert (obj["phase"], obj["active"]) == ("monk", 2)
    free = points_of(obj["grounds"]) - {(1, 1), second}
    assert set(state.legal_actions()) == {point_action(p) for p in free}


# Initiation symbols: tile 0 at (0,0,0) has a green lotus on corner a = (1,0); tile 1 at (0,0,2)
# has red and yellow lotuses on corner b = (1,0). Journal: the green track's space 1 shows green and
# red; the yellow track's space 1 shows only blue, so no track can take a yellow symbol at first.
def _lotus_pack() -> dict:
    tiles = {t: blank_tile(t) for t in range(NUM_TILES)}
    symbols(tiles, SQUARE, {(1, 0): [corner("green"), corner("red", "yellow")]})
    spaces = journal_spaces({("green", 1): ["green", "red"], ("yellow", 1): ["blue"]})
    return make_pack(tiles, spaces=spaces)


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize(
    "first, second, final",
    [
        (advance_action(RED, GREEN), advance_action(GREEN, GREEN), journal(green=2)),
        (advance_action(GREEN, GREEN), advance_action(RED, RED), journal(green=1, red=1)),
    ],
)
def test_initiation_symbols_move_tokens_right_onto_that_colour(
    players: int, first: int, second: int, final: dict
) -> None:
    """'For each Virtue symbol present at that intersection, move one Ensō token on your Path
    Journal one space right. The token must move to a space showing that virtue's symbol.'

    Decision: mandatory (no PASS), the player chooses order and tracks; symbols no track can take
    are dropped.
    """
    game = game_with(players, _lotus_pack())
    state = game.new_initial_state()
    draw(state, 0, 1, 2)
    for tile, slot in ((0, (0, 0, 0)), (1, (0, 0, 2)), (2, (0, -1, 2))):
        state.apply_action(place_action(tile, slot))
    state.apply_action(point_action((1, 0)))
    obj = state.to_json()
    pool = {"blue": 0, "green": 1, "purple": 0, "red": 1, "yellow": 1}
    assert (obj["phase"], obj["turn"]) == ("advance", {"pool": pool, "pool_mode": "initiation"})
    assert set(state.legal_actions()) == {
        advance_action(GREEN, GREEN), advance_action(RED, RED), advance_action(RED, GREEN)
    }
    state.apply_action(first)
    assert state.legal_actions() == [second]  # no PASS: the move is mandatory
    state.apply_action(second)
    # The yellow symbol is dropped; player 0's initiation ends.
    obj = state.to_json()
    assert obj["journals"] == [final] + [journal()] * (players - 1)
    if players == 1:  # 'Draw 2 Sacred Tiles and keep them in your hand.'
        assert obj["phase"] == "draw"
        assert obj["turn"] == {"drawer": 0, "draws_left": HAND, "then": "hand"}
    else:  # the second player's initiation draws
        assert (obj["phase"], obj["active"], obj["turn"]) == ("draw", 1, {
            "drawer": 1, "draws_left": INITIATION_TILES[1], "then": "place",
            "places_left": INITIATION_TILES[1], "redrawn": False,
        })  # fmt: skip


def _five_blue_pack() -> dict:
    """Blank blue tiles; tile 0's right corner (at (0, 0) when laid at rotation 0) shows five blue
    symbols; every journal space shows only its track's colour."""
    tiles = {t: blank_tile(t) for t in range(NUM_TILES)}
    tiles[0]["corners"]["right"] = corner("blue", "blue", "blue", "blue", "blue")
    return make_pack(tiles)


@pytest.mark.parametrize("backend", available_backends())
def test_initiation_symbols_stop_short_of_the_sixth_space(backend: str) -> None:
    """Decision (docs/rules/godo.md): an initiation symbol never moves a token onto the sixth space,
    as mastering is a step of a turn. Five blue symbols move the blue token to space 4; the fifth
    is dropped like any symbol no track can take, so no token starts the first turn on space 5
    (where the mandatory first move could take it back)."""
    game = solver.load_game("godo", players=1, pack=_five_blue_pack(), backend=backend)
    state = game.new_initial_state()
    draw(state, 0, 1, 2)
    for tile, slot in ((0, (0, 0, 0)), (1, (0, 0, 2)), (2, (1, 0, 0))):
        state.apply_action(place_action(tile, slot))
    state.apply_action(point_action((0, 0)))
    for step in range(4):
        assert state.legal_actions() == [advance_action(BLUE, BLUE)], step
        state.apply_action(advance_action(BLUE, BLUE))
    obj = state.to_json()
    assert obj["journals"] == [journal(blue=4)]
    assert obj["phase"] == "draw"
    assert obj["turn"] == {"drawer": 0, "draws_left": HAND, "then": "hand"}


def test_initiation_stuck_tiles_kept_and_hand_drawn_up_to_two() -> None:
    """'If a player cannot legally place any of their Sacred Tiles anywhere ... remove them from the
    game, and draw 2 new Sacred Tiles ... The player must then place one of their new tiles if
    possible.' Decisions: the same rule applies to initiation placements; 'After initiation each
    player draws up to a hand of 2 (fewer if leftover tiles are held)'.

    Grounds: blue full squares (0,0), (1,0), (0,1) (an L, all sides blue). The second player draws
    blue tile 10 and green tile 11, places 10 at (1,1) rotation 1 (its legs on the south and east
    sides); then green tiles fit nowhere (the only open half-square, (1,1) rotation 3, has its west
    leg on a blue path). Tile 11 is removed, 12 and 13 are drawn, fit nowhere and stay in hand.
    """
    grounds = square(0, 0, 0) + square(1, 0, 2) + square(0, 1, 4)
    game = game_with(2, green_pack_with_blue(*range(6), 10, 14, 15))
    pos = position(
        grounds, [(0, 0), None], phase="draw", stage="initiation", active=1, hands=[[], []],
        turn={"drawer": 1, "draws_left": INITIATION_TILES[1], "then": "place",
              "places_left": INITIATION_TILES[1], "redrawn": False},
    )  # fmt: skip
    state = game.state_from_json(pos)
    draw(state, 10, 11)
    assert state.to_json()["phase"] == "place"
    # Only blue tile 10 fits (every side of the L is blue); (1,1) rotation 1 is one of its slots.
    assert {kind(a) for a in state.legal_actions()} == {"place"}
    assert {decode_place(a)[0] for a in state.legal_actions()} == {10}
    assert place_action(10, (1, 1, 1)) in state.legal_actions()
    state.apply_action(place_action(10, (1, 1, 1)))
    # Tile 11 fits nowhere: removed, two new tiles drawn for the second placement.
    obj = state.to_json()
    assert obj["removed"] == [11]
    assert obj["hands"] == [[], []]
    assert (obj["phase"], obj["turn"]) == (
        "draw", {"drawer": 1, "draws_left": 2, "then": "place", "places_left": 1, "redrawn": True}
    )  # fmt: skip
    draw(state, 12, 13)
    obj = state.to_json()
    assert (obj["phase"], obj["active"]) == ("monk", 1)  # the placement is forfeited
    assert obj["hands"] == [[], [12, 13]]
    assert obj["removed"] == [11]
    state.apply_action(point_action((2, 2)))
    # Hand draws: player 0 draws 2; player 1 already holds 2 and draws none.
    obj = state.to_json()
    assert obj["phase"] == "draw"
    assert obj["turn"] == {"drawer": 0, "draws_left": HAND, "then": "hand"}
    draw(state, 14, 15)
    obj = state.to_json()
    assert (obj["stage"], obj["phase"], obj["active"]) == ("play", "place", 0)
    assert obj["hands"] == [[14, 15], [12, 13]]


def test_first_players_third_tile_stuck_in_initiation() -> None:
    """The stuck rule in the first player's initiation (decision: 'The same rule applies to
    initiation placements'): blue tiles 0 and 1 fill square (0,0), so green tile 2 fits nowhere; it
    is removed, green tiles 3 and 4 are drawn, fit nowhere either and stay in hand. At the hand
    draw ('Each player draws 2 Sacred Tiles') player 0 already holds 2 and draws none."""
    game = game_with(2, green_pack_with_blue(*BLUE_TILES))
    state = game.new_initial_state()
    draw(state, 0, 1, 2)
    state.apply_action(place_action(0, (0, 0, 0)))
    state.apply_action(place_action(1, (0, 0, 2)))
    obj = state.to_json()
    assert obj["removed"] == [2]
    assert obj["turn"] == {
        "drawer": 0, "draws_left": 2, "then": "place", "places_left": 1, "redrawn": True,
    }  # fmt: skip
    draw(state, 3, 4)
    obj = state.to_json()
    assert (obj["phase"], obj["active"], obj["hands"]) == ("monk", 0, [[3, 4], []])
    state.apply_action(point_action((0, 0)))
    draw(state, 10, 14)  # player 1's two initiation tiles, both blue
    state.apply_action(place_action(10, (1, 0, 0)))
    state.apply_action(place_action(14, (1, 0, 2)))
    state.apply_action(point_action((1, 1)))
    obj = state.to_json()
    assert obj["phase"] == "draw"
    assert obj["turn"] == {"drawer": 1, "draws_left": HAND, "then": "hand"}  # player 0 draws none
    draw(state, 15, 5)
    # Player 0's first turn: tiles 3 and 4 still fit nowhere (the grounds are two blue squares), so
    # the stuck rule removes them and two new tiles are drawn.
    obj = state.to_json()
    assert (obj["stage"], obj["active"], obj["hands"]) == ("play", 0, [[], [5, 15]])
    assert obj["removed"] == [2, 3, 4]
    assert obj["turn"] == {
        "drawer": 0, "draws_left": 2, "then": "place", "places_left": 1, "redrawn": True,
    }  # fmt: skip


# -- 2. the first tile ---------------------------------------------------------------------------


def test_first_tile_goes_in_the_middle_any_rotation() -> None:
    """'Place one in the middle of the table to start the temple grounds.' Decision: the first tile
    goes in square (0,0), any rotation."""
    game = game_with(2, blank_pack())
    state = game.new_initial_state()
    draw(state, 5, 7, 9)
    assert state.current_player() == 0
    assert state.legal_actions() == sorted(
        place_action(t, (0, 0, r)) for t in (5, 7, 9) for r in range(4)
    )


# -- 3. tile placement legality ------------------------------------------------------------------

# Tile 0 at (0,0) rotation 0: leg a (blue) on the south side (0,0)-(1,0), leg b (green) on the west
# side (0,0)-(0,1).
ONE_TILE = [(0, 0, 0, 0)]
S_EDGE, W_EDGE = ((0, 0), (1, 0)), ((0, 0), (0, 1))
N_EDGE, E_EDGE = ((0, 1), (1, 1)), ((1, 0), (1, 1))


def grounds_with(tiles: dict[int, tuple[str, str]], layout: list[tuple[int, ...]]) -> Grounds:
    """A ``Grounds`` of blank tiles with the given legs, laid out as ``layout`` (no checks)."""
    pack = load_pack(make_pack({t: blank_tile(t, legs) for t, legs in tiles.items()}))
    grounds = Grounds(pack)
    for t, x, y, r in layout:
        grounds.place(t, (x, y, r))
    return grounds


def test_shared_leg_of_matching_colour_is_legal() -> None:
    """'Sacred Tiles are placed adjacent to one another, with their side edges (Paths) touching';
    'All edges touching each other must be of the same color'. Tile 1 at (0,-1) rotation 2 lays its
    blue leg a on tile 0's blue south leg."""
    g = grounds_with({0: ("blue", "green"), 1: ("blue", "red")}, ONE_TILE)
    assert g.can_place(1, (0, -1, 2))


def test_shared_leg_of_another_colour_is_illegal() -> None:
    """'All edges touching each other must be of the same color (Path type).' Illustrated: 'side
    edges touching each other are of different color'."""
    g = grounds_with({0: ("blue", "green"), 1: ("red", "blue")}, ONE_TILE)
    assert not g.can_place(1, (0, -1, 2))  # red leg on the blue path
    assert g.can_place(1, (0, -1, 3))  # rotated: its blue leg b on the blue path


def test_corner_only_contact_is_illegal() -> None:
    """'At least one side of a new Sacred Tile must touch one or more Sacred Tiles already in play.
    Corner-to-corner placement is not permitted.'"""
    g = grounds_with({0: ("blue", "blue"), 1: ("blue", "blue")}, ONE_TILE)
    corner_only = [(x, y, r) for x, y in ((1, -1), (-1, 1), (1, 1), (-1, -1)) for r in range(4)]
    # Square (1,0) rotations 0 and 1 and square (0,1) rotations 0 and 3 touch tile 0 only at a
    # corner
    # (the east and north sides of square (0,0) belong to its empty other half).
    corner_only += [(1, 0, 0), (1, 0, 1), (0, 1, 0), (0, 1, 3)]
    for slot in corner_only:
        assert not g.can_place(1, slot), slot


def test_overlap_in_the_same_square_is_illegal_even_with_matching_colours() -> None:
    """'Tiles may never overlap.' Decision: two tiles share a square only as rotations r and r+2.
    Tile 1 at rotation 1 would lay its blue leg b on the blue south path, at rotation 3 its green
    leg a on the green west path, but both overlap tile 0."""
    g = grounds_with({0: ("blue", "green"), 1: ("green", "blue")}, ONE_TILE)
    assert not g.can_place(1, (0, 0, 1))
    g = grounds_with({0: ("blue", "green"), 1: ("green", "green")}, ONE_TILE)
    assert not g.can_place(1, (0, 0, 3))
    assert not g.can_place(1, (0, 0, 0))  # the very same slot


def test_long_edge_to_long_edge_is_legal_whatever_the_colours() -> None:
    """'It is also permitted to place a Sacred Tile so that the long edges without colored Paths
    touch each other.'"""
    g = grounds_with({0: ("blue", "green"), 1: ("red", "yellow")}, ONE_TILE)
    assert g.can_place(1, (0, 0, 2))
    g.place(1, (0, 0, 2))
    assert g.paths == {S_EDGE: BLUE, W_EDGE: GREEN, N_EDGE: RED, E_EDGE: YELLOW}
    assert g.intersections() == sorted(SQUARE_POINTS)


def test_touching_two_tiles_with_one_mismatched_leg_is_illegal() -> None:
    """'All edges touching each other must be of the same color': a slot laying one leg on each of
    two tiles needs both to match.

    Layout (connected): A = tile 0 at (0,0) rot 2 (legs: N green, E blue), C = tile 1 at (0,1) rot 1
    (legs: E yellow, S green — on A's north leg), B = tile 2 at (1,1) rot 0 (legs: S red, W yellow —
    on C's east leg). Slot (1,0) rot 3 lays leg a on A's blue east path and leg b on B's red south
    path.
    """
    legs = {0: ("green", "blue"), 1: ("yellow", "green"), 2: ("red", "yellow"),
            3: ("blue", "red"), 4: ("blue", "green"), 5: ("purple", "red")}  # fmt: skip
    g = grounds_with(legs, [(0, 0, 0, 2), (1, 0, 1, 1), (2, 1, 1, 0)])
    assert g.is_connected()
    slot = (1, 0, 3)
    assert geo.leg_edges(*slot) == (((1, 0), (1, 1)), ((1, 1), (2, 1)))
    assert g.can_place(3, slot)  # blue on blue, red on red
    assert not g.can_place(4, slot)  # blue on blue, green on red
    assert not g.can_place(5, slot)  # purple on blue, red on red


def test_four_rotations_give_four_different_slots() -> None:
    """Decision: 'rotation r puts the right-angle corner at square corner r (0 SW, 1 SE, 2 NE,
    3 NW)' — the same tile (legs blue, green) laid at the four rotations of square (0,0)."""
    expected = {
        0: ({S_EDGE: BLUE, W_EDGE: GREEN}, {(0, 0), (1, 0), (0, 1)}),
        1: ({E_EDGE: BLUE, S_EDGE: GREEN}, {(1, 0), (1, 1), (0, 0)}),
        2: ({N_EDGE: BLUE, E_EDGE: GREEN}, {(1, 1), (0, 1), (1, 0)}),
        3: ({W_EDGE: BLUE, N_EDGE: GREEN}, {(0, 1), (0, 0), (1, 1)}),
    }
    for r, (paths, points) in expected.items():
        g = grounds_with({0: ("blue", "green")}, [(0, 0, 0, r)])
        assert (g.paths, set(g.intersections())) == (paths, points), r
    assert len({place_action(0, (0, 0, r)) for r in range(4)}) == 4


def test_legal_place_actions_of_a_state() -> None:
    """The PLACE actions offered are exactly the legal slots: tile 10 (legs blue, green) can go on
    the blue south path (square (0,-1) rot 2), on the green west path (square (-1,0) rot 2) or long
    edge to long edge; tile 11 (red legs) only long edge to long edge."""
    pack = make_pack({0: blank_tile(0, ("blue", "green")), 10: blank_tile(10, ("blue", "green")),
                      11: blank_tile(11, ("red", "red"))})  # fmt: skip
    game = game_with(2, pack)
    pos = position(ONE_TILE, [(0, 0), (1, 0)], phase="place", hands=[[10, 11], [12]])
    state = game.state_from_json(pos)
    assert set(state.legal_actions()) == {
        place_action(10, (-1, 0, 2)), place_action(10, (0, -1, 2)), place_action(10, (0, 0, 2)),
        place_action(11, (0, 0, 2)),
    }  # fmt: skip


# -- 4. the stuck rule ---------------------------------------------------------------------------


def stuck_start(pile: list[int] | None = None) -> Any:
    """Two players, blue square (0,0); player 1 is nudging (end of their turn); player 0 then
    starts a turn holding green tiles 2 and 3, which fit nowhere. ``pile``: the only tiles left."""
    game = game_with(2, green_pack_with_blue(*BLUE_TILES))
    pos = position(SQUARE, [(0, 0), (1, 1)], phase="nudge", active=1, hands=[[2, 3], [4]])
    if pile is not None:
        set_pile(pos, pile)
    state = game.state_from_json(pos)
    state.apply_action(nudge_action(BLUE))
    return state


def test_stuck_hand_is_removed_and_two_new_tiles_drawn() -> None:
    """'If a player cannot legally place any of their Sacred Tiles anywhere on the temple grounds,
    they must show these tiles to all players, remove them from the game, and draw 2 new Sacred
    Tiles (if available).'"""
    state = stuck_start()
    obj = state.to_json()
    assert (obj["stage"], obj["active"], obj["phase"]) == ("play", 0, "draw")
    assert obj["removed"] == [2, 3]
    assert obj["hands"] == [[], [4]]
    assert obj["turn"] == {
        "drawer": 0, "draws_left": 2, "then": "place", "places_left": 1, "redrawn": True,
    }  # fmt: skip
    pile = [t for t in range(NUM_TILES) if t not in (0, 1, 2, 3, 4)]
    assert state.chance_outcomes() == [(draw_action(t), 1.0 / len(pile)) for t in pile]


def test_stuck_then_a_new_tile_that_fits_must_be_placed() -> None:
    """'The player must then place one of their new tiles if possible.'"""
    state = stuck_start()
    draw(state, 10, 11)  # blue 10 fits, green 11 does not
    obj = state.to_json()
    assert (obj["phase"], obj["to_move"]) == ("place", 0)
    assert set(state.legal_actions()) == {place_action(10, s) for s in square_neighbour_slots()}
    state.apply_action(place_action(10, (1, 0, 0)))
    obj = state.to_json()
    assert obj["hands"][0] == [11]
    assert (obj["phase"], obj["turn"]) == ("draw", {"drawer": 0, "draws_left": 1, "then": "move"})


def test_stuck_twice_forfeits_the_placement_and_keeps_the_new_tiles() -> None:
    """Decision: 'if even those fit nowhere, that placement is forfeited and the new tiles stay in
    hand' — the turn goes on to 'Draw a tile'."""
    state = stuck_start()
    draw(state, 11, 12)  # both green
    obj = state.to_json()
    assert obj["hands"] == [[11, 12], [4]]
    assert obj["removed"] == [2, 3]
    assert len(obj["grounds"]) == len(SQUARE)
    assert (obj["phase"], obj["turn"]) == ("draw", {"drawer": 0, "draws_left": 1, "then": "move"})


def test_stuck_with_one_tile_left_draws_only_that_one() -> None:
    """'draw 2 new Sacred Tiles (if available)': with one tile in the pile, one is drawn; it is
    placed, and with the pile now empty there is no draw step."""
    state = stuck_start(pile=[10])
    obj = state.to_json()
    assert obj["turn"] == {
        "drawer": 0, "draws_left": 1, "then": "place", "places_left": 1, "redrawn": True,
    }  # fmt: skip
    draw(state, 10)
    state.apply_action(place_action(10, (-1, 0, 1)))
    obj = state.to_json()
    assert not state.is_chance_node()
    assert obj["phase"] == "nudge"  # move step; no token can pay for a first move
    assert obj["hands"][0] == []


def test_stuck_with_an_empty_pile_removes_the_hand_and_goes_on() -> None:
    """Stuck with nothing to draw: the tiles are removed, no placement, no draw."""
    state = stuck_start(pile=[])
    obj = state.to_json()
    assert obj["hands"] == [[], [4]]
    assert 2 in obj["removed"] and 3 in obj["removed"]
    assert len(obj["grounds"]) == len(SQUARE)
    assert (obj["phase"], obj["active"]) == ("nudge", 0)


# -- 5. the draw step ----------------------------------------------------------------------------


def draw_step_position(pile: list[int] | None = None) -> Any:
    """Player 0 holds blue tile 10; their blue token on space 1 can pay for blue paths."""
    game = game_with(2, green_pack_with_blue(*BLUE_TILES))
    pos = position(SQUARE, [(0, 0), (1, 1)], [journal(blue=1)], phase="place", hands=[[10], [11]])
    if pile is not None:
        set_pile(pos, pile)
    return game.state_from_json(pos)


def test_draw_step_is_a_uniform_chance_node_over_the_pile() -> None:
    """'2 Draw a tile: Draw a tile from any pile, if available, and keep it in your hand.'"""
    state = draw_step_position()
    state.apply_action(place_action(10, (1, 0, 0)))
    obj = state.to_json()
    pile = obj["pile"]
    assert pile == [t for t in range(NUM_TILES) if t not in (0, 1, 10, 11)]
    assert state.is_chance_node()
    assert obj["turn"] == {"drawer": 0, "draws_left": 1, "then": "move"}
    outcomes = state.chance_outcomes()
    assert outcomes == [(draw_action(t), 1.0 / len(pile)) for t in pile]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(draw_action(pile[3]))
    obj = state.to_json()
    assert obj["hands"][0] == [pile[3]]
    assert pile[3] not in obj["pile"]
    assert obj["phase"] == "move"
    # 'You must move your Monk at least once if possible': east along the south side or north
    # along the west side, paying with the blue token; no PASS.
    assert set(state.legal_actions()) == {move_action(EAST, BLUE), move_action(NORTH, BLUE)}


def test_no_draw_with_an_empty_pile() -> None:
    """'Draw a tile from any pile, if available': the pile is empty, so the turn goes on to
    moving."""
    state = draw_step_position(pile=[])
    state.apply_action(place_action(10, (1, 0, 0)))
    obj = state.to_json()
    assert not state.is_chance_node()
    assert obj["phase"] == "move"
    assert obj["hands"][0] == []
    assert set(state.legal_actions()) == {move_action(EAST, BLUE), move_action(NORTH, BLUE)}


# -- 6. skipping turns and the end by scoring ----------------------------------------------------


def test_player_without_tiles_skips_the_whole_turn() -> None:
    """'If you don't have any tiles in hand, skip your entire turn (all steps) and play passes to
    the next player.'"""
    game = game_with(3, green_pack_with_blue(*BLUE_TILES))
    journals = [journal(), journal(red=2), journal()]
    monks = [(0, 0), (1, 1), (1, 0)]
    pos = position(SQUARE, monks, journals, phase="nudge", active=0, hands=[[10], [], [14]])
    state = game.state_from_json(pos)
    before = state.to_json()
    state.apply_action(nudge_action(GREEN))
    obj = state.to_json()
    assert (obj["stage"], obj["phase"], obj["active"], obj["to_move"]) == ("play", "place", 2, 2)
    assert obj["journals"][1] == before["journals"][1]
    assert obj["monks"][1] == before["monks"][1]
    assert obj["pile"] == before["pile"]
    assert set(state.legal_actions()) == {place_action(14, s) for s in square_neighbour_slots()}


def end_by_scoring(journals: list[dict], nudge: int) -> Any:
    players = len(journals)
    game = game_with(players, green_pack_with_blue(*BLUE_TILES))
    monks = [(0, 0), (1, 1), (1, 0), (0, 1)][:players]
    hands: list[list[int]] = [[] for _ in range(players)]
    pos = position(SQUARE, monks, journals, phase="nudge", active=0, hands=hands)
    state = game.state_from_json(pos)
    state.apply_action(nudge_action(nudge))
    return state


def test_no_tiles_anywhere_ends_by_scoring_with_a_single_winner() -> None:
    """'If all players still have at least one Ensō token on their Travel Journals, but no one has
    tiles in hand, the game ends ... Each track without an Ensō token awards the player 10 points.
    Tracks with an Ensō token award points equal to the number of empty spaces to the left of the
    Ensō token. The player with the highest score wins.'"""
    state = end_by_scoring(
        [journal(blue=None, green=3, purple=2, yellow=1), journal(blue=None, green=4, purple=1)],
        nudge=YELLOW,  # player 0's yellow token 1 -> 2 before the turn passes
    )
    assert state.is_terminal()
    assert state.current_player() == solver.TERMINAL
    assert state.scores() == [MASTERED_POINTS + 3 + 2 + 0 + 2, MASTERED_POINTS + 4 + 1]
    assert state.winners == [0]
    assert state.returns() == [1.0, 0.0]
    assert state.to_json()["winners"] == [0]


def test_end_by_scoring_tie_is_shared() -> None:
    """'In case of a tie, the victory is shared.' Decision: each winner gets 1/k."""
    state = end_by_scoring([journal(blue=None, green=1), journal(purple=None, red=2)], nudge=GREEN)
    assert state.is_terminal()
    assert state.scores() == [MASTERED_POINTS + 2, MASTERED_POINTS + 2]
    assert state.winners == [0, 1]
    assert state.returns() == [0.5, 0.5]


def test_end_by_scoring_three_players_two_tied() -> None:
    """Three players, two tied for the highest score: they share the victory."""
    state = end_by_scoring(
        [
            journal(red=None, blue=2),
            journal(red=4, blue=4, green=3),
            journal(yellow=None, purple=3),
        ],
        nudge=PURPLE,  # player 0's purple token 0 -> 1
    )
    assert state.scores() == [MASTERED_POINTS + 2 + 1, 4 + 4 + 3, MASTERED_POINTS + 3]
    assert state.winners == [0, 2]
    assert state.returns() == [0.5, 0.0, 0.5]


# -- 7. the end: the first to empty the journal wins ---------------------------------------------

LAST_RED = {c: None for c in COLOURS if c != "red"}  # every track mastered except red


def test_emptying_the_journal_wins_at_once() -> None:
    """'The game ends immediately when any player removes their last Ensō token from their Travel
    Journal. That player wins the game.' Player 1 improves red onto space 5 and masters it."""
    game = game_with(2, green_pack_with_blue(*BLUE_TILES))
    journals = [journal(), journal(**LAST_RED, red=4)]
    pos = position(SQUARE, [(0, 0), (1, 1)], journals, phase="advance", active=1,
                   collected={"red": 1}, hands=[[10], [11]])  # fmt: skip
    state = game.state_from_json(pos)
    assert set(state.legal_actions()) == {advance_action(RED, RED), PASS}
    state.apply_action(advance_action(RED, RED))
    assert state.is_terminal()
    assert state.winners == [1]
    assert state.returns() == [0.0, 1.0]
    obj = state.to_json()
    assert obj["journals"][1] == {c: None for c in COLOURS}
    assert obj["winners"] == [1]


def test_active_player_masters_first_and_wins_before_the_next() -> None:
    """'After you have placed your tokens, the other players—in clockwise order—will do the same';
    'The game ends immediately when any player removes their last Ensō token'. Player 1 reaches
    space 5 by sharing in player 0's turn, but player 0 masters first and wins."""
    game = game_with(2, green_pack_with_blue(*BLUE_TILES))
    journals = [journal(**LAST_RED, red=4), journal(**LAST_RED, red=4)]
    pos = position(SQUARE, [(0, 0), (1, 1)], journals, phase="advance", active=0,
                   collected={"red": 2}, hands=[[10], [11]])  # fmt: skip
    state = game.state_from_json(pos)
    state.apply_action(advance_action(RED, RED))
    # The second red token is shared: player 1 may use it.
    assert (state.current_player(), state.to_json()["turn"]["pool_mode"]) == (1, "share")
    assert set(state.legal_actions()) == {advance_action(RED, RED), PASS}
    state.apply_action(advance_action(RED, RED))
    assert state.is_terminal()
    assert state.winners == [0]
    assert state.returns() == [1.0, 0.0]
    assert state.to_json()["journals"][1]["red"] == 5  # player 1 never got to master it


def test_another_player_emptying_the_journal_while_mastering_wins() -> None:
    """Mastering goes on clockwise after the active player; the first to empty the journal wins at
    once, even outside their own turn. Player 0 places the Ensō token of a mastered track; player 1
    then takes their last token (on space 5) off and wins."""
    game = game_with(2, green_pack_with_blue(*BLUE_TILES))
    journals = [journal(blue=None), journal(**LAST_RED, red=5)]
    pos = position(SQUARE, [(0, 0), (1, 1)], journals, phase="master", active=0,
                   turn={"enso_left": 1}, hands=[[10], [11]])  # fmt: skip
    state = game.state_from_json(pos)
    assert set(state.legal_actions()) == {point_action(p) for p in SQUARE_POINTS}
    state.apply_action(point_action((1, 0)))
    assert state.is_terminal()
    assert state.winners == [1]
    assert state.returns() == [0.0, 1.0]


# -- 8. solo -------------------------------------------------------------------------------------


def solo_game() -> Any:
    return game_with(1, green_pack_with_blue(*BLUE_TILES))


def test_solo_stock_token_goes_on_an_intersection_without_monk_or_enso() -> None:
    """Solo, step 6: 'Take 1 Ensō token from the Ensō stock and place it on any unoccupied
    intersection.' Decision: neither monk nor Ensō token there."""
    pos = solo_position(
        SQUARE, (0, 0), phase="nudge", enso=[(1, 1)], stock=SOLO_STOCK - 1, hands=[[10]]
    )
    state = solo_game().state_from_json(pos)
    state.apply_action(nudge_action(BLUE))
    obj = state.to_json()
    assert (obj["phase"], obj["stock"]) == ("stock", SOLO_STOCK - 1)
    assert set(state.legal_actions()) == {point_action((1, 0)), point_action((0, 1))}
    state.apply_action(point_action((0, 1)))
    obj = state.to_json()
    assert obj["stock"] == SOLO_STOCK - 2
    assert obj["enso"] == [[0, 1], [1, 1]]
    assert (obj["phase"], obj["active"]) == ("place", 0)  # the next turn


def test_solo_stock_token_without_a_free_intersection_is_removed() -> None:
    """'If there are no unoccupied intersections, remove that token from the game.'"""
    stock = 5
    enso = [(1, 0), (0, 1), (1, 1)]  # every intersection but the monk's
    pos = solo_position(SQUARE, (0, 0), phase="nudge", enso=enso, stock=stock, hands=[[10]])
    state = solo_game().state_from_json(pos)
    removed_before = state.to_json()["enso_removed"]
    state.apply_action(nudge_action(BLUE))
    obj = state.to_json()
    assert obj["stock"] == stock - 1
    assert obj["enso_removed"] == removed_before + 1
    assert len(obj["enso"]) == 3
    assert obj["phase"] == "place"


def test_solo_empty_stock_at_step_six_is_a_loss() -> None:
    """'If the Ensō stock is empty when you reach step 6, the game ends immediately and you have
    unfortunately failed to master GODŌ.'"""
    pos = solo_position(SQUARE, (0, 0), phase="nudge", stock=0, hands=[[10]])
    state = solo_game().state_from_json(pos)
    state.apply_action(nudge_action(BLUE))
    assert state.is_terminal()
    assert state.winners == []
    assert state.returns() == [0.0]
    assert state.title() is None


@pytest.mark.parametrize(
    "stock, title",
    [
        (12, "Godo Legend"),  # '> 10 Godo Legend'
        (10, "Godo Legend"),  # the book skips 10; decision: 10 or more
        (9, "Temple Sage"),
        (8, "Enlightened Guide"),
        (4, "Virtuous Wanderer"),  # the book prints 'Virtous'
        (1, "Novice Pilgrim"),
        (0, "Novice Pilgrim"),  # decision: 1 or 0
    ],
)
def test_solo_win_earns_a_title_by_the_stock_left(stock: int, title: str) -> None:
    """'If you manage to master all 5 virtues, you win the game and receive a title based on your
    spiritual achievement' (table 'Remaining Ensō tokens in the stock / Title earned'). Decision:
    solo win returns 0.5 + 0.05 * min(stock, 10)."""
    pos = solo_position(SQUARE, (0, 0), {**LAST_RED, "red": 4}, phase="advance", stock=stock,
                        collected={"red": 1}, hands=[[10]])  # fmt: skip
    state = solo_game().state_from_json(pos)
    state.apply_action(advance_action(RED, RED))
    assert state.is_terminal()
    assert state.winners == [0]
    assert state.title() == title
    assert state.returns() == [pytest.approx(0.5 + 0.05 * min(stock, 10))]


def test_solo_empty_hand_at_the_start_of_a_turn_is_a_loss() -> None:
    """Decision: 'Solo: a hand empty at the start of a turn ends the game as a loss.'"""
    pos = solo_position(SQUARE, (0, 0), phase="stock", stock=SOLO_STOCK, hands=[[]])
    state = solo_game().state_from_json(pos)
    assert state.to_json()["pile"]  # tiles are left in the pile: it is the empty hand that loses
    state.apply_action(point_action((1, 1)))
    assert state.is_terminal()
    assert state.winners == []
    assert state.returns() == [0.0]
    assert state.title() is None


# -- 9. illegal actions --------------------------------------------------------------------------


def test_illegal_action_raises_and_leaves_the_state_unchanged() -> None:
    """``apply_action`` raises ``IllegalActionError`` for an illegal action; the state is
    unchanged."""
    game = game_with(2, green_pack_with_blue(*BLUE_TILES))
    pos = position(SQUARE, [(0, 0), (1, 1)], phase="place", hands=[[10, 11], [14]])
    state = game.state_from_json(pos)
    before, legal = state.to_json(), state.legal_actions()
    illegal = [
        place_action(10, (0, 0, 1)),  # overlap
        place_action(10, (5, 5, 0)),  # touches nothing
        place_action(11, (1, 0, 0)),  # green leg on a blue path
        place_action(14, (1, 0, 0)),  # not in the player's hand
        draw_action(20),  # not a chance node
        PASS,
        nudge_action(BLUE),
    ]
    for action in illegal:
        with pytest.raises(solver.IllegalActionError):
            state.apply_action(action)
        assert state.to_json() == before
        assert state.legal_actions() == legal
    # At a chance node: a tile that is not in the pile.
    state.apply_action(place_action(10, (1, 0, 0)))
    before = state.to_json()
    with pytest.raises(solver.IllegalActionError):
        state.apply_action(draw_action(14))
    assert state.to_json() == before
