"""Reading component packs: the JSON file (or parsed dict) every game's components come from.

Each game parses its own schema; reading the source, and turning a missing, unreadable or
non-JSON file into a ``PackError`` naming it, is the same for all::

    >>> read_pack({"name": "mine"}, Path("reference.json"), lambda obj: obj["name"])
    'mine'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from solver.core.errors import PackError

PackSource = None | str | Path | dict
"""Where a pack comes from: ``None`` for the game's reference pack, a JSON file, or a parsed dict."""

T = TypeVar("T")


def read_pack(source: PackSource, reference: Path, parse: Callable[[Any], T]) -> T:
    """Parse a pack from ``source`` (``None``: the ``reference`` file) with the game's ``parse``.

    Raises:
        PackError: the file cannot be read, is not JSON, or ``parse`` refuses it.
    """
    if isinstance(source, dict):
        return parse(source)
    path = reference if source is None else Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PackError("pack", f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise PackError("pack", f"{path} is not UTF-8 text") from None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PackError("pack", f"{path} is not valid JSON: {exc}") from None
    return parse(obj)
