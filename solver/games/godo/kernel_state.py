"""The GODŌ state on a compiled kernel: the same Python API as the reference, over one array.

Each call crosses into the kernel once; positions, words for actions and validation go through
the reference engine (``convert``), so every backend reads and writes the same JSON::

    >>> import solver
    >>> state = solver.load_game("godo", players=2, backend="numba").new_initial_state()
    >>> state.legal_actions() == solver.load_game("godo", players=2).new_initial_state().legal_actions()
    True

What the kernels need of an array is in ``array_words`` (``WORDS``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.core.kernel_state import KernelState as BaseKernelState
from solver.games.godo import actions as act
from solver.games.godo import convert
from solver.games.godo import kernel as K
from solver.games.godo import layout as L
from solver.games.godo.array_words import WORDS
from solver.games.godo.pack import NUM_COLOURS
from solver.games.godo.rules import solo_title
from solver.games.godo.words import describe


class KernelState(BaseKernelState):
    """A GODŌ state held as the kernels' flat array (``self.array``), run by ``kernel`` (a module
    with the kernel functions: the numba one here; the same array works with any kernel)."""

    layout, WORDS, default_kernel, convert = L, WORDS, K, convert

    def pack_words(self) -> tuple[int, np.ndarray]:
        return L.TILES, convert.encode_pack(self.pack, bool(self.array[L.VARIANT]))

    def search_kernel(self) -> Any:
        """The numba kernel, or for a state on the C kernel the numba wrappers of its functions
        (``ckernel_jit``), so a search runs on the backend the state is on."""
        if self.kernel is K:
            return K
        from solver.games.godo import ckernel_jit

        return ckernel_jit

    def scores(self) -> list[int]:
        """Each player's journal score: 10 per mastered track, else the spaces left of its token."""
        tracks = self.array[L.TRACK : L.TRACK + self.players * NUM_COLOURS].reshape(self.players, NUM_COLOURS)
        return [int(sum(10 if t == L.MASTERED else t for t in row)) for row in tracks]

    def title(self) -> str | None:
        won = self.array[L.SOLO] and self.array[L.PHASE] == L.PH_OVER and self.array[L.WINNERS]
        return solo_title(int(self.array[L.STOCK])) if won else None

    def action_to_string(self, action: int) -> str:
        return describe(self._view(), action) if act.kind(action) != "draw" else f"draw tile {action - act.DRAW}"
