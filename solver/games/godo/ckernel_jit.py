"""The C kernels seen from numba: compiled wrappers the searchers can close over.

numba calls cffi functions from nopython code once the cffi module is registered, so the searchers
(``solver.search``), which are built per kernel module, run on the C kernel through these wrappers
exactly as on the numba one::

    from solver.games.godo import ckernel_jit
    from solver.search.searcher import MCTSSearcher
    MCTSSearcher(state, kernel=ckernel_jit)

Importing this module needs the built C kernels (``ckernel.load()`` raises otherwise). The wrappers
do not check their arguments: the searchers pass arrays they made themselves.
"""

from __future__ import annotations

from numba import njit
from numba.core.typing import cffi_utils

from solver.games.godo import ckernel
from solver.games.godo import layout as L

_module = ckernel.load()
cffi_utils.register_module(_module)
_lib, _ffi = _module.lib, _module.ffi

BUFFER = L.BUFFER
HEURISTIC_PARAMS = L.HEURISTIC_PARAMS


@njit(nogil=True)
def legal_actions(s, out):
    return _lib.legal_actions(_ffi.from_buffer(s), _ffi.from_buffer(out), out.shape[0])


@njit(nogil=True)
def apply_action(s, action):
    _lib.apply_action(_ffi.from_buffer(s), action)


@njit(nogil=True)
def chance_outcomes(s, out_a, out_p):
    return _lib.chance_outcomes(_ffi.from_buffer(s), _ffi.from_buffer(out_a), _ffi.from_buffer(out_p))


@njit(nogil=True)
def current_player(s):
    return _lib.current_player(_ffi.from_buffer(s))


@njit(nogil=True)
def is_terminal(s):
    return _lib.is_terminal(_ffi.from_buffer(s)) != 0


@njit(nogil=True)
def returns(s, out):
    _lib.returns(_ffi.from_buffer(s), _ffi.from_buffer(out))


@njit(nogil=True)
def determinize(s, observer, rng):
    _lib.determinize(_ffi.from_buffer(s), observer, _ffi.from_buffer(rng))


@njit(nogil=True)
def heuristic(s, params, out):
    _lib.heuristic(_ffi.from_buffer(s), _ffi.from_buffer(params), _ffi.from_buffer(out))


@njit(nogil=True)
def state_hash(s):
    return _lib.state_hash(_ffi.from_buffer(s))


@njit(nogil=True)
def next_random(rng):
    return _lib.next_random(_ffi.from_buffer(rng))


@njit(nogil=True)
def random_below(rng, n):
    return _lib.random_below(_ffi.from_buffer(rng), n)
