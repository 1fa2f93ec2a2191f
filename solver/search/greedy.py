"""The greedy baseline: one turn of lookahead on the game's heuristic, compiled with numba.

For each legal action, the rest of the turn is played out (``finish_turn``): every decision is
taken greedily by the player who makes it (the action whose result the heuristic likes best for
that player; in GODŌ the other players spend what the turn shares with them), and every chance
event inside the turn takes its likeliest outcome. The action whose turn ends best for the player
who chose is played. The turn ends at the next first decision of a turn (the kernel's
``turn_start``), at the end of the game, or at a chance event that is not inside the turn; that
event is left unresolved, so its heuristic value (its expectation, as the heuristic sees it) is
the one compared.

Chance inside the turn: GODŌ draws a tile after the placement, before the monk moves. The rest of
the turn does not depend on which tile it is (movement, tokens, the journal and the heuristic
never read the hand), so every outcome gives the same line and value, and the likeliest one's is
the exact expectation at the cost of one line (``tests/search/test_greedy.py`` checks this). Go Goa
and Kokoro have no chance inside a turn: their rolls and flips come between turns.

A chance event counts as inside the turn when it comes before the line's first decision (right
after the action judged) and the decision after it (past its likeliest outcomes) falls to the
player who chose and does not start a turn. A chance event after the line's decisions ends the
turn: in GODŌ that is a turn that begins by redrawing (no tile in hand fits), which has no
``turn_start`` decision (the kernel's ``turn_start`` is the reference's, placing a tile not after
a redraw), so the lookahead would otherwise run on through whole turns of redraws.

Equally valued actions are not taken in the order they are listed (in GODŌ the lowest slot first,
which grew the boards in one direction): one of them is drawn by a generator seeded with a hash of
the position, so a position always gets the same choice and no seed is needed.

``make_greedy(kernel)`` is ``choose`` compiled over one game's kernel (by
``solver.search.compiled``, cached on disk)::

    >>> import solver
    >>> from solver.search.settings import heuristic_params
    >>> state = solver.load_game("godo", players=1, backend="numba").new_initial_state()
    >>> while not state.turn_start():
    ...     state.apply_action(state.legal_actions()[0])
    >>> kstate = state.kernel_state()
    >>> action = make_greedy(kstate.search_kernel())(kstate.array, heuristic_params(kstate))
    >>> int(action) in state.legal_actions()
    True
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
    random_below,
    state_hash,
    turn_start,
)

MAX_TURN = 64  # decisions and chance events followed after the first action: more than a turn has


def one_ply(s, heur, acts, trial, values):
    """The action whose immediate result is best for the player to move (the first of equals)."""
    player = current_player(s)
    n = min(legal_actions(s, acts), BUFFER)
    best, choice = -1.0, acts[0]
    for i in range(n):
        copy_state(trial, s)
        apply_action(trial, acts[i])
        heuristic(trial, heur, values)
        if values[player] > best:
            best, choice = values[player], acts[i]
    return choice


def likeliest(s, acts, probs):
    """The likeliest outcome of the chance event ``s`` (the first listed of equally likely ones)."""
    n = chance_outcomes(s, acts, probs)
    best = 0
    for i in range(1, n):
        if probs[i] > probs[best]:
            best = i
    return acts[best]


def finish_turn(line, player, heur, acts, probs, trial, values):
    """Play the rest of ``player``'s turn in ``line``, in place: decisions by ``one_ply``, chance
    events inside the turn by their likeliest outcome, up to the end of the turn (see the module
    docstring), where ``line`` is left."""
    steps, decided = 0, False
    while steps < MAX_TURN and not is_terminal(line) and not turn_start(line):
        if current_player(line) >= 0:
            apply_action(line, one_ply(line, heur, acts, trial, values))
            decided = True
            steps += 1
            continue
        if decided:
            return  # chance after the turn's decisions: the next turn's
        copy_state(trial, line)
        while current_player(trial) < 0 and not is_terminal(trial):
            apply_action(trial, likeliest(trial, acts, probs))
        if is_terminal(trial) or turn_start(trial) or current_player(trial) != player:
            return  # the turn ended before this chance event
        copy_state(line, trial)
        steps += 1


def turn_value(s, action, heur, acts, probs, line, trial, values):
    """The heuristic value, for the player to move in ``s``, of the end of the turn that
    ``action`` begins (``finish_turn``); ``line`` holds that end afterwards."""
    player = current_player(s)
    copy_state(line, s)
    apply_action(line, action)
    finish_turn(line, player, heur, acts, probs, trial, values)
    heuristic(line, heur, values)
    return values[player]


def choose(s, heur):
    """The action of the player to move whose turn ends best for them; among equals, one drawn
    by a generator seeded with the position's hash (see the module docstring)."""
    first = np.empty(BUFFER, np.int64)
    acts = np.empty(BUFFER, np.int64)
    probs = np.empty(BUFFER, np.float64)
    line = s.copy()
    trial = s.copy()
    values = np.zeros(8)
    rng = np.zeros(1, np.uint64)
    rng[0] = state_hash(s)
    n = min(legal_actions(s, first), BUFFER)
    best, choice, ties = -1.0, first[0], 0
    for i in range(n):
        value = turn_value(s, first[i], heur, acts, probs, line, trial, values)
        if value > best:
            best, choice, ties = value, first[i], 1
        elif value == best:
            ties += 1  # each of the equals is kept with odds 1/ties: uniform over them
            if random_below(rng, ties) == 0:
                choice = first[i]
    return choice


COMPILED = (one_ply, likeliest, finish_turn, turn_value, choose)
"""The functions compiled per kernel."""


def make_greedy(kernel: ModuleType) -> Any:
    """``choose`` compiled over one game kernel (loaded from the disk cache when it can be)."""
    return compiled.build(sys.modules[__name__], kernel).choose
