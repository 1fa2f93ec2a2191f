"""Corrupted state arrays at a kernel's checked boundary: a script the tests run in a subprocess
(``tests/test_kernel_boundary.py``, ``tests/godo/test_ckernel_boundary.py``), so that a crash
fails a test instead of killing pytest::

    python tests/kernel_corruption.py GAME BACKEND EXAMPLES

A hypothesis property over arrays of seeded games with one to three words overwritten (any 64-bit
value, a small value, one bit flipped, another word's value): either the check refuses the array
(``PositionError`` naming a word: ``check_array`` and ``KernelState(array, ...)`` on numba, every
wrapper of the C kernel, the array left as it was), or every kernel entry point runs on it, and so
do forty kernel steps from it, each state checked again (an array that passes but is no position,
say with its phase changed, may step to one the check refuses: the kernel must still not crash).
It prints, as JSON, how many arrays were ``refused``, how many ``ran`` and how many steps ``left``
the checked arrays, and exits non-zero (with the failing example) if the property fails.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver.core.errors import PositionError
from solver.core.kernel_state import WORD_MAX, WORD_MIN

CONFIGS = {
    "godo": [{"players": 3, "variant": True}, {"players": 1}, {"players": 5, "variant": True}],
    "gogoa": [{"players": 3}, {"players": 1}],
    "kokoro": [{"players": 3, "side": "pink", "decree": "harmony"}, {"players": 1}],
    "koi": [{"players": 3}, {"players": 1}],
}


def states(name: str, backend: str) -> list[Any]:
    """States met along one seeded random game of each configuration (the end included)."""
    found = []
    for seed, options in enumerate(CONFIGS[name]):
        state = solver.load_game(name, backend=backend, **options).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if rng.random() < 0.2:
                found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        found.append(state)
    return found


def corrupt(array: np.ndarray, edits: list[tuple[int, str, int]]) -> np.ndarray:
    """A copy of ``array`` with words overwritten: ``set`` to any value, to a ``small`` one (-3 to
    70), one bit ``flip``-ped, or a ``copy`` of another word."""
    bad = array.copy()
    for index, how, value in edits:
        if how == "set":
            bad[index] = value
        elif how == "small":
            bad[index] = value % 74 - 3
        elif how == "flip":
            word = (int(bad[index]) % 2**64) ^ 1 << (value % 64)
            bad[index] = word - 2**64 if word >= 2**63 else word
        else:
            bad[index] = bad[value % len(bad)]
    return bad


def entry_points(kernel: Any, s: np.ndarray, seed: int) -> list[tuple[str, Any]]:
    """Every entry point of a kernel module on ``s`` (those that write it get a copy)."""
    out, rng = np.empty(kernel.BUFFER, np.int64), np.array([seed], np.uint64)
    return [
        ("legal_actions", lambda: kernel.legal_actions(s, out)),
        ("chance_outcomes", lambda: kernel.chance_outcomes(s, np.empty(64, np.int64), np.empty(64))),
        ("current_player", lambda: kernel.current_player(s)),
        ("is_terminal", lambda: kernel.is_terminal(s)),
        ("returns", lambda: kernel.returns(s, np.zeros(8))),
        ("state_hash", lambda: kernel.state_hash(s)),
        ("heuristic", lambda: kernel.heuristic(s, kernel.HEURISTIC_PARAMS, np.zeros(8))),
        ("determinize", lambda: kernel.determinize(s.copy(), 0, rng)),
        ("random_playout", lambda: kernel.random_playout(s.copy(), rng)),
        ("random_playouts", lambda: kernel.random_playouts(s, 2, rng, np.zeros(2, np.int64), np.zeros((2, 1)))),
        ("apply_action", lambda: kernel.legal_actions(s, out) and kernel.apply_action(s.copy(), int(out[0]))),
    ]  # fmt: skip


def main(name: str, backend: str, examples: int) -> None:
    pool = states(name, backend)
    kind = type(pool[0])
    words, check, K = kind.WORDS, kind.WORDS.check, kind.default_kernel
    tally = {"refused": 0, "ran": 0, "left": 0}
    bounded = [i for i in range(words.size) if words.low[i] > WORD_MIN or words.high[i] < WORD_MAX]

    @settings(max_examples=examples, deadline=None, database=None, derandomize=True)
    @given(
        base=st.integers(0, len(pool) - 1),
        edits=st.lists(
            st.tuples(st.one_of(st.integers(0, words.size - 1), st.sampled_from(bounded)),  # counters more often
                      st.sampled_from(["set", "small", "small", "flip", "copy"]), st.integers(-(2**63), 2**63 - 1)),
            min_size=1, max_size=3,
        ),
        seed=st.integers(0, 2**32),
    )  # fmt: skip
    def property_holds(base: int, edits: list[tuple[int, str, int]], seed: int) -> None:
        state, kernel = pool[base], pool[base].kernel
        s = corrupt(state.array, edits)
        kept = s.copy()
        try:
            check(s)
        except PositionError as refused:
            tally["refused"] += 1
            assert str(refused).startswith("array"), refused
            try:
                kind(s, state.pack, kernel)
                raise AssertionError("KernelState took an array check_array refuses")
            except PositionError:
                pass
            if backend == "c":  # every wrapper refuses it too, before C sees it
                for what, call in entry_points(kernel, s, seed):
                    try:
                        call()
                        raise AssertionError(f"C {what} took an array check_array refuses")
                    except PositionError:
                        pass
            assert np.array_equal(s, kept), "a refusal changed the array"
            return
        tally["ran"] += 1
        for _, call in entry_points(kernel, s, seed):
            call()
        try:
            kind(s.copy(), state.pack, kernel).to_json()
        except PositionError as other_pack:  # the words are fine, but they are not this pack's
            assert "does not match the pack" in str(other_pack), other_pack
        walker, out, rng = s.copy(), np.empty(K.BUFFER, np.int64), random.Random(seed)
        for _ in range(40):  # on the numba kernel, unchecked
            n = K.legal_actions(walker, out)
            if K.is_terminal(walker) or n == 0:
                break
            K.apply_action(walker, int(out[rng.randrange(min(n, len(out)))]))
            try:
                check(walker)
            except PositionError:
                tally["left"] += 1
        dealt = s.copy()
        kernel.determinize(dealt, 0, np.array([seed], np.uint64))
        check(dealt)  # dealing the hidden tiles again keeps an array whole

    property_holds()
    print(json.dumps(tally))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
