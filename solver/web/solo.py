"""``/api/solo``: a whole solo game played by an agent, every step kept so the page can replay it.

The game is played by ``solver.play`` (as ``solver solo`` plays it: chance drawn with the seed,
the agent seeded from it), with the agent's budget bounded so that a request always ends soon::

    >>> game = solo_game({"game": "kokoro", "seed": 1, "agent": "random"})
    >>> len(game["steps"]) > 20, game["steps"][-1]["position"]["phase"]
    (True, 'over')
    >>> solo_game({"game": "kokoro", "agent": "mcts:iterations=100000"})
    Traceback (most recent call last):
    ...
    solver.engine.queries.QueryError: agent: iterations: at most 5000 a decision here, got 100000
"""

from __future__ import annotations

from typing import Any

import solver
from solver.core.agents import check_seed, make_agent
from solver.engine.queries import QueryError, queries, read_query_params
from solver.search.ai import TRUSTED_ROUNDS
from solver.web.views import game_of, public_options

DEFAULT_AGENT = "ai:time=0.1"
"""The AI (``best_move``'s default, guarded by greedy) at a tenth of a second a turn: a whole game
in one to four seconds, where MCTS at 200 iterations, the default before, played below greedy in
Go Goa and Kokoro (``docs/ai.md``)."""

MAX_SECONDS = 1.0
"""The longest time an agent may think a decision (``time=``)."""

MAX_ITERATIONS = 5000
"""The most MCTS iterations a decision (``iterations=``)."""

MAX_DEPTH = 2
"""The deepest expectimax search without a time limit (``depth=``)."""

MAX_PLAYOUTS = 200
"""The most simulated games per first action (``playouts=``)."""

MAX_ROUNDS = TRUSTED_ROUNDS
"""The most rounds of greedy's playouts a decision (the ``ai`` agent's ``rounds=``): the fewest
with which they may overrule greedy. KOI's playouts are the slowest: at the start of a solo game
16 rounds took 1.4 s for the turn's first decision and 2.9 s for the whole turn."""


def check_agent(spec: Any) -> str:
    """An agent spec (``make_agent``'s) whose budget a web request can afford.

    Raises:
        SolverError: naming ``agent``.
    """
    spec = queries.string(spec, "agent", 200)
    if any(option.partition("=")[0] == "params" for option in spec.split(":")[1:]):
        raise QueryError("agent", "params: give the parameters as the request's params object, not a file")
    agent = make_agent(spec, field="agent")
    budget = getattr(agent, "budget", {})  # the ai agent keeps its budget as best_move takes it
    seconds = getattr(agent, "seconds", budget.get("time_limit"))
    if seconds is not None and seconds > MAX_SECONDS:
        raise QueryError(
            "agent", f"time: at most {MAX_SECONDS:g} s a decision here, got {seconds:g}"
        )
    limits = (("iterations", MAX_ITERATIONS), ("playouts", MAX_PLAYOUTS), ("rounds", MAX_ROUNDS))
    limits += (("depth", MAX_DEPTH),) if seconds is None else ()
    for key, most in limits:
        value = getattr(agent, key, budget.get(key))
        if value is not None and value > most:
            unbounded = " without a time limit" if key == "depth" else ""
            raise QueryError(
                "agent", f"{key}: at most {most} a decision{unbounded} here, got {value}"
            )
    return spec


def solo_game(body: dict[str, Any]) -> dict[str, Any]:
    """A solo game (``players`` 1) played by ``agent`` with ``seed``: ``initial`` (the first
    position), ``steps`` (each ``player``, ``action``, ``text``, and the ``position`` after it),
    and the final ``scores`` and ``title``; ``params``, a parameters file's object, for the agent."""
    options = queries.object(body.get("options", {}), "options")
    if options.get("players", 1) != 1:
        raise QueryError(
            "options.players", f"a solo game is for 1 player, got {options['players']!r}"
        )
    name, game = game_of({**body, "options": {**options, "players": 1}})
    seed = check_seed(body.get("seed", 0))
    spec = check_agent(body.get("agent", DEFAULT_AGENT))
    params = read_query_params(body["params"]) if "params" in body else None
    seen: list[tuple[int, int, str, dict[str, Any]]] = []

    def keep(state: Any, action: int) -> None:
        seen.append(
            (state.current_player(), action, state.action_to_string(action), state.to_json())
        )

    record = solver.play(game, [spec], seed=seed, on_step=keep, params=params)
    after = [position for *_, position in seen[1:]] + [record.final]
    return {
        "game": name,
        "options": public_options(game),
        "seed": seed,
        "agent": spec,
        "initial": seen[0][3] if seen else record.final,
        "steps": [
            {"player": p, "action": a, "text": text, "position": position}
            for (p, a, text, _), position in zip(seen, after)
        ],
        "scores": record.scores,
        "title": record.title,
    }
