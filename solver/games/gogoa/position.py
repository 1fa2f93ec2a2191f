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

import math
import random
from typing import Any

from solver.core.strict_json import check_tree, join, positions, show
from solver.games.gogoa import rules as R
from solver.games.gogoa.dice import FACES
from solver.games.gogoa.pack import DECKS, Pack
from solver.games.gogoa.rules import GoGoaState

_TOP_KEYS = ("game", "players", "map", "phase", "day", "starter", "to_move", "dice", "reserved",
             "sheets", "decks", "unseen", "winners")  # fmt: skip
_REQUIRED = ("game", "players", "phase", "day", "sheets")
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


def _hex(pack: Pack, value: Any, where: str) -> int:
    hex_ = pack.hex_named(positions.string(value, where))
    if hex_ is None:
        raise positions.fail(
            where, f"{show(value)} names no destination, 'Start Here' or hex label"
        )
    if hex_ not in pack.land:
        raise positions.fail(where, f"{value} is outside Goa")
    return hex_


def _routes(pack: Pack, *hexes: int) -> float:
    """The fewest routes that lead from Start Here through ``hexes`` in turn, by distance alone: a
    route takes at most ``FACES`` steps over land (its distance is a die, and guides keep a die
    within 1 to 6); infinite when no land joins them. Turns and dice are not replayed: a bound."""
    total = 0
    for a, b in zip((pack.start, *hexes), hexes):
        steps = pack.steps_from(a).get(b)
        if steps is None:
            return math.inf
        total += -(-steps // FACES)
    return total


class _Reader:
    """Reads one position; ``self.cards`` collects every card mentioned and where."""

    def __init__(self, obj: Any, pack: Pack, players: int) -> None:
        if type(obj) is not dict:
            raise positions.fail("position", f"expected an object, got {show(obj)}")
        self.obj = positions.object(obj, "", _TOP_KEYS, _REQUIRED)
        self.pack = pack
        self.players = players
        self.cards: dict[int, str] = {}

    def card(self, value: Any, where: str) -> int:
        card = positions.integer(value, where, 0, len(self.pack.plans) - 1)
        if card in self.cards:
            raise positions.fail(where, f"card {card} is also in {self.cards[card]}")
        self.cards[card] = where
        return card

    def cards_list(self, value: Any, where: str) -> list[int] | int:
        """A list of card ids, or (hidden cards) their number."""
        if type(value) is int:
            return positions.integer(value, where, 0, R.HAND)
        listed = positions.array(value, where, max_length=R.HAND)
        return sorted(self.card(v, join(where, i)) for i, v in enumerate(listed))

    def header(self) -> tuple[str, int]:
        obj = self.obj
        if obj["game"] != "gogoa":
            raise positions.fail("game", f"expected 'gogoa', got {show(obj['game'])}")
        if positions.integer(obj["players"], "players") != self.players:
            raise positions.fail(
                "players", f"this game has {self.players} players, got {obj['players']}"
            )
        if positions.string(obj.get("map", self.pack.name), "map") != self.pack.name:
            raise positions.fail(
                "map", f"this game is played on the map {self.pack.name!r}, got {show(obj['map'])}"
            )
        phase = positions.choice(obj["phase"], "phase", R.PHASES)
        setup = phase in (R.DEAL, R.KEEP)
        low, high = (0, 0) if setup else (R.DAYS, R.DAYS) if phase == R.OVER else (1, R.DAYS)
        return phase, positions.integer(obj["day"], "day", low, high)

    def dice(self, state: GoGoaState) -> None:
        obj, phase = self.obj, state.phase
        rolled = phase in (R.RESERVE, R.MOVE)
        dice = obj.get("dice")
        if not rolled:
            if dice is not None:
                raise positions.fail("dice", f"no dice show in phase {phase!r}, got {show(dice)}")
            if obj.get("reserved") is not None:
                raise positions.fail("reserved", f"no die is reserved in phase {phase!r}")
            return
        values = positions.array(dice, "dice", length=3)
        state.dice = tuple(
            sorted(positions.integer(v, join("dice", i), 1, FACES) for i, v in enumerate(values))
        )
        reserved = obj.get("reserved")
        if phase == R.RESERVE:
            if reserved is not None:
                raise positions.fail("reserved", "the die is being reserved: expected null")
            return
        if reserved is None:
            raise positions.fail("reserved", "missing: which die did the starting player reserve?")
        state.reserved = positions.integer(reserved, "reserved", 1, FACES)
        if state.reserved not in state.dice:
            raise positions.fail(
                "reserved", f"{reserved} is not one of the dice {list(state.dice)}"
            )

    def sheet(
        self, state: GoGoaState, p: int, value: Any
    ) -> tuple[list[int] | int, list[int] | int | None]:
        """Read sheet ``p``; returns its hand and its discarded cards (lists, counts or None)."""
        where = f"sheets[{p}]"
        obj = positions.object(value, where, _SHEET_KEYS, ("position",))
        self.trip(state, p, obj, where)
        if "day" in obj and positions.integer(obj["day"], join(where, "day")) != state.day:
            raise positions.fail(
                join(where, "day"), f"expected {state.day} (the trip day), got {obj['day']}"
            )
        plans = self.cards_list(obj.get("plans", []), join(where, "plans"))
        if isinstance(plans, int) or len(plans) not in (0, R.KEPT):
            raise positions.fail(
                join(where, "plans"), f"expected no card or {R.KEPT} cards, got {plans}"
            )
        sheet = state.sheets[p]
        sheet.kept = plans
        hand = self.cards_list(obj["hand"], join(where, "hand")) if "hand" in obj else None
        discarded = None
        if "discarded" in obj:
            discarded = self.cards_list(obj["discarded"], join(where, "discarded"))
        if sheet.kept and hand is not None:
            raise positions.fail(
                join(where, "hand"), "the plans were chosen: the other cards are 'discarded'"
            )
        if not sheet.kept and discarded is not None:
            raise positions.fail(
                join(where, "discarded"), "no plans were chosen yet: the cards are the 'hand'"
            )
        return (hand if hand is not None else []), discarded

    def trip(self, state: GoGoaState, p: int, obj: dict, where: str) -> None:
        """Read where sheet ``p`` is, its souvenirs and its guides. They must fit in the routes the
        player has drawn (``_routes``): the position in reach of Start Here, each souvenir on a
        way to it, each used guide's beach with a route after it (the guide is spent later)."""
        pack, sheet = self.pack, state.sheets[p]
        made = self.moves_made(state, p)
        fits = f"in {made} day(s) of routes of at most {FACES} steps over land"
        at = join(where, "position")
        sheet.position = _hex(pack, obj["position"], at)
        here = pack.name_of(sheet.position)
        if _routes(pack, sheet.position) > made:
            raise positions.fail(at, f"{here} cannot be reached from 'Start Here' {fits}")
        visited = positions.array(obj.get("visited", []), join(where, "visited"))
        if len(visited) > made:
            raise positions.fail(
                join(where, "visited"), f"{len(visited)} souvenirs after {made} routes"
            )
        for i, name in enumerate(visited):
            at = join(join(where, "visited"), i)
            hex_ = _hex(pack, name, at)
            if pack.destination(hex_) is None:
                raise positions.fail(at, f"{name} is not a destination")
            if hex_ in sheet.visited:
                raise positions.fail(at, f"{name} is listed twice")
            if _routes(pack, hex_, sheet.position) > made:
                raise positions.fail(at, f"{name} and then {here} cannot be reached {fits}")
            sheet.visited.add(hex_)
        if pack.destination(sheet.position) is not None and sheet.position not in sheet.visited:
            raise positions.fail(
                join(where, "position"), f"{here} is a destination the sheet has not visited"
            )
        names = tuple(pack.name_of(h) for h in pack.guides)
        guides = positions.object(obj.get("guides", {}), join(where, "guides"), names)
        for g, (name, beach) in enumerate(zip(names, pack.guides)):
            at = join(join(where, "guides"), name)
            unlocked = beach in sheet.visited
            default = R.UNLOCKED if unlocked else R.LOCKED
            status = positions.choice(guides.get(name, default), at, _STATUSES)
            if (status == R.LOCKED) == unlocked:
                visited_or_not = "visited" if unlocked else "not visited"
                raise positions.fail(at, f"{status!r} but {name} is {visited_or_not}")
            if status == R.USED:
                if max(_routes(pack, beach) + 1, _routes(pack, beach, sheet.position)) > made:
                    raise positions.fail(
                        at, f"'used' but {name}, a route spending it and {here} do not fit {fits}"
                    )
                sheet.used.add(g)

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
                raise positions.fail(
                    f"{where}.plans", "no plans are chosen while the cards are dealt"
                )
            continue
        if state.phase == R.KEEP and (p < state.to_move) != bool(sheet.kept):
            want = "two kept plans" if p < state.to_move else "no plans kept yet"
            raise positions.fail(
                f"{where}.plans", f"player {state.to_move} chooses now: expected {want}"
            )
        if state.phase not in (R.DEAL, R.KEEP) and not sheet.kept:
            raise positions.fail(f"{where}.plans", "expected the two tour plans kept")
        if not sheet.kept and size != R.HAND:
            raise positions.fail(f"{where}.hand", f"expected {R.HAND} cards dealt, got {size}")
        if sheet.kept:
            disc = discards[p]
            count = disc if isinstance(disc, int) else len(disc) if disc is not None else None
            if count is not None and count != R.HAND - R.KEPT:
                raise positions.fail(
                    f"{where}.discarded", f"expected {R.HAND - R.KEPT} cards, got {count}"
                )
    if state.phase == R.DEAL:
        full, part = divmod(dealt_total, R.HAND)
        if dealt_total >= R.HAND * state.players:
            raise positions.fail("phase", "every card is dealt: the phase is 'keep'")
        for p in range(state.players):
            hand = hands[p]
            size = hand if isinstance(hand, int) else len(hand)
            want = R.HAND if p < full else part if p == full else 0
            if size != want:
                raise positions.fail(
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
                raise positions.fail(
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
            raise positions.fail(
                f"sheets[{p}]",
                "the cards dealt do not come two from each deck, 40-point deck first",
            )
        drawn = []
        for deck in range(len(DECKS)):
            if need[deck] > len(left[deck]):
                raise positions.fail(
                    f"sheets[{p}]", f"not enough {DECKS[deck]}-point cards left to deal"
                )
            picks = rng.sample(left[deck], need[deck])
            for c in picks:
                left[deck].remove(c)
            drawn += picks
        sheet.dealt = sorted(known + drawn)
    state.decks = left


def state_from_json(obj: Any, pack: Pack, players: int, seed: int = 0) -> GoGoaState:
    """Read a position (see the module docstring), as strictly from a dict as from a file.

    Raises:
        PositionError: naming the first bad field.
    """
    check_tree(obj, positions)
    reader = _Reader(obj, pack, players)
    phase, day = reader.header()
    state = GoGoaState(pack, players)
    state.phase, state.day = phase, day
    if "starter" in obj and positions.integer(obj["starter"], "starter") != state.starter:
        raise positions.fail(
            "starter", f"day {day} starts with player {state.starter}, got {obj['starter']}"
        )
    if phase in (R.KEEP, R.RESERVE, R.MOVE):
        state.to_move = positions.integer(obj.get("to_move"), "to_move", 0, players - 1)
        if phase == R.RESERVE and state.to_move != state.starter:
            raise positions.fail("to_move", f"the starting player {state.starter} reserves the die")
    else:
        if obj.get("to_move") is not None:
            raise positions.fail("to_move", f"nobody decides in phase {phase!r}: expected null")
        state.to_move = state.starter
    reader.dice(state)
    hands, discards = [], []
    for p, value in enumerate(positions.array(obj["sheets"], "sheets", length=players)):
        hand, discarded = reader.sheet(state, p, value)
        hands.append(hand)
        discards.append(discarded)
    _check_setup(state, hands, discards)
    mentioned = set(reader.cards)
    pool = [c for c in range(len(pack.plans)) if c not in mentioned]
    if "decks" in obj and "unseen" in obj:
        raise positions.fail("unseen", "a position lists either 'decks' or 'unseen', not both")
    if "decks" in obj:
        decks = positions.object(obj["decks"], "decks", DECKS)
        listed = []
        for d, title in enumerate(DECKS):
            at = join("decks", title)
            for i, v in enumerate(positions.array(decks.get(title, []), at)):
                card = reader.card(v, join(at, i))
                if pack.plans[card].deck != d:
                    raise positions.fail(
                        join(at, i), f"card {card} belongs to the {DECKS[1 - d]} deck"
                    )
                listed.append(card)
        missing = sorted(set(pool) - set(listed))
        if missing:
            raise positions.fail(
                "decks", f"card {missing[0]} is nowhere (neither dealt nor in a deck)"
            )
        if any(isinstance(x, int) for x in hands + discards) or any(
            s.kept and d is None for s, d in zip(state.sheets, discards)
        ):
            raise positions.fail(
                "decks", "with 'decks', every sheet lists its cards (use 'unseen' to hide some)"
            )
    elif "unseen" in obj:
        unseen = positions.object(obj["unseen"], "unseen", DECKS)
        listed = sorted(
            positions.integer(v, join(join("unseen", t), i), 0, len(pack.plans) - 1)
            for t in DECKS
            for i, v in enumerate(positions.array(unseen.get(t, []), join("unseen", t)))
        )
        if listed != pool:
            extra = sorted(set(listed) - set(pool)) or sorted(set(pool) - set(listed))
            raise positions.fail(
                "unseen", f"card {extra[0]}: expected the cards no sheet shows, {pool}"
            )
    _deal_hidden(state, hands, discards, pool, seed)
    if phase == R.KEEP:
        first = next(p for p in range(players) if not state.sheets[p].kept)
        if state.to_move != first:
            raise positions.fail(
                "to_move", f"player {first} is the first who has not chosen plans"
            )
    if phase == R.OVER:
        state._finish()
    if "winners" in obj:
        if phase != R.OVER:
            raise positions.fail("winners", "the trip is not over")
        given = positions.array(obj["winners"], "winners", max_length=players)
        if [positions.integer(w, join("winners", i)) for i, w in enumerate(given)] != state.winners:
            raise positions.fail(
                "winners", f"the scores make {state.winners} the winners, got {given}"
            )
    return state
