"""The human GODŌ position format: a plain JSON object a person can read and type.

``to_json`` writes a state; ``state_from_json`` reads one back, checks every value's type and that
the fields agree on a position the rules can reach (tiles fit, every component is accounted for,
the hands, journals, movement and winners are consistent, the phase has a decision to make) and
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
from collections.abc import Callable
from typing import Any

from solver.core.strict_json import check_document, join, positions, show
from solver.games.godo import actions as act
from solver.games.godo import geometry as geo
from solver.games.godo import rules as R
from solver.games.godo.grounds import Grounds
from solver.games.godo.pack import COLOURS, MASTERY_SPACE, MAX_LOTUSES, NUM_COLOURS, Pack
from solver.games.godo.rules import GodoState, Move

MAX_HAND = max(R.HAND_SIZE + 1, *R.FIRST_DRAWS)
"""The most tiles a hand holds: the first player's initiation draw, or the two new tiles kept
after a forfeited placement plus the tile drawn after it."""

_TOP_KEYS = (
    "game", "players", "variant", "solo", "pack", "stage", "phase", "active", "to_move",
    "grounds", "monks", "enso", "journals", "supply", "collected", "hands", "pile", "unseen",
    "removed", "enso_removed", "stock", "turn", "winners",
)  # fmt: skip

_SLOT_KEYS = ("tile", "x", "y", "rotation")
_THENS = (R.THEN_PLACE, R.THEN_MOVE, R.THEN_HAND)
_POINT_SYMBOLS = 8 * MAX_LOTUSES  # eight tile corners meet at an intersection at most

# The phases each stage goes through.
_STAGE_PHASES = {
    R.INITIATION: (R.DRAW, R.PLACE, R.MONK, R.ADVANCE),
    R.PLAY: tuple(phase for phase in R.PHASES if phase not in (R.MONK, R.OVER)),
    R.OVER: (R.OVER,),
}
# The phases of the monk's movement, and those in which the active player may hold virtue tokens
# collected this turn.
_MOVEMENT_PHASES = (R.MOVE, R.FOX, R.PUSH, R.RELOCATE, R.ENSO_FROM, R.ENSO_TO)
_HOLDING_PHASES = _MOVEMENT_PHASES + (R.ADVANCE,)
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
_TURN_KEYS = tuple(dict.fromkeys(key for fields in _TURN_FIELDS.values() for key in fields))


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


def _read_point(value: Any, field: str) -> geo.Point:
    x, y = positions.array(value, field, length=2)
    return (
        positions.integer(x, join(field, 0), geo.LOW, geo.HIGH),
        positions.integer(y, join(field, 1), geo.LOW, geo.HIGH),
    )


def _read_colours(value: Any, field: str, high: int) -> list[int]:
    obj = positions.object(value, field, COLOURS)
    return [positions.integer(obj.get(c, 0), join(field, c), 0, high) for c in COLOURS]


def _read_tiles(value: Any, field: str, n_tiles: int) -> list[int]:
    tiles = [positions.integer(t, join(field, i), 0, n_tiles - 1) for i, t in enumerate(positions.array(value, field))]
    if len(set(tiles)) != len(tiles):
        raise positions.fail(field, "a tile is listed twice")
    return sorted(tiles)


class _Reader:
    """Reads one position into a state, checking each field as it goes, then that the fields agree."""

    def __init__(self, pack: Pack, players: int, variant: bool, solo: bool, seed: int) -> None:
        self.pack, self.rng = pack, random.Random(seed)
        self.state = GodoState(pack, players, variant, solo)
        self.hidden: list[tuple[int, int]] = []  # (player, hand size) of the hands not shown
        self.unseen: list[int] = []

    def read(self, obj: Any) -> GodoState:
        s = self.state
        check_document(obj, positions, "position")
        obj = positions.object(obj, "position", _TOP_KEYS)
        self._options(obj)
        self._where(obj)
        turn = positions.object(obj.get("turn", {}), "turn", _TURN_KEYS)
        if s.phase == R.DRAW:
            s.then = positions.choice(turn.get("then", R.THEN_PLACE), "turn.then", _THENS)
        self._grounds(obj.get("grounds", []))
        self._tiles(obj)
        self._monks(obj.get("monks"))
        self._enso(obj.get("enso", []))
        self._journals(obj.get("journals"))
        self._virtues(obj)
        s.enso_removed = positions.integer(obj.get("enso_removed", 0), "enso_removed", 0)
        if s.solo:
            s.stock = positions.integer(obj.get("stock", R.SOLO_STOCK), "stock", 0, R.SOLO_STOCK)
        elif "stock" in obj:
            raise positions.fail("stock", "only the solo game has an Ensō stock")
        self._turn(turn)
        if s.phase == R.OVER:
            self._winners(obj.get("winners", []))
        elif "winners" in obj:
            raise positions.fail("winners", "there are winners only once the game is over")
        self._check_enso_count()
        self._check_hands()
        self._check_initiation()
        self._check_movement()
        self._check_mastering()
        self._check_end()
        self._check_decision()
        return s

    def _options(self, obj: dict) -> None:
        """The game and options the position was written for are those of the game reading it."""
        s = self.state
        if obj.get("game") != "godo":
            raise positions.fail("game", f"expected 'godo', got {show(obj.get('game'))}")
        for key, want, read in (
            ("players", s.players, positions.integer),
            ("variant", s.variant, positions.boolean),
            ("solo", s.solo, positions.boolean),
        ):
            if key in obj and read(obj[key], key) != want:
                raise positions.fail(key, f"the game was loaded with {key}={want!r}, the position has {obj[key]!r}")
        if "pack" in obj and positions.string(obj["pack"], "pack") != s.pack.name:
            raise positions.fail(
                "pack", f"the position is for pack {show(obj['pack'])}, the game uses {show(s.pack.name)}"
            )

    def _where(self, obj: dict) -> None:
        """Stage, phase and players: the phase must belong to the stage and to the game's mode."""
        s = self.state
        s.stage = positions.choice(obj.get("stage", R.PLAY), "stage", tuple(_STAGE_PHASES))
        s.phase = positions.choice(obj.get("phase"), "phase", R.PHASES)
        if s.phase not in _STAGE_PHASES[s.stage]:
            raise positions.fail("phase", f"phase {s.phase!r} does not go with stage {s.stage!r}")
        if s.phase in (R.PUSH, R.RELOCATE, R.ENSO_FROM, R.ENSO_TO) and not s.variant:
            raise positions.fail("phase", f"phase {s.phase!r} belongs to the Sacred Specialties variant")
        if s.phase == R.STOCK and not s.solo:
            raise positions.fail("phase", "only the solo game has an Ensō stock")
        s.active = positions.integer(obj.get("active", 0), "active", 0, s.players - 1)
        s.to_move = positions.integer(obj.get("to_move", s.active), "to_move", 0, s.players - 1)

    def _grounds(self, value: Any) -> None:
        s = self.state
        grounds = Grounds(self.pack)
        for i, entry in enumerate(positions.array(value, "grounds", max_length=len(self.pack.tiles))):
            field = join("grounds", i)
            entry = positions.object(entry, field, _SLOT_KEYS, required=_SLOT_KEYS)
            tile = positions.integer(entry["tile"], join(field, "tile"), 0, len(self.pack.tiles) - 1)
            x = positions.integer(entry["x"], join(field, "x"), geo.LOW, geo.HIGH - 1)
            y = positions.integer(entry["y"], join(field, "y"), geo.LOW, geo.HIGH - 1)
            degrees = positions.choice(entry["rotation"], join(field, "rotation"), (0, 90, 180, 270))
            slot = (x, y, degrees // 90)
            if tile in grounds.where:
                raise positions.fail(join(field, "tile"), f"tile {tile} is already on the grounds")
            if slot in grounds.slots or any((x, y, o) in grounds.slots for o in geo.overlapping(slot[2])):
                other = next(t for (sx, sy, _), t in grounds.slots.items() if (sx, sy) == (x, y))
                raise positions.fail(field, f"tile {tile} at ({x},{y}) rotated {degrees}° overlaps tile {other}")
            for e, colour in zip(geo.leg_edges(*slot), self.pack.tiles[tile].legs):
                if e in grounds.paths and grounds.paths[e] != colour:
                    raise positions.fail(
                        field,
                        f"tile {tile}'s {COLOURS[colour]} leg lies on a {COLOURS[grounds.paths[e]]} leg "
                        f"along {e[0]}-{e[1]}",
                    )
            grounds.place(tile, slot)
        if not grounds.is_connected():
            raise positions.fail("grounds", "the temple grounds are not in one piece")
        first_tile_due = s.stage == R.INITIATION and s.active == 0 and s.phase in (R.DRAW, R.PLACE)
        if not grounds.slots and not first_tile_due:
            raise positions.fail("grounds", "no tiles on the grounds after the first player's first placement")
        s.grounds = grounds

    def _tiles(self, obj: dict) -> None:
        s = self.state
        n_tiles = len(self.pack.tiles)
        hands = positions.array(obj.get("hands"), "hands", length=s.players)
        observed = "unseen" in obj
        if observed and "pile" in obj:
            raise positions.fail("unseen", "give either the pile (a full position) or the unseen tiles")
        s.hands = []
        hidden: list[tuple[int, int]] = []
        for p, hand in enumerate(hands):
            if observed and type(hand) is not list:
                hidden.append((p, positions.integer(hand, join("hands", p), 0, MAX_HAND)))
                s.hands.append([])
            else:
                s.hands.append(_read_tiles(hand, join("hands", p), n_tiles))
        rest = _read_tiles(obj.get("unseen" if observed else "pile", []), "unseen" if observed else "pile", n_tiles)
        s.removed = _read_tiles(obj.get("removed", []), "removed", n_tiles)
        owner: dict[int, str] = {t: "the grounds" for t in s.grounds.where}
        places = [(join("hands", p), h) for p, h in enumerate(s.hands)]
        places += [("unseen" if observed else "pile", rest), ("removed", s.removed)]
        for field, tiles in places:
            for t in tiles:
                if t in owner:
                    raise positions.fail(field, f"tile {t} is also in {owner[t]}")
                owner[t] = field
        missing = [t for t in range(n_tiles) if t not in owner]
        if missing:
            raise positions.fail(
                "pile", f"tile {missing[0]} is missing (not on the grounds, in a hand, the pile or removed)"
            )
        self.hidden, self.unseen = hidden, rest
        if observed:
            need = sum(n for _, n in hidden)
            if need > len(rest):
                raise positions.fail("hands", f"the hidden hands hold {need} tiles, only {len(rest)} are unseen")
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
        monks = positions.array(value, "monks", length=s.players)
        for p, where in enumerate(monks):
            field = join("monks", p)
            placed = (
                s.stage != R.INITIATION
                or p < s.active
                or (p == s.active and s.phase not in (R.DRAW, R.PLACE, R.MONK))
                or (s.phase == R.DRAW and s.then == R.THEN_HAND)
            )
            if where is None:
                if placed:
                    raise positions.fail(field, f"player {p}'s monk must be on the grounds by now")
                s.monks[p] = None
                continue
            if not placed:
                raise positions.fail(field, f"player {p}'s monk does not enter the grounds before their initiation")
            point = _read_point(where, field)
            if point not in s.grounds.points:
                raise positions.fail(field, f"{point} is not an intersection")
            if point in s.monks[:p]:
                raise positions.fail(field, f"two monks on {point}")
            s.monks[p] = point

    def _enso(self, value: Any) -> None:
        s = self.state
        s.enso = set()
        for i, entry in enumerate(positions.array(value, "enso")):
            p = _read_point(entry, join("enso", i))
            if p not in s.grounds.points:
                raise positions.fail(join("enso", i), f"{p} is not an intersection")
            if p in s.enso:
                raise positions.fail(join("enso", i), f"two Ensō tokens on {p}")
            s.enso.add(p)

    def _journals(self, value: Any) -> None:
        s = self.state
        rows = positions.array(value, "journals", length=s.players)
        for p, row in enumerate(rows):
            field = join("journals", p)
            obj = positions.object(row, field, COLOURS, required=COLOURS)
            for t, colour in enumerate(COLOURS):
                pos = obj[colour]
                s.tracks[p][t] = None if pos is None else positions.integer(pos, join(field, colour), 0, MASTERY_SPACE)
            if all(pos is None for pos in s.tracks[p]) and s.phase != R.OVER:
                raise positions.fail(field, "an empty journal has won: the game would be over")

    def _virtues(self, obj: dict) -> None:
        s = self.state
        s.supply = _read_colours(obj.get("supply"), "supply", R.VIRTUE_TOKENS)
        s.collected = _read_colours(obj.get("collected", {}), "collected", R.VIRTUE_TOKENS)
        for c, colour in enumerate(COLOURS):
            if s.supply[c] + s.collected[c] != R.VIRTUE_TOKENS:
                raise positions.fail(
                    join("supply", colour),
                    f"supply and collected hold {s.supply[c] + s.collected[c]} {colour} virtue tokens, "
                    f"the game has {R.VIRTUE_TOKENS}",
                )
        if any(s.collected) and not (s.stage == R.PLAY and s.phase in _HOLDING_PHASES):
            raise positions.fail("collected", "virtue tokens are held only from the movement to the end of sharing")

    def _turn(self, turn: dict) -> None:
        s = self.state
        defaults = _TURN_FIELDS[s.phase]
        if s.phase == R.DRAW and s.then != R.THEN_PLACE:
            defaults = {k: defaults[k] for k in ("drawer", "draws_left", "then")}
        if s.phase == R.ADVANCE and turn.get("pool_mode", R.POOL_IMPROVE) == R.POOL_IMPROVE:
            defaults = {"pool_mode": R.POOL_IMPROVE}
        positions.object(turn, "turn", tuple(defaults))
        get = lambda key: turn.get(key, defaults[key])  # noqa: E731
        if "drawer" in defaults:
            self._draw(get)
        if "places_left" in defaults:
            most = R.FIRST_DRAWS[s.active] if s.stage == R.INITIATION else 1
            s.places_left = positions.integer(get("places_left"), "turn.places_left", 1, most)
            s.redrawn = positions.boolean(get("redrawn"), "turn.redrawn")
            if s.phase == R.DRAW and s.stage == R.PLAY and not s.redrawn:
                raise positions.fail(
                    "turn.redrawn", "after the initiation, tiles are drawn before placing only to replace a hand"
                )
        if "pool_mode" in defaults:
            self._pool(turn, get("pool_mode"))
        if "moves" in defaults:
            s.moves = positions.integer(get("moves"), "turn.moves", 0, R.MAX_MOVES_PER_TURN)
            s.last_path = self._path(get("last_path"), "turn.last_path", with_payment=False)
            if (s.last_path is None) != (s.moves == 0):
                raise positions.fail("turn.last_path", "give the last path travelled exactly when a move was made")
        if "fox_left" in defaults:
            s.fox_left = positions.integer(get("fox_left"), "turn.fox_left", 1)
        if "pending" in defaults:
            s.pending = self._path(get("pending"), "turn.pending", with_payment=True)
            if s.pending is None:
                raise positions.fail("turn.pending", f"phase {s.phase!r} needs the move being made")
        if "enso_from" in defaults:
            frm = get("enso_from")
            if frm is None:
                raise positions.fail("turn.enso_from", "the Ensō token being moved is missing")
            s.enso_from = _read_point(frm, "turn.enso_from")
            if s.enso_from not in s.enso:
                raise positions.fail("turn.enso_from", f"no Ensō token on {s.enso_from}")
        if "enso_left" in defaults:
            s.enso_left = positions.integer(get("enso_left"), "turn.enso_left", int(s.phase == R.MASTER), NUM_COLOURS)

    def _draw(self, get: Callable[[str], Any]) -> None:
        """A run of draws: who draws, how many are left, and what follows."""
        s = self.state
        s.drawer = positions.integer(get("drawer"), "turn.drawer", 0, s.players - 1)
        if s.then != R.THEN_PLACE and s.stage != (R.INITIATION if s.then == R.THEN_HAND else R.PLAY):
            raise positions.fail("turn.then", f"a draw then {s.then!r} does not happen in stage {s.stage!r}")
        if s.then != R.THEN_HAND and s.drawer != s.active:
            raise positions.fail("turn.drawer", f"the active player {s.active} draws before placing or moving")
        if s.then == R.THEN_HAND and s.active != s.players - 1:
            raise positions.fail("active", "hands are dealt after the last player's initiation")
        s.draws_left = positions.integer(get("draws_left"), "turn.draws_left", 1, max(1, len(s.pile)))
        if not s.pile:
            raise positions.fail("pile", "a draw is pending but the pile is empty")

    def _pool(self, turn: dict, mode: Any) -> None:
        """The virtues being spent: the initiation symbols, the tokens collected, or those shared."""
        s = self.state
        s.pool_mode = positions.choice(mode, "turn.pool_mode", (R.POOL_INITIATION, R.POOL_IMPROVE, R.POOL_SHARE))
        if (s.pool_mode == R.POOL_INITIATION) != (s.stage == R.INITIATION):
            raise positions.fail("turn.pool_mode", f"mode {s.pool_mode!r} does not go with stage {s.stage!r}")
        if s.pool_mode == R.POOL_IMPROVE:
            s.pool = list(s.collected)
            return
        if turn.get("pool") is None:
            raise positions.fail("turn.pool", f"the virtues to spend are missing in mode {s.pool_mode!r}")
        s.pool = _read_colours(turn["pool"], "turn.pool", _POINT_SYMBOLS)
        if s.pool_mode == R.POOL_SHARE:
            for c, colour in enumerate(COLOURS):
                if s.pool[c] > s.collected[c]:
                    raise positions.fail(
                        join("turn.pool", colour),
                        f"{s.pool[c]} {colour} tokens to share, the active player holds {s.collected[c]}",
                    )

    def _path(self, value: Any, field: str, with_payment: bool) -> Move | None:
        """A move: the last one made (it ends where the active monk stands) or the one being made
        (it starts there); either way along a path or between two gates."""
        if value is None:
            return None
        keys = ("gate", "from", "to", "payment") if with_payment else ("gate", "from", "to")
        obj = positions.object(value, field, keys, required=keys[1:])
        gate = positions.boolean(obj.get("gate", False), join(field, "gate"))
        origin = _read_point(obj["from"], join(field, "from"))
        target = _read_point(obj["to"], join(field, "to"))
        payment = act.FREE
        if with_payment:
            name = positions.choice(obj["payment"], join(field, "payment"), COLOURS + ("free",))
            payment = act.FREE if name == "free" else COLOURS.index(name)
        s = self.state
        here = s.monks[s.active]
        if (origin if with_payment else target) != here:
            end = "from" if with_payment else "to"
            raise positions.fail(
                join(field, end), f"the active monk stands on {here}, not {origin if with_payment else target}"
            )
        if gate and not (origin in s.grounds.gates() and target in s.grounds.gates() and origin != target):
            raise positions.fail(field, f"there is no gate travel from {origin} to {target}")
        if not gate and s.grounds.path_colour(origin, target) is None:
            raise positions.fail(field, f"there is no path from {origin} to {target}")
        if with_payment and target in s.monks and s.phase != R.PUSH:
            raise positions.fail(join(field, "to"), f"a monk stands on {target}: only Move-Monk clears the way")
        return Move(gate, origin, target, payment)

    def _winners(self, value: Any) -> None:
        s = self.state
        s.winners = []
        for i, entry in enumerate(positions.array(value, "winners", max_length=s.players)):
            player = positions.integer(entry, join("winners", i), 0, s.players - 1)
            if player in s.winners:
                raise positions.fail(join("winners", i), f"player {player} is listed twice")
            s.winners.append(player)
        s.winners.sort()

    # -- the fields agree --------------------------------------------------------------------------

    def _check_enso_count(self) -> None:
        s = self.state
        on_journals = sum(pos is not None for row in s.tracks for pos in row)
        total = on_journals + len(s.enso) + s.enso_removed + s.enso_left + s.stock
        expected = R.ENSO_PER_PLAYER * s.players + (R.SOLO_STOCK if s.solo else 0)
        if total != expected:
            raise positions.fail(
                "enso",
                f"the Ensō tokens add up to {total} (journals {on_journals}, grounds {len(s.enso)}, "
                f"removed {s.enso_removed}, being placed {s.enso_left}, stock {s.stock}); the game has {expected}",
            )

    def _check_hands(self) -> None:
        s = self.state
        for p, hand in enumerate(s.hands):
            drawing = s.draws_left if s.phase == R.DRAW and p == s.drawer else 0
            replaced = s.redrawn and p == s.active  # a hand that fit nowhere was replaced by 2 new tiles
            most = R.HAND_SIZE if replaced else MAX_HAND
            if len(hand) + drawing > most:
                also = f" and draws {drawing} more" if drawing else ""
                raise positions.fail(
                    join("hands", p),
                    f"holds {len(hand)} tiles{also}: a{' replaced' if replaced else ''} hand holds at most {most}",
                )

    def _check_initiation(self) -> None:
        """Before the first turn no Ensō token has left a journal (with the count of tokens, the
        stock is full), and a journal has moved only by its player's initiation symbols, those of
        the intersection where the monk entered."""
        s = self.state
        if s.stage != R.INITIATION:
            return
        if s.enso or s.enso_removed:
            field = "enso" if s.enso else "enso_removed"
            raise positions.fail(field, "Ensō tokens leave the journals only from the first turn on")
        initiated = s.players if s.phase == R.DRAW and s.then == R.THEN_HAND else s.active
        for p, row in enumerate(s.tracks):
            field, moved = join("journals", p), sum(row)
            for t, pos in enumerate(row):
                if pos == MASTERY_SPACE:
                    raise positions.fail(
                        join(field, COLOURS[t]), "initiation symbols stop at space 4: mastering is a step of a turn"
                    )
            if p == s.active and s.phase == R.ADVANCE:
                self._check_initiation_pool(moved)
            elif p < initiated:
                shown = sum(s.grounds.points[s.monks[p]].lotuses)
                if moved > shown:
                    raise positions.fail(
                        field, f"the tokens moved {moved} spaces; the monk's intersection shows {shown} virtue symbols"
                    )
            elif moved:
                raise positions.fail(field, f"player {p}'s tokens move only once their monk is on the grounds")
            elif p > s.active and s.hands[p]:
                raise positions.fail(join("hands", p), f"player {p} draws tiles only from their initiation on")

    def _check_initiation_pool(self, moved: int) -> None:
        """The symbols left to use and the spaces moved add up to those where the monk entered."""
        s = self.state
        shown = s.grounds.points[s.monks[s.active]].lotuses
        for c, colour in enumerate(COLOURS):
            if s.pool[c] > shown[c]:
                raise positions.fail(
                    join("turn.pool", colour), f"{s.pool[c]} {colour} symbols; the monk's intersection shows {shown[c]}"
                )
        if moved + sum(s.pool) != sum(shown):
            raise positions.fail(
                "turn.pool",
                f"{sum(s.pool)} symbols left and {moved} spaces moved; the monk's intersection shows {sum(shown)}",
            )

    def _check_movement(self) -> None:
        """The movement so far agrees with where the monk stands and what it collected."""
        s = self.state
        if s.phase not in _MOVEMENT_PHASES:
            return
        here, field = s.monks[s.active], join("monks", s.active)
        info = s.grounds.points[here]
        if s.moves == 0 and any(s.collected):
            raise positions.fail("collected", "virtue tokens are collected on arrival, and the monk has not moved yet")
        if s.moves and here in s.enso:
            raise positions.fail(field, f"the monk arrived on the Ensō token at {here}: the movement is over")
        if s.moves and info.lanterns and s.phase != R.FOX:
            raise positions.fail(field, f"the monk arrived at the Stone Lantern at {here}: the movement is over")
        if s.phase == R.FOX and s.fox_left > info.shrines:
            raise positions.fail(
                "turn.fox_left", f"{s.fox_left} exchanges left; the monk's intersection has {info.shrines} Fox Shrines"
            )
        if s.pending is not None:
            self._check_pending()

    def _check_pending(self) -> None:
        """The move being made is one the rules offered just before it was paid for, and its payment
        triggers the Sacred Specialty of this phase."""
        s = self.state
        move, before = s.pending, s.clone()
        before.phase, before.pending, before.enso_from = R.MOVE, None, None
        if move.payment != act.FREE:
            paid = s.tracks[s.active][move.payment]
            if paid is None or paid == MASTERY_SPACE:
                raise positions.fail(
                    "turn.pending.payment", f"the {COLOURS[move.payment]} token cannot have moved left to pay"
                )
            before.tracks[s.active][move.payment] += 1
        action = R._move_action(move)
        if action not in before.legal_actions():
            raise positions.fail("turn.pending", "the rules do not offer this move, paid this way, here")
        before.apply_legal_action(action)
        expected = R.ENSO_FROM if s.phase == R.ENSO_TO else s.phase
        if before.phase != expected:
            raise positions.fail(
                "turn.pending.payment", f"paid this way, the move leads to phase {before.phase!r}, not {expected!r}"
            )

    def _check_mastering(self) -> None:
        """The players already through this turn's mastering have no token left on the last space,
        and the tokens being placed are at most the virtues mastered."""
        s = self.state
        if s.phase not in (R.MASTER, R.STOCK):
            return
        order = [(s.active + k) % s.players for k in range(s.players)]
        done = order[: order.index(s.to_move) + 1] if s.phase == R.MASTER else order
        for p in done:
            if MASTERY_SPACE in s.tracks[p]:
                colour = COLOURS[s.tracks[p].index(MASTERY_SPACE)]
                raise positions.fail(
                    join(join("journals", p), colour),
                    f"player {p} has mastered this turn: a token on the last space would have left the journal",
                )
        mastered = s.tracks[s.to_move].count(None)
        if s.phase == R.MASTER and s.enso_left > mastered:
            raise positions.fail(
                "turn.enso_left", f"player {s.to_move} has mastered {mastered} virtues, not {s.enso_left} more"
            )

    def _check_end(self) -> None:
        """A finished game ended the way the rules end it, and its winners are the ones they name."""
        s = self.state
        if s.phase != R.OVER:
            return
        masters = [p for p, row in enumerate(s.tracks) if all(pos is None for pos in row)]
        if len(masters) > 1:
            raise positions.fail(
                join("journals", masters[1]),
                f"players {masters[0]} and {masters[1]} both mastered every virtue: the game ends when the first does",
            )
        if masters:
            if s.winners != masters:
                raise positions.fail(
                    "winners", f"player {masters[0]} mastered every virtue and wins alone, not {s.winners}"
                )
            if not s.enso_left:
                raise positions.fail(
                    "turn.enso_left", "the winner's last tokens are leaving the journal as the game ends"
                )
            return
        if s.enso_left:
            raise positions.fail(
                "turn.enso_left", "tokens leave a journal at the end only when every virtue is mastered"
            )
        if s.solo:
            if s.winners:
                raise positions.fail("winners", "a solo game is won only by mastering all five virtues")
            if s.stock and s.hands[0]:
                raise positions.fail(
                    "stock", "a solo game is lost with an empty stock or at a turn begun without tiles"
                )
            return
        holding = next((p for p, hand in enumerate(s.hands) if hand), None)
        if holding is not None:
            raise positions.fail(
                join("hands", holding), "without a mastery, the game ends by scoring only when no one has tiles"
            )
        scores = s.scores()
        top = [p for p, score in enumerate(scores) if score == max(scores)]
        if s.winners != top:
            raise positions.fail(
                "winners", f"the game ended by scoring: the highest score, {max(scores)}, is players {top}'s"
            )

    def _check_decision(self) -> None:
        s = self.state
        if s.phase in (R.OVER, R.DRAW):
            return
        if s.phase not in (R.ADVANCE, R.MASTER) and s.to_move != s.active:
            raise positions.fail("to_move", f"in phase {s.phase!r} the active player {s.active} decides")
        if s.phase == R.STOCK and s.stock == 0:
            raise positions.fail("stock", "the stock is empty: the solo game is lost, not in phase 'stock'")
        if s.phase == R.ADVANCE and (s.to_move != s.active) != (s.pool_mode == R.POOL_SHARE):
            sharing = s.pool_mode == R.POOL_SHARE
            raise positions.fail(
                "to_move", f"in mode {s.pool_mode!r} {'another' if sharing else 'the active'} player decides"
            )
        hidden_hand = s.phase == R.PLACE and any(p == s.active for p, _ in self.hidden)
        for _ in range(_DEALS if hidden_hand else 0):  # the hidden hand must hold a tile that fits
            if s.legal_actions():
                break
            self._deal()
        if not s.legal_actions():
            raise positions.fail("phase", f"nothing can be chosen in phase {s.phase!r} in this position")


def state_from_json(obj: Any, pack: Pack, players: int, variant: bool, solo: bool, seed: int = 0) -> GodoState:
    """Read a position written by ``to_json`` (or typed by a person).

    Every value is checked for its type and range (``solver.core.strict_json``: a float where an
    integer belongs, a huge number or text that is not valid Unicode is refused), then the fields
    are checked against each other: the position must be one the rules reach and can play on from
    (the list is in ``docs/rules/godo.md``, "Actions and positions"). Hidden hands (sizes, in a
    position seen by one player) are dealt from the unseen tiles with ``seed``.

    Raises:
        PositionError: naming the first field that is malformed or impossible.
    """
    return _Reader(pack, players, variant, solo, seed).read(obj)
