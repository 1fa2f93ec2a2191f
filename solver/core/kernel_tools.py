"""Compiled pieces that the games' kernels compute alike: the winners' share of the returns, the
hash of a state array, the card drawn from a deck held as counts, copying a state.

They are numba functions (``cache=True``, no allocation) that a kernel calls from its own
``returns`` and ``state_hash``, so the games differ only where their rules do (the solo return)::

    >>> import numpy as np
    >>> out = np.zeros(4)
    >>> share_among_winners(0b0101, 4, out)
    >>> out.tolist()
    [0.5, 0.0, 0.5, 0.0]
"""

from __future__ import annotations

import numpy as np

from solver.core.bits import popcount
from solver.core.jit import njit


@njit("void(int64, int64, float64[::1])", cache=True, _nrt=False)
def share_among_winners(winners, players, out):
    """Multiplayer returns: the winners (a bit per seat in ``winners``, at least one) share 1,
    everyone else gets 0; ``out[:players]`` is written."""
    share = 1.0 / popcount(winners)
    for p in range(players):
        out[p] = share if (winners >> p) & 1 else 0.0


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def hash_words(s, start, stop):
    """A 64-bit FNV-1a hash of the words ``s[start:stop]`` (a game hashes the words that change
    during a game, not its fixed component data)."""
    h = np.int64(-3750763034362895579)  # FNV-1a offset basis
    for i in range(start, stop):
        h = (h ^ s[i]) * np.int64(1099511628211)
    return h


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def nth_kind(s, counts, r):
    """The kind of the ``r``-th card (from 0, ``r`` below the cards left) of a deck held as a count
    per kind in ``s[counts]``, ``s[counts + 1]``...: the cards counted kind by kind, as the
    playouts draw a card with ``random_below(cards left)``."""
    kind = 0
    while r >= s[counts + kind]:
        r -= s[counts + kind]
        kind += 1
    return kind


@njit("void(int64[::1], int64[::1], int64, int64)", cache=True, _nrt=False)
def copy_words(dst, src, start, stop):
    """``dst[start:stop] = src[start:stop]`` (a slice assignment needs numba's runtime)."""
    for i in range(start, stop):
        dst[i] = src[i]


@njit("void(int64[::1], int64[::1])", cache=True, _nrt=False)
def copy_state(dst, src):
    """Make ``dst`` the state ``src`` (two arrays of one game). The searchers copy states with a
    kernel's ``copy_state``: a game whose state holds much that rarely changes (GODŌ's grounds)
    copies less."""
    copy_words(dst, src, 0, src.shape[0])
