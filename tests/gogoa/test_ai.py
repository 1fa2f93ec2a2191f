"""The Go Goa evaluation the searchers use (``kernel.estimate`` and its parts).

1. ``best_type_bonus`` is the best mix of types, checked against every mix.
2. ``tour_length`` is a walk through the places: the shortest one for up to two places.
3. On the last day the one-day lookahead is exact: the expected best final score over the rolls,
   checked against every roll, reserve and move of the engine (no Local Guide left).
4. The estimate prefers a set of five types, and a tour plan nearly done.
5. ``foresight`` (the AI's judgement of a turn's end): with a horizon of one day it is the
   lookahead of the roll it draws, and on the last day the best final score of that roll by the
   engine; each seed draws its own rolls; on another player's day, the die they reserve; where the
   dice show, it takes them.
6. ``foresights`` of a set of turn ends at once is each player's ``foresight`` of each end alone,
   though it works out a player's foresight once for the ends that are the same to them.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest

import solver
from solver.core.rng import SplitMix64
from solver.games.gogoa import actions as act
from solver.games.gogoa import kernel as K
from solver.games.gogoa import layout as L
from solver.games.gogoa import scoring as sc
from solver.games.gogoa import weights as W
from solver.games.gogoa.pack import NUM_TYPES
from solver.search.turns import turns


def type_points(counts: tuple[int, ...]) -> int:
    return sc.SET_OF_TYPES * min(counts) + sum(sc.same_type_points(c) for c in counts)


def test_best_type_bonus_is_the_best_mix() -> None:
    rng = random.Random(1)
    extra, dp = np.zeros(NUM_TYPES, np.int64), np.zeros(16, np.int64)
    for _ in range(150):
        counts = tuple(rng.randrange(5) for _ in range(NUM_TYPES))
        spare = tuple(rng.randrange(4) for _ in range(NUM_TYPES))
        k = rng.randrange(7)
        best = max(
            type_points(tuple(c + x for c, x in zip(counts, mix)))
            for mix in itertools.product(*(range(s + 1) for s in spare))
            if sum(mix) <= k
        )
        got = K.best_type_bonus(np.array(counts, np.int64), np.array(spare, np.int64), extra, k, dp)
        assert got == best, (counts, spare, k)


def test_tour_length_walks_through_the_places() -> None:
    rng = random.Random(2)
    path = np.zeros(8, np.int64)
    owner = np.zeros(7, np.int64)
    for _ in range(100):
        here, *places = rng.sample(range(192), 4)
        for n in (1, 2, 3):
            walks = [sum(K.DISTANCE[a, b] for a, b in itertools.pairwise((here, *order)))
                     for order in itertools.permutations(places[:n])]  # fmt: skip
            got = K.tour_length(here, np.array(places + [0] * 4, np.int64), owner, n, 1, path)
            assert min(walks) <= got <= max(walks)
            if n <= 2:
                assert got == min(walks)


def best_of_roll(s: np.ndarray, outcome: int) -> int:
    """The best final score of the last day's route with the roll ``outcome``, by the engine:
    every reserve, then every move."""
    buf = np.empty(L.BUFFER, np.int64)
    rolled = s.copy()
    K.apply_action(rolled, outcome)
    best = 0
    for reserve in buf[: K.legal_actions(rolled, buf)].tolist():
        t = rolled.copy()
        K.apply_action(t, reserve)
        for move in buf[: K.legal_actions(t, buf)].tolist():
            u = t.copy()
            K.apply_action(u, move)
            best = max(best, K.score(u, 0))
    return best


def best_final_score(s: np.ndarray) -> float:
    """The expected best final score of the last day's route, by the engine, over every roll."""
    outcomes, probs = np.empty(L.BUFFER, np.int64), np.empty(L.BUFFER)
    return sum(probs[i] * best_of_roll(s, outcomes[i]) for i in range(K.chance_outcomes(s, outcomes, probs)))


def day_start(seed: int, day: int, players: int = 1) -> np.ndarray:
    """A position before the roll of ``day``, reached by random moves."""
    game = solver.load_game("gogoa", players=players, backend="numba")
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not (state.phase == "roll" and state.array[L.DAY] == day):
        state.apply_action(rng.choice(state.legal_actions()))
    return state.array.copy()


def test_last_day_lookahead_is_exact() -> None:
    out = np.zeros(8)
    for seed in range(8):
        s = day_start(seed, 12)
        s[L.USED] = 7  # every guide crossed out: the lookahead does not use them
        K.heuristic(s, K.HEURISTIC_PARAMS, out)
        assert out[0] * sc.MAX_SCORE == pytest.approx(best_final_score(s))


def drawn_roll(seed: int) -> int:
    """The first roll ``foresight`` draws from ``seed`` (three dice, as the kernel rolls them)."""
    return int(K.ROLL_OF_ORDERED[SplitMix64(seed).below(K.FACES**3)])


def test_foresight_of_one_day_is_the_lookahead_of_its_roll() -> None:
    params = K.HEURISTIC_PARAMS.copy()
    params[W.P_HORIZON] = 1
    counts, scratch = np.empty(NUM_TYPES, np.int64), np.empty(32, np.int64)
    for seed in range(6):
        s = day_start(seed, 3 + seed)
        left = K.days_left(s, 0)
        for future in (1, 2, 99):
            roll = drawn_roll(future)
            expected = K.lookahead(s, 0, left, params, K.kinds(s), counts, scratch, roll, -1, 1)
            assert K.foresight(s, 0, params, future) == pytest.approx(expected)
        futures = {K.foresight(s, 0, K.HEURISTIC_PARAMS, future) for future in range(8)}
        assert len(futures) > 1  # each seed draws its own rolls (six days, sixteen positions a day)


def test_foresight_of_another_players_day_draws_their_reserve() -> None:
    """With players, on a day another player starts, foresight draws the die they reserve (after
    the roll, from the same seed) and leaves this player the two others for the direction."""
    params = K.HEURISTIC_PARAMS.copy()
    params[W.P_HORIZON] = 1
    counts, scratch = np.empty(NUM_TYPES, np.int64), np.empty(32, np.int64)
    narrowed = 0  # futures where the other player's die changes the value
    for seed in range(6):
        s = day_start(seed, 3 + seed, players=2)
        left = K.days_left(s, 0)
        for p in range(2):
            for future in (1, 2, 99):
                rng = SplitMix64(future)
                roll = int(K.ROLL_OF_ORDERED[rng.below(K.FACES**3)])
                allowed = -1 if p == K.starter(s) else 7 & ~(1 << rng.below(3))
                expected = K.lookahead(s, p, left, params, K.kinds(s), counts, scratch, roll, allowed, 1)
                assert K.foresight(s, p, params, future) == pytest.approx(expected)
                free = K.lookahead(s, p, left, params, K.kinds(s), counts, scratch, roll, -1, 1)
                narrowed += expected != pytest.approx(free)
    assert narrowed > 0


def test_foresight_on_the_last_day_is_the_best_score_of_its_roll() -> None:
    for seed in range(6):
        s = day_start(seed, 12)
        s[L.USED] = 7  # no guide to use, none to count
        for future in (3, 4):
            best = best_of_roll(s, act.ROLL + drawn_roll(future))
            assert K.foresight(s, 0, K.HEURISTIC_PARAMS, future) == best


def value(game: Any, visited: list[str], position: str = "Old Goa") -> float:
    """The heuristic of a day-6 position with plans 1 and 24 kept."""
    sheet = {"position": position, "visited": visited, "plans": [1, 24]}
    obj = {"game": "gogoa", "players": 1, "phase": "move", "day": 6, "to_move": 0,
           "dice": [1, 2, 3], "reserved": 2, "sheets": [sheet]}  # fmt: skip
    out = np.zeros(8)
    K.heuristic(game.state_from_json(obj).array, K.HEURISTIC_PARAMS, out)
    return float(out[0])


def test_estimate_prefers_sets_and_targets_in_reach() -> None:
    """On the first map (its places and plans are named here)."""
    game = solver.load_game("gogoa", players=1, backend="numba", pack="reference-v1")
    one_of_each = ["Old Goa", "Colva", "Kesarval Falls", "Rachol Fort", "Basilica of Bom Jesus"]
    one_type = ["Old Goa", "Fontainhas", "Houses of Goa", "Lamgao Caves", "Naval Aviation Museum"]
    assert value(game, one_of_each) > value(game, one_type)
    # Plan 24 (Agonda, Palolem, Usgalimal Rock Art): two places visited, near the third; or none.
    near = ["Agonda", "Palolem", "Cabo de Rama"]
    far = ["Arambol", "Morjim", "Teracol"]  # the same types
    assert value(game, near, "Cabo de Rama") > value(game, far, "Teracol")


def test_foresight_takes_the_dice_showing() -> None:
    """With players, a turn ends with the dice of the others' routes showing: their foresight of
    one day is then their estimate with the lookahead of one day, on those dice."""
    game = solver.load_game("gogoa", players=2, backend="numba")
    params = K.HEURISTIC_PARAMS.copy()
    params[W.P_HORIZON], params[W.P_LOOKAHEAD] = 1, 1
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not (state.phase == "move" and state.array[L.DAY] == 2 + seed):
            state.apply_action(rng.choice(state.legal_actions()))
        s = state.array
        for p in range(2):
            if K.showing(s, p, K.days_left(s, p))[0] >= 0:  # p's route today is still to come
                assert K.foresight(s, p, params, 7) == pytest.approx(K.estimate(s, p, params))
                checked += 1
    assert checked >= 6


@pytest.mark.parametrize("players", [2, 4])
def test_foresights_of_many_ends_are_each_ends_own(players: int) -> None:
    """Every turn of the player to move at a day's reserve (the ends differ in the die reserved)
    and at its last route (they may end the game), in one call."""
    game = solver.load_game("gogoa", players=players, backend="numba")
    params = K.HEURISTIC_PARAMS
    over = 0
    for seed, day, last in itertools.product(range(3), (3, 12), (False, True)):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not (state.array[L.DAY] == day and (state.phase == "move" and state.current_player() == (
                K.starter(state.array) - 1) % players if last else state.phase == "reserve")):  # fmt: skip
            state.apply_action(rng.choice(state.legal_actions()))
        ends = np.array([end for _, end in turns(K, state.array)])
        out = np.zeros((len(ends), 8))
        K.foresights(ends, params, 5, out)
        for end, row in zip(ends, out, strict=True):
            over += bool(K.is_terminal(end))
            assert list(row[:players]) == [K.foresight(end, p, params, 5) for p in range(players)]
    assert over > 0
