"""The kernels' random generator: splitmix64 over a one-word ``uint64`` array, compiled.

Every kernel and searcher draws from it (the C kernels carry the same generator), so a seed plays
the same game on every backend; it lives here so that a game's kernel does not load another's::

    >>> import numpy as np
    >>> rng = np.array([1], np.uint64)
    >>> int(next_random(rng)) == 0x910A2DEC89025CC1, 0 <= random_below(rng, 6) < 6
    (True, True)
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit("uint64(uint64[::1])", cache=True, _nrt=False)
def next_random(rng):
    """splitmix64: the next 64-bit word of the generator whose state is ``rng[0]``."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit("int64(uint64[::1], int64)", cache=True, _nrt=False)
def random_below(rng, n):
    """A uniform integer in [0, n), n > 0."""
    return np.int64((next_random(rng) >> np.uint64(33)) % np.uint64(n))
