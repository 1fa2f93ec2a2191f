"""``apply_action`` refuses anything but a legal integer, the same way on every backend (issue 11,
class 3): floats (even equal to a legal action), ``Decimal``, arrays, ``None``, bools, strings,
integers out of range -> ``IllegalActionError`` naming ``action``, the state unchanged; numpy
integers that are legal are played and leave plain ``int`` in the state.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal
from functools import cache
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver import IllegalActionError

GAMES = {
    "godo": {"players": 3, "variant": True},
    "gogoa": {"players": 2},
    "kokoro": {"players": 2, "side": "pink", "decree": "harmony"},
}
CASES = [(name, backend) for name in GAMES for backend in solver.backends(name)]
IDS = [f"{name}-{backend}" for name, backend in CASES]


def _snapshot(state: Any) -> tuple[Any, ...]:
    """What must not change: the position, and the kernel array on a compiled backend."""
    array = state.array.copy() if hasattr(state, "array") else None
    return json.dumps(state.to_json(), sort_keys=True), array


def _unchanged(state: Any, before: tuple[Any, ...]) -> bool:
    after = _snapshot(state)
    return after[0] == before[0] and (before[1] is None or np.array_equal(after[1], before[1]))


@cache
def _positions(name: str, steps: tuple[int, ...] = (0, 7, 23)) -> list[dict[str, Any]]:
    """Positions of one seeded reference game, after ``steps`` random steps (chance nodes and
    decisions), as JSON: the same positions can be loaded on every backend."""
    state = solver.load_game(name, **GAMES[name]).new_initial_state()
    rng, found = random.Random(11), []
    for step in range(max(steps) + 1):
        if step in steps:
            found.append(state.to_json())
        state.apply_action(rng.choice(state.legal_actions()))
    return found


def _load(name: str, backend: str, position: dict[str, Any]) -> Any:
    return solver.load_game(name, backend=backend, **GAMES[name]).state_from_json(position)


def _bad_actions(legal: list[int]) -> list[Any]:
    """Every kind of value that is not a legal integer, several equal to a legal action."""
    a = legal[0]
    illegal = next(x for x in range(-1, 10**6) if x not in legal)
    return [float(a), np.float64(a), Decimal(a), np.array([a]), np.array(a), [a], (a,), None, True,
            False, np.bool_(True), str(a), b"1", 1j, 10**30, -(10**30), 2**63, -(2**63) - 1,
            np.uint64(2**64 - 1), illegal, np.int64(illegal)]  # fmt: skip


@pytest.mark.parametrize("name,backend", CASES, ids=IDS)
def test_anything_but_a_legal_integer_is_refused_and_changes_nothing(name: str, backend: str) -> None:
    for position in _positions(name):
        state = _load(name, backend, position)
        before = _snapshot(state)
        for bad in _bad_actions(state.legal_actions()):
            with pytest.raises(IllegalActionError) as info:
                state.apply_action(bad)
            assert str(info.value).startswith("action: "), (bad, str(info.value))
            assert _unchanged(state, before), f"{backend}: {bad!r} changed the state"


@pytest.mark.parametrize("name", GAMES)
def test_the_refusal_reads_the_same_on_every_backend(name: str) -> None:
    for position in _positions(name):
        states = {backend: _load(name, backend, position) for backend in solver.backends(name)}
        legal = states["reference"].legal_actions()
        for bad in _bad_actions(legal):
            messages = set()
            for state in states.values():
                with pytest.raises(IllegalActionError) as info:
                    state.apply_action(bad)
                messages.add(str(info.value))
            assert len(messages) == 1, f"{bad!r}: {messages}"


def _numpy_scalars(value: Any, path: str = "state", depth: int = 0) -> list[str]:
    """Where numpy scalars hide in a reference state: its attributes, walked (keys included)."""
    if isinstance(value, np.generic):
        return [path]
    if isinstance(value, dict):
        items = [(f"key {k!r}", k) for k in value] + list(value.items())
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(enumerate(value))
    elif type(value).__module__.startswith("solver.games") and hasattr(value, "__dict__"):
        items = list(vars(value).items())
    else:
        return []
    if depth > 8:
        return []
    return [p for k, v in items for p in _numpy_scalars(v, f"{path}.{k}", depth + 1)]


NUMPY_INTS = (np.int64, np.int32, np.uint64, np.int16, np.uint32)


@pytest.mark.parametrize("name,backend", CASES, ids=IDS)
def test_legal_numpy_integers_are_played_as_plain_ints(name: str, backend: str) -> None:
    state = solver.load_game(name, backend=backend, **GAMES[name]).new_initial_state()
    rng, step = random.Random(5), 0
    while not state.is_terminal() and step < 200:
        action = rng.choice(state.legal_actions())
        kind = NUMPY_INTS[step % len(NUMPY_INTS)]
        state.apply_action(kind(action) if np.iinfo(kind).max >= action else action)
        step += 1
    json.dumps(state.to_json())  # no numpy scalar in the position
    if backend == "reference":
        assert _numpy_scalars(state) == []


@pytest.mark.parametrize("name,backend", CASES, ids=IDS)
@settings(max_examples=25, deadline=None)
@given(values=st.lists(st.integers(min_value=-(2**80), max_value=2**80), min_size=1, max_size=8),
       kind=st.sampled_from(["int", "int64", "float", "uint64"]))  # fmt: skip
def test_random_integers_that_are_not_legal_are_refused(name: str, backend: str, values: list[int], kind: str) -> None:
    state = _load(name, backend, _positions(name, steps=(23,))[0])
    legal, before = state.legal_actions(), _snapshot(state)
    for value in values:
        if value in legal and kind == "int":
            continue
        if kind == "int64":
            if value in legal or not -(2**63) <= value < 2**63:
                continue
            value = np.int64(value)
        elif kind == "uint64":
            if value in legal or not 0 <= value < 2**64:
                continue
            value = np.uint64(value)
        elif kind == "float":
            value = float(value)
        with pytest.raises(IllegalActionError):
            state.apply_action(value)
        assert _unchanged(state, before)
