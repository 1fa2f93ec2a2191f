"""The GODŌ game object: options, metadata and the factory of states.

    >>> import solver
    >>> game = solver.load_game("godo", players=3)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()
    True
"""

from __future__ import annotations

from typing import Any

from solver.core.agents import check_seed
from solver.core.errors import UnknownGameError
from solver.core.game import Game, GameInfo, SoloInfo, check_flag
from solver.games.godo import actions as act
from solver.games.godo import position
from solver.games.godo.pack import NUM_TILES, PackSource, load_pack
from solver.games.godo.rules import TITLES, GodoState

BACKENDS = ("reference", "numba", "c")

INFO = GameInfo(
    name="godo",
    title="GODŌ: The Five Paths",
    min_players=1,
    max_players=5,
    num_distinct_actions=act.NUM_ACTIONS,
    max_chance_outcomes=NUM_TILES,
    min_utility=0.0,
    max_utility=1.0,
)

SOLO = SoloInfo("stock left", titles=tuple(title for _, title in TITLES), can_lose=True, final_key="stock")


class GodoGame(Game):
    """GODŌ with a fixed number of players, options and component pack.

    Args:
        players: 1 to 5; a 1-player game is the solo mode.
        variant: play the Sacred Specialties (the variant side of the Path Journal).
        solo: the solo mode (needs ``players=1``; ``players=1`` implies it).
        pack: ``None`` for the reference pack, a path to a JSON pack, or a parsed dict.
        backend: ``"reference"`` (the plain-Python rules engine), ``"numba"`` (the compiled
            bitboard kernel) or ``"c"`` (the same kernel in C, when it was built); same API, same
            actions, same positions.

    Raises:
        UnknownGameError: an option is out of range or not of its type (``variant`` and ``solo``
            are ``True`` or ``False``), or a backend is not available.
        PackError: the pack is broken (the message names the tile or field).
    """

    info = INFO
    backends = BACKENDS
    solo_info = SOLO
    load_pack = staticmethod(load_pack)

    def __init__(
        self,
        players: int = 2,
        variant: bool = False,
        solo: bool = False,
        pack: PackSource = None,
        backend: str = "reference",
    ) -> None:
        self.take_options(players, backend)
        check_flag(variant, "variant")
        if check_flag(solo, "solo") and players != 1:
            raise UnknownGameError(f"solo: the solo mode is for 1 player, got players={players}")
        if backend == "c":
            from solver.games.godo import ckernel

            try:
                ckernel.load()
            except ckernel.CKernelUnavailable as exc:
                raise UnknownGameError(f"backend: {exc}") from None
        self.variant = variant
        self.pack = self.load_pack(pack)

    def _kernel(self) -> Any:
        """The kernel module of a compiled backend."""
        if self.backend == "c":
            from solver.games.godo import ckernel

            return ckernel
        from solver.games.godo import kernel

        return kernel

    def new_initial_state(self) -> Any:
        """The start of a game: a chance node, the first player's initiation draws."""
        return self._on_backend(GodoState.new(self.pack, self.players, self.variant, self.solo))

    def state_from_json(self, obj: Any, seed: int = 0) -> GodoState:
        """Read a position (see ``solver.games.godo.position``); hidden hands are dealt with ``seed``.

        Raises:
            PositionError: naming the first bad field.
        """
        seed = check_seed(seed)
        return self._on_backend(position.state_from_json(obj, self.pack, self.players, self.variant, self.solo, seed))

    def own_options(self) -> dict[str, Any]:
        return {"variant": self.variant, "solo": self.solo}


def available_backends() -> list[str]:
    """The backends this installation can run (``"c"`` only when the C kernels were built)."""
    from solver.games.godo import ckernel

    return [b for b in BACKENDS if b != "c" or ckernel.available()]
