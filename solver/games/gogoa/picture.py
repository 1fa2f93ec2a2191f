"""A text picture of a Go Goa position: the hex map with the players, then each player's sheet.

Each hex takes two characters; odd columns sit half a hex (one line) lower, as on the map::

    ::  plain land          **  Start Here
    b   a destination (b beach, w waterfall, f fort, h historical, r religious); upper case
        once the player shown visited it
    0   a player (seat number) standing there; several players: the lowest seat, then '+'
"""

from __future__ import annotations

from typing import Any

from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa import scoring
from solver.games.gogoa.pack import TYPES

LETTERS = "bwfhr"


def _token(state: Any, hex_: int, viewer: int) -> str:
    pack = state.pack
    if hex_ not in pack.land:
        return "  "
    here = [p for p, s in enumerate(state.sheets) if s.position == hex_]
    place = pack.destination(hex_)
    if place is None:
        first = "*" if hex_ == pack.start else ":"
    else:
        first = LETTERS[place.kind]
        if hex_ in state.sheets[viewer].visited:
            first = first.upper()
    if not here:
        return first + (first if place is None else " ")
    return first + (str(here[0]) if len(here) == 1 else "+")


def map_lines(state: Any, viewer: int) -> list[str]:
    """The map, with letter columns on top; destinations upper case once ``viewer`` visited them."""
    lines = [[" "] * (2 * hx.WIDTH + 3) for _ in range(2 * hx.HEIGHT + 1)]
    for hex_ in range(hx.CELLS):
        col, row = hx.col_row(hex_)
        lines[2 * row + (col & 1)][3 + 2 * col : 5 + 2 * col] = _token(state, hex_, viewer)
    for row in range(hx.HEIGHT):
        lines[2 * row][0:2] = f"{row + 1:>2}"
    header = "   " + "".join(f"{c} " for c in hx.LETTERS)
    return [header.rstrip()] + ["".join(line).rstrip() for line in lines]


def sheet_line(state: Any, player: int) -> str:
    pack = state.pack
    sheet = state.sheets[player]
    counts = scoring.type_counts(pack, sheet.visited)
    kinds = " ".join(f"{t[0]}{n}" for t, n in zip(TYPES, counts))
    guides = " ".join(
        f"{pack.name_of(h)}:{state.guide_status(player, g)}" for g, h in enumerate(pack.guides)
    )
    plans = ", ".join(str(c) for c in sheet.kept) or f"dealt {sheet.dealt}"
    return (
        f"player {player}: at {pack.name_of(sheet.position)}, {len(sheet.visited)} souvenirs ({kinds}), "
        f"score {state.scores()[player]}; plans {plans}; guides {guides}"
    )


def draw(state: Any, viewer: int | None = None) -> str:
    """The position as text; ``viewer`` (default: the player to move) decides the upper case."""
    if viewer is None:
        viewer = state.to_move if 0 <= state.current_player() < state.players else 0
    where = f"day {state.day}" if state.day else "setup"
    head = f"Go Goa, {where}, phase {state.phase}"
    if state.dice is not None:
        head += f", dice {' '.join(map(str, state.dice))}"
    if state.reserved is not None:
        head += f" (reserved {state.reserved})"
    if 0 <= state.current_player() < state.players:
        head += f", player {state.to_move} to move"
    return "\n".join(
        [head, *map_lines(state, viewer), *(sheet_line(state, p) for p in range(state.players))]
    )
