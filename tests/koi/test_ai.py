"""The KOI AI's heuristic values a position in the middle of a turn by the turn's end.

1. A meditation with its reward, its card's effect or a koi purchase still to come is worth the
   best way of taking them (``kernel.settle``): exactly the best of its choices, and at least the
   position after any of them; the card flipped after a meditation does not change the value.
2. Checked at every few-way choice and every flip inside a turn of seeded random solo games.
3. With turn ends valued this way, expectimax two decisions deep plays solo about as well as the
   greedy baseline (one whole turn of lookahead) on the same seeds: within 5% (it scored a quarter
   of greedy's when a position inside a turn was worth nothing). Not above it: greedy plays a
   Work's luck-token koi and its tiles in its lookahead, past expectimax's two decisions.

Positions are scripted on the numba backend with the test pack (``tests/koi/builders.py``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import solver
from solver.core.params import Params, parameters
from solver.games.koi import kernel as K
from solver.games.koi import layout as L
from tests.koi.builders import load, meditate, run, started

FEW_WAY = (L.PH_ORDER, L.PH_REWARD, L.PH_MARKET, L.PH_LUCK)


def value(array: np.ndarray, player: int = 0) -> float:
    out = np.zeros(8)
    K.heuristic(array, K.HEURISTIC_PARAMS, out)
    return float(out[player])


def children(array: np.ndarray) -> list[np.ndarray]:
    """The positions after each legal action (or chance outcome)."""
    acts = np.empty(K.BUFFER, np.int64)
    found = []
    for action in acts[: K.legal_actions(array, acts)]:
        child = array.copy()
        K.apply_action(child, action)
        found.append(child)
    return found


def kernel_started(market: list[str]) -> Any:
    return started(market, backend="numba")


# -- 1. constructed meditations --------------------------------------------------------------------


def test_a_reward_still_to_take_is_worth_the_best_of_its_goods() -> None:
    """Space 5's shore or foliage is not taken yet: the position is worth the better of the two,
    not the position without either."""
    state = run(kernel_started(["Calm", "Calm", "Calm", "Calm", "Storage"]), meditate(5))
    assert state.array[L.PHASE] == L.PH_REWARD
    after = [value(child) for child in children(state.array)]
    assert len(after) == 2
    assert value(state.array) == max(after)


def test_a_market_card_on_space_4_is_worth_its_best_order_and_koi() -> None:
    """The order (reward first or card first) and the discounted koi are still to choose: the
    position is worth the best of them, at least as much as after either order."""
    state = run(kernel_started(["Calm", "Calm", "Calm", "Market", "Calm"]), meditate(4))
    assert state.array[L.PHASE] == L.PH_ORDER
    after = [value(child) for child in children(state.array)]
    assert value(state.array) == max(after)


def test_the_card_flipped_after_a_meditation_does_not_change_the_value() -> None:
    state = run(kernel_started(["Calm", "Calm", "Spring rain", "Calm", "Calm"]), meditate(3))
    assert state.array[L.PHASE] == L.PH_FLIP
    assert {value(child) for child in children(state.array)} == {value(state.array)}


# -- 2. seeded games -------------------------------------------------------------------------------


def test_inside_a_turn_a_choice_is_worth_its_best_answer_and_a_flip_any_card() -> None:
    game = load(1, backend="numba")
    checked = 0
    for seed in range(3):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            array = state.array
            inside = array[L.SPACE] != L.NONE
            if array[L.PHASE] in FEW_WAY or (array[L.PHASE] == L.PH_FLIP and inside):
                after = [value(child) for child in children(array)]
                expected = max(after) if array[L.PHASE] in FEW_WAY else after[0]
                assert value(array) == expected, (seed, array[L.PHASE])
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked >= 40


# -- 3. the searches -------------------------------------------------------------------------------


def test_expectimax_two_deep_plays_solo_about_as_well_as_greedy() -> None:
    game = solver.load_game("koi", players=1, backend="numba")
    seeds = range(100, 104)
    # greedy on expectimax's weights (the code's), not on its own tune
    same = Params("koi", 1, None, "greedy", tuple((p.name, p.default) for p in parameters("koi", 1, "heuristic")))
    totals = {
        agent: sum(solver.play(game, [agent], seed=seed, params=same).scores[0] for seed in seeds)
        for agent in ("expectimax:depth=2", "greedy")
    }
    assert totals["expectimax:depth=2"] >= 0.95 * totals["greedy"], totals
