"""A game state held as one flat int64 array and run by a compiled kernel: the shared Python API.

Every compiled backend keeps its state in one ``int64`` array so the searchers (compiled with
numba) can copy and step it without Python. This base class is the OpenSpiel-style API over such an
array; each game subclasses it with what is its own: where the player count sits in the array, how
to go to and from the reference engine (positions and words are the reference's), and extras such
as ``scores`` or ``title``.

A kernel module provides (all compiled, over ``int64[::1]`` state arrays)::

    legal_actions(s, out) -> n          apply_action(s, action)   (at a chance node: the outcomes)
    chance_outcomes(s, acts, odds) -> n current_player(s)   (CHANCE = -1, TERMINAL = -4)
    is_terminal(s)                      returns(s, out)      (out: float64[8])
    determinize(s, observer, rng)       heuristic(s, params, out)
    state_hash(s)                       next_random(rng), random_below(rng, n)
    random_playouts(template, n, rng, steps, results)
    BUFFER (room for legal actions), HEURISTIC_PARAMS (float64 weights)

Chance nodes have at most ``MAX_CHANCE_OUTCOMES`` outcomes (the searchers size their buffers so).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.core.errors import IllegalActionError
from solver.core.players import CHANCE

MAX_CHANCE_OUTCOMES = 64
"""The most outcomes a chance node of any game may have."""

MAX_PLAYERS = 8
"""The most players of any game (the size of the kernels' ``returns`` vector)."""


class KernelState:
    """A state on a compiled kernel: ``self.array`` stepped by ``self.kernel``.

    Subclasses set ``PLAYERS`` (the index of the player count in the array) and ``default_kernel``
    (the game's numba kernel module), and implement ``to_reference``.
    """

    PLAYERS: int = 0
    default_kernel: Any = None

    def __init__(self, array: np.ndarray, kernel: Any = None) -> None:
        self.array = array
        self.kernel = self.default_kernel if kernel is None else kernel
        self._buffer = np.empty(self.kernel.BUFFER, np.int64)

    def _new(self, array: np.ndarray, kernel: Any) -> KernelState:
        """A state of the same kind over ``array`` (subclasses with more fields override this)."""
        return type(self)(array, kernel)

    def to_reference(self) -> Any:
        """The same state on the reference engine."""
        raise NotImplementedError

    def kernel_state(self) -> KernelState:
        """The state on a compiled kernel, for the searchers: this one."""
        return self

    def search_kernel(self) -> Any:
        """The kernel module the searchers (compiled with numba) close over for this backend: the
        numba kernel itself; a game with other kernels maps them to numba-callable wrappers."""
        return self.kernel

    def clone(self) -> KernelState:
        return self._new(self.array.copy(), self.kernel)

    @property
    def backend(self) -> str:
        """The backend this state runs on: ``"numba"`` or ``"c"``."""
        return "numba" if self.kernel is self.default_kernel else "c"

    @property
    def players(self) -> int:
        return int(self.array[self.PLAYERS])

    def current_player(self) -> int:
        return int(self.kernel.current_player(self.array))

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return bool(self.kernel.is_terminal(self.array))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        actions = np.empty(MAX_CHANCE_OUTCOMES, np.int64)
        odds = np.empty(MAX_CHANCE_OUTCOMES, np.float64)
        n = self.kernel.chance_outcomes(self.array, actions, odds)
        return [(int(a), float(p)) for a, p in zip(actions[:n], odds[:n])]

    def legal_actions(self) -> list[int]:
        n = self.kernel.legal_actions(self.array, self._buffer)
        return self._buffer[:n].tolist()

    def apply_action(self, action: int) -> None:
        """Resolve one decision or chance outcome, in place.

        Raises:
            IllegalActionError: the action is not legal here; the state is unchanged.
        """
        if action not in self.legal_actions():
            raise IllegalActionError(f"action: {action} is not legal here")
        self.apply_legal_action(action)

    def apply_legal_action(self, action: int) -> None:
        """``apply_action`` without the legality check."""
        self.kernel.apply_action(self.array, action)

    def returns(self) -> list[float]:
        out = np.zeros(MAX_PLAYERS)
        self.kernel.returns(self.array, out)
        return out[: self.players].tolist()

    def action_to_string(self, action: int) -> str:
        return self.to_reference().action_to_string(action)

    def to_json(self, observer: int | None = None) -> dict[str, Any]:
        return self.to_reference().to_json(observer)

    def __str__(self) -> str:
        return str(self.to_reference())
