"""Where a person clicks on the Kokoro picture (``render``) to choose a move.

A player answers the revealed path card in one of two ways, and both have a place on the board:

=====================  ==========================================================================
action                 target clicked
=====================  ==========================================================================
draw in space i        ``space`` of the mover's mat (player, row, col): one action per space
peek                   ``next-sanctuary``: the place of the next sanctuary card (its back, its
                       face, or the empty dashed slot when nobody peeked yet)
=====================  ==========================================================================

Path cards, sanctuary cards and die rolls are chance outcomes: nobody clicks them (``None``).

    >>> import solver
    >>> state = solver.load_game("kokoro", players=2).new_initial_state()  # a reference state
    >>> for outcome in (76, 69):                        # sanctuary A, then a golden 3 path card
    ...     state.apply_action(outcome)
    >>> target(state, 8)                                # space 8: row 1, column 2 from 0
    {'target': 'space', 'player': '0', 'row': '1', 'col': '2'}
    >>> target(state, act.PEEK)
    {'target': 'next-sanctuary'}
"""

from __future__ import annotations

from solver.core.setup import element
from solver.games.kokoro import actions as act
from solver.games.kokoro.rules import KokoroState


def target(state: KokoroState, action: int) -> dict[str, str] | None:
    """The ``data-*`` attributes (without ``data-``, as text) of the element of
    ``solver.render.svg(state)`` a person clicks to choose ``action``, a legal action of the
    player to move in the reference state ``state``; ``None`` for an action with no place on the
    board (in Kokoro: only chance outcomes, which no person chooses)."""
    kind = act.kind(action)
    if kind == "draw":
        row, col = state.mat.coords(action - act.DRAW)
        return element("space", player=state.to_move, row=row, col=col)
    if kind == "peek":
        return element("next-sanctuary")
    return None
