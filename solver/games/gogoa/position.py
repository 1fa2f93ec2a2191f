"""The human Go Goa position format: a plain JSON object a person can read and type.

``to_json`` writes a state; ``state_from_json`` reads one back, checks that the rules can reach it
and names the bad field otherwise. Player 1 about to move on day 3 of a 2-player game::

    {
      "game": "gogoa", "players": 2, "map": "reference",
      "phase": "move", "day": 3, "starter": 0, "to_move": 1,
      "dice": [1, 4, 6], "reserved": 4,
      "sheets": [
        {"position": "Calangute", "visited": ["Calangute", "Old Goa"],
         "guides": {"Calangute": "unlocked", "Colva": "locked", "Palolem": "locked"},
         "plans": [3, 17], "discarded": [5, 20], "day": 3},
        ...
      ],
      "decks": {"40": [...], "20/30": [...]}
    }

Hexes are written as a destination's name, ``"Start Here"``, or a label such as ``"F7"``. ``day``
is the trip day in progress (0 while the tour plans are dealt and chosen); each sheet repeats it
(the days crossed off). ``dice`` are the three values showing, ``reserved`` the starting player's
die. A sheet holds ``hand`` (the cards dealt, while the plans are being chosen) or ``plans`` (the
two kept) and ``discarded`` (the two put back in the box). ``decks`` lists the cards never dealt.

**Typed positions.** A player at the table may leave out ``decks``, ``starter``, a sheet's
``guides`` (then every guide whose beach was visited is unused), ``discarded`` and ``day``; missing
cards are dealt at random (with the seed) from those the position does not mention.

**What one player sees** (``to_json(observer=p)``): the other players' hands and discarded cards
become counts, and ``unseen`` lists every card that player cannot see instead of ``decks``; reading
it back deals the hidden cards at random from ``unseen``.
"""

from __future__ import annotations

import random
from typing import Any

from solver.core.errors import PositionError
from solver.games.gogoa import rules as R
from solver.games.gogoa.dice import FACES
from solver.games.gogoa.pack import DECKS, Pack
from solver.games.gogoa.rules import GoGoaState

_TOP_KEYS = ("game", "players", "map", "phase", "day", "starter", "to_move", "dice", "reserved",
             "sheets", "decks", "unseen", "winners")  # fmt: skip
_SHEET_KEYS = ("position", "visited", "guides", "hand", "plans", "discarded", "day")
_STATUSES = (R.LOCKED, R.UNLOCKED, R.USED)


# -- writing ---------------------------------------------------------------------------------------


def _sheet(state: GoGoaState, player: int, hidden: bool) -> dict[str, Any]:
    pack, sheet = state.pack, state.sheets[player]
    out: dict[str, Any] = {
        "position": pack.name_of(sheet.position),
        "visited": [pack.name_of(h) for h in sorted(sheet.visited)],
        "guides": {
            pack.name_of(h): state.guide_status(player, g) for g, h in enumerate(pack.guides)
        },
    }
    if sheet.kept:
        out["plans"] = list(sheet.kept)
        discarded = [c for c in sheet.dealt if c not in sheet.kept]
        out["discarded"] = len(discarded) if hidden else discarded
    else:
        out["hand"] = len(sheet.dealt) if hidden else list(sheet.dealt)
        out["plans"] = []
    out["day"] = state.day
    return out


def _by_deck(pack: Pack, cards: list[int]) -> dict[str, list[int]]:
    return {
        title: sorted(c for c in cards if pack.plans[c].deck == d) for d, title in enumerate(DECKS)
    }


def to_json(state: GoGoaState, observer: int | None = None) -> dict[str, Any]:
    """The position as a plain dict; with an ``observer``, only what that player can see."""
    deciding = state.phase in (R.KEEP, R.RESERVE, R.MOVE)
    out: dict[str, Any] = {
        "game": "gogoa",
        "players": state.players,
        "map": state.pack.name,
        "phase": state.phase,
        "day": state.day,
        "starter": state.starter,
        "to_move": state.to_move if deciding else None,
        "dice": list(state.dice) if state.dice else None,
        "reserved": state.reserved,
        "sheets": [
            _sheet(state, p, observer is not None and p != observer) for p in range(state.players)
        ],
    }
    undealt = state.decks[0] + state.decks[1]
    if observer is None:
        out["decks"] = _by_deck(state.pack, undealt)
    else:
        hidden = [
            c
            for p, s in enumerate(state.sheets)
            if p != observer
            for c in s.dealt
            if c not in s.kept
        ]
        out["unseen"] = _by_deck(state.pack, undealt + hidden)
    if state.phase == R.OVER:
        out["winners"] = list(state.winners)
    return out


# -- reading ---------------------------------------------------------------------------------------


def _int(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(where, f"expected an integer, got {value!r}")
    if not low <= value <= high:
        raise PositionError(where, f"expected {low} to {high}, got {value}")
    return value


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise PositionError(where, f"expected a list, got {type(value).__name__}")
    return value


def _dict(value: Any, where: str, keys: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise PositionError(where, f"expected an object, got {type(value).__name__}")
    unknown = [k for k in value if k not in keys]
    if unknown:
        raise PositionError(f"{where}.{unknown[0]}" if where else unknown[0], "unknown field")
    return value


def _hex(pack: Pack, value: Any, where: str) -> int:
    hex_ = pack.hex_named(value)
    if hex_ is None:
        raise PositionError(where, f"{value!r} names no destination, 'Start Here' or hex label")
    if hex_ not in pack.land:
        raise PositionError(where, f"{value} is outside Goa")
    return hex_


class _Reader:
    """Reads one position; ``self.cards`` collects every card mentioned and where."""

    def __init__(self, obj: Any, pack: Pack, players: int) -> None:
        self.obj = _dict(obj, "", _TOP_KEYS)
        self.pack = pack
        self.players = players
        self.cards: dict[int, str] = {}

    def card(self, value: Any, where: str) -> int:
        card = _int(value, where, 0, len(self.pack.plans) - 1)
        if card in self.cards:
            raise PositionError(where, f"card {card} is also in {self.cards[card]}")
        self.cards[card] = where
        return card

    def cards_list(self, value: Any, where: str, size: int | None) -> list[int] | int:
        """A list of card ids, or (hidden cards) their number."""
        if isinstance(value, int) and not isinstance(value, bool):
            return _int(value, where, 0, R.HAND)
        cards = [self.card(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where))]
        if size is not None and len(cards) != size:
            raise PositionError(where, f"expected {size} cards, got {len(cards)}")
        return sorted(cards)

    def header(self) -> tuple[str, int]:
        obj = self.obj
        if obj.get("game") != "gogoa":
            raise PositionError("game", f"expected 'gogoa', got {obj.get('game')!r}")
        if obj.get("players") != self.players:
            raise PositionError(
                "players", f"this game has {self.players} players, got {obj.get('players')!r}"
            )
        if obj.get("map", self.pack.name) != self.pack.name:
            raise PositionError(
                "map", f"this game is played on the map {self.pack.name!r}, got {obj.get('map')!r}"
            )
        phase = obj.get("phase")
        if phase not in R.PHASES:
            raise PositionError("phase", f"expected one of {', '.join(R.PHASES)}, got {phase!r}")
        if "day" not in obj:
            raise PositionError("day", "missing")
        setup = phase in (R.DEAL, R.KEEP)
        low, high = (0, 0) if setup else (R.DAYS, R.DAYS) if phase == R.OVER else (1, R.DAYS)
        day = _int(obj["day"], "day", low, high)
        return phase, day

    def dice(self, state: GoGoaState) -> None:
        obj, phase = self.obj, state.phase
        rolled = phase in (R.RESERVE, R.MOVE)
        dice = obj.get("dice")
        if not rolled:
            if dice is not None:
                raise PositionError("dice", f"no dice show in phase {phase!r}, got {dice!r}")
            if obj.get("reserved") is not None:
                raise PositionError("reserved", f"no die is reserved in phase {phase!r}")
            return
        values = _list(dice, "dice")
        if len(values) != 3:
            raise PositionError("dice", f"expected 3 dice, got {len(values)}")
        state.dice = tuple(sorted(_int(v, f"dice[{i}]", 1, FACES) for i, v in enumerate(values)))
        reserved = obj.get("reserved")
        if phase == R.RESERVE:
            if reserved is not None:
                raise PositionError("reserved", "the die is being reserved: expected null")
            return
        if reserved is None:
            raise PositionError("reserved", "missing: which die did the starting player reserve?")
        state.reserved = _int(reserved, "reserved", 1, FACES)
        if state.reserved not in state.dice:
            raise PositionError("reserved", f"{reserved} is not one of the dice {list(state.dice)}")

    def sheet(
        self, state: GoGoaState, p: int, value: Any
    ) -> tuple[list[int] | int, list[int] | int | None]:
        """Read sheet ``p``; returns its hand and its discarded cards (lists, counts or None)."""
        where = f"sheets[{p}]"
        obj = _dict(value, where, _SHEET_KEYS)
        pack, sheet = self.pack, state.sheets[p]
        if "position" not in obj:
            raise PositionError(f"{where}.position", "missing")
        sheet.position = _hex(pack, obj["position"], f"{where}.position")
        for i, name in enumerate(_list(obj.get("visited", []), f"{where}.visited")):
            hex_ = _hex(pack, name, f"{where}.visited[{i}]")
            if pack.destination(hex_) is None:
                raise PositionError(f"{where}.visited[{i}]", f"{name} is not a destination")
            if hex_ in sheet.visited:
                raise PositionError(f"{where}.visited[{i}]", f"{name} is listed twice")
            sheet.visited.add(hex_)
        if pack.destination(sheet.position) is not None and sheet.position not in sheet.visited:
            raise PositionError(
                f"{where}.position", f"{obj['position']} is a destination the sheet has not visited"
            )
        guides = obj.get("guides", {})
        names = tuple(pack.name_of(h) for h in pack.guides)
        _dict(guides, f"{where}.guides", names)
        for g, name in enumerate(names):
            status = guides.get(name, R.UNLOCKED if pack.guides[g] in sheet.visited else R.LOCKED)
            at = f"{where}.guides.{name}"
            if status not in _STATUSES:
                raise PositionError(at, f"expected one of {', '.join(_STATUSES)}, got {status!r}")
            if (status == R.LOCKED) == (pack.guides[g] in sheet.visited):
                visited = "visited" if pack.guides[g] in sheet.visited else "not visited"
                raise PositionError(at, f"{status!r} but {name} is {visited}")
            if status == R.USED:
                sheet.used.add(g)
        if "day" in obj and obj["day"] != state.day:
            raise PositionError(
                f"{where}.day", f"expected {state.day} (the trip day), got {obj['day']!r}"
            )
        sheet.kept = self.cards_list(obj.get("plans", []), f"{where}.plans", None)
        if isinstance(sheet.kept, int) or len(sheet.kept) not in (0, R.KEPT):
            raise PositionError(
                f"{where}.plans", f"expected no card or {R.KEPT} cards, got {obj.get('plans')!r}"
            )
        hand = self.cards_list(obj["hand"], f"{where}.hand", None) if "hand" in obj else None
        discarded = (
            self.cards_list(obj["discarded"], f"{where}.discarded", None)
            if "discarded" in obj
            else None
        )
        if sheet.kept and hand is not None:
            raise PositionError(
                f"{where}.hand", "the plans were chosen: the other cards are 'discarded'"
            )
        if not sheet.kept and discarded is not None:
            raise PositionError(
                f"{where}.discarded", "no plans were chosen yet: the cards are the 'hand'"
            )
        return (hand if hand is not None else []), discarded

    def moves_made(self, state: GoGoaState, p: int) -> int:
        """The routes player ``p`` has drawn so far."""
        if state.phase in (R.DEAL, R.KEEP):
            return 0
        if state.phase == R.OVER:
            return R.DAYS
        done = state.day - 1
        if (
            state.phase == R.MOVE
            and (p - state.starter) % self.players < (state.to_move - state.starter) % self.players
        ):
            done += 1
        return done


def _check_setup(state: GoGoaState, hands: list[list[int] | int], discards: list) -> None:
    """The cards dealt and kept agree with the phase: dealing goes in seat order, 2 cards from each
    deck; while choosing, the players before ``to_move`` have kept two."""
    pack = state.pack
    dealt_total = 0
    for p in range(state.players):
        sheet = state.sheets[p]
        hand = hands[p]
        size = hand if isinstance(hand, int) else len(hand)
        if sheet.kept:
            size = R.HAND
        dealt_total += size
        where = f"sheets[{p}]"
        if state.phase == R.DEAL:
            if sheet.kept:
                raise PositionError(
                    f"{where}.plans", "no plans are chosen while the cards are dealt"
                )
            continue
        if state.phase == R.KEEP and (p < state.to_move) != bool(sheet.kept):
            want = "two kept plans" if p < state.to_move else "no plans kept yet"
            raise PositionError(
                f"{where}.plans", f"player {state.to_move} chooses now: expected {want}"
            )
        if state.phase not in (R.DEAL, R.KEEP) and not sheet.kept:
            raise PositionError(f"{where}.plans", "expected the two tour plans kept")
        if not sheet.kept and size != R.HAND:
            raise PositionError(f"{where}.hand", f"expected {R.HAND} cards dealt, got {size}")
        if sheet.kept:
            disc = discards[p]
            count = disc if isinstance(disc, int) else len(disc) if disc is not None else None
            if count is not None and count != R.HAND - R.KEPT:
                raise PositionError(
                    f"{where}.discarded", f"expected {R.HAND - R.KEPT} cards, got {count}"
                )
    if state.phase == R.DEAL:
        full, part = divmod(dealt_total, R.HAND)
        if dealt_total >= R.HAND * state.players:
            raise PositionError("phase", "every card is dealt: the phase is 'keep'")
        for p in range(state.players):
            hand = hands[p]
            size = hand if isinstance(hand, int) else len(hand)
            want = R.HAND if p < full else part if p == full else 0
            if size != want:
                raise PositionError(
                    f"sheets[{p}].hand",
                    f"cards are dealt in seat order: expected {want}, got {size}",
                )
    for p in range(state.players):
        listed = [
            card for part in (hands[p], discards[p]) if isinstance(part, list) for card in part
        ]
        listed += state.sheets[p].kept
        for deck, title in enumerate(DECKS):
            n = sum(pack.plans[c].deck == deck for c in listed)
            if n > R.DEALT_PER_DECK:
                raise PositionError(
                    f"sheets[{p}]",
                    f"{n} cards of the {title} deck: each player is dealt {R.DEALT_PER_DECK}",
                )


def _deal_hidden(
    state: GoGoaState, hands: list, discards: list, pool: list[int], seed: int
) -> None:
    """Give every sheet its dealt cards, drawing the hidden ones at random from ``pool``; the rest of
    ``pool`` forms the decks. A partly dealt hand takes its 40-point cards first."""
    pack = state.pack
    rng = random.Random(seed)
    left = [sorted(c for c in pool if pack.plans[c].deck == d) for d in range(len(DECKS))]
    for p in range(state.players):
        sheet = state.sheets[p]
        known = list(sheet.kept)
        hidden = 0
        for part in (hands[p], discards[p]):
            if isinstance(part, list):
                known += part
            elif isinstance(part, int):
                hidden += part
            elif sheet.kept:  # discarded cards not given
                hidden += R.HAND - R.KEPT
        size = len(known) + hidden
        need = [min(size, R.DEALT_PER_DECK), max(0, size - R.DEALT_PER_DECK)]
        for c in known:
            need[pack.plans[c].deck] -= 1
        if min(need) < 0:
            raise PositionError(
                f"sheets[{p}]",
                "the cards dealt do not come two from each deck, 40-point deck first",
            )
        drawn = []
        for deck in range(len(DECKS)):
            if need[deck] > len(left[deck]):
                raise PositionError(
                    f"sheets[{p}]", f"not enough {DECKS[deck]}-point cards left to deal"
                )
            picks = rng.sample(left[deck], need[deck])
            for c in picks:
                left[deck].remove(c)
            drawn += picks
        sheet.dealt = sorted(known + drawn)
    state.decks = left


def state_from_json(obj: Any, pack: Pack, players: int, seed: int = 0) -> GoGoaState:
    """Read a position (see the module docstring).

    Raises:
        PositionError: naming the first bad field.
    """
    reader = _Reader(obj, pack, players)
    phase, day = reader.header()
    state = GoGoaState(pack, players)
    state.phase, state.day = phase, day
    if "starter" in obj and obj["starter"] != state.starter:
        raise PositionError(
            "starter", f"day {day} starts with player {state.starter}, got {obj['starter']!r}"
        )
    deciding = phase in (R.KEEP, R.RESERVE, R.MOVE)
    if deciding:
        state.to_move = _int(obj.get("to_move"), "to_move", 0, players - 1)
        if phase == R.RESERVE and state.to_move != state.starter:
            raise PositionError("to_move", f"the starting player {state.starter} reserves the die")
    else:
        if obj.get("to_move") is not None:
            raise PositionError("to_move", f"nobody decides in phase {phase!r}: expected null")
        state.to_move = state.starter
    reader.dice(state)
    sheets = _list(obj.get("sheets"), "sheets")
    if len(sheets) != players:
        raise PositionError("sheets", f"expected {players} sheets, got {len(sheets)}")
    hands, discards = [], []
    for p, value in enumerate(sheets):
        hand, discarded = reader.sheet(state, p, value)
        hands.append(hand)
        discards.append(discarded)
        if phase in (R.DEAL, R.KEEP) and (
            state.sheets[p].visited or state.sheets[p].position != pack.start
        ):
            raise PositionError(f"sheets[{p}].position", "every trip begins at 'Start Here'")
        made = reader.moves_made(state, p)
        if len(state.sheets[p].visited) > made:
            raise PositionError(
                f"sheets[{p}].visited",
                f"{len(state.sheets[p].visited)} souvenirs after {made} routes",
            )
    _check_setup(state, hands, discards)
    mentioned = set(reader.cards)
    pool = [c for c in range(len(pack.plans)) if c not in mentioned]
    if "decks" in obj:
        decks = _dict(obj["decks"], "decks", DECKS)
        listed = []
        for d, title in enumerate(DECKS):
            for i, v in enumerate(_list(decks.get(title, []), f"decks.{title}")):
                card = reader.card(v, f"decks.{title}[{i}]")
                if pack.plans[card].deck != d:
                    raise PositionError(
                        f"decks.{title}[{i}]", f"card {card} belongs to the {DECKS[1 - d]} deck"
                    )
                listed.append(card)
        missing = sorted(set(pool) - set(listed))
        if missing:
            raise PositionError(
                "decks", f"card {missing[0]} is nowhere (neither dealt nor in a deck)"
            )
        if any(isinstance(x, int) for x in hands + discards) or any(
            s.kept and d is None for s, d in zip(state.sheets, discards)
        ):
            raise PositionError(
                "decks", "with 'decks', every sheet lists its cards (use 'unseen' to hide some)"
            )
    elif "unseen" in obj:
        unseen = _dict(obj["unseen"], "unseen", DECKS)
        listed = sorted(
            _int(v, f"unseen.{t}[{i}]", 0, len(pack.plans) - 1)
            for t in DECKS
            for i, v in enumerate(_list(unseen.get(t, []), f"unseen.{t}"))
        )
        if listed != pool:
            extra = sorted(set(listed) - set(pool)) or sorted(set(pool) - set(listed))
            raise PositionError(
                "unseen", f"card {extra[0]}: expected the cards no sheet shows, {pool}"
            )
    _deal_hidden(state, hands, discards, pool, seed)
    if phase == R.KEEP:
        first = next(p for p in range(players) if not state.sheets[p].kept)
        if state.to_move != first:
            raise PositionError("to_move", f"player {first} is the first who has not chosen plans")
    if phase == R.OVER:
        state._finish()
        if "winners" in obj and obj["winners"] != state.winners:
            raise PositionError(
                "winners", f"the scores make {state.winners} the winners, got {obj['winners']!r}"
            )
    elif "winners" in obj:
        raise PositionError("winners", "the trip is not over")
    return state
