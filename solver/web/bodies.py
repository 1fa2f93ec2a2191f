"""Reading what the web page sends (request bodies, socket messages) strictly, field by field.

Every body is parsed with ``solver.core.strict_json`` (no ``NaN``, no key twice, no absurd nesting)
and checked with the engine's ``queries`` checker, so whatever is wrong raises a ``QueryError``
that names the field, which the server answers with HTTP 400 (or a socket error message)::

    >>> read_body(b'{"game": "kokoro"}', ("game", "options"), ("game",))
    {'game': 'kokoro'}
    >>> read_body(b'{"game": "kokoro", "colour": "red"}', ("game", "options"))
    Traceback (most recent call last):
    ...
    solver.engine.queries.QueryError: colour: unknown field
"""

from __future__ import annotations

from typing import Any

from solver.api import GAMES, game_options
from solver.core.strict_json import loads, show
from solver.engine.queries import MAX_LINE, QueryError, queries
from solver.games.kokoro.decrees import DECREES
from solver.games.kokoro.pack import SIDES

HIDDEN_OPTIONS = ("pack", "backend")
"""Game options the web app does not take: the server loads the shipped pack on its fast backend."""


def read_body(
    raw: str | bytes, keys: tuple[str, ...], required: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The JSON object in ``raw`` with no key but ``keys`` and every one of ``required``.

    Raises:
        QueryError: naming ``body`` (not one JSON object, too large) or the bad field.
    """
    if len(raw) > MAX_LINE:
        raise QueryError("body", f"larger than {MAX_LINE >> 20} MB")
    body = loads(raw, queries, "body")
    if type(body) is not dict:
        raise QueryError("body", f"expected a JSON object, got {show(body)}")
    return queries.object(body, "", keys, required)


def option_choices(name: str) -> dict[str, list[dict[str, Any]]]:
    """The options of game ``name`` that take one of a few values, each ``{"value", "label"}``
    (``help`` where there is more to say), for the page to offer as a menu rather than a text field.

    >>> [choice["value"] for choice in option_choices("kokoro")["side"]]
    ['blue', 'pink']
    >>> option_choices("godo")
    {}
    """
    if name != "kokoro":
        return {}
    decrees = [
        {"value": d.name, "label": d.name.replace("_", " ") + ("" if "blue" in d.sides else " (pink side)"),
         "help": d.text}
        for d in sorted(DECREES.values(), key=lambda d: d.code)
    ]  # fmt: skip
    return {
        "side": [{"value": side, "label": side} for side in SIDES],
        "decree": [{"value": None, "label": "none"}, *decrees],
    }


def web_options(name: str) -> dict[str, Any]:
    """The options the web app takes for game ``name``, with their defaults.

    >>> web_options("kokoro")
    {'players': 2, 'side': 'blue', 'decree': None}
    """
    return {key: value for key, value in game_options(name).items() if key not in HIDDEN_OPTIONS}


def read_game(body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The ``game`` name and its ``options`` (each one the game has; their values are checked
    when the game is loaded).

    Raises:
        QueryError: naming ``game`` or ``options.<name>``.
    """
    name = queries.choice(body.get("game"), "game", tuple(sorted(GAMES)))
    options = queries.object(body.get("options", {}), "options", tuple(web_options(name)))
    return name, options


def read_position(body: dict[str, Any]) -> dict[str, Any]:
    """The ``position`` object (its fields are read by the game)."""
    return queries.object(body.get("position"), "position")


def read_observer(body: dict[str, Any], players: int) -> int | None:
    """``observer``: ``null`` (draw everything) or a seat of the game."""
    observer = body.get("observer")
    return None if observer is None else queries.integer(observer, "observer", 0, players - 1)
