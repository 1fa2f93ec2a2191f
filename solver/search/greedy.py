"""The greedy baseline: one turn of lookahead on the game's heuristic, compiled with numba.

For each legal action, the rest of the player's turn is completed greedily (each following decision
takes the action whose result the heuristic likes best for that player) up to the end of the turn or
a chance event; the action whose line ends best is chosen.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np

MAX_TURN = 64  # decisions followed after the first, more than any turn takes

_CACHE: dict[str, object] = {}


def make_greedy(kernel: ModuleType):
    """The compiled greedy chooser of one game kernel."""
    if kernel.__name__ in _CACHE:
        return _CACHE[kernel.__name__]
    from numba import njit  # imported here: `import solver` stays free of numba

    legal_actions = kernel.legal_actions
    apply_action = kernel.apply_action
    current_player = kernel.current_player
    is_terminal = kernel.is_terminal
    heuristic = kernel.heuristic
    buffer = kernel.BUFFER

    @njit(nogil=True)
    def one_ply(s, player, heur, acts, trial, values):
        """The action whose immediate result is best for ``player``."""
        n = min(legal_actions(s, acts), buffer)
        best, choice = -1.0, acts[0]
        for i in range(n):
            trial[:] = s
            apply_action(trial, acts[i])
            heuristic(trial, heur, values)
            if values[player] > best:
                best, choice = values[player], acts[i]
        return choice

    @njit(nogil=True)
    def choose(s, heur):
        player = current_player(s)
        first = np.empty(buffer, np.int64)
        acts = np.empty(buffer, np.int64)
        line = np.empty_like(s)
        trial = np.empty_like(s)
        values = np.zeros(8)
        n = min(legal_actions(s, first), buffer)
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

    _CACHE[kernel.__name__] = choose
    return choose
