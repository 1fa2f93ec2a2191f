"""The human GODŌ position format: a plain JSON object a person can read and type.

``to_json`` writes a state; ``state_from_json`` reads one back, checks that it is a position the
rules can reach (tiles fit, every component is accounted for, the phase has a decision to make) and
names the bad field otherwise. A position at the start of player 1's turn in a 2-player game::

    {
      "game": "godo", "players": 2, "variant": false, "solo": false, "pack": "reference",
      "stage": "play", "phase": "place", "active": 1, "to_move": 1,
      "grounds": [{"tile": 12, "x": 0, "y": 0, "rotation": 0}, ...],
      "monks": [[0, 1], [1, 0]],
      "enso": [],
      "journals": [{"blue": 1, "green": 0, "purple": 2, "red": 0, "yellow": null}, ...],
      "supply": {"blue": 3, "green": 3, "purple": 3, "red": 3, "yellow": 3},
      "collected": {"blue": 0, ...},
      "hands": [[3, 40], [7, 21]],
      "pile": [...], "removed": [], "enso_removed": 0,
      "turn": {}
    }

A journal gives each track's token position (0 is the leftmost space, 5 the sixth) or ``null`` once
the token has left the track (mastered). ``turn`` holds what the current phase needs and nothing else
(see ``_TURN_FIELDS``); missing fields take the value they have when the phase begins.

A position seen by one player (``to_json(observer=p)``) gives the other hands as sizes and lists the
tiles that player cannot see as ``"unseen"`` instead of ``"pile"``; reading it back deals the hidden
hands from the unseen tiles with a seed.
"""

from __future__ import annotations

import random
from typing import Any

from solver.core.errors import PositionError
from solver.games.godo import actions as act
from solver.games.godo import geometry as geo
from solver.games.godo import rules as R
from solver.games.godo.grounds import Grounds
from solver.games.godo.pack import COLOURS, MASTERY_SPACE, NUM_COLOURS, Pack
from solver.games.godo.rules import GodoState, Move

_TOP_KEYS = (
    "game", "players", "variant", "solo", "pack", "stage", "phase", "active", "to_move",
    "grounds", "monks", "enso", "journals", "supply", "collected", "hands", "pile", "unseen",
    "removed", "enso_removed", "stock", "turn", "winners",
)  # fmt: skip

# The phases in which the active player may hold virtue tokens collected this turn.
_HOLDING_PHASES = (R.MOVE, R.FOX, R.PUSH, R.RELOCATE, R.ENSO_FROM, R.ENSO_TO, R.ADVANCE)
_DEALS = 200  # tries to deal a hidden hand that fits the phase before calling the position impossible

# The turn fields each phase needs, with what they are when the phase begins.
_TURN_FIELDS: dict[str, dict[str, Any]] = {
    R.DRAW: {"drawer": 0, "draws_left": 1, "then": R.THEN_PLACE, "places_left": 1, "redrawn": False},
    R.PLACE: {"places_left": 1, "redrawn": False},
    R.MONK: {},
    R.ADVANCE: {"pool": None, "pool_mode": R.POOL_IMPROVE},
    R.MOVE: {"moves": 0, "last_path": None},
    R.NUDGE: {},
    R.FOX: {"moves": 1, "last_path": None, "fox_left": 1},
    R.PUSH: {"moves": 0, "last_path": None, "pending": None},
    R.RELOCATE: {"moves": 0, "last_path": None, "pending": None},
    R.ENSO_FROM: {"moves": 0, "last_path": None, "pending": None},
    R.ENSO_TO: {"moves": 0, "last_path": None, "pending": None, "enso_from": None},
    R.MASTER: {"enso_left": 1},
    R.STOCK: {},
    R.OVER: {"enso_left": 0},  # a winner's last tokens, taken off the journal as the game ends
}


# -- writing ---------------------------------------------------------------------------------------


def _point(p: geo.Point | None) -> list[int] | None:
    return None if p is None else [p[0], p[1]]


def _colours(counts: list[int]) -> dict[str, int]:
    return {COLOURS[c]: n for c, n in enumerate(counts)}


def _move(move: Move, with_payment: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"gate": move.gate, "from": _point(move.origin), "to": _point(move.target)}
    if with_payment:
        out["payment"] = "free" if move.payment == act.FREE else COLOURS[move.payment]
    return out


def _turn(state: GodoState) -> dict[str, Any]:
    values = {
        "drawer": state.drawer,
        "draws_left": state.draws_left,
        "then": state.then,
        "places_left": state.places_left,
        "redrawn": state.redrawn,
        "pool": _colours(state.pool),
        "pool_mode": state.pool_mode,
        "moves": state.moves,
        "last_path": state.last_path and _move(state.last_path, with_payment=False),
        "fox_left": state.fox_left,
        "pending": state.pending and _move(state.pending, with_payment=True),
        "enso_from": _point(state.enso_from),
        "enso_left": state.enso_left,
    }
    fields = list(_TURN_FIELDS[state.phase])
    if state.phase == R.DRAW and state.then != R.THEN_PLACE:
        fields = ["drawer", "draws_left", "then"]
    if state.phase == R.ADVANCE and state.pool_mode == R.POOL_IMPROVE:
        fields = ["pool_mode"]  # improvement spends the collected tokens themselves
    return {name: values[name] for name in fields}


def to_json(state: GodoState, observer: int | None = None) -> dict[str, Any]:
    """The position as a plain dict; with an ``observer``, only what that player can see."""
    out: dict[str, Any] = {
        "game": "godo",
        "players": state.players,
        "variant": state.variant,
        "solo": state.solo,
        "pack": state.pack.name,
        "stage": state.stage,
        "phase": state.phase,
        "active": state.active,
        "to_move": state.to_move,
        "grounds": [
            {"tile": t, "x": x, "y": y, "rotation": geo.rotation_degrees(r)}
            for t, (x, y, r) in sorted(state.grounds.where.items())
        ],
        "monks": [_point(p) for p in state.monks],
        "enso": [_point(p) for p in sorted(state.enso)],
        "journals": [{COLOURS[t]: pos for t, pos in enumerate(row)} for row in state.tracks],
        "supply": _colours(state.supply),
        "collected": _colours(state.collected),
    }
    if observer is None:
        out["hands"] = [list(h) for h in state.hands]
        out["pile"] = list(state.pile)
    else:
        out["hands"] = [list(h) if p == observer else len(h) for p, h in enumerate(state.hands)]
        hidden = [t for p, h in enumerate(state.hands) if p != observer for t in h]
        out["unseen"] = sorted(state.pile + hidden)
    out["removed"] = list(state.removed)
    out["enso_removed"] = state.enso_removed
    if state.solo:
        out["stock"] = state.stock
    out["turn"] = _turn(state)
    if state.phase == R.OVER:
        out["winners"] = list(state.winners)
    return out


# -- reading ---------------------------------------------------------------------------------------


def _int(value: Any, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(field, f"expected an integer, got {value!r}")
    if not low <= value <= high:
        raise PositionError(field, f"expected {low} to {high}, got {value}")
    return value


def _bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(field, f"expected true or false, got {value!r}")
    return value


def _list(value: Any, field: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise PositionError(field, f"expected a list, got {type(value).__name__}")
    if length is not None and len(value) != length:
        raise PositionError(field, f"expected {length} entries, got {len(value)}")
    return value


def _dict(value: Any, field: str, keys: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise PositionError(field, f"expected an object, got {type(value).__name__}")
    unknown = [k for k in value if k not in keys]
    if unknown:
        raise PositionError(f"{field}.{unknown[0]}", "unknown field")
    return value


def _choice(value: Any, field: str, options: tuple[str, ...]) -> str:
    if value not in options:
        raise PositionError(field, f"expected one of {', '.join(options)}, got {value!r}")
    return value


def _read_point(value: Any, field: str) -> geo.Point:
    x, y = _list(value, field, 2)
    p = (_int(x, f"{field}[0]", geo.LOW, geo.HIGH), _int(y, f"{field}[1]", geo.LOW, geo.HIGH))
    return p


def _read_colours(value: Any, field: str, high: int) -> list[int]:
    obj = _dict(value, field, COLOURS)
    return [_int(obj.get(c, 0), f"{field}.{c}", 0, high) for c in COLOURS]


def _read_tiles(value: Any, field: str, n_tiles: int) -> list[int]:
    tiles = [_int(t, f"{field}[{i}]", 0, n_tiles - 1) for i, t in enumerate(_list(value, field))]
    if len(set(tiles)) != len(tiles):
        raise PositionError(field, "a tile is listed twice")
    return sorted(tiles)


class _Reader:
    """Reads one position into a state, checking each field as it goes."""

    def __init__(self, pack: Pack, players: int, variant: bool, solo: bool, seed: int) -> None:
        self.pack, self.rng = pack, random.Random(seed)
        self.state = GodoState(pack, players, variant, solo)
        self.hidden: list[tuple[int, int]] = []  # (player, hand size) of the hands not shown
        self.unseen: list[int] = []

    def read(self, obj: Any) -> GodoState:
        s = self.state
        obj = _dict(obj, "position", _TOP_KEYS)
        if obj.get("game") != "godo":
            raise PositionError("game", f"expected 'godo', got {obj.get('game')!r}")
        for key, want in (("players", s.players), ("variant", s.variant), ("solo", s.solo)):
            if key in obj and obj[key] != want:
                raise PositionError(key, f"the game was loaded with {key}={want!r}, the position has {obj[key]!r}")
        if obj.get("pack", s.pack.name) != s.pack.name:
            raise PositionError("pack", f"the position is for pack {obj['pack']!r}, the game uses {s.pack.name!r}")
        s.stage = _choice(obj.get("stage", R.PLAY), "stage", (R.INITIATION, R.PLAY, R.OVER))
        s.phase = _choice(obj.get("phase"), "phase", R.PHASES)
        if (s.stage == R.OVER) != (s.phase == R.OVER):
            raise PositionError("phase", f"phase {s.phase!r} does not go with stage {s.stage!r}")
        s.active = _int(obj.get("active", 0), "active", 0, s.players - 1)
        s.to_move = _int(obj.get("to_move", s.active), "to_move", 0, s.players - 1)
        turn = obj.get("turn", {})
        s.then = turn.get("then", R.THEN_PLACE) if isinstance(turn, dict) else R.THEN_PLACE
        self._grounds(obj.get("grounds", []))
        self._tiles(obj)
        self._monks(obj.get("monks"))
        points = s.grounds.points
        s.enso = set()
        for i, value in enumerate(_list(obj.get("enso", []), "enso")):
            p = _read_point(value, f"enso[{i}]")
            if p not in points:
                raise PositionError(f"enso[{i}]", f"{p} is not an intersection")
            if p in s.enso:
                raise PositionError(f"enso[{i}]", f"two Ensō tokens on {p}")
            s.enso.add(p)
        self._journals(obj.get("journals"))
        s.supply = _read_colours(obj.get("supply"), "supply", R.VIRTUE_TOKENS)
        s.collected = _read_colours(obj.get("collected", {}), "collected", R.VIRTUE_TOKENS)
        for c, colour in enumerate(COLOURS):
            if s.supply[c] + s.collected[c] != R.VIRTUE_TOKENS:
                raise PositionError(
                    f"supply.{colour}",
                    f"supply and collected hold {s.supply[c] + s.collected[c]} {colour} virtue tokens, "
                    f"the game has {R.VIRTUE_TOKENS}",
                )
        holding = s.stage == R.PLAY and s.phase in _HOLDING_PHASES
        if any(s.collected) and not holding:
            raise PositionError(
                "collected", "virtue tokens are held only from the movement to the end of sharing"
            )
        s.enso_removed = _int(obj.get("enso_removed", 0), "enso_removed", 0, 100)
        if s.solo:
            s.stock = _int(obj.get("stock", R.SOLO_STOCK), "stock", 0, R.SOLO_STOCK)
        elif "stock" in obj:
            raise PositionError("stock", "only the solo game has an Ensō stock")
        self._turn(turn)
        if s.phase == R.OVER:
            winners = _list(obj.get("winners", []), "winners")
            s.winners = sorted({_int(w, f"winners[{i}]", 0, s.players - 1) for i, w in enumerate(winners)})
            if not s.winners and not s.solo:
                raise PositionError("winners", "a finished multiplayer game has at least one winner")
        self._check_enso_count()
        self._check_decision()
        return s

    def _grounds(self, value: Any) -> None:
        s = self.state
        grounds = Grounds(self.pack)
        for i, entry in enumerate(_list(value, "grounds")):
            field = f"grounds[{i}]"
            entry = _dict(entry, field, ("tile", "x", "y", "rotation"))
            for key in ("tile", "x", "y", "rotation"):
                if key not in entry:
                    raise PositionError(f"{field}.{key}", "missing")
            tile = _int(entry["tile"], f"{field}.tile", 0, len(self.pack.tiles) - 1)
            x = _int(entry["x"], f"{field}.x", geo.LOW, geo.HIGH - 1)
            y = _int(entry["y"], f"{field}.y", geo.LOW, geo.HIGH - 1)
            degrees = entry["rotation"]
            if type(degrees) is not int or degrees not in (0, 90, 180, 270):
                raise PositionError(f"{field}.rotation", f"expected 0, 90, 180 or 270, got {degrees!r}")
            slot = (x, y, degrees // 90)
            if tile in grounds.where:
                raise PositionError(f"{field}.tile", f"tile {tile} is already on the grounds")
            if slot in grounds.slots or any((x, y, o) in grounds.slots for o in geo.overlapping(slot[2])):
                other = next(t for (sx, sy, _), t in grounds.slots.items() if (sx, sy) == (x, y))
                raise PositionError(field, f"tile {tile} at ({x},{y}) rotated {degrees}° overlaps tile {other}")
            for e, colour in zip(geo.leg_edges(*slot), self.pack.tiles[tile].legs):
                if e in grounds.paths and grounds.paths[e] != colour:
                    raise PositionError(
                        field,
                        f"tile {tile}'s {COLOURS[colour]} leg lies on a {COLOURS[grounds.paths[e]]} leg "
                        f"along {e[0]}-{e[1]}",
                    )
            grounds.place(tile, slot)
        if not grounds.is_connected():
            raise PositionError("grounds", "the temple grounds are not in one piece")
        if s.stage != R.INITIATION and not grounds.slots:
            raise PositionError("grounds", f"no tiles on the grounds in stage {s.stage!r}")
        s.grounds = grounds

    def _tiles(self, obj: dict) -> None:
        s = self.state
        n_tiles = len(self.pack.tiles)
        hands = _list(obj.get("hands"), "hands", s.players)
        observed = "unseen" in obj
        if observed and "pile" in obj:
            raise PositionError("unseen", "give either the pile (a full position) or the unseen tiles")
        s.hands = []
        hidden: list[tuple[int, int]] = []
        for p, hand in enumerate(hands):
            if isinstance(hand, int) and not isinstance(hand, bool) and observed:
                hidden.append((p, _int(hand, f"hands[{p}]", 0, n_tiles)))
                s.hands.append([])
            else:
                s.hands.append(_read_tiles(hand, f"hands[{p}]", n_tiles))
        rest = _read_tiles(obj.get("unseen" if observed else "pile", []), "unseen" if observed else "pile", n_tiles)
        s.removed = _read_tiles(obj.get("removed", []), "removed", n_tiles)
        owner: dict[int, str] = {t: "the grounds" for t in s.grounds.where}
        places = [(f"hands[{p}]", h) for p, h in enumerate(s.hands)]
        places += [("unseen" if observed else "pile", rest), ("removed", s.removed)]
        for field, tiles in places:
            for t in tiles:
                if t in owner:
                    raise PositionError(field, f"tile {t} is also in {owner[t]}")
                owner[t] = field
        missing = [t for t in range(n_tiles) if t not in owner]
        if missing:
            raise PositionError(
                "pile", f"tile {missing[0]} is missing (not on the grounds, in a hand, the pile or removed)"
            )
        self.hidden, self.unseen = hidden, rest
        if observed:
            need = sum(n for _, n in hidden)
            if need > len(rest):
                raise PositionError("hands", f"the hidden hands hold {need} tiles, only {len(rest)} are unseen")
            self._deal()
        else:
            s.pile = rest

    def _deal(self) -> None:
        """Deal the hidden hands from the unseen tiles; the rest is the pile."""
        s = self.state
        shuffled = list(self.unseen)
        self.rng.shuffle(shuffled)
        for p, n in self.hidden:
            s.hands[p], shuffled = sorted(shuffled[:n]), shuffled[n:]
        s.pile = sorted(shuffled)

    def _monks(self, value: Any) -> None:
        s = self.state
        monks = _list(value, "monks", s.players)
        for p, where in enumerate(monks):
            field = f"monks[{p}]"
            placed = s.stage != R.INITIATION or p < s.active or (
                p == s.active and s.phase not in (R.DRAW, R.PLACE, R.MONK)
            ) or (s.phase == R.DRAW and s.then == R.THEN_HAND)
            if where is None:
                if placed:
                    raise PositionError(field, f"player {p}'s monk must be on the grounds by now")
                s.monks[p] = None
                continue
            if not placed:
                raise PositionError(field, f"player {p}'s monk does not enter the grounds before their initiation")
            point = _read_point(where, field)
            if point not in s.grounds.points:
                raise PositionError(field, f"{point} is not an intersection")
            if point in s.monks[:p]:
                raise PositionError(field, f"two monks on {point}")
            s.monks[p] = point

    def _journals(self, value: Any) -> None:
        s = self.state
        rows = _list(value, "journals", s.players)
        for p, row in enumerate(rows):
            obj = _dict(row, f"journals[{p}]", COLOURS)
            for t, colour in enumerate(COLOURS):
                field = f"journals[{p}].{colour}"
                if colour not in obj:
                    raise PositionError(field, "missing (a position from 0 to 5, or null once mastered)")
                pos = obj[colour]
                s.tracks[p][t] = None if pos is None else _int(pos, field, 0, MASTERY_SPACE)
            if all(pos is None for pos in s.tracks[p]) and s.phase != R.OVER:
                raise PositionError(f"journals[{p}]", "an empty journal has won: the game would be over")

    def _turn(self, value: Any) -> None:
        s = self.state
        defaults = _TURN_FIELDS[s.phase]
        if s.phase == R.DRAW:
            then = _choice(value.get("then", R.THEN_PLACE) if isinstance(value, dict) else None, "turn.then",
                           (R.THEN_PLACE, R.THEN_MOVE, R.THEN_HAND))  # fmt: skip
            if then != R.THEN_PLACE:
                defaults = {k: defaults[k] for k in ("drawer", "draws_left", "then")}
        if s.phase == R.ADVANCE and isinstance(value, dict) and value.get("pool_mode", R.POOL_IMPROVE) == R.POOL_IMPROVE:
            defaults = {"pool_mode": R.POOL_IMPROVE}
        turn = _dict(value, "turn", tuple(defaults))
        get = lambda key: turn.get(key, defaults[key])  # noqa: E731
        if "drawer" in defaults:
            s.drawer = _int(get("drawer"), "turn.drawer", 0, s.players - 1)
            s.then = get("then")
            if (s.then == R.THEN_HAND) != (s.stage == R.INITIATION) and s.then != R.THEN_PLACE:
                raise PositionError("turn.then", f"a draw then {s.then!r} does not happen in stage {s.stage!r}")
            if s.then != R.THEN_HAND and s.drawer != s.active:
                raise PositionError("turn.drawer", f"the active player {s.active} draws before placing or moving")
            s.draws_left = _int(get("draws_left"), "turn.draws_left", 1, max(1, len(s.pile)))
            if not s.pile:
                raise PositionError("pile", "a draw is pending but the pile is empty")
        if "places_left" in defaults:
            s.places_left = _int(get("places_left"), "turn.places_left", 1, max(R.FIRST_DRAWS))
            s.redrawn = _bool(get("redrawn"), "turn.redrawn")
        if "pool_mode" in defaults:
            s.pool_mode = _choice(get("pool_mode"), "turn.pool_mode", (R.POOL_INITIATION, R.POOL_IMPROVE, R.POOL_SHARE))
            if s.pool_mode == R.POOL_IMPROVE:
                s.pool = list(s.collected)
            else:
                if turn.get("pool") is None:
                    raise PositionError("turn.pool", f"the virtues to spend are missing in mode {s.pool_mode!r}")
                s.pool = _read_colours(turn["pool"], "turn.pool", 64)
        if "moves" in defaults:
            s.moves = _int(get("moves"), "turn.moves", 0, R.MAX_MOVES_PER_TURN)
            s.last_path = self._path(get("last_path"), "turn.last_path", with_payment=False)
            if (s.last_path is None) != (s.moves == 0):
                raise PositionError("turn.last_path", "give the last path travelled exactly when a move was made")
        if "fox_left" in defaults:
            s.fox_left = _int(get("fox_left"), "turn.fox_left", 1, 64)
        if "pending" in defaults:
            s.pending = self._path(get("pending"), "turn.pending", with_payment=True)
            if s.pending is None:
                raise PositionError("turn.pending", f"phase {s.phase!r} needs the move being made")
        if "enso_from" in defaults:
            frm = get("enso_from")
            if frm is None:
                raise PositionError("turn.enso_from", "the Ensō token being moved is missing")
            s.enso_from = _read_point(frm, "turn.enso_from")
            if s.enso_from not in s.enso:
                raise PositionError("turn.enso_from", f"no Ensō token on {s.enso_from}")
        if "enso_left" in defaults:
            s.enso_left = _int(get("enso_left"), "turn.enso_left", int(s.phase == R.MASTER), NUM_COLOURS)

    def _path(self, value: Any, field: str, with_payment: bool) -> Move | None:
        if value is None:
            return None
        keys = ("gate", "from", "to", "payment") if with_payment else ("gate", "from", "to")
        obj = _dict(value, field, keys)
        gate = _bool(obj.get("gate", False), f"{field}.gate")
        origin = _read_point(obj.get("from"), f"{field}.from")
        target = _read_point(obj.get("to"), f"{field}.to")
        if not gate and abs(origin[0] - target[0]) + abs(origin[1] - target[1]) != 1:
            raise PositionError(field, f"{origin} and {target} are not neighbours")
        payment = act.FREE
        if with_payment:
            name = _choice(obj.get("payment"), f"{field}.payment", COLOURS + ("free",))
            payment = act.FREE if name == "free" else COLOURS.index(name)
            grounds = self.state.grounds
            if origin != self.state.monks[self.state.active]:
                raise PositionError(f"{field}.from", "the move must start where the active monk stands")
            if gate and not (origin in grounds.gates() and target in grounds.gates() and origin != target):
                raise PositionError(field, f"there is no gate travel from {origin} to {target}")
            if not gate and grounds.path_colour(origin, target) is None:
                raise PositionError(field, f"there is no path from {origin} to {target}")
            if target in self.state.monks and self.state.phase != R.PUSH:
                raise PositionError(f"{field}.to", f"a monk stands on {target}: only Move-Monk clears the way")
        return Move(gate, origin, target, payment)

    def _check_enso_count(self) -> None:
        s = self.state
        on_journals = sum(pos is not None for row in s.tracks for pos in row)
        total = on_journals + len(s.enso) + s.enso_removed + s.enso_left + s.stock
        expected = R.ENSO_PER_PLAYER * s.players + (R.SOLO_STOCK if s.solo else 0)
        if total != expected:
            raise PositionError(
                "enso",
                f"the Ensō tokens add up to {total} (journals {on_journals}, grounds {len(s.enso)}, "
                f"removed {s.enso_removed}, being placed {s.enso_left}, stock {s.stock}); the game has {expected}",
            )

    def _check_decision(self) -> None:
        s = self.state
        if s.phase in (R.OVER, R.DRAW):
            return
        if s.phase in (R.PLACE, R.MONK, R.MOVE, R.NUDGE, R.FOX, R.PUSH, R.RELOCATE, R.ENSO_FROM, R.ENSO_TO, R.STOCK) \
                and s.to_move != s.active:  # fmt: skip
            raise PositionError("to_move", f"in phase {s.phase!r} the active player {s.active} decides")
        if s.phase in (R.MOVE, R.FOX, R.NUDGE, R.PUSH, R.RELOCATE, R.ENSO_FROM, R.ENSO_TO) and s.stage != R.PLAY:
            raise PositionError("phase", f"phase {s.phase!r} happens only in stage 'play'")
        if s.phase in (R.PUSH, R.RELOCATE, R.ENSO_FROM, R.ENSO_TO) and not s.variant:
            raise PositionError("phase", f"phase {s.phase!r} belongs to the Sacred Specialties variant")
        if s.phase == R.MONK and s.stage != R.INITIATION:
            raise PositionError("phase", "monks enter the grounds only in stage 'initiation'")
        if s.phase == R.STOCK and not s.solo:
            raise PositionError("phase", "only the solo game has an Ensō stock")
        if s.phase == R.STOCK and s.stock == 0:
            raise PositionError("stock", "the stock is empty: the solo game is lost, not in phase 'stock'")
        if s.phase == R.ADVANCE:
            sharing = s.pool_mode == R.POOL_SHARE
            if (s.to_move != s.active) != sharing:
                raise PositionError("to_move", f"in mode {s.pool_mode!r} {'another' if sharing else 'the active'} player decides")
            if (s.pool_mode == R.POOL_INITIATION) != (s.stage == R.INITIATION):
                raise PositionError("turn.pool_mode", f"mode {s.pool_mode!r} does not go with stage {s.stage!r}")
        hidden_hand = s.phase == R.PLACE and any(p == s.active for p, _ in self.hidden)
        for _ in range(_DEALS if hidden_hand else 0):  # the hidden hand must hold a tile that fits
            if s.legal_actions():
                break
            self._deal()
        if not s.legal_actions():
            raise PositionError("phase", f"nothing can be chosen in phase {s.phase!r} in this position")


def state_from_json(
    obj: Any, pack: Pack, players: int, variant: bool, solo: bool, seed: int = 0
) -> GodoState:
    """Read a position written by ``to_json`` (or typed by a person).

    Hidden hands (sizes, in a position seen by one player) are dealt from the unseen tiles with
    ``seed``.

    Raises:
        PositionError: naming the first field that is malformed or impossible.
    """
    return _Reader(pack, players, variant, solo, seed).read(obj)
