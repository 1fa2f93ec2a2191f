"""Speed of greedy's playouts, the games the AI judges its candidates by, in every game.

    python bench/greedy_playouts.py [--games godo,kokoro] [--players 1,2] [--scale 2]

For each game and player count, from the first decision of a seeded game (numba backend, one
core): ``simulation.best_by_simulation``, whole games played out after every legal action, every
decision greedy's (``greedy.choose``: the turn finished on the heuristic for each legal action)
and chance by its odds, a fixed number of playouts per action (``PLAYOUTS``, times ``--scale``),
timed three times after one untimed call that compiles or loads the code. Prints greedy's
playouts a second (the best run), the milliseconds a playout, and the means of the first four
actions, so that a change meant only to be faster can be checked to play the same games: same
counts and seeds, same means. At one second a turn the AI plays about as many rounds of its
candidates as this rate allows (``docs/ai.md``, "Speed").
"""

from __future__ import annotations

import argparse
import time

from _machine import describe, machine_info

import solver
from solver.search.simulation import best_by_simulation

GAMES = ("godo", "gogoa", "kokoro", "koi")
SHOWN = 4  # the actions whose means are printed
SEED = 7
PLAYOUTS = {"godo": 20, "gogoa": 4, "kokoro": 48, "koi": 32}
"""Playouts per legal action a timed run plays, by game: about a second on the machine of docs/ai.md."""
ROW = "{:<8} {:>7} {:>11} {:>8} {:>9}"


def rate(game_name: str, players: int, playouts: int) -> tuple[float, int, list[float]]:
    """Greedy's playouts a second from the first decision of ``game_name`` (the best of three
    timed runs of ``playouts`` per legal action), how many one run plays, and every action's mean
    return."""
    state = solver.load_game(game_name, players=players, backend="numba").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    best_by_simulation(state, 1, SEED)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        _, means = best_by_simulation(state, playouts, SEED)
        best = min(best, time.perf_counter() - start)
    played = playouts * len(means)
    return played / best, played, list(means.values())


def main() -> None:
    flags = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    flags.add_argument("--scale", type=float, default=1.0, help="the playouts of a run, times PLAYOUTS")
    flags.add_argument("--games", default=",".join(GAMES))
    flags.add_argument("--players", default="1,2")
    args = flags.parse_args()
    for line in describe(machine_info()):
        print(line)
    print("backend: numba, one core; greedy's playouts (simulation.best_by_simulation) from each game's first decision")
    header = ("game", "players", "playouts/s", "ms each", "playouts")
    print(ROW.format(*header), f" means of the first {SHOWN} actions")
    for game_name in args.games.split(","):
        for players in (int(p) for p in args.players.split(",")):
            played = max(1, round(PLAYOUTS[game_name] * args.scale))
            per_second, runs, means = rate(game_name, players, played)
            cells = (game_name, players, f"{per_second:.1f}", f"{1000 / per_second:.2f}", runs)
            print(ROW.format(*cells), " " + ", ".join(f"{m:.6f}" for m in means[:SHOWN]), flush=True)


if __name__ == "__main__":
    main()
