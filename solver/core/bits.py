"""Bit tricks for the bitboard kernels, compiled to single machine instructions.

numba has no built-in for "index of the lowest set bit" or "number of set bits"; written in Python
they become loops or table lookups. These call LLVM's ``cttz`` and ``ctpop`` intrinsics instead,
which the CPU runs as one instruction (``tzcnt``/``bsf``, ``popcnt``), as ``__builtin_ctzll`` and
``__builtin_popcountll`` do in the C kernels::

    >>> ctz(0b1000), popcount(0b1011), ctz(0), nth_bit(0b10110, 1)
    (3, 3, 0, 2)
    >>> import numpy as np
    >>> out = np.zeros(4, np.int64)
    >>> write_bits(0b10110, 100, out, 1), out.tolist()
    (4, [0, 101, 102, 104])
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from solver.core.jit import njit

_I64 = ir.IntType(64)


@intrinsic
def _ctz(typingctx, b):
    def codegen(context, builder, signature, args):
        (x,) = args
        zero = ir.Constant(_I64, 0)
        count = builder.cttz(x, ir.Constant(ir.IntType(1), 1))
        return builder.select(builder.icmp_signed("==", x, zero), zero, count)

    return types.int64(types.int64), codegen


@intrinsic
def _popcount(typingctx, b):
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@njit("int64(int64)", cache=True, _nrt=False)
def ctz(b):
    """The index of the lowest set bit of a word (0 for an empty word, as in the C kernels)."""
    return _ctz(b)


@njit("int64(int64)", cache=True, _nrt=False)
def popcount(b):
    """The number of set bits of a word."""
    return _popcount(b)


@njit("int64(int64, int64)", cache=True, _nrt=False)
def nth_bit(b, n):
    """The index of the n-th (0-based) set bit of a word."""
    for _ in range(n):
        b &= b - 1
    return ctz(b)


@njit("int64(int64, int64, int64[::1], int64)", cache=True, _nrt=False, inline="always")
def write_bits(mask, first, out, n):
    """Write ``first + i`` for each set bit ``i`` of ``mask``, lowest first, into ``out`` from
    ``n``; return the new count: a bitboard of targets made a sorted list of actions."""
    while mask:
        out[n] = first + ctz(mask)
        n += 1
        mask &= mask - 1
    return n
