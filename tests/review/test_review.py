"""Game review (``solver.review.review``, ``solver review``): the loss of each decision is never
negative, a planted blunder is marked one, a random player loses far more than greedy, and the
command gives the same in words, JSON and a picture."""

from __future__ import annotations

import json
import random
import re

import pytest

import solver
from solver.cli import main
from solver.core.agents import make_agent
from solver.core.errors import SearchError
from solver.core.play import sample_chance
from solver.review.record import SavedGame
from solver.review.review import MARKS, review
from solver.search.searcher import MCTSSearcher

GAMES = [("godo", 2), ("godo", 1), ("gogoa", 2), ("gogoa", 1), ("kokoro", 2), ("kokoro", 1), ("koi", 2), ("koi", 1)]


@pytest.mark.parametrize("name,players", GAMES)
def test_every_loss_is_the_best_value_less_the_played_one_and_never_negative(name, players):
    game = solver.load_game(name, players=players)
    saved = SavedGame.of_play(game, solver.play(game, "random", seed=5))
    found = review(saved, iterations=60, last=4)
    assert len(found.decisions) == 4
    for d in found.decisions:
        assert d.loss >= 0 and d.loss == pytest.approx(d.best_value - d.value)
        assert (d.loss == 0) == (d.best == d.played)
        assert saved.steps[d.step].action == d.played and saved.steps[d.step].player == d.player
        assert d.visits >= 1 and d.iterations == 60
    summary = found.summary()
    assert sum(s["decisions"] for s in summary.values()) == 4
    assert found.units == ("win chance" if players > 1 else f"expected {game.solo_info.score_name}")
    if players == 1 and name in ("gogoa", "kokoro"):
        h = found.hindsight
        assert h["hindsight"] >= h["played"] == saved.result["scores"][0] and h["regret"] >= 0


def planted_game(seed: int, at: int) -> tuple[SavedGame, int]:
    """A GODŌ duel of greedy against greedy in which player 0's decision number ``at`` is the action
    a search values lowest; the record and the step of that decision."""
    game = solver.load_game("godo", players=2, backend="numba")
    agents = [make_agent("greedy", seed=1), make_agent("greedy", seed=2)]
    rng, state, actions, decisions, planted = random.Random(seed), game.new_initial_state(), [], 0, -1
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            player = state.current_player()
            decisions += player == 0 and len(state.legal_actions()) > 1
            if player == 0 and decisions == at and planted < 0:
                stats = MCTSSearcher(state.kernel_state(), seed=3, workers=1).run(iterations=300)
                action, planted = min(stats.actions, key=stats.value_of), len(actions)
            else:
                action = agents[player].step(state)
        actions.append(action)
        state.apply_action(action)
    return SavedGame.of_actions(game, actions, seed, ["greedy", "greedy"]), planted


def test_a_blunder_put_into_a_good_game_is_marked_a_blunder_with_the_better_turn():
    saved, step = planted_game(seed=0, at=20)
    found = review(saved, seats=[0], iterations=300, last=20)
    planted = next(d for d in found.decisions if d.step == step)
    assert planted.mark == "blunder" and planted.loss >= MARKS[0][1]
    assert planted.played_words == "use no more tokens" and len(planted.best_turn) > 1
    assert len(planted.best_actions) == len(planted.best_turn) and planted.best_actions[0] == planted.best
    assert sum(d.mark == "blunder" for d in found.decisions) == 1


def test_random_loses_far_more_a_decision_than_greedy():
    game = solver.load_game("koi", players=2)
    saved = SavedGame.of_play(game, solver.play(game, ["greedy", "random"], seed=3))
    summary = review(saved, iterations=100).summary()
    assert summary["1"]["mean_loss"] > 3 * summary["0"]["mean_loss"]


def test_reviews_on_several_processes_find_what_one_finds():
    game = solver.load_game("koi", players=2)
    saved = SavedGame.of_play(game, solver.play(game, "random", seed=4))
    one = review(saved, iterations=40, last=6)
    two = review(saved, iterations=40, last=6, jobs=2)
    assert [d.to_json() for d in one.decisions] == [d.to_json() for d in two.decisions]


@pytest.mark.parametrize("kwargs,field", [({"seats": [2]}, "seats[0]"), ({"time_limit": 1, "iterations": 5}, "time_limit"),
                                          ({"iterations": 0}, "iterations"), ({"jobs": 0}, "jobs")])  # fmt: skip
def test_bad_review_arguments_are_refused_naming_them(kwargs, field):
    game = solver.load_game("koi", players=2)
    saved = SavedGame.of_play(game, solver.play(game, "random", seed=4))
    with pytest.raises(SearchError, match="^" + re.escape(field)):
        review(saved, **kwargs)


def test_the_review_command_in_words_json_and_a_picture(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["play", "koi", "--agents", "greedy,random", "--seed", "3", "--save", str(path), "--quiet"]) == 0
    capsys.readouterr()
    plot = tmp_path / "value.png"
    assert main(["review", "koi", str(path), "--iterations", "40", "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert "player 0 (greedy):" in out and "player 1 (random):" in out and "mean loss" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["review", "koi", str(path), "--iterations", "40", "--players", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {d["player"] for d in data["decisions"]} == {1} and set(data["summary"]) == {"1"}
    assert set(data["decisions"][0]) >= {"step", "player", "played", "best", "loss", "mark"}
    assert main(["review", "godo", str(path)]) == 2
    assert "game: the record is of koi" in capsys.readouterr().err
    assert main(["review", "koi", str(path), "--players", "x"]) == 2
    assert "players: expected seat numbers" in capsys.readouterr().err
