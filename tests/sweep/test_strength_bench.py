"""``bench/strength.py``: a run keeps its games in ``--out``, and the same run again reads them back
instead of playing them (the games record the game's whole options, the pack too, and the run
must compare them with the same); ``--plot`` draws the curve from the games kept; the games of
an agent given ``params=PATH`` go to one file in ``--out``, the path's slashes made underscores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_a_second_run_with_out_plays_no_game_again(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.syspath_prepend(str(BENCH))
    import strength

    argv = ["kokoro", "--players", "1", "--budgets", "0.05", "--games", "2", "--against", "greedy",
            "--out", str(tmp_path), "--json"]  # fmt: skip
    assert strength.main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    kept = {path.name: path.read_text() for path in tmp_path.iterdir()}
    assert len(kept) == 2 and all(len(text.splitlines()) == 2 for text in kept.values())
    picture = tmp_path / "curve.png"
    assert strength.main([*argv, "--plot", str(picture)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert {path.name: path.read_text() for path in tmp_path.iterdir() if path != picture} == kept
    assert again["rows"] == first["rows"]
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_a_plot_that_cannot_be_written_is_refused_before_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.syspath_prepend(str(BENCH))
    import strength

    with pytest.raises(SystemExit) as exit_:
        strength.main(["kokoro", "--games", "1", "--out", str(tmp_path / "games"), "--plot", str(tmp_path / "no" / "c.png")])
    assert exit_.value.code == 2
    assert "plot: cannot write" in capsys.readouterr().err
    assert not (tmp_path / "games").exists()


def test_an_agent_given_a_params_path_keeps_its_games_in_out(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.syspath_prepend(str(BENCH))
    import strength

    params = tmp_path / "tuned" / "greedy.json"
    params.parent.mkdir()
    params.write_text(json.dumps({"game": "kokoro", "players": 1, "agent": "greedy", "heuristic": {"link": 5.5}}))
    games = tmp_path / "games"
    argv = ["kokoro", "--players", "1", "--budgets", "0.05", "--games", "1", "--against", f"greedy:params={params}",
            "--out", str(games), "--json"]  # fmt: skip
    assert strength.main(argv) == 0
    assert [row["agent"] for row in json.loads(capsys.readouterr().out)["rows"]] == [
        "ai:time=0.05:workers=1", f"greedy:params={params}"]
    assert sorted(path.name for path in games.iterdir()) == [
        "kokoro-1p-ai_time-0.05_workers-1.jsonl", f"kokoro-1p-greedy_params-{str(params).replace('/', '_')}.jsonl"]


def test_workers_name_the_ais_threads_and_a_count_below_one_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.syspath_prepend(str(BENCH))
    import strength

    argv = ["kokoro", "--players", "1", "--budgets", "0.05", "--games", "1", "--against", "greedy", "--json"]
    assert strength.main([*argv, "--workers", "2"]) == 0
    assert [row["agent"] for row in json.loads(capsys.readouterr().out)["rows"]] == ["ai:time=0.05:workers=2", "greedy"]
    with pytest.raises(SystemExit) as exit_:
        strength.main([*argv, "--workers", "0"])
    assert exit_.value.code == 2
    assert "--workers: expected an integer from 1 to 64, got 0" in capsys.readouterr().err
