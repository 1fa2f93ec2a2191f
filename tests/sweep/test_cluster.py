"""A sweep on a Dask cluster (a 2-worker ``LocalCluster`` of processes) plays the same games as
one process; a scheduler that cannot be reached is an error naming ``--scheduler``."""

from __future__ import annotations

import pytest

from solver.sweep import cluster
from tests.sweep.helpers import SOLO, lines, run

distributed = pytest.importorskip("distributed")


def test_a_local_cluster_plays_the_same_games_as_one_process(capsys, tmp_path):
    serial, dask = tmp_path / "serial.jsonl", tmp_path / "dask.jsonl"
    assert run(capsys, *SOLO, "--jobs", "1", "--out", str(serial))[0] == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as local:  # fmt: skip
        status, out, err = run(
            capsys, *SOLO, "--scheduler", local.scheduler_address, "--out", str(dask)
        )
    assert status == 0, err
    assert len(lines(dask)) == 12 and lines(dask) == lines(serial)


def test_an_unreachable_scheduler_is_an_error(capsys, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    status, _, err = run(capsys, *SOLO, "--scheduler", "tcp://127.0.0.1:9")
    assert status == 2 and err.startswith("error: scheduler: cannot reach tcp://127.0.0.1:9"), err
    status, _, err = run(capsys, "worker", "tcp://127.0.0.1:9")
    assert status == 2 and err.startswith("error: scheduler: cannot reach"), err
    status, _, err = run(capsys, "worker", "127.0.0.1")
    assert status == 2 and err.startswith("error: scheduler: expected tcp://HOST:PORT"), err
