"""For the benchmarks in bench/ only: a compact summary of the medians per backend, with speed-ups.

Loaded only when pytest runs files under bench/ (the project's ``testpaths`` leave bench/ out).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

MEDIANS = pytest.StashKey[dict]()
BACKENDS = ("reference", "numba", "numba-kernel")


@pytest.fixture
def summary(request: pytest.FixtureRequest, benchmark: Any) -> Iterator[None]:
    """Record the benchmark's median under its group and ``extra_info["backend"]``."""
    yield
    meta = getattr(benchmark, "stats", None)
    backend = benchmark.extra_info.get("backend")
    if meta and backend:
        table = request.config.stash.setdefault(MEDIANS, {})
        table.setdefault(benchmark.group, {})[backend] = meta.stats.median


@pytest.hookimpl(trylast=True)  # after pytest-benchmark's own tables
def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    table = config.stash.get(MEDIANS, None)
    if not table:
        return
    tr = terminalreporter
    tr.section("GODŌ backends: median time per call (µs), speed-up over the reference")
    tr.write_line(f"{'benchmark':<48} {'reference':>10} {'numba':>8} {'kernel':>8} "
                  f"{'ref/numba':>9} {'ref/kernel':>10}")  # fmt: skip
    for group in table:  # in the order the benchmarks ran
        row = table[group]
        cells = [f"{row[b] * 1e6:>{w}.2f}" if b in row else " " * w
                 for b, w in zip(BACKENDS, (10, 8, 8))]  # fmt: skip
        ratios = [f"{row['reference'] / row[b]:>{w - 1}.0f}x" if "reference" in row and b in row
                  else " " * w for b, w in (("numba", 9), ("numba-kernel", 10))]  # fmt: skip
        tr.write_line(f"{group:<48} {' '.join(cells)} {' '.join(ratios)}")
    tr.write_line("numba: the Python state API on the numba backend; "
                  "kernel: the kernel functions on the state array.")  # fmt: skip
