"""best_move and the searchers on whole positions: hidden information, backends, solo turns,
time-limited expectimax and a full MCTS tree."""

from __future__ import annotations

import json

import pytest

import solver
from solver.search import mcts
from solver.search.searcher import ExpectimaxSearcher, MCTSSearcher
from tests.search.helpers import apply_all, mid_game, small_trees


@pytest.fixture(scope="module")
def mid():
    return mid_game(2, 60, 16)  # phase move, 8 legal actions


def _same_game_other_hidden_tiles(state):
    """The same position with one tile of the opponent's hand swapped with one of the pile."""
    obj = state.to_json()
    other = 1 - state.current_player()
    hand, pile = obj["hands"][other], obj["pile"]
    assert hand and pile
    hand[0], pile[0] = pile[0], hand[0]
    obj["pile"] = sorted(pile)
    swapped = solver.load_game("godo", players=state.players).state_from_json(obj)
    assert swapped.to_json(observer=state.current_player()) == state.to_json(
        observer=state.current_player()
    )
    assert swapped.to_json() != state.to_json()
    return swapped


def test_mcts_does_not_look_at_hidden_tiles(mid):
    # SO-ISMCTS deals the tiles the player to move cannot see anew each iteration, and the AI's
    # greedy guard judges a deal too: two positions the player cannot tell apart get the same
    # search, to the last visit. (Both are loaded from JSON: a position reached by play keeps the
    # kernel's bookkeeping of its last draw, which the greedy baseline's tie-breaks hash.)
    other = _same_game_other_hidden_tiles(mid)
    mid = solver.load_game("godo", players=mid.players).state_from_json(mid.to_json())
    a = solver.best_move(mid, iterations=300, seed=3, workers=1)
    b = solver.best_move(other, iterations=300, seed=3, workers=1)
    first_a, first_b = dict(a.stats["first_decision"]), dict(b.stats["first_decision"])
    first_a.pop("seconds")
    first_b.pop("seconds")
    assert (a.actions, a.value, first_a) == (b.actions, b.value, first_b)


def test_both_backends_give_the_same_decision():
    ref = mid_game(3, 70, 5)
    fast = mid_game(3, 70, 5, backend="numba")
    assert ref.to_json() == fast.to_json()
    for kwargs in (
        {"iterations": 200, "seed": 4, "workers": 1},
        {"algorithm": "expectimax", "depth": 2},
    ):
        a, b = solver.best_move(ref, **kwargs), solver.best_move(fast, **kwargs)
        assert (a.actions, a.steps, a.value) == (b.actions, b.steps, b.value)


@pytest.mark.parametrize("algorithm", ["mcts", "expectimax"])
@pytest.mark.parametrize("name", ["solo-nudge", "solo-advance", "solo-stock-redraw"])
def test_a_solo_turn_runs_until_chance_or_the_end(name, algorithm):
    # solo: the same player keeps deciding (stock token, next turn's tile) until a tile is drawn
    state = dict((n, s) for n, s, _ in small_trees())[name]
    budget = {"iterations": 100, "workers": 1} if algorithm == "mcts" else {"depth": 2}
    decision = solver.best_move(state, algorithm=algorithm, **budget)
    end = apply_all(state, decision.actions)
    assert end.is_chance_node() or end.is_terminal()
    walker = state.clone()
    for a in decision.actions:
        assert walker.current_player() == 0
        walker.apply_action(a)
    assert json.loads(json.dumps(decision.to_json()))["actions"] == decision.actions


def test_decision_to_json(mid):
    decision = solver.best_move(mid, iterations=64, workers=1)
    obj = json.loads(json.dumps(decision.to_json()))
    assert obj["player"] == decision.player
    assert obj["actions"] == decision.actions
    assert obj["plan"] == decision.steps
    assert obj["stats"]["algorithm"] == "ai" and obj["stats"]["searcher"] == "mcts"
    assert obj["stats"]["workers"] == 1
    assert obj["value"] == pytest.approx(decision.value, abs=1e-4)


def test_time_limited_expectimax_reports_a_depth_searched_in_full(mid):
    # the deepest iteration is abandoned when time runs out: the values reported are those of the
    # last depth completed, equal to a fixed-depth search to that depth
    ExpectimaxSearcher(mid.kernel_state()).run(depth=1)
    timed = ExpectimaxSearcher(mid.kernel_state()).run(seconds=0.2)
    assert timed.depth >= 1
    fixed = ExpectimaxSearcher(mid.kernel_state()).run(depth=timed.depth)
    assert timed.actions == fixed.actions
    assert timed.values == pytest.approx(fixed.values, abs=1e-12)


def test_a_full_tree_stops_the_search(mid):
    searcher = MCTSSearcher(mid.kernel_state(), seed=1, workers=1, capacity=64)
    stats = searcher.run(iterations=1000)
    assert 0 < stats.iterations < 1000
    assert int(searcher.trees[0].header[mcts.H_NODES]) <= 64
    assert sum(stats.visits) == stats.iterations
    assert stats.best in mid.legal_actions()
    stats = searcher.run(seconds=0.1)  # a full tree with a time budget returns at once
    assert stats.iterations == 0 and stats.seconds < 0.05
