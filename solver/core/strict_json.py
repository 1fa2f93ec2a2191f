"""Strict reading of untrusted JSON: positions, component packs and the records file.

Everything a user hands the library as JSON goes through here, so that no input, however broken,
ends in a traceback from deep inside, a hang, or a state built from a value of the wrong kind.
Reading happens in two steps:

1. ``loads`` / ``load_file`` parse the text and refuse what JSON should not carry: ``NaN`` and
   ``Infinity``, a key given twice, nesting deeper than ``MAX_DEPTH``; then ``check_tree``.
2. ``check_tree`` walks a parsed value (also a dict built in Python and handed to the API) and
   refuses, naming the field: a number beyond 64 bits or not finite, a string that is not valid
   Unicode (an unpaired surrogate such as ``"\\ud800"``), a key that is not a string, nesting
   deeper than ``MAX_DEPTH``.

Each game's reader then checks every field with a ``Fields`` checker (``positions`` raises
``PositionError``, ``packs`` raises ``PackError``, ``records`` raises ``RecordError``), whose
messages name the field by its path in the document (``journals[1].blue``)::

    >>> positions.integer(40.0, "players", 1, 5)
    Traceback (most recent call last):
    ...
    solver.core.errors.PositionError: players: expected an integer, got 40.0
    >>> loads('{"players": 1e999}', packs)
    Traceback (most recent call last):
    ...
    solver.core.errors.PackError: players: expected a finite number, got inf
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Collection, Iterable, Sequence
from pathlib import Path
from typing import Any

from solver.core.errors import FieldError, GameRecordError, PackError, PositionError, RecordError

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects accepted (every format here needs fewer than 8)."""

MAX_FILE_BYTES = 64 << 20
"""The largest JSON file read (a reference pack is about 100 KB)."""

INT_LIMIT = 1 << 63
"""Integers are accepted in ``[-2**63, 2**63)``: every field of every format fits in 64 bits."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


def join(field: str, key: str | int) -> str:
    """The path of a member: ``join("journals", 1) == "journals[1]"``, ``join("turn", "moves")
    == "turn.moves"``, and a top-level key is its own name."""
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else key


def show(value: Any, limit: int = 40) -> str:
    """A short, always printable rendering of a bad value for an error message."""
    if type(value) is int and abs(value) >= 10**limit:
        digits = len(str(abs(value))) if value.bit_length() < 14000 else int(value.bit_length() * math.log10(2)) + 1
        return f"a number with {digits} digits"
    if isinstance(value, (list, dict)):
        return f"{'a list' if isinstance(value, list) else 'an object'} of {len(value)} entries"
    text = repr(value).encode("utf-8", "backslashreplace").decode("utf-8")  # a lone surrogate escaped
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Fields:
    """Checks one field at a time, raising ``error(field, message)`` when it is not what the format says.

        >>> positions.choice("blue", "colour", ("blue", "red"))
        'blue'
        >>> positions.array([1, 2], "monks", length=3)
        Traceback (most recent call last):
        ...
        solver.core.errors.PositionError: monks: expected 3 entries, got 2
    """

    def __init__(self, error: type[FieldError]) -> None:
        self.error = error

    def fail(self, field: str, message: str) -> FieldError:
        """The error to raise for ``field`` (``raise fields.fail(...)``)."""
        return self.error(field, message)

    def integer(self, value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
        """An ``int`` (not a bool, not a float equal to an integer) within ``[low, high]``."""
        if type(value) is not int:
            raise self.fail(field, f"expected an integer, got {show(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            if low is None:
                raise self.fail(field, f"expected at most {high}, got {show(value)}")
            if high is None:
                raise self.fail(field, f"expected {low} or more, got {show(value)}")
            raise self.fail(field, f"expected {low} to {high}, got {show(value)}")
        return value

    def number(self, value: Any, field: str, low: float | None = None, high: float | None = None) -> float:
        """A finite ``int`` or ``float`` (not a bool) within ``[low, high]``."""
        if type(value) not in (int, float) or not math.isfinite(value):
            raise self.fail(field, f"expected a finite number, got {show(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.fail(field, f"expected {low} to {high}, got {show(value)}")
        return value

    def boolean(self, value: Any, field: str) -> bool:
        """``true`` or ``false`` (not 0 or 1)."""
        if type(value) is not bool:
            raise self.fail(field, f"expected true or false, got {show(value)}")
        return value

    def string(self, value: Any, field: str, max_length: int = 1000) -> str:
        """A valid Unicode string (no unpaired surrogates) of at most ``max_length`` characters."""
        if type(value) is not str:
            raise self.fail(field, f"expected a string, got {show(value)}")
        if len(value) > max_length:
            raise self.fail(field, f"expected at most {max_length} characters, got {len(value)}")
        _check_unicode(value, field, self)
        return value

    def array(self, value: Any, field: str, length: int | None = None, max_length: int | None = None) -> list:
        """A list, of exactly ``length`` or at most ``max_length`` entries when given."""
        if type(value) is not list:
            raise self.fail(field, f"expected a list, got {_kind(value)}")
        if length is not None and len(value) != length:
            raise self.fail(field, f"expected {length} entries, got {len(value)}")
        if max_length is not None and len(value) > max_length:
            raise self.fail(field, f"expected at most {max_length} entries, got {len(value)}")
        return value

    def object(self, value: Any, field: str, keys: Collection[str] | None = None,
               required: Collection[str] = ()) -> dict:  # fmt: skip
        """A dict whose keys are all among ``keys`` (any, if ``None``) and include every one of ``required``."""
        if type(value) is not dict:
            raise self.fail(field, f"expected an object, got {_kind(value)}")
        for key in value if keys is not None else ():
            if key not in keys:
                raise self.fail(join(field, str(key)), "unknown field")
        for key in required:
            if key not in value:
                raise self.fail(join(field, key), "missing")
        return value

    def choice(self, value: Any, field: str, options: Sequence[Any]) -> Any:
        """One of ``options`` (compared by value and type: ``1`` is not ``True``)."""
        for option in options:
            if type(value) is type(option) and value == option:
                return option
        raise self.fail(field, f"expected one of {', '.join(map(str, options))}, got {show(value)}")


def same_value(value: Any, want: Any) -> bool:
    """Whether a value given back is ``want`` as the same kind of JSON value (the score ``4.0`` or
    ``true`` is not ``4`` or ``1``).

        >>> same_value(4.0, 4), same_value(4, 4)
        (False, True)
    """
    return type(value) is type(want) and value == want


def check_loaded_with(obj: dict, options: Iterable[tuple[str, Any]]) -> None:
    """Every game option a position gives (``players``, ``pack``...: ``(key, value)`` in
    ``options``) is the value the game was loaded with.

    Raises:
        PositionError: naming the option.
    """
    for key, want in options:
        if key in obj and not same_value(obj[key], want):
            message = f"the game was loaded with {key}={want!r}, the position has {show(obj[key])}"
            raise PositionError(key, message)


def _kind(value: Any) -> str:
    return {str: "a string", bool: "true or false", int: "a number", float: "a number", type(None): "null",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)  # fmt: skip


def _check_unicode(text: str, field: str, fields: Fields) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise fields.fail(field, f"not valid Unicode: an unpaired surrogate at character {exc.start}") from None


positions = Fields(PositionError)
"""Checks the fields of a position; raises ``PositionError``."""

packs = Fields(PackError)
"""Checks the fields of a component pack; raises ``PackError``."""

records = Fields(RecordError)
"""Checks the fields of the records file; raises ``RecordError``."""

game_records = Fields(GameRecordError)
"""Checks the fields of a game record (``solver.review.record``); raises ``GameRecordError``."""


def check_tree(value: Any, fields: Fields = positions, field: str = "") -> Any:
    """Refuse, naming the field, what no JSON format here may hold anywhere in ``value``.

    Walks without recursion, so a structure nested 100,000 deep is refused, not a ``RecursionError``.

        >>> check_tree({"name": "\\ud800"}, packs)
        Traceback (most recent call last):
        ...
        solver.core.errors.PackError: name: not valid Unicode: an unpaired surrogate at character 0
    """
    stack: list[tuple[Any, str, int]] = [(value, field, 0)]
    while stack:
        node, path, depth = stack.pop()
        kind = type(node)
        if kind is str:
            _check_unicode(node, path, fields)
        elif kind is int:
            if not -INT_LIMIT <= node < INT_LIMIT:
                raise fields.fail(path, f"expected a number that fits in 64 bits, got {show(node)}")
        elif kind is float:
            if not math.isfinite(node):
                raise fields.fail(path, f"expected a finite number, got {node}")
        elif kind is list or kind is dict:
            if depth >= MAX_DEPTH:
                raise fields.fail(path, f"nested more than {MAX_DEPTH} deep")
            if kind is list:
                stack.extend((item, join(path, i), depth + 1) for i, item in enumerate(node))
            else:
                for key, item in node.items():
                    if type(key) is not str:
                        raise fields.fail(path, f"expected string keys, got {show(key)}")
                    _check_unicode(key, path, fields)
                    stack.append((item, join(path, key), depth + 1))
        elif node is not None and kind is not bool:
            raise fields.fail(path, f"expected a JSON value, got {kind.__name__}")
    return value


def check_document(value: Any, fields: Fields, name: str) -> Any:
    """``check_tree`` for a whole document handed over already parsed (a dict built in Python):
    what is wrong at its very root (not a JSON value, a key that is not a string) names ``name``,
    as ``loads`` does for the text, so that every message starts with a field.

        >>> check_document({1: "one"}, positions, "position")
        Traceback (most recent call last):
        ...
        solver.core.errors.PositionError: position: expected string keys, got 1
    """
    try:
        return check_tree(value, fields)
    except fields.error as exc:
        if exc.field:
            raise
        raise fields.fail(name, exc.detail) from None


def _nesting(text: str) -> int:
    """The deepest nesting of brackets in JSON text, strings left out."""
    depth = deepest = 0
    for char in _STRING.sub("", text):
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


class _Huge:
    """An integer literal too long to convert (Python refuses past 4,300 digits): ``check_tree`` names it."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _parse_int(text: str) -> Any:
    return int(text) if len(text) <= 40 else _Huge(len(text.lstrip("-")))


def loads(text: str | bytes, fields: Fields = positions, field: str = "") -> Any:
    """Parse untrusted JSON text, then ``check_tree`` it.

    An error inside the document names the member by its path from the document's root; an error
    of the whole text (not JSON, too deep, a key given twice) names ``field``.

        >>> loads('{"tiles": [1, NaN]}', packs, "pack")
        Traceback (most recent call last):
        ...
        solver.core.errors.PackError: tiles[1]: expected a finite number, got nan
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise fields.fail(field, f"not UTF-8 text (byte {exc.start})") from None
    if _nesting(text) > MAX_DEPTH:
        raise fields.fail(field, f"nested more than {MAX_DEPTH} deep")

    def pairs(items: list[tuple[str, Any]]) -> dict:
        obj = dict(items)
        if len(obj) != len(items):
            seen: set[str] = set()
            twice = next(key for key, _ in items if key in seen or seen.add(key))  # type: ignore[func-returns-value]
            raise fields.fail(field, f"the key {show(twice)} is given twice in one object")
        return obj

    try:
        value = json.loads(text, object_pairs_hook=pairs, parse_int=_parse_int, parse_constant=float)
    except json.JSONDecodeError as exc:
        raise fields.fail(field, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise fields.fail(field, f"nested more than {MAX_DEPTH} deep") from None
    _find_huge(value, fields, field)
    return check_document(value, fields, field)


def _find_huge(value: Any, fields: Fields, name: str) -> None:
    stack = [(value, "")]
    while stack:
        node, path = stack.pop()
        if isinstance(node, _Huge):
            raise fields.fail(path or name, f"expected a number that fits in 64 bits, got a number with {node.digits} digits")
        if type(node) is list:
            stack.extend((item, join(path, i)) for i, item in enumerate(node))
        elif type(node) is dict:
            stack.extend((item, join(path, key)) for key, item in node.items())


def load_file(path: str | os.PathLike[str], fields: Fields = positions, field: str = "") -> Any:
    """Read and ``loads`` a JSON file; refuses at once a path that is not a regular file (a FIFO
    would block, ``/dev/zero`` never ends) or is larger than ``MAX_FILE_BYTES``.

    Raises:
        the ``fields`` error, naming ``field`` and the path when the file cannot be read.
    """
    path = Path(path)
    try:
        with open(path, "rb", opener=_nonblocking) as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise fields.fail(field, f"{path} is not a regular file")
            if info.st_size > MAX_FILE_BYTES:
                raise fields.fail(field, f"{path} is larger than {MAX_FILE_BYTES >> 20} MB")
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise fields.fail(field, f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return loads(data, fields, field)
    except fields.error as exc:
        raise fields.fail(exc.field or field, f"{exc.detail} (in {path})") from None


def _nonblocking(path: str, flags: int) -> int:
    """Open without blocking, so that opening a FIFO with no writer returns at once."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))
