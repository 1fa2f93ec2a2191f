"""The GODŌ state on a compiled kernel: the same Python API as the reference, over one array.

Each call crosses into the kernel once; positions, words for actions and validation go through
the reference engine (``convert``), so every backend reads and writes the same JSON::

    >>> import solver
    >>> state = solver.load_game("godo", players=2, backend="numba").new_initial_state()
    >>> state.legal_actions() == solver.load_game("godo", players=2).new_initial_state().legal_actions()
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.core.errors import IllegalActionError
from solver.core.kernel_state import KernelState as BaseKernelState
from solver.games.godo import actions as act
from solver.games.godo import convert
from solver.games.godo import kernel as K
from solver.games.godo import layout as L
from solver.games.godo.pack import NUM_COLOURS, Pack
from solver.games.godo.rules import GodoState, describe, solo_title


class KernelState(BaseKernelState):
    """A GODŌ state held as the kernels' flat array (``self.array``), run by ``kernel`` (a module
    with the kernel functions: the numba one here; the same array works with any kernel)."""

    PLAYERS = L.PLAYERS
    default_kernel = K

    def __init__(self, array: np.ndarray, pack: Pack, kernel: Any = None) -> None:
        super().__init__(array, kernel)
        self.pack = pack

    def _new(self, array: np.ndarray, kernel: Any) -> KernelState:
        return type(self)(array, self.pack, kernel)

    @classmethod
    def from_reference(cls, ref: GodoState, kernel: Any = None) -> KernelState:
        return cls(convert.from_reference(ref), ref.pack, kernel)

    def begin(self) -> None:
        """Run the start of the game in the kernel (for an array laid out before the first draw)."""
        self.kernel.begin(self.array)

    def search_kernel(self) -> Any:
        """The numba kernel, or for a state on the C kernel the numba wrappers of its functions
        (``ckernel_jit``), so a search runs on the backend the state is on."""
        if self.kernel is K:
            return K
        from solver.games.godo import ckernel_jit

        return ckernel_jit

    def to_reference(self) -> GodoState:
        return convert.to_reference(self.array, self.pack)

    @property
    def phase(self) -> str:
        return L.PHASES[self.array[L.PHASE]]

    def turn_start(self) -> bool:
        """Whether this is the first decision of a player's turn (placing its tile)."""
        a = self.array
        return a[L.STAGE] == L.ST_PLAY and a[L.PHASE] == L.PH_PLACE and not a[L.REDRAWN]

    def apply_action(self, action: int) -> None:
        """Resolve one decision or chance outcome, in place.

        Raises:
            IllegalActionError: the action is not legal here; the state is unchanged.
        """
        if action not in self.legal_actions():
            raise IllegalActionError(f"action {action} is not legal in phase {self.phase!r}")
        self.apply_legal_action(action)

    def scores(self) -> list[int]:
        """Each player's journal score: 10 per mastered track, else the spaces left of its token."""
        tracks = self.array[L.TRACK : L.TRACK + self.players * NUM_COLOURS].reshape(self.players, NUM_COLOURS)
        return [int(sum(10 if t == L.MASTERED else t for t in row)) for row in tracks]

    @property
    def winners(self) -> list[int]:
        mask = int(self.array[L.WINNERS])
        return [p for p in range(self.players) if mask >> p & 1]

    def title(self) -> str | None:
        won = self.array[L.SOLO] and self.array[L.PHASE] == L.PH_OVER and self.array[L.WINNERS]
        return solo_title(int(self.array[L.STOCK])) if won else None

    def action_to_string(self, action: int) -> str:
        return describe(self.to_reference(), action) if act.kind(action) != "draw" else f"draw tile {action - act.DRAW}"
