"""The numbers a search runs with in one position: the heuristic's weights and MCTS's constants.

Four layers, each over the one before (``solver.core.params`` names the parameters):

1. the defaults in the code: the game's ``weights.HEURISTIC`` and ``mcts.default_params``;
2. the tunes that ship with the game (``solver/games/<game>/data/params.json``: parameters
   documents made by ``solver tune``, each for a player count and the searcher it was tuned and
   checked with; ``docs/ai.md`` says how), for any pack;
3. the tuned parameters the state's component pack carries for its player count and the searcher
   (a pack's ``"params"``), made for those very components;
4. the parameters a user hands over (``best_move(..., params=...)``, ``greedy:params=t.json``,
   ``--params``), which must be for this game, player count and pack.

    >>> import solver
    >>> state = solver.load_game("kokoro", players=1, backend="numba").new_initial_state()
    >>> heuristic, search = settings(state.kernel_state(), None, "mcts")
    >>> tuned = read_params({"game": "kokoro", "players": 1, "heuristic": {"link": 5.5}})
    >>> from solver.games.kokoro.weights import H_LINK
    >>> float(heuristic[H_LINK]), float(settings(state.kernel_state(), tuned, "mcts")[0][H_LINK])
    (6.0, 5.5)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from solver.core.errors import SolverError
from solver.core.params import (
    GROUPS,
    Params,
    ParamsSource,
    for_players,
    pack_params,
    parameters,
    read_params,
)
from solver.core.strict_json import load_file
from solver.search import mcts


@cache
def shipped(game: str) -> tuple[Params, ...]:
    """The tunes that ship with ``game`` (none if it has no ``data/params.json``)."""
    path = Path(__file__).parents[1] / "games" / game / "data" / "params.json"
    if not path.is_file():
        return ()
    return pack_params(load_file(path), game, "")


SOURCES = ("code", "shipped", "pack", "given")
"""Where a value comes from, layer by layer (``layers``)."""


def layers(kstate: Any, given: Params | None, agent: str) -> list[tuple[str, Params]]:
    """The parameters that apply to a search of ``kstate`` by ``agent`` (``AGENTS``) over the
    code's defaults, lowest first, each with its source (``SOURCES``).

    Raises:
        ParamsError: ``params.players`` (or ``game``, ``pack``) when ``given`` is for another
            game, player count or pack.
    """
    game, players = kstate.layout.weights.GAME, kstate.players
    if given is not None:
        given.fit(game, players, kstate.pack.name)
    found = [for_players(shipped(game), players, agent), for_players(kstate.pack.params, players, agent), given]
    return [(source, p) for source, p in zip(SOURCES[1:], found) if p is not None]


def settings(kstate: Any, given: ParamsSource, agent: str) -> tuple[np.ndarray, np.ndarray]:
    """The heuristic weights and the MCTS constants (fresh arrays) a search of ``kstate`` (a
    kernel state) by ``agent`` (``solver.core.params.AGENTS``) runs with, the user's
    parameters ``given`` (``read_params`` takes them; ``None``: none) last.

    Raises:
        ParamsError: ``given`` is unreadable, or not for this game, player count or pack.
    """
    kernel = kstate.search_kernel()
    heuristic = kernel.HEURISTIC_PARAMS.copy()
    search = mcts.default_params(kernel, kstate.players)
    for _, params in layers(kstate, read_params(given), agent):
        params.apply(heuristic, search)
    return heuristic, search


def settings_listing(kstate: Any, given: Params | None, agent: str) -> dict[str, dict[str, dict[str, Any]]]:
    """Every parameter that counts in ``kstate``'s game, by group and name, as ``solver params``
    shows it for a search by ``agent``: ``{"value", "low", "high", "doc", "from"}`` (``from``: the
    layer it comes from, ``SOURCES``).

        >>> import solver
        >>> state = solver.load_game("koi", players=2).new_initial_state()
        >>> settings_listing(state.kernel_state(), None, "mcts")["heuristic"]["temperature"]["from"]
        'code'
    """
    arrays = dict(zip(GROUPS, settings(kstate, given, agent), strict=True))
    found = layers(kstate, given, agent)
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for group, array in arrays.items():
        out[group] = {}
        for parameter in parameters(kstate.layout.weights.GAME, kstate.players, group):
            source = next((s for s, p in reversed(found) if parameter.name in p.values(group)), SOURCES[0])
            out[group][parameter.name] = {**parameter.describe(array[parameter.index]), "from": source}
    return out


def heuristic_params(kstate: Any, params: Params | None = None, lookahead: int | None = None,
                     agent: str = "greedy") -> np.ndarray:  # fmt: skip
    """The heuristic weights a search of ``kstate`` by ``agent`` runs with (``settings``, with the
    parameters ``params``), set to look ``lookahead`` ahead if given: a game whose
    heuristic looks ahead names the weight that says how far (``HEURISTIC_LOOKAHEAD``)."""
    weights = settings(kstate, params, agent)[0]
    if lookahead is not None:
        index = getattr(kstate.search_kernel(), "HEURISTIC_LOOKAHEAD", None)
        if index is None:
            raise SolverError("lookahead: this game's heuristic does not look ahead")
        weights[index] = lookahead
    return weights
