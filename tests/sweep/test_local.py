"""Local sweeps: the same games for every ``--jobs``, none lost to a killed worker, ``--resume``
playing exactly the missing games, and bad input refused naming the flag."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal

import pytest

from solver.sweep import local
from solver.sweep.jobs import Job, play_job, without_timing
from tests.sweep.helpers import SOLO, lines, run


@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory):
    """The small solo sweep played in this process (``--jobs 1``): its results file."""
    path = tmp_path_factory.mktemp("serial") / "games.jsonl"
    assert local.play_local  # the module is imported before any test patches it
    from solver.cli import main

    assert main([*SOLO, "--jobs", "1", "--out", str(path), "--json"]) == 0
    return path


def test_two_processes_play_the_same_games(capsys, serial, tmp_path):
    path = tmp_path / "games.jsonl"
    status, out, err = run(capsys, *SOLO, "--jobs", "2", "--out", str(path), "--json")
    assert status == 0, err
    assert len(lines(serial)) == 12 and lines(path) == lines(serial)
    summary = json.loads(out)
    assert [a["agent"] for a in summary["agents"]] == [
        "mcts:iterations=20:workers=1",
        "greedy",
        "random",
    ]
    assert [r["seed"] for r in summary["agents"][0]["results"]] == [5, 6, 7, 8]


def test_a_killed_worker_loses_no_game():
    plan = [Job("kokoro", (("players", 1),), ("greedy",), (0,), seed) for seed in range(1, 9)]
    results = []
    for result in local.play_local(plan, workers=2):
        if not results:  # the first game is in: kill a worker while others play
            victim = next(
                p for p in multiprocessing.active_children() if p.name.startswith("SpawnProcess")
            )
            os.kill(victim.pid, signal.SIGKILL)
        results.append(result)
    assert sorted(r["seed"] for r in results) == list(range(1, 9))
    for result in results[::3]:
        assert without_timing(result) == without_timing(
            play_job(Job(**{**vars(plan[0]), "seed": result["seed"]}))
        )


def test_resume_after_an_interrupt_plays_exactly_the_missing_games(
    capsys, serial, tmp_path, monkeypatch
):
    path = tmp_path / "games.jsonl"
    played: list[int] = []

    def interrupted(job: Job) -> dict:
        if len(played) == 5:
            raise KeyboardInterrupt
        played.append(job.seed)
        return play_job(job)

    monkeypatch.setattr(local, "play_job", interrupted)
    status, _, err = run(capsys, *SOLO, "--jobs", "1", "--out", str(path))
    assert status == 130 and "interrupted: 5 of 12 games finished" in err and "--resume" in err
    assert len(path.read_text().splitlines()) == 5
    kept = {(tuple(g["agents"]), g["seed"]) for g in lines(path)}
    with path.open("a") as handle:
        handle.write('{"game": "kokoro", "opt')  # a writer killed in the middle of a line

    replayed: list[tuple[tuple[str, ...], int]] = []
    monkeypatch.setattr(
        local, "play_job", lambda job: replayed.append((job.agents, job.seed)) or play_job(job)
    )
    status, _, err = run(capsys, *SOLO, "--jobs", "1", "--out", str(path), "--resume")
    assert status == 0 and "cut short" in err
    assert len(replayed) == 7 and not kept & set(replayed)
    assert lines(path) == lines(serial)

    replayed.clear()
    assert run(capsys, *SOLO, "--jobs", "1", "--out", str(path), "--resume")[0] == 0
    assert replayed == []


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        (["--jobs", "0"], "jobs"),
        (["--resume"], "resume"),
        (["--out", "/nonexistent-folder/games.jsonl"], "out"),
        (["--out", "/"], "out"),
        (["--scheduler", "http://x"], "scheduler"),
        (["--scheduler", "tcp://127.0.0.1:8786", "--jobs", "2"], "jobs"),
    ],
)
def test_bad_sweep_options_are_errors_naming_the_flag(capsys, extra, field):
    status, out, err = run(capsys, *SOLO, *extra)
    assert status == 2 and err.startswith(f"error: {field}: "), err


def test_an_existing_or_broken_results_file_is_refused(capsys, serial, tmp_path):
    status, _, err = run(capsys, *SOLO, "--out", str(serial))
    assert status == 2 and "error: out: " in err and "--resume" in err
    broken = tmp_path / "broken.jsonl"
    broken.write_text(serial.read_text().splitlines()[0] + "\n{not json}\n")
    status, _, err = run(capsys, *SOLO, "--out", str(broken), "--resume")
    assert status == 2 and err.startswith("error: out: line 2 of "), err
    other = tmp_path / "other.jsonl"
    other.write_text(serial.read_text().replace('"side": "blue"', '"side": "pink"'))
    status, _, err = run(capsys, *SOLO, "--out", str(other), "--resume")
    assert status == 2 and "not of this sweep" in err, err
