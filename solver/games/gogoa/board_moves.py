"""Where a person clicks the picture of a Go Goa position (``render``) to make a move.

=========  ======================================================================================
action     the element clicked (its ``data-*`` attributes)
=========  ======================================================================================
move       the ``hex`` the route ends on (a hex has one move: the cheapest in Local Guides)
stay       the ``hex`` the player stands on (a route may end there too: the page asks which)
reserve    a ``die`` showing the value (two dice alike are one choice)
keep       any ``plan`` of the player's hand: the six pairs to keep are listed there
=========  ======================================================================================

    >>> from solver.games.gogoa.pack import load_pack
    >>> from solver.games.gogoa.rules import GoGoaState
    >>> state = GoGoaState.new(load_pack(), players=1)
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> target(state, state.legal_actions()[0])
    {'target': 'plan', 'player': '0'}
    >>> state.apply_action(state.legal_actions()[0])
    >>> state.apply_action(act.ROLL)                    # the dice show 1 1 1
    >>> target(state, state.legal_actions()[0])
    {'target': 'die', 'value': '1'}
    >>> state.apply_action(state.legal_actions()[0])
    >>> state.legal_actions() == [act.move_action(hx.index("F6"), 0)]   # one step up
    True
    >>> target(state, state.legal_actions()[0])
    {'target': 'hex', 'hex': 'F6'}
"""

from __future__ import annotations

from solver.core.setup import element
from solver.games.gogoa import actions as act
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa.rules import GoGoaState


def target(state: GoGoaState, action: int) -> dict[str, str] | None:
    """The data-* attributes (keys without the "data-" prefix, values as strings, always including
    "target") of the element of the board picture (solver.render.svg(state)) a person clicks to
    choose `action`, a legal action of the reference state `state` (the player to move, not
    chance); None when the action has no place on the board (chance outcomes)."""
    kind = act.kind(action)
    if kind == "move":
        return element("hex", hex=hx.label(act.decode_move(action)[0]))
    if kind == "stay":
        return element("hex", hex=hx.label(state.sheets[state.to_move].position))
    if kind == "reserve":
        return element("die", value=action - act.RESERVE + 1)
    if kind == "keep":
        return element("plan", player=state.to_move)
    return None
