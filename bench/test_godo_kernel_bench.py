"""Micro-benchmarks of the GODŌ backends: move generation, apply (on a copy) and a whole playout.

    PYTHONPATH=. python -m pytest bench/test_godo_kernel_bench.py --benchmark-only
    PYTHONPATH=. python -m pytest bench/test_godo_kernel_bench.py --benchmark-only \
        --benchmark-columns=median,iqr,rounds --benchmark-sort=name -k "legal"

Not part of the project's test run: ``pytest`` alone collects ``testpaths = ["tests", "solver"]``
(pyproject.toml), and this file lives in ``bench/``. It needs the pytest-benchmark plugin.

Backends (the ``backend`` parameter):

- ``reference``: the plain-Python engine, through its state API;
- ``numba``: the numba kernel through the same Python state API (``KernelState``: one call into
  the kernel, plus converting the result to a list, per method);
- ``numba-kernel``: the kernel functions called directly on the state array
  (``kernel.legal_actions(s, out)``, ``kernel.apply_action(s, a)``), no wrapper.

Positions are fixed mid-game decision nodes: the first node of phase ``place`` or ``move`` at or
after step 60 / 120 / 200 of the seeded random game ``walk(initial, steps, SEED)``
(``solver.core.perft.walk``), for 2 and 4 players. Both backends walk the same game and must reach
the same position (checked through ``to_json``).

States are copied, not undone, so "apply/undo" is measured as copy + apply: each call takes the
next legal action of the position in turn (so the time is the mean over its legal actions) and
applies it to a fresh copy. ``clone`` alone is measured too.

Besides pytest-benchmark's tables, ``bench/conftest.py`` prints a compact summary at the end: the
median per backend of each benchmark, and the speed-ups over the reference.

The playout benchmark plays one whole game from the start (seed ``SEED``) with the kernel's
splitmix64 choice rule, so every backend plays the very same game: ``numba-kernel`` is
``kernel.random_playout`` on a copy of the start array, ``numba`` is ``solver.random_playouts(game,
1, SEED)`` (which also builds the start state, about 0.1 ms), ``reference`` is the same rule driving
the reference engine (``godo_playouts.replay``).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest

import solver
from solver.core.perft import walk
from solver.core.play import random_step

pytest.importorskip("pytest_benchmark")

# bench/ is on sys.path: pytest puts a test file's folder there (no __init__.py here).
from godo_playouts import replay

SEED = 3
PLAYERS = (2, 4)
# (phase, at or after step): two placements and two movements, early to late.
SPOTS = (("place", 60), ("move", 120), ("place", 200), ("move", 200))
BACKENDS = ("reference", "numba", "numba-kernel")

pytestmark = [
    pytest.mark.benchmark(max_time=0.2, min_rounds=10, warmup=True, warmup_iterations=100),
    pytest.mark.usefixtures("summary"),  # bench/conftest.py: the compact summary at the end
]

_games: dict[tuple[int, str], Any] = {}
_positions: dict[tuple[int, str, int], dict[str, Any]] = {}


def game(players: int, backend: str) -> Any:
    key = (players, "reference" if backend == "reference" else "numba")
    if key not in _games:
        _games[key] = solver.load_game("godo", players=players, backend=key[1])
    return _games[key]


def first_step_of(players: int, phase: str, steps: int, seed: int) -> int:
    """The step number of the first decision node of ``phase`` at or after ``steps`` in the seeded
    random game that ``walk`` plays (same generator, same draws)."""
    state = game(players, "reference").new_initial_state()
    rng = random.Random(seed)
    k = 0
    while not state.is_terminal():
        if k >= steps and state.phase == phase:
            return k
        state.apply_action(random_step(state, rng))
        k += 1
    raise LookupError(f"{players} players, seed {seed}: no {phase!r} node at or after step {steps}")


def position(players: int, phase: str, steps: int) -> dict[str, Any]:
    """The reference and numba states at a spot, with their legal actions."""
    key = (players, phase, steps)
    if key not in _positions:
        at = first_step_of(players, phase, steps, SEED)
        ref = walk(game(players, "reference").new_initial_state(), at, SEED)
        nb = walk(game(players, "numba").new_initial_state(), at, SEED)
        assert ref.phase == nb.phase == phase and not ref.is_chance_node()
        assert ref.to_json() == nb.to_json(), "the backends walked to different positions"
        actions = ref.legal_actions()
        assert nb.legal_actions() == actions
        _positions[key] = {"reference": ref, "numba": nb, "actions": actions, "step": at}
    return _positions[key]


def spot_params() -> list[Any]:
    return [
        pytest.param(players, phase, steps, backend, id=f"{players}p-{phase}@{steps}-{backend}")
        for players in PLAYERS
        for phase, steps in SPOTS
        for backend in BACKENDS
    ]


def _setup(
    benchmark: Any, what: str, players: int, phase: str, steps: int, backend: str
) -> dict[str, Any]:
    pos = position(players, phase, steps)
    benchmark.group = f"{what}: {players}p {phase} @{steps}"
    benchmark.extra_info.update(
        {"players": players, "phase": phase, "step": pos["step"], "seed": SEED, "backend": backend,
         "legal_actions": len(pos["actions"])}  # fmt: skip
    )
    return pos


@pytest.mark.parametrize("players, phase, steps, backend", spot_params())
def test_legal_actions(benchmark: Any, players: int, phase: str, steps: int, backend: str) -> None:
    pos = _setup(benchmark, "legal_actions", players, phase, steps, backend)
    if backend == "numba-kernel":
        from solver.games.godo import kernel as K

        s, out = pos["numba"].array, np.empty(K.BUFFER, np.int64)
        n = benchmark(K.legal_actions, s, out)
        assert out[:n].tolist() == pos["actions"]
    else:
        assert benchmark(pos[backend].legal_actions) == pos["actions"]


@pytest.mark.parametrize("players, phase, steps, backend", spot_params())
def test_apply_on_copy(benchmark: Any, players: int, phase: str, steps: int, backend: str) -> None:
    pos = _setup(benchmark, "apply on a copy (copy + apply)", players, phase, steps, backend)
    actions = itertools.cycle(pos["actions"])
    if backend == "numba-kernel":
        from solver.games.godo import kernel as K

        s, apply = pos["numba"].array, K.apply_action

        def run() -> None:
            apply(s.copy(), next(actions))

    else:
        state = pos[backend]

        def run() -> None:
            state.clone().apply_legal_action(next(actions))

    benchmark(run)


@pytest.mark.parametrize("players, phase, steps, backend", spot_params())
def test_clone(benchmark: Any, players: int, phase: str, steps: int, backend: str) -> None:
    pos = _setup(benchmark, "copy", players, phase, steps, backend)
    if backend == "numba-kernel":
        benchmark(pos["numba"].array.copy)
    else:
        benchmark(pos[backend].clone)


@pytest.mark.parametrize("players", PLAYERS, ids=lambda p: f"{p}p")
@pytest.mark.parametrize("backend", ("reference", "numba", "numba-kernel"))
def test_random_playout(benchmark: Any, players: int, backend: str) -> None:
    """One whole random game from the start; the same game on every backend."""
    benchmark.group = f"random playout: {players}p, one game (seed {SEED})"
    expected_steps, expected_returns = replay(game(players, "reference"), 1, SEED)
    benchmark.extra_info.update({"players": players, "seed": SEED, "backend": backend,
                                 "steps": int(expected_steps[0])})  # fmt: skip
    if backend == "reference":
        steps, returns = benchmark(replay, game(players, "reference"), 1, SEED)
    elif backend == "numba":  # the public API: builds the start state, then one kernel call
        steps, returns = benchmark(solver.random_playouts, game(players, "numba"), 1, SEED)
    else:
        from solver.games.godo import kernel as K

        start = game(players, "numba").new_initial_state().array

        def run() -> int:
            return K.random_playout(start.copy(), np.array([SEED], np.uint64))

        steps = np.array([benchmark(run)])
        returns = expected_returns
    assert steps[0] == expected_steps[0]
    assert np.allclose(returns, expected_returns)
