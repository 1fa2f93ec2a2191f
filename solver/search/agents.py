"""Agents that search: ``ai`` (what ``solver.best_move`` plays), ``mcts``, ``expectimax`` and the
``greedy`` baseline.

Importing this module registers them with ``solver.core.agents.make_agent``, so a spec such as
``"ai:time=1"``, ``"mcts:time=0.5"`` or ``"expectimax:depth=3:cutoff=0.02"`` names an agent
anywhere agents are taken (``solver.play``, ``solver play --agents``, ``solver arena``);
``make_agent`` checks the options (``solver.core.agents.OPTIONS``) and the seed, so the classes
take checked values.
``greedy`` and ``expectimax`` take ``playouts=N``: their first decision of a game (Go Goa: the
tour plans to keep) is chosen by N simulated games per action (``solver.search.simulation``).
``greedy`` takes ``lookahead=N`` for games whose heuristic looks ahead (Go Goa: days of routes).
``ai``'s ``time`` is seconds a turn, as ``best_move``'s ``time_limit`` (1 by default); the other
agents' are seconds a decision.
Every one takes ``params=FILE``: a parameters file (``solver.core.params``) with the heuristic's
weights and (MCTS) the search's constants to play with; an option given in the spec itself
(``explore=0.5``) wins over the file.

    >>> from solver.core.agents import make_agent
    >>> make_agent("mcts:iterations=200:workers=1", seed=1).name
    'mcts'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.core.agents import AGENTS, derive_seed
from solver.core.params import Params
from solver.search import mcts
from solver.search.decision import best_move
from solver.search.greedy import make_greedy
from solver.search.searcher import (
    ExpectimaxSearcher,
    MCTSSearcher,
    RootStats,
    capacity_for,
    table_bits_for,
)
from solver.search.settings import heuristic_params, settings
from solver.search.simulation import best_by_simulation


def _searched(stats: RootStats, legal: list[int]) -> int:
    """The best action a search found; the first legal one if its time allowed no search at all
    (a time budget below the cost of one iteration or one depth)."""
    return stats.best if stats.actions else legal[0]


class OpeningBySimulation:
    """With ``playouts``, the first decision an agent takes in a game is the action whose simulated
    games (``playouts`` per action, ``solver.search.simulation``) end best: a bet on the whole game
    that a short search cannot judge. An agent plays one game (as ``solver.play`` makes them)."""

    lookahead: int | None = None

    def __init__(self, seed: int, playouts: int | None, params: Params | None) -> None:
        self.seed = seed
        self.playouts = playouts
        self.params = params
        self.opened = False
        self._weights: tuple[tuple[int, int], np.ndarray] | None = None

    def weights(self, kstate: Any) -> np.ndarray:
        """The heuristic weights this agent plays ``kstate``'s game with (``heuristic_params``),
        worked out at its first decision: every decision of a game (its pack and player count)
        takes the same, and a greedy decision is too short to look them up each time."""
        key = (id(kstate.pack), kstate.players)
        if self._weights is None or self._weights[0] != key:
            self._weights = key, heuristic_params(kstate, self.params, self.lookahead, self.name)
        return self._weights[1]

    def opening(self, state: Any) -> int | None:
        """The simulated choice at the first decision with a choice (if ``playouts`` is set)."""
        if self.opened or not self.playouts or len(state.legal_actions()) < 2:
            return None
        self.opened = True
        heuristic = heuristic_params(state.kernel_state(), self.params, agent=self.name)
        return best_by_simulation(state, self.playouts, derive_seed(self.seed), heuristic)[0]


class AIAgent:
    """Plays what ``solver.best_move`` returns with no algorithm named (``solver.search.ai``): the
    whole turn is searched at its first decision, ``time`` seconds in all (one by default), and
    its actions are played while the game follows the turn searched; a decision it did not foresee
    (after chance, another player's move) is searched anew. ``iterations``, ``depth`` or ``rounds``
    bound each decision instead, as ``best_move`` takes them (MCTS, expectimax or greedy's playouts,
    still guarded): budgets that repeat on any machine, for measuring and tuning."""

    name = "ai"

    def __init__(self, seed: int = 0, time: float | None = None, iterations: int | None = None,
                 depth: int | None = None, rounds: int | None = None, workers: int | None = None,
                 params: Params | None = None) -> None:  # fmt: skip
        self.seed = seed
        self.budget = {"time_limit": time, "iterations": iterations, "depth": depth, "rounds": rounds}
        if time is None and iterations is None and depth is None and rounds is None:
            self.budget["time_limit"] = 1.0
        self.workers = workers
        self.params = params
        self.turns = 0
        self.planned: list[tuple[np.ndarray, int]] = []  # (the state before, the action) still to play

    def step(self, state: Any) -> int:
        kstate = state.kernel_state()
        if self.planned and np.array_equal(self.planned[0][0], kstate.array):
            return self.planned.pop(0)[1]
        self.turns += 1
        decision = best_move(state, seed=derive_seed(self.seed, 7919, self.turns), workers=self.workers,
                             params=self.params, **self.budget)  # fmt: skip
        walker, self.planned = kstate.clone(), []
        for action in decision.actions:
            self.planned.append((walker.array.copy(), action))
            walker.apply_legal_action(action)
        return self.planned.pop(0)[1]


class MCTSAgent:
    """Plays the most visited action of an MCTS run at each decision.

    When the next decision follows straight on from its own last action (the same turn, no chance
    event between), the search goes on in the subtree it already built (tree reuse).
    """

    name = "mcts"

    def __init__(self, seed: int = 0, time: float | None = None, iterations: int | None = None,
                 workers: int | None = None, explore: float | None = None, rollout: int | None = None,
                 guided: int | None = None, finish: int | None = None,
                 chance: float | None = None, normalize: int | None = None,
                 params: Params | None = None) -> None:  # fmt: skip
        self.seed = seed
        self.params = params
        self.seconds = time
        self.iterations = iterations if iterations is not None or time is not None else 1000
        self.workers = workers
        self.options = ((mcts.P_EXPLORATION, explore), (mcts.P_ROLLOUT_CUTOFF, rollout), (mcts.P_GUIDED, guided),
                        (mcts.P_FINISH, finish), (mcts.P_CHANCE_WIDTH, chance), (mcts.P_NORMALIZE, normalize))  # fmt: skip
        self.decisions = 0
        self.searcher: MCTSSearcher | None = None

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        kstate = state.kernel_state()
        if self.searcher is None or not np.array_equal(self.searcher.state, kstate.array):
            if self.searcher is not None:
                self.searcher.close()
            self.decisions += 1
            heuristic, params = settings(kstate, self.params, self.name)
            for index, value in self.options:
                if value is not None:
                    params[index] = value
            self.searcher = MCTSSearcher(kstate, seed=derive_seed(self.seed, 7919, self.decisions),
                                         workers=self.workers, params=params, heuristic=heuristic,
                                         capacity=capacity_for(None if self.iterations else self.seconds))  # fmt: skip
        action = legal[0] if len(legal) == 1 else _searched(self.searcher.run(self.iterations, self.seconds), legal)
        self.searcher.advance(action)
        return action


class ExpectimaxAgent(OpeningBySimulation):
    """Plays the best valued action of an expectimax search at each decision."""

    name = "expectimax"

    def __init__(self, seed: int = 0, time: float | None = None, depth: int | None = None,
                 cutoff: float = 0.01, playouts: int | None = None,
                 params: Params | None = None) -> None:  # fmt: skip
        super().__init__(seed, playouts, params)
        self.seconds = time
        self.depth = depth if depth is not None or time is not None else 2
        self.cutoff = cutoff
        self.decisions = 0

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        opening = self.opening(state)
        if opening is not None:
            return opening
        self.decisions += 1
        kstate = state.kernel_state()
        searcher = ExpectimaxSearcher(kstate, cutoff=self.cutoff, heuristic=self.weights(kstate),
                                      seed=derive_seed(self.seed, 7919, self.decisions),
                                      table_bits=table_bits_for(None if self.depth else self.seconds))  # fmt: skip
        return _searched(searcher.run(depth=self.depth, seconds=self.seconds), legal)


class GreedyAgent(OpeningBySimulation):
    """One turn of lookahead on the game's heuristic (see ``solver.search.greedy``)."""

    name = "greedy"

    def __init__(self, seed: int = 0, playouts: int | None = None, lookahead: int | None = None,
                 params: Params | None = None) -> None:  # fmt: skip
        super().__init__(seed, playouts, params)
        self.lookahead = lookahead

    def step(self, state: Any) -> int:
        opening = self.opening(state)
        if opening is not None:
            return opening
        kstate = state.kernel_state()
        return int(make_greedy(kstate.search_kernel())(kstate.array, self.weights(kstate)))


AGENTS.update({"ai": AIAgent, "mcts": MCTSAgent, "expectimax": ExpectimaxAgent, "greedy": GreedyAgent})
