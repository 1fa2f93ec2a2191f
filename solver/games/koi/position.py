"""The human KOI position format: a plain JSON object a person can read and type.

``to_json`` writes a state; ``state_from_json`` reads one back with the strict checkers of
``solver.core.strict_json``, checks that the rules can reach it (every card, tile, koi and storage
expansion is somewhere, the market's empty spaces are where sliding leaves them, storages are
within capacity where the check has been made, each pond grew from its spring in whole tiles, the
turn under way fits the phase; the list is in ``docs/rules/koi.md``) and names the bad field
otherwise. Player 0 choosing space 4's reward in a 2-player game::

    {
      "game": "koi", "players": 2, "pack": "reference", "phase": "reward", "to_move": 0,
      "market": ["Offering", "Storage", "Market", null, "Reeds"],
      "deck": {"Storage": 2, "Market": 3, ...},                 # every card kind: cards left
      "supply": {"water": 40, ..., "expansion": 8, "koi": [6, 5, 4]},
      "last_round": false,
      "turn": {"space": 4, "card": "Spring rain", "steps": [], "to_place": [], "placed": 0},
      "sensei": [
        {"coins": 2, "luck": 1, "expansions": 0,
         "storage": {"water": 2, "foliage": 0, "shore": 0, "koi": [0, 0, 0]},
         "cards": {"Spring rain": 1}, "pond": [".....", "......", ..., "....@....", ...],
         "score": 0},
        ...]
    }

``market`` lists the card on each space, 1 to 5 from the left (``null``: empty). ``deck`` counts
the cards left of each kind: the deck's order is not part of a position (each flip is a chance
outcome), so every player sees the same position. ``turn`` is ``null`` between turns and during
the setup's flips; else ``space`` is the market space taken (1-5, ``null`` when working),
``card`` the card taken, ``steps`` what of the reward and the card is still to be carried out,
``to_place`` the water-lilies and lanterns gained and not yet placed, ``placed`` the tiles placed
in this Work. A pond is 9 rows of characters (``words.pond_rows``). ``score`` is written for
reading; it must agree with the pond when given back.
"""

from __future__ import annotations

from typing import Any

from solver.core.errors import PositionError
from solver.core.strict_json import (
    check_document,
    check_loaded_with,
    join,
    positions,
    same_value,
    show,
)
from solver.games.koi import actions as act
from solver.games.koi import rules as R
from solver.games.koi.pack import KOI_SIZES, Pack
from solver.games.koi.pond import CELLS, SPRING, neighbours, rows, triangle
from solver.games.koi.rules import KoiState
from solver.games.koi.scoring import EMPTY, SHORE, SPRING_HEX, TERRAINS
from solver.games.koi.words import pond_rows, read_pond_char

_TOP_KEYS = (
    "game",
    "players",
    "pack",
    "phase",
    "to_move",
    "market",
    "deck",
    "supply",
    "last_round",
    "turn",
    "sensei",
    "winners",
)
_SENSEI_KEYS = ("coins", "luck", "expansions", "storage", "cards", "pond", "score")
_TURN_KEYS = ("space", "card", "steps", "to_place", "placed")
_TILES = ("water", "foliage", "shore")
MAX_COINS = 999
_MEDITATING = (R.ORDER, R.REWARD, R.MARKET, R.PLACE)  # the taken card's space is still empty


# -- writing ---------------------------------------------------------------------------------------


def _name(state: KoiState, kind: int | None) -> str | None:
    return None if kind is None else state.pack.cards[kind].name


def to_json(state: KoiState, observer: int | None = None) -> dict[str, Any]:
    """The position as a plain dict. Every player sees all of it (the deck is written as the
    cards left, never in order), so ``observer`` changes nothing."""
    in_turn = state.phase not in (R.TURN, R.OVER) and (
        state.space is not None or state.phase != R.FLIP
    )
    scores = state.scores()
    out: dict[str, Any] = {
        "game": "koi",
        "players": state.players,
        "pack": state.pack.name,
        "phase": state.phase,
        "to_move": state.to_move,
        "market": [_name(state, k) for k in state.market],
        "deck": {card.name: n for card, n in zip(state.pack.cards, state.deck)},
        "supply": {**state.supply, "koi": list(state.koi_supply)},
        "last_round": state.last_round,
        "turn": {
            "space": None if state.space is None else state.space + 1,
            "card": _name(state, state.card),
            "steps": list(state.steps),
            "to_place": list(state.to_place),
            "placed": state.placed,
        }
        if in_turn
        else None,
        "sensei": [
            {
                "coins": state.coins[p],
                "luck": state.luck[p],
                "expansions": state.expansions[p],
                "storage": {
                    **{t: state.storage[p][act.STORED.index(t)] for t in _TILES},
                    "koi": state.storage[p][3:],
                },
                "cards": {c.name: n for c, n in zip(state.pack.cards, state.cards[p]) if n},
                "pond": pond_rows(state.ponds[p], state.koi[p]),
                "score": scores[p],
            }
            for p in range(state.players)
        ],
    }
    if state.phase == R.OVER:
        out["winners"] = list(state.winners)
    return out


# -- reading ---------------------------------------------------------------------------------------


class _Reader:
    """Reads one position into a state, checking each field as it goes."""

    def __init__(self, pack: Pack, players: int) -> None:
        self.pack = pack
        self.state = KoiState(pack, players)
        self.names = [card.name for card in pack.cards]

    def read(self, obj: Any) -> KoiState:
        s = self.state
        obj = check_document(obj, positions, "position")
        obj = positions.object(obj, "position", _TOP_KEYS)
        positions.choice(obj.get("game"), "game", ("koi",))
        check_loaded_with(obj, (("players", s.players), ("pack", self.pack.name)))
        s.phase = positions.choice(obj.get("phase"), "phase", R.PHASES)
        s.to_move = positions.integer(obj.get("to_move", 0), "to_move", 0, s.players - 1)
        s.last_round = positions.boolean(obj.get("last_round", False), "last_round")
        self._market(obj.get("market"))
        self._deck(obj.get("deck"))
        self._sensei(obj.get("sensei"))
        self._turn(obj.get("turn"))
        self._supply(obj.get("supply"))
        self._conservation()
        self._market_holes()
        self._phase()
        if s.phase == R.OVER:
            s._finish()
            given = positions.array(obj.get("winners", s.winners), "winners", max_length=4)
            for i, seat in enumerate(given):
                positions.integer(seat, join("winners", i), 0, s.players - 1)
            if given != s.winners:
                raise PositionError(
                    "winners",
                    f"the scores make the winners {s.winners}, got {given}",
                )
        elif "winners" in obj:
            raise PositionError("winners", "the game is not over")
        self._scores(obj.get("sensei"))
        return s

    def _card(self, value: Any, field: str) -> int | None:
        if value is None:
            return None
        return self.names.index(positions.choice(value, field, self.names))

    def _market(self, value: Any) -> None:
        spaces = positions.array(value, "market", act.SPACES)
        self.state.market = [self._card(v, join("market", i)) for i, v in enumerate(spaces)]

    def _deck(self, value: Any) -> None:
        obj = positions.object(value, "deck", self.names, required=self.names)
        full = self.pack.deck(self.state.players)
        self.state.deck = [
            positions.integer(obj[name], join("deck", name), 0, full[k])
            for k, name in enumerate(self.names)
        ]

    def _counts(self, value: Any, field: str, keys: tuple[str, ...], high: int) -> dict[str, Any]:
        obj = positions.object(value, field, (*keys, "koi"), required=(*keys, "koi"))
        out = {k: positions.integer(obj[k], join(field, k), 0, high) for k in keys}
        koi = positions.array(obj["koi"], join(field, "koi"), len(KOI_SIZES))
        out["koi"] = [
            positions.integer(n, join(join(field, "koi"), i), 0, high) for i, n in enumerate(koi)
        ]
        return out

    def _supply(self, value: Any) -> None:
        s = self.state
        read = self._counts(value, "supply", tuple(s.supply), 999)
        s.koi_supply = read.pop("koi")
        s.supply = read

    def _sensei(self, value: Any) -> None:
        s = self.state
        entries = positions.array(value, "sensei", s.players)
        for p, entry in enumerate(entries):
            field = join("sensei", p)
            entry = positions.object(entry, field, _SENSEI_KEYS)
            s.coins[p] = positions.integer(entry.get("coins"), join(field, "coins"), 0, MAX_COINS)
            s.luck[p] = positions.integer(entry.get("luck"), join(field, "luck"), 0, MAX_COINS)
            s.expansions[p] = positions.integer(
                entry.get("expansions"), join(field, "expansions"), 0, self.pack.supply["expansion"]
            )
            stored = self._counts(entry.get("storage"), join(field, "storage"), _TILES, 999)
            s.storage[p] = [stored[t] for t in _TILES] + stored["koi"]
            cards = positions.object(entry.get("cards", {}), join(field, "cards"), self.names)
            full = self.pack.deck(s.players)
            for name, n in cards.items():
                k = self.names.index(name)
                s.cards[p][k] = positions.integer(n, join(join(field, "cards"), name), 1, full[k])
            s.ponds[p], s.koi[p] = self._pond(entry.get("pond"), join(field, "pond"))

    def _pond(self, value: Any, field: str) -> tuple[list[int], list[int]]:
        lines = positions.array(value, field, len(rows()))
        pond, koi = [EMPTY] * CELLS, [0] * CELLS
        for r, (line, cells) in enumerate(zip(lines, rows())):
            line = positions.string(line, join(field, r), 20)
            if len(line) != len(cells):
                raise PositionError(
                    join(field, r), f"row {r + 1} has {len(cells)} hexes, got {len(line)}"
                )
            for char, cell in zip(line, cells):
                read = read_pond_char(char)
                if read is None:
                    raise PositionError(join(field, r), f"{char!r} is no hex (.@~123fs*L)")
                pond[cell], koi[cell] = read
        if pond[SPRING] != SPRING_HEX or pond.count(SPRING_HEX) != 1:
            raise PositionError(field, "the spring tile is at E5, the centre, and only there")
        reached, todo = {SPRING}, [SPRING]
        while todo:
            for n in neighbours(todo.pop()):
                if pond[n] != EMPTY and n not in reached:
                    reached.add(n)
                    todo.append(n)
        if any(pond[c] != EMPTY and c not in reached for c in range(CELLS)):
            raise PositionError(field, "every tile is joined to the spring: the pond grows from it")
        if not _shores_tile({c for c in range(CELLS) if pond[c] == SHORE}):
            raise PositionError(field, "the shore hexes are not whole shore tiles of 3 hexes")
        return pond, koi

    def _turn(self, value: Any) -> None:
        s = self.state
        in_turn = s.phase not in (R.TURN, R.OVER, R.FLIP)
        if value is None:
            if in_turn:
                raise PositionError(
                    "turn", f"phase {s.phase!r} comes in a turn: say where it stands"
                )
            return
        if not in_turn and s.phase != R.FLIP:
            raise PositionError("turn", f"no turn is under way in phase {s.phase!r}")
        obj = positions.object(value, "turn", _TURN_KEYS)
        space = obj.get("space")
        s.space = (
            None if space is None else positions.integer(space, "turn.space", 1, act.SPACES) - 1
        )
        s.card = self._card(obj.get("card"), "turn.card")
        steps = positions.array(obj.get("steps", []), "turn.steps", max_length=2)
        s.steps = [
            positions.choice(step, join("turn.steps", i), R.STEPS) for i, step in enumerate(steps)
        ]
        if len(set(s.steps)) < len(s.steps):
            raise PositionError("turn.steps", "the reward and the card are carried out once each")
        places = positions.array(obj.get("to_place", []), "turn.to_place", max_length=18)
        s.to_place = [
            positions.choice(t, join("turn.to_place", i), ("lily", "lantern"))
            for i, t in enumerate(places)
        ]
        s.placed = positions.integer(obj.get("placed", 0), "turn.placed", 0, 99)
        if (s.space is None) != (s.card is None):
            raise PositionError("turn.card", "a card is taken with its space, when meditating")
        if s.card is not None and not s.cards[s.to_move][s.card]:
            raise PositionError("turn.card", f"player {s.to_move} has no {self.names[s.card]} card")
        if s.space is not None and s.placed:
            raise PositionError("turn.placed", "a meditating player places no tiles from storage")
        if s.phase == R.FLIP and s.space is None:
            raise PositionError("turn.space", "a flip during a turn follows a meditation")
        if s.space is None and (s.steps or s.to_place):
            raise PositionError(
                "turn.steps", "only a meditating player has a reward and a card to carry out"
            )

    def _conservation(self) -> None:
        """Every card, tile, koi and expansion is in the deck, the market, the supply, a storage or
        a pond, as many as the pack gives."""
        s, pack = self.state, self.pack
        full = pack.deck(s.players)
        for k, name in enumerate(self.names):
            held = s.deck[k] + s.market.count(k) + sum(s.cards[p][k] for p in range(s.players))
            if held != full[k]:
                raise PositionError(
                    join("deck", name),
                    f"{full[k]} {name} cards in this game; the deck, "
                    f"the market and the players have {held}",
                )
        for what, total in pack.supply.items():
            if what == "expansion":
                out = sum(s.expansions)
            else:
                code = TERRAINS.index(what)
                out = sum(pond.count(code) for pond in s.ponds) // (3 if what == "shore" else 1)
                if what in _TILES:
                    out += sum(st[act.STORED.index(what)] for st in s.storage)
            if s.supply[what] + out != total:
                raise PositionError(
                    join("supply", what),
                    f"the pack has {total}; the supply has {s.supply[what]} and the players {out}",
                )
        for k, size in enumerate(KOI_SIZES):
            out = sum(st[3 + k] for st in s.storage) + sum(koi.count(k + 1) for koi in s.koi)
            total = pack.koi_supply[s.players - 1][k]
            if s.koi_supply[k] + out != total:
                raise PositionError(
                    join("supply.koi", k),
                    f"{total} {size} koi in this game; the supply "
                    f"has {s.koi_supply[k]} and the players {out}",
                )

    def _market_holes(self) -> None:
        s = self.state
        holes = [i for i, card in enumerate(s.market) if card is None]
        taken = s.space if s.phase in _MEDITATING else None
        if taken is not None and s.market[taken] is not None:
            raise PositionError(
                join("market", taken), "the card taken this turn has left its space"
            )
        prefix = [i for i in holes if i != taken]
        if prefix != list(range(len(prefix))):
            raise PositionError("market", "cards slide right: the empty spaces are on the left")
        setup = s.phase == R.FLIP and s.space is None
        if s.last_round and sum(s.deck):
            raise PositionError("last_round", "the last round starts when the deck is empty")
        if s.phase == R.FLIP:
            if not sum(s.deck):
                raise PositionError("deck", "a card is to be flipped but the deck is empty")
            if not setup and len(prefix) != 1:
                raise PositionError(
                    "market", "after meditating only the left space waits for a card"
                )
            if not prefix:
                raise PositionError("market", "no space waits for a card")
        elif bool(prefix) != s.last_round:
            raise PositionError(
                "last_round" if prefix else "market",
                "a space stays empty when, and only when, the deck could not refill it",
            )
        if setup and (
            s.last_round
            or any(map(any, s.cards))
            or any(map(any, s.storage))
            or s.coins != [R.START_COINS] * s.players
            or s.luck != [R.START_LUCK] * s.players
            or any(sum(p) != SPRING_HEX for p in s.ponds)
        ):
            raise PositionError("phase", "the setup's flips come before anything else happens")

    def _phase(self) -> None:
        """The turn under way fits the phase."""
        s, p, phase = self.state, self.state.to_move, self.state.phase
        if (phase == R.OVER or phase == R.FLIP and s.space is None) and s.to_move:
            raise PositionError("to_move", f"nobody is to move in phase {phase!r}")
        if phase == R.OVER and not s.last_round:
            raise PositionError("last_round", "the game ends after the last round")
        checked = phase in (R.TURN, R.OVER) or phase == R.FLIP and s.space is None
        for q in range(s.players):
            if (q != p or checked) and s.used(q) > s.capacity(q):
                raise PositionError(
                    join("sensei", q) + ".storage",
                    f"{s.used(q)} hexes stored, over the capacity {s.capacity(q)}, "
                    "after the end-of-turn check",
                )
        if phase in _MEDITATING and s.space is None:
            raise PositionError("turn.space", f"phase {phase!r} comes in a meditation")
        if phase == R.WORK and s.space is not None:
            raise PositionError("turn.space", "a working player takes no card")
        if phase == R.LUCK and s.space is None:
            raise PositionError(
                "turn.space", "a luck purchase after the turn's action follows a meditation only"
            )
        if phase == R.DISCARD and (s.space is None) != (s.placed > 0):
            raise PositionError(
                "turn.placed", "the turn was a Work (tiles placed) or a meditation (a space)"
            )
        if phase != R.PLACE and s.to_place:
            raise PositionError(
                "turn.to_place", "lilies and lanterns are placed as soon as they are gained"
            )
        if phase not in _MEDITATING and s.steps:
            raise PositionError("turn.steps", f"the meditation is over in phase {phase!r}")
        if s.placed > s.work_limit(p) or phase == R.WORK and s.placed == s.work_limit(p):
            raise PositionError("turn.placed", f"a Work places at most {s.work_limit(p)} tiles")
        card = self.pack.cards[s.card] if s.card is not None else None
        if phase == R.ORDER and (s.steps or not s.order_matters()):
            raise PositionError(
                "turn.steps",
                "the order is asked before anything is carried out, and only when it can matter",
            )
        if phase in (R.REWARD, R.MARKET, R.PLACE) and len(s.steps) > 1:
            raise PositionError("turn.steps", "one of the reward and the card is being carried out")
        if phase == R.REWARD and ("reward" in s.steps or s.space < 3):
            raise PositionError("turn.steps", "the reward of space 4 or 5 is being chosen")
        if phase == R.MARKET and (card.kind != "market" or "card" in s.steps):
            raise PositionError("turn.card", "a Market card's purchase is being chosen")
        if phase == R.PLACE:
            most = card.gain("lily") + card.gain("lantern")
            if "card" in s.steps or not s.to_place or len(s.to_place) > most:
                raise PositionError(
                    "turn.to_place", f"{card.name} gave at most {most} tile(s) to place"
                )
        if phase == R.DISCARD and s.used(p) <= s.capacity(p):
            raise PositionError(
                join("sensei", p) + ".storage", "nothing to discard: within capacity"
            )
        legal = [] if phase in (R.FLIP, R.OVER) else s.legal_actions()
        if phase in (R.MARKET, R.LUCK) and legal == [act.PASS] or phase == R.LUCK and not s.luck[p]:
            raise PositionError("phase", f"player {p} can buy no koi in phase {phase!r}")
        if len(legal) < (2 if phase in R.AUTO else 1) and phase not in (R.FLIP, R.OVER):
            raise PositionError("phase", f"player {p} has no choice to make in phase {phase!r}")

    def _scores(self, entries: list) -> None:
        scores = self.state.scores()
        for p, entry in enumerate(entries):
            if "score" in entry and not same_value(entry["score"], scores[p]):
                raise PositionError(
                    join(join("sensei", p), "score"),
                    f"the pond scores {scores[p]}, got {show(entry['score'])}",
                )


def _shores_tile(cells: set[int]) -> bool:
    """Whether the shore hexes split into whole shore tiles (triangles of 3 hexes)."""
    if not cells:
        return True
    first = min(cells)
    for c in range(CELLS):
        for shape in (0, 1):
            tri = triangle(c, shape)
            if tri and first in tri and cells.issuperset(tri) and _shores_tile(cells - set(tri)):
                return True
    return False


def state_from_json(obj: Any, pack: Pack, players: int) -> KoiState:
    """Read a position into a reference state.

    Raises:
        PositionError: naming the first bad field.
    """
    return _Reader(pack, players).read(obj)
