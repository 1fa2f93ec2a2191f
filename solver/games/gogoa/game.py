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
from solver.core.game import GameInfo, SoloInfo
from solver.core.play import check_playouts
from solver.games.gogoa import actions as act
from solver.games.gogoa import position
from solver.games.gogoa.dice import FACES, ROLL_OF_ORDERED, ROLLS
from solver.games.gogoa.pack import PackSource, load_pack
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


class GoGoaGame:
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

    def __init__(
        self, players: int = 2, pack: PackSource = None, backend: str = "reference"
    ) -> None:
        INFO.check_options(players, backend, BACKENDS)
        self.players = players
        self.solo = players == 1
        self.backend = backend
        self.pack = load_pack(pack)

    def new_initial_state(self) -> Any:
        """The start of a game: a chance node, the first tour plan card being dealt."""
        return self._on_backend(GoGoaState.new(self.pack, self.players))

    def _on_backend(self, ref: GoGoaState) -> Any:
        if self.backend == "reference":
            return ref
        from solver.games.gogoa.kernel_state import KernelState

        return KernelState.from_reference(ref)

    def random_playouts(self, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
        """Play ``n`` uniformly random games from the start, inside the backend.

        Returns the number of steps of each game and each game's returns (``n x players``). Both
        backends draw from the kernel's splitmix64 generator with the kernel's rule (a decision or
        a card: entry ``random_below(n)`` of the sorted actions; the dice: one of the 216 ordered
        rolls), so the same seed plays the same games on both.

        Raises:
            SearchError: ``n`` or ``seed`` is out of range (``solver.core.play.check_playouts``).
        """
        n, seed = check_playouts(n, seed)
        steps = np.zeros(n, np.int64)
        results = np.zeros((n, self.players))
        if self.backend == "reference":
            rng = SplitMix64(seed)
            for g in range(n):
                state = self.new_initial_state()
                while not state.is_terminal():
                    if state.phase == ROLL:
                        action = act.ROLL + ROLL_OF_ORDERED[rng.below(FACES**3)]
                    else:
                        actions = state.legal_actions()
                        action = actions[rng.below(len(actions))]
                    state.apply_legal_action(action)
                    steps[g] += 1
                results[g] = state.returns()
            return steps, results
        from solver.games.gogoa import kernel

        template = self.new_initial_state().array
        kernel.random_playouts(template, n, np.array([seed], np.uint64), steps, results)
        return steps, results

    def state_from_json(self, obj: Any, seed: int = 0) -> Any:
        """Read a position (see ``solver.games.gogoa.position``); hidden cards are dealt with ``seed``.

        Raises:
            PositionError: naming the first bad field.
        """
        seed = check_seed(seed)
        return self._on_backend(position.state_from_json(obj, self.pack, self.players, seed))

    def options(self) -> dict[str, Any]:
        return {"players": self.players, "pack": self.pack.name, "backend": self.backend}

    def __repr__(self) -> str:
        return (
            f"GoGoaGame(players={self.players}, pack={self.pack.name!r}, backend={self.backend!r})"
        )


class SplitMix64:
    """The kernels' random generator (``solver.core.rng.next_random``) in Python.

    >>> rng = SplitMix64(1)
    >>> [rng.below(6) for _ in range(5)]
    [2, 0, 3, 4, 0]
    """

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self.MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), as ``random_below``."""
        return (self.next() >> 33) % n


def available_backends() -> list[str]:
    """The backends this installation can run."""
    return list(BACKENDS)
