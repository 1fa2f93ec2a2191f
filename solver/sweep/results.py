"""A sweep's results file: one JSON line per finished game, appended and synced as it finishes.

Each line is a ``play_job`` result, so the file is complete in itself: a report can be made from it
while the sweep runs, and ``--resume`` reads it back to play only the games it lacks::

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "games.jsonl")
    >>> with ResultsFile(path) as out:
    ...     out.append({"game": "kokoro", "options": {}, "agents": ["random"], "seats": [0],
    ...                 "seed": 1})
    >>> [r["seed"] for r in ResultsFile(path, resume=True).previous]
    [1]

Every line is written whole with one ``write``, then flushed and synced (``fsync``), so a finished
game survives a crash of the sweep, of the machine, or Ctrl-C. The file is read strictly
(``solver.core.strict_json``): a malformed line is an error naming its number, except for a last
line without its newline, which a writer killed mid-line leaves: that game is dropped with a
warning (the line is cut off the file before anything is appended) and played again.
"""

from __future__ import annotations

import json
import os
import sys
from types import TracebackType
from typing import IO, Any

from solver import records
from solver.core.errors import RecordError
from solver.core.strict_json import loads
from solver.core.strict_json import records as fields

_REQUIRED = ("game", "options", "agents", "seats", "seed")


class ResultsFile:
    """The results file of a sweep at ``path``, open to append; ``previous``: the games it held.

    Without ``resume`` the file must not exist yet (appending a second sweep to it would mix them);
    with it, the file's games are read (``previous``) and the sweep goes on after them.

    Raises:
        RecordError: ``out: ...`` when the path cannot hold the file (a folder, a FIFO, a missing
            folder), the file exists without ``resume``, or a line is malformed.
    """

    def __init__(self, path: str, resume: bool = False) -> None:
        self.path = records.check_path(path, "out")
        self.previous: list[dict[str, Any]] = []
        exists = os.path.exists(self.path)
        if exists and not resume:
            raise RecordError(
                "out", f"{path} exists: give --resume to go on with it, or another file"
            )
        if exists:
            self.previous = self._read()
        elif not os.access(os.path.dirname(self.path), os.W_OK):
            raise RecordError(
                "out", f"cannot write {path}: its folder does not exist or is read-only"
            )
        self._handle: IO[str] | None = (
            None  # opened by the first append: no empty file before a game
        )

    def _read(self) -> list[dict[str, Any]]:
        """The file's results, each line checked; a torn last line is cut off (see the module)."""
        data, lines, torn = _lines(self.path, "out")
        if torn:
            print(f"warning: out: the last line of {self.path} is cut short (its writer stopped);"
                  " that game is played again", file=sys.stderr)  # fmt: skip
            try:
                os.truncate(self.path, len(data) - len(torn))
            except OSError as exc:
                raise RecordError(
                    "out", f"cannot write {self.path}: {exc.strerror or exc}"
                ) from None
        return [_parse(line, number, self.path, "out") for number, line in enumerate(lines, 1)]

    def append(self, result: dict[str, Any]) -> None:
        """Write one result as a line, and sync it to disk before returning."""
        try:
            if self._handle is None:
                self._handle = open(self.path, "a", encoding="utf-8")
            self._handle.write(json.dumps(result, ensure_ascii=False) + "\n")
            self._handle.flush()
            os.fsync(self._handle.fileno())
        except OSError as exc:
            raise RecordError("out", f"cannot write {self.path}: {exc.strerror or exc}") from None

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:  # fmt: skip
        self.close()


def read_results(path: str, field: str = "out") -> list[dict[str, Any]]:
    """The games of the results file at ``path``, read without changing it (a sweep may still be
    writing it), each line checked as ``--resume`` checks it; a last line cut short is left out,
    with a warning. Errors name ``field``, the argument that gave the path.

    Raises:
        RecordError: ``field``: the file cannot be read, or a line is malformed (its number named).
    """
    _, lines, torn = _lines(path, field)
    if torn:
        print(f"warning: {field}: the last line of {path} is cut short (a sweep still writing it, or"
              " stopped); that game is left out", file=sys.stderr)  # fmt: skip
    return [_parse(line, number, path, field) for number, line in enumerate(lines, 1)]


def _lines(path: str, field: str) -> tuple[bytes, list[bytes], bytes]:
    """The file's bytes, its whole lines, and what follows the last newline (``b""`` unless a
    writer was cut off mid-line)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise RecordError(field, f"cannot read {path}: {exc.strerror or exc}") from None
    lines = data.split(b"\n")
    torn = lines.pop()
    return data, lines, torn


def _parse(line: bytes, number: int, path: str, field: str) -> dict[str, Any]:
    """One line of a results file, checked enough to be keyed and reported."""
    where = f"line {number} of {path}"
    try:
        result = loads(line, fields, "out")
        fields.object(result, "", required=_REQUIRED)
        fields.string(result["game"], "game")
        fields.object(result["options"], "options")
        for i, spec in enumerate(fields.array(result["agents"], "agents")):
            fields.string(spec, f"agents[{i}]")
        for i, seat in enumerate(fields.array(result["seats"], "seats")):
            fields.integer(seat, f"seats[{i}]", 0, len(result["agents"]) - 1)
        fields.integer(result["seed"], "seed", 0)
    except RecordError as exc:
        inner = "" if exc.field in ("", "out") else f"{exc.field}: "
        raise RecordError(field, f"{where}: {inner}{exc.detail}") from None
    return result
