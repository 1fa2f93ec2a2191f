"""The ``solver`` command: play games, count moves, read positions. Every command takes ``--json``.

    solver games
    solver play godo --players 3 --agents random --seed 1
    solver perft godo --players 2 --seed 1 --walk 40 --depth 3 --json --backend numba
    solver show godo --position pos.json

Bad input (an unknown game, a broken pack, a malformed position) prints ``error: <field>: <what>``
(or ``{"error": ...}`` with ``--json``) and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

import solver
from solver.core.errors import SolverError
from solver.core.perft import divide, perft, walk


def _load(args: argparse.Namespace) -> Any:
    return solver.load_game(
        args.game, players=args.players, variant=args.variant, pack=args.pack, backend=args.backend
    )


def _emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False) if args.json else text)


def cmd_games(args: argparse.Namespace) -> int:
    games = []
    for name in sorted(solver.GAMES):
        info = solver.api.game_class(name).info
        games.append({"name": name, "title": info.title, "players": [info.min_players, info.max_players]})
    text = "\n".join(f"{g['name']:8} {g['title']} ({g['players'][0]}-{g['players'][1]} players)" for g in games)
    _emit(args, {"games": games}, text)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = _load(args)
    agents = args.agents.split(",")
    if len(agents) == 1:
        agents *= game.players
    lines: list[str] = []

    def show(state: Any, action: int) -> None:
        if state.is_chance_node():
            lines.append(f"  chance: {state.action_to_string(action)}")
            return
        lines.append(f"player {state.current_player()}: {state.action_to_string(action)}")

    start = time.perf_counter()
    record = solver.play(game, agents, seed=args.seed, on_step=None if args.quiet else show)
    seconds = time.perf_counter() - start
    data = {"game": args.game, **game.options(), "seconds": round(seconds, 3), **record.to_json()}
    if not args.moves:
        data.pop("actions")
    if args.json:
        _emit(args, data, "")
        return 0
    if game.solo:
        result = f"won: {record.title}" if record.winners else "lost: GODŌ was not mastered"
    else:
        result = "winner" + ("s" if len(record.winners) > 1 else "") + ": " + ", ".join(
            f"player {p}" for p in record.winners
        )
    lines += [
        "",
        f"{args.game}, {game.players} player(s), seed {args.seed}: {record.steps} steps in {seconds:.2f} s",
        f"scores: {record.scores}",
        result,
    ]
    print("\n".join(lines))
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    game = _load(args)
    state = walk(game.new_initial_state(), args.walk, args.seed)
    start = time.perf_counter()
    if args.divide:
        split = divide(state, args.depth)
        count = sum(split.values())
    else:
        split, count = {}, perft(state, args.depth)
    seconds = time.perf_counter() - start
    data = {
        "game": args.game, **game.options(), "seed": args.seed, "walk": args.walk, "depth": args.depth,
        "phase": getattr(state, "phase", None), "nodes": count, "seconds": round(seconds, 3),
    }  # fmt: skip
    if split:
        data["divide"] = {str(a): n for a, n in split.items()}
    text = "\n".join(
        [f"{state.action_to_string(a)} ({a}): {n}" for a, n in split.items()]
        + [f"perft depth {args.depth} after {args.walk} steps (seed {args.seed}): {count} ({seconds:.2f} s)"]
    )
    _emit(args, data, text)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    game = _load(args)
    try:
        with open(args.position, encoding="utf-8") as handle:
            obj = json.load(handle)
    except OSError as exc:
        raise solver.PositionError("position", f"cannot read {args.position}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise solver.PositionError("position", f"{args.position} is not valid JSON: {exc}") from None
    state = game.state_from_json(obj, seed=args.seed)
    if args.observer is not None and not 0 <= args.observer < game.players:
        raise solver.PositionError("observer", f"expected a player from 0 to {game.players - 1}, got {args.observer}")
    actions = state.legal_actions()
    data = {
        "position": state.to_json(observer=args.observer),
        "to_move": state.current_player(),
        "legal_actions": [{"action": a, "text": state.action_to_string(a)} for a in actions],
        "scores": state.scores(),
    }
    text = "\n".join(
        [str(state), f"scores: {state.scores()}", f"{len(actions)} legal action(s):"]
        + [f"  {a:>8}  {state.action_to_string(a)}" for a in actions]
    )
    _emit(args, data, text)
    return 0


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a game name (see `solver games`)")
    parser.add_argument("--players", type=int, default=2, help="number of players (1 = solo)")
    parser.add_argument("--variant", action="store_true", help="play the game's variant rules")
    parser.add_argument("--pack", default=None, help="a component pack (JSON file) instead of the reference pack")
    parser.add_argument("--seed", type=int, default=1, help="the seed of every random choice")
    parser.add_argument("--backend", default="reference", help="reference (plain Python) or numba")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="solver", description="Fast AI for modern tabletop games.")
    parser.add_argument("--version", action="version", version=f"solver {solver.__version__}")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--json", action="store_true", help="print JSON instead of text")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", parents=[common], help="list the games")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("play", parents=[common], help="play a whole game between agents")
    _game_options(p)
    p.add_argument("--agents", default="random", help="comma-separated agents, one per seat, or one for all")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    p.add_argument("--moves", action="store_true", help="include every action in the JSON output")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("perft", parents=[common], help="count action sequences after a seeded walk")
    _game_options(p)
    p.add_argument("--walk", type=int, default=0, help="random steps to take first")
    p.add_argument("--depth", type=int, default=2, help="depth to count")
    p.add_argument("--divide", action="store_true", help="split the count by first action")
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("show", parents=[common], help="read a position, check it, list the legal actions")
    _game_options(p)
    p.add_argument("--position", required=True, help="a position JSON file")
    p.add_argument("--observer", type=int, default=None, help="show the position as this player sees it")
    p.set_defaults(func=cmd_show)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``solver`` console script."""
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except SolverError as exc:
        if getattr(args, "json", False):
            print(json.dumps({"error": str(exc)}))
        else:
            print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
