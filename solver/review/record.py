"""Game records: a whole game as a file, our PGN or SGF.

A record is JSON: a header (the game, its options, the component pack, the seed if the game was
dealt by one, who played each seat, the date, the result) and every step in order, each
``{"player", "action", "words"}``: the seat that decided, or ``"chance"`` for a draw, a roll or a
deal; the action as its integer (the encoding every backend shares) and in words. The game replays
from it exactly on every backend::

    {"version": 1,
     "header": {"game": "koi", "options": {"players": 2}, "pack": "reference", "seed": 3,
                "seats": ["ai:time=1", "greedy"], "date": "2026-12-02",
                "result": {"scores": [41, 37], "winners": [0], "title": null}},
     "steps": [{"player": "chance", "action": 572, "words": "card flipped: Spring rain (gain 2 water)"},
               ...]}

Written by ``SavedGame.of_play`` (``solver play --save``, ``solver solo/arena --moves``) and read by
``read_game``, strictly: every field is checked, and each step is replayed as it is read, so an
error names the step and the field (``steps[12].words: ...``). A person can type a game they
played at the table: a step may give only its ``words`` (matched without regard to case or spacing),
only its ``action``, or both (then they must agree); ``version``, ``pack``, ``seed``, ``seats``,
``date`` and ``result`` may be left out (a ``result`` given is checked against the replay).

    >>> import solver
    >>> game = solver.load_game("koi", players=2)
    >>> saved = SavedGame.of_play(game, solver.play(game, "random", seed=3))
    >>> again = read_game(saved.to_json())
    >>> again.steps == saved.steps, again.result == saved.result
    (True, True)
    >>> typed = {"header": {"game": "koi", "options": {"players": 2}},
    ...          "steps": [{"player": "chance", "words": "Card flipped: Market (you may buy a koi at 1 coin less)"}]}
    >>> read_game(typed).steps[0].action
    571
"""

from __future__ import annotations

import datetime
import difflib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from solver.api import game_options, load_game
from solver.core.agents import file_safe
from solver.core.errors import GameRecordError, PackError, UnknownGameError
from solver.core.packs import PackSource
from solver.core.players import CHANCE
from solver.core.strict_json import check_document, game_records, join, load_file, show

VERSION = 1
"""The record format's version; a record of another version is refused."""

MAX_STEPS = 100_000
"""The most steps a record may hold (the longest games have a few thousand)."""

_HEADER = ("game", "options", "pack", "seed", "seats", "date", "result")
_STEP = ("player", "action", "words")
_RESULT = ("scores", "winners", "title")


@dataclass(frozen=True)
class Step:
    """One step of a game: who took it (a seat, or ``CHANCE``), the action and its words."""

    player: int
    action: int
    words: str

    def to_json(self) -> dict[str, Any]:
        return {"player": "chance" if self.player == CHANCE else self.player, "action": self.action,
                "words": self.words}  # fmt: skip


@dataclass
class SavedGame:
    """A recorded game: what ``read_game`` returns and ``to_json``/``write`` save.

    ``options`` are ``load_game``'s options but the pack and the backend (the player count first);
    ``pack`` is the name of the component pack, and ``pack_source`` where it was loaded from
    (``None``: the reference pack); ``result`` is ``{"scores", "winners", "title"}`` once the steps
    reach the end of the game, else ``None``.
    """

    game: str
    options: dict[str, Any]
    steps: list[Step] = field(default_factory=list)
    pack: str = "reference"
    seed: int | None = None
    seats: list[str] | None = None
    date: str | None = None
    result: dict[str, Any] | None = None
    pack_source: PackSource = None

    @classmethod
    def of_play(cls, game: Any, played: Any, seats: list[str] | None = None, date: str | None = None) -> SavedGame:
        """The record of a game ``solver.play`` played (a ``GameRecord``) in ``game``; ``seats``
        default to the agents' names, ``date`` to today."""
        return cls.of_actions(game, played.actions, played.seed, seats or played.agents, date)

    @classmethod
    def of_actions(cls, game: Any, actions: list[int], seed: int | None = None, seats: list[str] | None = None,
                   date: str | None = None) -> SavedGame:  # fmt: skip
        """The record of the game ``actions`` play in ``game`` from its start (a sweep's result
        keeps them), the words worked out on the way; ``date`` defaults to today."""
        saved = cls(game.info.name, _options(game), pack=game.pack.name, seed=seed,
                    seats=None if seats is None else list(seats),
                    date=date or datetime.date.today().isoformat())  # fmt: skip
        state = game.new_initial_state()
        for action in actions:
            saved.steps.append(Step(state.current_player(), action, state.action_to_string(action)))
            state.apply_action(action)
        saved.result = _result(state)
        return saved

    def file_name(self) -> str:
        """A file name that tells this game apart in a folder of a sweep's games:
        ``<game>-<seed>-<seat names>.json``, characters unsafe in a file name as ``_``."""
        seats = "-".join(self.seats or ["unnamed"])
        return file_safe(f"{self.game}-{self.seed}-{seats}") + ".json"

    def load(self, backend: str = "reference") -> Any:
        """The game this record was played in, on ``backend``."""
        return load_game(self.game, **self.options, pack=self.pack_source, backend=backend)

    def replay(self, backend: str = "reference") -> Iterator[tuple[Any, Step]]:
        """Each step with the state it was taken in, in order (the live state: it moves on when the
        loop does, so ``clone`` it to keep it)."""
        state = self.load(backend).new_initial_state()
        for step in self.steps:
            yield state, step
            state.apply_action(step.action)

    def final_state(self, backend: str = "reference") -> Any:
        """The state after the last step."""
        state = self.load(backend).new_initial_state()
        for step in self.steps:
            state.apply_action(step.action)
        return state

    def to_json(self) -> dict[str, Any]:
        header = {"game": self.game, "options": dict(self.options), "pack": self.pack, "seed": self.seed,
                  "seats": self.seats, "date": self.date, "result": self.result}  # fmt: skip
        return {"version": VERSION, "header": {k: v for k, v in header.items() if v is not None},
                "steps": [step.to_json() for step in self.steps]}  # fmt: skip

    def dumps(self) -> str:
        """The record as JSON text: a header field a line, a step a line."""
        data = self.to_json()
        header = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data["header"].items())
        steps = ",\n".join("  " + json.dumps(step, ensure_ascii=False) for step in data["steps"])
        return f'{{"version": {VERSION},\n "header": {{\n{header}\n }},\n "steps": [\n{steps}\n ]\n}}\n'

    def write(self, path: str) -> None:
        """Save the record to ``path`` (all of it or nothing: the old file is kept on failure).

        Raises:
            RecordError: ``save: ...`` when the file cannot be written.
        """
        from solver.records import check_path, write_atomically

        write_atomically(check_path(path, "save"), self.dumps(), "save")


def read_game(source: str | dict, pack: PackSource = None, backend: str = "reference") -> SavedGame:
    """Read a game record (a file path, or the parsed JSON) and replay it on ``backend`` to check
    every step. ``pack``: the component pack the game was played with, when it is not the reference
    pack (its name must be the header's ``pack``).

    Raises:
        GameRecordError: naming the field (``header.options.players``) or the step and its field
            (``steps[12].action``): malformed JSON, an unknown field, a value of the wrong kind, an
            action that is not legal there, words that name no legal action, a player who is not
            the one to move, steps after the end of the game, a result the steps do not give.
    """
    data = source if isinstance(source, dict) else load_file(_path(source), game_records, "record")
    data = check_document(data, game_records, "record")
    game_records.object(data, "", ("version", "header", "steps"), required=("header", "steps"))
    if "version" in data:
        game_records.choice(data["version"], "version", (VERSION,))
    header = game_records.object(data["header"], "header", _HEADER, required=("game", "options"))
    saved = _game(header, pack)
    try:
        game = saved.load(backend)
    except PackError as exc:
        raise GameRecordError("header.pack", str(exc)) from None
    except UnknownGameError as exc:  # its message starts with the option's name
        option, _, why = str(exc).partition(": ")
        raise GameRecordError(join("header.options", option), why) from None
    if game.pack.name != saved.pack:
        raise GameRecordError("header.pack", f"the game was played with the pack {saved.pack!r}, the pack given "
                              f"is {game.pack.name!r}")  # fmt: skip
    _details(saved, header)
    state = game.new_initial_state()
    for i, entry in enumerate(game_records.array(data["steps"], "steps", max_length=MAX_STEPS)):
        step = _step(state, entry, join("steps", i))
        saved.steps.append(step)
        state.apply_action(step.action)
    result = _result(state)
    if saved.result is not None and saved.result != result:
        if result is None:
            raise GameRecordError("header.result", f"the steps end before the game does (after {len(saved.steps)} steps)")
        wrong = next(key for key in _RESULT if saved.result[key] != result[key])
        raise GameRecordError(join("header.result", wrong), f"the steps give {json.dumps(result[wrong])}, "
                              f"the record says {json.dumps(saved.result[wrong])}")  # fmt: skip
    saved.result = result
    return saved


def action_by_words(state: Any, words: str, field: str = "words") -> int:
    """The action (or chance outcome) of ``state`` that reads ``words``, case and spacing aside.

        >>> import solver
        >>> state = solver.load_game("kokoro", players=1).new_initial_state()
        >>> action_by_words(state, "SANCTUARY card B  for round 1")
        77

    Raises:
        GameRecordError: ``<field>: ...`` naming the closest words when none matches.
    """
    texts = {_plain(state.action_to_string(a)): a for a in _choices(state)}
    found = texts.get(_plain(words))
    if found is not None:
        return found
    close = difflib.get_close_matches(_plain(words), list(texts), n=3, cutoff=0.0)
    hint = "; ".join(state.action_to_string(texts[t]) for t in close)
    raise GameRecordError(field, f"no {_whose(state)} reads {show(words, 80)}; the closest: {hint}")


def _choices(state: Any) -> list[int]:
    """What may happen at ``state``: its chance outcomes, or its player's legal actions."""
    return [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold()


def _whose(state: Any) -> str:
    return "chance outcome here" if state.is_chance_node() else f"legal action of player {state.current_player()}"


def _path(source: Any) -> Any:
    if not isinstance(source, (str, os.PathLike)):
        raise GameRecordError("record", f"expected a file path or a JSON object, got {type(source).__name__}")
    return source


def _options(game: Any) -> dict[str, Any]:
    return {k: v for k, v in game.options().items() if k not in ("pack", "backend")}


def _game(header: dict[str, Any], pack: PackSource) -> SavedGame:
    """The header's game, options and pack (the options' values are checked by loading the game)."""
    name = game_records.string(header["game"], "header.game", 40)
    try:
        known = game_options(name)
    except UnknownGameError as exc:
        raise GameRecordError("header.game", exc.args[0].partition(": ")[2]) from None
    options = game_records.object(header["options"], "header.options",
                                  [k for k in known if k not in ("pack", "backend")], required=("players",))  # fmt: skip
    saved = SavedGame(name, dict(options), pack_source=pack)
    if "pack" in header:
        saved.pack = game_records.string(header["pack"], "header.pack", 200)
    elif pack is not None:
        raise GameRecordError("header.pack", "missing: the record names no pack, but a pack was given")
    if saved.pack != "reference" and pack is None:
        raise GameRecordError("header.pack", f"the game was played with the pack {saved.pack!r}: give that pack's file")
    return saved


def _details(saved: SavedGame, header: dict[str, Any]) -> None:
    """The header's seed, seats, date and result, each checked, into ``saved``."""
    if header.get("seed") is not None:
        saved.seed = game_records.integer(header["seed"], "header.seed", 0, 2**63 - 1)
    if "seats" in header:
        seats = game_records.array(header["seats"], "header.seats", length=saved.options["players"])
        saved.seats = [game_records.string(s, join("header.seats", i), 200) for i, s in enumerate(seats)]
    if "date" in header:
        saved.date = game_records.string(header["date"], "header.date", 40)
        try:
            datetime.date.fromisoformat(saved.date)
        except ValueError:
            raise GameRecordError("header.date", f"expected a date as YYYY-MM-DD, got {show(saved.date)}") from None
    if header.get("result") is not None:
        saved.result = _read_result(header["result"])


def _read_result(result: Any) -> dict[str, Any]:
    game_records.object(result, "header.result", _RESULT, required=("scores", "winners"))
    for key in ("scores", "winners"):
        for i, value in enumerate(game_records.array(result[key], join("header.result", key), max_length=16)):
            game_records.integer(value, join(join("header.result", key), i))
    if result.get("title") is not None:
        game_records.string(result["title"], "header.result.title", 200)
    return {"scores": result["scores"], "winners": result["winners"], "title": result.get("title")}


def _step(state: Any, entry: Any, where: str) -> Step:
    """One step read and checked against the state it is taken in (which it does not change)."""
    game_records.object(entry, where, _STEP, required=("player",))
    if state.is_terminal():
        raise GameRecordError(where, "the game is over before this step")
    player = entry["player"]
    to_move = state.current_player()
    if player == "chance":
        player = CHANCE
    elif type(player) is not int:
        raise GameRecordError(join(where, "player"), f"expected a seat number or 'chance', got {show(player)}")
    if player != to_move:
        expected = "this is a chance step" if to_move == CHANCE else f"player {to_move} is to move here"
        given = "chance" if player == CHANCE else f"player {player}"
        raise GameRecordError(join(where, "player"), f"{expected}, the record says {given}")
    if "action" not in entry and "words" not in entry:
        raise GameRecordError(where, "give the action, its words, or both")
    if "action" in entry:
        action = game_records.integer(entry["action"], join(where, "action"))
        if action not in _choices(state):
            raise GameRecordError(join(where, "action"), f"{action} is not a {_whose(state)}")
        if "words" in entry:
            words = game_records.string(entry["words"], join(where, "words"))
            if _plain(words) != _plain(state.action_to_string(action)):
                raise GameRecordError(join(where, "words"), f"action {action} reads "
                                      f"{show(state.action_to_string(action), 200)}, not {show(words, 80)}")  # fmt: skip
    else:
        action = action_by_words(state, game_records.string(entry["words"], join(where, "words")), join(where, "words"))
    return Step(player, action, state.action_to_string(action))


def _result(state: Any) -> dict[str, Any] | None:
    if not state.is_terminal():
        return None
    return {"scores": [int(s) for s in state.scores()], "winners": [int(w) for w in state.winners],
            "title": state.title()}  # fmt: skip
