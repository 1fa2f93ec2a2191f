"""The AI commands of ``solver``: bestmove, solo and arena, and their statistics (``solver.report``).

Budgets are tiny (a few dozen MCTS iterations on one worker, expectimax depth 1, two games) so the
whole file runs in seconds once the searchers are compiled.
"""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import solver
from solver import report
from solver.cli import main
from solver.core.game import SoloInfo
from solver.core.perft import walk
from solver.core.play import random_step
from solver.games.godo.game import GodoGame
from solver.games.godo.rules import TITLES

MCTS = "mcts:iterations=50:workers=1"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, out + err
    return json.loads(out)


@pytest.fixture(scope="module")
def midgame(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, object]:
    """A 2-player position at a decision in the middle of a game, written to a file."""
    state = walk(solver.load_game("godo", players=2).new_initial_state(), 60, 3)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    path = tmp_path_factory.mktemp("positions") / "midgame.json"
    path.write_text(json.dumps(state.to_json()))
    return str(path), state


# -- bestmove ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "budget",
    [["--iterations", "50", "--workers", "1"], ["--algorithm", "expectimax", "--depth", "1"], ["--rounds", "8"]],
    ids=["mcts", "expectimax", "playouts"],
)
def test_bestmove_json_gives_a_legal_whole_turn(capsys, midgame, budget):
    path, state = midgame
    data = run_json(capsys, "bestmove", "godo", "--position", path, *budget)
    assert {"to_move", "player", "actions", "plan", "value", "stats"} <= data.keys()
    assert data["to_move"] == data["player"] == state.current_player()
    assert data["actions"] and data["actions"][0] in state.legal_actions()
    assert data["plan"] and len(data["plan"]) == len(data["actions"])
    assert data["plan"][0] == state.action_to_string(data["actions"][0])
    assert 0.0 <= data["value"] <= 1.0
    assert data["stats"]["algorithm"] == ("expectimax" if "expectimax" in budget else "ai")
    searcher = "expectimax" if "expectimax" in budget else "simulation" if "--rounds" in budget else "mcts"
    assert data["stats"]["searcher"] == searcher


def test_bestmove_text_tells_the_turn_and_the_alternatives(capsys, midgame):
    path, state = midgame
    status, out, _ = run(capsys, "bestmove", "godo", "--position", path, "--iterations", "50", "--workers", "1",
                         "--top", "2")  # fmt: skip
    assert status == 0
    assert out.startswith(f"player {state.current_player()} to move") and "\n  1. " in out
    assert "value:" in out and "search: ai" in out and "the AI's plan here: mcts" in out and "alternatives" in out


def test_bestmove_json_with_top_lists_alternatives(capsys, midgame):
    path, state = midgame
    data = run_json(capsys, "bestmove", "godo", "--position", path, "--iterations", "50", "--workers", "1",
                    "--top", "3")  # fmt: skip
    assert 1 <= len(data["alternatives"]) <= 3
    walker = state.clone()  # the alternatives are those of the turn's first decision with a choice
    chosen = next(a for a in data["actions"] if len(walker.legal_actions()) > 1 or walker.apply_action(a))
    assert all(alt["action"] in walker.legal_actions() for alt in data["alternatives"])
    assert data["alternatives"][0]["action"] == chosen  # the best alternative is the move played


def test_bestmove_refuses_a_chance_node_and_a_finished_game(capsys, tmp_path):
    game = solver.load_game("godo", players=2)
    chance = game.new_initial_state()
    assert chance.is_chance_node()
    over = game.new_initial_state()
    rng = random.Random(1)
    while not over.is_terminal():
        over.apply_action(random_step(over, rng))
    for name, state in (("chance", chance), ("over", over)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(state.to_json()))
        status, out, _ = run(capsys, "bestmove", "godo", "--position", str(path), "--iterations", "10", "--json")
        assert status == 2
        assert json.loads(out)["error"].startswith("position:")
        status, _, err = run(capsys, "bestmove", "godo", "--position", str(path), "--iterations", "10")
        assert status == 2 and err.startswith("error: position:")


def test_bestmove_loads_and_searches_without_garbage_collection(capsys, midgame, monkeypatch):
    """A one-shot query leaves the cyclic collector off while it loads the game and the kernel and
    searches (numba's many lasting objects made its passes cost about 0.1 s of a fresh process),
    and turns it back on after."""
    collecting = []
    for name in ("load_game", "best_move"):
        function = getattr(solver, name)
        monkeypatch.setattr(solver, name, lambda *a, f=function, **k: collecting.append(gc.isenabled()) or f(*a, **k))
    run_json(capsys, "bestmove", "godo", "--position", midgame[0], "--iterations", "50", "--workers", "1")
    assert collecting == [False, False]
    assert gc.isenabled()


def test_a_cli_process_leaves_its_objects_to_the_exit():
    """At exit the objects still alive are not freed one by one (0.15-0.2 s once numba is loaded):
    the command line freezes them first (an exit handler registered before ``main`` runs after it)."""
    script = ("import atexit, gc\n"
              "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
              "from solver.cli import main\n"
              "main(['games'])\n")  # fmt: skip
    root = Path(__file__).resolve().parents[1]  # ``python -c`` imports from its working folder
    proc = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "frozen True"


# -- solo ----------------------------------------------------------------------------------------


def test_solo_json_counts_add_up(capsys):
    data = run_json(capsys, "solo", "godo", "--games", "2", "--seed", "1", "--agent", MCTS,
                    "--baselines", "greedy,random")  # fmt: skip
    assert data["players"] == 1 and data["solo"] is True
    assert [a["agent"] for a in data["agents"]] == [MCTS, "greedy", "random"]
    table = {title for _, title in TITLES} | {"lost"}
    for agent in data["agents"]:
        assert agent["games"] == 2
        assert set(agent["titles"]) <= table
        assert sum(agent["titles"].values()) == 2
        assert agent["wins"] + agent["titles"]["lost"] == 2
        lo, hi = agent["ci95"]
        assert lo <= agent["win_rate"] <= hi
        assert agent["win_rate"] == agent["wins"] / 2
        assert [r["seed"] for r in agent["results"]] == [1, 2]
        assert all(r["title"] is None or r["title"] in table for r in agent["results"])
        assert agent["mean_score"] >= 0 and agent["mean_seconds"] > 0
        assert (agent["mean_score_wins"] is None) == (agent["wins"] == 0)
        scores = [r["score"] for r in agent["results"]]
        assert agent["distribution"] == {str(v): scores.count(v) for v in sorted(set(scores))}
        assert agent["min_score"] <= agent["median_score"] <= agent["max_score"]


def test_solo_game_matches_play_with_the_same_seed(capsys):
    data = run_json(capsys, "solo", "godo", "--games", "1", "--seed", "4", "--agent", "greedy", "--baselines", "")
    record = solver.play(solver.load_game("godo", players=1), "greedy", seed=4)
    assert data["agents"][0]["results"][0]["title"] == record.title
    assert data["agents"][0]["results"][0]["steps"] == record.steps


def test_solo_plot_writes_a_png(capsys, tmp_path):
    path = tmp_path / "titles.png"
    status, out, _ = run(capsys, "solo", "godo", "--games", "2", "--agent", "greedy", "--baselines", "random",
                         "--plot", str(path))  # fmt: skip
    assert status == 0
    assert path.read_bytes()[:8] == PNG_SIGNATURE
    assert "win rate" in out and "lost" in out and str(path) in out


def test_solo_plot_without_matplotlib_names_the_extra(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    status, _, err = run(capsys, "solo", "godo", "--games", "1", "--plot", str(tmp_path / "x.png"))
    assert status == 2
    assert err.startswith("error: plot:") and 'pip install -e ".[plot]"' in err


# -- arena ---------------------------------------------------------------------------------------


def test_arena_rotates_the_seats(capsys):
    data = run_json(capsys, "arena", "godo", "--players", "2", "--agents", f"{MCTS},greedy", "--games", "2")
    assert [a["agent"] for a in data["agents"]] == [MCTS, "greedy"]
    assert all(a["games"] == 2 and a["seats"] == [1, 1] for a in data["agents"])
    assert sum(a["wins"] for a in data["agents"]) == pytest.approx(2)
    for a in data["agents"]:
        lo, hi = a["ci95"]
        assert lo <= a["win_rate"] <= hi
        assert a["mean_score"] is not None


def test_arena_one_agent_for_all_seats(capsys):
    status, out, _ = run(capsys, "arena", "godo", "--players", "3", "--agents", "random", "--games", "3")
    assert status == 0
    assert "random #1" in out and "random #3" in out and "1/1/1" in out


# -- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, field",
    [
        (["solo", "godo", "--players", "2"], "players"),
        (["solo", "godo", "--agent", "genius"], "agent"),
        (["solo", "godo", "--agent", "mcts:speed=3"], "agent"),
        (["solo", "godo", "--baselines", "greedy,oracle"], "baselines"),
        (["solo", "godo", "--games", "0"], "games"),
        (["solo", "godo", "--time", "-1"], "time"),
        (["solo", "godo", "--agent", "expectimax", "--iterations", "5"], "iterations"),
        (["arena", "godo", "--players", "2", "--agents", "random,greedy,random"], "agents"),
        (["arena", "godo", "--players", "3", "--agents", "random,greedy"], "agents"),
        (["arena", "godo", "--agents", "mcts:time=fast"], "agents"),
        (["arena", "godo", "--agents", "genius"], "agents"),
        (["arena", "godo", "--players", "1", "--agents", "random"], "players"),
        (["arena", "chess", "--agents", "random"], "game"),
        (["bestmove", "godo", "--position", "/nonexistent/pos.json"], "position"),
    ],
)
def test_bad_options_are_errors_naming_the_field(capsys, argv, field):
    status, out, _ = run(capsys, *argv, "--json")
    assert status == 2
    assert json.loads(out)["error"].startswith(f"{field}:")


@pytest.mark.parametrize(
    "extra, field",
    [
        (["--algorithm", "alphabeta"], "algorithm"),
        (["--algorithm", "mcts", "--depth", "2"], "depth"),
        (["--iterations", "50", "--depth", "2"], "depth"),
        (["--algorithm", "expectimax", "--iterations", "50"], "iterations"),
        (["--algorithm", "mcts", "--rounds", "5"], "rounds"),
        (["--rounds", "0"], "rounds"),
        (["--top", "0"], "top"),
        (["--players", "3"], "players"),
    ],
)
def test_bad_bestmove_options_are_errors(capsys, midgame, extra, field):
    status, _, err = run(capsys, "bestmove", "godo", "--position", midgame[0], *extra)
    assert status == 2 and err.startswith(f"error: {field}:")


# -- report --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "wins, games, expected",
    [(0, 10, (0.0, 0.2775)), (5, 10, (0.2366, 0.7634)), (10, 10, (0.7225, 1.0)), (1, 4, (0.0456, 0.6994))],
)
def test_wilson_interval_known_values(wins, games, expected):
    lo, hi = report.wilson_interval(wins, games)
    assert lo == pytest.approx(expected[0], abs=1e-4) and hi == pytest.approx(expected[1], abs=1e-4)


def test_wilson_interval_edges():
    assert report.wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = report.wilson_interval(2.5, 5)  # shared wins are fractions
    assert lo == pytest.approx(1 - hi) and lo < 0.5 < hi
    narrow, wide = report.wilson_interval(50, 100), report.wilson_interval(5, 10)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    with pytest.raises(ValueError):
        report.wilson_interval(11, 10)


def test_summaries():
    games = [report.SoloGame(1, "Godo Legend", 12), report.SoloGame(2, None, 0, won=False),
             report.SoloGame(3, "Path Guardian", 5)]  # fmt: skip
    s = report.summarise_solo("x", games, GodoGame.solo_info)
    assert s["wins"] == 2 and s["titles"]["lost"] == 1 and sum(s["titles"].values()) == 3
    assert s["mean_score_wins"] == 8.5 and s["mean_score"] == pytest.approx(17 / 3, abs=1e-4)
    assert s["median_score"] == 5 and (s["min_score"], s["max_score"]) == (0, 12)
    assert s["distribution"] == {"0": 1, "5": 1, "12": 1}
    assert list(s["titles"]) == report.title_names(GodoGame.solo_info)
    scored = report.summarise_solo("y", [report.SoloGame(1, None, 180), report.SoloGame(2, None, 250)],
                                   SoloInfo("score"))  # fmt: skip
    assert scored["wins"] == 2 and scored["titles"] == {} and scored["mean_score"] == 215
    assert "win rate" not in report.solo_table([scored], SoloInfo("score"))
    arena = [
        report.ArenaGame(1, [0, 1], winners=[1], scores=[10, 20]),
        report.ArenaGame(2, [1, 0], winners=[0, 1], scores=[30, 30]),
    ]
    a, b = report.summarise_arena(["a", "b"], arena)
    assert (a["wins"], b["wins"]) == (0.5, 1.5)
    assert a["seats"] == b["seats"] == [1, 1]
    assert a["mean_score"] == 20 and b["mean_score"] == 25


def test_solo_keeps_a_local_record(capsys, tmp_path):
    path = tmp_path / "records" / "best.json"
    args = ["solo", "godo", "--games", "3", "--seed", "1", "--agent", "greedy", "--baselines", "",
            "--record", str(path)]  # fmt: skip
    first = run_json(capsys, *args)
    best = max((r["score"] for r in first["agents"][0]["results"] if r["won"]), default=None)
    assert first["record"]["best"] == best
    if best is None:
        return
    assert first["record"]["new"] is True and json.loads(path.read_text())[first["record"]["key"]]["score"] == best
    again = run_json(capsys, *args)  # the same games cannot beat it
    assert again["record"]["new"] is False and again["record"]["record"]["score"] == best
    path.write_text("[1, 2]")
    status, _, err = run(capsys, *args)
    assert status == 2 and err.startswith("error: record:")


def test_unknown_game_option_is_named(capsys):
    status, _, err = run(capsys, "play", "godo", "--option", "colour=blue")
    assert status == 2 and err.startswith("error: colour:")
    status, _, err = run(capsys, "play", "godo", "--option", "nokey")
    assert status == 2 and err.startswith("error: option:")
