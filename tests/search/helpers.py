"""Shared positions, a plain-Python expectimax and a timing check for the searcher tests.

Positions are built with ``tests/godo/builders.py`` on custom packs, so that each test controls
the symbols, path colours and journal spaces it relies on.

The usual layout is ``row_of_squares(3)``: three full squares from (0,0) to (3,1), tiles 0..5::

    (0,1)---(1,1)---(2,1)---(3,1)
      |       |       |       |
    (0,0)---(1,0)---(2,0)---(3,0)
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import solver
from solver.core.perft import walk
from solver.games.godo import kernel as K
from solver.games.godo.actions import FREE, advance_action, move_action
from tests.godo.builders import (
    blank_tile,
    blank_tiles,
    corner,
    journal,
    journal_spaces,
    last_path,
    make_pack,
    paths,
    position,
    row_of_squares,
    set_pile,
    solo_position,
    square,
    symbols,
)

BLUE, GREEN, PURPLE, RED, YELLOW = range(5)
E, N, W, S = range(4)

ROW = row_of_squares(3)
SQUARE = square(0, 0, 0)

# Every track mastered but red.
LAST_RED = {"blue": None, "green": None, "purple": None, "yellow": None}

# The winning steps of the forced-win positions below.
MOVE_EAST = move_action(E, FREE)  # free: blue is mastered
RED_ON_RED = advance_action(RED, RED)


# -- forced wins --------------------------------------------------------------------------------


@functools.cache
def lantern_pack_json() -> str:
    """Blue paths everywhere; around (1,0) every neighbour has a Stone Lantern (the movement ends
    there), and only (2,0) (east of (1,0)) shows a red virtue."""
    import json

    tiles = blank_tiles(ROW, "blue")
    symbols(
        tiles,
        ROW,
        {
            (2, 0): corner("red", marker="lantern"),
            (0, 0): corner("green", marker="lantern"),
            (1, 1): corner("yellow", marker="lantern"),
        },
    )
    return json.dumps(make_pack(tiles))


def lantern_game(players: int, backend: str = "reference") -> Any:
    import json

    return solver.load_game(
        "godo", players=players, pack=json.loads(lantern_pack_json()), backend=backend
    )


def forced_move_win_2p(backend: str = "reference") -> Any:
    """Player 0 to move from (1,0), every track mastered but red at 4. Moving east (free: blue is
    mastered) collects red and the lantern ends the movement; red 4 -> 5 then masters the last track
    and wins at once. Moving north or west ends on a lantern with nothing usable, and player 1
    (every track mastered but red, already on space 5) then masters and wins in the same mastering
    step: every other first action loses."""
    game = lantern_game(2, backend)
    pos = position(ROW, [(1, 0), (3, 1)], [journal(**LAST_RED, red=4), journal(**LAST_RED, red=5)])
    return game.state_from_json(pos)


def forced_move_win_solo(stock: int = 0, backend: str = "reference") -> Any:
    """The same in solo. With ``stock=0`` any turn that does not win is lost at step 6 (the stock
    is empty), so only the east move wins (return 0.5 + 0.05 * stock)."""
    game = lantern_game(1, backend)
    pos = solo_position(ROW, (1, 0), journal(**LAST_RED, red=4), stock=stock)
    return game.state_from_json(pos)


def forced_place_then_win_2p(backend: str = "reference") -> Any:
    """As ``forced_move_win_2p`` one step earlier: player 0 must first place a tile (tiles 50..59
    are blank blue tiles here), then a tile is drawn (a chance node, three tiles in the pile), then
    the east move wins whatever the draw."""
    import json

    pack = json.loads(lantern_pack_json())
    for t in range(50, 60):
        pack["tiles"][t] = blank_tile(t, ("blue", "blue"))
    game = solver.load_game("godo", players=2, pack=pack, backend=backend)
    pos = position(
        ROW,
        [(1, 0), (3, 1)],
        [journal(**LAST_RED, red=4), journal(**LAST_RED, red=5)],
        phase="place",
    )
    return game.state_from_json(set_pile(pos, [50, 51, 52]))


def forced_advance_win_2p(backend: str = "reference") -> Any:
    """Improvement: player 0 holds two red tokens, red track at 3, every other track mastered: two
    advances (3 -> 4 -> 5) win. Passing (or stopping after one) shares the red tokens with player 1,
    in the same situation, who then wins by taking both."""
    game = lantern_game(2, backend)
    journals = [journal(**LAST_RED, red=3), journal(**LAST_RED, red=3)]
    pos = position(ROW, [(1, 0), (3, 1)], journals, phase="advance", collected={"red": 2})
    return game.state_from_json(pos)


def forced_advance_win_solo(backend: str = "reference") -> Any:
    """Solo improvement with an empty stock: two red advances win, anything else loses."""
    game = lantern_game(1, backend)
    pos = solo_position(
        ROW, (1, 0), journal(**LAST_RED, red=3), stock=0, phase="advance", collected={"red": 2}
    )
    return game.state_from_json(pos)


# -- small trees for exact expectimax -----------------------------------------------------------


@functools.cache
def rich_pack_json() -> str:
    """ROW with a few path colours, virtues, a Fox Shrine next to a lantern, and journal spaces
    showing two colours here and there (so several advances compete)."""
    import json

    tiles = blank_tiles(ROW, "blue")
    paths(
        tiles,
        ROW,
        {
            ((0, 0), (1, 0)): "red",
            ((1, 0), (1, 1)): "green",
            ((2, 0), (3, 0)): "yellow",
            ((2, 1), (3, 1)): "purple",
        },
    )
    symbols(
        tiles,
        ROW,
        {
            (2, 0): [corner("red", marker="shrine"), corner(marker="lantern")],
            (0, 0): corner("green", "green", marker="lantern"),
            (1, 1): corner("yellow", "blue"),
            (3, 1): corner("purple", marker="lantern"),
            (3, 0): corner("red", "blue"),
            (2, 1): corner("green", marker="shrine"),
        },
    )
    spaces = journal_spaces(
        {
            ("blue", 3): ["blue", "red"],
            ("blue", 5): ["blue", "green"],
            ("purple", 4): ["purple", "yellow"],
            ("yellow", 3): ["yellow", "green"],
            ("green", 2): ["green", "red"],
        }
    )
    return json.dumps(make_pack(tiles, spaces=spaces))


def rich_game(players: int) -> Any:
    import json

    return solver.load_game("godo", players=players, pack=json.loads(rich_pack_json()))


@functools.cache
def redraw_pack_json() -> str:
    """One square of blue tiles; tiles 10 and 11 are red (they fit nowhere next to it), tile 12 is
    blue with a red virtue at every corner, tile 13 blue with green and yellow virtues."""
    import json

    tiles = blank_tiles(SQUARE, "blue")
    tiles[10] = blank_tile(10, ("red", "red"))
    tiles[11] = blank_tile(11, ("red", "red"))
    tiles[12] = blank_tile(12, ("blue", "blue"))
    tiles[12]["corners"] = {k: corner("red") for k in tiles[12]["corners"]}
    tiles[13] = blank_tile(13, ("blue", "blue"))
    tiles[13]["corners"] = {k: corner("green", "yellow") for k in tiles[13]["corners"]}
    return json.dumps(make_pack(tiles))


def small_trees() -> list[tuple[str, Any, int]]:
    """(name, state, deepest depth to compare) for positions with small branching."""
    solo, duo = rich_game(1), rich_game(2)
    out = []
    out.append((
        "solo-nudge",
        solo.state_from_json(solo_position(ROW, (1, 0), journal(blue=4, green=None, purple=3, red=None, yellow=2),
                                           stock=6, phase="nudge", enso=[(0, 1)])),
        3,
    ))  # fmt: skip
    out.append((
        "solo-fox",
        solo.state_from_json(solo_position(ROW, (2, 1), journal(blue=4, green=1, purple=3, red=None, yellow=2),
                                           stock=6, phase="fox", collected={"green": 1, "blue": 1},
                                           turn={"moves": 1, "last_path": last_path((1, 1), (2, 1)), "fox_left": 1})),
        3,
    ))  # fmt: skip
    out.append((
        "solo-fox-lantern",
        solo.state_from_json(solo_position(ROW, (2, 0), journal(blue=3, green=2, purple=None, red=None, yellow=3),
                                           stock=5, phase="fox", collected={"red": 1},
                                           turn={"moves": 1, "last_path": last_path((1, 0), (2, 0)), "fox_left": 1})),
        3,
    ))  # fmt: skip
    out.append((
        "solo-advance",
        solo.state_from_json(solo_position(ROW, (3, 0), journal(blue=2, green=1, purple=3, red=4, yellow=2),
                                           stock=7, phase="advance", collected={"red": 1, "blue": 1, "yellow": 1})),
        3,
    ))  # fmt: skip
    out.append((
        "solo-move",
        solo.state_from_json(solo_position(ROW, (1, 0), journal(blue=2, green=1, purple=None, red=4, yellow=None),
                                           stock=6)),
        2,
    ))  # fmt: skip
    import json

    redraw = solver.load_game("godo", players=1, pack=json.loads(redraw_pack_json()))
    pos = solo_position(SQUARE, (0, 0), journal(blue=None, green=3, purple=None, red=4, yellow=2), stock=6,
                        phase="stock", hands=[[10]], enso=[(1, 1)])  # fmt: skip
    out.append(("solo-stock-redraw", redraw.state_from_json(set_pile(pos, [11, 12, 13])), 3))
    out.append((
        "duo-share",
        duo.state_from_json(position(ROW, [(3, 0), (0, 1)],
                                     [journal(blue=2, green=1, purple=3, red=4, yellow=2), journal(red=3, blue=2, purple=4)],
                                     phase="advance", collected={"red": 2, "blue": 1})),
        3,
    ))  # fmt: skip
    return out


def exact_expectimax(state: Any, depth: int, cutoff: float = 0.0) -> dict[int, float]:
    """The root action values of depth-limited expectimax, by plain enumeration.

    Mirrors the documented semantics of the compiled search: a depth counts decisions; a chance node
    weighs its outcomes by their odds and uses no depth; a branch whose probability is below
    ``cutoff``, a decision with no depth left or a node past the search's frame stack is scored by
    ``kernel.heuristic``; a terminal state by its returns; each decision maximises the mover's own
    component (the first best action in order keeps its whole vector). No transposition table.
    """
    frames = 4 * (depth + 2)  # the compiled search's frame stack
    out = np.zeros(8)

    def heuristic(s: Any) -> list[float]:
        K.heuristic(s.kernel_state().array, K.HEURISTIC_PARAMS, out)
        return out[: s.players].tolist()

    def value(s: Any, left: int, f: int, prob: float) -> list[float]:
        if s.is_terminal():
            return s.returns()
        if s.is_chance_node():
            if prob < cutoff or f + 1 >= frames:
                return heuristic(s)
            acc = [0.0] * s.players
            for a, p in s.chance_outcomes():
                child = s.clone()
                child.apply_legal_action(a)
                v = value(child, left, f + 1, prob * p)
                acc = [x + p * y for x, y in zip(acc, v)]
            return acc
        if left <= 0 or prob < cutoff or f + 1 >= frames:
            return heuristic(s)
        return decide(s, left, f, prob)[0]

    def decide(s: Any, left: int, f: int, prob: float) -> tuple[list[float], dict[int, float]]:
        mover = s.current_player()
        best, vector, root = -1e300, None, {}
        for a in s.legal_actions():
            child = s.clone()
            child.apply_legal_action(a)
            v = value(child, left - 1, f + 1, prob)
            root[a] = v[mover]
            if v[mover] > best:
                best, vector = v[mover], v
        return vector, root

    return decide(state, depth, 0, 1.0)[1]


# -- mid-game positions ---------------------------------------------------------------------------


def mid_game(players: int = 2, steps: int = 60, seed: int = 4, backend: str = "reference") -> Any:
    """A seeded random position some way into a game, at a decision."""
    state = walk(
        solver.load_game("godo", players=players, backend=backend).new_initial_state(), steps, seed
    )
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal()
    return state


def apply_all(state: Any, actions: list[int]) -> Any:
    """A copy of ``state`` after ``actions``, each checked legal."""
    state = state.clone()
    for a in actions:
        state.apply_action(a)
    return state


SLACK = 0.02
"""Seconds a timed call may run over 1.1 x its limit."""
SECONDS_GAP = 0.005
"""How far a call's ``stats["seconds"]`` may be from the wall time measured around it."""


def within(limit: float, call: Callable[[float], Any]) -> Any:
    """Run ``call(limit)`` up to twice and return the first result that came within ``1.1 * limit
    + SLACK`` seconds (and, for a ``Decision``, whose ``stats["seconds"]`` agrees with the wall
    time), or fail with both runs' numbers. The machine running the tests may be shared: a timing
    gets one retry, never a looser bound.

        >>> within(0.1, lambda limit: limit)
        0.1
    """
    runs = []
    for _ in range(2):
        start = time.perf_counter()
        result = call(limit)
        wall = time.perf_counter() - start
        seconds = result.stats["seconds"] if hasattr(result, "stats") else wall
        runs.append((round(wall, 4), seconds))
        if wall <= 1.1 * limit + SLACK and abs(seconds - wall) <= SECONDS_GAP:
            return result
    pytest.fail(f"limit {limit} s: (wall, stats['seconds']) of two runs: {runs}")
