"""The AI (``solver.search.ai``): a plan for every game and player count, and the guard that keeps
its move from being worse than greedy's without a search that earned the change, on seeded
positions of every game; the ``ai`` agent plays what ``best_move`` plays."""

from __future__ import annotations

import random
import threading

import pytest

import solver
from solver.core.agents import derive_seed, make_agent
from solver.core.params import Params, for_players, read_params
from solver.core.play import random_step
from solver.games.kokoro.weights import H_LINK
from solver.search.ai import (
    MULTI,
    PLANS,
    ROUNDS,
    SOLO,
    TRUSTED_ROUNDS,
    TRUSTED_VISITS,
    Guard,
    Plan,
    plan_for,
)
from solver.search.decision import ALGORITHMS
from solver.search.searcher import ForesightSearcher, RootStats, SimulationSearcher
from solver.search.settings import settings, settings_listing, shipped

GAMES = [("godo", 1), ("godo", 2), ("gogoa", 1), ("gogoa", 2), ("kokoro", 1), ("kokoro", 3), ("koi", 1), ("koi", 2)]
STOPPED = threading.Event()
STOPPED.set()
TINY = {"mcts": {"iterations": 1}, "expectimax": {"depth": 1}, "simulation": {"time_limit": 0.05, "stop": STOPPED},
        "foresight": {"time_limit": 0.05, "stop": STOPPED}}  # fmt: skip
"""A budget too small to judge a move by (expectimax: below every plan's ``depth``; greedy's
playouts and foresight: stopped before their first round, where a round can take milliseconds)."""
FAIR = {"mcts": {"iterations": 400}, "expectimax": {"depth": 2}, "simulation": {"rounds": 12},
        "foresight": {"rounds": 12}}  # fmt: skip
"""Budgets that let every plan's search judge (each repeats: a clock would make the test's move
depend on the machine's speed)."""
ROUNDING = 1e-4
"""The decision's stats give values to 4 places: a lead of any size may show as up to this less."""


def positions(game: str, players: int, count: int = 3) -> list:
    """``count`` seeded decisions with a choice, from the start and further into the game."""
    out = []
    for k in range(count):
        state = solver.load_game(game, players=players, backend="numba").new_initial_state()
        rng = random.Random(100 * k + players)
        for _ in range(8 * k):
            if state.is_terminal():
                break
            state.apply_action(random_step(state, rng))
        while not state.is_terminal() and (state.is_chance_node() or len(state.legal_actions()) < 2):
            state.apply_action(random_step(state, rng))
        if not state.is_terminal():
            out.append(state)
    return out


def test_every_game_has_a_plan_solo_and_with_more_players():
    for game in solver.api.GAMES:
        for players in (SOLO, MULTI):
            plan = PLANS[game, players]
            assert plan.searcher in ALGORITHMS and plan.searcher != "ai", (game, players)
    state = solver.load_game("kokoro", players=1).new_initial_state()
    assert plan_for(state.kernel_state()) is PLANS["kokoro", SOLO]


def _stats(actions, visits, values, depth=0, by_value=False) -> RootStats:
    stats = RootStats(0, depth=depth, by_value=by_value)
    stats.actions, stats.visits, stats.values = actions, visits, values
    return stats


def test_the_guard_lets_a_search_overrule_greedy_only_when_it_earned_it():
    state = positions("kokoro", 2, 1)[0]
    guard = Guard(state.kernel_state(), Plan("mcts"), None)
    enough, few = TRUSTED_VISITS, TRUSTED_VISITS - 1
    assert guard.action(_stats([1, 2], [enough * 3, enough], [0.6, 0.5]), 2) == 1
    assert guard.action(_stats([1, 2], [enough * 3, few], [0.6, 0.5]), 2) == 2  # greedy's barely tried
    assert guard.action(_stats([1, 2], [few, 3], [0.6, 0.5]), 2) == 2  # the best's visits are noise
    assert guard.action(_stats([1, 2], [enough * 3, enough], [0.4, 0.5]), 2) == 2  # valued lower
    assert guard.action(_stats([1], [500], [0.6]), 2) == 2  # greedy's never tried
    deep = Guard(state.kernel_state(), Plan("expectimax", depth=2), None)
    assert deep.action(_stats([1, 2], [0, 0], [0.6, 0.5], depth=2, by_value=True), 2) == 1
    assert deep.action(_stats([1, 2], [0, 0], [0.6, 0.5], depth=1, by_value=True), 2) == 2


def test_greedys_playouts_overrule_greedy_only_by_a_lead_on_enough_rounds():
    state = positions("koi", 2, 1)[0]
    plan = PLANS["koi", MULTI]
    guard = Guard(state.kernel_state(), plan, None)
    lead = plan.lead + 0.05
    assert guard.action(_stats([1, 2], [8, 8], [0.5 + lead, 0.5], depth=TRUSTED_ROUNDS, by_value=True), 2) == 1
    assert guard.action(_stats([1, 2], [7, 7], [0.5 + lead, 0.5], depth=TRUSTED_ROUNDS - 1, by_value=True), 2) == 2
    assert guard.action(_stats([1, 2], [8, 8], [0.6, 0.5], depth=TRUSTED_ROUNDS, by_value=True), 2) == 2  # a small lead
    assert guard.action(_stats([1], [8], [0.9], depth=TRUSTED_ROUNDS, by_value=True), 2) == 2  # greedy's not judged
    assert "a lead of 0.2 on 8 rounds" in plan.describe() and "by any lead on 8" in PLANS["kokoro", SOLO].describe()
    solo = Guard(state.kernel_state(), PLANS["kokoro", SOLO], None)  # solo: any lead, on as many rounds
    assert solo.action(_stats([1, 2], [8, 8], [0.51, 0.5], depth=TRUSTED_ROUNDS, by_value=True), 2) == 1
    assert solo.action(_stats([1, 2], [8, 8], [0.5, 0.5], depth=TRUSTED_ROUNDS, by_value=True), 2) == 2
    assert solo.action(_stats([1, 2], [7, 7], [0.6, 0.5], depth=TRUSTED_ROUNDS - 1, by_value=True), 2) == 2


def test_greedys_playouts_judge_the_heuristics_best_candidates_on_the_same_luck():
    state = positions("koi", 2, 2)[1]
    kstate = state.kernel_state()
    one = SimulationSearcher(kstate, seed=4).run(depth=3)
    assert one.depth == 3 and one.visits == [3] * len(one.actions)
    assert 1 <= len(one.actions) <= SimulationSearcher.CANDIDATES + 1 and set(one.actions) <= set(state.legal_actions())
    assert Guard(kstate, Plan("simulation"), None).greedy(kstate) in one.actions
    narrow = SimulationSearcher(kstate, seed=4, width=2).run(depth=3)  # greedy's choice and the heuristic's best two
    assert narrow.actions[0] == one.actions[0] and set(narrow.actions) <= set(one.actions) and len(narrow.actions) <= 3
    assert all(narrow.value_of(a) == one.value_of(a) for a in narrow.actions)  # each on the same luck
    again = SimulationSearcher(kstate, seed=4)
    again.run(depth=1)
    more = again.run(depth=3)
    assert more.values == one.values  # rounds go on where they stopped, seeded
    assert (more.depth, more.iterations, more.nodes) == (3, 2, 2 * len(one.actions))  # this run's rounds counted
    assert all(0.0 <= v <= 1.0 for v in one.values)


@pytest.mark.parametrize(("game", "players"), [("kokoro", 1), ("koi", 2), ("gogoa", 2)])
def test_rounds_played_side_by_side_find_what_one_worker_finds(game, players):
    """Round ``j`` has its own deal and chance, and the rounds are summed in their order, so a
    budget of rounds values every candidate alike whatever the threads (two workers: a batch of
    eight rounds, then one of two)."""
    kstate = positions(game, players, 2)[1].kernel_state()
    kind = ForesightSearcher if game == "gogoa" else SimulationSearcher
    found = []
    for workers in (1, 2):
        searcher = kind(kstate, seed=4, workers=workers)
        try:
            found.append(searcher.run(depth=10))
        finally:
            searcher.close()
    assert found[0].depth == found[1].depth == 10 and found[1].actions == found[0].actions
    assert found[1].values == found[0].values and len(set(found[0].values)) > 1


def test_a_named_searcher_is_not_guarded():
    state = positions("kokoro", 2, 1)[0]
    with pytest.raises(AssertionError):
        Guard(state.kernel_state(), None, None).action(_stats([1], [50], [0.5]), 2)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_default_plays_greedy_unless_its_search_earned_another_move(game, players):
    """A budget too small to judge by plays greedy's move at every decision of the turn; a fair
    one plays greedy's first move or one its search valued higher on enough visits (or depth)."""
    for state in positions(game, players):
        kstate = state.kernel_state()
        plan = plan_for(kstate)
        guard = Guard(kstate, plan, None, seed=1)  # the deal best_move's seed makes
        greedy = guard.greedy(kstate)
        tiny = solver.best_move(state, seed=1, workers=1, **TINY[plan.searcher])
        assert tiny.actions[0] == greedy and tiny.stats["overruled"] == 0, (game, players)
        assert tiny.stats["algorithm"] == "ai" and tiny.stats["plan"] == plan.describe()
        fair = solver.best_move(state, seed=1, workers=1, **FAIR[plan.searcher])
        if fair.actions[0] == greedy:
            continue
        first = fair.stats["first_decision"]
        found = {a["action"]: a for a in first["actions"]}
        if plan.searcher == "expectimax":
            assert first["depth"] >= plan.depth
        elif plan.searcher in ROUNDS:
            played, kept = found[fair.actions[0]], found[greedy]
            assert first["depth"] >= TRUSTED_ROUNDS and played["value"] - kept["value"] > plan.lead - ROUNDING
        else:
            played, kept = found[fair.actions[0]], found[greedy]
            assert min(played["visits"], kept["visits"]) >= TRUSTED_VISITS
            assert played["value"] >= kept["value"]


def test_a_budget_that_names_a_searcher_gets_it_guarded():
    state = positions("kokoro", 1, 1)[0]  # the AI's plan for solo Kokoro is greedy's playouts
    decision = solver.best_move(state, iterations=100, workers=1)
    assert decision.stats["searcher"] == "mcts" and decision.stats["plan"] == Plan("mcts").describe()
    state = positions("gogoa", 2, 1)[0]  # and for Go Goa with players greedy
    assert solver.best_move(state, depth=1).stats["searcher"] == "expectimax"
    with pytest.raises(solver.SearchError, match="^depth: the AI searches with mcts here, which is bounded by iterations"):
        solver.best_move(state, iterations=10, depth=2)
    with pytest.raises(solver.SearchError, match="^iterations: greedy is bounded by time_limit only"):
        solver.best_move(state, algorithm="greedy", iterations=10)
    assert solver.best_move(state, algorithm="greedy").stats["searcher"] == "greedy"


def test_rounds_bound_greedys_playouts_and_repeat():
    """``rounds`` plays greedy's playouts, that many games after each candidate at a decision, in
    any game (guarded; the AI's own lead where they are its plan): a budget that repeats."""
    state = positions("kokoro", 1, 2)[1]
    first = solver.best_move(state, rounds=9, seed=3)
    assert first.stats["searcher"] == "simulation" and first.stats["plan"] == PLANS["kokoro", SOLO].describe()
    assert first.stats["first_decision"]["depth"] == 9 and first.stats["iterations"] % 9 == 0
    assert solver.best_move(state, rounds=9, seed=3).actions == first.actions
    godo = positions("godo", 1, 1)[0]  # the AI's plan there is MCTS: rounds name the playouts instead
    assert solver.best_move(godo, rounds=2).stats["plan"] == Plan("simulation").describe()
    with pytest.raises(solver.SearchError, match="^rounds: MCTS is bounded by iterations or time_limit, not by rounds"):
        solver.best_move(godo, algorithm="mcts", rounds=2)
    with pytest.raises(solver.SearchError, match="^rounds: expected an integer from 1 to 1000000, got 0"):
        solver.best_move(state, rounds=0)
    assert make_agent("ai:rounds=9", seed=1).budget["rounds"] == 9


def test_greedys_playouts_take_their_own_tune_else_greedys():
    """The AI's playouts and their guard judge with the weights tuned for greedy's playouts
    (``agent`` ``simulation``) where a file, pack or shipped tune has them, else with greedy's."""
    greedys = Params("kokoro", 1, None, "greedy", (("link", 3.0),))
    own_tune = Params("kokoro", 1, None, "simulation", (("link", 2.5),))
    assert for_players([greedys, own_tune], 1, "simulation") is own_tune
    assert for_players([greedys], 1, "simulation") is greedys and for_players([own_tune], 1, "greedy") is None
    kstate = positions("kokoro", 1, 1)[0].kernel_state()
    expected = for_players(shipped("kokoro"), 1, "simulation")
    assert expected is not None and expected.agent in ("simulation", "greedy")
    listing = settings_listing(kstate, None, "simulation")["heuristic"]
    assert all(listing[name]["value"] == value for name, value in expected.values("heuristic").items())
    own = read_params({"game": "kokoro", "players": 1, "agent": "simulation", "heuristic": {"link": 2.5}})
    assert Guard(kstate, PLANS["kokoro", SOLO], own, agent="simulation").weights[H_LINK] == 2.5
    assert settings(kstate, own, "simulation")[0][H_LINK] == 2.5


def test_the_ai_agent_plays_the_turns_best_move_finds():
    """The agent searches a whole turn with ``best_move`` at its first decision (a budget of
    rounds repeats: Go Goa's foresight) and plays the turn's actions in order."""
    state = solver.load_game("gogoa", players=1, backend="numba").new_initial_state()
    ai = make_agent("ai:rounds=8", seed=3)
    rng, turns = random.Random(4), 0
    while turns < 3:
        if state.is_chance_node():
            state.apply_action(random_step(state, rng))
            continue
        turns += 1
        decision = solver.best_move(state, rounds=8, seed=derive_seed(3, 7919, turns))
        for action in decision.actions:
            assert ai.step(state) == action
            state.apply_action(action)
