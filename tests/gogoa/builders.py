"""Small Go Goa maps and typed positions for the rule tests.

``pack_dict`` makes a pack on the 12 x 16 grid: by default every hex is land, the destinations sit
in the bottom-right corner (far from the middle, so they do not get in the way) and 'Start Here' is
F8. ``game`` loads it; ``move_position`` types a position where a player is about to move. A
position must be reachable: a sheet that has visited a corner beach (two routes from F8, and two
back) is typed on day 5 or later.
"""

from __future__ import annotations

from typing import Any

import solver
from solver.games.gogoa import actions as act
from solver.games.gogoa import hexgrid as hx

CORNER = {
    "Calangute": ("beach", "L16"),
    "Colva": ("beach", "K16"),
    "Palolem": ("beach", "J16"),
    "Dudhsagar": ("waterfall", "L15"),
    "Aguada": ("fort", "K15"),
    "Old Goa": ("historical", "J15"),
    "Mangueshi": ("religious", "I15"),
}


def rows(land: set[str] | None) -> list[str]:
    """The ``land`` rows of a pack: every hex, or the hexes labelled."""
    hexes = set(range(hx.CELLS)) if land is None else {hx.index(label) for label in land}
    return [
        "".join("#" if hx.at(c, r) in hexes else "." for c in range(hx.WIDTH))
        for r in range(hx.HEIGHT)
    ]


def plans(names: list[str]) -> list[dict[str, Any]]:
    """Twelve 40-point and twelve 20/30-point cards over the first destinations named."""
    cards = []
    for i in range(24):
        places = [names[(i + k) % len(names)] for k in range(3)]
        cards.append({"id": i, "points": 40 if i < 12 else (20, 30)[i % 2], "places": places})
    return cards


def pack_dict(
    land: set[str] | None = None,
    extra: dict[str, tuple[str, str]] | None = None,
    start: str = "F8",
    corner: bool = True,
) -> dict[str, Any]:
    """A pack: ``land`` labels (None: every hex), the corner destinations and ``extra`` ones
    (name -> (type, label)); the corner hexes are added to the land."""
    places = dict(CORNER) if corner else {}
    places.update(extra or {})
    if land is not None:
        land = set(land) | {label for _, label in places.values()} | {start}
    return {
        "name": "test",
        "width": hx.WIDTH,
        "height": hx.HEIGHT,
        "land": rows(land),
        "start": start,
        "destinations": [{"name": n, "type": t, "hex": h} for n, (t, h) in places.items()],
        "guides": ["Calangute", "Colva", "Palolem"],
        "bonus": "Dudhsagar",
        "plans": plans(list(places)),
    }


def game(players: int = 2, backend: str = "reference", **pack: Any) -> Any:
    return solver.load_game("gogoa", players=players, pack=pack_dict(**pack), backend=backend)


def sheet(
    position: str = "Start Here", visited: tuple[str, ...] = (), **more: Any
) -> dict[str, Any]:
    return {"position": position, "visited": list(visited), **more}


def move_position(
    g: Any,
    sheets: list[dict[str, Any]],
    dice: tuple[int, int, int],
    reserved: int,
    to_move: int = 0,
    day: int = 1,
    seed: int = 0,
) -> Any:
    """A typed position on ``day``: ``to_move`` is about to draw a route (plans dealt at random)."""
    obj = {
        "game": "gogoa",
        "players": g.players,
        "phase": "move",
        "day": day,
        "to_move": to_move,
        "dice": list(dice),
        "reserved": reserved,
        "sheets": [dict(s, plans=s.get("plans", [p, 12 + p])) for p, s in enumerate(sheets)],
    }
    return g.state_from_json(obj, seed=seed)


def ends(state: Any) -> dict[str, int]:
    """The moves of the player to move: where each ends (name or label) -> guides spent."""
    out = {}
    for a in state.legal_actions():
        if act.kind(a) == "move":
            end, cost = act.decode_move(a)
            out[state.pack.name_of(end)] = cost
    return out


def walk(start: str, path: str) -> str:
    """The label reached from ``start`` along headings written as digits, e.g. ``"1 2 3"``."""
    hex_ = hx.index(start)
    for d in path.split():
        hex_ = hx.neighbour(hex_, int(d))
    return hx.label(hex_)
