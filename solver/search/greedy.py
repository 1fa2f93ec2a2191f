"""The greedy baseline: one turn of lookahead on the game's heuristic, compiled with numba.

For each legal action, the rest of the player's turn is completed greedily (each following decision
takes the action whose result the heuristic likes best for that player) up to the end of the turn or
a chance event; the action whose line ends best is chosen. ``make_greedy(kernel)`` is ``choose``
compiled over one game's kernel (by ``solver.search.compiled``, cached on disk).
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
    current_player,
    heuristic,
    is_terminal,
    legal_actions,
)

MAX_TURN = 64  # decisions followed after the first, more than any turn takes


def one_ply(s, player, heur, acts, trial, values):
    """The action whose immediate result is best for ``player``."""
    n = min(legal_actions(s, acts), BUFFER)
    best, choice = -1.0, acts[0]
    for i in range(n):
        trial[:] = s
        apply_action(trial, acts[i])
        heuristic(trial, heur, values)
        if values[player] > best:
            best, choice = values[player], acts[i]
    return choice


def choose(s, heur):
    """The action of the player to move whose greedy line to the end of the turn ends best."""
    player = current_player(s)
    first = np.empty(BUFFER, np.int64)
    acts = np.empty(BUFFER, np.int64)
    line = np.empty_like(s)
    trial = np.empty_like(s)
    values = np.zeros(8)
    n = min(legal_actions(s, first), BUFFER)
    best, choice = -1.0, first[0]
    for i in range(n):
        line[:] = s
        apply_action(line, first[i])
        steps = 0
        while not is_terminal(line) and current_player(line) == player and steps < MAX_TURN:
            apply_action(line, one_ply(line, player, heur, acts, trial, values))
            steps += 1
        heuristic(line, heur, values)
        if values[player] > best:
            best, choice = values[player], first[i]
    return choice


COMPILED = (one_ply, choose)
"""The functions compiled per kernel."""


def make_greedy(kernel: ModuleType) -> Any:
    """``choose`` compiled over one game kernel (loaded from the disk cache when it can be)."""
    return compiled.build(sys.modules[__name__], kernel).choose
