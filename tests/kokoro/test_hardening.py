"""Kokoro positions and packs against hostile input (issue 11, classes 1 and 2).

1. Untrusted JSON: every leaf of a real position (seeded random games, 1-4 players, both sides,
   every decree) or of the reference pack, given a value of the wrong kind (a float equal to the
   integer, a bool, a number beyond 64 bits, an unpaired surrogate, a Unicode digit or letter in a
   label, nesting 40 deep), is refused with ``PositionError`` / ``PackError`` naming that leaf.
   The same through pack files and the pack script's ``--check``.
2. Impossible positions: one field changed to a value of the right kind that contradicts another
   (counts against the deck, paths against the cards answered, peeks against who saw, boxes
   against the mats, the decree against the paths...) is refused naming the field, or else the
   state round-trips and plays to the end on the reference engine and the numba kernel alike.
   A pack that validates, random or corrupted, plays random games on numba.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solver
from solver import PackError, PositionError
from solver.core.play import random_step
from solver.core.strict_json import join
from solver.games.kokoro.pack import DIE_FACES, GUARDIANS, REFERENCE_PACK, load_pack
from tests.kokoro.builders import OPTIONS, PEEK, card, draw, make_pack, run, sanctuary, turn
from tests.kokoro.test_pack import script  # noqa: F401 (fixture)
from tests.kokoro.test_positions import game_positions, load, midgame

FAST = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])  # fmt: skip


def deep(levels: int) -> list:
    nested: list = []
    for _ in range(levels):
        nested = [nested]
    return nested


def leaves(node: Any, path: tuple = ()) -> list[tuple]:
    """The paths to every value that is not an array or object (and to every empty one)."""
    if type(node) is dict:
        children = node.items()
    else:
        children = enumerate(node) if type(node) is list else ()
    found = [leaf for key, child in children for leaf in leaves(child, (*path, key))]
    return found or [path]


def field_of(path: tuple) -> str:
    return functools.reduce(join, path, "")


def get(obj: Any, path: tuple) -> Any:
    return functools.reduce(lambda node, key: node[key], path, obj)


def replaced(obj: Any, path: tuple, value: Any) -> Any:
    out = copy.deepcopy(obj)
    get(out, path[:-1])[path[-1]] = value
    return out


def wrong_kinds(value: Any, label: bool = True) -> list[Any]:
    """Values no leaf holding ``value`` may take: another JSON kind, past 64 bits, not Unicode, and
    for a ``label`` (a name from a fixed list) a look-alike letter or digit."""
    out = [2**63, -(2**63) - 1, "\ud800", deep(40)]
    if type(value) is int:
        out += [float(value), value == 0, str(value), None]
    elif type(value) is str:
        out += [1.0, True, value + "\udc00"] + (["Ａ", "3²", "٣"] if label else [])
    elif type(value) is bool:
        out += [int(value), float(value), "true", None]
    elif value is None:
        out += [0.0, False, "x"]
    return out


def refused(error: type, read: Any, obj: Any, path: tuple) -> None:
    """``read(obj)`` raises ``error`` naming ``path`` (or a member inside it, for deep nesting)."""
    with pytest.raises(error) as info:
        read(obj)
    value, field = get(obj, path), field_of(path)
    if isinstance(value, list) and value:
        assert info.value.field.startswith(field) and "nested" in str(info.value), info.value
    else:
        assert info.value.field == field, f"{repr(value)[:60]} at {field}: {info.value}"


# -- positions: values of the wrong kind ----------------------------------------------------------

POSITION = dict(players=st.integers(1, 4), option=st.integers(0, len(OPTIONS) - 1),
                seed=st.integers(0, 2), where=st.floats(0, 1), pick=st.integers(0, 10**6))  # fmt: skip


def some_position(players: int, option: int, seed: int, where: float) -> dict:
    texts, _ = game_positions(players, option, seed)
    return json.loads(texts[int(where * (len(texts) - 1))])


@FAST
@given(**POSITION)
def test_a_value_of_the_wrong_kind_anywhere_in_a_position_is_refused_naming_it(
    players: int, option: int, seed: int, where: float, pick: int
) -> None:
    game = load(players, *OPTIONS[option])
    pos = some_position(players, option, seed, where)
    rng = random.Random(pick)
    path = rng.choice(leaves(pos))
    for value in wrong_kinds(get(pos, path)):
        refused(PositionError, game.state_from_json, replaced(pos, path, value), path)


def test_every_leaf_of_a_mid_game_position_refuses_every_wrong_kind() -> None:
    pos = midgame()
    for path in leaves(pos):
        for value in wrong_kinds(get(pos, path)):
            refused(PositionError, load(2).state_from_json, replaced(pos, path, value), path)


@pytest.mark.parametrize("char", ["³", "３", "٣", "x", " ", "0", "7"])
def test_a_path_row_refuses_any_character_but_a_segment_or_a_dot(char: str) -> None:
    pos = midgame()
    pos["mats"][1]["paths"][4] = "..." + char + ".."
    with pytest.raises(PositionError) as info:
        load(2).state_from_json(pos)
    assert info.value.field == "mats[1].paths[4][3]"


def test_a_position_built_in_python_is_as_strict_as_a_file() -> None:
    pos = midgame()
    for path, value in [
        (("guardians", "lady"), (1, 1)),
        (("guardians",), {1: 2}),
        (("to_move",), np.int64(1)),
    ]:
        refused(PositionError, load(2).state_from_json, replaced(pos, path, value), path)
    for top in ([], "kokoro", None, 7, {1: 2}, object()):
        with pytest.raises(PositionError) as info:
            load(2).state_from_json(top)
        assert info.value.field == "position"


# -- positions: values that contradict another field -------------------------------------------


def changed(pos: dict, *changes: tuple[tuple, Any]) -> dict:
    for path, value in changes:
        pos = replaced(pos, path, value)
    return pos


def _peeked_before_this_round() -> dict:
    """Solo, round 2: its first card to answer; the card peeked at in round 1 is revealed."""
    game = load(1)
    state = run(game.new_initial_state(), sanctuary("A"))
    turn(game, state, 1, True, (5, 1))
    turn(game, state, 2, True, PEEK, top="B")
    turn(game, state, 3, True, (5, 3))
    turn(game, state, 4, True, (5, 5))
    run(state, card(5, True))
    pos = state.to_json()
    assert pos["sanctuaries"] == ["A", "B"] and pos["next_sanctuary"] is None
    return pos


def _scored_round() -> dict:
    """Solo, between rounds 1 and 2: sanctuary A joined to 3 features (box 3), nobody peeked."""
    game = load(1)
    state = run(game.new_initial_state(), sanctuary("A"))
    for col in (3, 4, 5):
        turn(game, state, 5, False, (1, col))
    for segment in (1, 2, 3, 4):
        turn(game, state, segment, True, (6, segment))
    pos = state.to_json()
    assert pos["phase"] == "sanctuary" and pos["mats"][0]["boxes"] == [3]
    return pos


def _last_card_of_a_small_deck() -> tuple[Any, dict]:
    """Solo on a 5-card deck: the last card, golden, is being answered (3 golden this round)."""
    pack = make_pack(counts={(1, True): 3, (2, False): 2})
    game = solver.load_game("kokoro", players=1, pack=pack)
    state = run(game.new_initial_state(), sanctuary("A"))
    for golden in (False, False, True, True):
        turn(game, state, 2 - golden, golden, PEEK, top="B")
    run(state, card(1, True))
    pos = state.to_json()
    assert pos["golden"] == 3 and not any(pos["deck"]["golden"] + pos["deck"]["plain"])
    return game, pos


def _closed_forest() -> tuple[Any, dict]:
    """Solo under closed_forest: a ┌ drawn at row 2, column 2, another ┌ to answer."""
    game = load(1, decree="closed_forest")
    state = run(game.new_initial_state(), sanctuary("A"), card(3), draw(game, 2, 2), card(3))
    return game, state.to_json()


@functools.cache
def cases() -> dict[str, tuple[Any, dict, dict, str]]:
    """Positions contradicting themselves: (game, a reachable position, the same with one field
    changed, the field to name)."""
    two, mid = load(2), midgame()
    solo, early, scored = load(1), _peeked_before_this_round(), _scored_round()
    small, last = _last_card_of_a_small_deck()
    forest, edge = _closed_forest()
    pink, roll = load(1, side="pink"), load(1, side="pink").new_initial_state().to_json()
    paths = ("mats", 0, "paths")
    return {
        "the die rolls on the blue side": (two, mid, {**mid, "phase": "roll"}, "phase"),
        "the card being answered never left the deck": (
            two, mid, changed(mid, (("path_card", "golden"), False)), "path_card"),
        "a peeker listed twice": (
            two, mid, changed(mid, (("next_sanctuary", "seen_by"), [0, 0])), "next_sanctuary.seen_by[1]"),
        "a peeker who drew on every card answered": (
            two, mid, changed(mid, ((*paths, 0), "......"), ((*paths, 6), "555564")), "next_sanctuary.seen_by[0]"),
        "a peeker who answered nothing this round": (
            solo, early, {**early, "next_sanctuary": {"card": "C", "seen_by": [0]}}, "next_sanctuary.seen_by[0]"),
        "a box above what its sanctuary is joined to": (
            two, mid, changed(mid, (("mats", 0, "boxes"), [1])), "mats[0].boxes[0]"),
        "the last box below what the mat scores": (
            solo, scored, changed(scored, (("mats", 0, "boxes"), [2])), "mats[0].boxes[0]"),
        "the last box at 0 though the mat scores": (
            solo, scored, changed(scored, (("mats", 0, "boxes"), [0])), "mats[0].boxes[0]"),
        "more golden cards this round than left the deck": (small, last, {**last, "golden": 4}, "deck"),
        "cards out of the deck before the first round": (
            pink, roll, changed(roll, (("deck", "plain", 2), 2)), "deck"),
        "a segment where the decree forbids it": (
            forest, edge, changed(edge, ((*paths, 1), "......"), ((*paths, 0), ".....3")), "mats[0].paths[0][5]"),
        "the player count as a float": (two, mid, {**mid, "players": 2.0}, "players"),
        "a score as a float": (two, mid, changed(mid, (("mats", 1, "score"), -5.0)), "mats[1].score"),
    }  # fmt: skip


@pytest.mark.parametrize("name", sorted(cases()))
def test_a_position_contradicting_itself_is_refused_naming_the_field(name: str) -> None:
    game, good, bad, field = cases()[name]
    assert game.state_from_json(copy.deepcopy(good)).to_json() == good
    with pytest.raises(PositionError) as info:
        game.state_from_json(copy.deepcopy(bad))
    assert info.value.field == field, f"{name}: {info.value}"


def contradictions(value: Any, rng: random.Random) -> list[Any]:
    """Values of the right kind that may contradict the rest of the position."""
    if type(value) is bool:
        return [not value]
    if type(value) is int:
        return [value + 1, value - 1, rng.randrange(-1, 12), 2**63 - 1]
    if type(value) is str and value and set(value) <= set(".123456"):
        i = rng.randrange(len(value))
        return [value[:i] + rng.choice(".123456") + value[i + 1 :]]
    if type(value) is str:
        return [rng.choice([*"ABCDEF", "roll", "path", "choose", "peek", "over", "blue", "pink"])]
    return [None, {}, []]


def plays_alike_to_the_end(pos: dict, players: int, option: int, seed: int) -> None:
    """The position reads the same on both backends, round-trips, and plays to the end alike."""
    side, decree = OPTIONS[option]
    ref = load(players, side, decree).state_from_json(pos)
    assert load(players, side, decree).state_from_json(ref.to_json()).to_json() == ref.to_json()
    fast = numba_game(players, side, decree).state_from_json(pos)
    assert fast.to_json() == ref.to_json()
    rng = random.Random(seed)
    while not ref.is_terminal():
        assert fast.legal_actions() == ref.legal_actions()
        action = random_step(ref, rng)
        ref.apply_action(action)
        fast.apply_action(action)
    assert fast.is_terminal() and fast.returns() == pytest.approx(ref.returns())


@functools.cache
def numba_game(players: int, side: str, decree: str | None) -> Any:
    return solver.load_game("kokoro", players=players, side=side, decree=decree, backend="numba")


@FAST
@given(**POSITION)
def test_a_contradicting_value_is_refused_or_plays_to_the_end_on_both_backends(
    players: int, option: int, seed: int, where: float, pick: int
) -> None:
    pos = some_position(players, option, seed, where)
    rng = random.Random(pick)
    path = rng.choice(leaves(pos))
    bad = replaced(pos, path, rng.choice(contradictions(get(pos, path), rng)))
    try:
        load(players, *OPTIONS[option]).state_from_json(copy.deepcopy(bad))
    except PositionError as error:
        assert error.field and str(error).startswith(error.field + ": ")
        return
    plays_alike_to_the_end(bad, players, option, pick)


# -- packs -----------------------------------------------------------------------------------------


@functools.cache
def reference() -> dict:
    return json.loads(REFERENCE_PACK.read_text(encoding="utf-8"))


@FAST
@given(pick=st.integers(0, 10**6))
def test_a_value_of_the_wrong_kind_anywhere_in_a_pack_is_refused_naming_it(pick: int) -> None:
    pack = reference()
    path = random.Random(pick).choice(leaves(pack))
    for value in wrong_kinds(get(pack, path), label=path[-1] in ("sanctuary", "guardian")):
        if value is not None:  # an optional space key given as null is left out
            refused(PackError, load_pack, replaced(pack, path, value), path)


BLUE, PINK = ("mats", "blue", "spaces"), ("mats", "pink", "spaces")


@pytest.mark.parametrize(
    "path",
    [("name",), ("description",), ("design", 2), (*BLUE, 0, 0, "guardian"), (*BLUE, 0, 3, "sanctuary"),
     (*PINK, 0, 0, "die"), (*BLUE, 0, 2, "caterpillars"), ("deck", 7, "segment"), ("deck", 7, "golden")],
)  # fmt: skip
def test_each_kind_of_pack_field_refuses_every_wrong_kind(path: tuple) -> None:
    for value in wrong_kinds(get(reference(), path), label=path[-1] in ("sanctuary", "guardian")):
        if value is not None:  # an optional space key given as null is left out
            refused(PackError, load_pack, replaced(reference(), path, value), path)
    with pytest.raises(PackError) as info:
        solver.load_game("kokoro", pack=replaced(reference(), path, 40.0))
    assert info.value.field == field_of(path)


@pytest.mark.parametrize(
    "old, new, field",
    [('"segment": 1,', '"segment": 1.0,', "deck[0].segment"),
     ('"segment": 1,', '"segment": 1e999,', "deck[0].segment"),
     ('"segment": 1,', '"segment": ' + "1" * 5000 + ",", "deck[0].segment"),
     ('"name": "reference"', '"name": "\\ud800"', "name"),
     ('"sanctuary": "A"', '"sanctuary": "\\uff21"', "mats.blue.spaces[0][3].sanctuary"),
     ('"die": 1}', '"die": 1, "die": 2}', "pack"),
     ('"deck": [', '"deck": ' + "[" * 100_000, "pack")],
    ids=["float", "infinite", "5000 digits", "surrogate", "fullwidth A", "key twice", "deep"],
)  # fmt: skip
def test_a_hostile_pack_file_is_refused_naming_the_field(
    tmp_path: Path, old: str, new: str, field: str
) -> None:
    text = REFERENCE_PACK.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "pack.json"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(PackError) as info:
        load_pack(path)
    assert info.value.field == field, info.value


def test_the_pack_script_check_reads_the_file_strictly(
    script: Any, tmp_path: Path, capsys: Any  # noqa: F811 (the fixture)
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert script.main(["--check", "--output", str(fifo)]) == 1
    assert "not a regular file" in capsys.readouterr().err
    twice = tmp_path / "twice.json"
    text = REFERENCE_PACK.read_text(encoding="utf-8")
    twice.write_text(text.replace('"name": "reference"', '"name": "reference", "name": "x"'))
    assert script.main(["--check", "--output", str(twice)]) == 1
    assert "given twice" in capsys.readouterr().err


@st.composite
def valid_packs(draw_: Any) -> dict:
    """A valid pack: mats of 16 to 63 spaces, features but on sanctuaries, 1 to 60 path cards."""
    columns = draw_(st.integers(2, 8))
    rows = draw_(st.integers(-(-16 // columns), 63 // columns))
    n = rows * columns
    mats = {}
    for side in ("blue", "pink"):
        order = draw_(st.permutations(range(n)))
        spaces = [{} for _ in range(n)]
        for i in range(n):
            for key in ("caterpillars", "flowers"):
                if draw_(st.booleans()):
                    spaces[i][key] = draw_(st.integers(0, 7))
        for letter, i in zip("ABCDEF", order):
            spaces[i] = {"sanctuary": letter}
        if side == "blue":
            marks = [("guardian", guardian) for guardian in GUARDIANS]
        else:
            marks = [("die", face) for face in range(1, DIE_FACES + 1)]
        for (key, value), i in zip(marks, order[6:]):
            spaces[i][key] = value
        mats[side] = {"spaces": [spaces[r * columns : (r + 1) * columns] for r in range(rows)]}
    card_ = st.fixed_dictionaries({"segment": st.integers(1, 6), "golden": st.booleans()})
    deck = draw_(st.lists(card_, min_size=1, max_size=60))
    return {"name": "random", "mats": mats, "deck": deck}


def plays_on_numba(pack: dict, players: int, seed: int) -> None:
    for side, decree in OPTIONS:
        options = {"side": side, "decree": decree, "pack": pack, "backend": "numba"}
        game = solver.load_game("kokoro", players=players, **options)
        steps, results = solver.random_playouts(game, 20, seed=seed)
        assert steps.min() > 0 and results.shape == (20, players)
        assert np.all((results >= 0) & (results <= 1))


@FAST
@given(pack=valid_packs(), players=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_a_random_valid_pack_plays_random_games_on_numba(
    pack: dict, players: int, seed: int
) -> None:
    plays_on_numba(pack, players, seed)


@FAST
@given(pack=valid_packs(), pick=st.integers(0, 10**6), players=st.integers(1, 4))
def test_a_corrupted_pack_is_refused_naming_a_field_or_plays_on_numba(
    pack: dict, pick: int, players: int
) -> None:
    rng = random.Random(pick)
    path = rng.choice(leaves(pack))
    values = [*contradictions(get(pack, path), rng), 0, 8, 11, "G", "lion"]
    bad = replaced(pack, path, rng.choice(values))
    try:
        load_pack(bad)
    except PackError as error:
        assert error.field and str(error).startswith(error.field + ": ")
        return
    plays_on_numba(bad, players, pick)
