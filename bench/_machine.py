"""What the benchmarks ran on: machine, interpreter and library versions (for the bench scripts)."""

from __future__ import annotations

import os
import platform
from typing import Any


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_info() -> dict[str, Any]:
    import numpy

    info: dict[str, Any] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "numpy": numpy.__version__,
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu": cpu_model(),
        "cpus": os.cpu_count(),
    }
    try:
        import numba

        info["numba"] = numba.__version__
    except ImportError:  # pragma: no cover - numba is a dependency
        info["numba"] = None
    try:
        info["load_average"] = [round(x, 2) for x in os.getloadavg()]
    except OSError:  # pragma: no cover - not on every platform
        info["load_average"] = None
    return info


def describe(info: dict[str, Any]) -> list[str]:
    load = info.get("load_average")
    return [
        f"machine: {info['cpu']}, {info['cpus']} CPUs, {info['platform']}"
        + (f" (load average {load[0]:.2f} at start)" if load else ""),
        f"python {info['python']} ({info['implementation']}), numba {info['numba']}, "
        f"numpy {info['numpy']}",
    ]
