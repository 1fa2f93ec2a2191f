"""``/api/record/save`` and ``/api/record/open``: the page's game as a game record file
(``docs/records.md``), and a record file as a history the page can step through and review.

A record holds a game from its very start: the page sends every action since then (the chance
draws of the deal included), and gets the record back with its text and a file name; it sends a
record and gets each of its steps with the position after it::

    >>> saved = save({"game": "kokoro", "options": {"players": 1}, "actions": [77], "seats": ["me"]})
    >>> saved["record"]["steps"], saved["file_name"]
    ([{'player': 'chance', 'action': 77, 'words': 'sanctuary card B for round 1'}], 'kokoro-None-me.json')
    >>> [step["words"] for step in open_record({"record": saved["record"]})["steps"]]
    ['sanctuary card B for round 1']
"""

from __future__ import annotations

from typing import Any

from solver.core.agents import check_seed
from solver.core.errors import GameRecordError
from solver.engine.queries import QueryError, queries
from solver.review.record import SavedGame, read_game
from solver.web.views import game_of, play, public_options


def save(body: dict[str, Any]) -> dict[str, Any]:
    """``/api/record/save``: the record of the game the ``actions`` play from the start of
    ``game`` (with ``options``), with ``seed`` and the ``seats`` (who played each seat) if given:
    ``record`` (its JSON), ``text`` (as ``solver play --save`` writes it) and ``file_name``.

    Raises:
        IllegalActionError: naming ``actions[i]``, the first one not legal where it is played.
    """
    _, game = game_of(body)
    actions = body.get("actions")
    play(game.new_initial_state(), actions, "actions")
    seed = None if body.get("seed") is None else check_seed(body["seed"])
    seats = None
    if body.get("seats") is not None:
        listed = queries.array(body["seats"], "seats", max_length=game.players)
        seats = [queries.string(name, f"seats[{i}]", 200) for i, name in enumerate(listed)]
    saved = SavedGame.of_actions(game, actions, seed, seats)
    return {"record": saved.to_json(), "text": saved.dumps(), "file_name": saved.file_name()}


def open_record(body: dict[str, Any]) -> dict[str, Any]:
    """``/api/record/open``: a game ``record`` read strictly: its ``game``, ``options`` and
    ``header``, the ``initial`` position and each step (``player``, ``action``, ``words``) with
    the ``position`` after it.

    Raises:
        QueryError: naming ``record.<field>`` (``record.steps[3].action``) of a broken record.
    """
    record = queries.object(body.get("record"), "record")
    try:
        saved = read_game(record)
    except GameRecordError as exc:
        field = "record" if exc.field == "record" else f"record.{exc.field}"
        raise QueryError(field, exc.detail) from None
    game = saved.load()
    state = game.new_initial_state()
    initial, steps = state.to_json(), []
    for step in saved.steps:
        state.apply_action(step.action)
        steps.append({"player": step.player, "action": step.action, "words": step.words,
                      "position": state.to_json()})  # fmt: skip
    header = saved.to_json()["header"]
    return {"game": saved.game, "options": public_options(game), "header": header, "initial": initial,
            "steps": steps}  # fmt: skip
