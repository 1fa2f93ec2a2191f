"""Both searchers find a win in one turn in small hand-built positions.

Each position (see ``tests/search/helpers.py``) gives the player to move exactly one line that
masters the last track this turn; every other first action leaves the game going (and, in the
positions built for it, loses at once). ``best_move`` must return that line: applying
``decision.actions`` to the state ends the game won by the player to move.
"""

from __future__ import annotations

import pytest

import solver
from solver.games.godo.actions import FREE, PASS, move_action
from tests.search.helpers import (
    MOVE_EAST,
    RED_ON_RED,
    E,
    N,
    W,
    apply_all,
    forced_advance_win_2p,
    forced_advance_win_solo,
    forced_move_win_2p,
    forced_move_win_solo,
    forced_place_then_win_2p,
)

POSITIONS = {
    "move-2p": (forced_move_win_2p, [MOVE_EAST, RED_ON_RED], 1.0),
    "move-solo": (lambda: forced_move_win_solo(stock=0), [MOVE_EAST, RED_ON_RED], 0.5),
    "move-solo-stock": (lambda: forced_move_win_solo(stock=12), [MOVE_EAST, RED_ON_RED], 1.0),
    "advance-2p": (forced_advance_win_2p, [RED_ON_RED, RED_ON_RED], 1.0),
    "advance-solo": (forced_advance_win_solo, [RED_ON_RED, RED_ON_RED], 0.5),
}


def test_the_positions_are_what_they_claim():
    # Move positions: three free first moves; only east wins this turn.
    state = forced_move_win_2p()
    assert set(state.legal_actions()) == {
        move_action(E, FREE),
        move_action(N, FREE),
        move_action(W, FREE),
    }
    won = apply_all(state, [MOVE_EAST, RED_ON_RED])
    assert won.is_terminal() and won.winners == [0] and won.returns() == [1.0, 0.0]
    for first in (move_action(N, FREE), move_action(W, FREE)):
        after = apply_all(state, [first])
        # the lantern ends the movement with nothing to advance: player 1 masters red and wins
        assert after.is_terminal() and after.winners == [1]
    # Solo with an empty stock: a turn that does not win is lost at step 6.
    state = forced_move_win_solo(stock=0)
    assert apply_all(state, [MOVE_EAST, RED_ON_RED]).returns() == [0.5]
    after = apply_all(state, [move_action(N, FREE)])
    assert after.is_terminal() and after.returns() == [0.0]
    # Advance: passing shares both red tokens with player 1, who wins with them.
    state = forced_advance_win_2p()
    assert set(state.legal_actions()) == {PASS, RED_ON_RED}
    after = apply_all(state, [PASS])
    assert after.current_player() == 1 and set(after.legal_actions()) == {PASS, RED_ON_RED}
    assert apply_all(after, [RED_ON_RED, RED_ON_RED]).winners == [1]
    after = apply_all(state, [RED_ON_RED, PASS])  # one advance only: red stops at 4
    assert not after.is_terminal() or after.winners != [0]


def _check_winning_decision(state, decision, line, win_value):
    player = state.current_player()
    assert decision.player == player
    assert decision.actions == line
    assert decision.steps == [apply_all(state, decision.actions[:i]).action_to_string(a)
                              for i, a in enumerate(decision.actions)]  # fmt: skip
    assert decision.plan == "; ".join(decision.steps)
    end = apply_all(state, decision.actions)
    assert end.is_terminal()
    assert end.winners == [player]
    assert end.returns()[player] == pytest.approx(win_value)


@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mcts_finds_the_winning_turn(name, seed):
    build, line, win_value = POSITIONS[name]
    state = build()
    decision = solver.best_move(state, algorithm="mcts", iterations=300, seed=seed, workers=1)
    _check_winning_decision(state, decision, line, win_value)
    first = decision.stats["first_decision"]
    best = first["actions"][0]
    assert best["action"] == line[0]
    # the winning first action is the most visited and the best valued, near a sure win (with a
    # full stock, a later win is worth nearly as much: its visits are not a majority there)
    assert all(best["value"] > other["value"] for other in first["actions"][1:])
    assert decision.value > 0.8 * win_value


@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("depth", [2, 3])
def test_expectimax_finds_the_winning_turn(name, depth):
    build, line, win_value = POSITIONS[name]
    state = build()
    decision = solver.best_move(state, algorithm="expectimax", depth=depth)
    _check_winning_decision(state, decision, line, win_value)
    # two decisions reach the end: the value is the exact return of the win
    assert decision.value == pytest.approx(win_value, abs=1e-12)
    first = decision.stats["first_decision"]
    assert first["depth"] == depth
    others = [a["value"] for a in first["actions"] if a["action"] != line[0]]
    if name in ("move-2p", "move-solo", "advance-solo"):
        assert others and max(others) == 0.0  # every other first action loses at once


def test_mcts_with_two_workers_finds_the_win():
    state = forced_move_win_2p()
    decision = solver.best_move(state, algorithm="mcts", iterations=400, seed=5, workers=2)
    _check_winning_decision(state, decision, [MOVE_EAST, RED_ON_RED], 1.0)


def test_forced_win_on_the_numba_backend_too():
    state = forced_move_win_2p(backend="numba")
    for algorithm, budget in (
        ("mcts", {"iterations": 200, "workers": 1}),
        ("expectimax", {"depth": 2}),
    ):
        decision = solver.best_move(state, algorithm=algorithm, **budget)
        _check_winning_decision(state, decision, [MOVE_EAST, RED_ON_RED], 1.0)


def test_a_chance_node_inside_the_winning_turn():
    # place a tile -> a tile is drawn (chance) -> move east -> red 4 -> 5 wins, whatever the draw
    state = forced_place_then_win_2p()
    assert state.phase == "place" and len(state.legal_actions()) > 5
    for algorithm, budget, low in (("mcts", {"iterations": 500, "workers": 1, "seed": 1}, 0.8),
                                   ("expectimax", {"depth": 3}, 1.0)):  # fmt: skip
        decision = solver.best_move(state, algorithm=algorithm, **budget)
        assert len(decision.actions) == 1  # the search stops at the draw
        after = apply_all(state, decision.actions)
        assert after.is_chance_node()
        assert decision.value >= low - 1e-12
        for draw, _ in after.chance_outcomes():
            drawn = apply_all(after, [draw])
            rest = solver.best_move(drawn, algorithm=algorithm, **budget)
            _check_winning_decision(drawn, rest, [MOVE_EAST, RED_ON_RED], 1.0)
