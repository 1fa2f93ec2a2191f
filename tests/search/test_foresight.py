"""Foresight (``ForesightSearcher``, Go Goa's solo AI) and the whole turns it judges
(``solver.search.turns``): the turns are the engine's, every candidate is judged on the same
futures, greedy's turn is always among them, rounds go on seeded, and a game without a foresight
judgement says so."""

from __future__ import annotations

import numpy as np
import pytest

import solver
from solver.core.agents import derive_seed
from solver.search.ai import PLANS, SOLO, TRUSTED_ROUNDS, Guard
from solver.search.decision import lines_of
from solver.search.searcher import ForesightSearcher, SimulationSearcher, deal_rng
from solver.search.turns import turns
from tests.search.test_ai import positions


def test_turns_are_every_reserve_then_every_move() -> None:
    state = positions("gogoa", 1, 2)[1]
    kstate = state.kernel_state()
    kernel, s = kstate.search_kernel(), kstate.array
    expected = []
    for reserve in state.legal_actions():
        after = state.clone()
        after.apply_action(reserve)
        expected += [[reserve, move] for move in after.legal_actions()]
    found = turns(kernel, s)
    assert [actions for actions, _ in found] == expected
    for actions, end in found[:5]:
        replayed = s.copy()
        for action in actions:
            kernel.apply_action(replayed, action)
        assert np.array_equal(replayed, end) and kernel.current_player(end) < 0  # the next roll
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    chance = state.kernel_state().array
    assert [(a, e is chance) for a, e in turns(kernel, chance)] == [([], True)]


def test_foresight_judges_greedys_turn_and_the_best_on_the_same_futures() -> None:
    state = positions("gogoa", 1, 2)[1]
    kstate = state.kernel_state()
    one = ForesightSearcher(kstate, seed=4).run(depth=3)
    assert one.depth == 3 and one.by_value and len(set(one.actions)) == len(one.actions)
    assert set(one.actions) <= set(state.legal_actions()) and all(0.0 <= v <= 1.0 for v in one.values)
    assert Guard(kstate, PLANS["gogoa", SOLO], None).greedy(kstate) in one.actions
    again = ForesightSearcher(kstate, seed=4)
    again.run(depth=1)
    assert again.run(depth=3).values == one.values  # rounds go on where they stopped, seeded
    assert ForesightSearcher(kstate, seed=5).run(depth=3).values != one.values  # other futures


@pytest.mark.parametrize("players", [1, 2])
def test_a_search_cut_off_before_its_first_round_gives_its_lines(players: int) -> None:
    """A clock may end the search before one round (a short budget on a busy machine): every
    value is then 0, and the lines asked of it (the web app's analysis, ``lines_of``) are the
    turns it ranked, not an error."""
    state = positions("gogoa", players, 2)[1]
    kstate = state.kernel_state()
    searcher = ForesightSearcher(kstate, seed=1)
    stats = searcher.run(depth=0)
    assert stats.depth == 0 and stats.values == [0.0] * len(stats.actions) and len(stats.actions) > 1
    lines = lines_of(searcher, kstate, stats, top=3)
    assert [line["action"] for line in lines] == [stats.actions[i] for i in stats.order()[:3]]
    assert all(line["pv"][0]["action"] == line["action"] and line["value"] == 0.0 for line in lines)
    playouts = SimulationSearcher(kstate, seed=1).run(depth=0)
    assert playouts.depth == 0 and playouts.values == [0.0] * len(playouts.actions)


def test_a_decision_of_few_actions_judges_each_by_its_best_turn() -> None:
    """Where a decision has no more actions than the width (a die to reserve, a plan to keep),
    every action is a candidate, with the best turn it begins by the heuristic. In a duel the
    width best turns often all reserve the same die, and the other dice went unjudged."""
    game = solver.load_game("gogoa", players=2, backend="numba")
    state = game.new_initial_state()
    widened = 0
    for action in solver.play(game, ["greedy", "greedy"], seed=5000).actions:
        legal = state.legal_actions()
        if not state.is_chance_node() and 1 < len(legal) <= SimulationSearcher.CANDIDATES:
            kstate = state.kernel_state()
            searcher = ForesightSearcher(kstate, seed=1)
            assert sorted(searcher.run(depth=1).actions) == sorted(legal)
            kernel, dealt, player = searcher.kernel, kstate.array.copy(), state.current_player()
            kernel.determinize(dealt, player, deal_rng(1))
            ranked: list[tuple[float, int]] = []  # each turn's value and first action
            values = np.zeros(8)
            for actions, end in turns(kernel, dealt):
                kernel.heuristic(end, searcher.heuristic, values)
                ranked.append((float(values[player]), actions[0]))
            top = {first for _, first in sorted(ranked, key=lambda t: -t[0])[: searcher.width]}
            widened += len(top | {int(searcher.choose(dealt, searcher.heuristic))}) < len(legal)
            judged: dict[int, float] = {}
            for actions in searcher.turns:
                end = dealt.copy()
                for step in actions:
                    kernel.apply_action(end, step)
                kernel.heuristic(end, searcher.heuristic, values)
                judged[actions[0]] = max(float(values[player]), judged.get(actions[0], -1.0))
            assert judged == {first: max(v for v, f in ranked if f == first) for first in legal}
        state.apply_action(action)
    assert widened  # the width best turns and greedy's left an action out


def test_with_players_a_turn_is_worth_the_softmax_of_its_mean_foresights() -> None:
    """Each player's foresight of a turn's end is averaged over the futures, then made a softmax:
    not the mean of each future's softmax, which a few futures far ahead or behind would sway."""
    state = positions("gogoa", 2, 2)[1]
    kstate = state.kernel_state()
    kernel, player, seed = kstate.search_kernel(), state.current_player(), 3
    searcher = ForesightSearcher(kstate, seed=seed)
    stats = searcher.run(depth=4)
    params = searcher.heuristic

    def judged(scores: np.ndarray) -> float:
        """The player's heuristic value of the players' scores (``kernel.judged``: a softmax)."""
        row = np.zeros(8)
        row[:2] = scores
        kernel.judged(kstate.array, params, row)
        return float(row[player])

    scores = np.zeros((len(searcher.turns), 2))
    softmaxes = np.zeros(len(searcher.turns))
    for j in range(4):
        dealt = kstate.array.copy()
        kernel.determinize(dealt, player, np.array([derive_seed(seed, 1, j + 1)], np.uint64))
        for i, actions in enumerate(searcher.turns):
            end = dealt.copy()
            for action in actions:
                kernel.apply_action(end, action)
            future = np.array([kernel.foresight(end, p, params, derive_seed(seed, 7919, j)) for p in range(2)])
            scores[i] += future
            softmaxes[i] += judged(future) / 4
    of_means = [judged(mean) for mean in scores / 4]
    for action, value in zip(stats.actions, stats.values, strict=True):
        assert value == pytest.approx(max(of_means[i] for i, t in enumerate(searcher.turns) if t[0] == action))
    assert not np.allclose(of_means, softmaxes)


def test_the_ai_plays_go_goa_solo_by_foresight_and_rounds_repeat() -> None:
    state = positions("gogoa", 1, 2)[1]
    decision = solver.best_move(state, rounds=TRUSTED_ROUNDS, seed=2)
    assert decision.stats["searcher"] == "foresight"
    assert decision.stats["plan"] == "foresight of the dice, overruling greedy by any lead on 8 rounds"
    assert decision.stats["first_decision"]["depth"] == TRUSTED_ROUNDS and len(decision.actions) == 2
    assert solver.best_move(state, rounds=TRUSTED_ROUNDS, seed=2).actions == decision.actions
    named = solver.best_move(state, algorithm="foresight", rounds=2, multipv=2)
    assert named.stats["plan"] is None and named.actions[0] in state.legal_actions()
    assert named.lines and all(len(line["pv"]) == 2 for line in named.lines)  # a whole turn: die, route
    assert named.lines[0]["pv"][0]["action"] == named.actions[0]


def test_a_game_without_foresight_says_so() -> None:
    state = positions("koi", 1, 1)[0]
    with pytest.raises(solver.SearchError, match="^foresight: koi has no foresight search"):
        solver.best_move(state, algorithm="foresight", rounds=2)
