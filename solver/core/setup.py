"""Setting up a position by clicking: the tools a game offers and the checks every game shares.

A game's ``setup`` module lists its ``Tool`` s (place a tile, move a monk, set the dice, draw a
path...) and applies one to a position. A tool names the kind of piece of the picture it is used on
(``target``: the ``data-target`` of the clicked element, or ``""`` for a tool applied with a button), and
its ``Param`` s are chosen from lists before the click. The web page builds its palette from
``Tool.to_json`` and sends back the tool, the chosen values and the clicked element's ``data-*``
attributes; the game's ``edit`` returns the new position, which is read back strictly, so an edit
can never leave an impossible position behind::

    >>> rotate = Tool("tile", "Place a tile", "square", (Param("rotation", "Rotation", ((0, "0°"), (90, "90°"))),))
    >>> check_params(rotate, {"rotation": 90})
    {'rotation': 90}
    >>> check_params(rotate, {"rotation": 45})
    Traceback (most recent call last):
    ...
    solver.core.errors.PositionError: params.rotation: expected one of 0, 90, got 45
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.core.errors import PositionError
from solver.core.strict_json import show


@dataclass(frozen=True)
class Param:
    """A value chosen before the click: ``choices`` are ``(value, label)`` pairs."""

    name: str
    label: str
    choices: tuple[tuple[Any, str], ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label,
                "choices": [{"value": v, "label": text} for v, text in self.choices]}  # fmt: skip


@dataclass(frozen=True)
class Tool:
    """One way of changing a position: used on a picture element whose ``data-target`` is ``target``
    (``""``: with a button, on no element)."""

    name: str
    label: str
    target: str
    params: tuple[Param, ...] = ()
    help: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "target": self.target, "help": self.help,
                "params": [p.to_json() for p in self.params]}  # fmt: skip


def find_tool(tools: Sequence[Tool], name: Any) -> Tool:
    """The tool called ``name``.

    Raises:
        PositionError: ``tool`` names no tool of the game.
    """
    for tool in tools:
        if tool.name == name:
            return tool
    raise PositionError("tool", f"unknown tool {show(name)}; known: {', '.join(t.name for t in tools)}")


def check_params(tool: Tool, params: Any) -> dict[str, Any]:
    """``params`` checked against the tool's choices (every parameter given, each one of its choices).

    Raises:
        PositionError: naming ``params.<name>``.
    """
    if not isinstance(params, dict):
        raise PositionError("params", f"expected an object, got {show(params)}")
    checked = {}
    for param in tool.params:
        if param.name not in params:
            raise PositionError(f"params.{param.name}", "missing")
        value = params[param.name]
        if not any(type(value) is type(v) and value == v for v, _ in param.choices):
            listed = ", ".join(show(v) for v, _ in param.choices[:12])
            more = ", ..." if len(param.choices) > 12 else ""
            raise PositionError(f"params.{param.name}", f"expected one of {listed}{more}, got {show(value)}")
        checked[param.name] = value
    extra = sorted(set(params) - set(checked))
    if extra:
        raise PositionError(f"params.{extra[0]}", f"tool {tool.name!r} takes no such parameter")
    return checked


def target_int(target: Any, key: str, low: int, high: int) -> int:
    """The integer ``data-<key>`` of a clicked element (given as text or integer), in ``[low, high]``.

    Raises:
        PositionError: naming ``target.<key>``.
    """
    if not isinstance(target, dict) or key not in target:
        raise PositionError(f"target.{key}", "missing: click a piece of the picture this tool is used on")
    value = target[key]
    if type(value) is str and value.lstrip("-").isascii() and value.lstrip("-").isdigit():
        value = int(value)
    if type(value) is not int or not low <= value <= high:
        raise PositionError(f"target.{key}", f"expected an integer from {low} to {high}, got {show(target[key])}")
    return value


def target_text(target: Any, key: str, choices: Sequence[str]) -> str:
    """The ``data-<key>`` of a clicked element, one of ``choices``.

    Raises:
        PositionError: naming ``target.<key>``.
    """
    if not isinstance(target, dict) or key not in target:
        raise PositionError(f"target.{key}", "missing: click a piece of the picture this tool is used on")
    value = target[key]
    if type(value) is not str or value not in choices:
        raise PositionError(f"target.{key}", f"unknown {show(value)}")
    return value


def element(target: str, **data: object) -> dict[str, str]:
    """The ``data-*`` attributes of an element of the picture as the page sends and matches them:
    ``data-target`` and the others, keys without ``data-``, values as text (a setup tool's
    ``target``, a move's place on the board in each game's ``board_moves``).

    >>> element("square", x=0, y=-1)
    {'target': 'square', 'x': '0', 'y': '-1'}
    """
    return {"target": target, **{key: str(value) for key, value in data.items()}}
