"""The ``solver`` command: every command answers in JSON, and bad input is an error naming the field."""

from __future__ import annotations

import json

import pytest

import solver
from solver.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_play_json_reports_a_finished_game(capsys):
    status, out, _ = run(capsys, "play", "godo", "--players", "3", "--agents", "random", "--seed", "1", "--json")
    data = json.loads(out)
    assert status == 0
    assert data["players"] == 3 and data["agents"] == ["random"] * 3
    assert data["winners"] and max(data["returns"]) > 0
    record = solver.play(solver.load_game("godo", players=3), "random", seed=1)
    assert data["steps"] == record.steps and data["scores"] == record.scores


def test_play_text_tells_the_game_in_words(capsys):
    status, out, _ = run(capsys, "play", "godo", "--players", "2", "--seed", "3")
    assert status == 0
    assert "place tile" in out and "winner" in out


def test_solo_play_names_the_outcome(capsys):
    status, out, _ = run(capsys, "play", "godo", "--players", "1", "--seed", "2", "--quiet")
    assert status == 0
    assert "won:" in out or "lost:" in out


def test_perft_json_matches_the_library(capsys):
    status, out, _ = run(capsys, "perft", "godo", "--players", "2", "--seed", "1", "--walk", "40", "--depth", "3", "--json")
    data = json.loads(out)
    state = solver.core.perft.walk(solver.load_game("godo", players=2).new_initial_state(), 40, 1)
    assert status == 0
    assert data["nodes"] == solver.perft(state, 3)


def test_perft_divide_adds_up(capsys):
    status, out, _ = run(capsys, "perft", "godo", "--seed", "2", "--walk", "12", "--depth", "2", "--divide", "--json")
    data = json.loads(out)
    assert status == 0 and sum(data["divide"].values()) == data["nodes"]


def test_show_reads_a_position_and_lists_moves(capsys, tmp_path):
    game = solver.load_game("godo", players=2)
    state = solver.core.perft.walk(game.new_initial_state(), 30, 5)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(state.to_json()))
    status, out, _ = run(capsys, "show", "godo", "--position", str(path), "--json")
    data = json.loads(out)
    assert status == 0
    assert [m["action"] for m in data["legal_actions"]] == state.legal_actions()


@pytest.mark.parametrize(
    "argv, field",
    [
        (["play", "chess"], "game"),
        (["play", "godo", "--players", "7"], "players"),
        (["play", "godo", "--agents", "genius"], "agents"),
        (["play", "godo", "--pack", "/nonexistent/pack.json"], "pack"),
    ],
)
def test_bad_options_are_errors_naming_the_field(capsys, argv, field):
    status, out, _ = run(capsys, *argv, "--json")
    assert status == 2
    assert json.loads(out)["error"].startswith(f"{field}:")


def test_bad_position_files_are_errors(capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    status, _, err = run(capsys, "show", "godo", "--position", str(broken))
    assert status == 2 and err.startswith("error: position:")

    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"game": "godo", "phase": "place", "monks": "here"}))
    status, out, _ = run(capsys, "show", "godo", "--position", str(wrong), "--json")
    assert status == 2 and "error" in json.loads(out)


@pytest.mark.parametrize("game", ["godo", "gogoa", "kokoro"])
def test_play_solo_ends_with_the_result_in_words(capsys, game):
    assert main(["play", game, "--players", "1", "--agents", "random", "--seed", "2", "--quiet"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    if game == "godo":
        assert last.startswith(("won: stock left", "lost: stock left"))
    else:
        assert last.startswith("solo: score ")
