"""Reading component packs: the JSON file (or parsed dict) every game's components come from.

Each game parses its own schema; reading the source strictly (``solver.core.strict_json``), and
turning a missing, unreadable or non-JSON file into a ``PackError`` naming it, is the same for all::

    >>> read_pack({"name": "mine"}, Path("reference.json"), lambda obj: obj["name"])
    'mine'
    >>> read_pack([1, 2], Path("reference.json"), lambda obj: obj)
    Traceback (most recent call last):
    ...
    solver.core.errors.PackError: pack: expected a file path or a JSON object, got list
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from solver.core.errors import PackError
from solver.core.strict_json import check_document, load_file, packs

PackSource = None | str | Path | dict
"""Where a pack comes from: ``None`` for the game's reference pack, a JSON file, or a parsed dict."""

T = TypeVar("T")


def read_pack(source: PackSource, reference: Path, parse: Callable[[Any], T]) -> T:
    """Parse a pack from ``source`` (``None``: the ``reference`` file) with the game's ``parse``.

    Raises:
        PackError: ``source`` is not a path or a dict, the file cannot be read, is not strict JSON,
            or ``parse`` refuses it.
    """
    if isinstance(source, dict):
        return parse(check_document(source, packs, "pack"))
    if source is not None and not isinstance(source, (str, os.PathLike)):
        raise PackError("pack", f"expected a file path or a JSON object, got {type(source).__name__}")
    return parse(load_file(reference if source is None else source, packs, "pack"))
