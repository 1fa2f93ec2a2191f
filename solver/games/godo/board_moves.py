"""Where a GODŌ decision is made on the picture: the element of ``render.svg(state)`` a person
clicks to choose an action.

=====================  ==========================================================================
action                 element clicked (its ``data-*``)
=====================  ==========================================================================
place, relocate        the ``square`` the tile goes to (every tile and rotation there share it)
move, gate             the ``point`` the monk goes to (every payment shares it)
push (Move-Monk)       the ``point`` the other monk is pushed to
point                  that ``point``: the monk entering, an Ensō token taken, put or placed
advance, nudge         the journal ``space`` the track's Ensō token moves onto (``target="journal"``)
exchange (Fox Shrine)  the collected ``virtue`` token given (every colour taken for it shares it)
pass                   none: the page lists it (and draws are chance's, not a person's)
=====================  ==========================================================================

    >>> from solver.games.godo.pack import load_pack
    >>> from solver.games.godo.rules import GodoState
    >>> state = GodoState.new(load_pack(), players=2)
    >>> while state.is_chance_node():
    ...     state.apply_action(state.legal_actions()[0])
    >>> target(state, state.legal_actions()[0])
    {'target': 'square', 'x': '0', 'y': '0'}
"""

from __future__ import annotations

from solver.core.setup import element
from solver.games.godo import actions as act
from solver.games.godo import geometry as geo
from solver.games.godo.pack import COLOURS, NUM_COLOURS
from solver.games.godo.rules import GodoState


def target(state: GodoState, action: int) -> dict[str, str] | None:
    """The ``data-*`` attributes (without ``data-``, as strings, ``target`` among them) of the
    element of the picture of ``state`` a person clicks to choose ``action``, a legal action of the
    player to move; ``None`` for an action with no place on the board (pass)."""
    kind, payload = act.kind(action), act.payload(action)
    if kind == "place":
        _, (x, y, _) = act.decode_place(action)
        return element("square", x=x, y=y)
    if kind in ("move", "gate"):
        return _point(state._decode_move(action).target)
    if kind == "push":
        player, direction = divmod(payload, 4)
        return _point(geo.step(state.monks[player], direction))
    if kind == "point":
        return _point(geo.index_point(payload))
    if kind in ("advance", "nudge"):
        track = payload % NUM_COLOURS
        step = state.tracks[state.to_move][track] + 1
        return element("journal", player=state.to_move, colour=COLOURS[track], step=step)
    if kind == "exchange":
        give = payload // NUM_COLOURS
        return element("virtue", colour=COLOURS[give], place="collected")
    return None


def _point(p: geo.Point) -> dict[str, str]:
    return element("point", x=p[0], y=p[1])
