"""The thin public API: load a game by name, play it, count its moves.

    >>> import solver
    >>> game = solver.load_game("godo", players=3, variant=False)
    >>> state = game.new_initial_state()
    >>> state.current_player() == solver.CHANCE
    True
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from solver.core.errors import UnknownGameError

GAMES: dict[str, str] = {
    "godo": "solver.games.godo.game:GodoGame",
    "gogoa": "solver.games.gogoa.game:GoGoaGame",
    "kokoro": "solver.games.kokoro.game:KokoroGame",
}
"""Registered games: short name -> the game class (imported on first use)."""


def game_class(name: str) -> type:
    """The class of a registered game.

    Raises:
        UnknownGameError: no game has that name.
    """
    if name not in GAMES:
        raise UnknownGameError(f"game: unknown game {name!r}; known: {', '.join(sorted(GAMES))}")
    module, cls = GAMES[name].split(":")
    return getattr(import_module(module), cls)


def backends(name: str = "godo") -> list[str]:
    """The backends available for a game in this installation.

        >>> import solver
        >>> solver.backends()[:2]
        ['reference', 'numba']
    """
    module = import_module(game_class(name).__module__)
    return module.available_backends()


def random_playouts(game: Any, n: int, seed: int) -> tuple[Any, Any]:
    """Play ``n`` uniformly random games from the start inside the game's backend.

    Returns ``(steps, returns)``: the number of steps of each game (``n``) and their returns
    (``n x players``). The same seed gives the same games on a backend.

        >>> import solver
        >>> steps, returns = solver.random_playouts(solver.load_game("godo", players=2), 3, seed=1)
        >>> steps.shape, returns.shape
        ((3,), (3, 2))
    """
    return game.random_playouts(n, seed)


def load_game(name: str, **options: Any) -> Any:
    """A game by its short name, with its options (for GODŌ: players, variant, solo, pack, backend).

    Raises:
        UnknownGameError: the game or an option is unknown or out of range.
        PackError: the component pack given is broken.
    """
    cls = game_class(name)
    try:
        return cls(**options)
    except TypeError as exc:  # an option the game does not take
        raise UnknownGameError(f"{name}: {exc}") from None
