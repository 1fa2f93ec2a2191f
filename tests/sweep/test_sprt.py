"""The SPRT: its error rates on simulated pairs of games of known strength (many tests, counted),
and its decision on real agents of known different strength."""

from __future__ import annotations

import json
import math
import random

import pytest

from solver.sweep.sprt import H0, H1, PAIR_SCORES, SPRT, elo_score, llr
from tests.sweep.helpers import run

TESTS = 400
"""Simulated tests per case: the error rate is counted to about +-1.1% (one standard error)."""


def simulate(
    test: SPRT, win: float, draw: float, rng: random.Random, most: int = 5000
) -> str | None:
    """Run ``test`` on pairs of independent games that the first agent wins with probability
    ``win`` and draws with ``draw``, until it decides (``None`` after ``most`` pairs)."""
    pairs = [0] * len(PAIR_SCORES)
    for _ in range(most):
        points = sum(
            2 if (r := rng.random()) < win else 1 if r < win + draw else 0 for _ in range(2)
        )
        pairs[points] += 1
        decision = test.decide(pairs)
        if decision:
            return decision
    return None


def rates(elo: float, draw: float = 0.2) -> tuple[float, float]:
    """The win and draw probabilities of an agent ``elo`` stronger, with ``draw`` draws."""
    return elo_score(elo) - draw / 2, draw


@pytest.mark.parametrize(("elo", "wrong", "limit"), [(0, H1, "alpha"), (100, H0, "beta")],
                         ids=["equal-agents", "stronger-agent"])  # fmt: skip
def test_error_rates_are_within_alpha_and_beta(elo, wrong, limit):
    test = SPRT(elo0=0, elo1=100, alpha=0.05, beta=0.1)
    rng = random.Random(elo)
    decisions = [simulate(test, *rates(elo), rng) for _ in range(TESTS)]
    assert None not in decisions
    errors = decisions.count(wrong) / TESTS
    bound = getattr(test, limit)
    assert errors <= bound + 3 * math.sqrt(bound * (1 - bound) / TESTS), errors


def test_a_much_weaker_agent_is_rejected_quickly():
    test = SPRT(elo0=0, elo1=100)
    rng = random.Random(3)
    assert all(simulate(test, *rates(-200), rng, most=200) == H0 for _ in range(50))


def test_llr_grows_with_the_evidence():
    test = SPRT(0, 50)
    assert test.llr([0, 0, 0, 0, 0]) == 0
    assert 0 < test.llr([1, 2, 5, 4, 3]) < test.llr([2, 4, 10, 8, 6])
    assert test.llr([3, 4, 5, 2, 1]) < 0
    # single games (the trinomial model): more wins than losses favour the stronger hypothesis
    assert llr([30, 20, 40], (0, 0.5, 1), elo_score(0), elo_score(50)) > 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("elo0=0,elo1=5,alpha=2", "alpha: expected a number above 0 and below 0.5"),
        ("elo0=5,elo1=0", "elo1 must be above elo0"),
        ("elo1=x", "elo1: expected a number"),
        ("gamma=1", "expected elo0=E,elo1=E,alpha=A,beta=B"),
        ("elo1=5,elo1=6", "elo1 given twice"),
        ("elo1=nan", "elo1: expected a number from -2000 to 2000"),
    ],
)
def test_bad_sprt_specs_are_errors(capsys, text, message):
    status, _, err = run(capsys, "arena", "kokoro", "--agents", "greedy,random", "--sprt", text)
    assert status == 2 and err.startswith(f"error: sprt: {message}"), err


def test_sprt_needs_two_players(capsys):
    status, _, err = run(
        capsys, "arena", "kokoro", "--players", "3", "--agents", "greedy", "--sprt", "elo1=50"
    )
    assert status == 2 and err.startswith("error: sprt: "), err


@pytest.mark.parametrize(("agents", "decision"), [("greedy,random", H1), ("random,greedy", H0)])
def test_sprt_decides_between_agents_of_known_strength(capsys, tmp_path, agents, decision):
    out = tmp_path / "games.jsonl"
    argv = ["arena", "kokoro", "--agents", agents, "--games", "400", "--seed", "1", "--jobs", "1",
            "--sprt", "elo0=0,elo1=100,alpha=0.05,beta=0.05", "--out", str(out)]  # fmt: skip
    status, text, err = run(capsys, *argv, "--json")
    assert status == 0, err
    summary = json.loads(text)["sprt"]
    assert summary["result"] == decision and summary["pairs"] < 50
    assert json.loads(text)["games"] == 2 * summary["pairs"] == len(out.read_text().splitlines())
    status, again, _ = run(
        capsys, *argv, "--resume", "--json"
    )  # decided already: nothing more is played
    assert (
        json.loads(again)["sprt"] == summary
        and len(out.read_text().splitlines()) == 2 * summary["pairs"]
    )
    assert ("H1 accepted" if decision == H1 else "H0 accepted") in run(capsys, *argv, "--resume")[1]
