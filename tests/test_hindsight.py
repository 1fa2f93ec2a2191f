"""Hindsight bounds (``solver.search.hindsight``) and ``solver solo --hindsight``."""

from __future__ import annotations

import importlib
import json

import pytest

import solver
from solver.cli import main
from solver.core.errors import SearchError
from solver.games.kokoro import actions as kokoro_actions
from solver.search.hindsight import World, hindsight, replay_score

GAMES = ("gogoa", "kokoro")


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    return solver.load_game(request.param, players=1, backend="numba")


def brute_force(state, world: World, used: dict[str, int], kind) -> int:
    """The best score from ``state`` over every decision, the world's outcomes at chance nodes,
    on the reference engine (independent of the beam search and of the kernel)."""
    if state.is_terminal():
        return state.scores()[0]
    if state.is_chance_node():
        stream = kind(state.chance_outcomes()[0][0])
        outcomes = dict(world.draws)[stream]
        if used.get(stream, 0) >= len(outcomes):
            return -(10**9)  # a line this world does not hold
        child = state.clone()
        child.apply_action(outcomes[used.get(stream, 0)])
        return brute_force(child, world, {**used, stream: used.get(stream, 0) + 1}, kind)
    best = -(10**9)
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        best = max(best, brute_force(child, world, used, kind))
    return best


def drawn_from(game, actions, world: World) -> bool:
    """Whether a game saw the world's outcomes: each deck's draws a beginning of the world's (a
    peek at the last round draws a sixth sanctuary card that a player who does not peek never
    sees)."""
    drawn, known = dict(World.of_game(game, actions).draws), dict(world.draws)
    return drawn.keys() == known.keys() and all(known[k][: len(v)] == v for k, v in drawn.items())


def test_the_bound_is_at_least_every_agent_and_replays(game):
    for seed in (3, 4)[: 1 if game.info.name == "gogoa" else 2]:
        records = [solver.play(game, [agent], seed=seed) for agent in ("greedy", "random")]
        for record in records:
            world = World.of_game(game, record.actions)
            found = hindsight(game, world, beam=4, guides=[record.actions], anneal=20_000)
            assert found.score >= record.scores[0]
            # the clairvoyant's game replays on the reference engine, in the same world
            assert replay_score(game, found.actions) == found.score
            assert drawn_from(game, found.actions, world)


def test_annealing_only_improves_on_the_beam_and_is_deterministic():
    game = solver.load_game("kokoro", players=1, backend="numba")
    gains = []
    for seed in (1, 2, 3):
        record = solver.play(game, ["greedy"], seed=seed)
        world = World.of_game(game, record.actions)
        beam = hindsight(game, world, beam=8, guides=[record.actions], anneal=0)
        found = hindsight(game, world, beam=8, guides=[record.actions], anneal=40_000)
        assert found.score >= beam.score >= record.scores[0]
        assert replay_score(game, found.actions) == found.score
        assert drawn_from(game, found.actions, world)
        assert hindsight(game, world, beam=8, guides=[record.actions], anneal=40_000) == found
        gains.append(found.score - beam.score)
    assert max(gains) > 10  # the beam's ranking misjudges a clairvoyant's positions; annealing sees


def test_guides_keep_the_bound_above_the_lines_a_narrow_beam_misses():
    """A one-wide beam alone ends below the agent's own game on some seeds; with that game as a
    guide the bound never does."""
    game = solver.load_game("gogoa", players=1, backend="numba")
    missed = 0
    for seed in (1, 2, 3, 4):
        record = solver.play(game, ["greedy"], seed=seed)
        world = World.of_game(game, record.actions)
        alone = hindsight(game, world, beam=1)
        guided = hindsight(game, world, beam=1, guides=[record.actions])
        assert guided.score >= record.scores[0]
        missed += alone.score < record.scores[0]
    assert missed  # without the guides these bounds would sit below a score the agent reached


def test_exact_on_the_last_turns_against_brute_force(game):
    kind = importlib.import_module(f"solver.games.{game.info.name}.actions").kind
    record = solver.play(game, ["random"], seed=7)
    world = World.of_game(game, record.actions)
    # start before the last 2 decisions (Go Goa: the last day's reserve and move; Kokoro: 2 cards)
    walker, decision_steps = game.new_initial_state(), []
    for i, action in enumerate(record.actions):
        if not walker.is_chance_node():
            decision_steps.append(i)
        walker.apply_action(action)
    cut = decision_steps[-2] - (1 if game.info.name == "gogoa" else 0)  # Go Goa: before the roll
    start = record.actions[:cut]
    state = game.new_initial_state().to_reference()
    used: dict[str, int] = {}
    for action in start:
        if state.is_chance_node():
            used[kind(action)] = used.get(kind(action), 0) + 1
        state.apply_action(action)
    found = hindsight(game, world, beam=100_000, start=start)
    assert found.exact
    assert found.score == brute_force(state, world, used, kind) >= record.scores[0]
    assert found.actions[:cut] == start and replay_score(game, found.actions) == found.score


def test_a_peek_shifts_kokoro_draws_so_worlds_are_per_game():
    game = solver.load_game("kokoro", players=1, backend="numba")
    records = (solver.play(game, ["greedy"], seed=seed) for seed in range(1, 60))
    peeked = [r for r in records if kokoro_actions.PEEK in r.actions]  # games where greedy peeks
    record = next(r for r in peeked if World.of_game(game, r.actions) != World.of_seed(game, r.seed))
    with pytest.raises(SearchError, match="guides\\[0\\]: that game was played in another world"):
        hindsight(game, World.of_seed(game, record.seed), beam=2, guides=[record.actions])


def test_go_goa_dice_do_not_depend_on_decisions():
    game = solver.load_game("gogoa", players=1, backend="numba")
    records = [solver.play(game, [agent], seed=5) for agent in ("greedy", "random")]
    worlds = {World.of_game(game, record.actions) for record in records}
    assert worlds == {World.of_seed(game, 5)}


def test_refusals():
    godo = solver.load_game("godo", players=1)
    with pytest.raises(SearchError, match="hindsight: no hindsight search for"):
        hindsight(godo, World(()), beam=2)
    game = solver.load_game("kokoro", players=1)
    with pytest.raises(SearchError, match="beam"):
        hindsight(game, World.of_seed(game, 1), beam=0)
    with pytest.raises(SearchError, match="anneal"):
        hindsight(game, World.of_seed(game, 1), beam=2, anneal=-1)


def test_cli_hindsight_text_and_json(capsys):
    argv = ["solo", "kokoro", "--games", "2", "--seed", "3", "--agent", "random", "--baselines", "",
            "--hindsight", "--beam", "2", "--anneal", "4000"]  # fmt: skip
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "regret: mean gap" in text and "games at the hindsight score" in text
    assert "score/hindsight" in text and "hindsight: beam 2, anneal 4000" in text
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hindsight"]["beam"] == 2 and data["hindsight"]["anneal"] == 4000
    for summary in data["agents"]:
        rows = summary["results"]
        assert all(r["hindsight"] >= r["score"] for r in rows)
        assert all(r["regret"] == r["hindsight"] - r["score"] for r in rows)
        gaps = [r["regret"] for r in rows]
        assert summary["regret"]["mean_regret"] == pytest.approx(sum(gaps) / len(gaps))
        assert summary["regret"]["at_hindsight"] == sum(g == 0 for g in gaps) / len(gaps)


def test_cli_refuses_hindsight_for_godo_and_a_bad_beam(capsys):
    solo = ["solo", "--games", "1", "--agent", "random", "--baselines", "", "--hindsight"]
    assert main([*solo, "godo"]) == 2
    assert "hindsight: no hindsight search for godo" in capsys.readouterr().err
    assert main([*solo, "kokoro", "--beam", "0"]) == 2
    assert "beam" in capsys.readouterr().err
    assert main([*solo, "kokoro", "--anneal", "-1"]) == 2
    assert "anneal" in capsys.readouterr().err
