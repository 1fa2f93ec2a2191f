"""The errors the library raises on bad input.

Every error a user can provoke with bad input is a ``ValueError`` subclass whose message names the
offending field, so that a frontend can show it as it is::

    >>> import solver
    >>> game = solver.load_game("godo", players=2)
    >>> game.state_from_json({"game": "chess"})
    Traceback (most recent call last):
    ...
    solver.core.errors.PositionError: game: expected 'godo', got 'chess'
"""

from __future__ import annotations


class SolverError(ValueError):
    """Base class of the errors raised on bad input."""


class FieldError(SolverError):
    """Bad input in one field of a document; ``field`` is its path, and the message starts with it."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.detail = message
        super().__init__(f"{field}: {message}" if field else message)


class PositionError(FieldError):
    """A position (JSON) is malformed or impossible; the message starts with the bad field's path."""


class PackError(PositionError):
    """A component pack is malformed; the message names the tile, journal space or field."""


class RecordError(FieldError):
    """An output file (the solo records, a picture) is unreadable, malformed or cannot be written."""


class GameRecordError(FieldError):
    """A game record (JSON) is malformed or does not replay; the message names the field, and the
    step for a step that is wrong (``steps[12].words``)."""


class ParamsError(FieldError):
    """A parameters file (the AI's named weights and constants) is malformed or does not fit the
    game; the message names the field (``heuristic.link``)."""


class IllegalActionError(SolverError):
    """An action is not legal in the state it was applied to; the state is left unchanged."""


class UnknownGameError(SolverError):
    """``load_game`` was asked for a game or an option that does not exist."""


class SearchError(SolverError):
    """A search was asked for where there is nothing to decide, or with a bad budget."""


class RenderError(FieldError):
    """A picture was asked for with a bad option (an observer, a highlighted action, a size)."""
