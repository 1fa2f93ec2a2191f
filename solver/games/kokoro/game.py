"""The Kokoro game object: options, metadata and the factory of states.

>>> import solver
>>> game = solver.load_game("kokoro", players=3, side="pink", decree="twin_guardians")
>>> state = game.new_initial_state()
>>> state.phase, len(state.chance_outcomes())
('roll', 10)
"""

from __future__ import annotations

from typing import Any

from solver.core.agents import check_seed
from solver.core.errors import UnknownGameError
from solver.core.game import Game, GameInfo, SoloInfo, check_choice
from solver.games.kokoro import actions as act
from solver.games.kokoro import position
from solver.games.kokoro.decrees import DECREES
from solver.games.kokoro.pack import SIDES, PackSource, load_pack
from solver.games.kokoro.rules import KokoroState

BACKENDS = ("reference", "numba")
MAX_PLAYERS = 8

INFO = GameInfo(
    name="kokoro",
    title="Kokoro: Avenue of the Kodama",
    min_players=1,
    max_players=MAX_PLAYERS,
    num_distinct_actions=act.NUM_ACTIONS,
    max_chance_outcomes=act.MAX_CHANCE_OUTCOMES,
    min_utility=0.0,
    max_utility=1.0,
)

SOLO = SoloInfo("score")
"""Solo Kokoro is played for the best score: no titles, no loss."""


class KokoroGame(Game):
    """Kokoro with a fixed number of players, options and component pack.

    Args:
        players: 1 to 8; a 1-player game is the solo mode (play for the best score).
        side: ``"blue"`` (the printed guardians) or ``"pink"`` (the optional rule: a d10 places
            the guardians on numbered spaces).
        decree: ``None`` or the name of a decree (``solver.games.kokoro.decrees.DECREES``; the
            examples there are our own invention).
        pack: ``None`` for the reference pack, a path to a JSON pack, or a parsed dict.
        backend: ``"reference"`` (the plain-Python rules engine) or ``"numba"`` (the compiled
            bitboard kernel); same API, same actions, same positions.

    Raises:
        UnknownGameError: an option is out of range.
        PackError: the pack is broken (the message names the space, card or field).
    """

    info = INFO
    solo_info = SOLO
    backends = BACKENDS
    load_pack = staticmethod(load_pack)

    def __init__(
        self,
        players: int = 2,
        side: str = "blue",
        decree: str | None = None,
        pack: PackSource = None,
        backend: str = "reference",
    ) -> None:
        self.take_options(players, backend)
        check_choice(side, "side", SIDES)
        if decree is not None:
            check_choice(decree, "decree", sorted(DECREES))
        if decree is not None and side not in DECREES[decree].sides:
            raise UnknownGameError(
                f"decree: {decree!r} is a pink decree, played only on the pink side"
            )
        self.pack = self.load_pack(pack)
        if side not in self.pack.mats:
            raise UnknownGameError(f"side: the pack {self.pack.name!r} has no {side} side")
        self.side = side
        self.decree = None if decree is None else DECREES[decree]

    def new_initial_state(self) -> Any:
        """The start of a game: a chance node (the guardians' die, or the first sanctuary card)."""
        return self._on_backend(KokoroState.new(self.pack, self.players, self.side, self.decree))

    def state_from_json(self, obj: Any, seed: int = 0) -> Any:
        """Read a position (see ``solver.games.kokoro.position``); a peeked sanctuary card the
        position hides is drawn with ``seed``.

        Raises:
            PositionError: naming the first bad field.
        """
        seed = check_seed(seed)
        return self._on_backend(
            position.state_from_json(obj, self.pack, self.players, self.side, self.decree, seed)
        )

    def own_options(self) -> dict[str, Any]:
        return {"side": self.side, "decree": self.decree and self.decree.name}


def available_backends() -> list[str]:
    """The backends this installation can run."""
    return list(BACKENDS)
