"""Rounds a second of the AI's round-playing searchers, on one worker and on every core.

    python bench/parallel_rounds.py [--games kokoro,koi] [--players 1,2] [--scale 2]

The AI plays Go Goa by foresight of the dice and Kokoro and KOI by greedy's playouts
(``solver.search.ai.PLANS``): rounds, each judging every candidate once. Their searchers play the
rounds in batches over worker threads (``SimulationSearcher.BATCH`` rounds a thread) and sum them in
the rounds' order. For each game and player count, from the first decision of a seeded game (numba
backend), the plan's searcher plays the same number of rounds (``ROUNDS`` times ``--scale``) with
one worker and with one a core, each timed after an untimed round that compiles or loads the code,
and the two runs are checked to value every candidate alike. Prints the rounds a second of each and
the ratio: at a time budget, the rounds the AI plays (``docs/ai.md``, "Speed").
"""

from __future__ import annotations

import argparse
import os
import time

from _machine import describe, machine_info

import solver
from solver.search.ai import MULTI, PLANS, SOLO
from solver.search.searcher import ForesightSearcher, SimulationSearcher

GAMES = ("gogoa", "kokoro", "koi")
SEED = 7
ROUNDS = {"gogoa": 24, "kokoro": 160, "koi": 32}
"""Rounds a timed run plays, by game: about half a second on one core of the machine of docs/ai.md."""
ROW = "{:<8} {:>7} {:>7} {:>13} {:>13} {:>6}"


def timed(game_name: str, players: int, rounds: int, workers: int) -> tuple[float, list[float]]:
    """The seconds the plan's searcher takes for ``rounds`` rounds from the first decision of
    ``game_name`` with ``workers`` threads, and the values it finds."""
    state = solver.load_game(game_name, players=players, backend="numba").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    plan = PLANS[game_name, SOLO if players == 1 else MULTI]
    kind = ForesightSearcher if plan.searcher == "foresight" else SimulationSearcher
    searcher = kind(state.kernel_state(), seed=SEED, width=plan.width, workers=workers)
    try:
        searcher.run(depth=1)
        start = time.perf_counter()
        stats = searcher.run(depth=rounds + 1)
        return time.perf_counter() - start, stats.values
    finally:
        searcher.close()


def main() -> None:
    flags = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    flags.add_argument("--scale", type=float, default=1.0, help="the rounds of a run, times ROUNDS")
    flags.add_argument("--games", default=",".join(GAMES))
    flags.add_argument("--players", default="1,2")
    args = flags.parse_args()
    cores = os.cpu_count() or 1
    for line in describe(machine_info()):
        print(line)
    print(f"backend: numba; the AI's searcher from each game's first decision, 1 worker and {cores}")
    print(ROW.format("game", "players", "rounds", "1 worker /s", f"{cores} workers /s", "ratio"))
    for game_name in args.games.split(","):
        for players in (int(p) for p in args.players.split(",")):
            rounds = max(1, round(ROUNDS[game_name] * args.scale))
            one, values = timed(game_name, players, rounds, 1)
            many, same = timed(game_name, players, rounds, cores)
            if same != values:
                raise SystemExit(f"{game_name}, {players} player(s): {cores} workers valued the candidates otherwise")
            cells = (game_name, players, rounds, f"{rounds / one:.1f}", f"{rounds / many:.1f}", f"{one / many:.2f}")
            print(ROW.format(*cells), flush=True)


if __name__ == "__main__":
    main()
