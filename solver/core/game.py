"""What every game declares about itself, OpenSpiel style."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from solver.core.errors import UnknownGameError
from solver.core.packs import PackSource
from solver.core.play import random_playouts
from solver.core.strict_json import show


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata: the bounds searchers and frontends size themselves by."""

    name: str
    title: str
    min_players: int
    max_players: int
    num_distinct_actions: int
    max_chance_outcomes: int
    min_utility: float
    max_utility: float

    def check_options(self, players: object, backend: str, backends: Sequence[str]) -> None:
        """Refuse a player count or backend the game does not have.

            >>> INFO = GameInfo("x", "X", 1, 4, 10, 6, 0.0, 1.0)
            >>> INFO.check_options(5, "numba", ["reference", "numba"])
            Traceback (most recent call last):
            ...
            solver.core.errors.UnknownGameError: players: X is for 1 to 4 players, got 5

        Raises:
            UnknownGameError: naming the option.
        """
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise UnknownGameError(f"players: {self.title} is for {self.min_players} to {self.max_players} players, "
                                   f"got {show(players)}")  # fmt: skip
        check_choice(backend, "backend", backends)


def check_flag(value: Any, field: str) -> bool:
    """A game's on/off option: ``True`` or ``False`` only (not ``"no"``, which ``bool`` makes true).

        >>> check_flag("no", "variant")
        Traceback (most recent call last):
        ...
        solver.core.errors.UnknownGameError: variant: expected True or False, got 'no'

    Raises:
        UnknownGameError: naming the option.
    """
    if type(value) is not bool:
        raise UnknownGameError(f"{field}: expected True or False, got {show(value)}")
    return value


def check_choice(value: Any, field: str, choices: Sequence[str]) -> str:
    """One of a game's named ``choices`` (a string, compared exactly).

    Raises:
        UnknownGameError: ``<field>: unknown <field> ...; known: ...``.
    """
    if type(value) is not str or value not in choices:
        raise UnknownGameError(f"{field}: unknown {field} {show(value)}; known: {', '.join(choices)}")
    return value


@dataclass(frozen=True)
class SoloInfo:
    """How a game's solo mode is judged, for the solo reports.

    ``score_name`` says what the number measured is ("score", or GODŌ's "stock left");
    ``titles`` are the achievements from best to worst (empty if the game has none);
    ``can_lose``: a solo game may be lost (GODŌ) rather than only scored; ``final_key`` is where the
    number sits in the final position (``to_json``), ``None`` for the player's score.

        >>> SoloInfo("score").score_of(final={}, scores=[187])
        187
    """

    score_name: str = "score"
    titles: tuple[str, ...] = ()
    can_lose: bool = False
    final_key: str | None = None

    def score_of(self, final: dict, scores: list[int]) -> int:
        """The solo number of a finished game, from its final position and scores."""
        return int(final[self.final_key]) if self.final_key else int(scores[0])


class Game:
    """What every game object does alike: a game's class subclasses it, checks its own options and
    makes reference states; this checks the player count and backend, puts the states on the
    chosen backend, plays random games there and reports the options.

        >>> import solver
        >>> game = solver.load_game("koi", players=2, backend="numba")
        >>> game.new_initial_state().backend
        'numba'
        >>> game
        KoiGame(players=2, pack='reference', backend='numba')
    """

    info: GameInfo
    backends: Sequence[str]
    load_pack: Callable[[PackSource], Any]
    """The game's pack reader, ``load_pack(source)`` (a ``staticmethod``)."""

    def __init__(self, players: int = 2, pack: PackSource = None, backend: str = "reference") -> None:
        """A game of ``players`` on ``backend`` with the component ``pack`` (``None``: the
        reference pack; a path to a JSON pack; a parsed dict): a game with no options of its
        own needs no other ``__init__``.

        Raises:
            UnknownGameError: the player count or the backend is not the game's.
            PackError: the pack is broken.
        """
        self.take_options(players, backend)
        self.pack = self.load_pack(pack)

    def take_options(self, players: int, backend: str) -> None:
        """Check and keep the options every game has (a game with options of its own calls this
        first, then checks its own and loads its pack).

        Raises:
            UnknownGameError: the player count or the backend is not the game's.
        """
        self.info.check_options(players, backend, self.backends)
        self.players = players
        self.solo = players == 1
        self.backend = backend

    def own_options(self) -> dict[str, Any]:
        """The game's options besides the player count, pack and backend, as ``load_game``
        takes them."""
        return {}

    def options(self) -> dict[str, Any]:
        """The options this game was made with, as ``load_game`` takes them (the pack by name)."""
        return {"players": self.players, **self.own_options(), "pack": self.pack.name, "backend": self.backend}

    def __repr__(self) -> str:
        options = ", ".join(f"{key}={value!r}" for key, value in self.options().items())
        return f"{type(self).__name__}({options})"

    def _kernel(self) -> Any:
        """The kernel module of the compiled backend (``None``: the game's numba kernel)."""
        return None

    def _on_backend(self, ref: Any) -> Any:
        """``ref`` (a reference state) on this game's backend."""
        return ref if self.backend == "reference" else ref.kernel_state(self._kernel())

    def random_playouts(self, n: int, seed: int) -> tuple[Any, Any]:
        """Play ``n`` uniformly random games from the start, inside the backend
        (``solver.core.play.random_playouts``): each game's steps and returns (``n x players``).

        Raises:
            SearchError: ``n`` or ``seed`` is out of range (``solver.core.play.check_playouts``).
        """
        return random_playouts(self, n, seed)
