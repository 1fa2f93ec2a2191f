"""Monte Carlo tree search, compiled with numba, for any game kernel.

``make_mcts(kernel)`` is ``search`` compiled over one game's kernel functions (``legal_actions``,
``apply_action``, ``chance_outcomes``, ``current_player``, ``is_terminal``, ``returns``,
``determinize``, ``heuristic``, ``random_below``). The tree lives in preallocated numpy arrays
(``Tree``): no Python object per node.

The search is single-observer information-set MCTS (SO-ISMCTS): each iteration deals the tiles the
player at the root cannot see anew (``determinize``), walks down the tree using only the actions
legal in that deal (UCB1 with availability counts), samples chance outcomes by their odds (with a
chance width, ``P_CHANCE_WIDTH``, among the outcomes a chance node has once it is as wide as its
visits allow: progressive widening), expands one node, plays a rollout (random, or
heuristic-guided) until the end or a cutoff where the heuristic scores the position, and backs up
the whole vector of returns (max^n: each player picks by its own component). With ``P_FINISH`` set,
the rollout first finishes the turn under way the way the greedy baseline does
(``greedy.finish_turn``: each remaining decision of the turn by its best heuristic result, chance
inside the turn by its likeliest outcome), so that a leaf is judged where the heuristic is sound
(at the end of a turn) and a new child that is a decision gets the greedy value of its turn first;
the tree then searches for better turns than greedy's.

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
    copy_state,
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
P_EXPLORATION, P_ROLLOUT_CUTOFF, P_GUIDED, P_EPSILON, P_FINISH, P_CHANCE_WIDTH, P_NORMALIZE = range(7)
NUM_PARAMS = 7
DEFAULT_PARAMS = np.array([0.7, 40.0, 3.0, 0.2, 0.0, 0.0, 0.0])
"""UCB exploration constant, rollout cutoff in steps, candidates tried per guided rollout step
(0: plain random rollouts), chance of a random step in a guided rollout, whether the rollout
first finishes the turn greedily (1) or not (0), and the width of chance nodes (0: every outcome
drawn is followed; else a chance node visited ``n`` times keeps at most ``width * sqrt(n)``
outcomes), and whether values are normalised (1) or not (0): a child's mean value for the mover
is placed in ``[0, 1]`` between the lowest and the highest value the search has backed up for
that player (``Tree.span``) before the exploration term is added, so that one exploration
constant fits a search whose results differ by 0.01 (three points of 300 in Go Goa) as well as
one whose results differ by 0.5. Tuned in docs/ai.md."""


def default_params(kernel: ModuleType, players: int) -> np.ndarray:
    """A copy of the MCTS parameters for a game of ``players``: with two or more, its kernel's
    ``MULTIPLAYER_MCTS_PARAMS`` if it has its own; else ``DEFAULT_PARAMS``."""
    own = getattr(kernel, "MULTIPLAYER_MCTS_PARAMS", None) if players > 1 else None
    return np.array(DEFAULT_PARAMS if own is None else own, np.float64)


# Slots of the tree's integer header.
H_NODES, H_ROOT, H_ITERATIONS, H_FORCED = range(4)
"""A tree's header: its nodes, its root, the iterations run, and 1 + an action the root searches as
often as its most visited (0: none; ``MCTSSearcher.force``)."""
ACTION_BITS = 24  # a child's key is parent << ACTION_BITS | action
SIBLING_SPAN = 16  # the children of a node start within this many slots of each other


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
        self.outcomes = np.zeros(capacity, np.int64)  # a chance node's children (its width)
        self.span = np.zeros((2, players), np.float64)  # the lowest and highest value backed up, by player
        slots = 1 << int(2 * capacity - 1).bit_length()
        self.table = np.full((slots, 2), -1, np.int64)  # (key, child) pairs: one cache line
        self.reset()

    def reset(self) -> None:
        """An empty tree: one root node."""
        self.header[:] = 0
        self.header[H_NODES] = 1
        self.visits[0] = self.available[0] = self.outcomes[0] = 0
        self.value[0] = 0.0
        self.span[0], self.span[1] = np.inf, -np.inf
        self.table[:, 0] = -1

    def arrays(self) -> tuple:
        return (self.header, self.visits, self.available, self.value, self.action, self.parent,
                self.player, self.outcomes, self.table, self.span)  # fmt: skip

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
        child = find(self.table, int(self.header[H_ROOT]), action)
        if child < 0:
            return False
        self.header[H_ROOT] = child
        return True


# -- the compiled search (over the kernel interface; see ``solver.search.compiled``) ------------


def uniform(rng):
    """A uniform float in [0, 1) from the generator ``rng``."""
    return (next_random(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


def pick(rng, acts, probs, n):
    """One of the ``n`` outcomes listed in ``acts``, drawn by its probability in ``probs``."""
    r = uniform(rng)
    for i in range(n):
        r -= probs[i]
        if r < 0.0:
            return acts[i]
    return acts[n - 1]


def sample_chance(s, rng, acts, probs):
    """An outcome of the chance node ``s``, drawn by its probability."""
    return pick(rng, acts, probs, chance_outcomes(s, acts, probs))


def first_slot(parent, action, mask):
    """Where the search for the child of ``parent`` by ``action`` starts in the tree's table (of
    ``mask + 1`` slots, probed linearly): the parent's hash, plus a few slots by the action, so
    that a node's children lie in a few cache lines (the walk down the tree looks them all up)."""
    return (parent * 0x9E3779B1 + ((action * 0x9E3779B1) >> 16) % SIBLING_SPAN) & mask


def find(table, parent, action):
    """The child of ``parent`` by ``action`` in the tree's table, or -1."""
    key = parent << ACTION_BITS | action
    mask = table.shape[0] - 1
    i = first_slot(parent, action, mask)
    while table[i, 0] != -1:
        if table[i, 0] == key:
            return table[i, 1]
        i = (i + 1) & mask
    return -1


def kept_outcome(rng, acts, probs, n, table, node, drawn):
    """One of the ``n`` outcomes of a chance node listed in ``acts`` (odds in ``probs``) that
    ``node`` already has a child for, drawn by its odds, and that child; ``(drawn, -1)`` if this
    deal has none of them (the outcomes of a draw depend on what the deal left in the pile)."""
    for _ in range(16):
        a = pick(rng, acts, probs, n)
        child = find(table, node, a)
        if child >= 0:
            return a, child
    start = random_below(rng, n)
    for i in range(n):
        a = acts[(start + i) % n]
        child = find(table, node, a)
        if child >= 0:
            return a, child
    return drawn, -1


def add(header, action_of, parent_of, table, parent, action):
    """A new node: the child of ``parent`` by ``action``."""
    node = header[H_NODES]
    header[H_NODES] = node + 1
    action_of[node] = action
    parent_of[node] = parent
    mask = table.shape[0] - 1
    i = first_slot(parent, action, mask)
    while table[i, 0] != -1:
        i = (i + 1) & mask
    table[i, 0] = parent << ACTION_BITS | action
    table[i, 1] = node
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
                    copy_state(trial, s)
                    apply_action(trial, a)
                    heuristic(trial, heur, values)
                    if values[mover] > best:
                        best, choice = values[mover], a
            apply_action(s, choice)
        steps += 1
    returns(s, values)


def search(root_state, observer, iterations, params, heur, rng, header, visits, available, value,
           action_of, parent_of, player_of, outcomes, table, span):  # fmt: skip
    """Run ``iterations`` iterations (fewer if the tree is full); returns how many ran."""
    players = value.shape[1]
    capacity = visits.shape[0]
    acts = np.empty(BUFFER, np.int64)
    kids = np.empty(BUFFER, np.int64)  # the child of each legal action (-1: none yet)
    probs = np.empty(BUFFER, np.float64)
    values = np.zeros(8, np.float64)
    path = np.empty(4096, np.int64)
    s = root_state.copy()
    trial = root_state.copy()
    done = 0
    for _ in range(iterations):
        if header[H_NODES] + 2 > capacity:
            break
        copy_state(s, root_state)
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
                n = chance_outcomes(s, acts, probs)
                a = pick(rng, acts, probs, n)
                child = find(table, node, a)
                if child < 0 and params[P_CHANCE_WIDTH] > 0.0:  # as wide as it may be?
                    if outcomes[node] >= max(1.0, params[P_CHANCE_WIDTH] * np.sqrt(visits[node])):
                        a, child = kept_outcome(rng, acts, probs, n, table, node, a)
                if child < 0:
                    child = add(header, action_of, parent_of, table, node, a)
                    outcomes[node] += 1
                    visits[child] = available[child] = outcomes[child] = 0
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
                c = find(table, node, acts[i])
                kids[i] = c
                if c < 0:
                    untried += 1
                else:
                    available[c] += 1
            if untried > 0:
                a = -1
                if depth == 0 and header[H_FORCED] > 0:  # the forced action is tried first
                    for i in range(n):
                        if kids[i] < 0 and acts[i] == header[H_FORCED] - 1:
                            a = acts[i]
                k = random_below(rng, untried) if a < 0 else -1
                for i in range(n):
                    if kids[i] < 0:
                        if k == 0:
                            a = acts[i]
                            break
                        k -= 1
                child = add(header, action_of, parent_of, table, node, a)
                visits[child] = outcomes[child] = 0
                available[child] = 1
                value[child, :] = 0.0
                apply_action(s, a)
                node = child
                depth += 1
                path[depth] = node
                expanded = True
                break
            best = -1
            if depth == 0 and header[H_FORCED] > 0:  # the forced action keeps up with the most visited
                most, forced = 0, -1
                for i in range(n):
                    most = max(most, visits[kids[i]])
                    if acts[i] == header[H_FORCED] - 1:
                        forced = i
                if forced >= 0 and visits[kids[forced]] < most:
                    best, a = kids[forced], acts[forced]
            low, width = 0.0, 1.0
            if params[P_NORMALIZE] > 0.0 and span[1, mover] > span[0, mover]:
                low, width = span[0, mover], span[1, mover] - span[0, mover]
            best_score = -1e300
            for i in range(n if best < 0 else 0):
                c = kids[i]
                score = (value[c, mover] / visits[c] - low) / width + params[P_EXPLORATION] * np.sqrt(
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
        for p in range(players):
            span[0, p] = min(span[0, p], values[p])
            span[1, p] = max(span[1, p], values[p])
        for d in range(depth + 1):
            visits[path[d]] += 1
            for p in range(players):
                value[path[d], p] += values[p]
        done += 1
    header[H_ITERATIONS] += done
    return done


COMPILED = (uniform, pick, sample_chance, first_slot, find, kept_outcome, add, rollout, search)
"""The functions compiled per kernel."""


def make_mcts(kernel: ModuleType) -> Any:
    """``search`` compiled over one game kernel (loaded from the disk cache when it can be)."""
    return compiled.build(sys.modules[__name__], kernel).search
