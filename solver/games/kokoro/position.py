"""The human Kokoro position format: a plain JSON object a person can read and type.

``to_json`` writes a state; ``state_from_json`` reads one back with the strict checkers of
``solver.core.strict_json``, checks that the rules can reach it (every drawn segment was revealed
and answered, whoever saw the peeked card peeked, the boxes climb and agree with the mats, the
golden cards add up to the rounds played; the list is in ``docs/rules/kokoro.md``) and names the
bad field otherwise. Player 1 about to answer a golden ┌ in round 2 of a 2-player game::

    {
      "game": "kokoro", "players": 2, "side": "blue", "decree": null, "pack": "reference",
      "phase": "choose", "to_move": 1,
      "guardians": {"lady": [1, 1], "lion": [7, 6]},
      "sanctuaries": ["C", "A"],
      "next_sanctuary": {"card": "E", "seen_by": [0]},
      "deck": {"golden": [3, 4, 2, 4, 3, 3], "plain": [2, 3, 3, 1, 4, 3]},
      "golden": 1,
      "path_card": {"segment": 3, "golden": true},
      "mats": [
        {"paths": ["3.....", ".5....", "......", "......", "......", "......", "......"],
         "boxes": [4], "lady": null, "lion": null, "decree": null, "score": 4},
        ...
      ]
    }

Coordinates (``guardians``) are ``[row, column]`` counted from 1 at the top-left, as in the words
of the actions. A mat's ``paths`` gives one string per row: the segment number drawn in each space
(1-6, see ``segments``) or ``.``. ``deck`` counts the path cards left per segment 1-6, ``golden``
the golden cards revealed this round. ``next_sanctuary`` is the top sanctuary card once someone
peeked at it (``null`` before), with the players who know it. ``lady``, ``lion``, ``decree`` and
``score`` are written for reading; they must agree with the mat when given back.

A position seen by one player (``to_json(observer=p)``) writes ``"card": null`` when that player has
not seen the peeked card; reading it back draws the card from those not yet revealed with a seed.
"""

from __future__ import annotations

import random
from typing import Any

from solver.core.errors import PositionError
from solver.core.strict_json import check_document, check_loaded_with, positions, same_value, show
from solver.games.kokoro import rules as R
from solver.games.kokoro import scoring
from solver.games.kokoro.decrees import Decree
from solver.games.kokoro.network import connected_features
from solver.games.kokoro.pack import GUARDIANS, SANCTUARIES, Mat, Pack
from solver.games.kokoro.rules import KokoroState
from solver.games.kokoro.segments import EMPTY, NUM_SEGMENTS

_TOP_KEYS = (
    "game", "players", "side", "decree", "pack", "phase", "to_move", "guardians", "sanctuaries",
    "next_sanctuary", "deck", "golden", "path_card", "mats", "winners",
)  # fmt: skip
_MAT_KEYS = ("paths", "boxes", "lady", "lion", "decree", "score")
_DECIDING = (R.CHOOSE, R.PEEK)  # phases with a player to move (the peeker, at PEEK)


# -- writing ---------------------------------------------------------------------------------------


def _coords(mat: Mat, space: int | None) -> list[int] | None:
    if space is None:
        return None
    row, col = mat.coords(space)
    return [row + 1, col + 1]


_CHARS = "." + "".join(str(s) for s in range(1, NUM_SEGMENTS + 1))  # EMPTY is 0


def _paths(mat: Mat, paths: list[int]) -> list[str]:
    text = "".join(map(_CHARS.__getitem__, paths))
    return [text[r * mat.columns : (r + 1) * mat.columns] for r in range(mat.rows)]


def to_json(state: KokoroState, observer: int | None = None) -> dict[str, Any]:
    """The position as a plain dict; with an ``observer``, only what that player can see."""
    mat = state.mat
    out: dict[str, Any] = {
        "game": "kokoro",
        "players": state.players,
        "side": state.side,
        "decree": state.decree.name if state.decree else None,
        "pack": state.pack.name,
        "phase": state.phase,
    }
    if state.phase in _DECIDING:
        out["to_move"] = state.to_move
    out["guardians"] = {g: _coords(mat, state.guardians[g]) for g in GUARDIANS}
    out["sanctuaries"] = list(state.revealed)
    if state.next_card is None:
        out["next_sanctuary"] = None
    else:
        known = observer is None or observer in state.seen
        out["next_sanctuary"] = {
            "card": state.next_card if known else None,
            "seen_by": sorted(state.seen),
        }
    out["deck"] = {
        "golden": [state.deck[s, True] for s in range(1, NUM_SEGMENTS + 1)],
        "plain": [state.deck[s, False] for s in range(1, NUM_SEGMENTS + 1)],
    }
    out["golden"] = state.golden
    out["path_card"] = (
        None if state.card is None else {"segment": state.card[0], "golden": state.card[1]}
    )
    scores = state.scores()
    out["mats"] = [
        {
            "paths": _paths(mat, state.paths[p]),
            "boxes": list(state.boxes[p]),
            "lady": state.lady_boxes[p],
            "lion": state.lion_boxes[p],
            "decree": state.decree_boxes[p],
            "score": scores[p],
        }
        for p in range(state.players)
    ]
    if state.phase == R.OVER:
        out["winners"] = list(state.winners)
    return out


# -- reading ---------------------------------------------------------------------------------------


class _Reader:
    """Reads one position into a state, checking each field as it goes."""

    def __init__(
        self, pack: Pack, players: int, side: str, decree: Decree | None, seed: int
    ) -> None:
        self.rng = random.Random(seed)
        self.state = KokoroState(pack, players, side, decree)
        self.mat = self.state.mat
        self.full = pack.counts()
        self.out: dict[tuple[int, bool], int] = {}  # path cards out of the deck, by kind
        self.seen_by: list[int] = []  # next_sanctuary.seen_by as written

    def read(self, obj: Any) -> KokoroState:
        s = self.state
        obj = check_document(obj, positions, "position")
        obj = positions.object(obj, "position", _TOP_KEYS)
        positions.choice(obj.get("game"), "game", ("kokoro",))
        decree = s.decree.name if s.decree else None
        check_loaded_with(obj, (("players", s.players), ("side", s.side), ("decree", decree),
                                ("pack", s.pack.name)))  # fmt: skip
        s.phase = positions.choice(obj.get("phase"), "phase", R.PHASES)
        if s.phase == R.ROLL and s.side != "pink":
            raise PositionError("phase", "only the pink side rolls the die for the guardians")
        s.to_move = positions.integer(obj.get("to_move", 0), "to_move", 0, s.players - 1)
        if s.phase not in _DECIDING and s.to_move:
            raise PositionError("to_move", f"nobody is to move in phase {s.phase!r}")
        self._guardians(obj.get("guardians"))
        self._sanctuaries(obj.get("sanctuaries", []))
        self._next_sanctuary(obj.get("next_sanctuary"))
        self._deck(obj.get("deck"))
        self._card(obj.get("golden", 0), obj.get("path_card"))
        self._mats(obj.get("mats"))
        self._golden_cards()
        self._peeks()
        if s.phase == R.OVER:
            s._finish()
            self._check_finals(obj)
        elif "winners" in obj:
            raise PositionError("winners", "the game is not over")
        return s

    def _space(self, value: Any, field: str) -> int:
        row, col = positions.array(value, field, 2)
        row = positions.integer(row, f"{field}[0]", 1, self.mat.rows)
        col = positions.integer(col, f"{field}[1]", 1, self.mat.columns)
        return (row - 1) * self.mat.columns + col - 1

    def _guardians(self, value: Any) -> None:
        s = self.state
        if value is None and s.side == "blue":
            return  # the printed guardians
        obj = positions.object(value, "guardians", GUARDIANS)
        read = {
            g: None if obj.get(g) is None else self._space(obj[g], f"guardians.{g}")
            for g in GUARDIANS
        }
        if s.side == "blue":
            for g in GUARDIANS:
                if g in obj and read[g] != s.guardians[g]:
                    raise PositionError(
                        f"guardians.{g}",
                        f"the blue side prints the {g} at {_coords(self.mat, s.guardians[g])}",
                    )
            return
        for g in GUARDIANS:
            if read[g] is not None and self.mat.spaces[read[g]].die is None:
                raise PositionError(
                    f"guardians.{g}",
                    f"{obj[g]} is not a numbered space: the die places the guardians",
                )
        if read["lion"] is not None and read["lion"] == read["lady"]:
            raise PositionError(
                "guardians.lion", "the two guardians are on one space (a double is rolled again)"
            )
        if s.phase == R.ROLL and read["lion"] is not None:
            raise PositionError(
                "guardians.lion", "the die is still rolling: the lion is placed last"
            )
        if s.phase != R.ROLL and None in read.values():
            raise PositionError(
                "guardians", f"in phase {s.phase!r} the die has placed both guardians"
            )
        s.guardians = read

    def _sanctuaries(self, value: Any) -> None:
        s = self.state
        cards = positions.array(value, "sanctuaries")
        for i, card in enumerate(cards):
            positions.choice(card, f"sanctuaries[{i}]", tuple(SANCTUARIES))
            if card in cards[:i]:
                raise PositionError(f"sanctuaries[{i}]", f"card {card} was already revealed")
        low, high = {
            R.ROLL: (0, 0), R.SANCTUARY: (0, scoring.ROUNDS - 1), R.OVER: (scoring.ROUNDS, scoring.ROUNDS)
        }.get(s.phase, (1, scoring.ROUNDS))  # fmt: skip
        if not low <= len(cards) <= high:
            raise PositionError(
                "sanctuaries",
                f"phase {s.phase!r} comes after {low} to {high} sanctuary cards, got {len(cards)}",
            )
        s.revealed = list(cards)

    def _next_sanctuary(self, value: Any) -> None:
        s = self.state
        if value is None:
            return
        if s.phase in (R.ROLL, R.SANCTUARY, R.PEEK):
            raise PositionError(
                "next_sanctuary", f"no sanctuary card can be known in phase {s.phase!r}"
            )
        obj = positions.object(value, "next_sanctuary", ("card", "seen_by"))
        seen = positions.array(obj.get("seen_by"), "next_sanctuary.seen_by")
        for i, p in enumerate(seen):
            positions.integer(p, f"next_sanctuary.seen_by[{i}]", 0, s.players - 1)
            if p in seen[:i]:
                raise PositionError(f"next_sanctuary.seen_by[{i}]", f"player {p} is listed twice")
        if not seen:
            raise PositionError(
                "next_sanctuary.seen_by", "the card is known only once someone peeked at it"
            )
        self.seen_by, s.seen = seen, set(seen)
        card = obj.get("card")
        if card is None:  # a position seen by a player who did not peek
            s.next_card = self.rng.choice(s.unrevealed())
            return
        s.next_card = positions.choice(card, "next_sanctuary.card", tuple(SANCTUARIES))
        if card in s.revealed:
            raise PositionError("next_sanctuary.card", f"card {card} was already revealed")

    def _deck(self, value: Any) -> None:
        s = self.state
        obj = positions.object(value, "deck", ("golden", "plain"))
        for key, golden in (("golden", True), ("plain", False)):
            counts = positions.array(obj.get(key), f"deck.{key}", NUM_SEGMENTS)
            for i, n in enumerate(counts):
                kind = (i + 1, golden)
                s.deck[kind] = positions.integer(n, f"deck.{key}[{i}]", 0, self.full[kind])
        self.out = {kind: self.full[kind] - n for kind, n in s.deck.items()}
        if not s.revealed and any(self.out.values()):
            raise PositionError("deck", "no round has begun, yet path cards are out of the deck")
        if s.phase == R.PATH and not any(s.deck.values()):
            raise PositionError("deck", "a path card is to be revealed but the deck is empty")

    def _card(self, golden: Any, value: Any) -> None:
        s = self.state
        s.golden = positions.integer(golden, "golden", 0, scoring.GOLDEN_PER_ROUND)
        if s.phase not in _DECIDING:
            if value is not None:
                raise PositionError(
                    "path_card", f"no path card is being resolved in phase {s.phase!r}"
                )
            if s.phase != R.PATH and s.golden:
                raise PositionError("golden", f"no round is under way in phase {s.phase!r}")
            if s.phase == R.PATH and s.golden == scoring.GOLDEN_PER_ROUND:
                raise PositionError("golden", "the round ended with its fourth golden card")
            return
        obj = positions.object(value, "path_card", ("segment", "golden"))
        s.card = (
            positions.integer(obj.get("segment"), "path_card.segment", 1, NUM_SEGMENTS),
            positions.boolean(obj.get("golden"), "path_card.golden"),
        )
        if s.golden < s.card[1]:
            raise PositionError("golden", "the golden card being resolved is not counted")
        if s.golden == scoring.GOLDEN_PER_ROUND and not s.card[1]:
            raise PositionError("golden", "the round ended with its fourth golden card")
        if not self.out[s.card]:
            kind = "golden" if s.card[1] else "plain"
            raise PositionError("path_card", f"no {kind} card {s.card[0]} is out of the deck")

    def _mats(self, value: Any) -> None:
        s = self.state
        mats = positions.array(value, "mats", s.players)
        rounds = {R.ROLL: 0, R.SANCTUARY: len(s.revealed), R.OVER: scoring.ROUNDS}.get(
            s.phase, len(s.revealed) - 1
        )
        for p, entry in enumerate(mats):
            field = f"mats[{p}]"
            entry = positions.object(entry, field, _MAT_KEYS)
            s.paths[p] = self._read_paths(entry.get("paths"), f"{field}.paths")
            self._check_answers(p)
            boxes = positions.array(entry.get("boxes", []), f"{field}.boxes", rounds)
            for k in range(len(boxes)):
                self._check_box(p, boxes, k)
            s.boxes[p] = list(boxes)
            if s.phase != R.OVER:
                for key in ("lady", "lion", "decree"):
                    if entry.get(key) is not None:
                        raise PositionError(
                            f"{field}.{key}", "this box is filled only at the end of the game"
                        )
        scores = s.scores()
        for p, entry in enumerate(mats):
            if s.phase != R.OVER and "score" in entry and not same_value(entry["score"], scores[p]):
                raise PositionError(
                    f"mats[{p}].score", f"the boxes make {scores[p]}, not {show(entry['score'])}"
                )

    def _read_paths(self, value: Any, field: str) -> list[int]:
        rows = positions.array(value, field, self.mat.rows)
        paths = []
        for r, row in enumerate(rows):
            positions.string(row, f"{field}[{r}]")
            if len(row) != self.mat.columns:
                raise PositionError(
                    f"{field}[{r}]",
                    f"expected a string of {self.mat.columns} characters, got {show(row)}",
                )
            for c, char in enumerate(row):
                if char not in _CHARS:
                    raise PositionError(
                        f"{field}[{r}][{c}]",
                        f"expected a segment 1 to {NUM_SEGMENTS} or '.', got {show(char)}",
                    )
                paths.append(_CHARS.index(char))
        return paths

    def _pending(self, p: int) -> tuple[int, bool] | None:
        """The path card being resolved if player ``p`` has not answered it yet, else None."""
        s = self.state
        return s.card if s.card is not None and p >= s.to_move else None

    def _check_answers(self, p: int) -> None:
        """Player ``p`` answered each path card out of the deck (but the one still to answer) by
        drawing its segment where the decree allows, or by peeking."""
        s = self.state
        pending = self._pending(p)
        for segment in range(1, NUM_SEGMENTS + 1):
            used = self.out[segment, False] + self.out[segment, True]
            used -= pending is not None and pending[0] == segment
            drawn = s.paths[p].count(segment)
            if drawn > used:
                raise PositionError(
                    f"mats[{p}].paths",
                    f"{drawn} segments {segment} drawn, only {used} revealed for this player",
                )
        if s.decree is not None and s.decree.allows is not None:
            for space, segment in enumerate(s.paths[p]):
                if segment != EMPTY and not s.decree.allows(self.mat, segment, space):
                    row, col = self.mat.coords(space)
                    raise PositionError(
                        f"mats[{p}].paths[{row}][{col}]",
                        f"the decree {s.decree.name} forbids segment {segment} in this space",
                    )

    def _check_box(self, p: int, boxes: list, k: int) -> None:
        """Box ``k`` climbs above the one before and holds at most the features its sanctuary is
        joined to now (networks only grow); exactly its score if nothing was drawn since."""
        s = self.state
        field = f"mats[{p}].boxes[{k}]"
        box = positions.integer(boxes[k], field, 0)
        if box and k and box <= boxes[k - 1]:
            raise PositionError(
                field, f"a sanctuary scores only above the previous box ({boxes[k - 1]})"
            )
        letter = s.revealed[k]
        joined = sum(connected_features(self.mat, s.paths[p], self.mat.sanctuary_space(letter)))
        joins = f"sanctuary {letter} is joined to {joined} features on this mat"
        if box > joined:
            raise PositionError(field, f"{joins}, fewer than {box}")
        if k == len(boxes) - 1 and s.phase in (R.SANCTUARY, R.OVER):  # nothing drawn since scored
            want = scoring.sanctuary_box(joined, boxes[:k])
            if box != want:
                raise PositionError(field, f"{joins}: it scores {want}, not {box}")

    def _golden_cards(self) -> None:
        """Each finished round used four golden cards, unless the deck ran out."""
        s = self.state
        used = sum(n for (_, golden), n in self.out.items() if golden)
        finished = len(s.boxes[0])
        expected = scoring.GOLDEN_PER_ROUND * finished + s.golden
        ran_out = not any(s.deck.values()) and not s.golden  # before any golden card of this round
        if used > expected or used < expected and not ran_out:
            raise PositionError(
                "deck", f"{used} golden cards are out of the deck; {finished} rounds scored and {s.golden} "
                f"golden cards this round make {expected}"
            )  # fmt: skip

    def _peeks(self) -> None:
        """Whoever knows the peeked card answered a path card of this round by peeking."""
        s = self.state
        out = sum(self.out.values())
        earlier_golden = sum(n for (_, golden), n in self.out.items() if golden) - s.golden
        for i, p in enumerate(self.seen_by):
            answered = out - (self._pending(p) is not None)
            if sum(segment != EMPTY for segment in s.paths[p]) >= answered:
                raise PositionError(
                    f"next_sanctuary.seen_by[{i}]",
                    f"player {p} drew on all {answered} path cards answered, so never peeked",
                )
            if s.phase != R.OVER and answered - earlier_golden < 1:
                raise PositionError(
                    f"next_sanctuary.seen_by[{i}]",
                    f"player {p} has answered no path card this round",
                )

    def _check_finals(self, obj: dict) -> None:
        s = self.state
        scores = s.scores()
        for p, entry in enumerate(obj["mats"]):
            for key, value in (
                ("lady", s.lady_boxes[p]),
                ("lion", s.lion_boxes[p]),
                ("decree", s.decree_boxes[p]),
                ("score", scores[p]),
            ):
                if key in entry and not same_value(entry[key], value):
                    raise PositionError(
                        f"mats[{p}].{key}", f"the mat makes {value!r}, not {show(entry[key])}"
                    )
        if "winners" in obj:
            winners = positions.array(obj["winners"], "winners", max_length=s.players)
            for i, w in enumerate(winners):
                positions.integer(w, f"winners[{i}]", 0, s.players - 1)
            if winners != s.winners:
                raise PositionError("winners", f"the scores make {s.winners}, not {winners}")


def state_from_json(
    obj: Any,
    pack: Pack,
    players: int,
    side: str = "blue",
    decree: Decree | None = None,
    seed: int = 0,
) -> KokoroState:
    """Read a position written by ``to_json`` (or typed by a person).

    A peeked sanctuary card the position hides is drawn from the cards not yet revealed with ``seed``.

    Raises:
        PositionError: naming the first field that is malformed or impossible.
    """
    return _Reader(pack, players, side, decree, seed).read(obj)
