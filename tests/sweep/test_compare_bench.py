"""``bench/compare.py``: two runs' games paired by game, options, seed and the compared agent's
seat, solo (scores) and with players (shares of the wins, score leads, by seat), the numbers
those of the games themselves; files still being written are read without being changed; bad
input refused naming the side."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from solver.cli import main as solver_main
from solver.report import wilson_interval
from solver.sweep.jobs import share_of_wins

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Seeded games of Kokoro: greedy and random solo in one file (with its baselines, as ``solver
    solo`` keeps them), and duels with random or greedy as the first agent on the same seeds."""
    folder = tmp_path_factory.mktemp("runs")
    files = {"solo": folder / "solo.jsonl", "random": folder / "random.jsonl", "greedy": folder / "greedy.jsonl"}
    assert solver_main(["solo", "kokoro", "--games", "6", "--seed", "1", "--agent", "greedy", "--baselines", "random",
                        "--jobs", "1", "--out", str(files["solo"]), "--json"]) == 0  # fmt: skip
    for first, second in (("random", "greedy"), ("greedy", "random")):
        assert solver_main(["arena", "kokoro", "--players", "2", "--games", "6", "--seed", "1", "--agents",
                            f"{first},{second}", "--jobs", "1", "--out", str(files[first]), "--json"]) == 0  # fmt: skip
    return files


@pytest.fixture
def compare(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    """``bench/compare.py``'s main: (status, stdout, stderr); a parser error gives its status."""
    monkeypatch.syspath_prepend(str(BENCH))
    import compare as module

    def run(*argv: str) -> tuple[int, str, str]:
        try:
            status = module.main(list(argv))
        except SystemExit as exc:
            status = int(exc.code or 0)
        out, err = capsys.readouterr()
        return status, out, err

    return run


def games(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_solo_scores_are_paired_seed_by_seed(runs, compare):
    status, out, err = compare(str(runs["solo"]), str(runs["solo"]), "--before-agent", "random", "--after-agent",
                               "greedy", "--json")  # fmt: skip
    assert status == 0, err
    report = json.loads(out)
    by = {agent: {g["seed"]: g["score"] for g in games(runs["solo"]) if g["agents"] == [agent]} for agent in ("random", "greedy")}
    differences = [by["greedy"][seed] - by["random"][seed] for seed in range(1, 7)]
    assert report["games"] == 6 and report["unmatched"] == {"before": 0, "after": 0}
    assert report["before"] == pytest.approx(statistics.fmean(by["random"].values()), abs=1e-4)
    assert report["after"] == pytest.approx(statistics.fmean(by["greedy"].values()), abs=1e-4)
    assert report["difference"]["mean"] == pytest.approx(statistics.fmean(differences), abs=1e-4)
    assert report["difference"]["interval"][0] < report["difference"]["mean"] < report["difference"]["interval"][1]
    assert report["played_differently"] == 6 and report["ended_otherwise"] == sum(d != 0 for d in differences)


def test_a_run_against_itself_differs_in_nothing(runs, compare):
    status, out, _ = compare(str(runs["greedy"]), str(runs["greedy"]))
    assert status == 0
    assert "6 games matched" in out and "played differently 0, of which ended otherwise 0" in out
    assert "+0.0 [+0.0, +0.0] points of the wins" in out


def test_duels_are_paired_by_seed_and_seat(runs, compare):
    status, out, err = compare(str(runs["random"]), str(runs["greedy"]), "--json")
    assert status == 0, err
    report = json.loads(out)
    before, after = games(runs["random"]), games(runs["greedy"])
    assert report["games"] == 6 and report["agents"] == {"before": "random", "after": "greedy"}
    for side, played in (("before", before), ("after", after)):
        shares = [share_of_wins(g) for g in played]
        assert report[side]["share"] == pytest.approx(statistics.fmean(shares), abs=1e-4)
        assert report[side]["interval"] == pytest.approx(wilson_interval(sum(shares), 6), abs=1e-4)
        seats = {str(s): [round(sum(x for x, g in zip(shares, played) if g["seats"].index(0) == s), 2), 3] for s in (0, 1)}
        assert report[side]["by_seat"] == seats
        leads = [g["scores"][g["seats"].index(0)] - g["scores"][g["seats"].index(1)] for g in played]
        assert report[side]["lead"] == pytest.approx(statistics.fmean(leads), abs=0.01)
    assert report["after"]["share"] > report["before"]["share"]  # greedy beats random
    assert report["difference"]["mean"] == pytest.approx(report["after"]["share"] - report["before"]["share"], abs=1e-3)


def test_files_joined_by_commas_and_games_without_a_match(runs, compare, tmp_path):
    first, rest = tmp_path / "first.jsonl", tmp_path / "rest.jsonl"
    lines = runs["greedy"].read_text().splitlines(keepends=True)
    first.write_text("".join(lines[:2]))
    rest.write_text("".join(lines[2:]))
    status, out, _ = compare(f"{first},{rest}", str(runs["greedy"]))
    assert status == 0 and "6 games matched" in out
    status, out, _ = compare(str(first), str(runs["greedy"]))
    assert status == 0 and "2 games matched (unmatched: 0 before, 4 after)" in out


def test_a_file_being_written_is_read_as_it_is_and_left_unchanged(runs, compare, tmp_path):
    growing = tmp_path / "growing.jsonl"
    text = runs["greedy"].read_text()
    growing.write_text(text + '{"game": "kokoro", "opt')  # a sweep in the middle of a line
    status, out, err = compare(str(growing), str(runs["greedy"]))
    assert status == 0 and "6 games matched" in out and "cut short" in err and "left out" in err
    assert growing.read_text() == text + '{"game": "kokoro", "opt'


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        ("solo", "solo", "error: before: its games have several first agents (greedy, random): name one with --before-agent"),
        ("missing", "greedy", "error: before: cannot read "),
        ("greedy", "solo", "error: after: its games have several first agents"),
        ("broken", "greedy", "error: before: line 2 of "),
        ("scoreless", "greedy", "error: before: line 1 of "),
        ("twice", "greedy", "error: before: seed 1 with greedy in seat 0 appears twice"),
        ("empty", "greedy", "error: before: no games in "),
        ("everywhere", "greedy", "error: before: line 1 of "),
    ],
)
def test_bad_input_is_refused_naming_the_side(runs, compare, tmp_path, before, after, expected):
    lines = runs["greedy"].read_text().splitlines(keepends=True)
    made = {
        "missing": "",
        "broken": lines[0] + "{not json}\n",
        "scoreless": json.dumps({k: v for k, v in json.loads(lines[0]).items() if k != "scores"}) + "\n",
        "twice": lines[0] + lines[0],
        "empty": "",
        "everywhere": json.dumps(json.loads(lines[0]) | {"seats": [0, 0]}) + "\n",  # one agent in every seat
    }
    paths = dict(runs)
    for name, text in made.items():
        paths[name] = tmp_path / f"{name}.jsonl"
        if name != "missing":
            paths[name].write_text(text)
    status, _, err = compare(str(paths[before]), str(paths[after]))
    assert status == 2 and expected in err, err


def test_games_of_another_game_or_count_do_not_match(runs, compare):
    status, _, err = compare(str(runs["greedy"]), str(runs["solo"]), "--after-agent", "greedy")
    assert status == 2 and "error: after: no game matches one of before" in err
