"""GODŌ positions: the JSON format round-trips, and broken positions are refused by name.

* Every position of random games (1 to 5 players, with and without the variant) reads back to
  itself, with the same legal actions, through ``json.dumps``/``json.loads``; so does the position
  one player sees, whose hidden hands are dealt from the tiles that player cannot see.
* A position corrupted at random (a key deleted, a value of the wrong type, a tile, coordinate,
  rotation, monk, token or journal value changed, a list cut short, the phase changed...) is either
  refused with a ``PositionError`` or read into a state that plays on: never any other exception.
* Specific impossible positions are refused with a ``PositionError`` naming the bad field.
"""

from __future__ import annotations

import copy
import functools
import json
import math
import os
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import solver
from solver import PositionError
from solver.core.play import random_step
from solver.games.godo import geometry as geo
from solver.games.godo import rules as R
from solver.games.godo.pack import COLOURS, NUM_TILES, load_pack

PACK = load_pack()
STEP_CAP = 5000
# The corruption fuzz: 400 examples keep the suite within CI's 20 minutes; set more to dig deeper.
FUZZ_EXAMPLES = int(os.environ.get("GODO_FUZZ_EXAMPLES", "400"))
WORDS = R.PHASES + (R.INITIATION, R.PLAY) + (R.POOL_INITIATION, R.POOL_IMPROVE, R.POOL_SHARE)
WORDS += (R.THEN_PLACE, R.THEN_MOVE, R.THEN_HAND) + COLOURS + ("free", "godo", "reference", "chess", "")

FUZZ = settings(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


@functools.cache
def load(players: int, variant: bool) -> Any:
    return solver.load_game("godo", players=players, variant=variant)


@functools.lru_cache(maxsize=64)
def game_positions(players: int, variant: bool, seed: int) -> tuple[str, ...]:
    """Every position of a seeded random game, as JSON text (immutable, so it can be cached)."""
    state = load(players, variant).new_initial_state()
    rng = random.Random(seed)
    out = [json.dumps(state.to_json())]
    while not state.is_terminal() and len(out) < STEP_CAP:
        state.apply_action(random_step(state, rng))
        out.append(json.dumps(state.to_json()))
    return tuple(out)


def a_position(players: int, variant: bool, seed: int, want: Callable[[dict], bool]) -> dict[str, Any]:
    """The first position of a seeded random game that ``want`` accepts."""
    for text in game_positions(players, variant, seed):
        pos = json.loads(text)
        if want(pos):
            return pos
    raise LookupError("no such position in that game")


# -- 1. round trips ------------------------------------------------------------------------------


def check_dealt(guess: dict[str, Any], seen: dict[str, Any], full: dict[str, Any], observer: int) -> None:
    """A state read from what ``observer`` sees: the visible parts as seen, hidden hands of the right
    sizes dealt from the unseen tiles, everything else as in the real position."""
    dealt = []
    for p, hand in enumerate(seen["hands"]):
        if p == observer:
            assert guess["hands"][p] == hand
        else:
            assert isinstance(hand, int) and len(guess["hands"][p]) == hand
            assert guess["hands"][p] == sorted(guess["hands"][p])
            dealt += guess["hands"][p]
    assert sorted(dealt + guess["pile"]) == seen["unseen"], "hidden hands not dealt from the unseen tiles"
    assert len(set(dealt)) == len(dealt)
    public = lambda pos: {k: v for k, v in pos.items() if k not in ("hands", "pile")}  # noqa: E731
    assert public(guess) == public(full)


@settings(FUZZ, max_examples=30)
@given(
    players=st.integers(1, 5),
    variant=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    deal_seed=st.integers(0, 2**16),
)
def test_every_position_reads_back_to_itself(players: int, variant: bool, seed: int, deal_seed: int) -> None:
    game = load(players, variant)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for step in range(STEP_CAP):
        note(f"step {step}")
        full = state.to_json()
        text = json.dumps(full)
        assert json.loads(text) == full
        again = game.state_from_json(json.loads(text))
        assert again.to_json() == full
        assert again.legal_actions() == state.legal_actions()
        assert again.current_player() == state.current_player()
        assert again.returns() == state.returns()
        # What one player sees; the other hands are dealt at random from what they cannot see.
        observer = step % players
        seen = state.to_json(observer=observer)
        assert "pile" not in seen and json.loads(json.dumps(seen)) == seen
        guess = game.state_from_json(json.loads(json.dumps(seen)), seed=deal_seed + step)
        assert guess.to_json(observer=observer) == seen
        check_dealt(guess.to_json(), seen, full, observer)
        if not state.is_chance_node() and (full["phase"] != R.PLACE or state.current_player() == observer):
            # The choices do not depend on the hidden tiles (placing depends on one's own hand).
            assert guess.legal_actions() == state.legal_actions()
        if state.is_terminal():
            break
        state.apply_action(random_step(state, rng))
    else:
        pytest.fail("the game did not end")


def test_hidden_hands_are_dealt_by_the_seed() -> None:
    game = load(3, False)
    pos = a_position(3, False, 5, lambda p: p["stage"] == R.PLAY and p["phase"] == R.MOVE)
    state = game.state_from_json(pos)
    seen = state.to_json(observer=0)
    deals = {json.dumps(game.state_from_json(seen, seed=k).to_json()["hands"]) for k in range(8)}
    assert len(deals) > 1, "the seed does not change the deal"
    same = [game.state_from_json(seen, seed=3).to_json() for _ in range(2)]
    assert same[0] == same[1], "the same seed deals differently"


# -- 2. corrupted positions --------------------------------------------------------------------------


WRONG_VALUES: tuple[Any, ...] = (
    "x", "", "0", None, 1.5, 0.0, 90.0, -2.0, math.nan, [], {}, [0, 0], {"x": 1},
    10**30, -1, -(10**30), geo.LOW, geo.LOW - 1, geo.HIGH, geo.HIGH + 1, True, False, 0, 1, 2, 5, 6, 100,
)  # fmt: skip


def _container_path(data: st.DataObject, obj: Any) -> list[Any]:
    """A path from the top of a position down to some value, going into nested fields."""
    path: list[Any] = []
    node = obj
    while isinstance(node, (dict, list)) and node:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = data.draw(st.sampled_from(keys), label="key")
        path.append(key)
        node = node[key]
        if not isinstance(node, (dict, list)) or not node or data.draw(st.booleans(), label="stop"):
            break
    return path


def _get(obj: Any, path: list[Any]) -> Any:
    for key in path:
        obj = obj[key]
    return obj


def _intersections(pos: dict[str, Any]) -> list[list[int]]:
    points = set()
    for e in pos.get("grounds", []) if isinstance(pos.get("grounds"), list) else []:
        try:
            points.update(geo.corner_points(e["x"], e["y"], e["rotation"] // 90))
        except Exception:  # an entry already corrupted
            continue
    return [list(p) for p in sorted(points)]


def corrupt_anywhere(data: st.DataObject, pos: dict[str, Any]) -> str:
    """A generic corruption of any value, key or list, at any depth."""
    path = _container_path(data, pos)
    if not path:
        return "nothing"
    parent, key = _get(pos, path[:-1]), path[-1]
    value = parent[key]
    ops = ["delete", "wrong_type", "add_key", "word"]
    if isinstance(value, int) and not isinstance(value, bool):
        ops += ["shift", "shift"]
    if isinstance(value, list):
        ops += ["truncate", "duplicate", "shuffle"]
    if isinstance(parent, list) and len(parent) > 1:
        ops += ["copy_sibling"]
    op = data.draw(st.sampled_from(ops), label="op")
    where = "/".join(map(str, path))
    if op == "delete":
        del parent[key]
    elif op == "wrong_type":
        parent[key] = copy.deepcopy(data.draw(st.sampled_from(WRONG_VALUES), label="value"))
    elif op == "add_key":
        target = value if isinstance(value, dict) else parent if isinstance(parent, dict) else pos
        target[data.draw(st.sampled_from(("bogus", "tile", "turn", "x", "moves", "pool", "stock")))] = 1
    elif op == "word":
        parent[key] = data.draw(st.sampled_from(WORDS), label="word")
    elif op == "shift":
        parent[key] = value + data.draw(st.sampled_from((-3, -2, -1, 1, 2, 3, 60, -130)), label="by")
    elif op == "truncate":
        parent[key] = value[: data.draw(st.integers(0, max(0, len(value) - 1)), label="length")]
    elif op == "duplicate":
        if value:
            value.append(copy.deepcopy(data.draw(st.sampled_from(value), label="item")))
        else:
            value.append(0)
    elif op == "shuffle":
        data.draw(st.randoms(use_true_random=False), label="rng").shuffle(value)
    elif op == "copy_sibling":
        parent[key] = copy.deepcopy(data.draw(st.sampled_from(parent), label="sibling"))
    return f"{op} at {where}"


def corrupt_meaningfully(data: st.DataObject, pos: dict[str, Any], others: tuple[str, ...] = ()) -> str:
    """A corruption that keeps the format but changes the game: tiles, monks, tokens, phases.

    ``others``: the other positions of the same game, whose turn may be transplanted here."""
    kinds = ["transplant"] * bool(others) + [
        "tile_id", "coordinate", "rotation", "hand_and_pile", "move_tile", "monk", "enso", "journal",
        "virtue", "phase", "stage", "player", "turn", "enso_count", "phase_and_turn", "phase_and_turn",
    ]  # fmt: skip
    kind = data.draw(st.sampled_from(kinds), label="kind")
    draw = data.draw
    grounds = pos["grounds"]
    pile_key = "pile" if "pile" in pos else "unseen"
    if kind == "tile_id" and grounds:
        entry = draw(st.sampled_from(grounds))
        entry["tile"] = draw(st.integers(-2, NUM_TILES + 1), label="tile")
    elif kind == "coordinate" and grounds:
        entry = draw(st.sampled_from(grounds))
        axis = draw(st.sampled_from(("x", "y")))
        edges = (geo.LOW, geo.LOW - 1, geo.HIGH - 1, geo.HIGH, 20, -20)
        entry[axis] = draw(st.sampled_from((entry[axis] - 1, entry[axis] + 1, 0) + edges))
    elif kind == "rotation" and grounds:
        entry = draw(st.sampled_from(grounds))
        entry["rotation"] = draw(st.sampled_from((0, 90, 180, 270, 45, 360, -90, 1, 2, 3, "90")))
    elif kind == "hand_and_pile" and pos[pile_key]:
        hands = [h for h in pos["hands"] if isinstance(h, list)]
        tile = draw(st.sampled_from(pos[pile_key]))
        target = draw(st.sampled_from(hands + [pos["removed"]]))
        target.append(tile)  # now listed twice
    elif kind == "move_tile":  # a different, perhaps possible, distribution of the tiles
        places = [h for h in pos["hands"] if isinstance(h, list)] + [pos[pile_key], pos["removed"]]
        source = draw(st.sampled_from(places))
        if source:
            tile = draw(st.sampled_from(source))
            source.remove(tile)
            if draw(st.booleans()) and grounds:
                near = draw(st.sampled_from(grounds))
                grounds.append({"tile": tile, "x": near["x"] + draw(st.integers(-1, 1)),
                                "y": near["y"] + draw(st.integers(-1, 1)),
                                "rotation": draw(st.sampled_from((0, 90, 180, 270)))})  # fmt: skip
            else:
                draw(st.sampled_from(places)).append(tile)
    elif kind == "monk":
        p = draw(st.integers(0, len(pos["monks"]) - 1))
        others = [m for m in pos["monks"] if m is not None]
        far = [[geo.HIGH - 1, geo.HIGH - 1], [geo.HIGH, geo.LOW], [geo.HIGH + 1, 0], [0, geo.LOW - 1]]
        choices = others + _intersections(pos) + far + [None, [0], [0, 0, 0]]
        pos["monks"][p] = copy.deepcopy(draw(st.sampled_from(choices), label="monk"))
    elif kind == "enso":
        points = _intersections(pos)
        op = draw(st.sampled_from(("add", "remove", "move", "duplicate")))
        if op in ("add", "move") and points:
            if op == "move" and pos["enso"]:
                pos["enso"].pop(draw(st.integers(0, len(pos["enso"]) - 1)))
            pos["enso"].append(draw(st.sampled_from(points + [[geo.HIGH - 1, geo.LOW + 1]])))
        elif op == "remove" and pos["enso"]:
            pos["enso"].pop(draw(st.integers(0, len(pos["enso"]) - 1)))
        elif op == "duplicate" and pos["enso"]:
            pos["enso"].append(list(draw(st.sampled_from(pos["enso"]))))
    elif kind == "journal":
        row = draw(st.sampled_from(pos["journals"]))
        row[draw(st.sampled_from(COLOURS))] = draw(st.sampled_from((None, 0, 1, 2, 3, 4, 5, 6, -1)))
    elif kind == "virtue":  # moves a token between supply and collected (the total may stay right)
        colour = draw(st.sampled_from(COLOURS))
        by = draw(st.sampled_from((-1, 1, 3)))
        pos["supply"][colour] -= by
        if draw(st.booleans()):
            pos["collected"][colour] = pos["collected"].get(colour, 0) + by
    elif kind == "phase":
        pos["phase"] = draw(st.sampled_from(R.PHASES))
        if draw(st.booleans()):
            pos["turn"] = {}
    elif kind == "stage":
        pos["stage"] = draw(st.sampled_from((R.INITIATION, R.PLAY, R.OVER)))
    elif kind == "player":
        key = draw(st.sampled_from(("active", "to_move")))
        pos[key] = draw(st.integers(-1, pos["players"]))
    elif kind == "turn":
        turn = pos["turn"]
        key = draw(st.sampled_from(("drawer", "draws_left", "then", "places_left", "redrawn", "pool",
                                    "pool_mode", "moves", "last_path", "fox_left", "pending",
                                    "enso_from", "enso_left")))  # fmt: skip
        turn[key] = draw(st.sampled_from((0, 1, 2, 3, 50, None, True, "place", "move", "hand", "share",
                                          "initiation", "improve", [0, 0],
                                          {"gate": False, "from": [0, 0], "to": [1, 0]},
                                          {c: 1 for c in COLOURS})))  # fmt: skip
    elif kind == "phase_and_turn":  # another phase, with a turn that is well formed for it
        pos["phase"] = phase = draw(st.sampled_from(R.PHASES), label="phase")
        if draw(st.booleans()):
            pos["stage"] = draw(st.sampled_from((R.INITIATION, R.PLAY, R.OVER)), label="stage")
        players = len(pos["journals"])
        seat = st.integers(0, players - 1)
        point = st.sampled_from(_intersections(pos) or [[0, 0]])
        if draw(st.booleans()):
            pos["active"] = draw(seat, label="active")
        pos["to_move"] = pos["active"] if draw(st.booleans()) else draw(seat, label="to_move")
        pool = st.fixed_dictionaries({c: st.integers(0, 3) for c in COLOURS})
        here = pos["monks"][pos["active"]]
        near = [[here[0] + dx, here[1] + dy] for dx, dy in geo.DIRECTIONS] if here else []
        point_near = st.sampled_from(near + [m for m in pos["monks"] if m] + _intersections(pos) or [[0, 0]])
        path = st.fixed_dictionaries({"gate": st.booleans(), "from": point, "to": point_near})
        pending = st.fixed_dictionaries(
            {"gate": st.booleans(), "from": st.just(here), "to": point_near,
             "payment": st.sampled_from(COLOURS + ("free",))})  # fmt: skip
        turns = {
            R.DRAW: st.fixed_dictionaries(
                {"drawer": seat, "draws_left": st.integers(1, 3),
                 "then": st.sampled_from((R.THEN_PLACE, R.THEN_MOVE, R.THEN_HAND))},
                optional={"places_left": st.integers(0, 3), "redrawn": st.booleans()}),
            R.PLACE: st.fixed_dictionaries({"places_left": st.integers(0, 3), "redrawn": st.booleans()}),
            R.ADVANCE: st.fixed_dictionaries(
                {"pool_mode": st.sampled_from((R.POOL_INITIATION, R.POOL_IMPROVE, R.POOL_SHARE))},
                optional={"pool": pool}),
            R.MOVE: st.fixed_dictionaries({"moves": st.integers(0, 3)}, optional={"last_path": path}),
            R.FOX: st.fixed_dictionaries({"moves": st.integers(1, 3), "last_path": path,
                                          "fox_left": st.integers(1, 3)}),
            R.PUSH: st.fixed_dictionaries({"moves": st.just(0), "pending": pending}),
            R.RELOCATE: st.fixed_dictionaries({"moves": st.just(0), "pending": pending}),
            R.ENSO_FROM: st.fixed_dictionaries({"moves": st.just(0), "pending": pending}),
            R.ENSO_TO: st.fixed_dictionaries(
                {"moves": st.just(0), "pending": pending, "enso_from": st.sampled_from(pos["enso"] or [[0, 0]])}),
            R.MASTER: st.fixed_dictionaries({"enso_left": st.integers(1, 2)}),
            R.OVER: st.fixed_dictionaries({}, optional={"enso_left": st.integers(0, 2)}),
        }  # fmt: skip
        pos["turn"] = draw(turns.get(phase, st.just({})), label="turn")
        if phase == R.MASTER or (phase == R.OVER and pos["turn"].get("enso_left")):
            row = pos["journals"][pos["to_move"]]  # the tokens being placed leave the journal
            for colour in COLOURS[: pos["turn"]["enso_left"]]:
                if row[colour] is not None:
                    row[colour] = None
        if phase == R.OVER:
            pos["winners"] = draw(st.lists(seat, max_size=2), label="winners")
    elif kind == "transplant":  # where another step of the game stands, with these components
        other = json.loads(draw(st.sampled_from(others), label="other"))
        keys = ["stage", "phase", "active", "to_move", "turn", "winners"]
        keys += ["supply", "collected"] * draw(st.booleans(), label="with virtues")
        for key in keys:
            pos.pop(key, None)
            if key in other:
                pos[key] = other[key]
    elif kind == "enso_count":
        key = draw(st.sampled_from(("enso_removed", "stock")))
        pos[key] = pos.get(key, 0) + draw(st.sampled_from((-1, 1, 5)))
    return f"meaningful {kind}"


def check_sound(state: Any, players: int, solo: bool) -> None:
    """What the reader checks must stay true: each component accounted for once."""
    pos = state.to_json()
    json.dumps(pos)
    tiles = [e["tile"] for e in pos["grounds"]] + [t for h in pos["hands"] for t in h] + pos["pile"]
    assert sorted(tiles + pos["removed"]) == list(range(NUM_TILES))
    for c in COLOURS:
        assert pos["supply"][c] >= 0 and pos["collected"][c] >= 0
        assert pos["supply"][c] + pos["collected"][c] == 3
    on_journals = sum(v is not None for row in pos["journals"] for v in row.values())
    stock = pos.get("stock", 0)
    assert stock >= 0
    total = on_journals + len(pos["enso"]) + pos["enso_removed"] + pos["turn"].get("enso_left", 0) + stock
    assert total == 5 * players + (15 if solo else 0)
    points = _intersections(pos)
    monks = [m for m in pos["monks"] if m is not None]
    assert all(m in points for m in monks) and all(p in points for p in pos["enso"])
    assert len({tuple(m) for m in monks}) == len(monks), f"two monks on one intersection: {monks}"
    returns = state.returns()
    assert all(0.0 <= r <= 1.0 for r in returns)
    if state.is_terminal() and players > 1:
        assert math.isclose(sum(returns), 1.0), f"returns {returns} at the end"


def play_on(game: Any, state: Any, seed: int, steps: int = 25) -> None:
    """A state read from a position works: it writes itself, reads back and plays on."""
    players, solo = game.players, game.players == 1
    text = json.dumps(state.to_json())
    again = game.state_from_json(json.loads(text))  # what was accepted is written so it is accepted
    assert json.dumps(again.to_json()) == text
    state.to_json(observer=0)
    rng = random.Random(seed)
    for _ in range(steps):
        check_sound(state, players, solo)
        actions = state.legal_actions()
        if state.is_terminal():
            assert actions == []
            break
        assert actions, "no legal action at a non-terminal state"
        for a in actions[:3]:
            state.action_to_string(a)
        state.apply_action(random_step(state, rng))
    check_sound(state, players, solo)


def read_or_refuse(game: Any, obj: Any, seed: int = 0, steps: int = 25) -> Any:
    """Read a position: a ``PositionError`` (naming a field) or a working state, nothing else."""
    try:
        state = game.state_from_json(obj, seed=seed)
    except PositionError as exc:
        assert str(exc) and exc.field, "a PositionError must name the bad field"
        return None
    play_on(game, state, seed, steps)
    return state


@settings(FUZZ, max_examples=FUZZ_EXAMPLES)
@given(
    players=st.integers(1, 5),
    variant=st.booleans(),
    seed=st.integers(0, 11),
    observed=st.booleans(),
    data=st.data(),
)
def test_corrupted_positions_are_refused_or_playable(
    players: int, variant: bool, seed: int, observed: bool, data: st.DataObject
) -> None:
    game = load(players, variant)
    positions = game_positions(players, variant, seed)
    step = data.draw(st.integers(0, len(positions) - 1), label="step")
    pos = json.loads(positions[step])
    if observed:
        pos = game.state_from_json(pos).to_json(observer=data.draw(st.integers(0, players - 1), label="observer"))
    for _ in range(data.draw(st.integers(1, 3), label="corruptions")):
        meaningful = data.draw(st.booleans(), label="meaningful")
        try:
            what = corrupt_meaningfully(data, pos, positions) if meaningful else corrupt_anywhere(data, pos)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError):  # an earlier corruption
            what = "skipped"
        note(what)
    note(f"corrupted position (players={players}, variant={variant}): {json.dumps(pos)}")
    read_or_refuse(game, pos, seed)


@pytest.mark.parametrize("value", [None, "godo", 3, [], [{"game": "godo"}], 1.5])
def test_not_an_object(value: Any) -> None:
    with pytest.raises(PositionError) as info:
        load(2, False).state_from_json(value)
    assert info.value.field == "position"


# -- 3. specific impossible positions ------------------------------------------------------------


@pytest.fixture(scope="module")
def midgame() -> dict[str, Any]:
    """A 3-player position in the play stage with a dozen tiles down, at the start of a move."""
    pos = a_position(
        3, False, 2, lambda p: p["stage"] == R.PLAY and p["phase"] == R.MOVE and len(p["grounds"]) >= 12
    )
    load(3, False).state_from_json(pos)  # valid as it is
    return pos


def refused(pos: Any, players: int = 3, variant: bool = False) -> PositionError:
    with pytest.raises(PositionError) as info:
        load(players, variant).state_from_json(pos)
    return info.value


def _paths(pos: dict[str, Any]) -> dict[Any, int]:
    paths = {}
    for e in pos["grounds"]:
        slot = (e["x"], e["y"], e["rotation"] // 90)
        for edge, colour in zip(geo.leg_edges(*slot), PACK.tiles[e["tile"]].legs):
            paths[edge] = colour
    return paths


def _move_from_pile(pos: dict[str, Any], tile: int, slot: tuple[int, int, int]) -> dict[str, Any]:
    pos = copy.deepcopy(pos)
    pos["pile"].remove(tile)
    pos["grounds"].append({"tile": tile, "x": slot[0], "y": slot[1], "rotation": 90 * slot[2]})
    return pos


def test_overlapping_tiles(midgame: dict[str, Any]) -> None:
    first = midgame["grounds"][0]
    overlap = (first["x"], first["y"], (first["rotation"] // 90 + 1) % 4)
    bad = _move_from_pile(midgame, midgame["pile"][0], overlap)
    err = refused(bad)
    assert err.field == f"grounds[{len(bad['grounds']) - 1}]" and "overlaps" in str(err)
    same_slot = copy.deepcopy(midgame)
    same_slot["grounds"].append(dict(first, tile=same_slot["pile"].pop()))
    assert refused(same_slot).field == f"grounds[{len(same_slot['grounds']) - 1}]"


def test_unmatched_edge_colours(midgame: dict[str, Any]) -> None:
    paths = _paths(midgame)
    taken = {(e["x"], e["y"]): e["rotation"] // 90 for e in midgame["grounds"]}
    squares = {(e["x"] + dx, e["y"] + dy) for e in midgame["grounds"] for dx, dy in geo.DIRECTIONS}
    for x, y in sorted(squares - set(taken)):
        for r in range(4):
            for tile in midgame["pile"]:
                legs = zip(geo.leg_edges(x, y, r), PACK.tiles[tile].legs)
                if any(e in paths and paths[e] != colour for e, colour in legs):
                    bad = _move_from_pile(midgame, tile, (x, y, r))
                    err = refused(bad)
                    assert err.field == f"grounds[{len(bad['grounds']) - 1}]"
                    assert "leg lies on" in str(err)
                    return
    pytest.fail("no mismatching slot found")


def test_disconnected_grounds(midgame: dict[str, Any]) -> None:
    far = (geo.HIGH - 2, geo.HIGH - 2, 0)  # on the table, far from the grounds around (0, 0)
    bad = _move_from_pile(midgame, midgame["pile"][0], far)
    err = refused(bad)
    assert err.field == "grounds" and "one piece" in str(err)


def test_grounds_off_the_table(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    bad["grounds"][2]["x"] = geo.HIGH
    assert refused(bad).field == "grounds[2].x"


def test_two_monks_on_one_intersection(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    bad["monks"][1] = list(bad["monks"][0])
    err = refused(bad)
    assert err.field == "monks[1]" and "two monks" in str(err)


def test_monk_off_the_grounds(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    bad["monks"][2] = [geo.HIGH - 1, geo.LOW + 1]  # on the table, not an intersection
    err = refused(bad)
    assert err.field == "monks[2]" and "not an intersection" in str(err)
    bad["monks"][2] = None
    assert refused(bad).field == "monks[2]"  # every monk is on the grounds after the initiation


def test_tile_in_a_hand_and_the_pile(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    tile = bad["pile"][0]
    bad["hands"][1] = sorted(bad["hands"][1] + [tile])
    err = refused(bad)
    assert err.field == "pile" and "hands[1]" in str(err) and str(tile) in str(err)


def test_tile_on_the_grounds_and_removed(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    bad["removed"].append(bad["grounds"][0]["tile"])
    assert refused(bad).field == "removed"


def test_tile_missing(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    tile = bad["pile"].pop(3)
    err = refused(bad)
    assert err.field == "pile" and "missing" in str(err) and str(tile) in str(err)


def test_tile_listed_twice_in_the_pile(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    bad["pile"].append(bad["pile"][0])
    assert refused(bad).field == "pile"


@pytest.mark.parametrize("colour", COLOURS)
def test_virtue_tokens_not_three_per_colour(midgame: dict[str, Any], colour: str) -> None:
    bad = copy.deepcopy(midgame)
    bad["supply"][colour] -= 1
    assert refused(bad).field == f"supply.{colour}"
    bad["collected"][colour] += 2
    assert refused(bad).field == f"supply.{colour}"


def test_enso_tokens_not_adding_up(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    bad["enso_removed"] += 1
    err = refused(bad)
    assert err.field == "enso" and "add up" in str(err)
    bad = copy.deepcopy(midgame)
    bad["journals"][0]["blue"] = None if bad["journals"][0]["blue"] is not None else 0
    assert refused(bad).field == "enso"


def test_enso_token_off_the_grounds(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    bad["enso"].append([geo.LOW + 1, geo.HIGH - 1])
    assert refused(bad).field == f"enso[{len(bad['enso']) - 1}]"


def test_wrong_game(midgame: dict[str, Any]) -> None:
    err = refused(dict(midgame, game="chess"))
    assert err.field == "game" and "chess" in str(err)
    bad = dict(midgame)
    del bad["game"]
    assert refused(bad).field == "game"


def test_players_mismatch(midgame: dict[str, Any]) -> None:
    assert refused(midgame, players=2).field == "players"
    assert refused(dict(midgame, players=4)).field == "players"


def test_variant_and_solo_mismatch(midgame: dict[str, Any]) -> None:
    assert refused(midgame, variant=True).field == "variant"
    assert refused(dict(midgame, solo=True)).field == "solo"


def test_unknown_top_level_key(midgame: dict[str, Any]) -> None:
    err = refused(dict(midgame, colour="blue"))
    assert err.field == "position.colour" and "unknown" in str(err)


def test_unknown_nested_keys(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    bad["grounds"][1]["flip"] = True
    assert refused(bad).field == "grounds[1].flip"
    bad = copy.deepcopy(midgame)
    bad["turn"]["pool"] = None
    assert refused(bad).field == "turn.pool"
    bad = copy.deepcopy(midgame)
    bad["journals"][2]["white"] = 0
    assert refused(bad).field == "journals[2].white"


@pytest.mark.parametrize("rotation", [45, 360, -90, "90", None, True, 1])
def test_bad_rotation(midgame: dict[str, Any], rotation: Any) -> None:
    bad = copy.deepcopy(midgame)
    bad["grounds"][0]["rotation"] = rotation
    err = refused(bad)
    assert err.field == "grounds[0].rotation"


def test_missing_grounds_field(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    del bad["grounds"][4]["y"]
    assert refused(bad).field == "grounds[4].y"


def test_phase_with_no_decision(midgame: dict[str, Any]) -> None:
    place = a_position(3, False, 2, lambda p: p["stage"] == R.PLAY and p["phase"] == R.PLACE)
    bad = copy.deepcopy(place)
    active = bad["active"]
    bad["pile"] = sorted(bad["pile"] + bad["hands"][active])
    bad["hands"][active] = []  # nothing to place
    err = refused(bad)
    assert err.field == "phase" and "nothing can be chosen" in str(err)
    bad = copy.deepcopy(midgame)
    bad["phase"], bad["turn"] = R.NUDGE, {}
    for colour in COLOURS:  # every token on its last space or mastered: nothing to nudge
        if bad["journals"][bad["active"]][colour] is not None:
            bad["journals"][bad["active"]][colour] = 5
    assert refused(bad).field == "phase"


def test_phase_of_another_mode(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    bad["phase"], bad["turn"] = R.STOCK, {}
    assert refused(bad).field == "phase"  # only the solo game has a stock
    bad["phase"] = R.ENSO_FROM
    bad["turn"] = {"pending": {"gate": False, "from": bad["monks"][bad["active"]], "to": [0, 0], "payment": "free"}}
    assert refused(bad).field in ("phase", "turn.pending")  # the variant only
    bad = copy.deepcopy(midgame)
    bad["phase"] = "dance"
    assert refused(bad).field == "phase"


def test_turn_of_the_wrong_player(midgame: dict[str, Any]) -> None:
    bad = copy.deepcopy(midgame)
    bad["to_move"] = (bad["active"] + 1) % 3
    assert refused(bad).field == "to_move"
    bad["active"] = 3
    assert refused(bad).field == "active"


def test_observed_position_with_too_many_hidden_tiles(midgame: dict[str, Any]) -> None:
    seen = load(3, False).state_from_json(midgame).to_json(observer=0)
    seen["hands"][1] = len(seen["unseen"]) + 1
    assert refused(seen).field == "hands[1]"  # more than a hand holds
    seen = load(3, False).state_from_json(midgame).to_json(observer=0)
    seen["pile"] = []
    assert refused(seen).field == "unseen"


# -- impossible positions found by the corruption test ---------------------------------------------


@pytest.mark.parametrize("degrees", [0.0, 90.0, 180.0, 270.0])
def test_float_rotation_is_refused(midgame: dict[str, Any], degrees: float) -> None:
    bad = copy.deepcopy(midgame)
    bad["grounds"][0]["rotation"] = degrees
    err = refused(bad)
    assert err.field == "grounds[0].rotation"


@pytest.mark.parametrize("stage", [R.INITIATION, R.PLAY])
def test_no_placement_left_in_phase_place(stage: str) -> None:
    pos = a_position(3, True, 1, lambda p: p["stage"] == stage and p["phase"] == R.PLACE)
    pos["turn"]["places_left"] = 0
    assert refused(pos, 3, True).field == "turn.places_left"


def test_no_placement_left_after_the_first_draw() -> None:
    # Solo, random game seed 10, step 0: the first initiation draw, with places_left set to 0.
    pos = json.loads(game_positions(1, False, 10)[0])
    assert pos["phase"] == R.DRAW and pos["turn"]["then"] == R.THEN_PLACE and not pos["grounds"]
    pos["turn"]["places_left"] = 0
    assert refused(pos, 1).field == "turn.places_left"


def test_initiation_draw_then_move() -> None:
    pos = a_position(3, True, 1, lambda p: p["stage"] == R.INITIATION and p["phase"] == R.DRAW)
    pos["turn"] = {"drawer": pos["turn"]["drawer"], "draws_left": pos["turn"]["draws_left"], "then": R.THEN_MOVE}
    assert refused(pos, 3, True).field == "turn.then"


def test_hidden_hand_to_place_is_dealt_so_that_it_fits() -> None:
    # 2 players, random game seed 9717916, step 5: player 0 places an initiation tile; player 1 sees.
    # Most deals of player 0's hidden tile fit nowhere: the reader must deal one that fits.
    game = load(2, False)
    state = game.new_initial_state()
    rng = random.Random(9717916)
    for _ in range(5):
        state.apply_action(random_step(state, rng))
    assert state.to_json()["phase"] == R.PLACE and state.to_json()["active"] == 0
    seen = state.to_json(observer=1)
    for deal in range(4):
        assert game.state_from_json(seen, seed=deal).to_json(observer=1) == seen


@pytest.mark.parametrize(
    ("players", "stage", "phase"),
    [(1, R.PLAY, R.STOCK), (3, R.PLAY, R.MASTER), (3, R.PLAY, R.NUDGE), (3, R.INITIATION, R.PLACE)],
)
def test_collected_tokens_outside_the_movement(players: int, stage: str, phase: str) -> None:
    pos = a_position(players, False, 0, lambda p: p["stage"] == stage and p["phase"] == phase)
    pos["supply"]["blue"] -= 1
    pos["collected"]["blue"] += 1  # still 3 blue tokens in all
    assert refused(pos, players).field == "collected"


def test_placing_draw_by_another_player() -> None:
    # 4 players, variant, random game seed 5, step 0 (the first initiation draw), drawer set to 2.
    pos = json.loads(game_positions(4, True, 5)[0])
    assert pos["phase"] == R.DRAW and pos["active"] == 0 and pos["turn"]["then"] == R.THEN_PLACE
    pos["turn"]["drawer"] = 2
    assert refused(pos, 4, True).field == "turn.drawer"


def test_stock_phase_with_an_empty_stock() -> None:
    pos = a_position(1, False, 0, lambda p: p["phase"] == R.STOCK)
    pos["enso_removed"] += pos["stock"]
    pos["stock"] = 0  # the Ensō tokens still add up
    assert refused(pos, 1).field == "stock"


def test_multiplayer_end_without_winners() -> None:
    pos = json.loads(game_positions(3, False, 0)[-1])
    assert pos["phase"] == R.OVER and pos["winners"]
    pos["winners"] = []
    assert refused(pos, 3).field == "winners"


@pytest.mark.parametrize("phase", [R.RELOCATE, R.ENSO_FROM])
def test_pending_move_onto_a_monk(phase: str) -> None:
    # 2 players, variant, random game seed 0: the first such phase; player 1's monk moved onto the
    # declared destination.
    pos = a_position(2, True, 0, lambda p: p["phase"] == phase and p["turn"]["pending"]["to"] not in p["monks"])
    pos["monks"][1 - pos["active"]] = pos["turn"]["pending"]["to"]
    assert refused(pos, 2, True).field == "turn.pending.to"


def test_no_journal_is_mastered_during_the_initiation() -> None:
    # initiation symbols stop at space 4 (docs/rules/godo.md): a mastered track there is impossible
    game = solver.load_game("godo", players=2)
    state = game.new_initial_state()
    while not (state.stage == R.INITIATION and state.phase == R.PLACE and state.active == 1):
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    position = state.to_json()
    game.state_from_json(position)
    position["journals"][0]["red"] = 5
    with pytest.raises(PositionError, match=r"^journals\[0\]\.red: initiation symbols stop at space 4"):
        game.state_from_json(position)
