"""The C kernels seen from numba: compiled wrappers the searchers can be built over, cached on disk.

The searchers (``solver.search``) are compiled per kernel module, so they run on the C kernel
through these wrappers exactly as on the numba one::

    from solver.games.godo import ckernel_jit
    from solver.search.searcher import MCTSSearcher
    MCTSSearcher(state, kernel=ckernel_jit)

numba refuses to cache code that calls a cffi or ctypes function object: it holds the function's
address in this process ("dynamic globals"). So the wrappers call each C function by a symbol name
instead (``numba.types.ExternalFunction``), and this module registers the names with llvmlite at
the addresses where cffi loaded the functions: the compiled code holds only names, resolved when a
process compiles it or loads it from numba's cache, and a searcher over these wrappers is cached
like one over the numba kernel. A C kernel rebuilt with other code needs no new compile; one with
other signatures changes ``godo.h``, and then this file.

Importing this module needs the built C kernels (``ckernel.load()`` raises otherwise). The wrappers
do not check their arguments: the searchers pass arrays they made themselves.
"""

from __future__ import annotations

from typing import Any

import llvmlite.binding as llvm
from numba import njit, types

from solver.games.godo import ckernel
from solver.games.godo import layout as L
from solver.games.godo.kernel import copy_state, turn_start  # noqa: F401  (no C needed)

BUFFER = L.BUFFER
HEURISTIC_PARAMS = L.HEURISTIC_PARAMS
MULTIPLAYER_MCTS_PARAMS = L.MULTIPLAYER_MCTS_PARAMS
SYMBOL_PREFIX = "solver_godo_c_"  # a prefix of our own: no other library's symbol can be taken

_module = ckernel.load()
I64P = types.CPointer(types.int64)
U64P = types.CPointer(types.uint64)
F64P = types.CPointer(types.float64)


def _c_function(name: str, signature: Any) -> types.ExternalFunction:
    """The C kernel's function ``name``, callable from numba by the symbol it is registered as."""
    address = int(_module.ffi.cast("uintptr_t", _module.ffi.addressof(_module.lib, name)))
    llvm.add_symbol(SYMBOL_PREFIX + name, address)
    return types.ExternalFunction(SYMBOL_PREFIX + name, signature)


_legal_actions = _c_function("legal_actions", types.int64(I64P, I64P, types.int64))
_apply_action = _c_function("apply_action", types.int32(I64P, types.int64))
_chance_outcomes = _c_function("chance_outcomes", types.int64(I64P, I64P, F64P))
_current_player = _c_function("current_player", types.int64(I64P))
_is_terminal = _c_function("is_terminal", types.int32(I64P))
_returns = _c_function("returns", types.void(I64P, F64P))
_determinize = _c_function("determinize", types.void(I64P, types.int64, U64P))
_heuristic = _c_function("heuristic", types.void(I64P, F64P, F64P))
_state_hash = _c_function("state_hash", types.int64(I64P))
_next_random = _c_function("next_random", types.uint64(U64P))
_random_below = _c_function("random_below", types.int64(U64P, types.int64))


@njit(cache=True, nogil=True)
def legal_actions(s, out):
    return _legal_actions(s.ctypes, out.ctypes, out.shape[0])


@njit(cache=True, nogil=True)
def apply_action(s, action):
    _apply_action(s.ctypes, action)


@njit(cache=True, nogil=True)
def chance_outcomes(s, out_a, out_p):
    return _chance_outcomes(s.ctypes, out_a.ctypes, out_p.ctypes)


@njit(cache=True, nogil=True)
def current_player(s):
    return _current_player(s.ctypes)


@njit(cache=True, nogil=True)
def is_terminal(s):
    return _is_terminal(s.ctypes) != 0


@njit(cache=True, nogil=True)
def returns(s, out):
    _returns(s.ctypes, out.ctypes)


@njit(cache=True, nogil=True)
def determinize(s, observer, rng):
    _determinize(s.ctypes, observer, rng.ctypes)


@njit(cache=True, nogil=True)
def heuristic(s, params, out):
    _heuristic(s.ctypes, params.ctypes, out.ctypes)


@njit(cache=True, nogil=True)
def state_hash(s):
    return _state_hash(s.ctypes)


@njit(cache=True, nogil=True)
def next_random(rng):
    return _next_random(rng.ctypes)


@njit(cache=True, nogil=True)
def random_below(rng, n):
    return _random_below(rng.ctypes, n)
