"""Flat Monte Carlo: an action judged by whole games played out after it, compiled with numba.

Some decisions bet on the whole game: in Go Goa, which two tour plans to keep decides where the
trip must go for twelve days, further than any search from that point sees. ``make_simulation
(kernel)`` is ``simulate`` compiled over one game's kernel (by ``solver.search.compiled``): for
each candidate action it plays ``n`` games from the state after that action to the end, every
decision taken by the greedy policy (``greedy.choose``: one turn of lookahead on the game's
heuristic) and every chance event drawn by its odds (``mcts.sample_chance``), and averages the
returns of the player who chose. Game ``j`` of every action starts from the same seed (common
random numbers), so two actions are compared on the same dice or draws as far as their games take
the same chance events, which makes the difference of their means far less noisy than either mean.

``best_by_simulation(state, n, seed)`` runs it on the actions of a kernel-backed state and returns
the best action with every action's mean.

    >>> import solver
    >>> state = solver.load_game("gogoa", players=1, backend="numba").new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.legal_actions()[0])
    >>> best, means = best_by_simulation(state, playouts=1, seed=1)
    >>> best in state.legal_actions(), len(means) == len(state.legal_actions())
    (True, True)
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

import numpy as np

from solver.search import compiled
from solver.search.compiled import (
    BUFFER,
    apply_action,
    copy_state,
    current_player,
    is_terminal,
    returns,
)
from solver.search.greedy import choose
from solver.search.mcts import sample_chance
from solver.search.settings import settings


def play_out(s, heur, rng, acts, probs):
    """Play ``s`` to the end: greedy decisions, chance by its odds from ``rng``."""
    while not is_terminal(s):
        if current_player(s) >= 0:
            apply_action(s, choose(s, heur))
        else:
            apply_action(s, sample_chance(s, rng, acts, probs))


def simulate(root, actions, n, heur, seed, means):
    """Fill ``means[i]``: the mean return, for the player to move at ``root``, of ``n`` games
    played out after ``actions[i]``; game ``j`` draws its chance events from seed
    ``seed + j``."""
    player = current_player(root)
    acts = np.empty(BUFFER, np.int64)
    probs = np.empty(BUFFER, np.float64)
    out = np.zeros(8)
    rng = np.zeros(1, np.uint64)
    s = root.copy()
    for i in range(actions.shape[0]):
        total = 0.0
        for j in range(n):
            copy_state(s, root)
            apply_action(s, actions[i])
            rng[0] = np.uint64(seed + j)
            play_out(s, heur, rng, acts, probs)
            returns(s, out)
            total += out[player]
        means[i] = total / n


COMPILED = (play_out, simulate)
"""The functions compiled per kernel."""


def make_simulation(kernel: ModuleType) -> Any:
    """``simulate`` compiled over one game kernel (loaded from the disk cache when it can be)."""
    return compiled.build(sys.modules[__name__], kernel).simulate


def best_by_simulation(
    state: Any, playouts: int, seed: int = 0, heuristic: np.ndarray | None = None
) -> tuple[int, dict[int, float]]:
    """The legal action of a kernel-backed ``state`` (at a decision) whose ``playouts`` simulated
    games end best on average for the player to move, and every action's mean return (the first
    best action in order wins a tie)."""
    kstate = state.kernel_state()
    kernel = kstate.search_kernel()
    actions = np.array(state.legal_actions(), np.int64)
    means = np.zeros(len(actions))
    heur = settings(kstate, None, "greedy")[0] if heuristic is None else heuristic
    make_simulation(kernel)(kstate.array, actions, playouts, heur, seed, means)
    return int(actions[int(np.argmax(means))]), dict(zip(actions.tolist(), means.tolist()))
