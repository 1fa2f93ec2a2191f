"""Speed of greedy's playouts, the games the AI judges its candidates by, in every game.

    python bench/greedy_playouts.py [--games godo,kokoro] [--players 1,2] [--scale 2]

For each game and player count, from the first decision of a seeded game (numba backend, one
core): whole games played out after each of four legal actions by ``simulation.simulate``, every
decision greedy's (``greedy.choose``: the turn finished on the heuristic for each legal action)
and chance by its odds, a fixed number of playouts per game (``PLAYOUTS``, times ``--scale``)
timed three times. Prints greedy's playouts a second (the best run), the milliseconds a playout,
and the means they gave, so that a change meant only to be faster can be checked to play the same
games: same counts and seeds, same means. At one second a turn the AI plays about as many rounds
of its candidates as this rate allows (``docs/ai.md``, "Speed").
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from _machine import describe, machine_info

import solver
from solver.search.settings import settings
from solver.search.simulation import make_simulation
from solver.search.streams import stream_of

GAMES = ("godo", "gogoa", "kokoro", "koi")
CANDIDATES = 4
SEED = 7
PLAYOUTS = {"godo": 64, "gogoa": 8, "kokoro": 512, "koi": 32}
"""Playouts per candidate a timed run plays, by game: about a second on the machine of docs/ai.md."""
ROW = "{:<8} {:>7} {:>11} {:>8} {:>9}"


def rate(game_name: str, players: int, playouts: int) -> tuple[float, list[float]]:
    """Greedy's playouts a second from the first decision of ``game_name`` (the best of three
    timed runs of the same ``playouts`` per candidate, after one untimed run that compiles or
    loads the code), and each candidate's mean return."""
    state = solver.load_game(game_name, players=players, backend="numba").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    kstate = state.kernel_state()
    simulate = make_simulation(kstate.search_kernel())
    heuristic = settings(kstate, None, "greedy")[0]
    stream = stream_of(kstate.layout.weights.GAME)
    actions = np.array(state.legal_actions()[:CANDIDATES], np.int64)
    means = np.zeros(len(actions))
    simulate(kstate.array, actions[:1], 1, heuristic, SEED, stream, means[:1])
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        simulate(kstate.array, actions, playouts, heuristic, SEED, stream, means)
        best = min(best, time.perf_counter() - start)
    return playouts * len(actions) / best, means.tolist()


def main() -> None:
    flags = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    flags.add_argument("--scale", type=float, default=1.0, help="the playouts of a run, times PLAYOUTS")
    flags.add_argument("--games", default=",".join(GAMES))
    flags.add_argument("--players", default="1,2")
    args = flags.parse_args()
    for line in describe(machine_info()):
        print(line)
    print("backend: numba, one core; greedy's playouts (simulation.simulate) from each game's first decision")
    header = ("game", "players", "playouts/s", "ms each", "playouts")
    print(ROW.format(*header), f" means of the first {CANDIDATES} actions")
    for game_name in args.games.split(","):
        for players in (int(p) for p in args.players.split(",")):
            played = max(1, round(PLAYOUTS[game_name] * args.scale))
            per_second, means = rate(game_name, players, played)
            cells = (game_name, players, f"{per_second:.1f}", f"{1000 / per_second:.2f}", played * CANDIDATES)
            print(ROW.format(*cells), " " + ", ".join(f"{m:.6f}" for m in means), flush=True)

if __name__ == "__main__":
    main()
