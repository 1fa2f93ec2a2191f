"""Whole KOI games: random games on 1-4 players to the end with invariants checked at every
step, the game's length, and ``solver play koi`` in words."""

from __future__ import annotations

import random

import pytest

import solver
from solver.cli import main
from solver.core.play import random_step
from solver.games.koi import actions as act
from solver.games.koi import rules as R
from solver.games.koi.pack import KOI_SIZES
from solver.games.koi.scoring import TERRAINS


def totals(state: R.KoiState) -> dict[str, int]:
    """Every tile, koi and expansion, wherever it is: the supply, the storages, the ponds."""
    out = {}
    for what in state.pack.supply:
        n = state.supply[what]
        if what == "expansion":
            n += sum(state.expansions)
        else:
            code = TERRAINS.index(what)
            n += sum(p.count(code) for p in state.ponds) // (3 if what == "shore" else 1)
            if what in act.STORED:
                n += sum(s[act.STORED.index(what)] for s in state.storage)
        out[what] = n
    for k, size in enumerate(KOI_SIZES):
        placed = sum(koi.count(k + 1) for koi in state.koi)
        out[size] = state.koi_supply[k] + sum(s[3 + k] for s in state.storage) + placed
    return out


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_end_with_the_invariants_kept(players: int) -> None:
    game = solver.load_game("koi", players=players)
    start = totals(game.new_initial_state())
    cards = game.pack.deck_size(players)
    for seed in range(25):
        rng, state = random.Random(seed), game.new_initial_state()
        turns = 0
        while not state.is_terminal():
            assert all(c >= 0 for c in state.coins) and all(k >= 0 for k in state.luck)
            assert totals(state) == start
            held = (
                sum(state.deck)
                + sum(c is not None for c in state.market)
                + sum(map(sum, state.cards))
            )
            assert held == cards
            if state.phase == R.TURN:
                turns += 1
                assert all(state.used(p) <= state.capacity(p) for p in range(players))
            state.apply_action(random_step(state, rng))
        assert all(state.used(p) <= state.capacity(p) for p in range(players))
        assert turns % players == 0  # the last round is finished
        assert sum(state.returns()) == pytest.approx(1.0 if players > 1 else state.returns()[0])


def test_random_playouts() -> None:
    steps, returns = solver.random_playouts(solver.load_game("koi", players=2), 5, seed=1)
    assert steps.shape == (5,) and returns.shape == (5, 2) and (steps > 20).all()


def test_solver_play_koi_solo_in_words(capsys: pytest.CaptureFixture) -> None:
    status = main(["play", "koi", "--players", "1", "--agents", "random", "--seed", "1",
                   "--backend", "reference"])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0
    assert "turn 1, player 0:" in out and "meditate: take" in out and "card flipped:" in out
    assert "solo: score" in out
