"""Flat Monte Carlo (``solver.search.simulation``) and the agents' ``playouts`` option."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import solver
from solver.core.agents import make_agent
from solver.core.errors import SolverError
from solver.games.gogoa import actions as act
from solver.games.gogoa import layout as L
from solver.games.kokoro import actions as kokoro_actions
from solver.games.kokoro import layout as kokoro_layout
from solver.search import compiled, simulation
from solver.search.settings import settings
from solver.search.simulation import best_by_simulation
from solver.search.streams import stream_of
from tests.gogoa.builders import pack_dict

NEAR = {  # around 'Start Here' (F8), within three steps; the first six are on the near plans
    f"{kind} {label}": (kind, label)
    for kind, label in (
        ("fort", "F6"), ("religious", "G8"), ("waterfall", "E8"), ("historical", "F10"),
        ("beach", "G9"), ("historical", "E9"), ("beach", "D7"), ("waterfall", "D8"), ("fort", "D9"),
        ("religious", "E6"), ("beach", "E7"), ("waterfall", "E10"), ("fort", "F5"),
        ("historical", "F11"), ("religious", "G6"), ("beach", "G7"), ("waterfall", "G10"),
        ("fort", "H7"), ("historical", "H8"), ("religious", "H9"),
    )
}  # fmt: skip
FAR = ["Calangute", "Colva", "Palolem", "Dudhsagar", "Aguada", "Old Goa", "Mangueshi"]  # a corner


def test_agent_options() -> None:
    assert make_agent("greedy:playouts=3", seed=1).playouts == 3
    agent = make_agent("expectimax:depth=1:playouts=2", seed=1)
    assert (agent.playouts, agent.depth) == (2, 1)
    with pytest.raises(SolverError, match="playouts"):
        make_agent("mcts:iterations=5:playouts=2")
    with pytest.raises(SolverError, match="agents: greedy: playouts"):
        make_agent("greedy:playouts=many")
    with pytest.raises(SolverError, match="lookahead"):
        make_agent("greedy:lookahead=-1")
    state = solver.load_game("godo", players=1, backend="numba").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(SolverError, match="does not look ahead"):
        make_agent("greedy:lookahead=2").step(state)


def test_greedy_looks_two_days_ahead() -> None:
    """``lookahead=2`` sets the Go Goa heuristic's lookahead; the agent plays legal moves."""
    from solver.games.gogoa import kernel as K
    from solver.search.settings import heuristic_params

    index = K.HEURISTIC_LOOKAHEAD
    state = solver.load_game("gogoa", players=1, backend="numba").new_initial_state()
    assert heuristic_params(state.kernel_state(), lookahead=2)[index] == 2 != K.HEURISTIC_PARAMS[index]
    while state.is_chance_node() or len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
    assert make_agent("greedy:lookahead=2").step(state) in state.legal_actions()


def test_the_last_move_is_valued_exactly() -> None:
    """On the last day the game ends after the move: each move's mean is its final score."""
    game = solver.load_game("gogoa", players=1, backend="numba")
    rng = random.Random(10)  # a last day whose moves end on four different scores
    state = game.new_initial_state()
    while not (state.phase == "move" and state.array[L.DAY] == 12):
        state.apply_action(rng.choice(state.legal_actions()))
    best, means = best_by_simulation(state, playouts=1, seed=5)
    finals = {}
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        finals[action] = after.returns()[0]
    assert means == pytest.approx(finals)
    assert finals[best] == max(finals.values()) > min(finals.values())


def test_the_opening_keeps_the_plans_in_reach() -> None:
    """Two 40-point plans next to 'Start Here' against plans in the far corner: the simulation
    keeps the near pair, and so do greedy and expectimax agents with playouts (their first
    decision)."""
    pack = pack_dict(extra=NEAR)
    near = list(NEAR)[:6]
    places = [near[:3], near[3:]] + [[FAR[(i + k) % 7] for k in range(3)] for i in range(2, 24)]
    pack["plans"] = [
        {"id": i, "points": 40 if i < 12 else (20, 30)[i % 2], "places": places[i]}
        for i in range(24)
    ]
    game = solver.load_game("gogoa", players=1, pack=pack, backend="numba")
    obj = {"game": "gogoa", "players": 1, "phase": "keep", "day": 0, "to_move": 0,
           "sheets": [{"position": "Start Here", "hand": [0, 1, 12, 13]}]}  # fmt: skip
    state = game.state_from_json(obj)
    best, means = best_by_simulation(state, playouts=2, seed=1)
    assert best == act.KEEP + 0 and means[best] > max(v for a, v in means.items() if a != best)
    agent = make_agent("greedy:playouts=1", seed=1)
    assert agent.step(state) == act.KEEP + 0 and agent.opened
    assert make_agent("expectimax:depth=1:playouts=1", seed=1).step(state) == act.KEEP + 0


def test_seeded_games_repeat() -> None:
    """The same seed plays the same games: the means repeat."""
    game = solver.load_game("gogoa", players=1, backend="numba")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    first = best_by_simulation(state, playouts=1, seed=7)
    assert best_by_simulation(state, playouts=1, seed=7) == first
    assert set(first[1]) == set(state.legal_actions())
    assert all(0.0 < v <= 1.0 for v in first[1].values())


def _dealt(kstate: Any, action: int, stream: np.ndarray, seed: int) -> tuple[list[int], list[int]]:
    """The path cards left and the sanctuaries in order at the end of greedy's Kokoro playout
    after ``action``, each stream's generator seeded from ``seed``."""
    built = compiled.build(simulation, kstate.search_kernel())
    acts, probs = np.empty(kstate.kernel.BUFFER, np.int64), np.empty(kstate.kernel.BUFFER)
    rngs = np.array([[seed + k * 1_000_003] for k in range(stream.max() + 1)], np.uint64)
    s = kstate.array.copy()
    kstate.kernel.apply_action(s, action)
    built.play_out(s, settings(kstate, None, "greedy")[0], rngs, stream, acts, probs)
    deck, revealed = kokoro_layout.DECK, kokoro_layout.REVEALED
    return s[deck : deck + kokoro_layout.KINDS].tolist(), s[revealed : revealed + kokoro_layout.ROUNDS].tolist()


def test_a_peek_deals_the_playout_the_same_cards() -> None:
    """A Kokoro peek fixes the next sanctuary card at once, where a drawn segment leaves it to the
    round's end: with one generator for all chance, the two playouts would deal different path
    cards from there on. Each kind drawn from its own generator, both deal the same path cards and
    the same sanctuaries (the deck left at the end, the sanctuaries in order), so that a peek is
    judged on the same luck as a placement. With every kind on one generator they differ (at one
    of four positions at least)."""
    game = solver.load_game("kokoro", players=1, backend="numba")
    by_kind = stream_of("kokoro")
    one = np.zeros_like(by_kind)
    differ = []
    for seed in range(4):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while state.is_chance_node() or rng.random() < 0.7:  # a decision some cards into the game
            state.apply_action(rng.choice(state.legal_actions()))
        kstate = state.kernel_state()
        draw = next(a for a in state.legal_actions() if a != kokoro_actions.PEEK)
        assert _dealt(kstate, kokoro_actions.PEEK, by_kind, seed) == _dealt(kstate, draw, by_kind, seed), seed
        differ.append(_dealt(kstate, kokoro_actions.PEEK, one, seed) != _dealt(kstate, draw, one, seed))
    assert any(differ)
