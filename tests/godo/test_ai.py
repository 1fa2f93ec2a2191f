"""The GODŌ heuristic: virtue tokens count for whoever will use them; a solo stock token is best
laid where it covers the fewest virtue symbols.

In a 2-player game the tokens the active player's Improvement cannot use are offered to the other
player (sharing), so a token the mover cannot use is progress for the opponent. The heuristic
(``kernel.heuristic``, the same in the C kernel) credits each token to the journal that can take
it; these positions are built by hand (``tests/godo/builders.py``) on the layout::

    (0,1)---(1,1)---(2,1)---(3,1)
      |       |       |       |
    (0,0)---(1,0)---(2,0)---(3,0)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import solver
from solver.games.godo import ckernel as C
from solver.games.godo import kernel as K
from solver.games.godo import layout as L
from solver.games.godo.actions import PASS, advance_action, move_action, point_action
from tests.godo.builders import (
    blank_tiles,
    corner,
    make_pack,
    position,
    row_of_squares,
    solo_position,
    symbols,
)

RED = 3
EAST, WEST = move_action(0, 0), move_action(2, 0)  # along a blue path, paid with blue
ROW = row_of_squares(3)
# Player 1 needs two red steps to master its last virtue; player 0 has mastered red.
NEAR_WIN = {"blue": None, "green": None, "purple": None, "yellow": None, "red": 3}
AI = {"blue": 3, "green": 3, "purple": 2, "yellow": 2, "red": None}

KERNELS = [K] + ([C] if C.available() else [])


def kernel_id(kernel: Any) -> str:
    return kernel.__name__.rsplit(".", 1)[-1]


def game_state(**fields: Any) -> Any:
    """A 2-player position on ``ROW``: blue paths, two red lotuses at (2,0), none elsewhere; player
    0 to move from (1,0), player 1's monk at (3,1)."""
    tiles = symbols(blank_tiles(ROW), ROW, {(2, 0): [corner("red"), corner("red")]})
    game = solver.load_game("godo", players=2, pack=make_pack(tiles))
    journals = fields.pop("journals", [AI, NEAR_WIN])
    return game.state_from_json(position(ROW, [(1, 0), (3, 1)], journals, **fields))


def heuristic(state: Any, kernel: Any = K) -> list[float]:
    out = np.zeros(L.MAX_PLAYERS, np.float64)
    kernel.heuristic(state.kernel_state().array, K.HEURISTIC_PARAMS, out)
    return out[:2].tolist()


def after(state: Any, action: int) -> Any:
    child = state.clone()
    child.apply_action(action)
    return child


@pytest.mark.parametrize("kernel", KERNELS, ids=kernel_id)
def test_tokens_count_for_whoever_can_use_them(kernel: Any) -> None:
    state = game_state()
    east, west = after(state, EAST), after(state, WEST)
    assert east.collected[RED] == 2 and east.phase == "move"
    assert heuristic(east, kernel)[1] > heuristic(west, kernel)[1]  # player 0 cannot use red
    state = game_state(journals=[{**AI, "red": 0}, NEAR_WIN])
    assert heuristic(after(state, EAST), kernel)[0] > heuristic(after(state, WEST), kernel)[0]


@pytest.mark.parametrize("kernel", KERNELS, ids=kernel_id)
def test_during_sharing_the_pool_counts_for_the_player_offered_it(kernel: Any) -> None:
    sharing = after(after(game_state(), EAST), PASS)  # player 0's Improvement has nothing to do
    assert (sharing.phase, sharing.to_move, sharing.pool_mode) == ("advance", 1, "share")
    used = after(sharing, advance_action(RED, RED))
    assert heuristic(used, kernel)[1] > heuristic(sharing, kernel)[1]  # a step is worth more
    assert heuristic(sharing, kernel)[1] > heuristic(after(game_state(), WEST), kernel)[1]


@pytest.mark.parametrize("kernel", KERNELS, ids=kernel_id)
@pytest.mark.parametrize("mastery", [0.0, -1.5, 1.0])
def test_a_mastered_track_counts_six_steps_and_the_mastery_weight(kernel: Any, mastery: float) -> None:
    """Multiplayer, a mastered track is worth 6 journal steps plus ``HEURISTIC_PARAMS[5]`` (the
    ``mastery`` weight): player 0 has 10 steps and one track mastered, player 1 three steps and
    four tracks mastered, and no token is held."""
    params = K.HEURISTIC_PARAMS.copy()
    params[5] = mastery
    out = np.zeros(L.MAX_PLAYERS, np.float64)
    kernel.heuristic(game_state().kernel_state().array, params, out)
    ours, theirs = np.exp(params[0] * (10 + 6 + mastery)), np.exp(params[0] * (3 + 4 * (6 + mastery)))
    assert out[:2].tolist() == pytest.approx([ours / (ours + theirs), theirs / (ours + theirs)], rel=1e-12)


def test_the_mover_stays_away_from_tokens_only_the_opponent_can_use() -> None:
    """East collects two red tokens, useless to player 0 and the two steps player 1 needs; west
    collects nothing. Counting collected tokens as the mover's own progress (the heuristic before
    the sharing term) preferred east; now west is preferred, by the heuristic and by the search."""
    state = game_state()
    assert {EAST, WEST} <= set(state.legal_actions())
    assert heuristic(after(state, WEST))[0] > heuristic(after(state, EAST))[0]
    assert solver.best_move(state, iterations=300, workers=1, seed=1).actions[0] != EAST


# -- solo: the stall ------------------------------------------------------------------------------

RICH, BARE = (2, 0), (3, 1)


def solo_stock_state() -> Any:
    """A solo position at the stock step on ``ROW``: three lotuses at ``RICH``, none elsewhere, the
    monk at (0,0), two Ensō tokens on the grounds."""
    tiles = symbols(blank_tiles(ROW), ROW, {RICH: corner("red", "red", "blue")})
    game = solver.load_game("godo", players=1, pack=make_pack(tiles))
    pos = solo_position(ROW, (0, 0), {"blue": 2, "red": 1}, stock=10, phase="stock",
                        enso=[(1, 0), (0, 1)])  # fmt: skip
    return game.state_from_json(pos)


@pytest.mark.parametrize("kernel", KERNELS, ids=kernel_id)
def test_a_stock_token_on_symbols_is_worse_than_on_a_bare_intersection(kernel: Any) -> None:
    """Arriving on an Ensō token collects nothing, so covering symbols brings the stall nearer:
    the heuristic (its open-symbols term, ``HEURISTIC_PARAMS[4]``) prefers the bare spot."""
    state = solo_stock_state()
    assert {point_action(RICH), point_action(BARE)} <= set(state.legal_actions())
    rich, bare = after(state, point_action(RICH)), after(state, point_action(BARE))
    assert heuristic(bare, kernel)[0] > heuristic(rich, kernel)[0]
    best = solver.best_move(state, iterations=300, workers=1, seed=1)
    assert best.actions[0] != point_action(RICH)


@pytest.mark.parametrize("kernel", KERNELS, ids=kernel_id)
def test_solo_a_mastered_track_counts_six_steps_whatever_the_mastery_weight(kernel: Any) -> None:
    """The ``mastery`` weight is for players only: solo, each count but 6 played worse (``docs/ai.md``)."""
    tiles = symbols(blank_tiles(ROW), ROW, {RICH: corner("red")})
    game = solver.load_game("godo", players=1, pack=make_pack(tiles))
    pos = solo_position(ROW, (0, 0), {"blue": 2, "red": None}, stock=10)
    array = game.state_from_json(pos).kernel_state().array
    assert K._track(array, 0, RED) == L.MASTERED
    values = []
    for mastery in (0.0, -1.5):
        params, out = K.HEURISTIC_PARAMS.copy(), np.zeros(L.MAX_PLAYERS, np.float64)
        params[5] = mastery
        kernel.heuristic(array, params, out)
        values.append(out[0])
    assert values[0] == values[1]
