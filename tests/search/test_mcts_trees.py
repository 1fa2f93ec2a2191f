"""MCTSSearcher: root parallelism (merged root statistics) and tree reuse after ``advance``."""

from __future__ import annotations

import numpy as np
import pytest

from solver.search import mcts
from solver.search.searcher import MCTSSearcher
from tests.search.helpers import MOVE_EAST, forced_move_win_2p, mid_game


@pytest.fixture(scope="module")
def mid():
    return mid_game(2, 60, 16)  # phase move, 8 legal actions


def _per_tree(searcher, player):
    """{action: (visits, summed value for player)} of each tree's root."""
    out = []
    for tree in searcher.trees:
        out.append({a: (v, float(tree.value[n, player])) for a, v, n in tree.root_children()})
    return out


# -- root parallelism ------------------------------------------------------------------------------


@pytest.mark.parametrize("budget", [{"iterations": 400}, {"seconds": 0.15}])
def test_two_workers_merge_their_root_statistics(mid, budget):
    searcher = MCTSSearcher(mid.kernel_state(), seed=3, workers=2)
    try:
        stats = searcher.run(**budget)
    finally:
        searcher.close()
    player = mid.current_player()
    assert stats.player == player
    trees = _per_tree(searcher, player)
    assert len(trees) == 2
    for t in searcher.trees:
        assert int(t.header[mcts.H_ITERATIONS]) > 0  # both trees searched
    assert sum(int(t.header[mcts.H_ITERATIONS]) for t in searcher.trees) == stats.iterations
    assert stats.nodes == sum(int(t.header[mcts.H_NODES]) for t in searcher.trees)
    assert sorted(stats.actions) == sorted(set(trees[0]) | set(trees[1]))
    assert set(stats.actions) <= set(mid.legal_actions())
    for action, visits, value in zip(stats.actions, stats.visits, stats.values):
        parts = [t[action] for t in trees if action in t]
        assert visits == sum(v for v, _ in parts)
        assert value == pytest.approx(sum(s for _, s in parts) / visits, abs=1e-12)
    assert sum(stats.visits) == stats.iterations  # each iteration visits one root child
    if "iterations" in budget:
        assert [int(t.header[mcts.H_ITERATIONS]) for t in searcher.trees] == [200, 200]
        # the trees were seeded differently
        assert trees[0] != trees[1]


def test_two_workers_are_deterministic_with_an_iteration_budget(mid):
    def once():
        searcher = MCTSSearcher(mid.kernel_state(), seed=9, workers=2)
        try:
            stats = searcher.run(iterations=300)
        finally:
            searcher.close()
        return stats.actions, stats.visits, stats.values

    assert once() == once()


def test_the_best_action_is_the_most_visited(mid):
    searcher = MCTSSearcher(mid.kernel_state(), seed=1, workers=1)
    stats = searcher.run(iterations=300)
    i = stats.order()[0]
    assert stats.best == stats.actions[i]
    assert stats.visits[i] == max(stats.visits)


# -- tree reuse ------------------------------------------------------------------------------------


def test_advance_keeps_the_subtree_below_the_action(mid):
    searcher = MCTSSearcher(mid.kernel_state(), seed=2, workers=1)
    searcher.run(iterations=400)
    tree = searcher.trees[0]
    action, visits, node = tree.root_children()[0]
    assert visits > 1
    child = mid.kernel_state().clone()
    child.apply_action(action)
    assert child.current_player() == mid.current_player()  # the turn goes on
    nodes_before = int(tree.header[mcts.H_NODES])

    searcher.advance(action)
    assert int(tree.header[mcts.H_ROOT]) == node
    assert int(tree.visits[node]) == visits  # its visits are kept
    assert int(tree.header[mcts.H_NODES]) == nodes_before
    assert np.array_equal(searcher.state, child.array)
    kept = searcher.stats(0, 0.0)
    assert set(kept.actions) <= set(child.legal_actions())
    # the first visit expanded the node; every later one went on to one of its children
    assert sum(kept.visits) == visits - 1

    stats = searcher.run(iterations=100)
    assert stats.iterations == 100
    assert int(tree.visits[node]) == visits + 100
    assert sum(stats.visits) == visits - 1 + 100
    assert set(stats.actions) <= set(child.legal_actions())


def test_advance_to_an_unexpanded_action_starts_a_new_tree(mid):
    searcher = MCTSSearcher(mid.kernel_state(), seed=2, workers=1)
    searcher.run(iterations=3)  # 3 of the 11 actions expanded
    tree = searcher.trees[0]
    expanded = {a for a, _, _ in tree.root_children()}
    fresh = next(a for a in mid.legal_actions() if a not in expanded)
    searcher.advance(fresh)
    assert int(tree.header[mcts.H_ROOT]) == 0
    assert int(tree.header[mcts.H_NODES]) == 1
    assert tree.root_children() == []
    child = mid.kernel_state().clone()
    child.apply_action(fresh)
    stats = searcher.run(iterations=50)
    assert stats.iterations == 50 and sum(stats.visits) == 50
    assert set(stats.actions) <= set(child.legal_actions())


def test_advance_with_two_workers_reroots_every_tree(mid):
    searcher = MCTSSearcher(mid.kernel_state(), seed=4, workers=2)
    try:
        searcher.run(iterations=400)
        action = searcher.stats(0, 0.0).best
        kids = [{a: (v, n) for a, v, n in t.root_children()} for t in searcher.trees]
        searcher.advance(action)
        for tree, before in zip(searcher.trees, kids):
            if action in before:
                visits, node = before[action]
                assert int(tree.header[mcts.H_ROOT]) == node
                assert int(tree.visits[node]) == visits > 0
            else:
                assert int(tree.header[mcts.H_NODES]) == 1
        stats = searcher.run(iterations=100)
        assert stats.iterations == 100
    finally:
        searcher.close()


def test_tree_reuse_inside_best_move_still_finds_the_win():
    # the second decision of the winning turn is searched on the kept subtree
    state = forced_move_win_2p()
    searcher = MCTSSearcher(state.kernel_state(), seed=1, workers=1)
    searcher.run(iterations=200)
    searcher.advance(MOVE_EAST)
    assert int(searcher.trees[0].visits[int(searcher.trees[0].header[mcts.H_ROOT])]) > 0
    stats = searcher.run(iterations=50)
    after = state.clone()
    after.apply_action(MOVE_EAST)
    won = after.clone()
    won.apply_action(stats.best)
    assert won.is_terminal() and won.winners == [0]


# -- the width of chance nodes ---------------------------------------------------------------------


def _chance_nodes(tree):
    """(visits, children) of each chance node of a tree; checks the count the tree keeps."""
    nodes = int(tree.header[mcts.H_NODES])
    children = np.bincount(tree.parent[1:nodes], minlength=nodes)
    chance = np.flatnonzero(tree.player[:nodes] == -1)
    assert (tree.outcomes[chance] == children[chance]).all()
    return [(int(tree.visits[n]), int(children[n])) for n in chance]


@pytest.mark.parametrize("width", [0.0, 0.5])
def test_chance_nodes_keep_at_most_width_times_sqrt_visits_outcomes(width):
    """GODŌ's placement is followed by a draw from some forty tiles: without a width every draw
    starts a subtree of its own; with one, a draw visited ``n`` times keeps ``width * sqrt(n)``."""
    placing = mid_game(2, 60, 4)
    params = mcts.default_params(placing.kernel_state().search_kernel(), 2)
    params[mcts.P_CHANCE_WIDTH] = width
    searcher = MCTSSearcher(placing.kernel_state(), seed=3, workers=1, params=params)
    try:
        searcher.run(iterations=3000)
    finally:
        searcher.close()
    draws = _chance_nodes(searcher.trees[0])
    busy = [(v, k) for v, k in draws if v >= 100]
    assert busy, "coverage: no draw was visited 100 times"
    for visits, kids in busy:
        if width:
            assert kids <= max(1, width * np.sqrt(visits)) + 1  # a new one comes below the bound
        else:
            assert kids > 0.5 * np.sqrt(visits) + 1  # more than a width of 0.5 keeps
