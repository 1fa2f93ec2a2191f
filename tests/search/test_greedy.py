"""The greedy baseline (``solver.search.greedy``) and the kernels' ``turn_start`` it ends turns at.

Greedy scores an action by the heuristic at the end of the turn it begins, past the chance events
inside the turn (GODŌ's draw after the placement); before, it stopped at that draw, saw the same
value for every placement and took the first one listed.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import numpy as np
import pytest

import solver
from solver.games.godo import layout as GL
from solver.games.gogoa import layout as GGL
from solver.search import compiled, greedy
from solver.search.settings import heuristic_params
from tests.search.helpers import MOVE_EAST, forced_move_win_solo

GAMES = ("godo", "gogoa", "kokoro")


def random_states(game: Any, seed: int) -> Any:
    """Every state of one game of uniformly random actions (chance by its odds), seeded."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [1, 3])
def test_turn_start_agrees_between_kernel_and_reference(name: str, players: int) -> None:
    kernel = importlib.import_module(f"solver.games.{name}.kernel")
    game = solver.load_game(name, players=players, backend="reference")
    seen = set()
    for seed in (1, 2):
        for step, state in enumerate(random_states(game, seed)):
            want = state.turn_start()
            got = bool(kernel.turn_start(state.kernel_state().array))
            assert got == want, f"{name} players={players} seed={seed} step {step}"
            seen.add(want)
    assert seen == {True, False}


class Greedy:
    """Greedy's compiled functions over one game's numba kernel, with their working arrays."""

    def __init__(self, state: Any) -> None:
        kstate = state.kernel_state()
        self.kernel = kstate.search_kernel()
        self.module = compiled.build(greedy, self.kernel)
        self.heur = heuristic_params(kstate)
        self.acts = np.empty(self.kernel.BUFFER, np.int64)
        self.probs = np.empty(self.kernel.BUFFER, np.float64)
        self.line = kstate.array.copy()  # states of the game, as the kernels' ``copy_state`` needs
        self.trial = kstate.array.copy()
        self.values = np.zeros(8)

    def choose(self, s: np.ndarray) -> int:
        return int(self.module.choose(s, self.heur))

    def turn_value(self, s: np.ndarray, action: int) -> float:
        """The value of ``action``'s turn; ``self.line`` holds where the turn ended."""
        args = (self.acts, self.probs, self.line, self.trial, self.values)
        return float(self.module.turn_value(s, action, self.heur, *args))

    def value_after(self, s: np.ndarray, player: int) -> float:
        """The value for ``player`` of the rest of the turn from ``s`` (a copy is played);
        ``self.line`` holds where the turn ended."""
        self.line[:] = s
        args = (self.acts, self.probs, self.trial, self.values)
        self.module.finish_turn(self.line, player, self.heur, *args)
        self.kernel.heuristic(self.line, self.heur, self.values)
        return float(self.values[player])


def greedy_turn_starts(players: int, seeds: range) -> Any:
    """The GODŌ turn starts of greedy games on the numba kernel (chance seeded), with greedy."""
    game = solver.load_game("godo", players=players, backend="numba")
    first = game.new_initial_state()
    while first.is_chance_node():
        first.apply_action(first.legal_actions()[0])
    agent = Greedy(first)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, odds = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, odds)[0])
                continue
            if state.turn_start():
                yield state, agent
            state.apply_action(agent.choose(state.kernel_state().array))


def test_greedy_tells_godo_placements_apart() -> None:
    apart = chosen_first = total = 0
    for state, agent in greedy_turn_starts(1, range(100, 106)):
        s, legal = state.kernel_state().array, state.legal_actions()
        values = [agent.turn_value(s, a) for a in legal]
        choice = agent.choose(s)
        assert values[legal.index(choice)] == max(values)
        apart += len(set(values)) > 1
        chosen_first += choice == legal[0]
        total += 1
    assert total >= 40
    assert apart > total / 5  # the old greedy saw no difference anywhere (it stopped at the draw)
    assert chosen_first < total / 3  # and equals are not taken in listed order (lowest slot)


def test_the_draw_inside_a_godo_turn_does_not_change_its_value() -> None:
    """Following the likeliest draw is the exact expectation: every draw gives the same value."""
    checked = 0
    for state, agent in greedy_turn_starts(1, range(200, 203)):
        s, player = state.kernel_state().array, state.current_player()
        for action in state.legal_actions()[:3]:
            after = state.clone()
            after.apply_action(action)
            if not after.is_chance_node():
                continue
            want = agent.turn_value(s, action)
            for outcome, _ in after.chance_outcomes():
                drawn = after.clone()
                drawn.apply_action(outcome)
                assert agent.value_after(drawn.kernel_state().array, player) == want
                checked += 1
    assert checked >= 1000


def ends_the_turn(agent: Greedy, s: np.ndarray) -> None:
    """The line of ``agent`` from ``s`` ended where the next player's turn begins: at its first
    decision, or at the redraw it begins with; in solo one stock token was spent."""
    k, line, players = agent.kernel, agent.line, s[GL.PLAYERS]
    if k.is_terminal(line):
        return
    assert k.turn_start(line) or k.current_player(line) < 0
    assert line[GL.ACTIVE] == (s[GL.ACTIVE] + 1) % players
    if players == 1:
        assert line[GL.STOCK] == s[GL.STOCK] - 1


@pytest.mark.parametrize("players", [1, 2])
def test_a_godo_line_ends_at_the_next_turn(players: int) -> None:
    """Two players: the line goes on through what the other player does with the tokens shared
    with them, and ends where their own turn begins."""
    for state, agent in greedy_turn_starts(players, range(300, 302)):
        s = state.kernel_state().array
        for action in state.legal_actions():
            agent.turn_value(s, action)
            ends_the_turn(agent, s)


def test_a_line_does_not_run_on_through_turns_without_a_placement() -> None:
    """No tile fits: every turn begins by redrawing (a chance event, no ``turn_start``). Only the
    east move wins now; the others' lines end with this turn instead of playing on to a win."""
    state = forced_move_win_solo(stock=12)
    agent = Greedy(state)
    s = state.kernel_state().array
    values = {}
    for action in state.legal_actions():
        values[action] = agent.turn_value(s, action)
        ends_the_turn(agent, s)
    assert max(values, key=values.get) == MOVE_EAST
    assert sorted(values.values())[-2] < values[MOVE_EAST]


def test_a_go_goa_line_stops_before_the_next_roll() -> None:
    game = solver.load_game("gogoa", players=1, backend="numba")
    state = game.new_initial_state()
    while state.is_chance_node() or not state.turn_start() or state.array[GGL.DAY] < 1:
        legal = state.legal_actions()
        state.apply_action(legal[len(legal) // 2])
    agent = Greedy(state)
    s = state.kernel_state().array
    agent.turn_value(s, agent.choose(s))
    assert agent.kernel.current_player(agent.line) < 0  # the roll of the next day, unresolved
    assert agent.line[GGL.DAY] == s[GGL.DAY] + 1


@pytest.mark.parametrize("name", GAMES)
def test_greedy_beats_random_in_solo(name: str) -> None:
    game = solver.load_game(name, players=1, backend="numba")
    seeds = range(100, 104)
    greedy_games = [solver.play(game, ["greedy"], seed=s) for s in seeds]
    random_games = [solver.play(game, ["random"], seed=s) for s in seeds]
    assert all(g.scores[0] > r.scores[0] for g, r in zip(greedy_games, random_games))


@pytest.mark.parametrize("name", ["godo", "gogoa", "koi"])  # a Kokoro turn is one decision
def test_mcts_finish_judges_each_new_child_by_its_greedy_turn(name: str) -> None:
    """With ``finish`` and no rollout after it, each root child that is a decision gets the greedy
    value of the turn it begins as its first value (GODŌ: a monk's move, mid-turn)."""
    from solver.search import mcts
    from solver.search.searcher import MCTSSearcher

    game = solver.load_game(name, players=1, backend="numba")

    def deciding(s: Any) -> bool:
        """More than two actions, each leading to a decision."""
        if s.is_chance_node() or s.is_terminal() or len(s.legal_actions()) < 3:
            return False
        kstate = s.kernel_state()
        for action in s.legal_actions():
            child = kstate.clone()
            child.apply_action(action)
            if child.current_player() < 0:
                return False
        return True

    state = next(s for s in random_states(game, 3) if deciding(s))
    legal = state.legal_actions()
    params = mcts.DEFAULT_PARAMS.copy()
    params[mcts.P_ROLLOUT_CUTOFF], params[mcts.P_FINISH] = 0, 1
    judge = Greedy(state)
    searcher = MCTSSearcher(state.kernel_state(), workers=1, params=params, heuristic=judge.heur)
    stats = searcher.run(iterations=len(legal))
    searcher.close()
    assert sorted(stats.actions) == sorted(legal) and set(stats.visits) == {1}
    s = state.kernel_state().array
    for action, value in zip(stats.actions, stats.values):
        assert value == pytest.approx(judge.turn_value(s, action)), state.action_to_string(action)
