"""The kernels' random generator: splitmix64 over a one-word ``uint64`` array, compiled.

Every kernel and searcher draws from it (the C kernels carry the same generator, ``SplitMix64``
is its Python copy), so a seed plays the same game on every backend; it lives here so that a
game's kernel does not load another's::

    >>> import numpy as np
    >>> rng = np.array([1], np.uint64)
    >>> int(next_random(rng)) == 0x910A2DEC89025CC1, 0 <= random_below(rng, 6) < 6
    (True, True)
"""

from __future__ import annotations

import numpy as np

from solver.core.jit import njit


@njit("uint64(uint64)", cache=True, _nrt=False)
def mix64(z):
    """splitmix64's finalizer: a bijection of 64-bit words in which each bit of ``z`` changes each
    bit of the result with odds near 1/2 (the kernels' hash mixes every word with it too)."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit("uint64(uint64[::1])", cache=True, _nrt=False)
def next_random(rng):
    """splitmix64: the next 64-bit word of the generator whose state is ``rng[0]``."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    return mix64(rng[0])


@njit("int64(uint64[::1], int64)", cache=True, _nrt=False)
def random_below(rng, n):
    """A uniform integer in [0, n), n > 0."""
    return np.int64((next_random(rng) >> np.uint64(33)) % np.uint64(n))


class SplitMix64:
    """The kernels' random generator (``next_random``) in Python: the reference backends draw
    from it to play the kernels' games (Go Goa's playouts, the playout benches' replays).

    >>> rng = SplitMix64(1)
    >>> [rng.below(6) for _ in range(5)]
    [2, 0, 3, 4, 0]
    """

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self.MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), as ``random_below``."""
        return (self.next() >> 33) % n
