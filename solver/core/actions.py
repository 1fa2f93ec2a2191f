"""The check every backend's ``apply_action`` makes first: the action is a legal integer.

One function for the reference engines and the compiled backends alike, so that a bad action gets
the same ``IllegalActionError`` (the same message) on every backend, before anything changes::

    >>> import solver
    >>> state = solver.load_game("kokoro", players=1).new_initial_state()
    >>> state.apply_action(3.0)
    Traceback (most recent call last):
    ...
    solver.core.errors.IllegalActionError: action: expected an integer, got 3.0
"""

from __future__ import annotations

import operator
from typing import Any, Protocol

import numpy as np

from solver.core.errors import IllegalActionError
from solver.core.strict_json import show


class _State(Protocol):
    phase: str

    def legal_actions(self) -> list[int]: ...

    def current_player(self) -> int: ...


def legal_action(state: _State, action: Any) -> int:
    """``action`` as a plain ``int``, if it is one of ``state.legal_actions()``.

    Integers are what ``operator.index`` accepts: ``int`` and the numpy integer scalars of any
    width (``np.int32(5)``, ``np.uint64(5)``), so a state never stores a numpy scalar. Refused: a
    bool, a float even when it equals a legal action (``3.0``), ``Decimal``, a numpy array even of
    one element, ``None``, a string, and any integer that is not a legal action here.

    Raises:
        IllegalActionError: naming ``action``; the caller has changed nothing yet.
    """
    if isinstance(action, (bool, np.bool_, np.ndarray)):
        raise IllegalActionError(f"action: expected an integer, got {show(action)}")
    try:
        value = operator.index(action)
    except TypeError:
        raise IllegalActionError(f"action: expected an integer, got {show(action)}") from None
    if value not in state.legal_actions():
        player = state.current_player()
        who = f" for player {player}" if player >= 0 else ""
        raise IllegalActionError(f"action: {show(value)} is not legal in phase {state.phase!r}{who}")
    return value
