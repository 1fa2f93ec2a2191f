"""Searchers compiled once per game kernel and cached on disk.

A searcher (``mcts``, ``expectimax``, ``greedy``, ``simulation``) is written once, as plain
module-level functions over the kernel interface below (``legal_actions``, ``apply_action``, ...),
and listed in its module's ``COMPILED``. numba cannot cache a closure over a kernel, and it keys its
on-disk cache by source file and function name, not by the globals a function calls, so one source
file cannot hold a search compiled over several kernels. ``build(searcher, kernel)`` therefore
writes, per searcher and kernel, a small module whose globals are that kernel's functions and whose
body is the searcher's functions under ``@njit(cache=True, nogil=True)``, and imports it by path:
the first process compiles it, every later one loads it from numba's cache.

The generated file is named by a hash of its text, and its text holds a hash of the searcher's and
the kernel's source files, so editing either gives a new file (and a fresh compile) instead of a
stale cache. The files go to ``$XDG_CACHE_HOME/solver/searchers`` (``cache_folder``), never into
the package, which may be read-only; numba's cache of them follows numba's rules (next to them, or
under ``$NUMBA_CACHE_DIR``), so an empty ``NUMBA_CACHE_DIR`` still means a cold compile.

Pruning: the files of sources edited or replaced would pile up, so a process that writes a new
module (it compiles anyway) deletes the generated modules not used for ``UNUSED_DAYS``, with
numba's and Python's caches of them next to them (those under ``$NUMBA_CACHE_DIR`` are left). Each
use touches its module's access time (not its modification time: numba's index holds that, and a
new one would make numba compile again), so several processes, and several versions of the package,
can share one cache: a module any of them still uses is kept, whichever wrote it; one that is
pruned anyway is written and compiled again when it is next needed.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import inspect
import os
import re
import sys
import tempfile
import time
from types import CodeType, ModuleType
from typing import Any

# -- the kernel interface -----------------------------------------------------------------------
# The names the searchers' code calls. Here they only declare the interface (and keep the
# searchers' code readable and checkable as Python); each generated module binds them to one
# kernel's compiled functions.

BUFFER = 0
"""The length of an actions buffer (``legal_actions`` lists at most this many)."""


def legal_actions(s: Any, out: Any) -> int:
    """Write the legal actions of state ``s`` into ``out``; return how many there are."""
    raise NotImplementedError


def apply_action(s: Any, action: int) -> None:
    """Play ``action`` in ``s`` and run the game on to the next decision or chance node."""
    raise NotImplementedError


def chance_outcomes(s: Any, out_a: Any, out_p: Any) -> int:
    """Write the outcomes of a chance node and their probabilities; return how many."""
    raise NotImplementedError


def current_player(s: Any) -> int:
    """The player to move, or a negative number: chance (-1) or the end (-4)."""
    raise NotImplementedError


def is_terminal(s: Any) -> bool:
    """Whether the game is over."""
    raise NotImplementedError


def turn_start(s: Any) -> bool:
    """Whether this is the first decision of a player's turn (where a turn's lookahead ends)."""
    raise NotImplementedError


def returns(s: Any, out: Any) -> None:
    """Write each player's return at the end of the game into ``out``."""
    raise NotImplementedError


def determinize(s: Any, observer: int, rng: Any) -> None:
    """Deal anew what ``observer`` cannot see."""
    raise NotImplementedError


def heuristic(s: Any, params: Any, out: Any) -> None:
    """Write each player's estimated return into ``out``."""
    raise NotImplementedError


def state_hash(s: Any) -> int:
    """A hash of the whole state."""
    raise NotImplementedError


def copy_state(dst: Any, src: Any) -> None:
    """Make ``dst``, a state of the same game (a copy of one), the state ``src``."""
    raise NotImplementedError


def next_random(rng: Any) -> int:
    """The next word of the splitmix64 generator ``rng`` (a one-word uint64 array)."""
    raise NotImplementedError


def random_below(rng: Any, n: int) -> int:
    """A uniform integer in ``[0, n)`` from ``rng``."""
    raise NotImplementedError


INTERFACE = ("BUFFER", "legal_actions", "apply_action", "chance_outcomes", "current_player",
             "is_terminal", "turn_start", "returns", "determinize", "heuristic", "state_hash",
             "copy_state", "next_random", "random_below")  # fmt: skip

# -- generating, writing and importing ----------------------------------------------------------

DECORATOR = "@njit(cache=True, nogil=True)\n"
_BUILT: dict[tuple[str, str], ModuleType] = {}


def build(searcher: ModuleType, kernel: ModuleType) -> ModuleType:
    """The module of ``searcher``'s ``COMPILED`` functions compiled over ``kernel``: generated,
    written and imported once per process (numba compiles each function on its first call, or
    loads it from its cache)."""
    key = (searcher.__name__, kernel.__name__)
    if key not in _BUILT:
        for other in _needs(searcher)[2]:
            build(other, kernel)
        text = source(searcher, kernel)
        name = module_name(searcher, kernel, text)
        path = os.path.join(cache_folder(), name + ".py")
        if _write(path, text):
            prune(os.path.dirname(path))
        _BUILT[key] = _import(path, name)
    return _BUILT[key]


def source(searcher: ModuleType, kernel: ModuleType) -> str:
    """The text of the generated module of ``searcher`` over ``kernel``."""
    from_kernel, from_searcher, from_others = _needs(searcher)
    sources = [searcher.__name__, kernel.__name__]
    sources += sorted({_defining_module(kernel, n).__name__ for n in from_kernel} - set(sources))
    digest = hashlib.sha256(b"".join(_read(sys.modules[m]) for m in sources)).hexdigest()
    imports = {kernel.__name__: from_kernel, searcher.__name__: from_searcher}
    for other, names in from_others.items():
        imports[module_name(other, kernel, source(other, kernel))] = names
    lines = [f"from {m} import {', '.join(sorted(n))}" for m, n in imports.items() if n]
    functions = [DECORATOR + inspect.getsource(f) for f in searcher.COMPILED]
    header = (
        f'"""{searcher.__name__} compiled over {kernel.__name__}.\n\n'
        f"Generated by solver.search.compiled from {', '.join(sources)} (their sources: sha256 "
        f"{digest}): do not edit.\n"
        '"""\n\nfrom numba import njit\n\n'
    )
    return header + "\n".join(lines) + "\n\n\n" + "\n\n".join(functions)


def module_name(searcher: ModuleType, kernel: ModuleType, text: str) -> str:
    """The generated module's name and file stem: the searcher, the kernel, a hash of the text."""
    short = searcher.__name__.rsplit(".", 1)[-1]
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    return f"_solver_{short}__{kernel.__name__.replace('.', '_')}__{digest}"


def cache_folder() -> str:
    """Where the generated modules are written: ``$XDG_CACHE_HOME/solver/searchers`` (by default
    ``~/.cache/solver/searchers``). numba caches their compiled code next to them, or under
    ``$NUMBA_CACHE_DIR``. If that folder cannot be written, a temporary folder of this process's
    own: the searchers still work, but every process compiles them again."""
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(xdg, "solver", "searchers")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return _private_folder()
    return folder if os.access(folder, os.W_OK) else _private_folder()


@functools.cache
def _private_folder() -> str:
    """A new temporary folder (not a shared one: another user could put modules there)."""
    return tempfile.mkdtemp(prefix="solver-searchers-")


def _names(code: CodeType) -> set[str]:
    """The global (and attribute) names a code object and the code nested in it use."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, CodeType):
            names |= _names(const)
    return names


def _needs(searcher: ModuleType) -> tuple[set[str], set[str], dict[ModuleType, set[str]]]:
    """The names the ``COMPILED`` functions take from elsewhere: from the kernel (the interface),
    from the searcher module itself (constants, ``np``), and from other searchers (their compiled
    functions, by module)."""
    own = {f.__name__ for f in searcher.COMPILED}
    used = set().union(*(_names(f.__code__) for f in searcher.COMPILED)) - own
    from_kernel, from_searcher, from_others = set(), set(), {}
    # Sorted: the generated text, hence its file, must not depend on the order of a set, which
    # changes from process to process. Names not in the module are builtins or attributes.
    for name in sorted(used & set(vars(searcher))):
        value = vars(searcher)[name]
        other = sys.modules.get(getattr(value, "__module__", None) or "")
        if name in INTERFACE and value is globals()[name]:
            from_kernel.add(name)
        elif callable(value) and value in getattr(other, "COMPILED", ()):
            from_others.setdefault(other, set()).add(name)
        else:
            from_searcher.add(name)
    return from_kernel, from_searcher, from_others


def _defining_module(kernel: ModuleType, name: str) -> ModuleType:
    """The module whose source defines the kernel's ``name`` (a kernel may import a function)."""
    value = getattr(kernel, name)
    function = getattr(value, "py_func", value)
    return sys.modules[function.__module__] if inspect.isfunction(function) else kernel


def _read(module: ModuleType) -> bytes:
    """The bytes of a module's source file."""
    with open(inspect.getsourcefile(module) or module.__file__, "rb") as f:
        return f.read()


def _write(path: str, text: str) -> bool:
    """Write the module unless it is there (atomically: processes may race), else mark it used;
    returns whether it was written."""
    try:
        _touch(path)  # there already: used now
        return False
    except FileNotFoundError:
        pass
    fd, tmp = tempfile.mkstemp(suffix=".tmp", dir=os.path.dirname(path))
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    return True


def _touch(path: str) -> None:
    """Set the file's access time to now, keeping its modification time (numba's stamp)."""
    try:
        os.utime(path, ns=(time.time_ns(), os.stat(path).st_mtime_ns))
    except PermissionError:  # a cache shared with another user: leave its times alone
        pass


UNUSED_DAYS = 7
"""A generated module not used for this long is deleted when a process writes a new one."""

GENERATED = re.compile(r"_solver_\w+__\w+__[0-9a-f]{16}")
"""The stem of a generated module's file (``module_name``)."""


def prune(folder: str, now: float | None = None) -> list[str]:
    """Delete the generated modules in ``folder`` last used (or written) ``UNUSED_DAYS`` or more
    before ``now``, and their files in its ``__pycache__`` (numba's index and code, Python's
    bytecode); returns the stems deleted. Other files are never touched."""
    cutoff = (time.time() if now is None else now) - UNUSED_DAYS * 86400
    stale = []
    for entry in os.scandir(folder):
        stem, ext = os.path.splitext(entry.name)
        if ext == ".py" and GENERATED.fullmatch(stem):
            try:
                used = entry.stat()
            except FileNotFoundError:  # pruned by another process
                continue
            if max(used.st_atime, used.st_mtime) < cutoff:
                stale.append(stem)
    caches = os.path.join(folder, "__pycache__")
    cached = os.listdir(caches) if stale and os.path.isdir(caches) else []
    for stem in stale:
        paths = [os.path.join(folder, stem + ".py")]
        paths += [os.path.join(caches, name) for name in cached if name.startswith(stem + ".")]
        for path in paths:
            try:
                os.remove(path)
            except FileNotFoundError:
                pass
    return stale


def _import(path: str, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
