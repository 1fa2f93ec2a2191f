"""Go Goa hardening (issue 11, classes 1 and 2): no position or pack, however broken, reaches a
traceback, and no impossible position is accepted.

* Positions of seeded random games with one field replaced by a value of the wrong kind (a float
  equal to an integer, a bool, a number beyond 64 bits, an unpaired surrogate, a label with
  non-ASCII digits, nesting 40 deep): a ``PositionError`` naming that very field.
* The same positions with one field left out or replaced by a plausible value (the cards aside):
  a ``PositionError``, or a state that reads back to itself and plays to the end on the reference
  engine and the numba kernel in lockstep.
* Positions that contradict themselves (a day-1 sheet far from Start Here, a souvenir out of reach,
  a guide spent on the day it was unlocked, a card twice...): a ``PositionError`` naming the field.
* Packs: a wrong kind in any field is a ``PackError`` naming it (the issue's ``"points": 40.0``
  used to crash the kernel); a pack changed plausibly either is refused or plays on numba.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver import PackError, PositionError
from solver.core.play import random_step
from solver.core.strict_json import join
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa import rules as R
from solver.games.gogoa.pack import REFERENCE_PACK, load_pack
from tests.gogoa.builders import pack_dict
from tests.gogoa.test_pack import SCRIPT, script  # noqa: F401  (the script module, a fixture)
from tests.gogoa.test_positions import FUZZ, game_positions


def nested(depth: int) -> list:
    """A list nested ``depth`` deep, built without recursion."""
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


WRONG_KIND = {
    int: lambda x: [float(x), x == 1, 1 << 64, -(1 << 63) - 1, 10**5000, str(x), nested(40)],
    str: lambda x: ["\ud800", x + "\udfff", 3.0, nested(40)],
    type(None): lambda x: [1.0, True, "\ud800", nested(40)],
}
"""For a value of each kind, values of the wrong kind to put in its place."""
NOT_LABELS = ["G²", "C٦", "Ｆ7"]
"""Strings a position cannot hold anywhere (its strings are labels, names and keywords): ``"C٦"``
passes ``str.isdigit`` and was read as C6."""


@functools.cache
def game(players: int, backend: str = "reference") -> Any:
    return solver.load_game("gogoa", players=players, backend=backend)


def leaves(value: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Every scalar of a JSON value: its path (as errors name it), its container and its key."""
    found = []
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        where = join(path, key)
        if isinstance(item, (dict, list)):
            found += leaves(item, where)
        else:
            found.append((where, value, key))
    return found


def some_position(players: int, seed: int, step: int, observed: bool) -> dict[str, Any]:
    """A position of a seeded random game, in full or as the player to move (or seat 0) sees it."""
    texts = game_positions(players, seed % 3)
    obj = json.loads(texts[step % len(texts)])
    if observed:
        state = game(players).state_from_json(obj)
        obj = json.loads(json.dumps(state.to_json(max(state.current_player(), 0))))
    return obj


def refused(obj: Any, players: int, backend: str = "reference") -> PositionError:
    with pytest.raises(PositionError) as info:
        game(players, backend).state_from_json(obj)
    assert str(info.value).startswith(f"{info.value.field}: ")
    return info.value


# -- 1. a field of the wrong kind ------------------------------------------------------------------


@settings(FUZZ, max_examples=60)
@given(players=st.integers(1, 6), seed=st.integers(0, 10**6), step=st.integers(0, 400),
       observed=st.booleans(), data=st.data())  # fmt: skip
def test_a_field_of_the_wrong_kind_is_refused_by_its_path(
    players: int, seed: int, step: int, observed: bool, data: Any
) -> None:
    obj = some_position(players, seed, step, observed)
    path, container, key = data.draw(st.sampled_from(leaves(obj)))
    value = container[key]
    container[key] = data.draw(
        st.sampled_from(WRONG_KIND[type(value)](value) + (NOT_LABELS if type(value) is str else []))
    )
    error = refused(obj, players)
    assert error.field == path or error.field.startswith(path + "["), (path, str(error))


def test_the_issues_untrusted_values_are_refused_on_both_backends() -> None:
    obj = some_position(2, 1, 60, False)
    for backend in ("reference", "numba"):
        for change, field in [
            (lambda o: o["sheets"][0].update(position="G²"), "sheets[0].position"),
            (lambda o: o["sheets"][0].update(position="C٦"), "sheets[0].position"),  # read as C6
            (lambda o: o.update(day=10**5000), "day"),
            (lambda o: o["sheets"][1].update(visited=nested(100_000)), "sheets[1].visited"),
            (lambda o: o["sheets"][1].update(position="\ud800"), "sheets[1].position"),
            (lambda o: o.update(players=2.0), "players"),
        ]:
            bad = copy.deepcopy(obj)
            change(bad)
            assert refused(bad, 2, backend).field.startswith(field)
    with pytest.raises(PositionError, match=r"^position: expected an object"):
        game(1).state_from_json([obj])


# -- 2. a plausible value: refused, or a position that plays ---------------------------------------

REFERENCE = load_pack()
PLACES = sorted({REFERENCE.name_of(h) for h in REFERENCE.land})
KEYWORDS = (R.PHASES, (R.LOCKED, R.UNLOCKED, R.USED), PLACES)
"""The strings of a position, by kind: a plausible change swaps one for another of its kind."""


def plausible(value: Any, data: Any) -> Any:
    """A value of the same kind: an integer 1 or 2 away, another phase, status or place."""
    if type(value) is int:
        return value + data.draw(st.sampled_from([-2, -1, 1, 2]))
    if type(value) is str:
        return data.draw(st.sampled_from(next((k for k in KEYWORDS if value in k), ["other"])))
    return data.draw(st.sampled_from([0, 1, 4, "Colva"]))


def lockstep(players: int, obj: dict[str, Any], seed: int) -> None:
    """The position reads back to itself and plays to the end alike on both backends."""
    ref = game(players).state_from_json(obj, seed=seed)
    written = json.loads(json.dumps(ref.to_json()))
    assert game(players).state_from_json(written).to_json() == written
    ker = game(players, "numba").state_from_json(obj, seed=seed)
    assert ker.to_json() == written
    rng = random.Random(seed)
    while not ref.is_terminal():
        assert ker.legal_actions() == ref.legal_actions()
        action = random_step(ref, rng)
        ref.apply_action(action)
        ker.apply_action(action)
    assert ker.is_terminal() and ker.returns() == ref.returns()


@settings(FUZZ, max_examples=40)
@given(players=st.integers(1, 6), seed=st.integers(0, 10**6), step=st.integers(0, 400),
       observed=st.booleans(), data=st.data())  # fmt: skip
def test_a_plausible_change_is_refused_or_plays_to_the_end_on_both_backends(
    players: int, seed: int, step: int, observed: bool, data: Any
) -> None:
    obj = some_position(players, seed, step, observed)
    found = [leaf for leaf in leaves(obj) if not leaf[0].startswith(("decks", "unseen"))]
    _, container, key = data.draw(st.sampled_from(found))
    if isinstance(container, dict) and data.draw(st.booleans()):
        del container[key]  # typed at the table: a field left out
    else:
        container[key] = plausible(container[key], data)
    try:
        game(players).state_from_json(obj, seed=seed)
    except PositionError as error:
        assert str(error).startswith(f"{error.field}: ")
        return
    lockstep(players, obj, seed)


# -- 3. positions that contradict themselves -------------------------------------------------------


def typed(phase: str, day: int, *sheets: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A position typed at the table on the reference map (plans 0 and 12 kept, 1 and 13, ...)."""
    typed_sheets = [dict({"plans": [p, 12 + p]}, **s) for p, s in enumerate(sheets)]
    return {"game": "gogoa", "players": len(sheets), "phase": phase, "day": day, **more,
            "sheets": typed_sheets}  # fmt: skip


AT_START = {"position": "Start Here"}
PALOLEM = {"position": "Palolem", "visited": ["Palolem"]}  # 11 steps from Start Here
OUT_OF_THE_WAY = {"position": "Calangute", "visited": ["Calangute", "Palolem"]}  # Calangute: 1
SPENT = {"position": "Calangute", "visited": ["Calangute"], "guides": {"Calangute": "used"}}
MOVING = {"to_move": 1, "dice": [1, 2, 3], "reserved": 2}  # player 0 has moved today
CASES = [
    # A day-1 sheet far from Start Here (a route is at most 6 steps): a destination, a hex.
    (typed("roll", 2, PALOLEM), "sheets[0].position", typed("roll", 3, PALOLEM)),
    (typed("move", 1, {"position": "I14"}, AT_START, **MOVING), "sheets[0].position",
     typed("move", 1, {"position": "E2"}, AT_START, **MOVING)),
    (typed("move", 1, AT_START, {"position": "C7"}, **MOVING), "sheets[1].position", None),
    # A souvenir out of the way to where the sheet is.
    (typed("roll", 3, OUT_OF_THE_WAY), "sheets[0].visited[1]", typed("roll", 5, OUT_OF_THE_WAY)),
    # A guide spent with no route after its beach was reached.
    (typed("roll", 2, SPENT), "sheets[0].guides.Calangute", typed("roll", 3, SPENT)),
    (typed("roll", 3, dict(PALOLEM, guides={"Palolem": "used"})), "sheets[0].guides.Palolem",
     typed("roll", 4, dict(PALOLEM, guides={"Palolem": "used"}))),
    # Cards: twice in one sheet, twice across sheets, both decks and unseen given.
    (typed("roll", 1, dict(AT_START, plans=[3, 3])), "sheets[0].plans[1]", None),
    (typed("roll", 1, AT_START, dict(AT_START, plans=[0, 13])), "sheets[1].plans[0]", None),
    (typed("roll", 1, AT_START, decks={"40": []}, unseen={"40": []}), "unseen", None),
    # Dice and the reserved die; numbers of the wrong kind that compare equal.
    (typed("move", 1, AT_START, to_move=0, dice=[1, 2, 7], reserved=2), "dice[2]", None),
    (typed("move", 1, AT_START, to_move=0, dice=[1, 2, 3], reserved=4), "reserved", None),
    (typed("roll", 1, AT_START, reserved=4), "reserved", None),
    (typed("move", 1, AT_START, to_move=0, dice=[1, 2, 3], reserved=2.0), "reserved", None),
    (typed("roll", 1, AT_START, starter=0.0), "starter", None),
    (typed("roll", 1, dict(AT_START, day=1.0)), "sheets[0].day", None),
]
"""(position, the field it is refused by, the same position made possible or None)."""


@pytest.mark.parametrize("obj,field,fixed", CASES)
def test_contradictions_are_refused_by_name(obj: dict, field: str, fixed: dict | None) -> None:
    """Each case names its field; the position made possible reads and plays on both backends."""
    assert refused(obj, len(obj["sheets"])).field == field
    if fixed is not None:
        lockstep(len(fixed["sheets"]), fixed, seed=1)


def test_a_trip_over_with_winners_of_the_wrong_kind_is_refused() -> None:
    obj = json.loads(game_positions(2, 0)[-1])
    assert obj["phase"] == "over"
    assert refused(dict(obj, winners=[float(w) for w in obj["winners"]]), 2).field == "winners[0]"
    assert refused(dict(obj, winners=[1 - w for w in obj["winners"]] or [0]), 2).field == "winners"


def test_a_souvenir_no_land_leads_to_is_refused_on_any_day() -> None:
    """On a map where the beaches lie off the strip of land of Start Here, no day reaches them."""
    strip = pack_dict(land={f"F{r}" for r in range(1, 17)})
    game = solver.load_game("gogoa", players=1, pack=strip)
    obj = {"game": "gogoa", "players": 1, "phase": "roll", "day": 12,
           "sheets": [{"position": "F8", "visited": ["Calangute"], "plans": [0, 12]}]}  # fmt: skip
    with pytest.raises(PositionError, match=r"^sheets\[0\]\.visited\[0\]: Calangute and then"):
        game.state_from_json(obj)


# -- 4. packs --------------------------------------------------------------------------------------


@functools.cache
def reference_text() -> str:
    return REFERENCE_PACK.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", ["plans[0].points", "plans[5].id", "width", "height"])
def test_floats_equal_to_integers_are_refused_before_the_kernel(path: str) -> None:
    """The issue's ``"points": 40.0`` passed validation, then crashed the numba kernel."""
    obj = json.loads(reference_text())
    container, key = next((c, k) for where, c, k in leaves(obj) if where == path)
    container[key] = float(container[key])
    with pytest.raises(PackError, match=rf"^{re.escape(path)}: expected .*, got \d+\.0"):
        solver.load_game("gogoa", players=1, pack=obj, backend="numba")


@settings(FUZZ, max_examples=60)
@given(data=st.data())
def test_a_pack_field_of_the_wrong_kind_is_refused_by_its_path(data: Any) -> None:
    obj = json.loads(reference_text())
    kind = data.draw(st.sampled_from([int, str]))  # a few integer fields among many strings
    found = [
        (path, c, k)
        for path, c, k in leaves(obj)
        if type(c[k]) is kind and not path.startswith("design")  # free notes: any JSON
    ]
    path, container, key = data.draw(st.sampled_from(found))
    container[key] = data.draw(st.sampled_from(WRONG_KIND[type(container[key])](container[key])))
    with pytest.raises(PackError) as info:
        solver.load_game("gogoa", pack=obj)
    assert info.value.field == path or info.value.field.startswith(path + "["), str(info.value)


def test_pack_files_of_any_shape_are_refused_by_name(tmp_path: Path) -> None:
    def changed(old: str, new: str) -> str:
        assert old in reference_text()
        return reference_text().replace(old, new, 1)

    start = json.loads(reference_text())["start"]

    cases = [
        ("[" * 100_000 + "]" * 100_000, r"^pack: nested more than 32 deep"),
        (changed('"points": 40', '"points": ' + "4" * 5000),
         r"^plans\[0\]\.points: expected a number that fits in 64 bits, got a number with 5000"),
        (changed('"Teracol"', '"\\ud800"'), r"^destinations\[0\]\.name: not valid Unicode"),
        (changed('"points": 40', '"points": NaN'), r"^plans\[0\]\.points: expected a finite"),
        (changed(f'"start": "{start}"', f'"start": "{start[0]}\\u0666"'),
         r"^start: .* is not a hex label"),
        (changed('"generator"', '"a": ' + "[" * 40 + "]" * 40 + ', "generator"'),
         r"^pack: nested more than 32 deep"),
    ]  # fmt: skip
    for i, (text, message) in enumerate(cases):
        path = tmp_path / f"{i}.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(PackError, match=message):
            load_pack(path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(PackError, match=r"^pack: .* is not a regular file"):
        load_pack(fifo)


def test_the_map_script_checks_the_shipped_file_strictly(
    tmp_path: Path, monkeypatch: Any, capsys: Any, script: ModuleType  # noqa: F811  (the fixture)
) -> None:
    """``--check`` reads the shipped pack as any pack is read: what is not a file is refused."""
    monkeypatch.setattr(script, "REFERENCE_PACK", tmp_path)
    monkeypatch.setattr("sys.argv", [str(SCRIPT), "--check"])
    assert script.main() == 1
    assert "error: pack: " in capsys.readouterr().out


def move_somewhere(obj: dict[str, Any], rng: random.Random) -> None:
    """One plausible change to a pack: a destination, 'Start Here', a land hex, a card."""
    land = [hx.label(hx.at(c, r)) for r, row in enumerate(obj["land"]) for c, char in
            enumerate(row) if char == "#"]  # fmt: skip
    choice = rng.randrange(4)
    if choice == 0:
        rng.choice(obj["destinations"])["hex"] = rng.choice(land)
    elif choice == 1:
        obj["start"] = rng.choice(land)
    elif choice == 2:
        row = rng.randrange(hx.HEIGHT)
        col = rng.randrange(hx.WIDTH)
        text = obj["land"][row]
        obj["land"][row] = text[:col] + ("#" if text[col] == "." else ".") + text[col + 1 :]
    else:
        card = rng.choice(obj["plans"])
        card["points"] = rng.choice([20, 30, 40])
        card["places"][rng.randrange(3)] = rng.choice(obj["destinations"])["name"]


@settings(FUZZ, max_examples=30)
@given(seed=st.integers(0, 10**6), changes=st.integers(1, 6), players=st.integers(1, 6))
def test_a_pack_that_validates_plays_on_numba(seed: int, changes: int, players: int) -> None:
    rng = random.Random(seed)
    obj = json.loads(reference_text())
    for _ in range(changes):
        move_somewhere(obj, rng)
    try:
        numba = solver.load_game("gogoa", players=players, pack=obj, backend="numba")
    except PackError as error:
        assert str(error).startswith(f"{error.field}: ")
        return
    steps, results = numba.random_playouts(20, seed)
    assert steps.min() > 0 and ((results >= 0) & (results <= 1)).all()
    reference = solver.load_game("gogoa", players=players, pack=obj)
    same = [game.random_playouts(2, seed)[0].tolist() for game in (numba, reference)]
    assert same[0] == same[1]
