"""The Go Goa evaluation the searchers use (``kernel.estimate`` and its parts).

1. ``best_type_bonus`` is the best mix of types, checked against every mix.
2. ``tour_length`` is a walk through the places: the shortest one for up to two places.
3. On the last day the one-day lookahead is exact: the expected best final score over the rolls,
   checked against every roll, reserve and move of the engine (no Local Guide left).
4. The estimate prefers a set of five types, and a tour plan nearly done.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest

import solver
from solver.games.gogoa import kernel as K
from solver.games.gogoa import layout as L
from solver.games.gogoa import scoring as sc
from solver.games.gogoa.pack import NUM_TYPES


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


def best_final_score(s: np.ndarray) -> float:
    """The expected best final score of the last day's route, by the engine: every roll, then every
    reserve and move."""
    buf = np.empty(L.BUFFER, np.int64)
    outcomes, probs = np.empty(L.BUFFER, np.int64), np.empty(L.BUFFER)
    expected = 0.0
    for i in range(K.chance_outcomes(s, outcomes, probs)):
        rolled = s.copy()
        K.apply_action(rolled, outcomes[i])
        best = 0
        for reserve in buf[: K.legal_actions(rolled, buf)].tolist():
            t = rolled.copy()
            K.apply_action(t, reserve)
            for move in buf[: K.legal_actions(t, buf)].tolist():
                u = t.copy()
                K.apply_action(u, move)
                best = max(best, K.score(u, 0))
        expected += probs[i] * best
    return expected


def test_last_day_lookahead_is_exact() -> None:
    game = solver.load_game("gogoa", players=1, backend="numba")
    out = np.zeros(8)
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not (state.phase == "roll" and state.array[L.DAY] == 12):
            state.apply_action(rng.choice(state.legal_actions()))
        s = state.array.copy()
        s[L.USED] = 7  # every guide crossed out: the lookahead does not use them
        K.heuristic(s, K.HEURISTIC_PARAMS, out)
        assert out[0] * sc.MAX_SCORE == pytest.approx(best_final_score(s))


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
