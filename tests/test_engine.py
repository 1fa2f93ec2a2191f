"""``solver engine`` driven through real pipes by ``solver.engine.Client``: the ops, a search that is
stopped while it runs, determinism, and bad input that never kills the engine."""

from __future__ import annotations

import json
import time

import pytest

import solver
from solver.core.perft import walk
from solver.engine.client import Client, EngineError


def _decision(name: str, players: int) -> dict:
    """A position at a decision with a choice, from a seeded walk."""
    game = solver.load_game(name, players=players)
    for seed in range(50):
        state = walk(game.new_initial_state(), 20, seed)
        if not state.is_terminal() and not state.is_chance_node() and len(state.legal_actions()) > 1:
            return state.to_json()
    raise AssertionError("no decision found")


@pytest.fixture(scope="module")
def engine():
    with Client(threads=2) as client:
        yield client
    assert client.process.returncode == 0


def test_hello_lists_games_options_and_limits(engine):
    hello = engine.request({"op": "hello"})
    assert hello["type"] == "hello" and hello["protocol"] == 1
    assert set(hello["games"]) == {"godo", "gogoa", "koi", "kokoro"}
    assert hello["games"]["godo"]["options"]["variant"] is False
    assert hello["limits"]["max_workers"] >= 1


def test_legal_apply_show_drive_a_game(engine):
    position = _decision("kokoro", 1)
    legal = engine.request({"op": "legal", "game": "kokoro", "position": position})
    assert legal["to_move"] == 0 and legal["actions"]
    first = legal["actions"][0]
    after = engine.request({"op": "apply", "game": "kokoro", "position": position, "actions": [first["action"]]})
    assert after["steps"] == [first["text"]]
    state = solver.load_game("kokoro", players=1).state_from_json(position)
    state.apply_action(first["action"])
    assert after["position"] == state.to_json()
    shown = engine.request({"op": "show", "game": "kokoro", "position": after["position"]})
    assert shown["position"] == after["position"] and shown["text"]


@pytest.mark.parametrize("name, players", [("godo", 2), ("gogoa", 2), ("kokoro", 1)])
def test_analyse_streams_info_then_one_result(engine, name, players):
    # MCTS streams its progress whatever the game (the AI's greedy plan for Go Goa may end before
    # the first report is due)
    query = {"game": name, "position": _decision(name, players), "limits": {"time": 0.6, "seed": 3},
             "multipv": 2, "report_every": 0.1, "algorithm": "mcts"}  # fmt: skip
    answers = list(engine.analyse(query))
    *infos, result = answers
    assert result["type"] == "result" and result["actions"] and not result["stopped"]
    assert infos and all(a["type"] == "info" for a in infos)
    assert 1 <= len(result["multipv"]) <= 2 and result["multipv"][0]["pv"][0]["action"] == result["multipv"][0]["action"]
    legal = engine.request({"op": "legal", "game": name, "position": query["position"]})
    assert result["actions"][0] in [a["action"] for a in legal["actions"]]


def test_a_seeded_iteration_budget_gives_the_same_result(engine):
    query = {"game": "godo", "position": _decision("godo", 2), "limits": {"iterations": 300, "seed": 5, "workers": 2}}
    one, two = engine.request({"op": "analyse", **query}), engine.request({"op": "analyse", **query})
    assert (one["actions"], one["value"]) == (two["actions"], two["value"])


def test_rounds_bound_greedys_playouts_and_repeat(engine):
    query = {"game": "kokoro", "position": _decision("kokoro", 1), "limits": {"rounds": 8, "seed": 5}}
    one, two = engine.request({"op": "analyse", **query}), engine.request({"op": "analyse", **query})
    assert one["stats"]["searcher"] == "simulation" and one["stats"]["first_decision"]["depth"] == 8
    assert (one["actions"], one["value"]) == (two["actions"], two["value"])
    for limits, algorithm in (({"rounds": 0}, "ai"), ({"rounds": 5}, "mcts")):
        with pytest.raises(EngineError) as info:
            engine.request({"op": "analyse", **query, "limits": limits, "algorithm": algorithm})
        assert info.value.answer["error"]["field"] == "limits.rounds"


@pytest.mark.parametrize("algorithm", ["mcts", "expectimax"])
def test_stop_ends_a_running_search_at_once_with_its_best_so_far(engine, algorithm):
    position = _decision("godo", 2)
    limits = {"depth": 1} if algorithm == "expectimax" else {"iterations": 10}
    engine.request({"op": "analyse", "game": "godo", "position": position, "limits": limits, "algorithm": algorithm})
    id_ = engine.send({"op": "analyse", "game": "godo", "position": position, "limits": {"time": 60},
                       "algorithm": algorithm})  # fmt: skip
    time.sleep(1.0)  # the searcher was loaded above: the search is under way
    sent = time.perf_counter()
    engine.stop(id_)
    result = next(a for a in engine.answers(id_, timeout=10) if a["type"] == "result")
    assert time.perf_counter() - sent < 0.5  # within 50 ms of the engine, plus the pipes on a busy machine
    assert result["stopped"] and result["actions"]


@pytest.mark.parametrize(
    "line, field",
    [
        ("not json", "query"),
        ('{"id": "a", "op": "dance"}', "op"),
        ('{"id": "b", "op": "legal", "game": "chess", "position": {}}', "game"),
        ('{"id": "c", "op": "legal", "game": "godo", "position": {"game": "godo", "players": 2.0}}', "players"),
        ('{"id": "d", "op": "analyse", "game": "godo", "position": {}, "limits": {"time": -1}}', "limits.time"),
        ('{"id": "e", "op": "apply", "game": "kokoro", "position": {}, "actions": [1.5]}', "actions[0]"),
        ('{"id": "f", "op": "stop"}', "id"),
        ('[' * 1000 + ']' * 1000, "query"),
    ],
)
def test_bad_input_is_one_error_line_and_the_engine_goes_on(engine, line, field):
    engine.send_line(line)
    id_ = json.loads(line).get("id") if line.startswith("{") else None
    with pytest.raises(EngineError) as info:
        next(engine.answers(id_, timeout=30))
    assert info.value.answer["error"]["field"] == field
    assert engine.request({"op": "hello"})["type"] == "hello"


def test_an_illegal_action_names_its_place_in_the_list(engine):
    position = _decision("kokoro", 1)
    legal = engine.request({"op": "legal", "game": "kokoro", "position": position})
    with pytest.raises(EngineError) as info:
        engine.request({"op": "apply", "game": "kokoro", "position": position,
                        "actions": [legal["actions"][0]["action"], 10**6]})  # fmt: skip
    assert info.value.answer["error"]["field"] == "actions[1]"


def test_end_of_input_finishes_the_queued_search_and_exits_cleanly():
    client = Client()
    id_ = client.send({"op": "analyse", "game": "kokoro", "position": _decision("kokoro", 1),
                       "limits": {"iterations": 50}})  # fmt: skip
    client.process.stdin.close()
    result = list(client.answers(id_, timeout=60))[-1]
    assert result["type"] == "result"
    assert client.process.wait(30) == 0


def _record(seed: int = 3) -> dict:
    from solver.review.record import SavedGame

    game = solver.load_game("koi", players=2)
    return SavedGame.of_play(game, solver.play(game, ["greedy", "random"], seed=seed)).to_json()


def test_review_streams_a_decision_line_each_then_the_summary(engine):
    answers = list(engine.review({"record": _record(), "players": [1], "limits": {"iterations": 40, "seed": 2}}))
    decisions, last = answers[:-1], answers[-1]
    assert decisions and all(a["type"] == "decision" and a["player"] == 1 and a["loss"] >= 0 for a in decisions)
    assert last["type"] == "review" and not last["stopped"] and last["units"] == "win chance"
    assert last["summary"]["1"]["decisions"] == len(decisions)
    again = list(engine.review({"record": _record(), "players": [1], "limits": {"iterations": 40, "seed": 2}}))
    assert [{**a, "id": 0} for a in again] == [{**a, "id": 0} for a in answers]  # seeded iterations: the same review


def test_stop_ends_a_review_with_the_decisions_done(engine):
    id_ = engine.send({"op": "review", "record": _record(), "limits": {"time": 5}})
    first = next(engine.answers(id_, timeout=30))
    assert first["type"] == "decision"
    engine.stop(id_)
    last = [a for a in engine.answers(id_, timeout=30)][-1]
    assert last["type"] == "review" and last["stopped"]
    assert sum(s["decisions"] for s in last["summary"].values()) < 20


@pytest.mark.parametrize("change, field", [
    (lambda r: r["steps"][0].update(action=10**6), "record.steps[0].action"),
    (lambda r: r["header"].update(game="chess"), "record.header.game"),
    (lambda r: r.pop("steps"), "record.steps"),
])  # fmt: skip
def test_a_broken_record_is_one_error_naming_its_field(engine, change, field):
    record = _record()
    change(record)
    with pytest.raises(EngineError) as info:
        list(engine.review({"record": record, "limits": {"iterations": 10}}))
    assert info.value.answer["error"]["field"] == field


@pytest.mark.parametrize("query, field", [
    ({"players": [2]}, "players[0]"), ({"limits": {"depth": 1}}, "limits.depth"),
    ({"limits": {"time": 1, "iterations": 5}}, "limits.time"), ({"pack": 5}, "pack"),
])  # fmt: skip
def test_a_bad_review_query_is_one_error_naming_its_field(engine, query, field):
    with pytest.raises(EngineError) as info:
        list(engine.review({"record": _record(), **query}))
    assert info.value.answer["error"]["field"] == field
