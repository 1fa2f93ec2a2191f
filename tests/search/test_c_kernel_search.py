"""The searchers run on the C kernel too (numba calls the cffi functions) and find the same things."""

from __future__ import annotations

import pytest

import solver
from solver.core.perft import walk
from solver.games.godo import ckernel
from solver.search.searcher import ExpectimaxSearcher, MCTSSearcher

pytestmark = pytest.mark.skipif(not ckernel.available(), reason="the C kernels were not built")


@pytest.fixture(scope="module")
def position():
    state = walk(solver.load_game("godo", players=2, backend="numba").new_initial_state(), 60, 3)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


def test_mcts_on_the_c_kernel_equals_mcts_on_numba(position):
    from solver.games.godo import ckernel_jit

    results = []
    for kernel in (None, ckernel_jit):
        searcher = MCTSSearcher(position, seed=5, workers=1, kernel=kernel)
        stats = searcher.run(iterations=500)
        results.append((stats.actions, stats.visits, stats.values))
    assert results[0] == results[1]
    assert sum(results[0][1]) == 500


def test_expectimax_on_the_c_kernel_equals_expectimax_on_numba(position):
    from solver.games.godo import ckernel_jit

    numba_stats = ExpectimaxSearcher(position).run(depth=2)
    c_stats = ExpectimaxSearcher(position, kernel=ckernel_jit).run(depth=2)
    assert (c_stats.actions, c_stats.values) == (numba_stats.actions, numba_stats.values)
