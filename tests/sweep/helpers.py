"""Shared pieces of the sweep tests: running the command line and reading its results files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli import main
from solver.sweep.jobs import result_key, without_timing

SOLO = ["solo", "kokoro", "--games", "4", "--seed", "5", "--agent", "mcts:iterations=20",
        "--baselines", "greedy,random"]  # fmt: skip
"""A small solo sweep: 12 games of three agents, about a second on one core once compiled."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def lines(path: Path) -> list[dict]:
    """A results file's games without their timing fields, in a fixed order (by key)."""
    games = [json.loads(line) for line in path.read_text().splitlines()]
    return sorted((without_timing(g) for g in games), key=lambda g: repr(result_key(g)))
