"""Time limits hold for short budgets: wall time of ``best_move`` <= 1.1 x limit + 20 ms.

Every game, every backend (numba; GODŌ's C kernel when built; a reference state is searched on
numba), MCTS, expectimax and the AI's rounds, one or two workers, at 0.05 s and 0.3 s, after a
warm-up call (the first call in a process compiles the searcher outside the limit).
``stats["seconds"]`` is the wall time of the whole call, and the last decision of a call gets all
of the time left. The machine running the tests may be shared: each timing gets one retry, never a
looser bound.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver.core.perft import walk
from solver.search.ai import TRUSTED_VISITS, Guard
from solver.search.decision import _unsearched
from solver.search.searcher import (
    CAPACITY,
    TABLE_BITS,
    TABLE_NODES_PER_SECOND,
    TREE_NODES_PER_SECOND,
    ExpectimaxSearcher,
    MCTSSearcher,
    capacity_for,
    table_bits_for,
)
from tests.search.helpers import mid_game, within

LIMITS = (0.05, 0.3)


def _position(name: str, players: int, steps: int, seed: int):
    """A seeded random position of game ``name`` on numba, at a decision with a choice."""
    game = solver.load_game(name, players=players, backend="numba")
    state = walk(game.new_initial_state(), steps, seed)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal() and len(state.legal_actions()) > 1
    return state


POSITIONS = {
    "godo": lambda: mid_game(2, 60, 16, backend="numba"),  # a turn of several decisions
    "godo-c": lambda: mid_game(2, 60, 16, backend="c"),
    "godo-reference": lambda: mid_game(2, 60, 16),
    # a solo day: one MCTS iteration costs milliseconds, a full expectimax depth 1 about 0.1 s
    "gogoa": lambda: _position("gogoa", 1, 10, 1),
    "kokoro": lambda: _position("kokoro", 2, 10, 3),
    "koi": lambda: _position("koi", 2, 10, 1),
}


@functools.cache
def _state(name: str):
    if name == "godo-c" and "c" not in solver.backends():
        pytest.skip("the C kernel is not built")
    return POSITIONS[name]()


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("algorithm", ["mcts", "expectimax"])
@pytest.mark.parametrize("name", list(POSITIONS))
def test_best_move_holds_the_time_limit(name, algorithm, workers):
    state = _state(name)
    solver.best_move(state, algorithm=algorithm, time_limit=LIMITS[0], workers=workers)  # warm-up

    def call(limit):
        return solver.best_move(
            state, algorithm=algorithm, time_limit=limit, workers=workers, seed=1
        )

    for limit in LIMITS:
        decision = within(limit, call)
        assert decision.actions[0] in state.legal_actions()
        if algorithm == "mcts":  # its first run always runs an iteration
            assert decision.stats["first_decision"]["iterations"] >= 1


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("name", ["gogoa", "kokoro", "koi"])
def test_the_ais_rounds_hold_the_time_limit(name, workers):
    """The AI's own searchers (foresight in Go Goa, greedy's playouts in Kokoro and KOI) play
    batches of rounds over the workers and begin none that the clock would not let end. A decision
    searched in two runs (half the time, then the rest) counts each round once."""
    state = _state(name)
    solver.best_move(state, time_limit=LIMITS[0], workers=workers)  # warm-up
    for limit in LIMITS:
        decision = within(limit, lambda t: solver.best_move(state, time_limit=t, workers=workers, seed=1))
        assert decision.actions[0] in state.legal_actions() and decision.stats["workers"] == workers
        first = decision.stats["first_decision"]
        assert first["iterations"] == first["depth"] > 0


def test_the_last_decision_before_chance_takes_all_the_time_left():
    # GODŌ's placement is followed by a draw: the call searches one decision, which used to get
    # half the limit and leave the rest unused.
    state = _state("godo").clone()
    while not state.turn_start() or len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    solver.best_move(state, time_limit=LIMITS[0], workers=1)  # warm-up
    limit = 0.4
    decision = within(limit, lambda t: solver.best_move(state, time_limit=t, workers=1, seed=1))
    assert len(decision.actions) == 1
    assert decision.stats["first_decision"]["seconds"] >= 0.75 * limit


@pytest.mark.parametrize("name", ["godo", "gogoa", "kokoro"])
def test_analyse_holds_the_time_limit(name):
    state = _state(name)
    solver.analyse(state, time_limit=LIMITS[0], workers=2)  # warm-up

    lines = within(LIMITS[0], lambda limit: solver.analyse(state, time_limit=limit, workers=2, seed=1))
    assert lines and lines[0]["action"] in state.legal_actions()


def test_a_timed_mcts_run_measures_one_iteration_first_then_runs_only_what_fits():
    state = _state("gogoa").kernel_state()
    searcher = MCTSSearcher(state, seed=1, workers=2, capacity=1024)
    try:
        first = searcher.run(seconds=0.0)  # a first run always runs one iteration, on one tree
        assert first.iterations == 1 and searcher.round_seconds is not None
        # less than two rounds at the measured cost: the run stops before starting one
        assert searcher.run(seconds=searcher.round_seconds).iterations == 0
        # an iteration budget alone is exact, as before
        assert searcher.run(iterations=3).iterations == 3
    finally:
        searcher.close()


def test_a_timed_expectimax_bounds_depth_one_too():
    state = _state("gogoa")  # a full depth 1 takes longer than the limit here
    ExpectimaxSearcher(state.kernel_state(), table_bits=4).run(seconds=0.0)  # warm-up

    def call(limit):
        searcher = ExpectimaxSearcher(state.kernel_state(), table_bits=table_bits_for(limit))
        stats = searcher.run(seconds=limit)
        assert searcher.rate is not None  # measured, for the next decision of the turn
        return stats

    stats = within(LIMITS[0], call)
    legal = state.legal_actions()
    assert set(stats.actions) <= set(legal)
    if stats.depth == 0:  # depth 1 was cut short: the root actions it finished, in order
        assert stats.actions == legal[: len(stats.actions)]


@settings(max_examples=50, deadline=None)
@given(st.floats(0.0, 10.0), st.floats(0.0, 10.0))
def test_arrays_are_sized_to_what_the_budget_can_fill(a, b):
    short, long = sorted((a, b))
    for size, most, per_second in (
        (capacity_for, CAPACITY, TREE_NODES_PER_SECOND),
        (lambda s: 1 << table_bits_for(s), 1 << TABLE_BITS, TABLE_NODES_PER_SECOND),
    ):
        n = size(short)
        assert n & (n - 1) == 0 and 1024 <= n <= most  # a power of two
        assert n >= min(most, short * per_second)  # it holds what the budget can fill
        assert n <= size(long) <= size(None) == most


def test_a_decision_left_unsearched_trusts_the_kept_tree_only_with_enough_visits():
    # A kept tree whose children have a visit or two each is noise: the greedy baseline decides.
    state = mid_game(2, 60, 16)  # a movement, 8 actions
    kstate, legal = state.kernel_state(), state.legal_actions()
    guard = Guard(kstate, None, None)  # a named searcher's: greedy's weights, no overruling
    greedy = guard.greedy(kstate)

    def tree_choice(iterations, seed):
        searcher = MCTSSearcher(kstate, seed=seed, workers=1)
        stats = searcher.run(iterations=iterations)
        best = stats.actions[stats.visits.index(max(stats.visits))]
        return searcher, best, max(stats.visits)

    for seed in range(20):
        searcher, best, visits = tree_choice(2 * len(legal), seed)
        if best != greedy:
            break
    assert best != greedy, "coverage: every small tree agreed with greedy"
    assert visits < TRUSTED_VISITS
    assert _unsearched(searcher, kstate, legal, guard) == greedy
    searcher, best, visits = tree_choice(3000, 1)
    assert visits >= TRUSTED_VISITS
    assert _unsearched(searcher, kstate, legal, guard) == best
