"""Setting up a Kokoro position by clicking on its picture (``render``): the tools and ``edit``.

``edit(state, tool, params, target)`` applies one tool to a copy of the position and returns the
new position JSON (``position.to_json``), which the strict reader accepts: every edit keeps the
bookkeeping of a real game (the path cards out of the deck cover every segment drawn, four golden
cards per finished round, boxes scored when a round closes). The position is always a decision:
a player answers a path card (phase ``choose``).

How a person at the table reaches their position, starting from a new game advanced to its first
decision (round 1, a sanctuary card revealed, player 0 answering a path card, blank mats):

1. Pink side: ``guardian`` (lady, then lion), clicking a numbered space on any mat (the die places
   them on every mat alike).
2. ``sanctuary``: click round 1's card and choose the letter it really is.
3. ``draw`` the segments of round 1 on each mat (choose segment and golden as the card was; a card
   comes out of the deck when a mat needs one more of that segment), ``erase`` mistakes; ``deck``
   (take) the cards everybody answered by peeking.
4. ``reveal`` the next round's sanctuary card: the round closes (the golden cards it still lacks
   come out of the deck, the kinds with most cards left), every mat's box is scored as the mat is
   now, and a new path card is revealed. Repeat 3-4 for each round.
5. ``box`` corrects a box (one scored before later paths joined more features to it).
6. ``path_card`` sets the card being answered now, ``to_move`` (click a mat's title) the player
   answering it; ``deck`` (take or return) makes the discards and this round's golden count match;
   ``peek`` / ``clear_peek`` set who knows the next sanctuary card.

    >>> import solver
    >>> state = solver.load_game("kokoro", players=1).new_initial_state()
    >>> for action in (76, 69):                          # sanctuary A, then a golden 3 path card
    ...     state.apply_action(action)
    >>> new = edit(state, "draw", {"segment": 5, "golden": False},
    ...            {"target": "space", "player": "0", "row": "0", "col": "1"})
    >>> new["mats"][0]["paths"][0], new["deck"]["plain"][4], new["golden"]
    ('.5....', 3, 1)
"""

from __future__ import annotations

from typing import Any

from solver.core.errors import PositionError
from solver.core.setup import Param, Tool, check_params, find_tool, target_int, target_text
from solver.games.kokoro import position
from solver.games.kokoro import rules as R
from solver.games.kokoro.network import connected_features
from solver.games.kokoro.pack import GUARDIANS, SANCTUARIES
from solver.games.kokoro.rules import KokoroState
from solver.games.kokoro.scoring import GOLDEN_PER_ROUND, ROUNDS, sanctuary_box
from solver.games.kokoro.segments import EMPTY, NUM_SEGMENTS, describe

Kind = tuple[int, bool]  # a path card: (segment, golden)


def _reference(state: Any) -> KokoroState:
    return state.to_reference() if hasattr(state, "to_reference") else state


def tools(state: Any) -> list[Tool]:
    """The tools offered in this state (the guardians move only on the pink side)."""
    ref = _reference(state)
    segment = Param("segment", "Segment", tuple((s, describe(s)) for s in range(1, NUM_SEGMENTS + 1)))
    golden = Param("golden", "Golden card", ((False, "plain"), (True, "golden")))
    player = Param("player", "Player", tuple((p, f"player {p}") for p in range(ref.players)))
    features = ref.mat.caterpillars + ref.mat.flowers
    found = [
        Tool("draw", "Draw a path", "space", (segment, golden),
             "Draw the segment in a space; a card of that kind leaves the deck if the mat needs it."),
        Tool("erase", "Erase a path", "space", (), "Erase the segment drawn in a space."),
        Tool("path_card", "Path card", "path-card", (segment, golden),
             "The path card being answered now (the one it replaces goes back unless a mat uses it)."),
        Tool("deck", "Deck", "deck",
             (Param("move", "Move", (("take", "take one out"), ("return", "put one back"))),),
             "Take a card of this kind out of the deck (answered by peeking) or put one back."),
        Tool("sanctuary", "Change a sanctuary card", "sanctuary-card",
             (Param("card", "Card", tuple((c, c) for c in SANCTUARIES)),),
             "Click a revealed sanctuary card: it becomes this card (two revealed cards swap)."),
        Tool("reveal", "Next round", "sanctuary-card", (),
             "Click a card in the deck: the round is scored and this card starts the next one."),
        Tool("box", "Score box", "box",
             (Param("value", "Value", tuple((v, str(v)) for v in range(features + 1))),),
             "Set a filled sanctuary box."),
        Tool("to_move", "Player to move", "mat", (), "Click a mat's title: that player answers."),
        Tool("peek", "Peek", "sanctuary-card", (player,),
             "Click a card in the deck: this player peeked and knows it is the next one."),
        Tool("clear_peek", "Nobody peeked", "", (), "Nobody knows the next sanctuary card."),
    ]  # fmt: skip
    if ref.side == "pink":
        found.insert(0, Tool("guardian", "Move a guardian", "space",
                             (Param("guardian", "Guardian", tuple((g, g) for g in GUARDIANS)),),
                             "Click a numbered space: the die put this guardian there."))  # fmt: skip
    return found


def edit(state: Any, tool: str, params: dict, target: dict) -> dict[str, Any]:
    """The position after using ``tool`` with ``params`` on the clicked ``target`` (the element's
    ``data-*`` attributes, as text); ``state`` is not changed.

    Raises:
        PositionError: naming ``tool``, ``params.<name>``, ``target.<key>`` or, for a position the
            rules cannot reach, the position's field.
    """
    ref = _reference(state)
    chosen = find_tool(tools(ref), tool)
    values = check_params(chosen, params)
    if chosen.target:
        target_text(target, "target", (chosen.target,))
    if ref.phase != R.CHOOSE:
        raise PositionError("phase", f"set up a position where a player answers a path card, not "
                                     f"phase {ref.phase!r}")  # fmt: skip
    new = ref.clone()
    _EDITS[chosen.name](new, values, target)
    out = new.to_json()
    position.state_from_json(out, ref.pack, ref.players, ref.side, ref.decree)
    return out


# -- the path cards ----------------------------------------------------------------------------


def _out(s: KokoroState, kind: Kind) -> int:
    return s.pack.counts()[kind] - s.deck[kind]


def _available(s: KokoroState, p: int, segment: int) -> int:
    """The cards of a segment player ``p`` has answered (the card being answered is not theirs
    yet from ``to_move`` on)."""
    pending = p >= s.to_move and s.card[0] == segment
    return _out(s, (segment, False)) + _out(s, (segment, True)) - pending


def _fits(s: KokoroState, segment: int) -> bool:
    return all(s.paths[p].count(segment) <= _available(s, p, segment) for p in range(s.players))


def _take(s: KokoroState, kind: Kind, field: str) -> None:
    if not s.deck[kind]:
        raise PositionError(field, f"no {'golden' if kind[1] else 'plain'} card {kind[0]} is "
                                   "left in the deck")  # fmt: skip
    s.deck[kind] -= 1
    s.golden += kind[1]


def _check_cards(s: KokoroState, field: str) -> None:
    """The cards out of the deck cover the mats, the card being answered and this round's golden
    count."""
    for segment in range(1, NUM_SEGMENTS + 1):
        for p in range(s.players):
            drawn, have = s.paths[p].count(segment), _available(s, p, segment)
            if drawn > have:
                raise PositionError(field, f"player {p} drew {drawn} segments {segment}, only "
                                           f"{have} such cards are out of the deck for them")  # fmt: skip
    if not _out(s, s.card):
        raise PositionError(field, "the path card being answered must stay out of the deck")
    if s.golden < s.card[1]:
        raise PositionError(field, "the earlier rounds had 4 golden cards each: this round's "
                                   "golden cards cannot go back")  # fmt: skip
    if s.golden > GOLDEN_PER_ROUND or s.golden == GOLDEN_PER_ROUND and not s.card[1]:
        raise PositionError(field, "the 4th golden card ends the round: make it the card being "
                                   "answered (path_card) or reveal the next sanctuary")  # fmt: skip


# -- the tools -----------------------------------------------------------------------------------


def _space(s: KokoroState, target: dict) -> tuple[int, int]:
    """(player, space) of a clicked space."""
    p = target_int(target, "player", 0, s.players - 1)
    row = target_int(target, "row", 0, s.mat.rows - 1)
    col = target_int(target, "col", 0, s.mat.columns - 1)
    return p, row * s.mat.columns + col


def _draw(s: KokoroState, values: dict, target: dict) -> None:
    p, space = _space(s, target)
    segment = values["segment"]
    s.paths[p][space] = segment
    if not _fits(s, segment):
        _take(s, (segment, values["golden"]), "params.golden")
    _check_cards(s, "params.golden")


def _erase(s: KokoroState, values: dict, target: dict) -> None:
    p, space = _space(s, target)
    if s.paths[p][space] == EMPTY:
        raise PositionError("target", f"nothing is drawn at {s.mat.label(space)} of player {p}")
    s.paths[p][space] = EMPTY  # the card stays out: the player answered it (now: by peeking)


def _path_card(s: KokoroState, values: dict, target: dict) -> None:
    old, new = s.card, (values["segment"], values["golden"])
    s.deck[old] += 1
    s.golden -= old[1]
    s.card = new
    if not _fits(s, old[0]):  # a mat uses it: it stays out, as a card answered earlier
        s.deck[old] -= 1
        s.golden += old[1]
    _take(s, new, "params.segment")
    _check_cards(s, "params.golden")


def _deck(s: KokoroState, values: dict, target: dict) -> None:
    kind = (target_int(target, "segment", 1, NUM_SEGMENTS), bool(target_int(target, "golden", 0, 1)))
    if values["move"] == "take":
        _take(s, kind, "target")
    elif not _out(s, kind):
        raise PositionError("target", "no card of this kind is out of the deck")
    else:
        s.deck[kind] += 1
        s.golden -= kind[1]
    _check_cards(s, "target")


def _sanctuary(s: KokoroState, values: dict, target: dict) -> None:
    letter, new = target_text(target, "card", tuple(SANCTUARIES)), values["card"]
    if letter not in s.revealed:
        raise PositionError("target.card", f"card {letter} is not revealed: use reveal or peek")
    if new == s.next_card:
        raise PositionError("params.card", f"card {new} is the next card (peeked at)")
    k = s.revealed.index(letter)
    if new in s.revealed:
        s.revealed[s.revealed.index(new)] = letter
    s.revealed[k] = new


def _reveal(s: KokoroState, values: dict, target: dict) -> None:
    letter = target_text(target, "card", tuple(SANCTUARIES))
    if letter in s.revealed:
        raise PositionError("target.card", f"card {letter} was revealed in round "
                                           f"{s.revealed.index(letter) + 1}")  # fmt: skip
    if len(s.revealed) == ROUNDS:
        raise PositionError("target.card", f"this is the last round ({ROUNDS})")
    if s.next_card not in (None, letter):
        raise PositionError("target.card", f"players {sorted(s.seen)} peeked: the next card is "
                                           f"{s.next_card}")  # fmt: skip
    while s.golden < GOLDEN_PER_ROUND:
        golden = [k for k in s.deck if k[1] and s.deck[k]]
        if not golden:
            raise PositionError("target.card", "no golden card is left to end the round")
        _take(s, max(golden, key=s.deck.__getitem__), "target.card")
    space = s.mat.sanctuary_space(s.revealed[-1])
    for p in range(s.players):
        count = sum(connected_features(s.mat, s.paths[p], space))
        s.boxes[p].append(sanctuary_box(count, s.boxes[p]))
    s.revealed.append(letter)
    s.next_card, s.seen, s.golden, s.to_move = None, set(), 0, 0
    kinds = [k for k in s.deck if s.deck[k]]
    if not kinds:
        raise PositionError("target.card", "no path card is left for the next round")
    card = s.card if s.deck[s.card] else max(kinds, key=s.deck.__getitem__)
    _take(s, card, "target.card")
    s.card = card


def _box(s: KokoroState, values: dict, target: dict) -> None:
    p = target_int(target, "player", 0, s.players - 1)
    k = target_int(target, "box", 0, ROUNDS - 1)
    if k >= len(s.boxes[p]):
        raise PositionError("target.box", f"box {k + 1} is filled when round {k + 1} ends")
    s.boxes[p][k] = values["value"]


def _to_move(s: KokoroState, values: dict, target: dict) -> None:
    s.to_move = target_int(target, "player", 0, s.players - 1)
    _check_cards(s, "target.player")


def _peek(s: KokoroState, values: dict, target: dict) -> None:
    letter = target_text(target, "card", tuple(SANCTUARIES))
    if letter in s.revealed:
        raise PositionError("target.card", f"card {letter} is already revealed")
    if s.next_card != letter:
        s.next_card, s.seen = letter, set()
    s.seen.add(values["player"])


def _clear_peek(s: KokoroState, values: dict, target: dict) -> None:
    s.next_card, s.seen = None, set()


def _guardian(s: KokoroState, values: dict, target: dict) -> None:
    _, space = _space(s, target)
    guardian = values["guardian"]
    if s.mat.spaces[space].die is None:
        raise PositionError("target", f"{s.mat.label(space)} has no die number")
    other = next(g for g in GUARDIANS if g != guardian)
    if s.guardians[other] == space:
        raise PositionError("target", f"the {other} is on {s.mat.label(space)}")
    s.guardians[guardian] = space


_EDITS = {
    "draw": _draw, "erase": _erase, "path_card": _path_card, "deck": _deck,
    "sanctuary": _sanctuary, "reveal": _reveal, "box": _box, "to_move": _to_move,
    "peek": _peek, "clear_peek": _clear_peek, "guardian": _guardian,
}  # fmt: skip
