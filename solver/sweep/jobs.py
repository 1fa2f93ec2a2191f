"""One game of a sweep as a job: a pure function of the game, its options, the agents and the seed.

A ``Job`` names everything a game depends on (the game and the keyword arguments it is loaded with,
the sweep's agent specs, which agent sits at each seat, the seed), so any process on any machine
plays it alike and ``play_job`` returns the same result dict, whatever ran it. Each process loads a
game and compiles its agents once (``prepare``) and then plays many games::

    >>> job = Job("kokoro", (("players", 1),), ("random",), (0,), seed=3)
    >>> result = play_job(job)
    >>> result["seed"], result["agents"], result["seats"], sorted(TIMING)
    (3, ['random'], [0], ['seconds'])
    >>> without_timing(result) == without_timing(play_job(job))
    True

Only ``TIMING`` fields (``seconds``) differ from one run to the next; time-budget agents
(``mcts:time=0.5``) play differently as the machine's load changes, so results are identical only
for agents with fixed budgets (iterations, depth).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import solver
from solver import report
from solver.core.agents import make_agent
from solver.core.params import Params, read_params
from solver.core.play import random_step

TIMING = frozenset({"seconds"})
"""The fields of a result that depend on the machine and its load, not on the game."""

_TINY_BUDGET = {"ai": "ai:time=0.05:workers=1", "mcts": "mcts:iterations=1:workers=1", "expectimax": "expectimax:depth=1"}

_GAMES: dict[tuple[str, tuple[tuple[str, Any], ...]], Any] = {}  # this process's loaded games
_WARM: set[tuple[Any, ...]] = set()  # (game, options, agent name) compiled in this process


@dataclass(frozen=True)
class Job:
    """One game: ``game`` loaded with the keyword arguments ``load``, agent ``agents[seats[s]]`` at
    seat ``s``, chance and agents seeded from ``seed`` (``solver.play``); ``params``, if given, has
    for each agent a parameters document as JSON text (``""``: the game's own parameters), so that
    a job carries its parameters to any machine (a tune's trials)."""

    game: str
    load: tuple[tuple[str, Any], ...]
    agents: tuple[str, ...]
    seats: tuple[int, ...]
    seed: int
    params: tuple[str, ...] = ()

    @property
    def key(self) -> tuple[Any, ...]:
        """What tells this game from the others of its sweep (and from a results file's lines)."""
        return result_key({"agents": self.agents, "seats": self.seats, "seed": self.seed, "params": self.params})


def result_key(result: dict[str, Any]) -> tuple[Any, ...]:
    """The ``Job.key`` of a result dict (agents, seats, seed and parameters, if any)."""
    return tuple(result["agents"]), tuple(result["seats"]), result["seed"], tuple(result.get("params", ()))


def params_text(params: Params | None) -> str:
    """A job's JSON text for ``params`` (``""`` for none), the same for the same parameters."""
    return "" if params is None else json.dumps(params.to_json(), sort_keys=True)


@cache
def _params(text: str) -> Params | None:
    return read_params(json.loads(text)) if text else None


def without_timing(result: dict[str, Any]) -> dict[str, Any]:
    """A result without its ``TIMING`` fields: what every run of the same job gives alike."""
    return {k: v for k, v in result.items() if k not in TIMING}


def pin_workers(spec: str) -> str:
    """An MCTS (or ``ai``) spec with ``workers=1`` added unless it names its workers: in a sweep
    the processes are the parallelism, and a tree count that followed each machine's cores would
    play differently on each machine.

        >>> pin_workers("mcts:iterations=20"), pin_workers("mcts:workers=2"), pin_workers("greedy")
        ('mcts:iterations=20:workers=1', 'mcts:workers=2', 'greedy')
    """
    name, *options = spec.split(":")
    if name not in ("ai", "mcts") or any(o.partition("=")[0] == "workers" for o in options):
        return spec
    return f"{spec}:workers=1"


def warm_up(game: Any, specs: Sequence[str], seed: int = 0) -> None:
    """Compile what the agents run (numba, once per process) so that no game's time includes it:
    each agent's kind takes one decision with a tiny budget in a position with a choice."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (state.is_chance_node() or len(state.legal_actions()) < 2):
        state.apply_legal_action(random_step(state, rng))
    if state.is_terminal():
        return
    for name in dict.fromkeys(spec.split(":")[0] for spec in specs):
        make_agent(_TINY_BUDGET.get(name, name), seed=seed).step(state.clone())


def prepare(job: Job) -> Any:
    """The job's game, loaded once per process, with its agents compiled (``warm_up``) once."""
    key = (job.game, job.load)
    if key not in _GAMES:
        _GAMES[key] = solver.load_game(job.game, **dict(job.load))
    game = _GAMES[key]
    cold = [spec for spec in job.agents if (*key, spec.split(":")[0]) not in _WARM]
    if cold:
        warm_up(game, cold, job.seed)
        _WARM.update((*key, spec.split(":")[0]) for spec in cold)
    return game


def play_job(job: Job) -> dict[str, Any]:
    """Play one game and return its result: the job's ``agents``, ``seats`` and ``seed``, the game's
    name and options, ``steps``, ``scores`` and ``winners`` by seat, ``title``, every action in
    order (``actions``: the game replays from them); the job's ``params`` if it has them; for a solo game the ``score`` it is judged by
    and whether it was ``won``; last, ``seconds`` (timing, see ``TIMING``).
    """
    game = prepare(job)
    start = time.perf_counter()
    params = [_params(job.params[i]) if job.params else None for i in job.seats]
    record = solver.play(game, [job.agents[i] for i in job.seats], seed=job.seed, params=params)
    seconds = time.perf_counter() - start
    result: dict[str, Any] = {
        "game": job.game, "options": game.options(), "agents": list(job.agents),
        "seats": list(job.seats), "seed": job.seed, "steps": record.steps,
        "scores": list(record.scores), "winners": list(record.winners), "title": record.title,
        "actions": list(record.actions),
    }  # fmt: skip
    if job.params:
        result["params"] = list(job.params)
    if game.players == 1:
        solo = game.solo_info
        result["score"] = solo.score_of(record.final, record.scores)
        result["won"] = bool(record.winners) or not solo.can_lose
    result["seconds"] = round(seconds, 4)
    return result


def share_of_wins(result: dict[str, Any], agent: int = 0) -> float:
    """The share of a game's win that went to the seats of ``agent`` (an index into the job's
    agents): a shared win counts 1/k for each of its k winners.

        >>> share_of_wins({"seats": [1, 0, 1], "winners": [1, 2]})
        0.5
    """
    winners = result["winners"]
    return sum(result["seats"][seat] == agent for seat in winners) / len(winners) if winners else 0.0


def solo_game(result: dict[str, Any]) -> report.SoloGame:
    """A solo game's result as the report takes it."""
    return report.SoloGame(result["seed"], result["title"], result["score"], result["won"],
                           result["steps"], result["seconds"])  # fmt: skip


def arena_game(result: dict[str, Any]) -> report.ArenaGame:
    """An arena game's result as the report takes it (``seats``: the agent at each seat)."""
    return report.ArenaGame(result["seed"], result["seats"], result["winners"], result["scores"],
                            result["steps"], result["seconds"])  # fmt: skip
