"""The Go Goa game object: options, metadata and the factory of states.

>>> import solver
>>> game = solver.load_game("gogoa", players=3)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.info.max_players
(True, 6)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.core.agents import check_seed
from solver.core.game import Game, GameInfo, SoloInfo
from solver.core.play import check_playouts, play_out
from solver.core.rng import SplitMix64
from solver.games.gogoa import actions as act
from solver.games.gogoa import position
from solver.games.gogoa.dice import FACES, ROLL_OF_ORDERED, ROLLS
from solver.games.gogoa.pack import load_pack
from solver.games.gogoa.rules import ROLL, GoGoaState
from solver.games.gogoa.scoring import TITLES

BACKENDS = ("reference", "numba")

INFO = GameInfo(
    name="gogoa",
    title="Go Goa",
    min_players=1,
    max_players=6,
    num_distinct_actions=act.NUM_ACTIONS,
    max_chance_outcomes=len(ROLLS),
    min_utility=0.0,
    max_utility=1.0,
)
SOLO = SoloInfo("score", titles=tuple(title for _, title in TITLES))


class GoGoaGame(Game):
    """Go Goa with a fixed number of players and map.

    Args:
        players: 1 to 6; a 1-player game is the solo mode.
        pack: ``None`` for the reference map and tour plans, a path to a JSON pack, or a parsed
            dict (see ``solver.games.gogoa.pack``).
        backend: ``"reference"`` (the plain-Python rules engine) or ``"numba"`` (the compiled
            bitboard kernel); same API, same actions, same positions.

    Raises:
        UnknownGameError: an option is out of range.
        PackError: the pack is broken (the message names the hex, destination or card).
    """

    info = INFO
    solo_info = SOLO
    backends = BACKENDS
    load_pack = staticmethod(load_pack)

    def new_initial_state(self) -> Any:
        """The start of a game: a chance node, the first tour plan card being dealt."""
        return self._on_backend(GoGoaState.new(self.pack, self.players))

    def random_playouts(self, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
        """Play ``n`` uniformly random games from the start, inside the backend.

        Returns the number of steps of each game and each game's returns (``n x players``). Both
        backends draw from the kernel's splitmix64 generator with the kernel's rule (a decision or
        a card: entry ``random_below(n)`` of the sorted actions; the dice: one of the 216 ordered
        rolls), so the same seed plays the same games on both.

        Raises:
            SearchError: ``n`` or ``seed`` is out of range (``solver.core.play.check_playouts``).
        """
        if self.backend != "reference":
            return super().random_playouts(n, seed)
        n, seed = check_playouts(n, seed)
        return play_out(self, n, kernel_step, SplitMix64(seed))

    def state_from_json(self, obj: Any, seed: int = 0) -> Any:
        """Read a position (see ``solver.games.gogoa.position``); hidden cards are dealt with ``seed``.

        Raises:
            PositionError: naming the first bad field.
        """
        seed = check_seed(seed)
        return self._on_backend(position.state_from_json(obj, self.pack, self.players, seed))


def kernel_step(state: GoGoaState, rng: SplitMix64) -> int:
    """The kernel's random choice here: a decision or a card is entry ``below(n)`` of the sorted
    actions; the dice one of the 216 ordered rolls."""
    if state.phase == ROLL:
        return act.ROLL + ROLL_OF_ORDERED[rng.below(FACES**3)]
    actions = state.legal_actions()
    return actions[rng.below(len(actions))]


def available_backends() -> list[str]:
    """The backends this installation can run."""
    return list(BACKENDS)
