"""analyse (the best few actions with principal variations) and the searching agents."""

from __future__ import annotations

import pytest

import solver
from solver.core.agents import make_agent
from solver.games.godo.actions import PASS
from solver.search.agents import ExpectimaxAgent, GreedyAgent, MCTSAgent
from tests.search.helpers import (
    MOVE_EAST,
    RED_ON_RED,
    apply_all,
    forced_advance_win_2p,
    forced_advance_win_solo,
    forced_move_win_2p,
    forced_move_win_solo,
    mid_game,
)


@pytest.fixture(scope="module")
def mid():
    return mid_game(2, 60, 16)  # phase move, 8 legal actions


# -- analyse -------------------------------------------------------------------------------------


def _check_entries(state, entries, top, iterations=None):
    assert 1 <= len(entries) <= top
    legal = state.legal_actions()
    visits = [e["visits"] for e in entries]
    assert visits == sorted(visits, reverse=True)
    assert len({e["action"] for e in entries}) == len(entries)
    for e in entries:
        assert e["action"] in legal
        assert e["text"] == state.action_to_string(e["action"])
        assert e["line"][0] == e["text"]
        assert 1 <= len(e["line"]) <= 8
        assert all(isinstance(w, str) and w for w in e["line"])
        assert 0.0 <= e["value"] <= 1.0
        assert e["visits"] > 0
    if iterations is not None:
        assert sum(visits) <= iterations


@pytest.mark.parametrize("top", [1, 3, 5])
def test_analyse_returns_the_top_actions_sorted_by_visits(mid, top):
    entries = solver.analyse(mid, iterations=300, top=top, seed=1, workers=1)
    assert len(entries) == top  # 11 actions, all expanded in 300 iterations
    _check_entries(mid, entries, top, 300)


def test_analyse_with_a_large_top_lists_every_action_once(mid):
    entries = solver.analyse(mid, iterations=300, top=50, seed=1, workers=1)
    assert sorted(e["action"] for e in entries) == sorted(mid.legal_actions())
    assert sum(e["visits"] for e in entries) == 300
    _check_entries(mid, entries, 50, 300)


def test_analyse_line_of_a_forced_win_is_the_winning_turn():
    state = forced_move_win_2p()
    entries = solver.analyse(state, iterations=300, top=3, seed=2, workers=1)
    _check_entries(state, entries, 3, 300)
    best = entries[0]
    assert best["action"] == MOVE_EAST
    win = apply_all(state, [MOVE_EAST])
    assert best["line"][:2] == [state.action_to_string(MOVE_EAST), win.action_to_string(RED_ON_RED)]
    assert len(best["line"]) == 2  # the game is over after it


def test_analyse_with_two_workers_and_a_time_limit(mid):
    entries = solver.analyse(mid, iterations=200, top=4, seed=1, workers=2)
    _check_entries(mid, entries, 4)
    assert (
        sum(e["visits"] for e in solver.analyse(mid, iterations=200, top=50, seed=1, workers=2))
        == 200
    )
    entries = solver.analyse(mid, time_limit=0.1, top=2, workers=1)
    _check_entries(mid, entries, 2)


def test_analyse_is_deterministic(mid):
    a = solver.analyse(mid, iterations=150, top=5, seed=4, workers=1)
    b = solver.analyse(mid, iterations=150, top=5, seed=4, workers=1)
    assert a == b


# -- agents --------------------------------------------------------------------------------------


def test_make_agent_parses_the_specs(mid):
    agent = make_agent("mcts:iterations=100:workers=1", seed=1)
    assert isinstance(agent, MCTSAgent) and agent.name == "mcts"
    assert (agent.iterations, agent.workers, agent.seconds) == (100, 1, None)
    assert agent.step(mid) in mid.legal_actions()

    agent = make_agent("mcts:time=0.05:workers=1")
    assert (agent.seconds, agent.iterations) == (0.05, None)
    assert agent.step(mid) in mid.legal_actions()

    agent = make_agent("expectimax:depth=1")
    assert isinstance(agent, ExpectimaxAgent) and agent.name == "expectimax" and agent.depth == 1
    assert agent.step(mid) in mid.legal_actions()

    agent = make_agent("expectimax:depth=2:cutoff=0.05")
    assert (agent.depth, agent.cutoff) == (2, 0.05)

    agent = make_agent("greedy", seed=3)
    assert isinstance(agent, GreedyAgent) and agent.name == "greedy"
    assert agent.step(mid) in mid.legal_actions()
    assert agent.step(mid.kernel_state()) in mid.legal_actions()  # any backend


def test_mcts_agent_same_seed_same_choices(mid):
    a = make_agent("mcts:iterations=100:workers=1", seed=5)
    b = make_agent("mcts:iterations=100:workers=1", seed=5)
    assert [a.step(mid) for _ in range(3)] == [b.step(mid) for _ in range(3)]


@pytest.mark.parametrize(
    "spec",
    [
        "alphabeta",
        "mcts:foo=1",
        "mcts:iterations=abc",
        "mcts:iterations",
        "mcts:workers=1.5",
        "expectimax:depth=x",
        "expectimax:cutoff=big",
        "greedy:depth=2",
        "mcts:depth=3",
        "expectimax:iterations=5",
        "random:time=1",
        "",
    ],
)
def test_make_agent_refuses_bad_specs(spec):
    with pytest.raises(solver.SolverError) as info:
        make_agent(spec)
    assert str(info.value).startswith("agents:"), str(info.value)


@pytest.mark.parametrize(
    "build, winning",
    [
        (forced_move_win_2p, MOVE_EAST),
        (lambda: forced_move_win_solo(stock=0), MOVE_EAST),
        (lambda: forced_move_win_solo(stock=12), MOVE_EAST),
        (forced_advance_win_2p, RED_ON_RED),
        (forced_advance_win_solo, RED_ON_RED),
    ],
)
@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=200:workers=1", "expectimax:depth=2"])
def test_agents_take_the_action_that_completes_mastery(build, winning, spec):
    state = build()
    agent = make_agent(spec, seed=1)
    assert agent.step(state) == winning
    # and on to the end: the agent finishes the win
    state.apply_action(winning)
    if not state.is_terminal():
        assert agent.step(state) == RED_ON_RED
        state.apply_action(RED_ON_RED)
    assert state.is_terminal() and state.winners == [0]


def test_greedy_does_not_pass_up_the_mastery():
    state = forced_advance_win_2p()
    assert PASS in state.legal_actions()
    assert make_agent("greedy").step(state) == RED_ON_RED


def test_play_a_solo_game_with_greedy():
    game = solver.load_game("godo", players=1, backend="numba")
    record = solver.play(game, ["greedy"], seed=1)
    assert record.agents == ["greedy"]
    assert len(record.returns) == 1 and 0.0 <= record.returns[0] <= 1.0
    assert record.steps > 10
    assert (record.title is not None) == (record.winners == [0])
    again = solver.play(game, "greedy", seed=1)
    assert again.actions == record.actions


def test_play_a_two_player_game_with_search_agents():
    game = solver.load_game("godo", players=2, backend="numba")
    record = solver.play(game, ["greedy", "mcts:iterations=20:workers=1"], seed=2)
    assert record.agents == ["greedy", "mcts"]
    assert sum(record.returns) == pytest.approx(1.0)
