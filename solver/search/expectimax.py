"""Depth-limited expectimax, compiled with numba, for any game kernel.

``make_expectimax(kernel)`` is ``search`` compiled over one game's kernel functions (by
``solver.search.compiled``, cached on disk). A depth counts decisions; a chance node weighs its
outcomes by their probabilities and does not use depth. A branch whose probability falls below the
cutoff, or that reaches depth 0, is scored by the game's heuristic instead of being searched.
Decision nodes are stored in a transposition table kept in open-addressed numpy arrays (key, depth
searched, value vector). The key is the position's whole 64-bit ``state_hash``, probed from the
entry its low bits name, and an entry whose key matches is taken as the position's value without
looking at the position: sound because the hash mixes every bit of every word into every bit of
the key (``solver.core.kernel_tools.extend_hash``), so two positions of a search share a key with
odds near 2**-64, and the low bits spread positions over the table. With several players each
decision maximises the mover's own component (max^n); the natural use is the solo game against the
draws.

The search runs on an explicit stack of frames, one per ply, so it needs no recursion.
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
    heuristic,
    is_terminal,
    legal_actions,
    returns,
    state_hash,
)

DECISION, CHANCE_NODE = 0, 1
S_NODES, S_TT_HITS, S_LEAVES, S_STOP = range(4)  # S_STOP: set (from another thread) to end the search
TT_PROBES = 8


class Table:
    """A transposition table of ``2**bits`` entries for ``players`` players."""

    def __init__(self, bits: int, players: int) -> None:
        self.keys = np.zeros(1 << bits, np.int64)
        self.depth = np.full(1 << bits, -1, np.int64)
        self.values = np.zeros((1 << bits, players), np.float64)

    def arrays(self) -> tuple:
        return self.keys, self.depth, self.values


def search(root, depth, cutoff, node_limit, heur, tt_keys, tt_depth, tt_values, stats, root_actions,
           root_values):  # fmt: skip
    """Search ``depth`` decisions deep; fill the root's actions and their values for the mover
    and return how many root actions there are, or -1 once ``stats`` counts ``node_limit``
    nodes or ``stats[S_STOP]`` is set (the search is then abandoned)."""
    players = tt_values.shape[1]
    frames = 4 * (depth + 2)
    states = np.empty((frames, root.shape[0]), np.int64)
    states[:] = root  # each frame a state of the game, for ``copy_state``
    acts = np.empty((frames, BUFFER), np.int64)
    probs = np.empty((frames, 64), np.float64)
    count = np.zeros(frames, np.int64)
    index = np.zeros(frames, np.int64)
    kind = np.zeros(frames, np.int64)
    left = np.zeros(frames, np.int64)
    prob = np.zeros(frames, np.float64)
    mover = np.zeros(frames, np.int64)
    best = np.zeros(frames, np.float64)
    keys = np.zeros(frames, np.int64)
    acc = np.zeros((frames, players), np.float64)
    vals = np.zeros((frames, 8), np.float64)
    mask = tt_keys.shape[0] - 1

    left[0], prob[0] = depth, 1.0
    f = 0
    while True:
        # Enter frame f: either a leaf (value in vals[f]) or a node to expand.
        s = states[f]
        stats[S_NODES] += 1
        if stats[S_NODES] > node_limit or stats[S_STOP] != 0:
            return -1
        leaf = False
        if is_terminal(s):
            returns(s, vals[f])
            leaf = True
        elif current_player(s) < 0:
            if f > 0 and (prob[f] < cutoff or f + 1 >= frames):
                heuristic(s, heur, vals[f])
                leaf = True
            else:
                kind[f] = CHANCE_NODE
                count[f] = chance_outcomes(s, acts[f], probs[f])
                acc[f, :] = 0.0
        elif f > 0 and (left[f] <= 0 or prob[f] < cutoff or f + 1 >= frames):
            heuristic(s, heur, vals[f])
            leaf = True
        else:
            keys[f] = state_hash(s)
            hit = False
            if f > 0:
                for k in range(TT_PROBES):
                    i = (keys[f] + k) & mask
                    if tt_keys[i] == keys[f] and tt_depth[i] >= left[f]:
                        vals[f, :players] = tt_values[i]
                        hit = True
                        break
            if hit:
                stats[S_TT_HITS] += 1
                leaf = True
            else:
                kind[f] = DECISION
                count[f] = min(legal_actions(s, acts[f]), BUFFER)
                mover[f] = current_player(s)
                best[f] = -1e300
        index[f] = 0
        if leaf:
            stats[S_LEAVES] += 1
        # Climb: hand finished values to their parents, descend into the next child.
        while True:
            if leaf:
                if f == 0:
                    return 0
                parent = f - 1
                if kind[parent] == CHANCE_NODE:
                    for p in range(players):
                        acc[parent, p] += probs[parent, index[parent]] * vals[f, p]
                else:
                    m = mover[parent]
                    if parent == 0:
                        root_actions[index[0]] = acts[0, index[0]]
                        root_values[index[0]] = vals[f, m]
                    if vals[f, m] > best[parent]:
                        best[parent] = vals[f, m]
                        acc[parent, :] = vals[f, :players]
                index[parent] += 1
                f = parent
                leaf = False
            if index[f] < count[f]:
                child = f + 1
                copy_state(states[child], states[f])
                apply_action(states[child], acts[f, index[f]])
                if kind[f] == CHANCE_NODE:
                    left[child] = left[f]
                    prob[child] = prob[f] * probs[f, index[f]]
                else:
                    left[child] = left[f] - 1
                    prob[child] = prob[f]
                f = child
                break
            # Every child seen: f is finished.
            vals[f, :players] = acc[f]
            if kind[f] == DECISION:
                for k in range(TT_PROBES):
                    i = (keys[f] + k) & mask
                    if tt_depth[i] < left[f] or tt_keys[i] == keys[f] or k == TT_PROBES - 1:
                        tt_keys[i], tt_depth[i] = keys[f], left[f]
                        tt_values[i] = acc[f]
                        break
                if f == 0:
                    return count[0]
            leaf = True


COMPILED = (search,)
"""The functions compiled per kernel."""


def make_expectimax(kernel: ModuleType) -> Any:
    """``search`` compiled over one game kernel (loaded from the disk cache when it can be)."""
    return compiled.build(sys.modules[__name__], kernel).search
