"""The whole turns a player can play from a position: each sequence of their decisions up to the
next chance event, another player's decision or the end of the game, with the position it ends in.

The searchers that judge turns rather than single decisions (the hindsight bound, foresight) list
them here, over a kernel's state arrays.

    >>> import solver
    >>> state = solver.load_game("gogoa", players=1, backend="numba").new_initial_state()
    >>> while state.is_chance_node() or not state.turn_start():
    ...     state.apply_action(state.legal_actions()[0])
    >>> kstate = state.kernel_state()
    >>> found = turns(kstate.search_kernel(), kstate.array)  # the two tour plans to keep
    >>> len(found), {len(actions) for actions, _ in found}
    (6, {1})
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.core.errors import SearchError

MAX_TURNS = 100_000
"""The most turns listed: more means a game whose turns are too many to list (a GODŌ turn)."""


def turns(kernel: Any, s: np.ndarray) -> list[tuple[list[int], np.ndarray]]:
    """Every sequence of decisions of the player to move at ``s`` to the end of their turn, with
    the array it ends in; ``[([], s)]`` at a chance node or the end of the game.

    Raises:
        SearchError: more than ``MAX_TURNS`` turns.
    """
    found: list[tuple[list[int], np.ndarray]] = []
    player = int(kernel.current_player(s))
    acts = np.empty(kernel.BUFFER, np.int64)

    def extend(line: list[int], at: np.ndarray) -> None:
        if kernel.is_terminal(at) or int(kernel.current_player(at)) != player:
            if len(found) == MAX_TURNS:
                raise SearchError(f"turns: more than {MAX_TURNS} turns from this position")
            found.append((line, at))
            return
        for action in acts[: kernel.legal_actions(at, acts)].tolist():
            child = at.copy()
            kernel.apply_action(child, action)
            extend([*line, action], child)

    if player < 0:
        return [([], s)]
    extend([], s)
    return found
