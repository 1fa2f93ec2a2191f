"""The searchers decide on what the player to move knows: hidden information is dealt anew.

Two positions that differ only in what the player to move cannot see (which unseen tiles are in the
opponent's hand and which in the pile) must get the same search results for the same seed.
"""

from __future__ import annotations

import numpy as np

import solver
from solver.core.perft import walk
from solver.games.godo import layout as L
from solver.games.godo.kernel_state import KernelState
from solver.search.searcher import ExpectimaxSearcher, MCTSSearcher


def _decision_with_hidden_hand() -> KernelState:
    """A 2-player decision near the end of a turn: a search of depth 3 reaches the opponent's
    draw, so what the pile holds matters to it (seed and steps found by a scan)."""
    state = walk(solver.load_game("godo", players=2, backend="numba").new_initial_state(), 58, 3)
    other = 1 - state.current_player()
    assert not state.is_chance_node() and state.array[L.HAND + other] and state.array[L.PILE]
    return state


def _swapped(state: KernelState) -> KernelState:
    """The same position with one tile of the opponent's hand swapped with one of the pile."""
    a = state.array.copy()
    hand = L.HAND + 1 - state.current_player()
    mine, pile = int(a[hand]), int(a[L.PILE])
    out, into = mine & -mine, pile & -pile
    a[hand] = (mine & ~out) | into
    a[L.PILE] = (pile & ~into) | out
    return KernelState(a, state.pack)


def test_expectimax_does_not_read_the_opponents_hand():
    state = _decision_with_hidden_hand()
    other = _swapped(state)
    assert not np.array_equal(state.array, other.array)
    dealt = [ExpectimaxSearcher(s, seed=3).run(depth=3) for s in (state, other)]
    assert (dealt[0].actions, dealt[0].values) == (dealt[1].actions, dealt[1].values)
    seen = [ExpectimaxSearcher(s, determinize=False).run(depth=3) for s in (state, other)]
    assert seen[0].values != seen[1].values  # reading the true state, the search would notice


def test_mcts_does_not_read_the_opponents_hand():
    state = _decision_with_hidden_hand()
    results = [MCTSSearcher(s, seed=3, workers=1).run(iterations=300) for s in (state, _swapped(state))]
    assert (results[0].actions, results[0].visits) == (results[1].actions, results[1].visits)
