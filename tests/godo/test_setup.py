"""Setting up GODŌ positions by clicking (``solver.games.godo.setup``).

* Every tool works from a real position (a turn's start in a seeded random game, the first decision
  of a new game) and its result reads back with ``game.state_from_json``; the input state is never
  changed.
* A position entered click by click from a new game's first decision, as the module docstring says,
  equals the position of a real game.
* Bad tools, parameters and clicks are refused with a ``PositionError`` naming the field.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import solver
from solver import PositionError
from solver.core.play import random_step
from solver.games.godo import geometry as geo
from solver.games.godo import rules as R
from solver.games.godo.pack import COLOURS
from solver.games.godo.setup import MASTERED, UNSEEN, edit, tools


@functools.cache
def game(players: int, backend: str = "reference") -> Any:
    return solver.load_game("godo", players=players, backend=backend)


def first_decision(players: int, seed: int = 0) -> Any:
    """A new game advanced to its first decision (player 0 lays an initiation tile)."""
    state = game(players).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(random_step(state, rng))
    return state


def turn_start(players: int, seed: int, turns: int, want: Any = None) -> Any:
    """A turn start of a seeded random game, over ``turns`` turns in, that ``want`` accepts."""
    state = game(players).new_initial_state()
    rng = random.Random(seed)
    seen = 0
    while not state.is_terminal():
        if state.turn_start():
            seen += 1
            if seen > turns and (want is None or want(state)):
                return state
        state.apply_action(random_step(state, rng))
    raise LookupError("the game ended first")


def apply(state: Any, tool: str, params: dict | None = None, **target: Any) -> Any:
    """Apply a tool as the web page does (data-* values as text) and read the result back; the input
    state must not change."""
    before = state.to_json()
    position = edit(state, tool, params or {}, {k: str(v) for k, v in target.items()})
    assert state.to_json() == before
    return game(state.players).state_from_json(position)


def free_point(state: Any) -> geo.Point:
    taken = set(state.monks) | state.enso
    return next(p for p in state.grounds.intersections() if p not in taken)


# -- every tool ------------------------------------------------------------------------------------


def test_tools_offer_the_tiles_off_the_grounds() -> None:
    state = turn_start(3, seed=1, turns=4)
    by_name = {t.name: t for t in tools(state)}
    assert set(by_name) == {"place", "lift", "monk", "enso", "journal", "hand", "discard", "turn"}
    offered = {value for value, _ in by_name["place"].params[0].choices}
    assert offered == set(range(60)) - set(state.grounds.where)
    assert by_name["place"].target == "square" and by_name["monk"].target == "point"
    assert "stock" in {t.name for t in tools(first_decision(1))}
    assert all(t.to_json()["name"] == t.name for t in by_name.values())


def test_place_lays_a_pile_tile_where_the_rules_allow() -> None:
    state = turn_start(2, seed=2, turns=3)
    tile = next(t for t in state.pile if state.grounds.placements(t))
    x, y, r = state.grounds.placements(tile)[0]
    after = apply(state, "place", {"tile": tile, "rotation": 90 * r}, target="square", x=x, y=y)
    assert after.grounds.where[tile] == (x, y, r)
    assert tile not in after.pile and len(after.pile) == len(state.pile) - 1


def test_place_from_a_hand_refills_the_hand() -> None:
    state = first_decision(2)
    tile = state.hands[0][0]
    after = apply(state, "place", {"tile": tile, "rotation": 0}, target="square", x=0, y=0)
    assert after.grounds.where == {tile: (0, 0, 0)}
    assert len(after.hands[0]) == 3 and tile not in after.hands[0]
    assert sorted(after.pile + after.hands[0]) == sorted(set(range(60)) - {tile})


def test_place_refuses_a_tile_that_does_not_fit() -> None:
    state = turn_start(2, seed=2, turns=3)
    far = max(x for x, _, _ in state.grounds.slots) + 3
    with pytest.raises(PositionError) as err:
        edit(state, "place", {"tile": state.pile[0], "rotation": 0}, {"x": str(far), "y": "0"})
    assert err.value.field == "target"


def test_lift_returns_a_tile_to_the_pile() -> None:
    state = turn_start(2, seed=3, turns=3)
    standing = set(state.monks) | state.enso
    for tile in state.grounds.where:
        rest = state.grounds.copy()
        rest.lift(tile)
        if rest.is_connected() and all(p in rest.points for p in standing):
            break
    after = apply(state, "lift", target="tile", tile=tile)
    assert tile not in after.grounds.where and tile in after.pile


def test_lift_keeps_the_grounds_whole_and_under_every_piece() -> None:
    state = turn_start(3, seed=3, turns=8)
    standing = set(state.monks) | state.enso
    refused = set()
    for tile in state.grounds.where:
        rest = state.grounds.copy()
        rest.lift(tile)
        if rest.is_connected() and all(p in rest.points for p in standing):
            assert tile in apply(state, "lift", target="tile", tile=tile).pile
            continue
        with pytest.raises(PositionError) as err:
            edit(state, "lift", {}, {"target": "tile", "tile": str(tile)})
        assert err.value.field == "target.tile"
        reason = "split" if not rest.is_connected() else "stands on"
        assert reason in str(err.value)
        refused.add(reason)
    assert "split" in refused


def test_monk_moves_to_a_free_intersection_only() -> None:
    state = turn_start(3, seed=4, turns=3)
    x, y = free_point(state)
    after = apply(state, "monk", {"player": 1}, target="point", x=x, y=y)
    assert after.monks[1] == (x, y) and after.monks[0] == state.monks[0]
    other = state.monks[2]
    with pytest.raises(PositionError) as err:
        edit(state, "monk", {"player": 1}, {"x": str(other[0]), "y": str(other[1])})
    assert err.value.field == "target" and "player 2" in str(err.value)


def test_enso_tokens_come_from_mastered_tracks() -> None:
    state = turn_start(2, seed=5, turns=2, want=lambda s: all(None not in row for row in s.tracks))
    x, y = free_point(state)
    with pytest.raises(PositionError) as err:
        edit(state, "enso", {}, {"x": str(x), "y": str(y)})
    assert err.value.field == "target" and "mastered" in str(err.value)
    mastered = apply(state, "journal", target="journal", player=0, colour="red", step=MASTERED)
    assert mastered.tracks[0][COLOURS.index("red")] is None and mastered.enso_removed == 1
    placed = apply(mastered, "enso", target="point", x=x, y=y)
    assert placed.enso == {(x, y)} and placed.enso_removed == 0
    removed = apply(placed, "enso", target="point", x=x, y=y)
    assert removed.enso == set() and removed.enso_removed == 1


def test_solo_enso_tokens_come_from_the_stock() -> None:
    state = turn_start(1, seed=6, turns=0)
    x, y = free_point(state)
    after = apply(state, "enso", target="point", x=x, y=y)
    assert (x, y) in after.enso and after.stock == state.stock - 1
    stocked = apply(after, "stock", {"count": 3})
    assert stocked.stock == 3 and stocked.enso_removed == state.stock - 4
    with pytest.raises(PositionError) as err:
        edit(stocked, "stock", {"count": 15}, {})
    assert err.value.field == "params.count"


def test_journal_sets_a_track() -> None:
    state = turn_start(2, seed=7, turns=2)
    after = apply(state, "journal", target="journal", player=1, colour="green", step=4)
    assert after.tracks[1][COLOURS.index("green")] == 4
    assert after.tracks[0] == state.tracks[0]


def test_hand_deals_chosen_and_unseen_tiles() -> None:
    state = turn_start(3, seed=8, turns=2)
    chosen = state.pile[5]
    after = apply(
        state, "hand", {"tile1": chosen, "tile2": UNSEEN, "tile3": None}, target="hand", player=2
    )
    assert len(after.hands[2]) == 2 and chosen in after.hands[2]
    assert all(t in after.pile for t in state.hands[2] if t not in after.hands[2])
    with pytest.raises(PositionError) as err:
        edit(
            state,
            "hand",
            {"tile1": state.hands[0][0], "tile2": None, "tile3": None},
            {"player": "2"},
        )
    assert err.value.field == "params.tile1" and "player 0" in str(err.value)
    with pytest.raises(PositionError) as err:
        edit(state, "hand", {"tile1": chosen, "tile2": chosen, "tile3": None}, {"player": "2"})
    assert err.value.field == "params.tile2"


def test_discard_removes_a_tile_from_the_game() -> None:
    state = turn_start(2, seed=9, turns=2)
    tile = state.pile[0]
    after = apply(state, "discard", {"tile": tile})
    assert tile in after.removed and tile not in after.pile


def test_turn_starts_any_players_turn() -> None:
    state = turn_start(3, seed=10, turns=3)
    after = apply(state, "turn", {"player": 2, "phase": "place"})
    assert (after.stage, after.phase, after.active, after.to_move) == (R.PLAY, R.PLACE, 2, 2)
    try:
        moving = apply(state, "turn", {"player": 1, "phase": "move"})
    except PositionError as err:  # the monk may have no move there
        assert err.field == "params.phase"
    else:
        assert (moving.phase, moving.active, moving.moves) == (R.MOVE, 1, 0)


def test_turn_ends_the_initiation() -> None:
    state = first_decision(3)
    with pytest.raises(PositionError) as err:
        edit(state, "turn", {"player": 0, "phase": "place"}, {})
    assert err.value.field == "grounds"
    state = apply(state, "place", {"tile": state.pile[0], "rotation": 0}, target="square", x=0, y=0)
    tile, (x, y, r) = next(
        (t, slot) for t in state.pile for slot in state.grounds.placements(t) if slot[:2] != (0, 0)
    )
    state = apply(state, "place", {"tile": tile, "rotation": 90 * r}, target="square", x=x, y=y)
    after = apply(state, "turn", {"player": 1, "phase": "place"})
    assert after.stage == R.PLAY and after.active == 1
    assert len(set(after.monks)) == 3 and all(m in after.grounds.points for m in after.monks)
    assert [len(h) for h in after.hands] == [3, 2, 2]


def test_edits_work_on_the_numba_backend() -> None:
    ref = turn_start(2, seed=11, turns=2)
    state = game(2, "numba").state_from_json(ref.to_json())
    position = edit(
        state, "journal", {}, {"target": "journal", "player": "0", "colour": "blue", "step": "2"}
    )
    assert position["journals"][0]["blue"] == 2
    assert game(2, "numba").state_from_json(position).to_reference().tracks[0][0] == 2


# -- a whole position by clicks --------------------------------------------------------------------


def set_up_by_clicks(target: Any, seed: int) -> Any:
    """Enter ``target`` (a turn's start) from a new game's first decision, as the docstring says."""
    state = first_decision(target.players, seed)
    for tile, (x, y, r) in target.grounds.where.items():  # in the order they were laid
        state = apply(state, "place", {"tile": tile, "rotation": 90 * r}, target="square", x=x, y=y)
        if state.stage == R.INITIATION and len(state.grounds.points) >= target.players:
            state = apply(state, "turn", {"player": target.active, "phase": "place"})
    wanted = dict(enumerate(target.monks))
    while any(state.monks[p] != where for p, where in wanted.items()):
        p = next(p for p, where in wanted.items() if state.monks[p] != where)
        blocker = next((q for q, where in enumerate(state.monks) if where == wanted[p]), None)
        if blocker is not None:  # clear the way: the blocker steps aside to a free intersection
            p, spot = blocker, free_point(state)
        else:
            spot = wanted[p]
        state = apply(state, "monk", {"player": p}, target="point", x=spot[0], y=spot[1])
    for player, row in enumerate(target.tracks):
        for track, pos in sorted(enumerate(row), key=lambda item: item[1] is not None):
            step = MASTERED if pos is None else pos
            state = apply(
                state, "journal", target="journal", player=player, colour=COLOURS[track], step=step
            )
    for x, y in sorted(target.enso):
        state = apply(state, "enso", target="point", x=x, y=y)
    wanted_tiles = {t for hand in target.hands for t in hand} | set(target.removed)
    spare = iter(t for t in state.pile if t not in wanted_tiles)
    for player, hand in enumerate(state.hands):  # park spare tiles: a tile moves from the pile only
        params = {f"tile{i + 1}": next(spare) if i < len(hand) else None for i in range(3)}
        state = apply(state, "hand", params, target="hand", player=player)
    for player, hand in enumerate(target.hands):
        params = {f"tile{i + 1}": hand[i] if i < len(hand) else None for i in range(3)}
        state = apply(state, "hand", params, target="hand", player=player)
    for tile in target.removed:
        state = apply(state, "discard", {"tile": tile})
    if target.solo:
        state = apply(state, "stock", {"count": target.stock})
    return state


@pytest.mark.parametrize(
    ("players", "seed", "turns"), [(2, 12, 9), (3, 13, 14), (1, 14, 10), (4, 15, 6)]
)
def test_a_position_entered_by_clicks_equals_the_real_one(
    players: int, seed: int, turns: int
) -> None:
    target = turn_start(players, seed, turns)
    state = set_up_by_clicks(target, seed + 100)
    assert state.to_json() == target.to_json()


# -- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tool", "params", "target", "field"),
    [
        ("chess", {}, {}, "tool"),
        ("place", {"rotation": 0}, {"x": "0", "y": "0"}, "params.tile"),
        ("place", {"tile": "PILE", "rotation": 45}, {"x": "0", "y": "0"}, "params.rotation"),
        ("place", {"tile": "PILE", "rotation": 0}, {"y": "0"}, "target.x"),
        ("place", {"tile": "PILE", "rotation": 0}, {"x": "east", "y": "0"}, "target.x"),
        (
            "place",
            {"tile": "PILE", "rotation": 0, "flip": True},
            {"x": "0", "y": "0"},
            "params.flip",
        ),
        ("lift", {}, {"tile": "99"}, "target.tile"),
        ("lift", {}, {"tile": "PILE"}, "target.tile"),
        ("monk", {"player": 7}, {"x": "0", "y": "0"}, "params.player"),
        ("monk", {"player": 0}, {"x": "30", "y": "30"}, "target"),
        ("enso", {}, {"x": "0"}, "target.y"),
        ("journal", {}, {"player": "0", "colour": "pink", "step": "1"}, "target.colour"),
        ("journal", {}, {"player": "0", "colour": "red", "step": "6"}, "target.step"),
        ("journal", {}, {"player": "2", "colour": "red", "step": "1"}, "target.player"),
        ("hand", {"tile1": None, "tile2": None}, {"player": "0"}, "params.tile3"),
        ("turn", {"player": 0, "phase": "master"}, {}, "params.phase"),
        ("stock", {"count": 3}, {}, "tool"),
    ],
)
def test_bad_edits_name_the_field(tool: str, params: dict, target: dict, field: str) -> None:
    state = turn_start(2, seed=16, turns=2)
    params = {k: state.pile[0] if v == "PILE" else v for k, v in params.items()}
    target = {k: str(state.pile[0]) if v == "PILE" else v for k, v in target.items()}
    before = state.to_json()
    with pytest.raises(PositionError) as err:
        edit(state, tool, params, target)
    assert err.value.field == field
    assert state.to_json() == before
