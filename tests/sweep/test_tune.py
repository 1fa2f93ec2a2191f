"""``solver tune``: small real tunes of Kokoro's greedy agent that win back a bad start on fresh
seeds, a study that survives Ctrl-C and goes on with ``--resume``, a tune on a 2-worker Dask
``LocalCluster``, a 2-player tune confirmed by an SPRT, and bad input refused naming the field."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

import solver
from solver.core.params import parameters, read_params
from solver.search.settings import settings_listing
from solver.sweep import tune
from tests.sweep.helpers import run

optuna = pytest.importorskip("optuna")

SMALL = ["tune", "kokoro", "--players", "1", "--agent", "greedy", "--jobs", "1", "--seed", "1"]


def _start(tmp_path: Path, end: str) -> Path:
    """A parameters file with every Kokoro solo weight at the ``end`` of its range."""
    path = tmp_path / f"start-{end}.json"
    weights = {p.name: getattr(p, end) for p in parameters("kokoro", 1, "heuristic")}
    path.write_text(json.dumps({"game": "kokoro", "players": 1, "heuristic": weights}))
    return path


def _trials(db: Path) -> list:
    study = optuna.load_study(study_name="tune", storage=f"sqlite:///{db}")
    return study.trials


@pytest.mark.parametrize("end", ["low", "high"])
def test_thirty_trials_win_back_half_the_gap_from_the_ends_of_the_ranges(capsys, tmp_path, end):
    """30 trials of 16 solo games from every weight at one end of its range: on 100 fresh seeds the
    tuned weights make up at least half of what the start loses against the shipped weights."""
    out, plot = tmp_path / "tuned.json", tmp_path / "history.png"
    status, text, err = run(capsys, *SMALL, "--trials", "30", "--games", "16", "--confirm", "100",
                            "--params", str(_start(tmp_path, end)), "--study", f"sqlite:///{tmp_path / 't.db'}",
                            "--out", str(out), "--plot", str(plot))  # fmt: skip
    assert status == 0, err
    tuned = read_params(out)
    record = json.loads(tuned.tune)
    confirmation = record["confirmation"]
    assert record["trials"] == 30 and record["games"] == 16 and record["seeds"] == [1, 16]
    assert confirmation["seeds"] == [17, 116] and confirmation["games"] == 100
    game = solver.load_game("kokoro", players=1, backend="numba")
    shipped = statistics.fmean(solver.play(game, "greedy", seed=s).scores[0] for s in range(17, 117))
    gap = shipped - confirmation["start_mean"]
    assert gap > 20, "the start should be far below the shipped weights"
    assert confirmation["tuned_mean"] - confirmation["start_mean"] >= gap / 2, (confirmation, shipped)
    assert confirmation["verdict"] == "better" and confirmation["interval"][0] > 0
    assert "confirmed on 100 fresh games (seeds 17-116)" in text and plot.stat().st_size > 10_000
    assert set(tuned.values("heuristic")) == {p.name for p in parameters("kokoro", 1, "heuristic")}


def test_a_study_survives_ctrl_c_and_resume_goes_on_with_it(capsys, tmp_path):
    db = tmp_path / "t.db"
    storage = f"sqlite:///{db}"
    game = solver.load_game("kokoro", players=1, backend="numba")
    tuning = tune.Tuning.make(game, "kokoro", {"players": 1, "backend": "numba"}, "greedy", ["link", "current"],
                              None, 4, 1)  # fmt: skip
    study = tune.open_study(tuning, storage, "tune", resume=False)
    played = []

    def interrupted(plan):  # the start plays, a generation, then the next is stopped by Ctrl-C half-way
        for job in plan:
            if len(played) >= 4 + 4 * tune.generation(tuning) + 4 * tune.generation(tuning) // 2:
                raise KeyboardInterrupt
            played.append(job)
            yield tune.play_job(job)

    with pytest.raises(KeyboardInterrupt):
        tune.run_trials(tuning, study, 20, interrupted)
    states = [t.state.name for t in _trials(db)]
    kept = 1 + tune.generation(tuning)
    assert states == ["COMPLETE"] * kept + ["FAIL"] * tune.generation(tuning)
    first = [(t.number, t.params, t.value) for t in _trials(db) if t.state.name == "COMPLETE"]

    args = [*SMALL, "--tune", "link,current", "--games", "4", "--confirm", "4", "--study", storage,
            "--out", str(tmp_path / "t.json")]  # fmt: skip
    status, _, err = run(capsys, *args, "--trials", "12")
    assert status == 2 and err.startswith(f"error: study: {storage} holds the study 'tune' already"), err
    status, text, err = run(capsys, *args, "--trials", "12", "--resume")
    assert status == 0, err
    done = [t for t in _trials(db) if t.state.name == "COMPLETE"]
    assert len(done) == 12 and [(t.number, t.params, t.value) for t in done][: len(first)] == first
    assert json.loads(read_params(tmp_path / "t.json").tune)["trials"] == 12
    status, _, err = run(capsys, *args, "--trials", "12", "--resume", "--seed", "2")
    assert status == 2 and err.startswith("error: study: the study 'tune' in") and "seed 1" in err, err
    koi = ["tune", "koi", *SMALL[2:], "--tune", "coin", "--games", "4", "--study", storage, "--out", str(tmp_path / "k.json")]
    status, _, err = run(capsys, *koi, "--trials", "12", "--resume")
    assert status == 2 and "tunes with game 'kokoro', not 'koi'" in err, err
    status, _, err = run(capsys, *args[:-4], "--study", f"sqlite:///{tmp_path / 'none.db'}",
                         "--out", str(tmp_path / "t.json"), "--trials", "2", "--resume")  # fmt: skip
    assert status == 2 and err.startswith("error: resume: ") and "holds no study" in err, err


def test_a_tune_on_a_two_worker_local_cluster_keeps_every_trial(capsys, tmp_path):
    distributed = pytest.importorskip("distributed")
    db = tmp_path / "t.db"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as local:  # fmt: skip
        status, _, err = run(capsys, "tune", "kokoro", "--players", "1", "--agent", "greedy", "--tune", "link,growth",
                             "--trials", "8", "--games", "6", "--confirm", "6", "--scheduler", local.scheduler_address,
                             "--study", f"sqlite:///{db}", "--out", str(tmp_path / "t.json"))  # fmt: skip
    assert status == 0, err
    trials = _trials(db)
    assert len(trials) == 8 and all(t.state.name == "COMPLETE" for t in trials)
    assert json.loads(read_params(tmp_path / "t.json").tune)["confirmation"]["games"] == 6


def test_a_two_player_tune_plays_against_its_start_and_confirms_with_an_sprt(capsys, tmp_path):
    out = tmp_path / "t.json"
    status, text, _ = run(capsys, "tune", "kokoro", "--players", "2", "--agent", "greedy", "--tune", "link,current",
                          "--trials", "5", "--games", "4", "--confirm", "20", "--jobs", "1", "--json",
                          "--study", f"sqlite:///{tmp_path / 't.db'}", "--out", str(out))  # fmt: skip
    data = json.loads(text)
    assert status == 0, data
    assert data["objective"] == "share of wins against the start values" and data["trials"] == 5
    assert data["start_value"] == 0.5  # the start against itself, each seed at both seats
    confirmation = data["confirmation"]
    assert 0 <= confirmation["win_rate"] <= 1 and confirmation["even"] == 0.5
    assert confirmation["sprt"]["pairs"] * 2 == confirmation["games"] <= 20
    assert read_params(out).players == 2 and data["values"]["players"] == 2


@pytest.mark.parametrize(
    "extra, field",
    [
        (["--agent", "random"], "agent"),
        (["--agent", "greedy:params=t.json"], "agent"),
        (["--agent", "greedy", "--tune", "lnk"], "tune"),
        (["--agent", "greedy", "--tune", "explore"], "tune"),
        (["--agent", "mcts", "--tune", "temperature"], "tune"),
        (["--agent", "greedy", "--players", "3", "--games", "4"], "games"),
        (["--agent", "greedy", "--trials", "0"], "trials"),
        (["--agent", "greedy", "--step", "0"], "step"),
        (["--agent", "greedy", "--out", "/no/such/folder/t.json"], "out"),
        (["--agent", "greedy", "--study", "nosuchdb:///x"], "study"),
    ],
)
def test_bad_input_is_refused_naming_the_field(capsys, tmp_path, extra, field):
    argv = ["tune", "kokoro", "--players", "1", "--jobs", "1", "--study", f"sqlite:///{tmp_path / 't.db'}",
            "--out", str(tmp_path / "t.json")]  # fmt: skip
    status, _, err = run(capsys, *argv, *extra)
    assert status == 2 and err.startswith(f"error: {field}: "), err
    assert not (tmp_path / "t.json").exists()


def test_the_ai_is_tuned_for_the_searcher_it_plays_the_game_with(capsys, tmp_path):
    """``--agent ai``: the trials play the AI (here greedy's playouts, two rounds a decision) and
    the file is for its searcher (``simulation``), starting from what it plays with (greedy's
    shipped weights, which the playouts take until they have their own); Go Goa, where the AI
    plays greedy without a search, is refused."""
    out = tmp_path / "ai.json"
    status, _, err = run(capsys, *SMALL[:4], "--agent", "ai:rounds=2", *SMALL[6:], "--tune", "link", "--trials", "2",
                         "--games", "2", "--confirm", "2", "--study", f"sqlite:///{tmp_path / 't.db'}",
                         "--out", str(out))  # fmt: skip
    assert status == 0, err
    tuned = read_params(out)
    record = json.loads(tuned.tune)
    assert tuned.agent == "simulation" and record["agent"] == "ai:rounds=2:workers=1"
    kstate = solver.load_game("kokoro", players=1, backend="numba").new_initial_state().kernel_state()
    assert record["start"]["link"] == settings_listing(kstate, None, "greedy")["heuristic"]["link"]["value"]
    out = tmp_path / "g.json"  # Go Goa's AI judges by foresight: its file is for that searcher
    status, _, err = run(capsys, "tune", "gogoa", "--players", "1", "--agent", "ai:rounds=1", "--seed", "1",
                         "--tune", "horizon", "--trials", "2", "--games", "2", "--confirm", "2", "--jobs", "1",
                         "--study", f"sqlite:///{tmp_path / 'g.db'}", "--out", str(out))  # fmt: skip
    assert status == 0, err
    assert read_params(out).agent == "foresight"


def test_a_start_file_out_of_range_is_refused(capsys, tmp_path):
    path = tmp_path / "start.json"
    path.write_text(json.dumps({"game": "kokoro", "players": 1, "heuristic": {"link": 100}}))
    status, _, err = run(capsys, *SMALL, "--params", str(path), "--study", f"sqlite:///{tmp_path / 't.db'}",
                         "--out", str(tmp_path / "t.json"))  # fmt: skip
    assert status == 2 and err.startswith("error: params.heuristic.link: expected 0.5 to 15.0, got 100"), err
