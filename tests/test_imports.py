"""No import circle among ``solver``'s modules: each module's imports, those inside functions too,
make a graph with no cycle, so every module can be read (and imported) after the ones it uses.

The walk reads the source (``ast``), so it sees an import that only runs when a function is
called, which importing the modules would not exercise.
"""

from __future__ import annotations

import ast
from pathlib import Path

import solver

ROOT = Path(solver.__file__).parent


def module_files() -> dict[str, Path]:
    """Every module of the ``solver`` package by its dotted name (a package by its own name)."""
    files = {}
    for path in ROOT.rglob("*.py"):
        parts = ("solver", *path.relative_to(ROOT).with_suffix("").parts)
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return files


def imported(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that the file at ``path`` imports, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in modules else node.module)
    return found & modules


def import_graph() -> dict[str, set[str]]:
    """Each ``solver`` module and the ``solver`` modules it imports (itself left out)."""
    files = module_files()
    return {name: imported(path, set(files)) - {name} for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """An import circle of ``graph`` (its modules in order, the first again at the end), or
    ``None`` (a depth-first search: an edge back to a module on the path closes a circle)."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        path.append(name)
        for other in sorted(graph[name]):
            if other in path:
                return path[path.index(other) :] + [other]
            if other not in done:
                cycle = visit(other)
                if cycle:
                    return cycle
        path.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        if name not in done:
            cycle = visit(name)
            if cycle:
                return cycle
    return None


def test_the_walk_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_walk_sees_imports_inside_functions() -> None:
    graph = import_graph()
    assert "solver.games.godo.ckernel" in graph["solver.games.godo.game"]  # imported in methods
    assert "solver.games.godo.rules" in graph["solver.games.godo.kernel_state"]


def test_no_module_imports_itself_back() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "an import circle: " + " -> ".join(cycle or ())
