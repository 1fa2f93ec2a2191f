"""The ``solver`` command: play games, count moves, read positions. Every command takes ``--json``.

    solver games
    solver play godo --players 3 --agents random --seed 1
    solver perft godo --players 2 --seed 1 --walk 40 --depth 3 --json --backend numba
    solver show godo --position pos.json --svg pos.svg
    solver bestmove godo --position pos.json --time 2 --top 3
    solver solo godo --games 200 --time 0.5 --seed 1 --plot titles.png
    solver solo kokoro --games 20 --agent expectimax:depth=2 --hindsight --beam 64 --plot regret.png
    solver arena godo --players 2 --agents mcts:time=0.5,greedy --games 100 --seed 1
    solver arena kokoro --agents greedy,random --games 2000 --jobs 2 --out games.jsonl --sprt elo1=50
    solver play koi --agents ai,greedy --seed 3 --save game.json
    solver review koi game.json --time 1 --plot value.png
    solver params kokoro --players 1
    solver tune kokoro --players 1 --agent greedy --trials 60 --games 32 --study sqlite:///tune.db --out tuned.json
    solver worker tcp://HOST:8786

Bad input (an unknown game or flag, a bad number, a broken pack, a malformed position) prints
``error: <field>: <what>`` (or ``{"error": ..., "field": ...}`` on stdout with ``--json``) and exits
with status 2; argparse's own errors come out the same way. Every budget, count and seed is checked
with the library's ranges (``solver.core.agents``) before anything is played; so is a ``--record``
file (``solver.records``).
"""

from __future__ import annotations

import argparse
import atexit
import gc
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

import solver
from solver import records, report
from solver.core.agents import COUNT, OPTIONS, SEED_LIMIT, check_seed, make_agent
from solver.core.errors import FieldError, SearchError, SolverError, UnknownGameError
from solver.core.game import check_choice
from solver.core.params import AGENTS, GROUPS, Params, read_params
from solver.core.perft import STEPS, divide, perft, walk
from solver.core.strict_json import load_file, positions, show
from solver.engine.queries import Limits
from solver.engine.service import search_position
from solver.review.record import SavedGame, read_game
from solver.review.review import BEST_TURN, MARKS, Review, check_seats, review, reviewed_steps
from solver.search import hindsight
from solver.search.ai import plan_for
from solver.search.settings import settings_listing
from solver.sweep import tune
from solver.sweep.cluster import check_address, run_worker
from solver.sweep.jobs import Job, arena_game, params_text, pin_workers, solo_game
from solver.sweep.local import GAMES_PER_WORKER, JOBS, default_workers
from solver.sweep.runner import run_sweep
from solver.sweep.sprt import SPRT, PairedTest

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
    return solver.load_game(args.game, **_load_options(args))


def _load_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of ``load_game`` from the command line (``--seed`` checked)."""
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
    return options


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


def _given_params(args: argparse.Namespace, game: Any) -> Params | None:
    """The ``--params`` file, read and checked against the game loaded (its name, player count and pack)."""
    if args.params is None:
        return None
    params = read_params(args.params, "params")
    params.fit(args.game, game.players, game.pack.name)
    return params


def _job_params(args: argparse.Namespace, game: Any, agents: Sequence[str]) -> tuple[str, ...]:
    """The ``--params`` file as a sweep's jobs carry it (to every agent; ``()``: none)."""
    params = _given_params(args, game)
    return () if params is None else (params_text(params),) * len(agents)


def cmd_play(args: argparse.Namespace) -> int:
    agents = _specs(args.agents, "agents")
    game = _load(args)
    params = _given_params(args, game)
    if args.save:
        records.check_path(args.save, "save")
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
    record = solver.play(game, agents, seed=args.seed, on_step=None if args.quiet else show, params=params)
    seconds = time.perf_counter() - start
    data = {"game": args.game, **game.options(), "seconds": round(seconds, 3), **record.to_json()}
    if not args.moves:
        data.pop("actions")
    if args.save:
        SavedGame.of_play(game, record).write(args.save)
        data["saved"] = args.save
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
    ] + ([f"game record written to {args.save}"] if args.save else [])
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
    """A searching agent's spec with ``--time`` (or ``--iterations``) added unless it has a budget
    (``ai``'s time is a turn's, the others' a decision's)."""
    name, *options = spec.split(":")
    budgets = {o.partition("=")[0] for o in options} & {"time", "iterations", "depth", "rounds"}
    if name not in ("ai", "mcts", "expectimax") or budgets:
        return spec
    if iterations is None:
        return f"{spec}:time={seconds:g}"
    if name == "expectimax":
        raise SolverError(f"iterations: expectimax counts depth, not iterations; give it as {name}:depth=D")
    return f"{spec}:iterations={iterations}"


def _labels(specs: Sequence[str]) -> list[str]:
    """Names for the agents of a match; a spec that appears more than once is numbered."""
    return [f"{s} #{specs[:i].count(s) + 1}" if specs.count(s) > 1 else s for i, s in enumerate(specs)]


def _progress(args: argparse.Namespace, total: int, desc: str, unit: str = "game", done: int = 0) -> Any:
    """A tqdm progress bar on stderr of ``total`` games (or other ``unit``), ``done`` of them
    already (off with ``--json`` or when stderr is not a terminal)."""
    from tqdm import tqdm

    return tqdm(total=total, initial=min(done, total), desc=desc, unit=unit, file=sys.stderr, leave=True,
                disable=args.json or not sys.stderr.isatty())  # fmt: skip


def _workers(args: argparse.Namespace, games: int | None = None) -> int:
    """The local worker processes of ``--jobs`` (by default as many as ``games`` need, up to the
    cores), after refusing ``--jobs`` beside a ``--scheduler`` and a scheduler address that is not one."""
    if args.scheduler is not None:
        check_address(args.scheduler)
        if args.jobs is not None:
            raise SolverError("jobs: --jobs counts local processes; with --scheduler the cluster's workers play")
    return default_workers(games) if args.jobs is None else JOBS.check(args.jobs, "jobs")


def _sweep(
    args: argparse.Namespace,
    plan: Sequence[Job],
    game: Any,
    desc: str,
    on_result: Callable[[dict[str, Any]], bool] | None = None,
    status: Callable[[], str] | None = None,
) -> dict[tuple[Any, ...], dict[str, Any]]:
    """Play a solo or arena plan as ``--jobs``, ``--scheduler``, ``--out`` and ``--resume`` say
    (``solver.sweep.run_sweep``), with a progress bar (``status()`` beside it); results by job key.
    On Ctrl-C, say what was kept (``main`` then exits with status 130)."""
    workers = _workers(args, len(plan))
    if args.resume and args.out is None:
        raise SolverError("resume: give the results file to go on with as --out FILE")
    if args.moves is not None:
        _check_folder(args.moves, "moves")
    finished = [0]

    def seen(result: dict[str, Any]) -> bool:
        finished[0] += 1
        bar.update()
        stop = on_result is not None and on_result(result)
        if status is not None:
            bar.set_postfix_str(status(), refresh=False)
        return stop

    with _progress(args, len(plan), desc) as bar:
        try:
            results = run_sweep(plan, game.options(), workers, args.scheduler, args.out, args.resume, seen)
        except KeyboardInterrupt:
            kept = f"kept in {args.out}: --resume plays the rest" if args.out else "not kept (no --out)"
            print(f"\ninterrupted: {finished[0]} of {len(plan)} games finished, {kept}", file=sys.stderr)
            raise
    if args.moves is not None:
        for result in results.values():
            names = [result["agents"][agent] for agent in result["seats"]]
            saved = SavedGame.of_actions(game, result["actions"], result["seed"], names)
            saved.write(os.path.join(args.moves, saved.file_name()))
    return results


def _check_folder(path: str, field: str) -> None:
    """Refuse at once a folder that cannot be one (a file in its place); it is made if missing."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise SolverError(f"{field}: {path} is not a folder")


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for a one-shot query: loading numba and a kernel makes
    some 100,000 lasting objects, which the collector would go through again and again (about
    0.1 s of a fresh ``bestmove``); one search leaves little cyclic garbage."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def cmd_bestmove(args: argparse.Namespace) -> int:
    _check_budget(args, "time", "iterations", "depth", "rounds", "workers")  # best_move checks them against the algorithm
    if args.top is not None:
        COUNT.check(args.top, "top")
    with _collector_paused():
        game = _load(args)
        state = _read_position(args, game)
        if state.is_terminal():
            raise SolverError(f"position: the game in {args.position} is over, there is no move to find")
        if state.is_chance_node():
            raise SolverError(f"position: {args.position} is at a chance node (a tile is drawn), not a decision")
        seconds = args.time if args.time is not None or args.iterations or args.depth or args.rounds else 2.0
        limits = Limits(seconds, args.iterations, args.depth, args.workers, check_seed(args.seed), args.rounds)
        result = search_position(state, limits, args.algorithm, multipv=args.top or 0, report_every=0,
                                 params=_given_params(args, game))  # fmt: skip
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
    if stats.get("plan"):
        overruled = f"; greedy's choice overruled at {stats['overruled']} decision(s)" if stats["searcher"] != "greedy" else ""
        lines.append(f"the AI's plan here: {stats['plan']}{overruled}")
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
    agents = list(dict.fromkeys(pin_workers(_with_budget(s, args.time, args.iterations)) for s in specs))
    load = tuple(_load_options(args).items())
    game = _load(args)
    if args.hindsight:
        hindsight.BEAM.check(args.beam, "beam")
        if args.anneal is not None:
            hindsight.ANNEAL.check(args.anneal, "anneal")
        if args.game not in hindsight.GAMES:
            known = ", ".join(hindsight.GAMES)
            raise SolverError(f"hindsight: no hindsight search for {args.game}; it has one for {known}")
    solo = game.solo_info
    params = _job_params(args, game, [""])
    plan = [Job(args.game, load, (spec,), (0,), seed, params) for spec in agents for seed in seeds]
    results = _sweep(args, plan, game, "solo")
    played = {spec: [(solo_game(results[job.key]), results[job.key]["actions"]) for job in plan
                     if job.agents == (spec,)] for spec in agents}  # fmt: skip
    if args.hindsight:
        _add_hindsight(args, game, played)
    summaries = [report.summarise_solo(spec, [g for g, _ in games], solo)
                 for spec, games in played.items()]  # fmt: skip
    options = ", ".join(f"{k}={v}" for k, v in game.options().items() if k not in ("players", "solo", "backend"))
    heading = f"{args.game} solo ({options}): {args.games} games, seeds {seeds[0]}-{seeds[-1]}"
    data = {"game": args.game, **game.options(), "games": args.games, "seeds": [seeds[0], seeds[-1]],
            "agents": summaries}  # fmt: skip
    if args.hindsight:
        anneal = hindsight.GAMES[args.game] if args.anneal is None else args.anneal
        then = ", then annealing over the whole line" if anneal else ""
        data["hindsight"] = {"beam": args.beam, "anneal": anneal, "search": f"beam search over the known dice and "
                             f"cards{then} (solver.search.hindsight): a lower bound of the clairvoyant optimum"}  # fmt: skip
        heading += f"; hindsight: beam {args.beam}, anneal {anneal} (a lower bound; * proven the optimum)"
    lines = [heading, report.solo_table(summaries, solo)]
    if args.hindsight:
        lines += ["", report.hindsight_table(summaries)]
    if args.record:
        data["record"] = _keep_record(args, game, summaries)
        lines.append(_record_line(data["record"]))
    if args.plot:
        data["plot"] = report.plot_solo(summaries, args.plot, solo, heading)
        lines.append(f"plot written to {data['plot']}")
    _emit(args, data, "\n".join(lines))
    return 0


def _add_hindsight(
    args: argparse.Namespace, game: Any, played: dict[str, list[tuple[report.SoloGame, list[int]]]]
) -> None:
    """Give each game its hindsight score: per seed, one search per world (the dice and cards the
    games revealed: the same for every agent unless a peek shifted Kokoro's draws), guided by the
    games played in it so that the bound is never below them."""
    games = list(played.values())
    with _progress(args, args.games, "hindsight") as bar:
        for g in range(args.games):
            worlds: dict[hindsight.World, list[tuple[report.SoloGame, list[int]]]] = {}
            for agent_games in games:
                result, actions = agent_games[g]
                world = hindsight.World.of_game(game, actions)
                worlds.setdefault(world, []).append((result, actions))
            for world, members in worlds.items():
                found = hindsight.hindsight(game, world, args.beam, guides=[a for _, a in members],
                                            anneal=args.anneal)  # fmt: skip
                for result, _ in members:
                    result.hindsight, result.hindsight_exact = found.score, found.exact
            bar.update()


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
    test = SPRT.parse(args.sprt) if args.sprt is not None else None
    load = tuple(_load_options(args).items())
    game = _load(args)
    if game.players < 2:
        raise SolverError("players: an arena needs 2 or more players; for 1 player use `solver solo`")
    specs = [pin_workers(spec) for spec in _specs(args.agents, "agents")]
    if len(specs) == 1:
        specs *= game.players
    if len(specs) != game.players:
        raise SolverError(f"agents: {game.players} players need {game.players} agents (or one for all seats),"
                          f" got {len(specs)}")  # fmt: skip
    labels = _labels(specs)
    n = game.players
    agents = tuple(specs)
    params = _job_params(args, game, agents)
    if test is None:  # game g: seed + g, agent i at seat (i + g) % n
        plan = [Job(args.game, load, agents, tuple((s - g) % n for s in range(n)), seeds[g], params)
                for g in range(args.games)]  # fmt: skip
        results = _sweep(args, plan, game, "arena")
    else:  # pair k: seed + k, each agent once at each seat
        if n != 2 or args.games < 2:
            raise SolverError(f"sprt: the test plays pairs of 2-player games: give --players 2 and --games 2"
                              f" or more, got {n} players and {args.games} games")  # fmt: skip
        pairs = seeds[: args.games // 2]
        plan = [Job(args.game, load, agents, seats, seed, params) for seed in pairs for seats in ((0, 1), (1, 0))]
        paired = PairedTest(test, pairs)
        results = _sweep(args, plan, game, "sprt", lambda r: paired.add(r) is not None, paired.status)
        plan = [job for job in plan if job.seed in pairs[: paired.counted]]  # the games the test weighed
    games = [arena_game(results[job.key]) for job in plan]
    summaries = report.summarise_arena(labels, games)
    seconds = sum(g.seconds for g in games) / max(1, len(games))
    seeds = [job.seed for job in plan] or [args.seed]
    heading = (f"{args.game} arena, {n} players: {len(games)} games, seeds {min(seeds)}-{max(seeds)}, seats rotated"
               + (" in pairs on the same seed" if test else ""))  # fmt: skip
    data = {"game": args.game, **game.options(), "games": len(games), "seeds": [min(seeds), max(seeds)],
            "mean_seconds": round(seconds, 4), "agents": summaries}  # fmt: skip
    lines = [heading, report.arena_table(summaries), f"seconds per game: {seconds:.3f}"]
    if test is not None:
        data["sprt"] = _sprt_summary(test, paired, labels)
        lines.append(_sprt_line(data["sprt"]))
    elif args.games % n:
        lines.append(f"note: {args.games} games is not a multiple of {n}: seats are not played equally often")
    _emit(args, data, "\n".join(lines))
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    if args.plot:
        report.require_matplotlib()
        report.check_writable(args.plot)
    saved = read_game(args.record, pack=args.pack)
    if saved.game != args.game:
        raise SolverError(f"game: the record is of {saved.game}, not {args.game}")
    players = saved.options["players"]
    seats = list(range(players)) if args.players is None else [_seat(text) for text in args.players.split(",")]
    total = len(reviewed_steps(saved, check_seats(seats, players, "players")))
    with _progress(args, total, "review", unit="decision") as bar:
        found = review(saved, seats, args.time, args.iterations, args.seed, jobs=args.jobs,
                       on_decision=lambda _: bar.update())  # fmt: skip
    budget = f"{args.iterations} iterations" if args.iterations else f"{args.time or 1.0:g} s"
    names = saved.seats or [f"player {p}" for p in range(found.players)]
    heading = (f"{saved.game}, {found.players} player(s), {len(saved.steps)} steps: {len(found.decisions)} decisions"
               f" reviewed, MCTS {budget} a decision; values and losses in {found.units}")  # fmt: skip
    data = {"record": args.record, "budget": budget, **found.to_json()}
    lines = [heading, *_review_lines(found, names)]
    if args.plot:
        from solver.review.graph import plot_review

        data["plot"] = plot_review(found, args.plot, heading)
        lines.append(f"plot written to {data['plot']}")
    _emit(args, data, "\n".join(lines))
    return 0


def _seat(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise SolverError(f"players: expected seat numbers such as 0,1, got {show(text)}") from None


def _plural(name: str) -> str:
    """``blunder`` -> ``blunders``, ``inaccuracy`` -> ``inaccuracies``."""
    return name[:-1] + "ies" if name.endswith("y") else name + "s"


def _review_lines(found: Review, names: Sequence[str]) -> list[str]:
    """The review in words: a line per seat, then each marked decision (the best turn for the worst)."""
    solo = found.players == 1
    show_value = (lambda v: f"{v:.1f}") if solo else (lambda v: f"{100 * v:.0f}%")
    lines = []
    for seat, summary in found.summary().items():
        counts = ", ".join(f"{summary[name]} {name if summary[name] == 1 else _plural(name)}" for name, _, _ in MARKS)
        loss = f"{summary['mean_loss']:.2f}" if solo else f"{100 * summary['mean_loss']:.1f} points of win chance"
        lines.append(f"player {seat} ({names[int(seat)]}): {summary['decisions']} decisions, mean loss {loss}; {counts}")
    if found.hindsight is not None:
        h = found.hindsight
        lines.append(f"hindsight: {h['hindsight']}{'' if h['exact'] else ' (a lower bound)'} could be scored with the dice "
                     f"and cards that came; played {h['played']} (regret {h['regret']})")  # fmt: skip
    marked = [d for d in found.decisions if d.mark]
    if marked:
        lines.append("marked decisions:")
    for d in marked:
        lines.append(f"  step {d.step}, player {d.player}: {d.played_words} -- {d.mark}, {show_value(d.value)} "
                     f"where {d.best_words} keeps {show_value(d.best_value)}")  # fmt: skip
        if d.mark in BEST_TURN and len(d.best_turn) > 1:
            lines.append(f"    best turn: {'; '.join(d.best_turn)}")
    return lines


def _sprt_summary(test: SPRT, paired: PairedTest, labels: Sequence[str]) -> dict[str, Any]:
    """The SPRT's parameters, state and decision for the report (``result``: H0, H1 or ``None``)."""
    lower, upper = test.bounds()
    return {"elo0": test.elo0, "elo1": test.elo1, "alpha": test.alpha, "beta": test.beta,
            "llr": round(test.llr(paired.pairs), 4), "lower": round(lower, 4), "upper": round(upper, 4),
            "pairs": paired.counted, "pentanomial": paired.pairs, "result": paired.result,
            "agents": list(labels)}  # fmt: skip


def _sprt_line(summary: dict[str, Any]) -> str:
    first, second = summary["agents"]
    verdict = {"H1": f"H1 accepted: {first} is stronger than {second} (by {summary['elo1']:g} Elo or more)",
               "H0": f"H0 accepted: {first} is not {summary['elo1']:g} Elo stronger than {second}"
                     f" (at most {summary['elo0']:g})",
               None: "no decision yet: give more --games (or --resume with more)"}[summary["result"]]  # fmt: skip
    return (f"SPRT (elo0={summary['elo0']:g}, elo1={summary['elo1']:g}, alpha={summary['alpha']:g},"
            f" beta={summary['beta']:g}): LLR {summary['llr']:.2f} [{summary['lower']:.2f}, {summary['upper']:.2f}]"
            f" after {summary['pairs']} pairs {summary['pentanomial']}; {verdict}")  # fmt: skip


def cmd_params(args: argparse.Namespace) -> int:
    game = _load(args)
    agent = check_choice(args.agent, "agent", ("ai", *AGENTS))
    kstate = game.new_initial_state().kernel_state()
    searcher = plan_for(kstate).searcher if agent == "ai" else agent
    listing = settings_listing(kstate, _given_params(args, game), searcher)
    data = {"game": args.game, "players": game.players, "pack": game.pack.name, "agent": agent, "searcher": searcher,
            **listing}  # fmt: skip
    who = f"the AI ({searcher})" if agent == "ai" else searcher
    lines = [f"{args.game}, {game.players} player{'s' * (game.players > 1)}, pack {game.pack.name}, {who}: "
             "the parameters it searches with (value, its range, where the value comes from)"]  # fmt: skip
    for group in GROUPS:
        lines.append(f"{group}:")
        for name, entry in listing[group].items():
            span = f"[{entry['low']:g}, {entry['high']:g}]"
            lines.append(f"  {name:16} {entry['value']:<8g} {span:14} {entry['from']:8} {entry['doc']}")
    _emit(args, data, "\n".join(lines))
    return 0


def cmd_tune(args: argparse.Namespace) -> int:
    tune.optuna_module()
    COUNT.check(args.trials, "trials")
    COUNT.check(args.games, "games")
    COUNT.check(args.confirm, "confirm")
    tune.STEP.check(args.step, "step")
    check_seed(args.seed)
    if args.plot:
        report.require_matplotlib()
        report.check_writable(args.plot)
    report.check_writable(args.out, "out")
    workers = _workers(args)
    game = _load(args)
    names = [n.strip() for n in args.tune.split(",")] if args.tune else None
    tuning = tune.Tuning.make(game, args.game, _load_options(args), args.agent, names, _given_params(args, game),
                              args.games, args.seed)  # fmt: skip
    study = tune.open_study(tuning, args.study, args.study_name, args.resume, args.step)
    start = time.perf_counter()
    kept = len(tune.finished(study))
    with tune.players(workers, args.scheduler) as play, _progress(args, args.trials, "tune", "trial", kept) as bar:

        def on_trial(study: Any) -> None:
            best = study.best_trial
            bar.update()
            bar.set_postfix_str(f"best {best.value:.4g} (trial {best.number})", refresh=False)

        try:
            tune.run_trials(tuning, study, args.trials, play, on_trial)
        except KeyboardInterrupt:
            done = len(tune.finished(study))
            print(f"\ninterrupted: {done} of {args.trials} trials kept in {args.study} (study {args.study_name!r}): "
                  "--resume goes on with it", file=sys.stderr)  # fmt: skip
            raise
        values = tune.best_values(tuning, study)
        bar.set_description("confirming")
        confirmation = tune.confirm(tuning, tuning.params(values), args.confirm, play)
    seconds = time.perf_counter() - start
    tuned = tuning.params(values, tune.record(tuning, study, args.study, args.study_name, seconds, confirmation))
    tuned.write(args.out)
    data: dict[str, Any] = {"game": args.game, "players": game.players, "pack": game.pack.name, "out": args.out,
                            **json.loads(tuned.tune), "values": tuned.to_json()}  # fmt: skip
    lines = [f"{args.game}, {game.players} player{'s' * (game.players > 1)}: {data['trials']} trials of "
             f"{args.games} games of {tuning.agent} ({data['objective']}) in {seconds:.0f} s; best: trial "
             f"{data['best_trial']}, {data['best_value']:.4g} (start {data['start_value']})"]  # fmt: skip
    start_values = tuning.start_values()
    for name, value in values.items():
        lines.append(f"  {name:16} {start_values[name]:<8g} -> {value:g}")
    lines.append(_confirmation_line(confirmation))
    lines.append(f"parameters written to {args.out}")
    if args.plot:
        heading = f"solver tune {args.game} ({game.players}p, {tuning.agent}): {data['trials']} trials"
        data["plot"] = tune.plot_history(study, args.plot, heading)
        lines.append(f"plot written to {data['plot']}")
    _emit(args, data, "\n".join(lines))
    return 0


def _confirmation_line(result: dict[str, Any]) -> str:
    """The confirmation on fresh seeds, in words."""
    seeds = f"seeds {result['seeds'][0]}-{result['seeds'][1]}"
    low, high = result["interval"]
    if "difference" in result:
        return (f"confirmed on {result['games']} fresh games ({seeds}): {result['tuned_mean']:g} against the start's "
                f"{result['start_mean']:g}, difference {result['difference']:+g} [95%: {low:+g}, {high:+g}]: "
                f"{result['verdict']}")  # fmt: skip
    sprt = f", SPRT {result['sprt']['result'] or 'undecided'} (LLR {result['sprt']['llr']})" if "sprt" in result else ""
    return (f"confirmed on {result['games']} fresh games ({seeds}): {report.percent(result['win_rate'])} of the wins "
            f"against the start [95%: {report.percent(low)}, {report.percent(high)}; even {report.percent(result['even'])}]"
            f"{sprt}: {result['verdict']}")  # fmt: skip


def _params_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--params", default=None, metavar="FILE.json",
                        help="a parameters file (solver params, solver tune) for the searching agents")


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a game name (see `solver games`)")
    parser.add_argument("--players", type=int, default=2, help="number of players (1 = solo)")
    parser.add_argument("--variant", action="store_true", help="play the game's variant rules (GODŌ)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="another game option, e.g. side=pink or decree=... for Kokoro (repeatable)")
    parser.add_argument("--pack", default=None, help="a component pack (JSON file) instead of the reference pack")
    parser.add_argument("--seed", type=int, default=1, help="the seed of every random choice")
    parser.add_argument("--backend", default="reference", help="reference (plain Python) or numba")


def _sweep_options(parser: argparse.ArgumentParser) -> None:
    """The flags of a sweep of games: where they are played and where their results are kept (docs/scale.md)."""
    parser.add_argument("--jobs", type=int, default=None,
                        help=f"local worker processes playing the games (default: the {default_workers()} cores,"
                        f" at most one per {GAMES_PER_WORKER} games)")
    parser.add_argument("--scheduler", default=None, metavar="tcp://HOST:8786",
                        help='play on a Dask cluster instead (pip install -e ".[dist]"; see `solver worker`)')
    parser.add_argument("--out", default=None, metavar="FILE.jsonl", help="append each finished game to this file")
    parser.add_argument("--resume", action="store_true", help="go on with the --out file: play only the games it lacks")
    parser.add_argument("--moves", default=None, metavar="FOLDER",
                        help="write each game's record into FOLDER (docs/records.md; `solver review` reads them)")


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


def cmd_worker(args: argparse.Namespace) -> int:
    return run_worker(args.scheduler, default_workers() if args.jobs is None else JOBS.check(args.jobs, "jobs"))


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
    p.add_argument("--save", default=None, metavar="GAME.json", help="write the game record (docs/records.md)")
    _params_option(p)
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
    p.add_argument("--algorithm", default="ai",
                   help="ai (the default: the best searcher for the game, never weaker than greedy), mcts, expectimax, simulation (greedy's playouts) or greedy")
    p.add_argument("--time", type=float, default=None,
                   help="seconds for the whole turn (default 2, unless --iterations, --depth or --rounds is given)")
    p.add_argument("--iterations", type=int, default=None, help="MCTS iterations per decision")
    p.add_argument("--depth", type=int, default=None, help="expectimax depth per decision")
    p.add_argument("--rounds", type=int, default=None,
                   help="greedy's playouts per candidate and decision (the AI's searcher in Kokoro and KOI)")
    p.add_argument("--workers", type=int, default=None, help="threads searching side by side: MCTS's trees, the "
                   "rounds of greedy's playouts and of foresight (default: every core)")
    p.add_argument("--top", type=int, default=None, help="also list the K best first actions (MCTS analysis)")
    _params_option(p)
    p.set_defaults(func=cmd_bestmove)

    p = sub.add_parser("solo", parents=[common], help="titles and scores of an agent in seeded solo games")
    _game_options(p)
    p.set_defaults(players=1)
    p.add_argument("--games", type=int, default=200, help="games per agent (game g uses seed + g)")
    p.add_argument("--agent", default="ai", help="the agent to judge (searching agents get --time unless given a budget)")
    p.add_argument("--time", type=float, default=0.5,
                   help="seconds per decision of a searching agent (per turn for ai, the default agent)")
    p.add_argument("--iterations", type=int, default=None, help="MCTS iterations per decision instead of --time")
    p.add_argument("--baselines", default="greedy,random", help="comma-separated agents to compare ('' for none)")
    p.add_argument("--plot", default=None, metavar="OUT.PNG", help="write a chart of the titles and scores (matplotlib)")
    p.add_argument("--hindsight", action="store_true",
                   help="also find each game's hindsight score (knowing every die and card) and the regret")
    p.add_argument("--beam", type=int, default=hindsight.DEFAULT_BEAM,
                   help="the beam width of the hindsight search (wider: slower, closer to the optimum)")
    p.add_argument("--anneal", type=int, default=None, metavar="STEPS",
                   help="annealing steps after the hindsight beam (default: the game's: "
                   + ", ".join(f"{g} {n}" for g, n in hindsight.GAMES.items()) + ")")
    p.add_argument("--record", nargs="?", const=records.default_path(), default=None, metavar="FILE",
                   help=f"keep the best score as a local record (default file: {records.default_path()})")
    _params_option(p)
    _sweep_options(p)
    p.set_defaults(func=cmd_solo)

    p = sub.add_parser("arena", parents=[common], help="seat-rotated matches between agents")
    _game_options(p)
    p.add_argument("--agents", required=True, help="comma-separated agents, one per seat, or one for all")
    p.add_argument("--games", type=int, default=100, help="games (game g uses seed + g, seats rotated by g)")
    p.add_argument("--sprt", default=None, metavar="elo0=0,elo1=5,alpha=0.05,beta=0.05",
                   help="stop when the SPRT decides (2 players, pairs of games on one seed; --games: the most)")
    _params_option(p)
    _sweep_options(p)
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("tune", parents=[common], help="tune the AI's parameters on seeded games (Optuna CMA-ES)")
    _game_options(p)
    p.set_defaults(backend="numba")
    p.add_argument("--agent", required=True, help="the agent whose parameters are tuned: greedy, expectimax, mcts, or ai (for the "
                   "searcher the AI plays the game with)")
    p.add_argument("--tune", default=None, metavar="NAME,NAME",
                   help="the parameters to tune (default: every one the agent uses; see solver params)")
    p.add_argument("--params", default=None, metavar="START.json", help="start from these values")
    p.add_argument("--trials", type=int, default=60, help="trials in all (with --resume: the study's total)")
    p.add_argument("--games", type=int, default=32, help="games a trial plays (the same seeds for every trial)")
    p.add_argument("--confirm", type=int, default=200, help="fresh games confirming the best trial against the start")
    p.add_argument("--step", type=float, default=tune.DEFAULT_STEP,
                   help="CMA-ES's first step, a share of each range (smaller to refine values that are good already)")
    p.add_argument("--study", default="sqlite:///tune.db", metavar="URL", help="the database keeping the study")
    p.add_argument("--study-name", default="tune", help="the study's name in the database")
    p.add_argument("--resume", action="store_true", help="go on with the study in the database")
    p.add_argument("--jobs", type=int, default=None, help=f"local worker processes (default: the {default_workers()} cores)")
    p.add_argument("--scheduler", default=None, metavar="tcp://HOST:8786", help="play on a Dask cluster instead")
    p.add_argument("--out", default="tuned.json", help="the parameters file to write (with the tune's record)")
    p.add_argument("--plot", default=None, metavar="OUT.PNG", help="a chart of the trials (matplotlib)")
    p.set_defaults(func=cmd_tune)

    p = sub.add_parser("review", parents=[common], help="review a recorded game: what each decision lost, marked")
    p.add_argument("game", help="the game the record is of")
    p.add_argument("record", metavar="GAME.json", help="a game record (docs/records.md)")
    p.add_argument("--time", type=float, default=None, help="seconds of search a decision (default 1)")
    p.add_argument("--iterations", type=int, default=None,
                   help="MCTS iterations a decision instead of --time (the same review every run)")
    p.add_argument("--players", default=None, metavar="0,1", help="the seats to review (default: every seat)")
    p.add_argument("--pack", default=None, help="the component pack the game was played with, if not the reference")
    p.add_argument("--seed", type=int, default=0, help="the seed of the searches")
    p.add_argument("--jobs", type=int, default=1, help="worker processes sharing the decisions")
    p.add_argument("--plot", default=None, metavar="OUT.PNG", help="write the value graph (matplotlib)")
    p.set_defaults(func=cmd_review)

    p = sub.add_parser("params", parents=[common], help="the AI's named parameters: values, ranges, sources")
    _game_options(p)
    p.add_argument("--agent", default="ai", help="the searcher whose values to show: ai (the AI's, best_move's "
                   "default), greedy, expectimax, mcts, simulation (greedy's playouts) or foresight (Go Goa's AI)")
    _params_option(p)
    p.set_defaults(func=cmd_params)

    p = sub.add_parser("worker", help="join this machine to a Dask scheduler to play sweeps (docs/scale.md)")
    p.add_argument("scheduler", metavar="tcp://HOST:8786", help="the scheduler's address")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: the cores)")
    p.set_defaults(func=cmd_worker)

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
    """Entry point of the ``solver`` console script: 0, 2 after an ``error: <field>: ...``, or 130
    after Ctrl-C."""
    argv = sys.argv[1:] if argv is None else list(argv)
    # At exit, the objects still alive (numba's hundreds of thousands once it is loaded) are left
    # to the end of the process instead of being freed one by one: 0.15-0.2 s of a fresh bestmove.
    atexit.unregister(gc.freeze)  # registered once however often main runs in a process
    atexit.register(gc.freeze)
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
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
