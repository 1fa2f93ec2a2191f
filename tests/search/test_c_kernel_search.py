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


def test_best_move_searches_on_the_backend_the_state_is_on(position):
    on_c = solver.load_game("godo", players=2, backend="c").state_from_json(position.to_json())
    assert on_c.search_kernel() is not on_c.kernel  # the numba wrappers of the C functions
    decisions = [solver.best_move(s, iterations=300, seed=2, workers=1) for s in (position, on_c)]
    assert [d.stats["backend"] for d in decisions] == ["numba", "c"]
    assert decisions[0].actions == decisions[1].actions
    assert decisions[0].value == decisions[1].value


def test_agents_play_on_the_c_kernel():
    game = solver.load_game("godo", players=2, backend="c")
    record = solver.play(game, ["greedy", "mcts:iterations=50:workers=1"], seed=4)
    again = solver.play(solver.load_game("godo", players=2, backend="numba"),
                        ["greedy", "mcts:iterations=50:workers=1"], seed=4)  # fmt: skip
    assert record.actions == again.actions
