"""best_move: determinism, time and iteration budgets, and the refusals (SearchError).

The searchers are compiled once per process on first use; every timing test warms them first.
"""

from __future__ import annotations

import json
import time

import numpy as np
import pytest

import solver
from solver.search import decision as decision_module
from solver.search import mcts
from solver.search.searcher import ExpectimaxSearcher, MCTSSearcher
from tests.search.helpers import (
    MOVE_EAST,
    RED_ON_RED,
    apply_all,
    forced_move_win_2p,
    mid_game,
    within,
)


@pytest.fixture(scope="module")
def mid():
    return mid_game(2, 60, 16)  # phase move, 8 legal actions


@pytest.fixture(scope="module")
def mid3():
    return mid_game(3, 70, 5)


def _searched_decisions(state, actions) -> int:
    """How many of the decisions along ``actions`` had a choice (best_move searches only those)."""
    state, count = state.clone(), 0
    for a in actions:
        count += len(state.legal_actions()) > 1
        state.apply_action(a)
    return count


def _check_turn(state, decision) -> None:
    """The decision is the whole turn of the player to move, legal step by step."""
    player = state.current_player()
    assert decision.player == player
    assert decision.actions
    walker = state.clone()
    for action, words in zip(decision.actions, decision.steps, strict=True):
        assert walker.current_player() == player
        assert action in walker.legal_actions()
        assert walker.action_to_string(action) == words
        walker.apply_action(action)
    assert walker.is_terminal() or walker.current_player() != player  # the turn is over (or chance)
    assert 0.0 <= decision.value <= 1.0


# -- determinism ---------------------------------------------------------------------------------


def _comparable(decision):
    first = dict(decision.stats["first_decision"])
    first.pop("seconds")
    return decision.actions, decision.steps, decision.value, decision.stats["iterations"], first


@pytest.mark.parametrize("workers", [1, 2])
def test_mcts_same_seed_same_decision(mid3, workers):
    a = solver.best_move(mid3, iterations=200, seed=11, workers=workers)
    b = solver.best_move(mid3, iterations=200, seed=11, workers=workers)
    _check_turn(mid3, a)
    assert _comparable(a) == _comparable(b)


def test_mcts_seed_is_used(mid3):
    # different seeds may well agree on the action; their root statistics should not all agree
    firsts = []
    for seed in range(4):
        d = solver.best_move(mid3, iterations=120, seed=seed, workers=1)
        _check_turn(mid3, d)
        firsts.append([(a["action"], a["visits"]) for a in d.stats["first_decision"]["actions"]])
    assert len({tuple(f) for f in firsts}) > 1


def test_expectimax_same_decision_twice(mid3):
    a = solver.best_move(mid3, algorithm="expectimax", depth=2)
    b = solver.best_move(mid3, algorithm="expectimax", depth=2)
    _check_turn(mid3, a)
    assert _comparable(a) == _comparable(b)
    assert a.stats["first_decision"]["depth"] == 2


def test_the_state_given_is_not_changed(mid):
    before = mid.to_json()
    solver.best_move(mid, iterations=50, workers=1)
    solver.best_move(mid, algorithm="expectimax", depth=1)
    solver.analyse(mid, iterations=50, workers=1)
    assert mid.to_json() == before


# -- budgets -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("algorithm", "workers"), [("mcts", 1), ("mcts", None), ("expectimax", None)]
)
def test_time_limit_holds(mid, algorithm, workers):
    warm = {"iterations": 1} if algorithm == "mcts" else {"depth": 1}
    solver.best_move(mid, algorithm=algorithm, workers=workers, **warm)  # compile outside the clock
    decision = within(
        0.5, lambda t: solver.best_move(mid, algorithm=algorithm, time_limit=t, workers=workers, seed=1)
    )
    _check_turn(mid, decision)
    assert decision.stats["iterations"] > 0
    assert decision.stats["first_decision"] is not None


def test_short_time_limit_still_gives_a_legal_turn(mid):
    solver.best_move(mid, iterations=1, workers=1)
    start = time.perf_counter()
    decision = solver.best_move(mid, time_limit=0.02, workers=1)
    assert time.perf_counter() - start < 0.2
    _check_turn(mid, decision)


@pytest.mark.parametrize("iterations", [1, 37, 250])
def test_iterations_are_exact_with_one_worker(mid, iterations):
    decision = solver.best_move(mid, iterations=iterations, seed=2, workers=1)
    _check_turn(mid, decision)
    first = decision.stats["first_decision"]
    assert first["iterations"] == iterations
    assert sum(a["visits"] for a in first["actions"]) == iterations  # one root child per iteration
    assert decision.stats["iterations"] == iterations * _searched_decisions(mid, decision.actions)


@pytest.mark.parametrize("iterations", [1, 16, 17, 100, 1000])
def test_searcher_runs_exactly_the_iterations_asked_with_one_worker(mid, iterations):
    searcher = MCTSSearcher(mid.kernel_state(), seed=1, workers=1)
    stats = searcher.run(iterations=iterations)
    assert stats.iterations == iterations
    assert sum(stats.visits) == iterations
    assert int(searcher.trees[0].header[mcts.H_ITERATIONS]) == iterations
    stats = searcher.run(iterations=5)  # a second run adds its own
    assert stats.iterations == 5
    assert sum(stats.visits) == iterations + 5


@pytest.mark.parametrize("iterations", [3, 7, 101])
def test_searcher_runs_exactly_the_iterations_asked_with_two_workers(mid, iterations):
    searcher = MCTSSearcher(mid.kernel_state(), seed=1, workers=2)
    try:
        stats = searcher.run(iterations=iterations)
    finally:
        searcher.close()
    assert stats.iterations == iterations  # "until iterations (in all, over the workers)"
    assert sum(stats.visits) == iterations


def test_searcher_runs_exactly_the_iterations_asked_with_two_workers_even_budget(mid):
    searcher = MCTSSearcher(mid.kernel_state(), seed=1, workers=2)
    try:
        stats = searcher.run(iterations=100)
    finally:
        searcher.close()
    assert stats.iterations == 100
    assert sum(stats.visits) == 100


def test_expectimax_depth_is_the_depth_searched(mid):
    for depth in (1, 2):
        stats = ExpectimaxSearcher(mid.kernel_state()).run(depth=depth)
        assert stats.depth == depth
        assert sorted(stats.actions) == sorted(mid.legal_actions())


def test_expectimax_time_budget_deepens_and_stops(mid):
    ExpectimaxSearcher(mid.kernel_state()).run(depth=1)

    stats = within(0.3, lambda limit: ExpectimaxSearcher(mid.kernel_state()).run(seconds=limit))
    assert 1 <= stats.depth <= 12
    assert sorted(stats.actions) == sorted(mid.legal_actions())


# -- refusals ------------------------------------------------------------------------------------


def _refused(field, call, *args, **kwargs):
    with pytest.raises(solver.SearchError) as info:
        call(*args, **kwargs)
    assert str(info.value).startswith(f"{field}:"), str(info.value)
    assert isinstance(info.value, solver.SolverError) and isinstance(info.value, ValueError)


def test_refusals(mid):
    over = apply_all(forced_move_win_2p(), [MOVE_EAST, RED_ON_RED])
    assert over.is_terminal()
    chance = solver.load_game("godo", players=2).new_initial_state()
    assert chance.is_chance_node()
    for algorithm in ("mcts", "expectimax"):
        _refused("state", solver.best_move, over, algorithm=algorithm)
        _refused("state", solver.best_move, chance, algorithm=algorithm)
        _refused("time_limit", solver.best_move, mid, algorithm=algorithm, time_limit=0)
        _refused("time_limit", solver.best_move, mid, algorithm=algorithm, time_limit=-1.0)
        _refused("time_limit", solver.best_move, mid, algorithm=algorithm, time_limit=float("nan"))
    _refused("iterations", solver.best_move, mid, iterations=-1)
    _refused("iterations", solver.best_move, mid, iterations=0)
    _refused("iterations", solver.best_move, mid, iterations=2.5)
    _refused("algorithm", solver.best_move, mid, algorithm="alphabeta")
    _refused("algorithm", solver.best_move, over, algorithm="alphabeta")
    # analyse refuses the same
    _refused("state", solver.analyse, over)
    _refused("state", solver.analyse, chance)
    _refused("time_limit", solver.analyse, mid, time_limit=0)
    _refused("iterations", solver.analyse, mid, iterations=-1)


def test_refusals_on_the_numba_backend(mid):
    over = apply_all(forced_move_win_2p(backend="numba"), [MOVE_EAST, RED_ON_RED])
    chance = solver.load_game("godo", players=2, backend="numba").new_initial_state()
    _refused("state", solver.best_move, over)
    _refused("state", solver.best_move, chance)


@pytest.mark.parametrize("depth", [0, -2])
def test_bad_depth_is_refused_naming_depth(mid, depth):
    _refused("depth", solver.best_move, mid, algorithm="expectimax", depth=depth)


def test_bool_iterations_are_refused(mid):
    _refused("iterations", solver.best_move, mid, iterations=True, workers=1)


def test_depth_does_not_replace_mcts_iterations(mid):
    try:
        decision = solver.best_move(mid, algorithm="mcts", iterations=200, depth=3, workers=1)
    except solver.SearchError:
        return  # refusing depth for MCTS would be fine too
    assert decision.stats["first_decision"]["iterations"] == 200


class _Unbounded(Exception):
    pass


def test_expectimax_with_an_iteration_budget_is_bounded(mid, monkeypatch):
    class Recording(ExpectimaxSearcher):
        def run(self, depth=None, seconds=None):
            if depth is None and seconds is None:
                raise _Unbounded(
                    "ExpectimaxSearcher.run(depth=None, seconds=None): an unbounded search"
                )
            return super().run(depth=depth, seconds=seconds)

    monkeypatch.setattr(decision_module, "ExpectimaxSearcher", Recording)
    try:
        decision = solver.best_move(mid, algorithm="expectimax", iterations=5)
    except solver.SearchError:
        return  # refusing an iteration budget for expectimax would be fine too
    _check_turn(mid, decision)


# -- refusals: every argument within the agents' ranges (solver.core.agents.OPTIONS) -------------


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"time_limit": float("inf")}, "time_limit"),
        ({"time_limit": 1e308}, "time_limit"),
        ({"time_limit": 86_401}, "time_limit"),
        ({"time_limit": True}, "time_limit"),
        ({"time_limit": "1"}, "time_limit"),
        ({"iterations": 10**10}, "iterations"),
        ({"workers": 0}, "workers"),
        ({"workers": -1}, "workers"),
        ({"workers": 65}, "workers"),
        ({"workers": 1000}, "workers"),
        ({"workers": 1.0}, "workers"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**63}, "seed"),
        ({"seed": 0.5}, "seed"),
        ({"seed": "1"}, "seed"),
        ({"algorithm": "expectimax", "depth": 13}, "depth"),
        ({"algorithm": "expectimax", "depth": 1, "cutoff": 1.0}, "cutoff"),
        ({"algorithm": "expectimax", "depth": 1, "cutoff": float("nan")}, "cutoff"),
        ({"algorithm": "expectimax", "depth": 1, "cutoff": -0.5}, "cutoff"),
        ({"algorithm": ["mcts"]}, "algorithm"),
    ],
)
def test_bad_arguments_are_refused_before_searching(mid, kwargs, field):
    _refused(field, solver.best_move, mid, **kwargs)


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"top": 0}, "top"),
        ({"top": -1}, "top"),
        ({"top": 2.5}, "top"),
        ({"top": True}, "top"),
        ({"top": None}, "top"),
        ({"pv_length": 0}, "pv_length"),
        ({"time_limit": float("inf")}, "time_limit"),
        ({"workers": 65}, "workers"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_analyse_arguments_are_refused(mid, kwargs, field):
    _refused(field, solver.analyse, mid, iterations=10, **kwargs)


def test_what_is_not_a_state_is_refused():
    _refused("state", solver.best_move, "position.json")
    _refused("state", solver.analyse, {"game": "godo"})


def test_seed_none_is_seed_zero_and_numpy_arguments_are_plain(mid):
    a = solver.best_move(mid, iterations=30, seed=None, workers=1)
    b = solver.best_move(mid, iterations=30, seed=0, workers=1)
    assert _comparable(a) == _comparable(b)
    c = solver.best_move(mid, iterations=np.int64(30), seed=np.uint64(0), workers=np.int8(1))
    assert _comparable(c) == _comparable(b)
    json.dumps(c.to_json())  # plain numbers throughout


def test_the_largest_seed_searches_alike_on_every_backend():
    """A seed near 2**63 is reduced into [0, 2**53) once, before any backend sees it."""
    seed = 2**63 - 1
    decisions = [
        solver.best_move(mid_game(2, 60, 16, backend), iterations=40, seed=seed, workers=1)
        for backend in solver.backends()
        if backend != "reference"
    ]
    assert all(_comparable(d)[:4] == _comparable(decisions[0])[:4] for d in decisions)
    same = solver.best_move(mid_game(2, 60, 16, "numba"), iterations=40, seed=seed % 2**53, workers=1)
    assert _comparable(same)[:4] == _comparable(decisions[0])[:4]
