"""Agents: anything that picks an action for the player to move; and the checks of what drives them.

An agent is any object with a ``step(state) -> int`` method and a ``name``; ``make_agent`` builds
the built-in ones from a short spec such as ``"random"`` or ``"mcts:time=0.5"``::

    >>> agent = make_agent("random", seed=7)
    >>> agent.name
    'random'
    >>> make_agent("mcts:iterations=0")
    Traceback (most recent call last):
    ...
    solver.core.errors.SearchError: agents: mcts: iterations: expected an integer from 1 to 1000000000, got 0

Every budget, count and seed the library takes is checked here, in one way, by ``make_agent``,
``best_move``/``analyse``, ``solver.play``, ``random_playouts``, ``perft`` and the command line:
``OPTIONS`` holds the range of every agent option (``best_move`` takes the same ones under its own
names), ``check_seed`` the seeds.
"""

from __future__ import annotations

import inspect
import math
import numbers
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from solver.core.errors import SearchError, SolverError
from solver.core.params import Params, read_params
from solver.core.strict_json import show

MAX_SECONDS = 86_400
"""The longest time limit taken, in seconds (one day): a limit is a number above 0 and at most this."""

MAX_WORKERS = 64
"""The most parallel MCTS trees taken (each tree is its own memory and thread)."""

SEED_LIMIT = 2**63
"""Seeds are integers in ``[0, 2**63)``; ``None`` means 0. Every backend plays the same seed alike."""

SEARCH_SEEDS = 2**53
"""Derived seeds (``derive_seed``) are reduced into ``[0, 2**53)``, so that the searchers' own
derivations (worker ``w`` of a tree search draws from ``seed * 1000 + w + 1``) stay in 64 bits."""


@dataclass(frozen=True)
class Bound:
    """The values a budget, count or option takes: integers or finite numbers from ``low`` to
    ``high`` (no upper end if ``None``), ``low``/``high`` themselves excluded if ``above``/``below``.

        >>> Bound(float, 0, 1, below=True).check(1.0, "cutoff")
        Traceback (most recent call last):
        ...
        solver.core.errors.SearchError: cutoff: expected a number at least 0 and below 1, got 1.0
    """

    kind: type
    low: int
    high: int | None = None
    above: bool = False
    below: bool = False

    def describe(self) -> str:
        """What the bound takes, in words (``"an integer from 1 to 64"``)."""
        if self.kind is int:
            if self.high is not None:
                return f"an integer from {self.low} to {self.high}"
            return "a positive integer" if self.low == 1 else f"an integer of {self.low} or more"
        ends = [f"above {self.low}" if self.above else f"at least {self.low}"]
        if self.high is not None:
            ends.append(f"below {self.high}" if self.below else f"at most {self.high}")
        return "a number " + " and ".join(ends)

    def check(self, value: Any, field: str, error: Callable[[str], Exception] = SearchError) -> Any:
        """``value`` as a plain ``int`` (or ``float``) if it is within the bound.

        Integers may be numpy integers, never ``bool``; a number may be any finite real.

        Raises:
            ``error``: ``<field>: expected <the bound>, got <value>``.
        """
        number = _number(value, self.kind)
        if number is None or not self._holds(number):
            raise error(f"{field}: expected {self.describe()}, got {show(value)}")
        return self.kind(number)

    def _holds(self, number: float) -> bool:
        low = number > self.low if self.above else number >= self.low
        high = self.high is None or (number < self.high if self.below else number <= self.high)
        return low and high


def _number(value: Any, kind: type) -> int | float | None:
    """``value`` as an ``int`` (an integer, of any size) or a finite ``float`` (for ``kind`` float)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    if isinstance(value, numbers.Integral):
        return int(value)
    if kind is int or not math.isfinite(value):
        return None
    return float(value)


OPTIONS: dict[str, Bound] = {
    "time": Bound(float, 0, MAX_SECONDS, above=True),  # every searcher's budget: seconds a decision
    "iterations": Bound(int, 1, 10**9), "workers": Bound(int, 1, MAX_WORKERS),  # threads: MCTS's trees, the rounds' batches
    "explore": Bound(float, 0, 100),  # MCTS: the UCB constant
    "rollout": Bound(int, 0, 10**6),  # MCTS: rollout steps before the heuristic judges
    "guided": Bound(int, 0, 100),  # MCTS: actions tried for each guided rollout step
    "finish": Bound(int, 0, 1),  # MCTS: 1 finishes the turn greedily before the rollout
    "chance": Bound(float, 0, 100),  # MCTS: chance nodes keep chance * sqrt(visits) outcomes (0: all)
    "normalize": Bound(int, 0, 1),  # MCTS: 1 places values between the lowest and highest the search saw
    "depth": Bound(int, 1, 12),  # expectimax: decisions deep (12: as deep as it deepens by itself)
    "cutoff": Bound(float, 0, 1, below=True),  # expectimax: less likely branches are estimated
    "playouts": Bound(int, 1, 10**5),  # greedy, expectimax: the first decision chosen by simulated games
    "lookahead": Bound(int, 0, 2),  # greedy: how far the game's heuristic looks ahead (Go Goa: days of routes)
    "rounds": Bound(int, 1, 10**6),  # the AI's greedy playouts: games played out after each candidate
}  # fmt: skip
"""Every agent option (``mcts:time=0.5``) with its range; ``best_move`` and the command line check
their budgets with the same entries."""

COUNT = Bound(int, 1)
"""A count that must be positive: ``analyse``'s ``top``, the games of ``solver solo``/``arena``."""


_SEEDS = Bound(int, 0, SEED_LIMIT - 1)


def check_seed(seed: Any, field: str = "seed") -> int:
    """A seed: ``None`` means 0; otherwise an integer in ``[0, 2**63)`` (a numpy integer too).

        >>> check_seed(None), check_seed(2**63 - 1) == 2**63 - 1
        (0, True)
        >>> check_seed(-1)
        Traceback (most recent call last):
        ...
        solver.core.errors.SearchError: seed: expected an integer from 0 to 9223372036854775807, got -1

    Raises:
        SearchError: naming ``field``.
    """
    return 0 if seed is None else _SEEDS.check(seed, field)


def derive_seed(seed: int, scale: int = 1, offset: int = 0) -> int:
    """The seed of a part of the work (a seat, a decision): ``seed * scale + offset`` reduced into
    ``[0, 2**53)`` (``SEARCH_SEEDS``). The seeds used in practice are not changed by the reduction.

        >>> derive_seed(5, 1000, 2), derive_seed(2**63 - 1) == (2**63 - 1) % 2**53
        (5002, True)
    """
    return (seed * scale + offset) % SEARCH_SEEDS


def file_safe(text: str) -> str:
    """``text`` (agent specs, with the game and seed they played) with every character that is not
    safe in a file name as ``_``: a spec's ``params=/a/t.json`` would name folders, ``:`` is
    refused on some systems. One rule for every file named after agents (a game's record, the
    strength bench's games).

        >>> file_safe("greedy:params=/tmp/t.json")
        'greedy_params=_tmp_t.json'
    """
    return re.sub(r"[^A-Za-z0-9._=,-]", "_", text)


class Agent(Protocol):
    """Picks one of ``state.legal_actions()`` for ``state.current_player()``."""

    name: str

    def step(self, state: Any) -> int: ...


class RandomAgent:
    """Plays a uniformly random legal action, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def step(self, state: Any) -> int:
        return self.rng.choice(state.legal_actions())


AGENTS: dict[str, type] = {"random": RandomAgent}
"""Agent classes by name; ``solver.search.agents`` adds the searching ones."""


def make_agent(spec: str, seed: Any = None, field: str = "agents", params: Params | None = None) -> Agent:
    """An agent from a spec: its name, then ``:option=value`` pairs (``"mcts:time=0.5"``), each
    option at most once and within its range (``OPTIONS``); ``seed`` as ``check_seed`` takes it.

    ``params=FILE`` in the spec reads a parameters file (``solver.core.params``) for the agents
    that search (the file is checked against the game when the agent first plays); ``params``
    gives parameters to an agent that takes them and names no file of its own.

    Raises:
        SolverError: ``<field>: ...``: the spec is empty, the agent is unknown, or it does not take
            an option or is given one twice; ``SearchError`` (``agents: mcts: iterations: expected
            an integer from 1 to 1000000000, got 0``) when a value is out of range or does not
            parse, or ``seed`` is not a seed; ``ParamsError`` (``agents: greedy: params: ...``)
            for a parameters file that cannot be read or is not one.
    """
    if type(spec) is not str:
        raise SolverError(f"{field}: expected an agent spec such as 'mcts:time=0.5', got {show(spec)}")
    name, *options = spec.split(":")
    if name not in AGENTS:
        what = "an empty agent spec" if not spec else f"unknown agent {show(name)}"
        raise SolverError(f"{field}: {what}; known: {', '.join(sorted(AGENTS))}")
    takes = [key for key in inspect.signature(AGENTS[name]).parameters if key != "seed"]
    kwargs: dict[str, Any] = {}
    for option in options:
        key, _, text = option.partition("=")
        if key not in takes or (key not in OPTIONS and key != "params"):
            known = ", ".join(takes) or "no option"
            raise SolverError(f"{field}: {name}: unknown option {show(key)}; {name} takes {known}")
        where = f"{field}: {name}: {key}"
        if key in kwargs:
            raise SolverError(f"{where}: given twice")
        if key == "params":
            kwargs[key] = read_params(text, where)
            continue
        bound = OPTIONS[key]
        try:
            value: Any = bound.kind(text)
        except ValueError:
            value = text
        kwargs[key] = bound.check(value, where)
    if params is not None and "params" in takes:
        kwargs.setdefault("params", params)
    return AGENTS[name](seed=check_seed(seed), **kwargs)
