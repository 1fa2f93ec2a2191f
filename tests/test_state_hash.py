"""``state_hash`` tells positions apart in all 64 bits and in the low bits the expectimax table
indexes by (``solver.search.expectimax``: an entry whose stored hash matches is taken as the
position's value, so a collision would hand a search another position's value):

1. The positions made from a GODŌ position by swapping a hand tile with a pile tile (one bit
   flipped alike in two words) have distinct hashes, spread over the table's indices.
2. No two distinct positions of seeded random games of any game (and GODŌ's C kernel) share a hash.
3. A one-bit change anywhere in the hashed words changes the hash, and the table index all but
   always (a mixed hash keeps it with odds 2**-20; the bound is one in 5,000); numba and C agree
   on every such state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import solver
from solver.core.perft import walk
from solver.core.play import random_step
from solver.games.godo import kernel as K
from solver.games.godo import layout as GODO
from solver.games.gogoa import layout as GOGOA
from solver.games.koi import layout as KOI
from solver.games.kokoro import layout as KOKORO
from solver.search.searcher import TABLE_BITS

try:
    from solver.games.godo import ckernel_jit  # the C kernel unchecked, as the searchers call it
except ImportError:  # pragma: no cover - depends on the build
    ckernel_jit = None

HASHED = {
    "godo": ((0, GODO.CONTENT), (GODO.PACK_END, GODO.SIZE)),
    "gogoa": ((GOGOA.MAP_END, GOGOA.SIZE),),
    "kokoro": ((KOKORO.MAT_END, KOKORO.SIZE),),
    "koi": ((KOI.GAME, KOI.SIZE),),
}
"""The words each game's ``state_hash`` covers: all but the fixed components (and GODŌ's content
table, derived from the tiles laid)."""

MOST_PER_INDEX = 4
"""The most positions one table index may hold among a few thousand (a random hash: 2, rarely 3)."""


def table_index(h: int) -> int:
    """The first table entry expectimax probes for hash ``h`` (its low ``TABLE_BITS`` bits)."""
    return h & ((1 << TABLE_BITS) - 1)


def hashed_words(game: str, s: np.ndarray) -> bytes:
    """The words of ``s`` that its hash covers: two positions are the same if these are."""
    return b"".join(s[start:stop].tobytes() for start, stop in HASHED[game])


def assert_distinct_and_spread(game: str, kernel: Any, positions: list[np.ndarray]) -> None:
    """The distinct ``positions`` have distinct hashes, at most ``MOST_PER_INDEX`` to an index."""
    distinct = {hashed_words(game, s): s for s in positions}
    hashes = [int(kernel.state_hash(s)) for s in distinct.values()]
    collisions = len(distinct) - len(set(hashes))
    assert collisions == 0, f"{collisions} collisions among {len(distinct)} positions"
    crowd = max(Counter(table_index(h) for h in hashes).values())
    assert crowd <= MOST_PER_INDEX, f"{crowd} of {len(distinct)} positions on one table index"


def mid_game(seed: int) -> np.ndarray:
    """A 2-player GODŌ position after a seeded random walk, with tiles in a hand and the pile."""
    game = solver.load_game("godo", players=2, backend="numba")
    rng = random.Random(seed)
    while True:
        state = walk(game.new_initial_state(), rng.randrange(40, 200), rng.randrange(1 << 32))
        s = state.array
        if s[GODO.PILE] and s[GODO.HAND] and s[GODO.HAND + 1] and not state.is_terminal():
            return s.copy()


def tiles(mask: int) -> list[int]:
    """The tiles in a bit mask of tiles."""
    return [t for t in range(64) if mask >> t & 1]


def swaps(s: np.ndarray) -> Iterator[np.ndarray]:
    """The arrays made from ``s`` by swapping a tile of a hand with one of the pile."""
    for p in range(int(s[GODO.PLAYERS])):
        for held in tiles(int(s[GODO.HAND + p])):
            for drawn in tiles(int(s[GODO.PILE])):
                t = s.copy()
                both = (1 << held) | (1 << drawn)
                t[GODO.HAND + p] ^= both
                t[GODO.PILE] ^= both
                yield t


def test_swapping_a_hand_tile_with_a_pile_tile_changes_the_hash_and_the_index() -> None:
    positions = []
    for seed in range(40):
        s = mid_game(seed)
        positions += [s, *swaps(s)]
    assert len(positions) > 2000
    assert_distinct_and_spread("godo", K, positions)


def random_games(game: str, options: dict, games: int, seed: int) -> list[np.ndarray]:
    """Every position of ``games`` seeded random games of ``game`` (a compiled backend)."""
    rng = random.Random(seed)
    positions = []
    for _ in range(games):
        state = solver.load_game(game, **options).new_initial_state()
        positions.append(state.array.copy())
        while not state.is_terminal():
            state.apply_action(random_step(state, rng))
            positions.append(state.array.copy())
    return positions


NEEDS_C = pytest.mark.skipif(ckernel_jit is None, reason="the C kernels were not built")

GAMES = [
    ("godo", {"players": 2, "backend": "numba"}, 12),
    ("godo", {"players": 4, "variant": True, "backend": "numba"}, 8),
    pytest.param("godo", {"players": 1, "solo": True, "backend": "c"}, 20, marks=NEEDS_C),
    pytest.param("godo", {"players": 3, "backend": "c"}, 8, marks=NEEDS_C),
    ("gogoa", {"players": 2, "backend": "numba"}, 30),
    ("gogoa", {"players": 1, "backend": "numba"}, 30),
    ("kokoro", {"players": 3, "backend": "numba"}, 20),
    ("kokoro", {"players": 1, "side": "pink", "backend": "numba"}, 20),
    ("koi", {"players": 2, "backend": "numba"}, 20),
    ("koi", {"players": 4, "backend": "numba"}, 10),
]


@pytest.mark.parametrize(("game", "options", "games"), GAMES)
def test_the_positions_of_random_games_have_distinct_hashes(game: str, options: dict,
                                                           games: int) -> None:  # fmt: skip
    positions = random_games(game, options, games, seed=7)
    kernel = solver.load_game(game, **options).new_initial_state().kernel
    assert_distinct_and_spread(game, kernel, positions)


def one_bit_changes(game: str, s: np.ndarray) -> Iterator[np.ndarray]:
    """``s`` with one bit of one hashed word flipped, for every such bit (the same array, changed
    in place and restored)."""
    words = s.view(np.uint64)
    for start, stop in HASHED[game]:
        for i in range(start, stop):
            for b in range(64):
                words[i] ^= np.uint64(1 << b)
                yield s
                words[i] ^= np.uint64(1 << b)


@pytest.mark.parametrize("game", sorted(HASHED))
def test_a_one_bit_change_changes_the_hash_and_the_table_index(game: str) -> None:
    state = solver.load_game(game, players=2, backend="numba").new_initial_state()
    kernel = state.kernel
    flips = stayed = 0
    for steps in (0, 30, 90):
        s = walk(state, steps, seed=steps).array.copy()
        h = int(kernel.state_hash(s))
        for t in one_bit_changes(game, s):
            changed = int(kernel.state_hash(t))
            if game == "godo" and ckernel_jit is not None:
                assert int(ckernel_jit.state_hash(t)) == changed
            assert changed != h
            flips += 1
            stayed += table_index(changed) == table_index(h)
    assert stayed * 5_000 < flips, f"{stayed} of {flips} one-bit changes kept the table index"
