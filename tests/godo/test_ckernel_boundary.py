"""The C wrappers (``solver.games.godo.ckernel``) check every state array before C sees it (issue
11, class 8): a word out of range or disagreeing with the others raises ``PositionError`` naming
it (``state.hand[2]: ...``), from every wrapper, the array untouched; corrupted arrays are refused
or run, never crash (in a subprocess).

Skipped when the extension is not built (``python solver/games/godo/ckernel.py``).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import solver
from solver import PositionError
from solver.games.godo import ckernel as C
from solver.games.godo import layout as L

try:
    C.load()
except ImportError as exc:  # pragma: no cover - depends on the build
    pytest.skip(f"the GODŌ C kernels are not built ({exc})", allow_module_level=True)

CORRUPTION = Path(__file__).parents[1] / "kernel_corruption.py"


def _midgame() -> np.ndarray:
    state = solver.load_game("godo", players=3, variant=True, backend="c").new_initial_state()
    rng = random.Random(2)
    for _ in range(50):
        state.apply_action(rng.choice(state.legal_actions()))
    return state.array.copy()


def _wrappers(s: np.ndarray) -> dict[str, Any]:
    """Every wrapper that takes a state, called with good other arguments."""
    out, rng = np.empty(L.BUFFER, np.int64), np.array([7], np.uint64)
    return {
        "begin": lambda: C.begin(s),
        "legal_actions": lambda: C.legal_actions(s, out),
        "apply_action": lambda: C.apply_action(s, 0),
        "chance_outcomes": lambda: C.chance_outcomes(s, np.empty(64, np.int64), np.empty(64)),
        "current_player": lambda: C.current_player(s),
        "is_terminal": lambda: C.is_terminal(s),
        "returns": lambda: C.returns(s, np.zeros(8)),
        "random_playout": lambda: C.random_playout(s, rng),
        "random_playouts": lambda: C.random_playouts(s, 2, rng, np.zeros(2, np.int64), np.zeros((2, 3))),
        "determinize": lambda: C.determinize(s, 0, rng),
        "heuristic": lambda: C.heuristic(s, C.HEURISTIC_PARAMS, np.zeros(8)),
        "state_hash": lambda: C.state_hash(s),
        "is_connected": lambda: C.is_connected(s),
    }


BAD_WORDS = {
    "state.players": (L.PLAYERS, 9),
    "state.active": (L.ACTIVE, 3),  # a seat beyond the 3 players
    "state.hand[1]": (L.HAND + 1, 1 << 60),  # a tile that does not exist
    "state.monk[0]": (L.MONK, 5000),  # a point off the table
    "state.tile_slot[7]": (L.TILE_SLOT + 7, 1 << 40),
    "state.track[2]": (L.TRACK + 2, -1),
    "state.content[1]": (L.CONTENT + 1, 1 << 50),  # contents of an empty slot
}


@pytest.mark.parametrize("field", BAD_WORDS)
def test_every_wrapper_refuses_a_bad_word_by_name(field: str) -> None:
    s = _midgame()
    index, value = BAD_WORDS[field]
    if field == "state.content[1]":
        index = L.CONTENT + 2 * next(i for i in range(L.CONTENT_SLOTS) if not s[L.CONTENT + 2 * i]) + 1
        field = f"state.content[{index - L.CONTENT}]"
    s[index] = value
    before = s.copy()
    for name, call in _wrappers(s).items():
        with pytest.raises(PositionError) as info:
            call()
        assert info.value.field == field, (name, str(info.value))
        assert np.array_equal(s, before), f"{name} changed a refused array"


def test_the_checks_the_docstring_promises() -> None:
    s = _midgame()
    with pytest.raises(PositionError, match=r"^state: expected length 2141, got 2140$"):
        C.legal_actions(s[:-1].copy(), np.empty(8, np.int64))
    readonly = s.copy()
    readonly.flags.writeable = False
    assert C.state_hash(readonly) == C.state_hash(s)  # reading a read-only state is fine
    with pytest.raises(PositionError, match="writable"):
        C.apply_action(readonly, 0)
    for bad in (1.0, None, True, "3"):
        with pytest.raises(ValueError, match="action: expected an integer"):
            C.apply_action(s.copy(), bad)
    with pytest.raises(ValueError, match="out of range"):
        C.apply_action(s.copy(), 2**40)
    with pytest.raises(ValueError, match="observer"):
        C.determinize(s.copy(), 3, np.array([1], np.uint64))
    drawing = solver.load_game("godo", players=2, backend="c").new_initial_state().array
    with pytest.raises(ValueError, match="out_a: expected length at least 60, got 1"):
        C.chance_outcomes(drawing, np.empty(1, np.int64), np.empty(1))


def test_corrupted_arrays_are_refused_or_run_never_crash() -> None:
    """In a subprocess: a crash or a hang fails this test instead of killing pytest."""
    done = subprocess.run([sys.executable, str(CORRUPTION), "godo", "c", "300"], capture_output=True,
                          text=True, timeout=180, cwd=Path(__file__).parents[2])  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    tally = json.loads(done.stdout)
    assert tally["refused"] > 50 and tally["ran"] > 10, tally
