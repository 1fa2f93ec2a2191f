"""Pictures of positions: ``svg(state)`` for every game, as python-chess draws boards.

The picture is an ``Svg`` (a string that notebooks draw). ``observer`` shows the position as that
player sees it (the others' hands as backs); ``highlight`` draws a sequence of actions from the
position over it, typically the best turn ``solver.best_move`` found (the tile placed, the monk's
route, the Go Goa route, the Kokoro path drawn); ``size`` is the width in pixels::

    >>> import solver
    >>> from solver.render import svg
    >>> state = solver.load_game("kokoro", players=1).new_initial_state()
    >>> picture = svg(state, size=400)
    >>> picture.startswith("<svg") and 'width="400"' in picture
    True

Each game draws itself in ``solver.games.<game>.render`` (``draw(state, observer, steps)``, with the
reference state and the highlighted actions as ``(state before, action)`` steps).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from solver.core.errors import RenderError
from solver.core.strict_json import show
from solver.core.svg import Svg

__all__ = ["Svg", "svg", "steps_of"]


def _reference(state: Any) -> Any:
    """The plain-Python state behind any backend's state."""
    return state.to_reference() if hasattr(state, "to_reference") else state


def _game_name(ref: Any) -> str:
    """``godo`` for ``solver.games.godo.rules.GodoState``."""
    parts = type(ref).__module__.split(".")
    if len(parts) < 3 or parts[:2] != ["solver", "games"]:
        raise RenderError("state", f"expected a state of one of the solver's games, got {type(ref).__name__}")
    return parts[2]


def steps_of(state: Any, actions: Any) -> list[tuple[Any, int]]:
    """``(state before, action)`` for each action of ``actions`` played in order from ``state``
    (decisions and chance outcomes alike); the state itself is not changed.

    Raises:
        RenderError: ``highlight[i]`` is not an integer, or not legal where it is played.
    """
    if not isinstance(actions, (list, tuple)):
        raise RenderError("highlight", f"expected a list of actions, got {show(actions)}")
    current = _reference(state).clone()
    steps = []
    for i, action in enumerate(actions):
        if current.is_terminal():
            raise RenderError(f"highlight[{i}]", "the game is over before this action")
        legal = [a for a, _ in current.chance_outcomes()] if current.is_chance_node() else current.legal_actions()
        if type(action) is not int and not (hasattr(action, "__index__") and not isinstance(action, bool)):
            raise RenderError(f"highlight[{i}]", f"expected an action (an integer), got {show(action)}")
        if int(action) not in legal:
            raise RenderError(f"highlight[{i}]", f"action {int(action)} is not legal here")
        steps.append((current.clone(), int(action)))
        current.apply_action(int(action))
    return steps


def svg(state: Any, *, observer: int | None = None, highlight: Any = None, size: float | None = None) -> Svg:
    """The SVG picture of ``state`` (any game, any backend).

    Args:
        observer: draw what this player can see (others' hidden hands as backs); ``None`` shows all.
        highlight: actions played in order from ``state`` to draw over it (a suggested turn).
        size: the width in pixels (``None``: the picture's own units, which scale freely).

    Raises:
        RenderError: naming ``observer``, ``highlight[i]`` or ``size``.
    """
    ref = _reference(state)
    name = _game_name(ref)
    players = ref.players
    if observer is not None and (type(observer) is not int or not 0 <= observer < players):
        raise RenderError("observer", f"expected a player from 0 to {players - 1} or None, got {show(observer)}")
    steps = steps_of(ref, [] if highlight is None else highlight)
    drawing = import_module(f"solver.games.{name}.render").draw(ref, observer, steps)
    return drawing.to_svg(size)
