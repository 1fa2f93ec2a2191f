"""What every game's reference engine does alike, so that each ``rules.py`` holds only its rules.

A game's state class subclasses ``ReferenceState``, names its package (``GAME``) and writes the
rules: ``current_player``, ``chance_outcomes``, ``legal_actions``, ``apply_legal_action``,
``clone``, ``scores``, ``score_range`` (or its own ``solo_return`` and ``solo_points``),
``turn_start``. The OpenSpiel methods that follow from those (``is_chance_node``, ``is_terminal``,
``apply_action`` with its legality check, ``returns``) and the ways to other views are here, found by the game's
name: ``kernel_state`` (the game's ``kernel_state.KernelState``), ``to_json`` (its
``position.to_json``), ``action_to_string`` and ``str`` (its ``words.describe`` and
``words.picture``). The views import the rules, never the other way round::

    >>> import solver
    >>> state = solver.load_game("koi", players=2).new_initial_state()
    >>> state.is_chance_node(), state.is_terminal(), state.kernel_state().phase
    (True, False, 'flip')
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from importlib import import_module
from typing import Any, TypeVar

from solver.core.actions import legal_action
from solver.core.players import CHANCE, TERMINAL

_S = TypeVar("_S", bound="ReferenceState")


class ReferenceState:
    """A game in progress on the reference engine, following the OpenSpiel ``State`` interface."""

    GAME: str
    """The game's package under ``solver.games`` (``"koi"``)."""
    players: int
    phase: str
    winners: list[int]

    def current_player(self) -> int:
        """The player to decide, ``CHANCE`` at a chance node, ``TERMINAL`` once the game is over."""
        raise NotImplementedError

    def apply_legal_action(self, action: int) -> None:
        """``apply_action`` without the legality check."""
        raise NotImplementedError

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def apply_action(self, action: int) -> None:
        """Resolve one decision or chance outcome, in place.

        Raises:
            IllegalActionError: the action is not a legal integer here (``core.actions``); the
                state is unchanged.
        """
        self.apply_legal_action(legal_action(self, action))

    def returns(self) -> list[float]:
        """The outcome for each player, in [0, 1]; 0 for everyone until the game is over.

        Multiplayer: the winners share 1. Solo: ``solo_return()``.
        """
        if not self.is_terminal():
            return [0.0] * self.players
        if self.players == 1:
            return [self.solo_return()]
        return self.share_among_winners()

    def solo_return(self) -> float:
        """The return of a finished solo game, in [0, 1], higher for a higher score: here the
        final score placed in the game's ``score_range()`` (lowest, highest)."""
        low, high = self.score_range()
        return (self.scores()[0] - low) / (high - low)

    def solo_points(self, value: float) -> float:
        """A solo return, or a search's value of one (in [0, 1]), in the solo's own units: the
        score it stands for (``solo_return`` turned back), so that a review can say what a
        decision cost in points."""
        low, high = self.score_range()
        return low + value * (high - low)

    def share_among_winners(self) -> list[float]:
        """The multiplayer returns of a finished game: the winners share 1, the others get 0."""
        share = 1.0 / len(self.winners)
        return [share if p in self.winners else 0.0 for p in range(self.players)]

    def _copy(self: _S, lists: Iterable[str] = (), tables: Iterable[str] = ()) -> _S:
        """A copy for ``clone``: the fields named in ``lists`` (lists) and ``tables`` (lists of
        lists) copied, every other field shared (the game's ``clone`` copies the rest)."""
        other = copy.copy(self)
        for name in lists:
            setattr(other, name, list(getattr(self, name)))
        for name in tables:
            setattr(other, name, [list(row) for row in getattr(self, name)])
        return other

    def kernel_state(self, kernel: Any = None) -> Any:
        """This state on a compiled kernel (``kernel``, the game's numba kernel by default), for
        the searchers (which run compiled)."""
        module = import_module(f"solver.games.{self.GAME}.kernel_state")  # compiles on first use
        return module.KernelState.from_reference(self, kernel)

    def to_json(self, observer: int | None = None) -> dict:
        """The position as a plain dict (``observer``: only what that player can see)."""
        return import_module(f"solver.games.{self.GAME}.position").to_json(self, observer)

    def action_to_string(self, action: int) -> str:
        """An action in words, read in the context of this state (the game's
        ``words.describe``)."""
        return import_module(f"solver.games.{self.GAME}.words").describe(self, action)

    def __str__(self) -> str:
        """The position as a text picture (the game's ``words.picture``)."""
        return import_module(f"solver.games.{self.GAME}.words").picture(self)
