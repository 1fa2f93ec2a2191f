"""The Kokoro state on the numba kernel: the same Python API as the reference, over one array.

Each call crosses into the kernel once; positions, words for actions and validation go through
the reference engine (``convert``), so every backend reads and writes the same JSON::

    >>> import solver
    >>> state = solver.load_game("kokoro", players=2, backend="numba").new_initial_state()
    >>> state.legal_actions() == solver.load_game("kokoro", players=2).new_initial_state().legal_actions()
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.core.errors import IllegalActionError
from solver.core.kernel_state import KernelState as BaseKernelState
from solver.games.kokoro import convert
from solver.games.kokoro import kernel as K
from solver.games.kokoro import layout as L
from solver.games.kokoro.pack import Pack
from solver.games.kokoro.rules import KokoroState


class KernelState(BaseKernelState):
    """A Kokoro state held as the kernel's flat array (``self.array``)."""

    PLAYERS = L.PLAYERS
    default_kernel = K

    def __init__(self, array: np.ndarray, pack: Pack, kernel: Any = None) -> None:
        super().__init__(array, kernel)
        self.pack = pack
        self._cached: tuple[bytes, KokoroState] | None = None

    def _new(self, array: np.ndarray, kernel: Any) -> KernelState:
        return type(self)(array, self.pack, kernel)

    @classmethod
    def from_reference(cls, ref: KokoroState, kernel: Any = None) -> KernelState:
        return cls(convert.from_reference(ref), ref.pack, kernel)

    def to_reference(self) -> KokoroState:
        return convert.to_reference(self.array, self.pack)

    def _view(self) -> KokoroState:
        """The reference state of the array as it is now, converted once per position: words for
        every legal action, the JSON and the picture all read it (never modified)."""
        key = self.array.tobytes()
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, self.to_reference())
        return self._cached[1]

    def action_to_string(self, action: int) -> str:
        return self._view().action_to_string(action)

    def to_json(self, observer: int | None = None) -> dict[str, Any]:
        return self._view().to_json(observer)

    def __str__(self) -> str:
        return str(self._view())

    @property
    def phase(self) -> str:
        return L.PHASES[self.array[L.PHASE]]

    def turn_start(self) -> bool:
        """Every decision is a whole turn: one player's answer to one path card."""
        return bool(self.array[L.PHASE] == L.PH_CHOOSE)

    def apply_action(self, action: int) -> None:
        """Resolve one decision or chance outcome, in place.

        Raises:
            IllegalActionError: the action is not legal here; the state is unchanged.
        """
        if action not in self.legal_actions():
            raise IllegalActionError(f"action {action} is not legal in phase {self.phase!r}")
        self.apply_legal_action(action)

    def scores(self) -> list[int]:
        """Each player's score so far (the final score once the game is over)."""
        return [int(K.score(self.array, p)) for p in range(self.players)]

    @property
    def winners(self) -> list[int]:
        mask = int(self.array[L.WINNERS])
        return [p for p in range(self.players) if mask >> p & 1]

    def title(self) -> str | None:
        """Kokoro has no solo titles: the solo player plays for the best score."""
        return None
