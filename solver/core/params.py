"""The AI's named parameters and the parameters file that sets them.

Two groups of numbers drive the AI: the **heuristic**'s weights (each game's, named in its
``weights.py``: what a stored koi or a guardian's growth is worth) and the **search**'s constants
(MCTS's, the same names for every game: ``SEARCH``). Each is a ``Parameter`` with a range; some
count only in solo games or only with two or more players.

A **parameters file** sets any subset of them for one game and player count (and the pack it was
tuned for, if it names one, and the searcher, if it was tuned for one)::

    {"game": "kokoro", "players": 1, "pack": "reference", "agent": "mcts",
     "heuristic": {"link": 5.5, "current": 1.2}, "search": {"explore": 0.5}}

Weights that make one searcher play best need not suit another (greedy judges a turn by the
heuristic alone; MCTS also steers its rollouts by it), so tuned values found for one may say so
(``agent``): the tunes shipped with a game and a pack's own are used by that searcher only. A file
handed to a search is used as it is.

It is read strictly (``read_params``): an unknown name, a value out of its range, a weight that
does not count with that many players, an unknown field: each is refused with a ``ParamsError``
naming the field. ``solver tune`` writes one, with its record of the tune under ``"tune"``.

    >>> params = read_params({"game": "kokoro", "players": 1, "heuristic": {"link": 5.5}})
    >>> params.values("heuristic")
    {'link': 5.5}
    >>> read_params({"game": "kokoro", "players": 1, "heuristic": {"link": 99}})
    Traceback (most recent call last):
    ...
    solver.core.errors.ParamsError: params.heuristic.link: expected 0.5 to 15.0, got 99
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

import numpy as np

from solver.core.errors import PackError, ParamsError
from solver.core.strict_json import Fields, check_document, join, load_file, show

GROUPS = ("heuristic", "search")
"""The parameter groups, in the order a file and ``solver params`` list them."""

ANY, SOLO, MULTI = "any", "solo", "multi"
"""Which games a parameter counts in: every one, solo only, two or more players only."""

_FIELDS = Fields(ParamsError)
_KEYS = ("game", "players", "pack", "agent", *GROUPS, "tune")

AGENTS = ("greedy", "expectimax", "mcts", "simulation", "foresight")
"""The searchers parameters may be tuned for (``agent``): the agents that use them, and
``best_move``'s algorithms (``simulation``: greedy's playouts, which the AI plays in some games;
``foresight``: Go Goa's AI)."""

FALLBACK = {"simulation": "greedy", "foresight": "greedy"}
"""The searcher whose tune a searcher takes where none was made for it: greedy's playouts play
greedy's moves, and foresight judges greedy's best turns by greedy's outlook, so greedy's weights
serve them until they have their own."""


@dataclass(frozen=True)
class Parameter:
    """A named number the AI runs with: its slot ``index`` in its group's array, its range
    ``[low, high]`` (an integer one if ``integer``), the games it counts in and what it means.

        >>> Parameter("link", 9, 0.5, 15.0, "cost of a gap").check(0.2, "heuristic.link")
        Traceback (most recent call last):
        ...
        solver.core.errors.ParamsError: heuristic.link: expected 0.5 to 15.0, got 0.2
    """

    name: str
    index: int
    low: float
    high: float
    doc: str
    integer: bool = False
    counts: str = ANY
    default: float | None = None  # a heuristic weight's shipped value (the search's: ``mcts``)

    def applies(self, players: int) -> bool:
        """Whether the parameter counts in a game of ``players``."""
        return self.counts == ANY or (self.counts == SOLO) == (players == 1)

    def check(self, value: Any, field: str) -> float:
        """``value`` if it is in range (an integer for an integer parameter), as a number.

        Raises:
            ParamsError: naming ``field``.
        """
        if self.integer:
            return _FIELDS.integer(value, field, int(self.low), int(self.high))
        return _FIELDS.number(value, field, self.low, self.high)

    def describe(self, value: float) -> dict[str, Any]:
        """The parameter as ``solver params --json`` lists it, at ``value``."""
        return {"value": _plain(value, self.integer), "low": _plain(self.low, self.integer),
                "high": _plain(self.high, self.integer), "doc": self.doc}  # fmt: skip


def _plain(value: float, integer: bool) -> float:
    return int(value) if integer else float(value)


SEARCH: tuple[Parameter, ...] = (
    Parameter("explore", 0, 0.05, 3.0, "MCTS: the UCB exploration constant"),
    Parameter("rollout", 1, 0, 100, "MCTS: rollout steps before the heuristic judges the position", integer=True),
    Parameter("guided", 2, 0, 8, "MCTS: actions tried for each guided rollout step (0: random rollouts)",
              integer=True),
    Parameter("epsilon", 3, 0.0, 1.0, "MCTS: the chance of a random step in a guided rollout"),
    Parameter("finish", 4, 0, 1, "MCTS: 1 finishes the turn greedily before the rollout", integer=True),
    Parameter("chance", 5, 0.0, 4.0, "MCTS: a chance node visited n times keeps chance * sqrt(n) outcomes "
              "(0: every outcome drawn)"),
    Parameter("normalize", 6, 0, 1, "MCTS: 1 places the values between the lowest and the highest the search "
              "backed up before exploring", integer=True),
)  # fmt: skip
"""The search's constants (``solver.search.mcts.P_*`` are their indices); ``mcts.DEFAULT_PARAMS``
and a kernel's ``MULTIPLAYER_MCTS_PARAMS`` hold their shipped values."""


def game_weights(game: str) -> Any:
    """The ``weights`` module of a registered game (its ``HEURISTIC`` parameters and defaults).

    Raises:
        ParamsError: ``game: ...`` for a game that is not registered.
    """
    from solver.api import GAMES

    if type(game) is not str or game not in GAMES:
        raise ParamsError("game", f"unknown game {show(game)}; known: {', '.join(sorted(GAMES))}")
    return import_module(f"solver.games.{game}.weights")


@cache
def parameters(game: str, players: int, group: str) -> tuple[Parameter, ...]:
    """The parameters of ``group`` that count in a game of ``players``, in index order.

        >>> [p.name for p in parameters("godo", 1, "heuristic")]
        ['pace', 'margin', 'token', 'open_lotus']
    """
    every = game_weights(game).HEURISTIC if group == "heuristic" else SEARCH
    return tuple(p for p in every if p.applies(players))


@dataclass(frozen=True)
class Params:
    """A parameters file, read and checked: values by group, as ``(name, value)`` pairs in index
    order; ``agent`` the searcher they were tuned for (``None``: any); ``tune`` is the record
    ``solver tune`` keeps in it (JSON text, ``""`` if none)."""

    game: str
    players: int
    pack: str | None
    agent: str | None = None
    heuristic: tuple[tuple[str, float], ...] = ()
    search: tuple[tuple[str, float], ...] = ()
    tune: str = ""

    def values(self, group: str) -> dict[str, float]:
        """The values the file sets in ``group``, by name."""
        return dict(getattr(self, group))

    def to_json(self) -> dict[str, Any]:
        """The file's document (``read_params`` reads it back the same)."""
        out: dict[str, Any] = {"game": self.game, "players": self.players}
        if self.pack is not None:
            out["pack"] = self.pack
        if self.agent is not None:
            out["agent"] = self.agent
        for group in GROUPS:
            out[group] = self.values(group)
        if self.tune:
            out["tune"] = json.loads(self.tune)
        return out

    def write(self, path: str | os.PathLike[str]) -> None:
        """Write the file as indented JSON."""
        Path(path).write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")

    def fit(self, game: str, players: int, pack: str, field: str = "params") -> None:
        """Refuse to run a game of another name, player count or pack with these parameters.

        Raises:
            ParamsError: ``<field>.game``, ``<field>.players`` or ``<field>.pack``.
        """
        for key, theirs, ours in (("game", self.game, game), ("players", self.players, players)):
            if theirs != ours:
                raise ParamsError(join(field, key), f"the parameters are for {key} {theirs!r}, this game's is {ours!r}")
        if self.pack is not None and self.pack != pack:
            raise ParamsError(join(field, "pack"), f"the parameters were tuned for the pack {self.pack!r}, "
                              f"this game has {pack!r}")  # fmt: skip

    def apply(self, heuristic: np.ndarray, search: np.ndarray) -> None:
        """Write the values into a game's heuristic and search arrays (indexed as the parameters)."""
        for group, array in (("heuristic", heuristic), ("search", search)):
            slots = {p.name: p.index for p in parameters(self.game, self.players, group)}
            for name, value in getattr(self, group):
                array[slots[name]] = value

    def with_values(self, group: str, values: dict[str, float]) -> Params:
        """These parameters with ``values`` set in ``group``."""
        merged = {**self.values(group), **values}
        order = [p.name for p in parameters(self.game, self.players, group) if p.name in merged]
        return replace(self, **{group: tuple((name, merged[name]) for name in order)})

    def with_record(self, tune: dict[str, Any]) -> Params:
        """These parameters with the record of the tune that made them."""
        return replace(self, tune=json.dumps(tune))


ParamsSource = None | str | os.PathLike | dict | Params
"""Where parameters come from: none, a parameters file, its parsed document, or ``Params``."""


def read_params(source: ParamsSource, field: str = "params") -> Params | None:
    """Read and check a parameters file (a path, a parsed document, or ``Params`` as it is).

    Raises:
        ParamsError: naming the field (``heuristic.link``), or ``<field>`` for a file that cannot
            be read or is not strict JSON.
    """
    if source is None or isinstance(source, Params):
        return source
    if isinstance(source, dict):
        doc = check_document(source, _FIELDS, field)
    elif isinstance(source, (str, os.PathLike)):
        doc = load_file(source, _FIELDS, field)
    else:
        raise ParamsError(field, f"expected a parameters file, its JSON object or Params, got {type(source).__name__}")
    return parse_params(doc, field)


def parse_params(doc: Any, field: str = "") -> Params:
    """A parameters document checked field by field (``field``: where it sits, for the messages)."""
    _FIELDS.object(doc, field or "params", _KEYS, required=("game", "players"))
    try:
        weights = game_weights(doc["game"])
    except ParamsError as exc:
        raise ParamsError(join(field, "game"), exc.detail) from None
    from solver.api import game_class

    info = game_class(doc["game"]).info
    players = _FIELDS.integer(doc["players"], join(field, "players"), info.min_players, info.max_players)
    pack = _FIELDS.string(doc["pack"], join(field, "pack"), max_length=100) if "pack" in doc else None
    agent = _FIELDS.choice(doc["agent"], join(field, "agent"), AGENTS) if "agent" in doc else None
    groups = {}
    for group in GROUPS:
        where = join(field, group)
        given = _FIELDS.object(doc.get(group, {}), where)
        known = {p.name: p for p in parameters(doc["game"], players, group)}
        every = {p.name for p in (weights.HEURISTIC if group == "heuristic" else SEARCH)}
        for name, value in given.items():
            if name not in known:
                what = f"does not count with {players} player{'s' * (players > 1)}" if name in every else "unknown parameter"
                raise ParamsError(join(where, name), f"{what}; {group} parameters here: {', '.join(known)}")
            known[name].check(value, join(where, name))
        groups[group] = tuple((name, given[name]) for name in known if name in given)
    tune = json.dumps(_FIELDS.object(doc["tune"], join(field, "tune"))) if "tune" in doc else ""
    return Params(doc["game"], players, pack, agent, groups["heuristic"], groups["search"], tune)


def for_players(found: Iterable[Params], players: int, agent: str) -> Params | None:
    """The entry of ``found`` for ``players`` and the searcher ``agent``: one tuned for it, else
    one for the searcher it falls back on (``FALLBACK``), else one for any searcher, if there is one.

        >>> found = [Params("kokoro", 1, None, "greedy"), Params("kokoro", 1, None, None)]
        >>> for_players(found, 1, "simulation").agent, for_players(found, 1, "mcts").agent
        ('greedy', None)
    """
    fitting = [p for p in found if p.players == players]
    for wanted in (agent, FALLBACK.get(agent), None):
        chosen = next((p for p in fitting if p.agent == wanted), None)
        if chosen is not None:
            return chosen
    return None


def defaults(heuristic: Sequence[Parameter]) -> np.ndarray:
    """The heuristic array at the weights' defaults (a game's ``HEURISTIC_PARAMS``).

        >>> defaults([Parameter("a", 1, 0, 2, "", default=2.0), Parameter("b", 0, 0, 1, "", default=0.5)])
        array([0.5, 2. ])
    """
    array = np.zeros(len(heuristic), np.float64)
    for parameter in heuristic:
        array[parameter.index] = parameter.default
    return array


def check_names(names: Sequence[str], game: str, players: int, field: str) -> list[tuple[str, Parameter]]:
    """``(group, parameter)`` for each of ``names`` (as ``solver tune --tune`` takes them).

    Raises:
        ParamsError: naming ``field`` for a name that is not a parameter of the game and players.
    """
    known = {p.name: (g, p) for g in GROUPS for p in parameters(game, players, g)}
    out = []
    for name in names:
        if name not in known:
            raise ParamsError(field, f"unknown parameter {show(name)}; known: {', '.join(known)}")
        out.append(known[name])
    return out


def pack_params(doc: dict, game: str, pack: str) -> tuple[Params, ...]:
    """The tuned parameters a component pack's document carries (its ``"params"``: a list of
    parameters documents of the pack's game, at most one per player count and searcher; a document
    may name the pack, and must then name this one), read as a pack is: a ``PackError`` naming the
    field.

    Raises:
        PackError: ``params[0].heuristic.link: ...``.
    """
    out: list[Params] = []
    try:
        for i, item in enumerate(_FIELDS.array(doc.get("params", []), "params")):
            params = parse_params(item, join("params", i))
            params.fit(game, params.players, pack, join("params", i))
            if any((p.players, p.agent) == (params.players, params.agent) for p in out):
                whose = f" and {params.agent}" if params.agent else ""
                raise ParamsError(join(join("params", i), "players"),
                                  f"a second entry for {params.players} players{whose}")  # fmt: skip
            out.append(params)
    except ParamsError as exc:
        raise PackError(exc.field, exc.detail) from None
    return tuple(out)
