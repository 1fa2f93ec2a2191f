"""The KOI game object: options, metadata and the factory of states.

>>> import solver
>>> game = solver.load_game("koi", players=1)
>>> state = game.new_initial_state()
>>> state.phase, len(state.chance_outcomes()), game.solo_info.titles[0]
('flip', 14, 'Sensei')
"""

from __future__ import annotations

from typing import Any

from solver.core.agents import check_seed
from solver.core.game import Game, GameInfo, SoloInfo
from solver.games.koi import actions as act
from solver.games.koi import position
from solver.games.koi.pack import MAX_PLAYERS, load_pack
from solver.games.koi.rules import KoiState

BACKENDS = ("reference", "numba")

INFO = GameInfo(
    name="koi",
    title="KOI",
    min_players=1,
    max_players=MAX_PLAYERS,
    num_distinct_actions=act.NUM_ACTIONS,
    max_chance_outcomes=act.MAX_CHANCE_OUTCOMES,
    min_utility=0.0,
    max_utility=1.0,
)


class KoiGame(Game):
    """KOI with a fixed number of players and component pack.

    Args:
        players: 1 to 4; a 1-player game is the solo mode (play for the best score and title).
        pack: ``None`` for the reference pack (our invented cards, prices and scoring), a path to
            a JSON pack, or a parsed dict (``solver.games.koi.pack``).
        backend: ``"reference"`` (the plain-Python rules engine) or ``"numba"`` (the compiled
            bitboard kernel); same API, same actions, same positions.

    Raises:
        UnknownGameError: an option is out of range.
        PackError: the pack is broken (the message names the card or field).
    """

    info = INFO
    backends = BACKENDS
    load_pack = staticmethod(load_pack)

    @property
    def solo_info(self) -> SoloInfo:
        """Solo KOI is played for the best score and the pack's titles."""
        return SoloInfo("score", tuple(name for _, name in reversed(self.pack.titles)))

    def new_initial_state(self) -> Any:
        """The start of a game: a chance node (the market's first card)."""
        return self._on_backend(KoiState.new(self.pack, self.players))

    def state_from_json(self, obj: Any, seed: int = 0) -> Any:
        """Read a position (see ``solver.games.koi.position``); ``seed`` is checked and unused
        (no KOI position hides anything that must be drawn).

        Raises:
            PositionError: naming the first bad field.
        """
        check_seed(seed)
        return self._on_backend(position.state_from_json(obj, self.pack, self.players))


def available_backends() -> list[str]:
    """The backends this installation can run."""
    return list(BACKENDS)
