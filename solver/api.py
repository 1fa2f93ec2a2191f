"""The thin public API: load a game by name, play it, count its moves.

    >>> import solver
    >>> game = solver.load_game("godo", players=3, variant=False)
    >>> state = game.new_initial_state()
    >>> state.current_player() == solver.CHANCE
    True
"""

from __future__ import annotations

import inspect
from importlib import import_module
from typing import Any

from solver.core.errors import UnknownGameError
from solver.core.strict_json import show

GAMES: dict[str, str] = {
    "godo": "solver.games.godo.game:GodoGame",
    "gogoa": "solver.games.gogoa.game:GoGoaGame",
    "kokoro": "solver.games.kokoro.game:KokoroGame",
    "koi": "solver.games.koi.game:KoiGame",
}
"""Registered games: short name -> the game class (imported on first use)."""


def game_class(name: str) -> type:
    """The class of a registered game.

    Raises:
        UnknownGameError: no game has that name.
    """
    if type(name) is not str or name not in GAMES:
        raise UnknownGameError(f"game: unknown game {show(name)}; known: {', '.join(sorted(GAMES))}")
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


def game_options(name: str) -> dict[str, Any]:
    """A game's options and their defaults (the keywords ``load_game`` takes for it).

        >>> game_options("kokoro")
        {'players': 2, 'side': 'blue', 'decree': None, 'pack': None, 'backend': 'reference'}
    """
    parameters = inspect.signature(game_class(name)).parameters
    return {key: parameter.default for key, parameter in parameters.items()}


def random_playouts(game: Any, n: int, seed: int | None) -> tuple[Any, Any]:
    """Play ``n`` uniformly random games from the start inside the game's backend.

    Returns ``(steps, returns)``: the number of steps of each game (``n``) and their returns
    (``n x players``). The same seed gives the same games on a backend. ``n`` is an integer from 0
    to 10 million; ``seed`` is ``None`` (meaning 0) or an integer in ``[0, 2**63)``.

        >>> import solver
        >>> steps, returns = solver.random_playouts(solver.load_game("godo", players=2), 3, seed=1)
        >>> steps.shape, returns.shape
        ((3,), (3, 2))

    Raises:
        SearchError: ``n`` or ``seed`` is out of range, naming it.
    """
    return game.random_playouts(n, seed)


def load_game(name: str, **options: Any) -> Any:
    """A game by its short name, with its options (``game_options``; for GODŌ: players, variant,
    solo, pack, backend). Each is checked by type and range: ``variant=True``, not ``"yes"``.

    Raises:
        UnknownGameError: the game is unknown, or an option is unknown, out of range or not of its
            type; the message starts with the option's name.
        PackError: the component pack given is broken (``pack: ...``, or the field inside it).
    """
    known = game_options(name)
    for key in options:
        if key not in known:
            raise UnknownGameError(f"{key}: {name} has no such option; its options: {', '.join(known)}")
    return game_class(name)(**options)
