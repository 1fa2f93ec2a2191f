"""Agents that search: ``mcts``, ``expectimax`` and the ``greedy`` baseline.

Importing this module registers them with ``solver.core.agents.make_agent``, so a spec such as
``"mcts:time=0.5"`` or ``"expectimax:depth=3:cutoff=0.02"`` names an agent anywhere agents are
taken (``solver.play``, ``solver play --agents``, ``solver arena``).

    >>> from solver.core.agents import make_agent
    >>> make_agent("mcts:iterations=200:workers=1", seed=1).name
    'mcts'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.core.agents import AGENTS
from solver.search import mcts
from solver.search.greedy import make_greedy
from solver.search.searcher import ExpectimaxSearcher, MCTSSearcher


class MCTSAgent:
    """Plays the most visited action of an MCTS run at each decision.

    When the next decision follows straight on from its own last action (the same turn, no chance
    event between), the search goes on in the subtree it already built (tree reuse).
    """

    name = "mcts"

    def __init__(self, seed: int | None = None, time: float | None = None, iterations: int | None = None,
                 workers: int | None = None, explore: float | None = None, rollout: int | None = None,
                 guided: int | None = None) -> None:  # fmt: skip
        self.seed = seed or 0
        self.seconds = time
        self.iterations = iterations if iterations is not None or time is not None else 1000
        self.workers = workers
        self.params = mcts.DEFAULT_PARAMS.copy()
        for index, value in ((mcts.P_EXPLORATION, explore), (mcts.P_ROLLOUT_CUTOFF, rollout), (mcts.P_GUIDED, guided)):
            if value is not None:
                self.params[index] = value
        self.decisions = 0
        self.searcher: MCTSSearcher | None = None

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        kstate = state.kernel_state()
        if self.searcher is None or not np.array_equal(self.searcher.state, kstate.array):
            if self.searcher is not None:
                self.searcher.close()
            self.decisions += 1
            self.searcher = MCTSSearcher(kstate, seed=self.seed * 7919 + self.decisions, workers=self.workers,
                                         params=self.params)  # fmt: skip
        action = legal[0] if len(legal) == 1 else self.searcher.run(self.iterations, self.seconds).best
        self.searcher.advance(action)
        return action


class ExpectimaxAgent:
    """Plays the best valued action of an expectimax search at each decision."""

    name = "expectimax"

    def __init__(self, seed: int | None = None, time: float | None = None, depth: int | None = None,
                 cutoff: float = 0.01) -> None:  # fmt: skip
        self.seconds = time
        self.depth = depth if depth is not None or time is not None else 2
        self.cutoff = cutoff
        self.seed = seed or 0
        self.decisions = 0

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self.decisions += 1
        searcher = ExpectimaxSearcher(state.kernel_state(), cutoff=self.cutoff, seed=self.seed * 7919 + self.decisions)
        return searcher.run(depth=self.depth, seconds=self.seconds).best


class GreedyAgent:
    """One turn of lookahead on the game's heuristic (see ``solver.search.greedy``)."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def step(self, state: Any) -> int:
        kstate = state.kernel_state()
        kernel = kstate.search_kernel()
        return int(make_greedy(kernel)(kstate.array, kernel.HEURISTIC_PARAMS))


AGENTS.update({"mcts": MCTSAgent, "expectimax": ExpectimaxAgent, "greedy": GreedyAgent})
