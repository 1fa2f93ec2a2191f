"""The Go Goa state on the numba kernel: the same Python API as the reference, over one array.

Each call crosses into the kernel once; positions, words for actions and validation go through
the reference engine (``convert``), so every backend reads and writes the same JSON::

    >>> import solver
    >>> state = solver.load_game("gogoa", players=2, backend="numba").new_initial_state()
    >>> state.legal_actions() == solver.load_game("gogoa", players=2).new_initial_state().legal_actions()
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.core.errors import IllegalActionError
from solver.core.kernel_state import KernelState as BaseKernelState
from solver.games.gogoa import convert, scoring
from solver.games.gogoa import kernel as K
from solver.games.gogoa import layout as L
from solver.games.gogoa import rules as R
from solver.games.gogoa.pack import Pack
from solver.games.gogoa.rules import GoGoaState


class KernelState(BaseKernelState):
    """A Go Goa state held as the kernel's flat array (``self.array``)."""

    PLAYERS = L.PLAYERS
    default_kernel = K

    def __init__(self, array: np.ndarray, pack: Pack, kernel: Any = None) -> None:
        super().__init__(array, kernel)
        self.pack = pack

    def _new(self, array: np.ndarray, kernel: Any) -> KernelState:
        return type(self)(array, self.pack, kernel)

    @classmethod
    def from_reference(cls, ref: GoGoaState, kernel: Any = None) -> KernelState:
        return cls(convert.from_reference(ref), ref.pack, kernel)

    def to_reference(self) -> GoGoaState:
        return convert.to_reference(self.array, self.pack)

    @property
    def phase(self) -> str:
        return R.PHASES[self.array[L.PHASE]]

    @property
    def solo(self) -> bool:
        return self.players == 1

    def turn_start(self) -> bool:
        """Whether this decision is the first of a player's turn (see ``GoGoaState.turn_start``)."""
        a = self.array
        return a[L.PHASE] in (L.PH_KEEP, L.PH_RESERVE) or (
            a[L.PHASE] == L.PH_MOVE and a[L.TO_MOVE] != K.starter(a)
        )

    def apply_action(self, action: int) -> None:
        """Resolve one decision or chance outcome, in place.

        Raises:
            IllegalActionError: the action is not legal here; the state is unchanged.
        """
        if action not in self.legal_actions():
            raise IllegalActionError(f"action {action} is not legal in phase {self.phase!r}")
        self.apply_legal_action(action)

    def scores(self) -> list[int]:
        out = np.zeros(L.MAX_PLAYERS, np.int64)
        K.scores(self.array, out)
        return out[: self.players].tolist()

    @property
    def winners(self) -> list[int]:
        return convert.cards(int(self.array[L.WINNERS]))

    def title(self) -> str | None:
        over = self.array[L.PHASE] == L.PH_OVER
        return scoring.solo_title(self.scores()[0]) if self.solo and over else None
