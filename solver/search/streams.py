"""Chance outcomes by kind: each kind of chance (Kokoro's path cards, its sanctuary cards, its
dice) read as a deck of its own.

A game's chance events come in kinds (each game's ``actions.kind`` names the range an action falls
in), and where one decision makes a chance event come earlier than another would, one generator
for all of them hands every later event other luck. A Kokoro peek fixes the next sanctuary card
at once, where a drawn path card leaves it to the end of the round: two games of the same seed,
one with a peek and one without, then deal different path cards from there on. Read as decks, each
kind from a generator of its own, both deal the same path cards in the same order, and the same
sanctuary cards. Hindsight's ``World`` holds a future this way, and greedy's playouts draw their
chance this way (``solver.search.simulation``), so that candidates are compared on the same luck.

    >>> kind_of("kokoro")(63), kind_of("kokoro")(70)
    ('peek', 'path')
    >>> stream = stream_of("kokoro")
    >>> bool(stream[70] == stream[71] != stream[63])
    True
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from types import ModuleType

import numpy as np


def _actions(game: str) -> ModuleType:
    """The game's ``actions`` module (its action numbering)."""
    return importlib.import_module(f"solver.games.{game}.actions")


def kind_of(game: str) -> Callable[[int], str]:
    """The game's ``actions.kind``: the name of the range an action falls in."""
    return _actions(game).kind


@functools.cache
def stream_of(game: str) -> np.ndarray:
    """Each action's stream: the index of its kind among the game's kinds, in sorted order (a
    read-only array indexed by action)."""
    kind = kind_of(game)
    kinds = [kind(a) for a in range(_actions(game).NUM_ACTIONS)]
    names = sorted(set(kinds))
    streams = np.array([names.index(k) for k in kinds], np.int64)
    streams.setflags(write=False)
    return streams
