"""The ``solver`` command: play games, count moves, read positions. Every command takes ``--json``.

    solver games
    solver play godo --players 3 --agents random --seed 1
    solver perft godo --players 2 --seed 1 --walk 40 --depth 3 --json --backend numba
    solver show godo --position pos.json --svg pos.svg
    solver bestmove godo --position pos.json --time 2 --top 3
    solver solo godo --games 200 --time 0.5 --seed 1 --plot titles.png
    solver arena godo --players 2 --agents mcts:time=0.5,greedy --games 100 --seed 1

Bad input (an unknown game or flag, a bad number, a broken pack, a malformed position) prints
``error: <field>: <what>`` (or ``{"error": ..., "field": ...}`` on stdout with ``--json``) and exits
with status 2; argparse's own errors come out the same way. Every budget, count and seed is checked
with the library's ranges (``solver.core.agents``) before anything is played; so is a ``--record``
file (``solver.records``).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections.abc import Sequence
from typing import Any, NoReturn

import solver
from solver import records, report
from solver.core.agents import COUNT, OPTIONS, SEED_LIMIT, check_seed, make_agent
from solver.core.errors import FieldError, SearchError, SolverError, UnknownGameError
from solver.core.perft import STEPS, divide, perft, walk
from solver.core.play import random_step
from solver.core.strict_json import load_file, positions, show
from solver.engine.queries import Limits
from solver.engine.service import search_position

_TRUE, _FALSE = ("true", "yes", "1"), ("false", "no", "0")


def _option_value(key: str, text: str, default: Any) -> Any:
    """A ``--option`` value as the game takes it, by the kind of the option's default: a flag
    (true/false, yes/no or 1/0, in any case), an integer, or else the text itself."""
    if type(default) is bool:
        if text.lower() not in _TRUE + _FALSE:
            raise UnknownGameError(f"{key}: expected true/false, yes/no or 1/0, got {show(text)}")
        return text.lower() in _TRUE
    if type(default) is int:
        try:
            return int(text)
        except ValueError:
            raise UnknownGameError(f"{key}: expected an integer, got {show(text)}") from None
    return text


def _load(args: argparse.Namespace) -> Any:
    """The game named on the command line with its options (and ``--seed`` checked)."""
    known = solver.api.game_options(args.game)
    check_seed(args.seed)
    options: dict[str, Any] = {"players": args.players, "pack": args.pack, "backend": args.backend}
    if args.variant:
        options["variant"] = True
    given: set[str] = set()
    for item in args.option:
        key, sep, value = item.partition("=")
        key = key.replace("-", "_")
        if not sep or not key:
            raise SolverError(f"option: expected KEY=VALUE, got {show(item)}")
        if key in given:
            raise UnknownGameError(f"{key}: given twice")
        given.add(key)
        options[key] = _option_value(key, value, known.get(key))
    return solver.load_game(args.game, **options)


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
    agents = _specs(args.agents, "agents")
    game = _load(args)
    if len(agents) == 1:
        agents *= game.players
    lines: list[str] = []
    turns = [0]

    def show(state: Any, action: int) -> None:
        if state.is_chance_node():
            lines.append(f"    chance: {state.action_to_string(action)}")
            return
        if state.turn_start():
            turns[0] += 1
            lines.append(f"turn {turns[0]}, player {state.current_player()}:")
        lines.append(f"  player {state.current_player()}: {state.action_to_string(action)}")

    start = time.perf_counter()
    record = solver.play(game, agents, seed=args.seed, on_step=None if args.quiet else show)
    seconds = time.perf_counter() - start
    data = {"game": args.game, **game.options(), "seconds": round(seconds, 3), **record.to_json()}
    if not args.moves:
        data.pop("actions")
    if args.json:
        _emit(args, data, "")
        return 0
    if game.players == 1:
        solo = game.solo_info
        score = solo.score_of(record.final, record.scores)
        title = f", {record.title}" if record.title else ""
        if solo.can_lose and not record.winners:
            result = f"lost: {solo.score_name} {score}"
        else:
            result = ("won" if solo.can_lose else "solo") + f": {solo.score_name} {score}{title}"
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
    STEPS.check(args.walk, "walk")
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


def _read_position(args: argparse.Namespace, game: Any) -> Any:
    """The state in the ``--position`` file (hidden hands dealt with ``--seed``), read strictly
    (``solver.core.strict_json.load_file``: a FIFO, a huge file or NaN is refused)."""
    return game.state_from_json(load_file(args.position, positions, "position"), seed=args.seed)


def cmd_show(args: argparse.Namespace) -> int:
    game = _load(args)
    state = _read_position(args, game)
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
    _write_pictures(args, state)
    _emit(args, data, text)
    return 0


def _write_pictures(args: argparse.Namespace, state: Any) -> None:
    """``--svg`` / ``--png``: the picture of the position (as ``--observer`` sees it) in those files."""
    if args.svg is None and args.png is None:
        return
    from solver.render import svg

    picture = svg(state, observer=args.observer, size=args.size)
    for field in ("svg", "png"):
        if getattr(args, field) is not None:
            records.check_path(getattr(args, field), field)
    if args.svg is not None:
        records.write_atomically(args.svg, str(picture), "svg")
    if args.png is not None:
        try:
            records.write_atomically(args.png, picture.png(), "png")
        except ImportError as exc:
            raise SolverError(f"png: {exc}") from None


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from solver.web import serve
    except ImportError as exc:
        raise SolverError(f'serve: the web app needs its extra: pip install -e ".[web]" ({exc})') from None
    if not 0 <= args.port <= 65535:
        raise SolverError(f"port: expected 0 to 65535, got {args.port}")
    if args.open:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, [f"http://{args.host}:{args.port}/"]).start()
    serve(host=args.host, port=args.port)
    return 0


# -- the AI commands: bestmove, solo, arena ------------------------------------------------------


def _check_budget(args: argparse.Namespace, *flags: str) -> None:
    """Refuse, naming the flag, a budget out of the agents' ranges (``OPTIONS``); ``None``: not given."""
    for flag in flags:
        if getattr(args, flag) is not None:
            OPTIONS[flag].check(getattr(args, flag), flag)


def _seeds(args: argparse.Namespace) -> range:
    """The seeds of ``--games`` games from ``--seed`` (game g plays seed + g): every one a seed."""
    COUNT.check(args.games, "games")
    check_seed(args.seed)
    if args.seed + args.games > SEED_LIMIT:
        raise SearchError(f"games: {args.games} games from seed {args.seed} go past the last seed, {SEED_LIMIT - 1}")
    return range(args.seed, args.seed + args.games)


def _specs(text: str, field: str) -> list[str]:
    """Comma-separated agent specs, each checked by building it (errors name ``field``)."""
    specs = [spec.strip() for spec in text.split(",")]
    for spec in specs:
        make_agent(spec, field=field)
    return specs


def _with_budget(spec: str, seconds: float, iterations: int | None) -> str:
    """A searching agent's spec with ``--time`` (or ``--iterations``) added unless it has a budget."""
    name, *options = spec.split(":")
    budgets = {o.partition("=")[0] for o in options} & {"time", "iterations", "depth"}
    if name not in ("mcts", "expectimax") or budgets:
        return spec
    if iterations is None:
        return f"{spec}:time={seconds:g}"
    if name == "expectimax":
        raise SolverError(f"iterations: expectimax counts depth, not iterations; give it as {name}:depth=D")
    return f"{spec}:iterations={iterations}"


_TINY_BUDGET = {"mcts": "mcts:iterations=1:workers=1", "expectimax": "expectimax:depth=1"}


def _labels(specs: Sequence[str]) -> list[str]:
    """Names for the agents of a match; a spec that appears more than once is numbered."""
    return [f"{s} #{specs[:i].count(s) + 1}" if specs.count(s) > 1 else s for i, s in enumerate(specs)]


def _progress(args: argparse.Namespace, total: int, desc: str) -> Any:
    """A tqdm progress bar on stderr (off with ``--json`` or when stderr is not a terminal)."""
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="game", file=sys.stderr, leave=True,
                disable=args.json or not sys.stderr.isatty())  # fmt: skip


def _warm_up(game: Any, specs: Sequence[str], seed: int) -> None:
    """Compile what the agents run (numba, once per process) so that no game's time includes it."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (state.is_chance_node() or len(state.legal_actions()) < 2):
        state.apply_legal_action(random_step(state, rng))
    if state.is_terminal():
        return
    for name in dict.fromkeys(spec.split(":")[0] for spec in specs):
        make_agent(_TINY_BUDGET.get(name, name), seed=seed).step(state.clone())


def cmd_bestmove(args: argparse.Namespace) -> int:
    _check_budget(args, "time", "iterations", "depth", "workers")  # best_move checks them against the algorithm
    if args.top is not None:
        COUNT.check(args.top, "top")
    game = _load(args)
    state = _read_position(args, game)
    if state.is_terminal():
        raise SolverError(f"position: the game in {args.position} is over, there is no move to find")
    if state.is_chance_node():
        raise SolverError(f"position: {args.position} is at a chance node (a tile is drawn), not a decision")
    seconds = args.time if args.time is not None or args.iterations or args.depth else 2.0
    limits = Limits(seconds, args.iterations, args.depth, args.workers, check_seed(args.seed))
    result = search_position(state, limits, args.algorithm, multipv=args.top or 0, report_every=0)
    alternatives = result["multipv"] if args.top else None
    data = {**result, "alternatives": alternatives} if args.top else result
    _emit(args, data, "" if args.json else _bestmove_text(state, result, alternatives))
    return 0


def _bestmove_text(state: Any, result: dict[str, Any], alternatives: list[dict[str, Any]] | None) -> str:
    stats = result["stats"]
    lines = [f"player {state.current_player()} to move ({state.phase}); best turn:"]
    lines += [f"  {i}. {step}" for i, step in enumerate(result["plan"], 1)]
    lines += [
        f"value: {result['value']:.4f} (expected result for player {result['player']}, 0 to 1)",
        f"search: {stats['algorithm']}, {stats['iterations']} iterations in {stats['seconds']:.2f} s,"
        f" {stats['workers']} worker(s)",
    ]
    first = stats.get("first_decision")
    if first:
        depth = f", depth {first['depth']}" if "depth" in first else ""
        step, words = _first_searched(state, result["actions"], [c["action"] for c in first["actions"]])
        where = f" (step {step})" if step else ""
        lines.append(f"first searched decision{where}: {first['iterations']} iterations,"
                     f" {first['nodes']} nodes{depth}; {len(first['actions'])} candidate(s), best first:")  # fmt: skip
        for c in first["actions"][:5]:
            visits = "" if depth else f"{c['visits']:>8} visits  "
            lines.append(f"  {visits}value {c['value']:.4f}  {words.get(c['action'], c['action'])}")
    if alternatives is not None:
        lines.append(f"alternatives at the first searched decision (top {len(alternatives)}):")
        for i, alt in enumerate(alternatives, 1):
            lines.append(f"  {i}. {alt['text']}  (visits {alt['visits']}, value {alt['value']:.4f})")
            if len(alt["line"]) > 1:
                lines.append(f"     then: {'; '.join(alt['line'][1:])}")
    return "\n".join(lines)


def _first_searched(state: Any, actions: list[int], candidates: list[int]) -> tuple[int, dict]:
    """The step (from 1) of the turn's first searched decision (its first choice) and words for its
    candidate actions; ``(0, {})`` if it cannot be found."""
    walker = state.clone()
    for step, action in enumerate([*actions, None], 1):
        legal = walker.legal_actions()
        if len(legal) > 1 and all(c in legal for c in candidates):
            return step, {c: walker.action_to_string(c) for c in candidates}
        if action is None:
            break
        walker.apply_legal_action(action)
    return 0, {}


def cmd_solo(args: argparse.Namespace) -> int:
    if args.players != 1:
        raise SolverError(f"players: solo games are for 1 player (solo forces players=1), got {args.players}")
    seeds = _seeds(args)
    _check_budget(args, "time", "iterations")
    if args.plot:
        report.require_matplotlib()
        report.check_writable(args.plot)
    if args.record:
        records.load_records(args.record)  # a path that cannot hold the records, or a broken file, before any game
    ai = _specs(args.agent, "agent")
    if len(ai) != 1:
        raise SolverError(f"agent: give one agent (the baselines go in --baselines), got {len(ai)}")
    specs = ai + (_specs(args.baselines, "baselines") if args.baselines.strip() else [])
    agents = list(dict.fromkeys(_with_budget(s, args.time, args.iterations) for s in specs))
    game = _load(args)
    _warm_up(game, agents, args.seed)
    solo = game.solo_info
    summaries = []
    for spec in agents:
        results = []
        with _progress(args, args.games, spec) as bar:
            for seed in seeds:
                start = time.perf_counter()
                record = solver.play(game, [spec], seed=seed)
                seconds = time.perf_counter() - start
                won = bool(record.winners) or not solo.can_lose
                score = solo.score_of(record.final, record.scores)
                results.append(report.SoloGame(seed, record.title, score, won, record.steps, seconds))
                bar.update()
        summaries.append(report.summarise_solo(spec, results, solo))
    options = ", ".join(f"{k}={v}" for k, v in game.options().items() if k not in ("players", "solo", "backend"))
    heading = f"{args.game} solo ({options}): {args.games} games, seeds {seeds[0]}-{seeds[-1]}"
    data = {"game": args.game, **game.options(), "games": args.games, "seeds": [seeds[0], seeds[-1]],
            "agents": summaries}  # fmt: skip
    lines = [heading, report.solo_table(summaries, solo)]
    if args.record:
        data["record"] = _keep_record(args, game, summaries)
        lines.append(_record_line(data["record"]))
    if args.plot:
        data["plot"] = report.plot_solo(summaries, args.plot, solo, heading)
        lines.append(f"plot written to {data['plot']}")
    _emit(args, data, "\n".join(lines))
    return 0


def _keep_record(args: argparse.Namespace, game: Any, summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """Compare the best won game of this run with the local record, and keep it if it is better."""
    best = max(((r["score"], s["agent"], r["seed"]) for s in summaries for r in s["results"] if r["won"]),
               key=lambda t: t[0], default=None)  # fmt: skip
    key = records.record_key(args.game, game.options())
    if best is None:
        return {"file": args.record, "key": key, "new": False, "best": None,
                "record": records.load_records(args.record).get(key)}  # fmt: skip
    score, agent, seed = best
    new, previous = records.update_record(args.record, key, score, agent, seed, time.strftime("%Y-%m-%d"))
    current = {"score": score, "agent": agent, "seed": seed} if new else previous
    return {"file": args.record, "key": key, "new": new, "best": score, "previous": previous, "record": current}


def _record_line(rec: dict[str, Any]) -> str:
    held = rec["record"]
    if rec["new"]:
        before = f" (was {rec['previous']['score']})" if rec["previous"] else ""
        return f"new record: {held['score']} by {held['agent']}, seed {held['seed']}{before}; kept in {rec['file']}"
    if held is None:
        return f"no won game to keep; no record yet in {rec['file']}"
    return f"record stands: {held['score']} by {held['agent']}, seed {held['seed']} ({held.get('date', '?')})"


def cmd_arena(args: argparse.Namespace) -> int:
    seeds = _seeds(args)
    game = _load(args)
    if game.players < 2:
        raise SolverError("players: an arena needs 2 or more players; for 1 player use `solver solo`")
    specs = _specs(args.agents, "agents")
    if len(specs) == 1:
        specs *= game.players
    if len(specs) != game.players:
        raise SolverError(f"agents: {game.players} players need {game.players} agents (or one for all seats),"
                          f" got {len(specs)}")  # fmt: skip
    labels = _labels(specs)
    n = game.players
    _warm_up(game, specs, args.seed)
    games = []
    with _progress(args, args.games, "arena") as bar:
        for g in range(args.games):
            agent_of_seat = [(seat - g) % n for seat in range(n)]  # agent i sits at seat (i + g) % n
            start = time.perf_counter()
            record = solver.play(game, [specs[i] for i in agent_of_seat], seed=seeds[g])
            seconds = time.perf_counter() - start
            games.append(report.ArenaGame(seeds[g], agent_of_seat, list(record.winners),
                                          list(record.scores), record.steps, seconds))  # fmt: skip
            bar.update()
    summaries = report.summarise_arena(labels, games)
    seconds = sum(g.seconds for g in games) / len(games)
    heading = f"{args.game} arena, {n} players: {args.games} games, seeds {seeds[0]}-{seeds[-1]}, seats rotated"
    data = {"game": args.game, **game.options(), "games": args.games, "seeds": [seeds[0], seeds[-1]],
            "mean_seconds": round(seconds, 4), "agents": summaries}  # fmt: skip
    lines = [heading, report.arena_table(summaries), f"seconds per game: {seconds:.3f}"]
    if args.games % n:
        lines.append(f"note: {args.games} games is not a multiple of {n}: seats are not played equally often")
    _emit(args, data, "\n".join(lines))
    return 0


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a game name (see `solver games`)")
    parser.add_argument("--players", type=int, default=2, help="number of players (1 = solo)")
    parser.add_argument("--variant", action="store_true", help="play the game's variant rules (GODŌ)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="another game option, e.g. side=pink or decree=... for Kokoro (repeatable)")
    parser.add_argument("--pack", default=None, help="a component pack (JSON file) instead of the reference pack")
    parser.add_argument("--seed", type=int, default=1, help="the seed of every random choice")
    parser.add_argument("--backend", default="reference", help="reference (plain Python) or numba")


class _Parser(argparse.ArgumentParser):
    """argparse, whose own errors (an unknown flag, a missing argument, a bad number) are raised as
    ``SolverError``s naming the argument, to come out as every other error does."""

    def error(self, message: str) -> NoReturn:
        named = re.match(r"argument (\S+): (.*)", message, re.DOTALL)
        if named:
            field, detail = named[1].split("/")[-1], named[2]
        else:  # "the following arguments are required: --position", "unrecognized arguments: --foo"
            field, detail = (message.partition(": ")[2].split() or ["arguments"])[0].rstrip(","), message
        raise SolverError(f"{field.lstrip('-').partition('=')[0].replace('-', '_')}: {detail}")


def cmd_engine(args: argparse.Namespace) -> int:
    from solver.engine.process import main as engine_main

    return engine_main(OPTIONS["workers"].check(args.threads, "threads"))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="solver", description="Fast AI for modern tabletop games.")
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
    p.add_argument("--svg", default=None, metavar="OUT.SVG", help="also write the picture of the position")
    p.add_argument("--png", default=None, metavar="OUT.PNG", help='the picture as a PNG (pip install -e ".[png]")')
    p.add_argument("--size", type=float, default=None, help="the picture's width in pixels")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("bestmove", parents=[common], help="search the best whole turn for a position")
    _game_options(p)
    p.add_argument("--position", required=True, help="a position JSON file (a decision, not a chance node)")
    p.add_argument("--algorithm", default="mcts", help="mcts or expectimax")
    p.add_argument("--time", type=float, default=None,
                   help="seconds for the whole turn (default 2, unless --iterations or --depth is given)")
    p.add_argument("--iterations", type=int, default=None, help="MCTS iterations per decision")
    p.add_argument("--depth", type=int, default=None, help="expectimax depth per decision")
    p.add_argument("--workers", type=int, default=None, help="MCTS parallel trees (default: every core)")
    p.add_argument("--top", type=int, default=None, help="also list the K best first actions (MCTS analysis)")
    p.set_defaults(func=cmd_bestmove)

    p = sub.add_parser("solo", parents=[common], help="titles and scores of an agent in seeded solo games")
    _game_options(p)
    p.set_defaults(players=1)
    p.add_argument("--games", type=int, default=200, help="games per agent (game g uses seed + g)")
    p.add_argument("--agent", default="mcts", help="the AI agent (searching agents get --time unless given a budget)")
    p.add_argument("--time", type=float, default=0.5, help="seconds per decision of a searching agent")
    p.add_argument("--iterations", type=int, default=None, help="MCTS iterations per decision instead of --time")
    p.add_argument("--baselines", default="greedy,random", help="comma-separated agents to compare ('' for none)")
    p.add_argument("--plot", default=None, metavar="OUT.PNG", help="write a chart of the titles and scores (matplotlib)")
    p.add_argument("--record", nargs="?", const=records.default_path(), default=None, metavar="FILE",
                   help=f"keep the best score as a local record (default file: {records.default_path()})")
    p.set_defaults(func=cmd_solo)

    p = sub.add_parser("arena", parents=[common], help="seat-rotated matches between agents")
    _game_options(p)
    p.add_argument("--agents", required=True, help="comma-separated agents, one per seat, or one for all")
    p.add_argument("--games", type=int, default=100, help="games (game g uses seed + g, seats rotated by g)")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("serve", help="the local web app: set up, analyse, play and replay (docs/web.md)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8765, help="the port to listen on")
    p.add_argument("--open", action="store_true", help="open the page in the default browser")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("engine", help="the JSON-lines analysis engine on stdin/stdout (docs/engine.md)")
    p.add_argument("--threads", type=int, default=1, help="searches run at once (more queries wait in order)")
    p.set_defaults(func=cmd_engine)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``solver`` console script: 0, or 2 after an ``error: <field>: ...``."""
    argv = sys.argv[1:] if argv is None else list(argv)
    args = None
    try:
        args = build_parser().parse_args(argv)
        return args.func(args)
    except SolverError as exc:
        if "--json" in argv if args is None else getattr(args, "json", False):
            field = exc.field if isinstance(exc, FieldError) else str(exc).partition(": ")[0]
            print(json.dumps({"error": str(exc), "field": field}))
        else:
            print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
