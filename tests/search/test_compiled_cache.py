"""The searchers are compiled once and cached on disk (``solver.search.compiled``).

Fresh processes with their own ``XDG_CACHE_HOME`` (where the generated modules go, and numba's
cache of them unless ``NUMBA_CACHE_DIR`` is set): the first compiles the search, the second loads
it from the cache (numba's dispatcher stats say which) and finds the same seeded move. The kernels
themselves come from whatever cache the test run already uses. The generated text changes when the
kernel's or the searcher's source does, so numba never reuses a stale cache; a process that writes
a new one prunes those no process has used for ``UNUSED_DAYS``. A search loads the compiled code it
runs and nothing else.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solver.games.godo import ckernel
from solver.search import compiled, greedy, simulation

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import inspect, json, sys
import solver
from solver.core.perft import walk
from solver.search.mcts import make_mcts
game, backend = sys.argv[1], sys.argv[2]
state = walk(solver.load_game(game, players=2, backend=backend).new_initial_state(), 40, 3)
while state.is_chance_node():
    state.apply_action(state.legal_actions()[0])
decision = solver.best_move(state, iterations=300, seed=3, workers=1)
search = make_mcts(state.kernel_state().search_kernel())
print(json.dumps({
    "actions": decision.actions,
    "value": decision.value,
    "hits": sum(search.stats.cache_hits.values()),
    "misses": sum(search.stats.cache_misses.values()),
    "file": inspect.getsourcefile(search.py_func),
}))
"""


def fresh_process(script: str, *args: str, cache_home: Path | None = None) -> dict:
    """The JSON line a new process running ``script`` prints last (with ``XDG_CACHE_HOME`` at
    ``cache_home`` if given, else the test run's own)."""
    env = dict(os.environ) if cache_home is None else dict(os.environ, XDG_CACHE_HOME=str(cache_home))
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    proc = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize(
    "game, backend",
    [
        ("kokoro", "numba"),
        pytest.param("godo", "c", marks=pytest.mark.skipif(not ckernel.available(), reason="no C")),
    ],
)
def test_a_second_process_loads_the_search_from_the_cache(tmp_path, game, backend):
    first = fresh_process(CHILD, game, backend, cache_home=tmp_path)
    second = fresh_process(CHILD, game, backend, cache_home=tmp_path)
    assert (first["hits"], first["misses"]) == (0, 1)  # compiled, and written to the cache
    assert (second["hits"], second["misses"]) == (1, 0)  # loaded: nothing compiled
    assert (second["actions"], second["value"]) == (first["actions"], first["value"])
    assert first["file"] == second["file"]
    assert Path(first["file"]).parent == tmp_path / "solver" / "searchers"


FAKE_KERNEL = "BUFFER = 4\n" + "".join(
    f"\n\ndef {name}(*args):\n    return 0\n" for name in compiled.INTERFACE if name != "BUFFER"
)

FAKE_SEARCHER = """
from solver.search.compiled import BUFFER, legal_actions

LIMIT = 3


def count(s, acts):
    return min(legal_actions(s, acts), BUFFER, LIMIT)


COMPILED = (count,)
"""


def load(path: Path, text: str, name: str):
    """Write ``text`` to ``path`` and import it as ``name`` (replacing an earlier import)."""
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def fake_modules(tmp_path):
    yield tmp_path
    for name in ("fake_kernel_for_compiled", "fake_searcher_for_compiled"):
        sys.modules.pop(name, None)


def test_the_generated_module_changes_with_the_kernel_source(fake_modules):
    kernel = load(fake_modules / "k.py", FAKE_KERNEL, "fake_kernel_for_compiled")
    before = compiled.source(greedy, kernel)
    assert compiled.source(greedy, kernel) == before  # the same sources: the same text
    assert "from fake_kernel_for_compiled import BUFFER, apply_action, chance_outcomes" in before
    assert "@njit(cache=True, nogil=True)\ndef choose(s, heur):" in before

    kernel = load(fake_modules / "k.py", FAKE_KERNEL + "# a comment is a change too\n",
                  "fake_kernel_for_compiled")  # fmt: skip
    after = compiled.source(greedy, kernel)
    assert after != before
    names = {compiled.module_name(greedy, kernel, text) for text in (before, after)}
    assert len(names) == 2  # a new file, so numba compiles anew
    assert after[after.index("@njit") :] == before[before.index("@njit") :]  # the same code


def test_the_generated_module_changes_with_the_searcher_source(fake_modules):
    kernel = load(fake_modules / "k.py", FAKE_KERNEL, "fake_kernel_for_compiled")
    searcher = load(fake_modules / "s.py", FAKE_SEARCHER, "fake_searcher_for_compiled")
    before = compiled.source(searcher, kernel)
    assert "from fake_kernel_for_compiled import BUFFER, legal_actions\n" in before
    assert "from fake_searcher_for_compiled import LIMIT\n" in before  # its constants, by name
    searcher = load(fake_modules / "s.py", FAKE_SEARCHER.replace("LIMIT = 3", "LIMIT = 4"),
                    "fake_searcher_for_compiled")  # fmt: skip
    assert compiled.source(searcher, kernel) != before  # a constant's new value is a new module


def test_generated_modules_go_to_the_user_cache_not_the_package(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert compiled.cache_folder() == str(tmp_path / "solver" / "searchers")
    blocked = tmp_path / "file"
    blocked.write_text("")  # a file where the folder should be: not writable, use a temp folder
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    folder = compiled.cache_folder()
    assert os.access(folder, os.W_OK) and not folder.startswith(str(ROOT))


def test_the_generated_text_is_the_same_in_every_process(tmp_path):
    """Fresh processes (each with its own hash seed, which orders sets) write the same module."""
    (tmp_path / "fake_kernel_for_compiled.py").write_text(FAKE_KERNEL, encoding="utf-8")
    script = ("import fake_kernel_for_compiled as kernel\n"
              "from solver.search import compiled, simulation\n"
              "print(compiled.source(simulation, kernel))")  # fmt: skip
    texts = set()
    for seed in range(8):  # under some of these seeds a set of names iterates in another order
        env = dict(os.environ, PYTHONHASHSEED=str(seed))
        env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(ROOT)])
        command = [sys.executable, "-c", script]
        proc = subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
        )
        assert proc.returncode == 0, proc.stderr
        texts.add(proc.stdout)
    assert len(texts) == 1
    assert "import choose" in texts.pop()  # simulation imports greedy's compiled module


def test_writing_a_module_prunes_those_unused_for_days_and_keeps_the_others(fake_modules, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(fake_modules / "cache"))
    monkeypatch.setattr(compiled, "_BUILT", {})
    kernel = load(fake_modules / "k.py", FAKE_KERNEL, "fake_kernel_for_compiled")
    folder = Path(compiled.cache_folder())
    (folder / "__pycache__").mkdir()
    now = time.time()
    old, recent = now - 365 * 86400, now - 3600  # a year unused; used an hour ago

    def made(name: str, when: float, cached: tuple[str, ...] = ()) -> list[Path]:
        paths = [folder / name] + [folder / "__pycache__" / c for c in cached]
        for path in paths:
            path.write_text("")
            os.utime(path, (when, when))
        return paths

    stem = "_solver_mcts__fake_kernel_for_compiled__0123456789abcdef"
    stale = made(stem + ".py", old, (stem + ".search-12.py311.nbi", stem + ".search-12.py311.1.nbc"))
    kept = made("_solver_mcts__fake_kernel_for_compiled__fedcba9876543210.py", recent)
    kept += made("notes.py", old, ("notes.search-12.py311.nbi",))  # not a generated module
    kept += made(stem + "0.py", old)  # not a generated module's name either
    # greedy's module, written long ago and used now: kept, its modification time (numba's stamp) too
    text = compiled.source(greedy, kernel)
    in_use = folder / (compiled.module_name(greedy, kernel, text) + ".py")
    in_use.write_text(text, encoding="utf-8")
    os.utime(in_use, (old, old))
    compiled.build(simulation, kernel)  # loads greedy's module, writes simulation's: prunes
    assert [p for p in stale if p.exists()] == []
    assert [p for p in kept if not p.exists()] == []
    assert in_use.stat().st_mtime == old and in_use.stat().st_atime >= now
    written = folder / (compiled.module_name(simulation, kernel, compiled.source(simulation, kernel)) + ".py")
    assert written.exists()
    assert compiled.prune(str(folder)) == []  # nothing left to prune
    compiled.prune(str(folder), now=now + 365 * 86400)  # a year on, none is in use
    assert sorted(p.name for p in folder.glob("*.py")) == [stem + "0.py", "notes.py"]


LOADED = r"""
import json, sys
import solver
from numba.core.dispatcher import Dispatcher
from solver.core.perft import walk
state = walk(solver.load_game("godo", players=2, backend="numba").new_initial_state(), 40, 3)
while state.is_chance_node():
    state.apply_action(state.legal_actions()[0])
solver.best_move(state, algorithm=sys.argv[1], iterations=50 if sys.argv[1] == "mcts" else None, workers=1)
from solver.games.godo import kernel
print(json.dumps({
    "kernel": sorted(name for name, f in vars(kernel).items() if isinstance(f, Dispatcher) and f.signatures),
    "all": len([f for f in vars(kernel).values() if isinstance(f, Dispatcher)]),
    "generated": sorted(name.split("__")[0] for name in sys.modules if name.startswith("_solver_")),
}))
"""


@pytest.mark.parametrize("algorithm, generated", [("mcts", ["_solver_greedy", "_solver_mcts"]),
                                                  ("expectimax", ["_solver_expectimax", "_solver_greedy"])])  # fmt: skip
def test_a_search_loads_the_compiled_code_it_runs_and_no_other(algorithm, generated):
    """A fresh process's ``best_move`` loads its searcher (and greedy, for decisions left no time)
    whole: the kernel functions the search calls inside it are not loaded on their own, nor the
    other searchers, nor kernel functions only other work calls (random playouts). The second of
    two processes: the first may compile (which compiles or loads every kernel function it calls)."""
    fresh_process(LOADED, algorithm)
    loaded = fresh_process(LOADED, algorithm)
    assert loaded["generated"] == generated
    for name in ("heuristic", "returns", "random_playouts"):  # called inside the search only, or not at all
        assert name not in loaded["kernel"]
    assert len(loaded["kernel"]) < loaded["all"] / 4
