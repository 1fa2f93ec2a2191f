"""The kernels' ``njit`` (``solver.core.jit``): a declared signature compiled at first use, then
the same function numba's eager ``njit(signature)`` makes.

Importing a kernel no longer loads its every function (a fresh process loads only those it calls,
``tests/search/test_compiled_cache.py``); these check that nothing else changed: the signature is
compiled when first needed, from Python or from another compiled function, arguments convert to it
as before, nothing else is compiled, and a function first needed while another compiles gets the
flags it would have had at import.
"""

from __future__ import annotations

import numba
import numpy as np
import pytest

from solver.core.jit import njit


def both(signature: str, **options):
    """A function compiled by numba's eager decorator and by ours (not cached: nothing written)."""

    def wrap(function):
        return numba.njit(signature, **options)(function), njit(signature, **options)(function)

    return wrap


@both("int64(int64, float64)")
def scaled(a, b):
    return a * 3 + int(b)


def test_the_signature_is_compiled_at_the_first_call_not_before():
    eager, declared = both("int64(int64, float64)")(scaled[1].py_func)  # a pair no other test called
    assert eager.signatures == [(numba.int64, numba.float64)]
    assert declared.signatures == []
    assert declared(2, 1.5) == eager(2, 1.5) == 7
    assert declared.signatures == eager.signatures


@pytest.mark.parametrize("args", [(True, 2), (np.int32(4), np.float32(0.5)), (2**40, 1), (np.uint8(7), True)])
def test_arguments_convert_to_the_declared_types_as_before(args):
    eager, declared = scaled
    assert declared(*args) == eager(*args)
    assert declared.signatures == eager.signatures  # converted, never compiled for other types


@pytest.mark.parametrize("args", [("a", 1.0), (np.arange(3), 1.0)])
def test_arguments_that_do_not_convert_are_refused_as_before(args):
    eager, declared = scaled
    with pytest.raises(TypeError):
        eager(*args)
    with pytest.raises(TypeError):
        declared(*args)
    assert declared.signatures == eager.signatures


@njit("int64(int64[::1])")
def total(s):
    return s.sum()


@njit("int64(int64[::1], int64)", _nrt=False)
def caller(s, n):
    return total(s) + n


def test_a_function_first_needed_by_another_is_compiled_for_it():
    assert total.signatures == []
    assert caller(np.arange(4, dtype=np.int64), 10) == 16
    assert total.signatures == [(numba.types.Array(numba.int64, 1, "C"),)]


@njit("int64(int64)")
def allocates(n):
    return np.zeros(n, np.int64).size


@njit("int64(int64)", _nrt=False)
def without_nrt(n):
    return allocates(n) + 1


def test_a_function_first_needed_while_another_compiles_keeps_its_own_flags():
    # numba would let ``allocates`` inherit ``_nrt=False`` from ``without_nrt``, and an array
    # cannot be allocated without NRT: it compiles as at import instead.
    assert without_nrt(5) == 6
