"""The checks that a game's numba kernel plays exactly like its reference engine (the oracle),
shared by the games' ``tests/<game>/test_kernel.py``: each game brings its games, choices and
extra checks; the walks and the assertions common to every game are here.

    >>> import solver
    >>> game = solver.load_game("koi", players=2)
    >>> ref, ker = game.new_initial_state(), game.new_initial_state().kernel_state()
    >>> phases = play_both(ref, ker, random.Random(1), uniform, "koi", check_agreement)
    >>> "over" in phases
    True

Mismatches are reported with ``where``: the game's label (seed, players, options) and the step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import pytest

import solver
from solver import IllegalActionError
from solver.core.play import sample_chance

Choose = Callable[[Any, list, random.Random], int]
"""A policy for the differential games: an action among the legal ones of the reference state,
drawn from ``rng``."""
Check = Callable[[Any, Any, str, int], list]
"""The checks at one step of a differential game (reference, kernel state, where, step): the
legal actions (or chance outcome actions) once both backends agree."""


def kernel_legal(kernel: Any, s: np.ndarray) -> list[int]:
    """The kernel's legal actions (or chance outcome actions) of the array ``s``."""
    out = np.empty(kernel.BUFFER, np.int64)
    return out[: kernel.legal_actions(s, out)].tolist()


def kernel_outcomes(kernel: Any, s: np.ndarray) -> list[tuple[int, float]]:
    """The kernel's chance outcomes of the array ``s``, with their odds."""
    actions, odds = np.empty(kernel.BUFFER, np.int64), np.empty(kernel.BUFFER, np.float64)
    n = kernel.chance_outcomes(s, actions, odds)
    return list(zip(actions[:n].tolist(), odds[:n].tolist()))


def short(value: Any, limit: int = 400) -> str:
    """``value`` as JSON, cut at ``limit`` characters (for a failure's message)."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[:limit] + "..."


def json_diff(want: dict[str, Any], got: dict[str, Any]) -> str:
    """The top-level fields where two positions differ, with both values."""
    keys = sorted(set(want) | set(got))
    parts = [
        f"{k}: reference={short(want.get(k, '<missing>'))} numba={short(got.get(k, '<missing>'))}"
        for k in keys
        if want.get(k, "<missing>") != got.get(k, "<missing>")
    ]
    return "; ".join(parts)


def list_diff(want: list, got: list) -> str:
    """How two lists of actions (or outcomes) differ."""
    only_ref = sorted(set(want) - set(got))[:20]
    only_ker = sorted(set(got) - set(want))[:20]
    return (
        f"reference has {len(want)} (only there: {only_ref}), "
        f"numba has {len(got)} (only there: {only_ker})"
        + ("; same set, different order" if not only_ref and not only_ker else "")
    )


def check_agreement(ref: Any, ker: Any, where: str, step: int = 0) -> list[int]:
    """Both backends agree on one position: the player to move, the end, the turn start, the
    returns, the chance outcomes with their odds and the legal actions; returns the legal actions
    (or outcome actions)."""
    kernel, s = ker.kernel, ker.array
    assert kernel.current_player(s) == ref.current_player(), f"{where}: current_player differs"
    assert bool(kernel.is_terminal(s)) == ref.is_terminal(), f"{where}: is_terminal differs"
    assert bool(kernel.turn_start(s)) == ref.turn_start(), f"{where}: turn_start differs"
    assert ker.returns() == ref.returns(), f"{where}: returns {ref.returns()} vs {ker.returns()}"
    want, got = ref.chance_outcomes(), kernel_outcomes(kernel, s)
    assert got == want, f"{where}: chance outcomes differ: {list_diff(want, got)}"
    legal = ref.legal_actions()
    found = kernel_legal(kernel, s)
    assert found == legal, f"{where}: legal actions differ: {list_diff(legal, found)}"
    return legal


def check_converted(ref: Any, ker: Any, convert: Any, where: str) -> None:
    """The kernel's array is exactly ``ref`` converted by the game's ``convert`` (else the words
    that differ are named)."""
    want = convert.from_reference(ref)
    if not np.array_equal(want, ker.array):
        words = [ker.WORDS.name(i) for i in np.flatnonzero(want != ker.array)]
        raise AssertionError(f"{where}: the arrays differ at {words}")


def check_same_view(ref: Any, ker: Any, where: str) -> None:
    """Both backends show the same position: ``to_json`` and the scores so far."""
    want, got = ref.to_json(), ker.to_json()
    assert got == want, f"{where}: to_json differs: {json_diff(want, got)}"
    assert ker.scores() == ref.scores(), f"{where}: scores {ref.scores()} vs {ker.scores()}"


def check_position(ref: Any, ker: Any, where: str, step: int = 0) -> list[int]:
    """``check_same_view``, then ``check_agreement`` (whose legal actions it returns): the
    position and its choices."""
    check_same_view(ref, ker, where)
    return check_agreement(ref, ker, where)


def check_end(ref: Any, ker: Any, where: str) -> None:
    """Both backends end a game alike: the final position, scores, winners and solo title."""
    check_same_view(ref, ker, where)
    assert ker.winners == ref.winners, f"{where}: winners {ref.winners} vs {ker.winners}"
    assert ker.title() == ref.title(), f"{where}: title {ref.title()!r} vs {ker.title()!r}"


def uniform(ref: Any, actions: list[int], rng: random.Random) -> int:
    """Any legal action, alike."""
    return rng.choice(actions)


def play_both(ref: Any, ker: Any, rng: random.Random, choose: Choose, label: str, check: Check,
              max_steps: int = 10_000) -> set[str]:  # fmt: skip
    """Drive both backends with the same actions to the end (chance by its odds, decisions by
    ``choose``), running ``check`` at every step and ``check_end`` at the end; returns the phases
    met."""
    seen = set()
    for step in range(max_steps):
        where = f"{label} step={step} phase={ref.phase}"
        actions = check(ref, ker, where, step)
        seen.add(ref.phase)
        if ref.is_terminal():
            check_end(ref, ker, where)
            return seen
        action = sample_chance(ref, rng) if ref.is_chance_node() else choose(ref, actions, rng)
        ref.apply_legal_action(action)
        ker.kernel.apply_action(ker.array, action)
    raise AssertionError(f"{label}: no end")


def check_conversion(ref: Any, convert: Any) -> None:
    """The game's ``convert`` is exact both ways on ``ref``: reference -> array -> reference, and
    array -> reference -> array."""
    array = convert.from_reference(ref)
    back = convert.to_reference(array, ref.pack)
    assert back.to_json() == ref.to_json()
    assert np.array_equal(convert.from_reference(back), array)


def check_playout_replays(rgame: Any, kgame: Any, seed: int, replay_step: Callable,
                          where: str) -> None:  # fmt: skip
    """The kernel's ``random_playout`` from the start, replayed on the reference engine choosing
    by ``replay_step(ref, rng)`` with the same generator: the same number of steps, the same
    generator state and the same final position."""
    start = kgame.new_initial_state()
    kernel, s = start.kernel, start.array
    rng = np.array([seed], np.uint64)
    steps = kernel.random_playout(s, rng)
    ref, replay = rgame.new_initial_state(), np.array([seed], np.uint64)
    count = 0
    while not ref.is_terminal():
        ref.apply_legal_action(replay_step(ref, replay))
        count += 1
    assert count == steps and int(replay[0]) == int(rng[0]), where
    assert type(start)(s, kgame.pack).to_json() == ref.to_json(), where


def check_random_playouts(kgame: Any, players: int, n: int) -> np.ndarray:
    """``solver.random_playouts`` on the kernel: reproducible by seed, another seed other games,
    ``n`` games that end, returns in [0, 1] that sum to 1 with several players. Returns the steps
    of the games of seed 3."""
    steps, results = solver.random_playouts(kgame, n, seed=3)
    again = solver.random_playouts(kgame, n, seed=3)
    assert np.array_equal(steps, again[0]) and np.array_equal(results, again[1])
    assert not np.array_equal(solver.random_playouts(kgame, n, seed=4)[0], steps)
    assert steps.shape == (n,) and results.shape == (n, players) and (steps > 0).all()
    assert ((results >= 0) & (results <= 1)).all()
    if players > 1:
        assert np.allclose(results.sum(axis=1), 1.0)
    return steps


def check_heuristic_in_range(kgame: Any, players: int, seeds: Iterable[int]) -> None:
    """Along random games, the heuristic stays in [0, 1] (summing to 1 with several players) and
    equals ``returns`` at the end."""
    out, ret = np.zeros(8), np.zeros(8)
    for seed in seeds:
        state = kgame.new_initial_state()
        kernel = state.kernel
        rng = random.Random(seed)
        while True:
            kernel.heuristic(state.array, kernel.HEURISTIC_PARAMS, out)
            assert ((out[:players] >= 0) & (out[:players] <= 1)).all()
            if players > 1:
                assert np.isclose(out[:players].sum(), 1.0)
            if state.is_terminal():
                kernel.returns(state.array, ret)
                assert np.array_equal(out[:players], ret[:players])
                break
            state.apply_action(rng.choice(state.legal_actions()))


def distinct_hashes(state: Any, moves: int, seed: int,
                    each: Callable[[Any], None] | None = None) -> int:  # fmt: skip
    """How many ``state_hash`` values the positions of ``moves`` random moves from ``state`` have
    (the start included); a clone hashes alike. ``each(state)`` runs before every move."""
    kernel = state.kernel
    rng = random.Random(seed)
    hashes = {kernel.state_hash(state.array)}
    for _ in range(moves):
        if each is not None:
            each(state)
        state.apply_action(rng.choice(state.legal_actions()))
        hashes.add(kernel.state_hash(state.array))
        assert kernel.state_hash(state.array) == kernel.state_hash(state.clone().array)
    return len(hashes)


def check_illegal_actions(state: Any, bad: Iterable[int], seed: int) -> None:
    """Along a random game to its end, every action of ``bad`` that is not legal raises
    ``IllegalActionError`` and leaves the array as it was."""
    rng = random.Random(seed)
    bad = set(bad)
    while not state.is_terminal():
        legal = state.legal_actions()
        array = state.array.copy()
        for action in sorted(bad - set(legal)):
            with pytest.raises(IllegalActionError):
                state.apply_action(action)
            assert np.array_equal(state.array, array)
        state.apply_action(rng.choice(legal))
