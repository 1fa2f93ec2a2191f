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
from solver.games.godo import actions as act
from solver.games.godo import convert
from solver.games.godo import kernel as K
from solver.games.godo import layout as L
from solver.games.godo.pack import NUM_COLOURS, Pack
from solver.games.godo.rules import GodoState, describe, solo_title

_BUFFER = np.empty(K.BUFFER, np.int64)


class KernelState:
    """A GODŌ state held as the kernels' flat array (``self.array``), run by ``kernel`` (a module
    with the kernel functions: the numba one here; the same array works with any kernel)."""

    def __init__(self, array: np.ndarray, pack: Pack, kernel: Any = K) -> None:
        self.array = array
        self.pack = pack
        self.kernel = kernel

    @classmethod
    def from_reference(cls, ref: GodoState, kernel: Any = K) -> KernelState:
        return cls(convert.from_reference(ref), ref.pack, kernel)

    def begin(self) -> None:
        """Run the start of the game in the kernel (for an array laid out before the first draw)."""
        self.kernel.begin(self.array)

    def kernel_state(self) -> KernelState:
        """The state on the numba kernel, for the searchers (which are compiled with numba)."""
        return self if self.kernel is K else KernelState(self.array.copy(), self.pack)

    def to_reference(self) -> GodoState:
        return convert.to_reference(self.array, self.pack)

    def clone(self) -> KernelState:
        return type(self)(self.array.copy(), self.pack, self.kernel)

    @property
    def backend(self) -> str:
        """The backend this state runs on: ``"numba"`` or ``"c"``."""
        return "numba" if self.kernel is K else "c"

    @property
    def players(self) -> int:
        return int(self.array[L.PLAYERS])

    @property
    def phase(self) -> str:
        return L.PHASES[self.array[L.PHASE]]

    def turn_start(self) -> bool:
        """Whether this is the first decision of a player's turn (placing its tile)."""
        a = self.array
        return a[L.STAGE] == L.ST_PLAY and a[L.PHASE] == L.PH_PLACE and not a[L.REDRAWN]

    def current_player(self) -> int:
        return int(self.kernel.current_player(self.array))

    def is_chance_node(self) -> bool:
        return self.array[L.PHASE] == L.PH_DRAW

    def is_terminal(self) -> bool:
        return bool(self.kernel.is_terminal(self.array))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        actions = np.empty(64, np.int64)
        odds = np.empty(64, np.float64)
        n = self.kernel.chance_outcomes(self.array, actions, odds)
        return [(int(a), float(p)) for a, p in zip(actions[:n], odds[:n])]

    def legal_actions(self) -> list[int]:
        n = self.kernel.legal_actions(self.array, _BUFFER)
        return _BUFFER[:n].tolist()

    def apply_action(self, action: int) -> None:
        """Resolve one decision or chance outcome, in place.

        Raises:
            IllegalActionError: the action is not legal here; the state is unchanged.
        """
        if action not in self.legal_actions():
            raise IllegalActionError(f"action {action} is not legal in phase {self.phase!r}")
        self.apply_legal_action(action)

    def apply_legal_action(self, action: int) -> None:
        """``apply_action`` without the legality check."""
        self.kernel.apply_action(self.array, action)

    def returns(self) -> list[float]:
        out = np.zeros(L.MAX_PLAYERS)
        self.kernel.returns(self.array, out)
        return out[: self.players].tolist()

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

    def to_json(self, observer: int | None = None) -> dict[str, Any]:
        return self.to_reference().to_json(observer)

    def __str__(self) -> str:
        return str(self.to_reference())
