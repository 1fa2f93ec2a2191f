"""Monte Carlo tree search, compiled with numba, for any game kernel.

``make_mcts(kernel)`` is ``search`` compiled over one game's kernel functions (``legal_actions``,
``apply_action``, ``chance_outcomes``, ``current_player``, ``is_terminal``, ``returns``,
``determinize``, ``heuristic``, ``random_below``). The tree lives in preallocated numpy arrays
(``Tree``): no Python object per node.

The search is single-observer information-set MCTS (SO-ISMCTS): each iteration deals the tiles the
player at the root cannot see anew (``determinize``), walks down the tree using only the actions
legal in that deal (UCB1 with availability counts), samples chance outcomes by their odds, expands
one node, plays a rollout (random, or heuristic-guided) until the end or a cutoff where the
heuristic scores the position, and backs up the whole vector of returns (max^n: each player picks
by its own component). With ``P_FINISH`` set, the rollout first finishes the turn under way the
way the greedy baseline does (``greedy.finish_turn``: each remaining decision of the turn by its
best heuristic result, chance inside the turn by its likeliest outcome), so that a leaf is judged
where the heuristic is sound (at the end of a turn) and a new child that is a decision gets the
greedy value of its turn first; the tree then searches for better turns than greedy's.

The functions in ``COMPILED`` are written over the kernel interface of ``solver.search.compiled``,
which compiles them per kernel in a generated module cached on disk: the first process compiles a
game's search, later ones load it (``bench/searcher_compile.py``).
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
    current_player,
    determinize,
    heuristic,
    is_terminal,
    legal_actions,
    next_random,
    random_below,
    returns,
)
from solver.search.greedy import finish_turn

# Indices into the float parameter array of a search.
P_EXPLORATION, P_ROLLOUT_CUTOFF, P_GUIDED, P_EPSILON, P_FINISH = range(5)
NUM_PARAMS = 5
DEFAULT_PARAMS = np.array([0.7, 40.0, 3.0, 0.2, 0.0])
"""UCB exploration constant, rollout cutoff in steps, candidates tried per guided rollout step
(0: plain random rollouts), chance of a random step in a guided rollout, and whether the rollout
first finishes the turn greedily (1) or not (0). Tuned in docs/ai.md."""


def default_params(kernel: ModuleType, players: int) -> np.ndarray:
    """A copy of the MCTS parameters for a game of ``players``: with two or more, its kernel's
    ``MULTIPLAYER_MCTS_PARAMS`` if it has its own; else ``DEFAULT_PARAMS``."""
    own = getattr(kernel, "MULTIPLAYER_MCTS_PARAMS", None) if players > 1 else None
    return np.array(DEFAULT_PARAMS if own is None else own, np.float64)


# Slots of the tree's integer header.
H_NODES, H_ROOT, H_ITERATIONS = range(3)
ACTION_BITS = 24  # a child's key is parent << ACTION_BITS | action


class Tree:
    """The arrays of one search tree, sized for ``capacity`` nodes."""

    def __init__(self, capacity: int, players: int) -> None:
        self.capacity = capacity
        self.header = np.zeros(4, np.int64)
        self.visits = np.zeros(capacity, np.int64)
        self.available = np.zeros(capacity, np.int64)
        self.value = np.zeros((capacity, players), np.float64)
        self.action = np.full(capacity, -1, np.int64)
        self.parent = np.full(capacity, -1, np.int64)
        self.player = np.full(capacity, -2, np.int64)  # who moves at the node (-1 chance)
        slots = 1 << int(2 * capacity - 1).bit_length()
        self.keys = np.full(slots, -1, np.int64)
        self.children = np.full(slots, -1, np.int64)
        self.reset()

    def reset(self) -> None:
        """An empty tree: one root node."""
        self.header[:] = 0
        self.header[H_NODES] = 1
        self.visits[0] = self.available[0] = 0
        self.value[0] = 0.0
        self.keys[:] = -1

    def arrays(self) -> tuple:
        return (self.header, self.visits, self.available, self.value, self.action, self.parent,
                self.player, self.keys, self.children)  # fmt: skip

    def root_children(self) -> list[tuple[int, int, int]]:
        """(action, visits, node) of the root's children, most visited first."""
        return self.children_of(int(self.header[H_ROOT]))

    def children_of(self, node: int) -> list[tuple[int, int, int]]:
        """(action, visits, node) of a node's children, most visited first."""
        kids = np.flatnonzero(self.parent[: int(self.header[H_NODES])] == node)
        found = [(int(self.action[n]), int(self.visits[n]), int(n)) for n in kids]
        return sorted(found, key=lambda t: -t[1])

    def reroot(self, action: int) -> bool:
        """Make the root's child by ``action`` the root (tree reuse); False if it has none."""
        root = int(self.header[H_ROOT])
        key = root << ACTION_BITS | action
        mask = len(self.keys) - 1
        i = (key * 0x9E3779B1) & mask
        while self.keys[i] != -1:
            if self.keys[i] == key:
                self.header[H_ROOT] = self.children[i]
                return True
            i = (i + 1) & mask
        return False


# -- the compiled search (over the kernel interface; see ``solver.search.compiled``) ------------


def uniform(rng):
    """A uniform float in [0, 1) from the generator ``rng``."""
    return (next_random(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


def sample_chance(s, rng, acts, probs):
    """An outcome of the chance node ``s``, drawn by its probability."""
    n = chance_outcomes(s, acts, probs)
    r = uniform(rng)
    for i in range(n):
        r -= probs[i]
        if r < 0.0:
            return acts[i]
    return acts[n - 1]


def find(keys, children, parent, action):
    """The child of ``parent`` by ``action`` in the tree's hash table, or -1."""
    key = parent << ACTION_BITS | action
    mask = keys.shape[0] - 1
    i = (key * 0x9E3779B1) & mask
    while keys[i] != -1:
        if keys[i] == key:
            return children[i]
        i = (i + 1) & mask
    return -1


def add(header, action_of, parent_of, keys, children, parent, action):
    """A new node: the child of ``parent`` by ``action``."""
    node = header[H_NODES]
    header[H_NODES] = node + 1
    action_of[node] = action
    parent_of[node] = parent
    key = parent << ACTION_BITS | action
    mask = keys.shape[0] - 1
    i = (key * 0x9E3779B1) & mask
    while keys[i] != -1:
        i = (i + 1) & mask
    keys[i] = key
    children[i] = node
    return node


def rollout(s, rng, params, heur, acts, probs, values, trial):
    """Play ``s`` on until the end or the cutoff (counted after the turn is finished, with
    ``P_FINISH``, when ``s`` is a decision); write the returns, or the heuristic's estimate, into
    ``values``. A chance leaf (GODŌ's draw after a placement) is not finished: in 2-player GODŌ
    that did worse (18 wins of 30 against greedy, seeds 110-139, 0.3 s a turn, against 25)."""
    if params[P_FINISH] > 0.0 and current_player(s) >= 0:
        finish_turn(s, current_player(s), heur, acts, probs, trial, values)
    cutoff = int(params[P_ROLLOUT_CUTOFF])
    guided = int(params[P_GUIDED])
    steps = 0
    while not is_terminal(s):
        if steps >= cutoff:
            heuristic(s, heur, values)
            return
        if current_player(s) < 0:
            apply_action(s, sample_chance(s, rng, acts, probs))
        else:
            n = min(legal_actions(s, acts), acts.shape[0])
            choice = acts[random_below(rng, n)]
            if guided > 0 and n > 1 and uniform(rng) >= params[P_EPSILON]:
                mover = current_player(s)
                best = -1.0
                for _ in range(guided):
                    a = acts[random_below(rng, n)]
                    trial[:] = s
                    apply_action(trial, a)
                    heuristic(trial, heur, values)
                    if values[mover] > best:
                        best, choice = values[mover], a
            apply_action(s, choice)
        steps += 1
    returns(s, values)


def search(root_state, observer, iterations, params, heur, rng, header, visits, available, value,
           action_of, parent_of, player_of, keys, children):  # fmt: skip
    """Run ``iterations`` iterations (fewer if the tree is full); returns how many ran."""
    players = value.shape[1]
    capacity = visits.shape[0]
    acts = np.empty(BUFFER, np.int64)
    probs = np.empty(BUFFER, np.float64)
    values = np.zeros(8, np.float64)
    path = np.empty(4096, np.int64)
    s = np.empty_like(root_state)
    trial = np.empty_like(root_state)
    done = 0
    for _ in range(iterations):
        if header[H_NODES] + 2 > capacity:
            break
        s[:] = root_state
        determinize(s, observer, rng)
        node = header[H_ROOT]
        depth = 0
        a = -1
        path[0] = node
        expanded = False
        while not is_terminal(s) and depth < 4000:
            mover = current_player(s)
            player_of[node] = mover
            if mover < 0:
                a = sample_chance(s, rng, acts, probs)
                child = find(keys, children, node, a)
                if child < 0:
                    child = add(header, action_of, parent_of, keys, children, node, a)
                    visits[child] = available[child] = 0
                    value[child, :] = 0.0
                    expanded = True
                apply_action(s, a)
                node = child
                depth += 1
                path[depth] = node
                if expanded:
                    break
                continue
            n = min(legal_actions(s, acts), acts.shape[0])
            untried = 0
            for i in range(n):
                c = find(keys, children, node, acts[i])
                if c < 0:
                    untried += 1
                else:
                    available[c] += 1
            if untried > 0:
                k = random_below(rng, untried)
                for i in range(n):
                    if find(keys, children, node, acts[i]) < 0:
                        if k == 0:
                            a = acts[i]
                            break
                        k -= 1
                child = add(header, action_of, parent_of, keys, children, node, a)
                visits[child] = 0
                available[child] = 1
                value[child, :] = 0.0
                apply_action(s, a)
                node = child
                depth += 1
                path[depth] = node
                expanded = True
                break
            best, best_score = -1, -1e300
            for i in range(n):
                c = find(keys, children, node, acts[i])
                score = value[c, mover] / visits[c] + params[P_EXPLORATION] * np.sqrt(
                    np.log(available[c]) / visits[c]
                )
                if score > best_score:
                    best, best_score, a = c, score, acts[i]
            apply_action(s, a)
            node = best
            depth += 1
            path[depth] = node
        if is_terminal(s):
            returns(s, values)
        else:
            rollout(s, rng, params, heur, acts, probs, values, trial)
        for d in range(depth + 1):
            visits[path[d]] += 1
            for p in range(players):
                value[path[d], p] += values[p]
        done += 1
    header[H_ITERATIONS] += done
    return done


COMPILED = (uniform, sample_chance, find, add, rollout, search)
"""The functions compiled per kernel."""


def make_mcts(kernel: ModuleType) -> Any:
    """``search`` compiled over one game kernel (loaded from the disk cache when it can be)."""
    return compiled.build(sys.modules[__name__], kernel).search
