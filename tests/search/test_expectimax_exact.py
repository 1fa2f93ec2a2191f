"""The compiled expectimax equals a plain-Python enumeration of the same tree.

``exact_expectimax`` (``tests/search/helpers.py``) walks the public state API (clone, apply,
legal actions, chance outcomes, returns) of the reference engine and scores the depth limit with
``kernel.heuristic``, as the compiled search does: a depth counts decisions, chance nodes weigh
their outcomes and use no depth, cutoff 0 prunes nothing. The root values must agree to 1e-9, and
the transposition table must not change them.
"""

from __future__ import annotations

import random

import pytest

from solver.core.play import random_step
from solver.search.searcher import ExpectimaxSearcher
from tests.search.helpers import exact_expectimax, mid_game, small_trees

TREES = {name: (state, deepest) for name, state, deepest in small_trees()}
CASES = [(name, d) for name, (_, deepest) in TREES.items() for d in range(1, deepest + 1)]


def _values(stats) -> dict[int, float]:
    return dict(zip(stats.actions, stats.values))


def _assert_same(got: dict[int, float], want: dict[int, float]) -> None:
    assert sorted(got) == sorted(want)
    for action, value in want.items():
        assert got[action] == pytest.approx(value, abs=1e-9), action


@pytest.mark.parametrize(("name", "depth"), CASES)
def test_root_values_equal_exact_enumeration(name, depth):
    state, _ = TREES[name]
    want = exact_expectimax(state, depth)
    stats = ExpectimaxSearcher(state.kernel_state(), determinize=False, cutoff=0.0).run(depth=depth)
    assert stats.depth == depth
    assert stats.by_value
    assert stats.actions == state.legal_actions()
    _assert_same(_values(stats), want)
    best = max(want.values())
    assert stats.value_of(stats.best) == pytest.approx(best, abs=1e-9)


def test_the_small_trees_are_not_trivial():
    # the comparison means something only if values differ between actions somewhere, and chance
    # nodes are crossed (the redraw position draws two tiles before placing one)
    differing = [name for name, (state, deepest) in TREES.items()
                 if len({round(v, 9) for v in exact_expectimax(state, deepest).values()}) > 1]  # fmt: skip
    assert len(differing) >= 4, differing
    state, _ = TREES["solo-stock-redraw"]
    after = state.clone()
    after.apply_action(after.legal_actions()[0])
    assert after.is_chance_node()


def _place_position():
    state = mid_game(2, 60, 3)
    rng = random.Random(1)
    while state.phase != "place" or state.to_json()["stage"] != "play":
        state.apply_action(random_step(state, rng))
    return state


@pytest.mark.parametrize("cutoff", [0.0, 0.05])
def test_a_tile_placement_followed_by_a_draw_with_many_outcomes(cutoff):
    # place (a decision) -> draw (a chance node with every pile tile) -> the move is the depth limit
    state = _place_position()
    assert len(state.to_json()["pile"]) > 20  # each outcome is below the 0.05 cutoff
    want = exact_expectimax(state, 1, cutoff)
    stats = ExpectimaxSearcher(state.kernel_state(), determinize=False, cutoff=cutoff).run(depth=1)
    _assert_same(_values(stats), want)


@pytest.mark.parametrize(("players", "steps", "seed"), [(2, 60, 4), (3, 70, 5), (2, 60, 16)])
@pytest.mark.parametrize("depth", [1, 2])
def test_mid_game_positions_with_several_players(players, steps, seed, depth):
    # max^n with 2 and 3 players: each decision maximises its mover's own component
    state = mid_game(players, steps, seed)
    assert len(state.legal_actions()) > 5
    want = exact_expectimax(state, depth)
    stats = ExpectimaxSearcher(state.kernel_state(), determinize=False, cutoff=0.0).run(depth=depth)
    _assert_same(_values(stats), want)


@pytest.mark.parametrize("cutoff", [0.2, 0.4])
def test_cutoff_prunes_unlikely_branches_as_documented(cutoff):
    # the redraw position draws two of three tiles: each pair has probability 1/6 < 0.2
    state, _ = TREES["solo-stock-redraw"]
    for depth in (1, 2, 3):
        want = exact_expectimax(state, depth, cutoff)
        stats = ExpectimaxSearcher(state.kernel_state(), determinize=False, cutoff=cutoff).run(depth=depth)
        _assert_same(_values(stats), want)


# -- the transposition table ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["solo-nudge", "solo-advance", "duo-share", "solo-stock-redraw"])
def test_a_reused_table_gives_the_same_values(name):
    state, deepest = TREES[name]
    fresh_stats = {
        d: ExpectimaxSearcher(state.kernel_state(), determinize=False, cutoff=0.0).run(depth=d)
        for d in range(1, deepest + 1)
    }
    fresh = {d: _values(stats) for d, stats in fresh_stats.items()}
    searcher = ExpectimaxSearcher(state.kernel_state(), determinize=False, cutoff=0.0)
    for d in range(1, deepest + 1):  # the same searcher, its table kept from the shallower runs
        assert _values(searcher.run(depth=d)) == pytest.approx(fresh[d], abs=1e-12)
    again = searcher.run(
        depth=deepest
    )  # and again at the same depth: decision children are table hits
    assert _values(again) == pytest.approx(fresh[deepest], abs=1e-12)
    assert again.nodes <= fresh_stats[deepest].nodes


@pytest.mark.parametrize("name", ["solo-nudge", "solo-advance", "duo-share", "solo-stock-redraw"])
def test_a_tiny_table_gives_the_same_values(name):
    # 4 entries: almost every store replaces another; values must not change
    state, deepest = TREES[name]
    big = ExpectimaxSearcher(state.kernel_state(), determinize=False, cutoff=0.0).run(depth=deepest)
    tiny = ExpectimaxSearcher(state.kernel_state(), determinize=False, cutoff=0.0, table_bits=2).run(depth=deepest)
    assert _values(tiny) == pytest.approx(_values(big), abs=1e-12)


@pytest.mark.parametrize("name", ["solo-nudge", "solo-advance", "duo-share"])
def test_the_table_kept_after_advance_gives_the_values_of_a_fresh_search(name):
    # best_move keeps the searcher (and its table) from one decision of a turn to the next
    state, deepest = TREES[name]
    searcher = ExpectimaxSearcher(state.kernel_state(), determinize=False, cutoff=0.0)
    first = searcher.run(depth=deepest)
    action = first.best
    child = state.clone()
    child.apply_action(action)
    if child.is_terminal() or child.is_chance_node():
        pytest.skip("the best action ends the decision sequence")
    searcher.advance(action)
    depth = max(1, deepest - 1)
    reused = _values(searcher.run(depth=depth))
    fresh = _values(ExpectimaxSearcher(child.kernel_state(), determinize=False, cutoff=0.0).run(depth=depth))
    assert reused == pytest.approx(fresh, abs=1e-12)
    _assert_same(reused, exact_expectimax(child, depth))


def test_expectimax_is_deterministic():
    state = mid_game(2, 60, 4)
    a = ExpectimaxSearcher(state.kernel_state(), determinize=False).run(depth=2)
    b = ExpectimaxSearcher(state.kernel_state(), determinize=False).run(depth=2)
    assert (a.actions, a.values, a.nodes, a.best) == (b.actions, b.values, b.nodes, b.best)
