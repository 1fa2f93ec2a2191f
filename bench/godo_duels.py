"""2-player GODŌ strength: the AI's whole turns, searched by ``solver.best_move``, against a baseline.

    PYTHONPATH=. python bench/godo_duels.py --games 100                    # 0.3 s a turn
    PYTHONPATH=. python bench/godo_duels.py --games 10 --iterations 600    # a fixed budget a decision

Plays ``--games`` seeded 2-player games against each of ``--opponents`` (agent specs: ``random``,
``greedy``, ...), seats alternating (the AI moves first in even games). Each time the AI is to move,
``best_move(state, time_limit=--time, seed=...)`` searches its whole turn (each decision in turn,
until a chance event or the other player's decision, such as using the tokens the AI shares) and
the turn's actions are played. ``--iterations`` bounds each decision instead of the clock, so the
numbers do not depend on the machine's load (for tuning); the issue's measure is ``--time 0.3``.
For tuning, ``--workers`` sets the search's trees (default: every core), ``--params`` MCTS's
parameters (``mcts.DEFAULT_PARAMS``: exploration, rollout cutoff, guided candidates, epsilon,
finish, chance width; GODŌ ships its own for 2-5 players, ``layout.MULTIPLAYER_MCTS_PARAMS``) and
``--heuristic`` the GODŌ heuristic's weights for both sides (``layout.HEURISTIC_PARAMS``, set in
this process only; the greedy baseline reads them too)::

    PYTHONPATH=. python bench/godo_duels.py --games 10 --iterations 300 --workers 1 \
        --opponents greedy --heuristic 0.35,2,0.8,1.0,0.3

Game ``k`` uses seed ``--seed + k`` for the draws, the opponent and the search. Prints each game as
it ends, then the AI's wins per opponent (a shared victory counts half) with the 95% Wilson
interval, and the mean journal score of both sides at the end (10 per mastered virtue, else the
spaces its token went).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

from _machine import describe, machine_info

import solver
from solver.core.agents import derive_seed, make_agent
from solver.core.play import sample_chance
from solver.games.godo.layout import HEURISTIC_PARAMS
from solver.report import wilson_interval


@dataclass
class Duel:
    """One 2-player game of the AI against an opponent."""

    opponent: str
    seed: int
    seat: int  # the AI's seat
    share: float  # the AI's share of the win: 1, 0.5 (a shared victory) or 0
    scores: list[int]  # journal scores by seat at the end
    ai_turns: int
    seconds: float  # the AI's search time, in all


def play_duel(game: Any, opponent: str, seed: int, seat: int, budget: dict[str, Any]) -> Duel:
    """One seeded game: the AI (``best_move`` with ``budget``) in ``seat``, ``opponent`` in the other."""
    rng = random.Random(seed)
    other = make_agent(opponent, seed=derive_seed(seed, 1000, 2 - seat))
    state = game.new_initial_state()
    turns, seconds = 0, 0.0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        elif state.current_player() == seat:
            decision = solver.best_move(state, seed=derive_seed(seed, 1000, turns), **budget)
            turns, seconds = turns + 1, seconds + decision.stats["seconds"]
            for action in decision.actions:
                state.apply_action(action)
        else:
            state.apply_action(other.step(state))
    return Duel(opponent, seed, seat, state.returns()[seat], state.scores(), turns, seconds)


def summarize(duels: list[Duel]) -> dict[str, Any]:
    """Wins (a shared victory counts half), the Wilson interval and mean scores, for one opponent."""
    won = sum(d.share for d in duels)
    low, high = wilson_interval(won, len(duels))
    return {
        "games": len(duels),
        "ai_wins": won,
        "interval": [low, high],
        "ai_score": statistics.mean(d.scores[d.seat] for d in duels),
        "opponent_score": statistics.mean(d.scores[1 - d.seat] for d in duels),
        "seconds_per_turn": sum(d.seconds for d in duels) / max(1, sum(d.ai_turns for d in duels)),
    }


def floats(text: str) -> list[float]:
    """Comma-separated numbers, e.g. ``0.35,2,0.8,0.5,0.3``."""
    return [float(x) for x in text.split(",")]


def main(argv: list[str] | None = None) -> int:
    """Play the duels and print (or with ``--json`` dump) the AI's results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per opponent")
    parser.add_argument(
        "--seed", type=int, default=100, help="the first seed (default: %(default)s)"
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--time", type=float, default=0.3, help="seconds per AI turn")
    budget.add_argument("--iterations", type=int, help="MCTS iterations per decision, not time")
    parser.add_argument("--workers", type=int, help="search trees (default: every core)")
    parser.add_argument("--params", type=floats, help="MCTS parameters, comma-separated")
    parser.add_argument("--heuristic", type=floats, help="GODŌ heuristic weights, comma-separated")
    parser.add_argument("--opponents", default="random,greedy", help="opponent agent specs")
    parser.add_argument("--pack", default="reference", help="a pack name or file")
    parser.add_argument(
        "--backend", default="numba", help="the game backend (default: %(default)s)"
    )
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)
    info = machine_info()
    game = solver.load_game("godo", players=2, pack=args.pack, backend=args.backend)
    budget: dict[str, Any] = (
        {"iterations": args.iterations} if args.iterations else {"time_limit": args.time}
    )
    budget.update({k: v for k, v in [("workers", args.workers), ("params", args.params)] if v})
    if args.heuristic:
        HEURISTIC_PARAMS[:] = args.heuristic
    results: dict[str, list[Duel]] = {}
    started = time.perf_counter()
    for opponent in filter(None, args.opponents.split(",")):
        results[opponent] = []
        for k in range(args.games):
            duel = play_duel(game, opponent, args.seed + k, k % 2, budget)
            results[opponent].append(duel)
            won = sum(d.share for d in results[opponent])
            print(
                f"vs {opponent} {k + 1}/{args.games}: seed {duel.seed}, AI seat {duel.seat}, "
                f"share {duel.share:g}, scores {duel.scores} (AI {won:g}/{k + 1}, "
                f"{time.perf_counter() - started:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    summary = {opp: summarize(duels) for opp, duels in results.items()}
    if args.json:
        games = [asdict(d) for duels in results.values() for d in duels]
        print(json.dumps({"command": " ".join(sys.argv), "budget": budget, "machine": info,
                          "heuristic": HEURISTIC_PARAMS.tolist(), "summary": summary, "games": games},
                         indent=1))  # fmt: skip
        return 0
    for line in describe(info):
        print(line)
    print(f"pack {args.pack}, backend {args.backend}, AI: best_move with {budget} a turn, "
          f"heuristic {HEURISTIC_PARAMS.tolist()}")  # fmt: skip
    for opp, s in summary.items():
        low, high = s["interval"]
        print(
            f"  vs {opp}: {s['ai_wins']:g}/{s['games']} won (95% {low:.0%}-{high:.0%}), "
            f"mean journal score AI {s['ai_score']:.1f}, {opp} {s['opponent_score']:.1f}, "
            f"{s['seconds_per_turn']:.2f} s a turn"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
