"""The web app's HTTP and WebSocket API, against the real server (uvicorn on a free local port,
the ``server_url`` fixture of ``conftest.py``), spoken to with httpx and the websockets client."""

from __future__ import annotations

import json
import random
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

import solver
from solver.core.play import sample_chance
from solver.engine.service import load_game
from solver.review.record import SavedGame
from solver.web import search_socket, views
from solver.web.solo import DEFAULT_AGENT

GAMES = [("godo", {"players": 2}), ("gogoa", {"players": 2}), ("kokoro", {"players": 1})]
VIEW_KEYS = {
    "game",
    "options",
    "position",
    "svg",
    "text",
    "to_move",
    "chance",
    "terminal",
    "scores",
    "title",
    "phase",
    "legal",
    "outcomes",
    "tools",
}
WAIT = 20.0
"""Seconds a socket waits for a message before the test fails (the first search compiles)."""


@pytest.fixture(scope="module")
def client(server_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server_url, timeout=120) as http:
        yield http


def post(client: httpx.Client, path: str, body: Any, status: int = 200) -> dict[str, Any]:
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.text
    return answer.json()


def refused(client: httpx.Client, path: str, body: Any, field: str, raw: str | None = None) -> str:
    """Post a bad body; the answer is a 400 naming ``field``. Returns the message."""
    answer = client.post(path, content=raw if raw is not None else json.dumps(body))
    assert answer.status_code == 400, answer.text
    error = answer.json()
    assert error["field"] == field, error
    assert error["error"].startswith(f"{field}: " if field else ""), error
    return error["error"]


def new(client: httpx.Client, game: str, options: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return post(client, "/api/new", {"game": game, "options": options, "seed": 1, **extra})


def svg_targets(svg: str) -> list[str]:
    """The ``data-target`` of every element of a picture that has one."""
    return [e.get("data-target") for e in ET.fromstring(svg).iter() if e.get("data-target")]


def classes(svg: str) -> list[str]:
    """The ``class`` of every element of a picture (which must parse)."""
    return [element.get("class", "") for element in ET.fromstring(svg).iter()]


# -- the page, the games ---------------------------------------------------------------------------


def test_the_page_and_its_files_are_served(client: httpx.Client) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    assert client.get("/static/index.html").status_code == 200
    missing = client.get("/api/nothing")
    assert missing.status_code == 404 and missing.json()["field"] == ""
    assert client.get("/api/new").status_code == 405


def test_games_lists_each_game_with_its_options(client: httpx.Client) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert sorted(games) == sorted(solver.GAMES)
    assert games["godo"]["options"] == {"players": 2, "variant": False, "solo": False}
    assert (games["kokoro"]["min_players"], games["kokoro"]["max_players"]) == (1, 8)
    assert all("pack" not in g["options"] and "backend" not in g["options"] for g in games.values())


# -- views: new, view, apply, roll -----------------------------------------------------------------


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_new_game_is_advanced_to_a_decision_with_everything_the_page_draws(
    client: httpx.Client, game: str, options: dict[str, Any]
) -> None:
    view = new(client, game, options)
    assert set(view) == {*VIEW_KEYS, "dealt"}
    assert (view["game"], view["options"]["players"]) == (game, options["players"])
    assert not view["chance"] and not view["terminal"] and view["to_move"] >= 0
    assert view["legal"] and all(set(a) == {"action", "text", "target"} for a in view["legal"])
    targets = [a["target"] for a in view["legal"] if a["target"] is not None]
    assert targets and all(t["target"] in set(svg_targets(view["svg"])) for t in targets)
    assert (
        view["outcomes"] == []
        and view["title"] is None
        and view["phase"] == view["position"]["phase"]
    )
    assert "background" in classes(view["svg"]) and view["text"]
    assert view["tools"] and all(
        {"name", "label", "target", "help", "params"} <= set(t) for t in view["tools"]
    )
    assert new(client, game, options)["position"] == view["position"]  # the seed decides the draws
    assert new(client, game, options, seed=2)["position"] != view["position"]


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_chance_node_lists_its_outcomes_and_a_roll_draws_one_by_the_seed(
    client: httpx.Client, game: str, options: dict[str, Any]
) -> None:
    start = new(client, game, options, advance=False)
    assert start["chance"] and start["to_move"] == solver.CHANCE and start["legal"] == []
    assert abs(sum(o["probability"] for o in start["outcomes"]) - 1) < 1e-9
    body = {"game": game, "options": options, "position": start["position"], "seed": 5}
    rolled = post(client, "/api/roll", body)
    assert rolled["rolled"] in [
        {"action": o["action"], "text": o["text"]} for o in start["outcomes"]
    ]
    assert post(client, "/api/roll", body)["position"] == rolled["position"]
    by_hand = {
        "game": game,
        "options": options,
        "position": start["position"],
        "actions": [rolled["rolled"]["action"]],
    }
    assert post(client, "/api/apply", by_hand)["position"] == rolled["position"]
    decision = new(client, game, options)
    refused(client, "/api/roll", {**body, "position": decision["position"]}, "position")


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_apply_plays_actions_in_order_and_view_reads_the_position_back(
    client: httpx.Client, game: str, options: dict[str, Any]
) -> None:
    start = new(client, game, options)
    body = {"game": game, "options": options, "position": start["position"]}
    after = post(client, "/api/apply", {**body, "actions": [start["legal"][0]["action"]]})
    assert after["position"] != start["position"]
    again = post(client, "/api/view", {**body, "position": after["position"], "observer": 0})
    assert {k: again[k] for k in ("position", "legal", "to_move")} == {
        k: after[k] for k in ("position", "legal", "to_move")
    }
    assert post(client, "/api/apply", {**body, "actions": []})["position"] == start["position"]
    legal = {a["action"] for a in start["legal"]}
    illegal = next(a for a in range(10_000) if a not in legal)
    message = refused(
        client, "/api/apply", {**body, "actions": [start["legal"][0]["action"], -1]}, "actions[1]"
    )
    assert "not legal" in message
    refused(client, "/api/apply", {**body, "actions": [illegal]}, "actions[0]")
    refused(client, "/api/apply", {**body, "actions": ["1"]}, "actions[0]")
    refused(client, "/api/view", {**body, "highlight": [illegal]}, "highlight[0]")
    refused(client, "/api/view", {**body, "observer": options["players"]}, "observer")


def test_replay_plays_each_step_and_names_the_first_bad_action(client: httpx.Client) -> None:
    start = new(client, "kokoro", {"players": 1})
    body = {"game": "kokoro", "options": {"players": 1}, "position": start["position"]}
    path = start["legal"][0]
    drawn = post(client, "/api/apply", {**body, "actions": [path["action"]]})
    card = drawn["outcomes"][0]
    replayed = post(client, "/api/replay", {**body, "steps": [[path["action"]], [card["action"]]]})["steps"]
    assert [(s["player"], s["words"]) for s in replayed] == [(0, [path["text"]]), (solver.CHANCE, [card["text"]])]
    assert replayed[0]["position"] == drawn["position"]
    after = post(client, "/api/apply", {**body, "actions": [path["action"], card["action"]]})
    assert replayed[1]["position"] == after["position"]
    refused(client, "/api/replay", {**body, "steps": [[path["action"]], [path["action"]]]}, "steps[1][0]")
    refused(client, "/api/replay", {**body, "steps": [path["action"]]}, "steps[0]")
    refused(client, "/api/replay", body, "steps")


def test_a_position_written_for_one_player_says_whose_view_it_is(client: httpx.Client) -> None:
    options = {"players": 2}
    full = new(client, "godo", options)
    game = load_game("godo", options, None)
    state = game.state_from_json(full["position"])
    body = {"game": "godo", "options": options}
    assert post(client, "/api/view", {**body, "position": full["position"]})["seen_by"] is None
    assert state.current_player() == 0 and state.to_json()["hands"][1] == []
    as_seen = {p: post(client, "/api/view", {**body, "position": state.to_json(observer=p)}) for p in (0, 1)}
    assert as_seen[1]["seen_by"] == 1  # player 0's hand was dealt from what player 1 sees
    assert as_seen[0]["seen_by"] is None  # player 1 holds no tiles: nothing is hidden from player 0
    solo = new(client, "kokoro", {"players": 1})
    assert post(client, "/api/view", {"game": "kokoro", "position": solo["position"]})["seen_by"] is None


# -- edits -----------------------------------------------------------------------------------------

EDITS = {
    "godo": (
        "place",
        lambda p: {"tile": p["hands"][0][0], "rotation": 90},
        {"target": "square", "x": "0", "y": "0"},
        lambda p: [(g["x"], g["y"], g["rotation"]) for g in p["grounds"]] == [(0, 0, 90)],
    ),
    "gogoa": (
        "day",
        lambda p: {},
        {"target": "day", "day": "3"},
        lambda p: (p["day"], p["phase"]) == (3, "roll"),
    ),
    "kokoro": (
        "draw",
        lambda p: {"segment": 5, "golden": False},
        {"target": "space", "player": "0", "row": "0", "col": "1"},
        lambda p: p["mats"][0]["paths"][0][1] == "5",
    ),
}
"""A real edit of each game's new position: the tool, its params (from the position), the clicked
element, and what it changes."""


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_edit_applies_a_tool_and_reads_the_position_back(
    client: httpx.Client, game: str, options: dict[str, Any]
) -> None:
    start = new(client, game, options)
    tool, params, target, changed = EDITS[game]
    assert tool in [t["name"] for t in start["tools"]]
    body = {"game": game, "options": options, "position": start["position"]}
    edit = {**body, "tool": tool, "params": params(start["position"]), "target": target}
    edited = post(client, "/api/edit", edit)
    assert (
        set(edited) == VIEW_KEYS and changed(edited["position"]) and not changed(start["position"])
    )
    assert (
        post(client, "/api/view", {**body, "position": edited["position"]})["position"]
        == edited["position"]
    )


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_edit_refuses_an_unknown_tool_bad_params_and_a_bad_target(
    client: httpx.Client, game: str, options: dict[str, Any]
) -> None:
    start = new(client, game, options)
    body = {"game": game, "options": options, "position": start["position"]}
    refused(client, "/api/edit", {**body, "tool": "conjure"}, "tool")
    tool = next(t for t in start["tools"] if t["params"])
    params = {p["name"]: p["choices"][0]["value"] for p in tool["params"]}
    bad = tool["params"][0]["name"]
    refused(
        client,
        "/api/edit",
        {**body, "tool": tool["name"], "params": {**params, bad: "?"}},
        f"params.{bad}",
    )
    targeted = next(t for t in start["tools"] if t["target"])
    chosen = {p["name"]: p["choices"][0]["value"] for p in targeted["params"]}
    answer = client.post(
        "/api/edit", json={**body, "tool": targeted["name"], "params": chosen, "target": {}}
    )
    assert answer.status_code == 400 and answer.json()["field"].startswith("target."), answer.text


# -- bad bodies ------------------------------------------------------------------------------------


def test_bad_bodies_are_refused_naming_the_field(client: httpx.Client) -> None:
    kokoro = new(client, "kokoro", {"players": 1})
    body = {"game": "kokoro", "options": {"players": 1}, "position": kokoro["position"]}
    refused(client, "/api/view", None, "body", raw="{not json")
    refused(client, "/api/view", None, "body", raw="[1, 2]")
    refused(client, "/api/view", None, "body", raw='{"game": "kokoro", "game": "godo"}')
    refused(client, "/api/view", None, "body", raw="[" * 100 + "]" * 100)
    refused(client, "/api/new", None, "seed", raw='{"game": "kokoro", "seed": NaN}')
    refused(client, "/api/new", None, "seed", raw='{"game": "kokoro", "seed": 1e999}')
    refused(client, "/api/new", {"game": "kokoro", "seed": -1}, "seed")
    refused(client, "/api/new", {"game": "kokoro", "advance": "yes"}, "advance")
    refused(client, "/api/view", {"position": {}}, "game")
    refused(client, "/api/view", {"game": "kokoro"}, "position")
    refused(client, "/api/view", {**body, "colour": "red"}, "colour")
    refused(client, "/api/view", {**body, "game": "chess"}, "game")
    refused(client, "/api/view", {**body, "options": {"colour": "red"}}, "options.colour")
    refused(client, "/api/view", {**body, "options": {"backend": "reference"}}, "options.backend")
    refused(client, "/api/new", {"game": "kokoro", "options": {"players": 99}}, "options.players")
    refused(
        client,
        "/api/new",
        {"game": "godo", "options": {"players": 2, "variant": 1}},
        "options.variant",
    )
    refused(
        client, "/api/view", {**body, "position": {**kokoro["position"], "phase": "nap"}}, "phase"
    )
    refused(client, "/api/apply", {**body, "actions": "1"}, "actions")


def test_a_bad_godo_position_is_refused_naming_its_field(client: httpx.Client) -> None:
    options = {"players": 2}
    view = new(client, "godo", options)
    for _ in range(12):  # play on until a tile lies on the grounds
        if view["position"]["grounds"]:
            break
        step = view["outcomes"][0]["action"] if view["chance"] else view["legal"][0]["action"]
        view = post(
            client,
            "/api/apply",
            {"game": "godo", "options": options, "position": view["position"], "actions": [step]},
        )
    position = json.loads(json.dumps(view["position"]))
    position["grounds"][0]["rotation"] = 45
    message = refused(
        client,
        "/api/view",
        {"game": "godo", "options": options, "position": position},
        "grounds[0].rotation",
    )
    assert "45" in message


def test_an_unexpected_error_is_a_500_without_traceback(
    client: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the sky fell")

    monkeypatch.setattr(views, "view", broken)
    answer = client.post("/api/new", json={"game": "kokoro"})
    assert answer.status_code == 500
    assert answer.json() == {"error": "internal error: RuntimeError('the sky fell')", "field": ""}


# -- solo games ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "agent"),
    [
        ("godo", "mcts:iterations=100"),
        ("gogoa", "mcts:iterations=40:workers=1"),
        ("kokoro", "mcts:iterations=100"),
    ],
)
def test_a_solo_game_comes_whole_and_its_steps_replay_to_the_final_scores(
    client: httpx.Client, game: str, agent: str
) -> None:
    played = post(client, "/api/solo", {"game": game, "seed": 3, "agent": agent})
    steps = played["steps"]
    assert played["options"]["players"] == 1 and steps
    assert all(set(s) == {"player", "action", "text", "position"} for s in steps)
    assert any(s["player"] == solver.CHANCE for s in steps) and any(s["player"] == 0 for s in steps)
    body = {"game": game, "options": {"players": 1}, "position": played["initial"]}
    half = len(steps) // 2
    middle = post(client, "/api/apply", {**body, "actions": [s["action"] for s in steps[:half]]})
    assert middle["position"] == steps[half - 1]["position"]
    final = post(client, "/api/apply", {**body, "actions": [s["action"] for s in steps]})
    assert final["terminal"] and final["position"] == steps[-1]["position"]
    assert (final["scores"], final["title"]) == (played["scores"], played["title"])


def test_a_solo_game_is_the_ais_unless_another_agent_is_named_as_the_page_offers(client: httpx.Client) -> None:
    played = post(client, "/api/solo", {"game": "gogoa", "seed": 3})
    assert played["agent"] == DEFAULT_AGENT and DEFAULT_AGENT.split(":")[0] == "ai"
    assert f'id="solo-agent" data-testid="solo-agent" type="text" value="{DEFAULT_AGENT}"' in client.get("/").text


def test_a_solo_game_plays_with_the_parameters_given(client: httpx.Client) -> None:
    body = {"game": "kokoro", "seed": 3, "agent": "greedy"}
    low = {"game": "kokoro", "players": 1, "heuristic": {"link": 0.5, "current": 0.0, "later": 0.0}}
    plain, tuned = post(client, "/api/solo", body), post(client, "/api/solo", {**body, "params": low})
    assert [s["action"] for s in plain["steps"]] != [s["action"] for s in tuned["steps"]]


def test_solo_refuses_budgets_a_request_cannot_afford(client: httpx.Client) -> None:
    for agent in (
        "mcts:time=5",
        "mcts:iterations=100000",
        "expectimax:depth=6",
        "greedy:playouts=9999",
        "ai:time=3600",
        "ai:iterations=100000",
        "ai:depth=6",
        "ai:rounds=1000",
        "dance",
        "mcts:speed=3",
        7,
    ):
        refused(client, "/api/solo", {"game": "kokoro", "agent": agent}, "agent")
    refused(client, "/api/solo", {"game": "kokoro", "options": {"players": 2}}, "options.players")
    refused(client, "/api/solo", {"game": "kokoro", "agent": "greedy:params=/etc/passwd"}, "agent")
    refused(client, "/api/solo", {"game": "kokoro", "params": {"game": "kokoro", "players": 1, "heuristic": {"link": 0}}},
            "params.heuristic.link")
    refused(client, "/api/solo", {"game": "kokoro", "params": {"game": "kokoro", "players": 2}}, "params.players")
    refused(client, "/api/solo", {"game": "kokoro", "position": {}}, "position")


# -- the search socket -----------------------------------------------------------------------------


@pytest.fixture
def socket(server_url: str) -> Iterator[ClientConnection]:
    with connect("ws" + server_url.removeprefix("http") + "/ws/search", open_timeout=WAIT) as ws:
        yield ws


def receive(ws: ClientConnection, timeout: float = WAIT) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=timeout))


def search_body(
    client: httpx.Client, game: str, options: dict[str, Any], **limits: Any
) -> dict[str, Any]:
    view = new(client, game, options)
    return {
        "type": "search",
        "game": game,
        "options": options,
        "position": view["position"],
        **limits,
    }


def until_result(ws: ClientConnection) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The ``info`` messages of a search, then its ``result``."""
    infos = []
    while (message := receive(ws))["type"] == "info":
        infos.append(message)
    assert message["type"] == "result", message
    return infos, message


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_search_answers_the_best_turn_drawn_over_the_position(
    client: httpx.Client, socket: ClientConnection, game: str, options: dict[str, Any]
) -> None:
    socket.send(json.dumps(search_body(client, game, options, iterations=200, multipv=2, seed=1)))
    infos, result = until_result(socket)
    assert all({"iterations", "seconds", "multipv"} <= set(info) for info in infos)
    assert (
        result["actions"]
        and len(result["plan"]) == len(result["actions"])
        and not result["stopped"]
    )
    assert result["stats"]["iterations"] >= 200 and 1 <= len(result["multipv"]) <= 2
    assert "highlight" in classes(result["svg"])
    worth = result["evaluation"]
    if options["players"] > 1:
        assert worth == {"measures": "win chance", "value": result["value"], "low": 0, "high": 1}
    else:
        assert worth["measures"] == "final score" and worth["low"] < worth["value"] < worth["high"]
    assert all(info["evaluation"]["measures"] == worth["measures"] for info in infos if info.get("values"))
    steps = result["multipv"][0]["pv"]
    assert steps[0]["player"] == result["player"] and all(s["player"] >= solver.CHANCE for s in steps)


def test_stop_ends_a_long_search_at_once_after_its_info_streamed(
    client: httpx.Client, socket: ClientConnection
) -> None:
    # MCTS runs until its time is up or it is stopped
    socket.send(json.dumps(search_body(client, "kokoro", {"players": 1}, time=30, algorithm="mcts")))
    info = receive(socket)
    assert info["type"] == "info" and info["multipv"] and info["iterations"] > 0
    socket.send('{"type": "stop"}')
    asked = time.monotonic()
    _, result = until_result(socket)
    assert time.monotonic() - asked < 1.0
    assert result["stopped"] and result["actions"] and "highlight" in classes(result["svg"])


def test_a_new_search_stops_the_running_one_first(
    client: httpx.Client, socket: ClientConnection
) -> None:
    body = search_body(client, "godo", {"players": 2}, time=30)
    socket.send(json.dumps(body))
    assert receive(socket)["type"] == "info"
    asked = time.monotonic()
    socket.send(json.dumps({**body, "time": 0.2}))
    _, old = until_result(socket)
    assert old["stopped"] and time.monotonic() - asked < 1.0
    _, new_result = until_result(socket)
    assert not new_result["stopped"] and new_result["stats"]["seconds"] < 1.0


def test_bad_messages_get_an_error_naming_the_field_and_the_socket_stays_open(
    client: httpx.Client, socket: ClientConnection
) -> None:
    good = search_body(client, "kokoro", {"players": 1}, iterations=100)
    chance = new(client, "kokoro", {"players": 1}, advance=False)["position"]
    bad = {
        "message": "{oops",
        "type": json.dumps({"type": "dance"}),
        "time": json.dumps({**good, "time": -1}),
        "iterations": json.dumps({**good, "iterations": 0}),
        "multipv": json.dumps({**good, "multipv": 1000}),
        "algorithm": json.dumps({**good, "algorithm": "guess"}),
        "colour": json.dumps({**good, "colour": "red"}),
        "observer": json.dumps({**good, "observer": 3}),
        "phase": json.dumps({**good, "position": {**good["position"], "phase": "nap"}}),
        "position": json.dumps({**good, "position": chance}),
        "params.heuristic.link": json.dumps({**good, "params": {"game": "kokoro", "players": 1,
                                                                 "heuristic": {"link": -1}}}),
        "params.players": json.dumps({**good, "params": {"game": "kokoro", "players": 2}}),
    }
    for field, text in bad.items():
        socket.send(text)
        error = receive(socket)
        assert (error["type"], error["field"]) == ("error", field), error
    socket.send(json.dumps(good))
    assert until_result(socket)[1]["stats"]["iterations"] >= 100


def test_a_search_takes_a_parameters_file(client: httpx.Client, socket: ClientConnection) -> None:
    body = search_body(client, "kokoro", {"players": 1}, iterations=300, seed=1)
    socket.send(json.dumps(body))
    plain = until_result(socket)[1]
    low = {"game": "kokoro", "players": 1, "heuristic": {"link": 0.5, "current": 0.0, "later": 0.0}}
    socket.send(json.dumps({**body, "params": low}))
    tuned = until_result(socket)[1]
    assert tuned["actions"] and tuned["value"] != plain["value"]


def test_closing_the_socket_stops_its_search(
    client: httpx.Client, server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    stops: list[threading.Event] = []
    ended = threading.Event()
    real = search_socket.search_position

    def watched(
        state: Any, limits: Any, algorithm: str, multipv: int, stop: threading.Event, *rest: Any
    ) -> Any:
        stops.append(stop)
        try:
            return real(state, limits, algorithm, multipv, stop, *rest)
        finally:
            ended.set()

    monkeypatch.setattr(search_socket, "search_position", watched)
    with connect("ws" + server_url.removeprefix("http") + "/ws/search", open_timeout=WAIT) as ws:
        ws.send(json.dumps(search_body(client, "kokoro", {"players": 1}, time=30, algorithm="mcts")))
        assert receive(ws)["type"] == "info"
    assert ended.wait(2.0) and stops[0].is_set()


def test_an_analysis_as_another_player_knows_only_what_they_see(
    client: httpx.Client, socket: ClientConnection
) -> None:
    """Two positions that differ only in player 0's hand, hidden from player 1: analysed as
    player 1 sees them, they get the same answer, on a hand dealt from what player 1 sees."""
    body = search_body(client, "godo", {"players": 2}, iterations=300, seed=1, multipv=1)
    first = body["position"]
    assert first["hands"][1] == []  # player 0 to move, with the only hand
    second = json.loads(json.dumps(first))
    kept = set(first["hands"][0])
    second["hands"][0] = [tile for tile in first["pile"] if tile not in kept][: len(kept)]
    second["pile"] = sorted(set(first["pile"]) - set(second["hands"][0]) | kept)
    answers = {}
    for name, position, observer in (("first", first, 1), ("second", second, 1), ("own", first, 0)):
        socket.send(json.dumps({**body, "position": position, "observer": observer}))
        answers[name] = until_result(socket)[1]
    assert answers["first"]["guessed"] and not answers["own"]["guessed"]
    same = ("actions", "plan", "value")
    assert {k: answers["first"][k] for k in same} == {k: answers["second"][k] for k in same}
    socket.send(json.dumps({**body, "observer": None}))
    assert not until_result(socket)[1]["guessed"]


def test_info_draws_the_best_turn_so_far(client: httpx.Client, socket: ClientConnection) -> None:
    socket.send(json.dumps(search_body(client, "godo", {"players": 2}, time=1.0, algorithm="mcts")))
    infos, result = until_result(socket)
    drawn = [info for info in infos if "svg" in info]
    assert drawn and all("highlight" in classes(info["svg"]) for info in drawn)
    assert all(info["queued"] >= 0 for info in infos) and result["queued"] >= 0


def test_searches_beyond_the_threads_wait_and_say_how_long(
    client: httpx.Client, server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    one = ThreadPoolExecutor(1)
    monkeypatch.setattr(search_socket, "SEARCHES", one)
    body = search_body(client, "kokoro", {"players": 1}, time=0.5, algorithm="mcts")
    url = "ws" + server_url.removeprefix("http") + "/ws/search"
    with connect(url, open_timeout=WAIT) as first, connect(url, open_timeout=WAIT) as second:
        # The first search outlasts its first info (about REPORT_EVERY in) by a second or more.
        first.send(json.dumps({**body, "time": 1.5}))
        assert receive(first)["type"] == "info"
        second.send(json.dumps(body))
        waited = until_result(second)[1]
        assert until_result(first)[1]["queued"] < 0.2
    assert waited["queued"] >= 0.2 and waited["stats"]["seconds"] < 1.0
    one.shutdown()


def test_a_game_is_saved_as_a_record_and_opened_again(client: httpx.Client) -> None:
    start = new(client, "kokoro", {"players": 1})
    body = {"game": "kokoro", "options": {"players": 1}}
    moved = post(client, "/api/apply", {**body, "position": start["position"], "actions": [start["legal"][0]["action"]]})
    actions = [*start["dealt"], start["legal"][0]["action"]]
    saved = post(client, "/api/record/save", {**body, "actions": actions, "seed": 1, "seats": ["person"]})
    assert [s["action"] for s in saved["record"]["steps"]] == actions and saved["record"]["header"]["seed"] == 1
    assert saved["file_name"] == "kokoro-1-person.json" and json.loads(saved["text"]) == saved["record"]
    opened = post(client, "/api/record/open", {"record": saved["record"]})
    assert opened["steps"][-1]["position"] == moved["position"]
    assert opened["steps"][-1]["words"] == start["legal"][0]["text"]
    refused(client, "/api/record/save", {**body, "actions": [*actions, 10_000]}, f"actions[{len(actions)}]")
    broken = json.loads(saved["text"])
    broken["steps"][0]["action"] = -5
    refused(client, "/api/record/open", {"record": broken}, "record.steps[0].action")


def test_a_review_streams_a_decision_each_then_its_summary(
    client: httpx.Client, socket: ClientConnection
) -> None:
    game = solver.load_game("koi", players=2)
    record = SavedGame.of_play(game, solver.play(game, ["greedy", "random"], seed=3)).to_json()
    socket.send(json.dumps({"type": "review", "record": record, "players": [1], "iterations": 40}))
    decisions = []
    while (message := receive(socket))["type"] == "decision":
        decisions.append(message)
    assert message["type"] == "review" and not message["stopped"] and message["scale"] == [0, 1]
    assert decisions and all(d["player"] == 1 and d["loss"] >= 0 for d in decisions)
    assert message["summary"]["1"]["decisions"] == len(decisions)
    record["steps"][2]["action"] = -1
    socket.send(json.dumps({"type": "review", "record": record}))
    error = receive(socket)
    assert (error["type"], error["field"]) == ("error", "record.steps[2].action"), error


def test_a_lines_turn_starts_with_the_forced_decisions_before_the_first_searched_one() -> None:
    """``best_move``'s lines start at the turn's first searched decision: drawn from the position,
    the single choices before it come first (they used to leave the line undrawn)."""
    game = solver.load_game("godo", players=2)
    rng, state = random.Random(0), game.new_initial_state()
    while True:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        after = state.clone()
        if len(state.legal_actions()) == 1:
            after.apply_action(state.legal_actions()[0])
            if after.current_player() == state.current_player() and len(after.legal_actions()) > 1:
                break
        state.apply_action(rng.choice(state.legal_actions()))
    forced, chosen = state.legal_actions()[0], after.legal_actions()[-1]
    line = {"pv": [{"action": chosen, "player": state.current_player(), "chance": False}]}
    assert search_socket.turn_of(state, line) == [forced, chosen]
    assert search_socket.turn_of(after, line) == [chosen]
