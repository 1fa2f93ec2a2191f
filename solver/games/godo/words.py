"""GODŌ in words: actions as sentences (``describe``) and the one-line picture of a position
(``picture``).

    >>> import solver
    >>> state = solver.load_game("godo", players=2).new_initial_state()
    >>> picture(state)
    'GODŌ initiation, draw (player 0), tiles on table: 0'
    >>> describe(state, state.legal_actions()[0])
    'draw tile 0'
"""

from __future__ import annotations

from typing import Any

from solver.games.godo import actions as act
from solver.games.godo import geometry as geo
from solver.games.godo.pack import COLOURS, NUM_COLOURS
from solver.games.godo.rules import ADVANCE, ENSO_FROM, ENSO_TO, FOX, MONK, MOVE, RELOCATE, STOCK


def picture(state: Any) -> str:
    """Where the game stands, in one line."""
    return f"GODŌ {state.stage}, {state.phase} (player {state.to_move}), tiles on table: {len(state.grounds.slots)}"


def _payment_words(payment: int) -> str:
    if payment == act.FREE:
        return "free (mastered colour)"
    return f"paying with the {COLOURS[payment]} track"


def describe(state: Any, action: int) -> str:
    """Words for an action, e.g. ``place tile 17 at (3,-2) rotated 90°``."""
    name = act.kind(action)
    if name == "place":
        tile, (x, y, r) = act.decode_place(action)
        verb = "relocate" if state.phase == RELOCATE else "place"
        return f"{verb} tile {tile} at ({x},{y}) rotated {geo.rotation_degrees(r)}°"
    if name == "draw":
        return f"draw tile {action - act.DRAW}"
    if name == "pass":
        return {MOVE: "end the movement", ADVANCE: "use no more tokens", FOX: "keep the tokens"}.get(
            state.phase, "skip the Sacred Specialty"
        )
    if name == "move":
        direction, pay = divmod(action - act.MOVE, act.PAYMENTS)
        here = state.monks[state.active]
        colour = state.grounds.path_colour(here, geo.step(here, direction)) if here else None
        path = f"the {COLOURS[colour]} path" if colour is not None else "the path"
        return f"move {geo.DIRECTION_NAMES[direction]} along {path}, {_payment_words(pay)}"
    if name == "gate":
        index, pay = divmod(action - act.GATE, act.PAYMENTS)
        return f"travel by Sacred Gate to {geo.index_point(index)}, {_payment_words(pay)}"
    if name == "advance":
        colour, track = divmod(action - act.ADVANCE, NUM_COLOURS)
        return f"move the {COLOURS[track]} track's Ensō token right with {COLOURS[colour]}"
    if name == "nudge":
        return f"move the {COLOURS[action - act.NUDGE]} track's Ensō token one step right"
    if name == "exchange":
        give, take = divmod(action - act.EXCHANGE, NUM_COLOURS)
        return f"exchange a {COLOURS[give]} virtue token for a {COLOURS[take]} one"
    if name == "push":
        player, direction = divmod(action - act.PUSH, 4)
        return f"move player {player}'s monk {geo.DIRECTION_NAMES[direction]}"
    point = geo.index_point(action - act.POINT)
    return {
        MONK: f"place the monk at {point}",
        ENSO_FROM: f"take the Ensō token at {point}",
        ENSO_TO: f"put the Ensō token at {point}",
        STOCK: f"place a stock Ensō token at {point}",
    }.get(state.phase, f"place an Ensō token at {point}")
