"""Compiled pieces that the games' kernels compute alike: the returns, a multiplayer heuristic's
softmax, the hash of a state array, the card drawn from a deck held as counts, copying a state.

They are numba functions (``cache=True``, no allocation) that a kernel calls from its own
``returns`` and ``state_hash``, so the games differ only where their rules do (the solo return)::

    >>> import numpy as np
    >>> out = np.zeros(4)
    >>> end_returns(4, True, 0b0101, out)
    False
    >>> out.tolist()
    [0.5, 0.0, 0.5, 0.0]
"""

from __future__ import annotations

import numpy as np

from solver.core.bits import popcount
from solver.core.jit import njit
from solver.core.rng import mix64


@njit("void(int64, int64, float64[::1])", cache=True, _nrt=False)
def share_among_winners(winners, players, out):
    """Multiplayer returns: the winners (a bit per seat in ``winners``, at least one) share 1,
    everyone else gets 0; ``out[:players]`` is written."""
    share = 1.0 / popcount(winners)
    for p in range(players):
        out[p] = share if (winners >> p) & 1 else 0.0


FNV_OFFSET, FNV_PRIME = np.uint64(0xCBF29CE484222325), np.uint64(0x100000001B3)


@njit("int64(int64, int64[::1], int64, int64)", cache=True, _nrt=False)
def extend_hash(h, s, start, stop):
    """The hash ``h`` (of the words before) extended by the words ``s[start:stop]``.

    Each word is mixed (``mix64``) before it is folded in FNV-1a style (``h = (h ^ word) * prime``),
    and the result is mixed again, so that every bit of every word reaches every bit of the hash,
    its low bits (a table's index) included. Folding the raw words, a bit reached only the bits
    above it, and one flipped alike in two words (a tile moved from a hand to the pile) often
    cancelled. Each step is a bijection of ``h``, so states that differ in one word never collide.
    The words' mixes do not wait for one another, so this runs nearly as fast as the raw fold
    (mixing ``h`` itself at every word took three times as long). The C kernel has the same
    function (``csrc/godo/godo.c``).
    """
    x = np.uint64(h)
    for i in range(start, stop):
        x = (x ^ mix64(np.uint64(s[i]))) * FNV_PRIME
    return np.int64(mix64(x))


@njit("int64(int64[::1], int64, int64)", cache=True, _nrt=False)
def hash_words(s, start, stop):
    """A 64-bit hash of the words ``s[start:stop]`` (``extend_hash``; a game hashes the words that
    change during a game, not its fixed component data)."""
    return extend_hash(np.int64(FNV_OFFSET), s, start, stop)


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
    """``dst[start:stop] = src[start:stop]`` (a slice assignment needs numba's runtime). The
    indices are unsigned: a signed index is checked for wrapping around at every word, which keeps
    LLVM from turning the loop into a block copy (five to nine times slower, 100 to 600 words)."""
    for i in range(np.uint64(start), np.uint64(stop)):
        dst[i] = src[i]


@njit("void(int64[::1], int64[::1])", cache=True, _nrt=False)
def copy_state(dst, src):
    """Make ``dst`` the state ``src`` (two arrays of one game). The searchers copy states with a
    kernel's ``copy_state``: a game whose state holds much that rarely changes (GODŌ's grounds)
    copies less."""
    copy_words(dst, src, 0, src.shape[0])


@njit("boolean(int64, boolean, int64, float64[::1])", cache=True, _nrt=False)
def end_returns(players, over, winners, out):
    """The returns as every game has them, in ``out[:players]``: 0 for everyone until the game is
    ``over``; then, with several players, the ``winners`` share 1. Returns whether the solo return
    is left to write (a solo game is over): ``out[0]``, the game's own measure in [0, 1]."""
    for p in range(players):
        out[p] = 0.0
    if over and players > 1:
        share_among_winners(winners, players, out)
    return over and players == 1


@njit("float64(int64, int64, int64)", cache=True, _nrt=False)
def placed(score, low, high):
    """``score`` placed in [``low``, ``high``] as a number in [0, 1] (a solo return: a higher
    score, a higher return); the reference's ``ReferenceState.solo_return``."""
    return (score - low) / (high - low)


@njit("void(float64[::1], int64, float64)", cache=True, _nrt=False)
def softmax(out, players, temperature):
    """``out[:players]`` (the players' estimated scores) made a softmax of them at
    ``temperature``: shares in [0, 1] summing to 1, as the winners' shares of the returns do (a
    multiplayer heuristic)."""
    best = -1e300
    for p in range(players):
        out[p] *= temperature
        best = max(best, out[p])
    total = 0.0
    for p in range(players):
        out[p] = np.exp(out[p] - best)
        total += out[p]
    for p in range(players):
        out[p] /= total
