"""Setting up a GODŌ position by clicking on its picture (``solver.games.godo.render``).

``tools(state)`` lists what the web page offers; ``edit(state, tool, params, target)`` applies one
to ``state.to_json()`` and returns the new position, which it has read back with the strict reader
(``solver.games.godo.position``), so an edit never returns an impossible position. ``target`` is
the clicked element's ``data-*`` (strings, as the browser's ``dataset`` gives them).

=============  ==================  ==============================================================
tool           click (data-target)  what it does
=============  ==================  ==============================================================
``place``      ``square`` x y       lay ``params.tile`` (from the pile, a hand or the removed
                                    tiles) there at ``params.rotation``, under the placement
                                    rules; a hand giving the tile gets one of the pile instead
``lift``       ``tile`` tile        take a tile off the grounds, back to the pile
``monk``       ``point`` x y        put ``params.player``'s monk on that intersection
``enso``       ``point`` x y        put an Ensō token there, or take away the one there
``journal``    ``journal`` player   put that track's token on that space (``step`` 0-5, or
               colour step          ``mastered``: the token has left the journal)
``hand``       ``hand`` player      that player's hand is ``params.tile1..tile3`` (a tile,
                                    ``"unseen"``: any tile of the pile, or ``None``)
``discard``    (button)             ``params.tile`` leaves the game, as a hand that fits nowhere
``turn``       (button)             the start of ``params.player``'s turn: ``params.phase``
                                    ``"place"`` (lay a tile) or ``"move"`` (tile laid and drawn:
                                    the monk's first move)
``stock``      (button, solo)       the solo Ensō stock holds ``params.count`` tokens
=============  ==================  ==============================================================

Ensō tokens are counted as the rules count them: a token leaves a track when it is mastered and
then lies on the grounds or is out of the game. So a token put on the grounds comes from the
tokens out of the game (each mastered track frees one; in the solo game, else from the stock), and
one taken away goes out of the game.

How a person at the table enters the position in front of them, starting (as the web app does)
from a new game advanced to its first decision, player 0 about to lay the first initiation tile:

1. ``place`` every tile of the grounds, the first one in the middle square ``(0, 0)``, each next one
   touching the tiles already laid (``lift`` corrects a mistake);
2. ``turn``: whose turn it is, at its start or at the monk's first move. This ends the initiation:
   the monks not on the grounds yet stand on the first free intersections, and empty hands are
   dealt two tiles from the pile;
3. ``monk`` for each monk, ``journal`` for each track (the cell right of a track: mastered),
   ``enso`` for the tokens on the grounds, ``stock`` in the solo game;
4. ``hand`` for each hand (your own tiles; ``"unseen"`` for the tiles you cannot see) and
   ``discard`` for the tiles removed from the game.

Any decision later in a turn (more moves, Fox Shrines, improvement, sharing, mastering) is reached
by playing the turn's actions from there.

    >>> import solver
    >>> state = solver.load_game("godo", players=2).new_initial_state()
    >>> state.apply_action(state.chance_outcomes()[0][0])  # player 0 draws 3 initiation tiles
    >>> for _ in range(2):
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> tile = state.pile[0]
    >>> square = {"target": "square", "x": "0", "y": "0"}
    >>> position = edit(state, "place", {"tile": tile, "rotation": 0}, square)
    >>> position["grounds"] == [{"tile": tile, "x": 0, "y": 0, "rotation": 0}]
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver.core.errors import PositionError
from solver.core.setup import Param, Tool, check_params, find_tool, target_int, target_text
from solver.games.godo import geometry as geo
from solver.games.godo import rules as R
from solver.games.godo.pack import COLOURS, MASTERY_SPACE
from solver.games.godo.position import state_from_json
from solver.games.godo.rules import GodoState

UNSEEN = "unseen"
"""A ``hand`` choice: a tile of the pile, for a hand the person setting up cannot see."""
MASTERED = "mastered"
"""The ``step`` of the journal cell right of a track: its token has left the journal."""

_CORNERS = ("south-west", "south-east", "north-east", "north-west")
_ROTATION = Param(
    "rotation",
    "Rotation",
    tuple((90 * r, f"{90 * r}° (right angle {corner})") for r, corner in enumerate(_CORNERS)),
)
_PHASE = Param(
    "phase",
    "Step",
    (
        ("place", "start of the turn: place a tile"),
        ("move", "tile placed and drawn: move the monk"),
    ),
)
_STOCK = Param("count", "Tokens", tuple((n, str(n)) for n in range(R.SOLO_STOCK + 1)))
_HELP = {
    "place": "Click a square: the tile goes there (the first one anywhere, the next ones touching "
    "the grounds by a full side, each leg on a path of its colour).",
    "lift": "Click a tile on the grounds: it goes back to the pile.",
    "monk": "Click an intersection without a monk.",
    "enso": "Click an intersection: an Ensō token goes there, or the one there is taken away. "
    "Each mastered track frees one token.",
    "journal": "Click a space of a track: its Ensō token goes there; the cell right of the "
    "track: mastered.",
    "hand": "Choose up to three tiles, then click a player's hand; the tiles it held go back to "
    "the pile.",
    "discard": "The tile leaves the game, as the tiles of a hand that fits nowhere do.",
    "turn": "The start of a player's turn (this ends the initiation: missing monks go on free "
    "intersections, empty hands are dealt two tiles).",
    "stock": "The number of Ensō tokens left in the solo stock.",
}


def _reference(state: Any) -> GodoState:
    return state.to_reference() if hasattr(state, "to_reference") else state


def _tile_words(state: GodoState, tile: int) -> str:
    """``17: blue/green legs, gate:red (pile)``: a tile as a choice in a list."""
    info = state.pack.tiles[tile]
    markers = [str(c.marker) for c in info.corners if c.marker is not None]
    where = "pile" if tile in state.pile else "removed"
    for p, hand in enumerate(state.hands):
        if tile in hand:
            where = f"player {p}'s hand"
    legs = "/".join(COLOURS[c] for c in info.legs)
    return f"{tile}: {legs} legs{', ' + ', '.join(markers) if markers else ''} ({where})"


def tools(state: Any) -> list[Tool]:
    """The setup tools for this position (the tile lists are the tiles off the grounds now)."""
    ref = _reference(state)
    off = sorted(t for t in range(len(ref.pack.tiles)) if t not in ref.grounds.where)
    tiles = tuple((t, _tile_words(ref, t)) for t in off)
    player = Param("player", "Player", tuple((p, f"player {p}") for p in range(ref.players)))
    slot_choices = ((None, "no tile"), (UNSEEN, "an unseen tile (any from the pile)")) + tiles
    slots = tuple(Param(f"tile{i}", f"Tile {i}", slot_choices) for i in (1, 2, 3))
    discard = Param("tile", "Tile", tuple(c for c in tiles if c[0] not in ref.removed))
    rows = [
        ("place", "Place a tile", "square", (Param("tile", "Tile", tiles), _ROTATION)),
        ("lift", "Remove a tile", "tile", ()),
        ("monk", "Move a monk", "point", (player,)),
        ("enso", "Put or remove an Ensō token", "point", ()),
        ("journal", "Set a journal track", "journal", ()),
        ("hand", "Set a hand", "hand", slots),
        ("discard", "Remove a tile from the game", "", (discard,)),
        ("turn", "Set whose turn it is", "", (player, _PHASE)),
    ]
    if ref.solo:
        rows.append(("stock", "Set the Ensō stock", "", (_STOCK,)))
    return [Tool(name, label, target, params, _HELP[name]) for name, label, target, params in rows]


def edit(state: Any, tool: str, params: dict, target: dict) -> dict:
    """The position (JSON) after applying a setup tool to ``state``, which is not changed.

    Raises:
        PositionError: naming ``tool``, ``params.<name>`` or ``target.<key>``, or the field of the
            new position the strict reader refuses (e.g. ``hands[1]``).
    """
    ref = _reference(state)
    chosen = find_tool(tools(ref), tool)
    values = check_params(chosen, params)
    position = ref.to_json()
    _EDITS[chosen.name](ref, position, values, target)
    _count_enso(ref, position)
    try:
        state_from_json(position, ref.pack, ref.players, ref.variant, ref.solo)
    except PositionError as exc:
        if chosen.name == "turn" and exc.field == "phase":
            raise _nothing_to_decide(ref, values) from None
        raise
    return position


def _nothing_to_decide(state: GodoState, values: dict) -> PositionError:
    """Why the turn set up has no decision: no tile of the hand fits, or the monk cannot move."""
    player = values["player"]
    if values["phase"] == R.PLACE:
        return PositionError(
            "params.player",
            f"no tile of player {player}'s hand fits the grounds: set their hand first",
        )
    where = state.monks[player] or "its intersection"
    return PositionError("params.phase", f"player {player}'s monk has no move from {where}")


# -- the tools -------------------------------------------------------------------------------------


def _square(target: Any) -> tuple[int, int]:
    x = target_int(target, "x", geo.LOW, geo.HIGH - 1)
    return x, target_int(target, "y", geo.LOW, geo.HIGH - 1)


def _intersection(state: GodoState, target: Any) -> geo.Point:
    point = target_int(target, "x", geo.LOW, geo.HIGH), target_int(target, "y", geo.LOW, geo.HIGH)
    if point not in state.grounds.points:
        raise PositionError(
            "target", f"{point} is not an intersection (no tile has a corner there)"
        )
    return point


def _take(position: dict, tile: int) -> None:
    """Take a tile from wherever it is off the grounds (the pile, a hand, the removed tiles)."""
    for place in [position["pile"], position["removed"], *position["hands"]]:
        if tile in place:
            place.remove(tile)


def _take_keeping_hands(position: dict, tile: int) -> None:
    """Take a tile; a hand it comes from gets a tile of the pile instead (hands keep their size)."""
    holder = next((hand for hand in position["hands"] if tile in hand), None)
    _take(position, tile)
    if holder is not None and position["pile"]:
        holder.append(position["pile"].pop(0))
        holder.sort()


def _to_pile(position: dict, tiles: list[int]) -> None:
    position["pile"] = sorted(position["pile"] + tiles)


def _place(state: GodoState, position: dict, values: dict, target: Any) -> None:
    x, y = _square(target)
    tile, degrees = values["tile"], values["rotation"]
    slot = (x, y, degrees // 90)
    if state.grounds.slots and not state.grounds.can_place(tile, slot):
        raise PositionError(
            "target",
            f"tile {tile} cannot lie at ({x},{y}) rotated {degrees}°: a tile overlaps no other, "
            "shares a full side with the grounds and lays each leg only on a path of its colour",
        )
    _take_keeping_hands(position, tile)
    position["grounds"].append({"tile": tile, "x": x, "y": y, "rotation": degrees})


def _lift(state: GodoState, position: dict, values: dict, target: Any) -> None:
    tile = target_int(target, "tile", 0, len(state.pack.tiles) - 1)
    if tile not in state.grounds.where:
        raise PositionError("target.tile", f"tile {tile} is not on the grounds")
    rest = state.grounds.copy()
    rest.lift(tile)
    if not rest.is_connected():
        raise PositionError(
            "target.tile", f"taking tile {tile} away would split the grounds in two"
        )
    standing = [(f"player {p}'s monk", p_) for p, p_ in enumerate(state.monks) if p_ is not None]
    standing += [("an Ensō token", p) for p in sorted(state.enso)]
    for what, point in standing:
        if point not in rest.points:
            raise PositionError(
                "target.tile",
                f"{what} stands on {point}, which would be no intersection: move it first",
            )
    position["grounds"] = [g for g in position["grounds"] if g["tile"] != tile]
    _to_pile(position, [tile])


def _monk(state: GodoState, position: dict, values: dict, target: Any) -> None:
    point, player = _intersection(state, target), values["player"]
    other = next((p for p, where in enumerate(state.monks) if where == point and p != player), None)
    if other is not None:
        raise PositionError(
            "target", f"player {other}'s monk stands on {point}: only one monk per intersection"
        )
    position["monks"][player] = list(point)


def _enso(state: GodoState, position: dict, values: dict, target: Any) -> None:
    point = _intersection(state, target)
    if point in state.enso:
        position["enso"].remove(list(point))
        return
    position["enso"] = sorted(position["enso"] + [list(point)])
    if state.solo and _spare_enso(state, position) < 0 and position["stock"]:
        position["stock"] -= 1  # solo: the grounds' tokens come from the stock


def _journal(state: GodoState, position: dict, values: dict, target: Any) -> None:
    player = target_int(target, "player", 0, state.players - 1)
    colour = target_text(target, "colour", COLOURS)
    step = (
        None
        if isinstance(target, dict) and target.get("step") == MASTERED
        else target_int(target, "step", 0, MASTERY_SPACE)
    )
    position["journals"][player][colour] = step


def _hand(state: GodoState, position: dict, values: dict, target: Any) -> None:
    player = target_int(target, "player", 0, state.players - 1)
    picked = [
        (f"params.tile{i}", values[f"tile{i}"]) for i in (1, 2, 3) if values[f"tile{i}"] is not None
    ]
    named: list[int] = []
    for field, tile in picked:
        if tile == UNSEEN:
            continue
        if tile in named:
            raise PositionError(field, f"tile {tile} is chosen twice")
        named.append(tile)
        holder = next((p for p, hand in enumerate(state.hands) if tile in hand), player)
        if holder != player:
            raise PositionError(field, f"tile {tile} is in player {holder}'s hand")
    _to_pile(position, position["hands"][player])
    position["hands"][player] = []
    for tile in named:
        _take(position, tile)
    for field, tile in picked:
        if tile == UNSEEN:
            if not position["pile"]:
                raise PositionError(field, "the pile is empty: no unseen tile is left")
            named.append(position["pile"].pop(0))
    position["hands"][player] = sorted(named)


def _discard(state: GodoState, position: dict, values: dict, target: Any) -> None:
    _take(position, values["tile"])
    position["removed"] = sorted(position["removed"] + [values["tile"]])


def _turn(state: GodoState, position: dict, values: dict, target: Any) -> None:
    player = values["player"]
    if not state.grounds.slots:
        raise PositionError("grounds", "lay the tiles of the grounds before a turn can begin")
    free = [p for p in state.grounds.intersections() if p not in state.monks]
    for p, where in enumerate(state.monks):
        if where is None:
            if not free:
                raise PositionError(
                    "grounds", f"lay more tiles: {state.players} monks need as many intersections"
                )
            position["monks"][p] = list(free.pop(0))
    if state.stage == R.INITIATION:  # as the initiation ends, each player draws two tiles
        for hand in position["hands"]:
            if not hand:
                hand.extend(position["pile"][: R.HAND_SIZE])
                del position["pile"][: R.HAND_SIZE]
    if not position["hands"][player]:
        raise PositionError("params.player", f"player {player} holds no tile: set their hand first")
    position.pop("winners", None)
    position.update(stage=R.PLAY, phase=values["phase"], active=player, to_move=player, turn={})
    position["supply"] = {c: R.VIRTUE_TOKENS for c in COLOURS}
    position["collected"] = {c: 0 for c in COLOURS}


def _stock(state: GodoState, position: dict, values: dict, target: Any) -> None:
    position["stock"] = values["count"]
    if _spare_enso(state, position) < 0:
        raise PositionError(
            "params.count",
            "the Ensō tokens would not add up: take tokens off the grounds or un-master a track",
        )


_EDITS: dict[str, Callable[[GodoState, dict, dict, Any], None]] = {
    "place": _place,
    "lift": _lift,
    "monk": _monk,
    "enso": _enso,
    "journal": _journal,
    "hand": _hand,
    "discard": _discard,
    "turn": _turn,
    "stock": _stock,
}


# -- counting the Ensō tokens ----------------------------------------------------------------------


def _spare_enso(state: GodoState, position: dict) -> int:
    """The Ensō tokens out of the game once the journals, grounds, stock and the tokens being placed
    have theirs (negative: more are used than the game has)."""
    total = R.ENSO_PER_PLAYER * state.players + (R.SOLO_STOCK if state.solo else 0)
    on_journals = sum(pos is not None for row in position["journals"] for pos in row.values())
    used = (
        on_journals
        + len(position["enso"])
        + position.get("stock", 0)
        + position["turn"].get("enso_left", 0)
    )
    return total - used


def _count_enso(state: GodoState, position: dict) -> None:
    """Set the tokens out of the game to what is left over, or say why none is."""
    spare = _spare_enso(state, position)
    if spare < 0:
        raise PositionError(
            "target",
            "no Ensō token is free for this: each mastered track frees one "
            "(take one off the grounds first" + (", or lower the stock)" if state.solo else ")"),
        )
    position["enso_removed"] = spare
