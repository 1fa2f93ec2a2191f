"""solver: fast AI for modern tabletop games (GODŌ: The Five Paths first).

    >>> import solver
    >>> game = solver.load_game("godo", players=2)
    >>> record = solver.play(game, "random", seed=1)
    >>> len(record.returns)
    2
"""

from solver.api import GAMES, backends, load_game, random_playouts
from solver.core.agents import RandomAgent, make_agent
from solver.core.errors import (
    GameRecordError,
    IllegalActionError,
    PackError,
    ParamsError,
    PositionError,
    SearchError,
    SolverError,
    UnknownGameError,
)
from solver.core.params import Params, read_params
from solver.core.perft import divide, perft
from solver.core.play import GameRecord, play
from solver.core.players import CHANCE, TERMINAL
from solver.review.record import SavedGame, read_game
from solver.search import agents as _search_agents  # noqa: F401  (registers mcts, expectimax, greedy)
from solver.search.decision import Decision, analyse, best_move

__all__ = [
    "CHANCE",
    "Decision",
    "SearchError",
    "analyse",
    "backends",
    "best_move",
    "GAMES",
    "TERMINAL",
    "GameRecord",
    "GameRecordError",
    "IllegalActionError",
    "PackError",
    "Params",
    "ParamsError",
    "PositionError",
    "RandomAgent",
    "SolverError",
    "UnknownGameError",
    "divide",
    "load_game",
    "make_agent",
    "perft",
    "play",
    "random_playouts",
    "read_game",
    "read_params",
    "SavedGame",
]
__version__ = "0.1.0"
