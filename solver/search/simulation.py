"""Flat Monte Carlo: an action judged by whole games played out after it, compiled with numba.

Some decisions bet on the whole game: in Go Goa, which two tour plans to keep decides where the
trip must go for twelve days, further than any search from that point sees. ``make_simulation
(kernel)`` is ``simulate`` compiled over one game's kernel (by ``solver.search.compiled``): for
each candidate action it plays ``n`` games from the state after that action to the end, every
decision taken by the greedy policy (``greedy.choose``: one turn of lookahead on the game's
heuristic) and every chance event drawn by its odds (``mcts.pick``), and averages the returns of
the player who chose. Game ``j`` of every action starts from the same seed (common random
numbers), so two actions are compared on the same dice or draws, which makes the difference of
their means far less noisy than either mean. Each kind of chance event (``solver.search.streams``:
Kokoro's path cards, sanctuary cards and dice) is drawn from a generator of its own, so that the
games stay on the same luck when one decision brings a chance event earlier than another would (a
Kokoro peek fixes the next sanctuary card at once): with one generator for all, every later card
would differ.

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
    chance_outcomes,
    copy_state,
    current_player,
    is_terminal,
    returns,
)
from solver.search.greedy import choose
from solver.search.mcts import pick
from solver.search.settings import settings
from solver.search.streams import stream_of

STREAM_SPACING = np.uint64(0xD1B54A32D192ED03)
"""How far apart the generators of one game's streams start: an odd number far from a small
multiple of splitmix64's step, so that no two streams deal the same numbers."""


def play_out(s, heur, rngs, stream, acts, probs):
    """Play ``s`` to the end: greedy decisions, chance by its odds, each kind of chance event
    (``stream[outcome]``) drawn from its own generator ``rngs[stream]``."""
    while not is_terminal(s):
        if current_player(s) >= 0:
            apply_action(s, choose(s, heur))
        else:
            n = chance_outcomes(s, acts, probs)
            apply_action(s, pick(rngs[stream[acts[0]]], acts, probs, n))


def simulate(root, actions, n, heur, seed, stream, means):
    """Fill ``means[i]``: the mean return, for the player to move at ``root``, of ``n`` games
    played out after ``actions[i]``; game ``j`` draws each kind of chance event (``stream``,
    ``solver.search.streams``) from a generator of its own seeded by ``seed + j``."""
    player = current_player(root)
    acts = np.empty(BUFFER, np.int64)
    probs = np.empty(BUFFER, np.float64)
    out = np.zeros(8)
    rngs = np.zeros((stream.max() + 1, 1), np.uint64)
    s = root.copy()
    for i in range(actions.shape[0]):
        total = 0.0
        for j in range(n):
            copy_state(s, root)
            apply_action(s, actions[i])
            for k in range(rngs.shape[0]):
                rngs[k, 0] = np.uint64(seed + j) + np.uint64(k) * STREAM_SPACING
            play_out(s, heur, rngs, stream, acts, probs)
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
    make_simulation(kernel)(kstate.array, actions, playouts, heur, seed, stream_of(kstate.layout.weights.GAME), means)
    return int(actions[int(np.argmax(means))]), dict(zip(actions.tolist(), means.tolist()))
