"""The AI's named parameters: the parameters file read strictly and back, refusals naming the field,
and the values reaching every place a search runs (agents, ``best_move``, packs, the command line,
the engine)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import solver
from solver.cli import main
from solver.core.params import GROUPS, SEARCH, for_players, parameters, read_params
from solver.engine.client import Client, EngineError
from solver.search import mcts
from solver.search.settings import settings, settings_listing, shipped

GAMES = ("godo", "gogoa", "koi", "kokoro")


def _kokoro(players: int = 1, **options):
    return solver.load_game("kokoro", players=players, backend="numba", **options)


def test_every_game_names_every_weight_once_with_its_default_in_range():
    for game in GAMES:
        layout = __import__(f"solver.games.{game}.layout", fromlist=["HEURISTIC_PARAMS"])
        every = layout.weights.HEURISTIC
        assert sorted(p.index for p in every) == list(range(len(layout.HEURISTIC_PARAMS))), game
        assert len({p.name for p in every} | {p.name for p in SEARCH}) == len(every) + len(SEARCH), game
        for p in every:
            assert p.low <= p.default <= p.high, (game, p.name)
            assert layout.HEURISTIC_PARAMS[p.index] == p.default
    assert [p.index for p in SEARCH] == [mcts.P_EXPLORATION, mcts.P_ROLLOUT_CUTOFF, mcts.P_GUIDED, mcts.P_EPSILON,
                                         mcts.P_FINISH, mcts.P_CHANCE_WIDTH, mcts.P_NORMALIZE]  # fmt: skip
    for p in SEARCH:
        assert p.low <= mcts.DEFAULT_PARAMS[p.index] <= p.high, p.name


@pytest.mark.parametrize("game", GAMES)
def test_a_file_of_every_parameter_reads_back_the_same(game, tmp_path):
    info = solver.api.game_class(game).info
    for players in (1, info.max_players):
        doc = {"game": game, "players": players, "pack": "reference",
               **{g: {p.name: p.high for p in parameters(game, players, g)} for g in GROUPS}}  # fmt: skip
        params = read_params(doc)
        params.write(tmp_path / "p.json")
        again = read_params(tmp_path / "p.json")
        assert again == params and again.to_json() == doc
        heuristic, search = settings(solver.load_game(game, players=players, backend="numba")
                                     .new_initial_state().kernel_state(), again, "mcts")  # fmt: skip
        for group, array in (("heuristic", heuristic), ("search", search)):
            for p in parameters(game, players, group):
                assert array[p.index] == p.high


@pytest.mark.parametrize(
    "doc, field",
    [
        ([], "params"),
        ({"players": 1}, "params.game"),
        ({"game": "chess", "players": 1}, "params.game"),
        ({"game": "kokoro"}, "params.players"),
        ({"game": "kokoro", "players": 9}, "params.players"),
        ({"game": "kokoro", "players": 1.0}, "params.players"),
        ({"game": "kokoro", "players": 1, "colour": "blue"}, "params.colour"),
        ({"game": "kokoro", "players": 1, "heuristic": []}, "params.heuristic"),
        ({"game": "kokoro", "players": 1, "heuristic": {"lnk": 5}}, "params.heuristic.lnk"),
        ({"game": "kokoro", "players": 1, "heuristic": {"link": 99}}, "params.heuristic.link"),
        ({"game": "kokoro", "players": 1, "heuristic": {"link": "5"}}, "params.heuristic.link"),
        ({"game": "kokoro", "players": 1, "heuristic": {"link": True}}, "params.heuristic.link"),
        ({"game": "kokoro", "players": 1, "heuristic": {"temperature": 0.5}}, "params.heuristic.temperature"),
        ({"game": "kokoro", "players": 1, "heuristic": {"explore": 0.5}}, "params.heuristic.explore"),
        ({"game": "kokoro", "players": 1, "search": {"rollout": 2.5}}, "params.search.rollout"),
        ({"game": "kokoro", "players": 1, "search": {"explore": -1}}, "params.search.explore"),
        ({"game": "kokoro", "players": 1, "pack": 3}, "params.pack"),
        ({"game": "kokoro", "players": 1, "tune": "yes"}, "params.tune"),
        ({"game": "godo", "players": 2, "heuristic": {"pace": 2.0}}, "params.heuristic.pace"),
    ],
)
def test_a_bad_file_is_refused_naming_the_field(doc, field):
    with pytest.raises(solver.ParamsError) as info:
        read_params(doc)
    assert info.value.field == field and str(info.value).startswith(f"{field}: "), str(info.value)


def test_a_file_that_is_not_a_file_or_not_json_is_refused(tmp_path):
    (tmp_path / "bad.json").write_text('{"game": "kokoro", "players": 1,}')
    for source, words in ((tmp_path / "none.json", "cannot read"), (tmp_path / "bad.json", "JSON"),
                          (tmp_path, "cannot read")):  # fmt: skip
        with pytest.raises(solver.ParamsError, match=words) as info:
            read_params(source)
        assert info.value.field == "params"
    with pytest.raises(solver.ParamsError, match="^params: expected a parameters file"):
        read_params(3)


def test_parameters_for_another_game_player_count_or_pack_are_refused_when_used():
    state = _kokoro().new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    for doc, field in (({"game": "kokoro", "players": 2}, "params.players"),
                       ({"game": "koi", "players": 1}, "params.game"),
                       ({"game": "kokoro", "players": 1, "pack": "mine"}, "params.pack")):  # fmt: skip
        with pytest.raises(solver.ParamsError) as info:
            solver.best_move(state, algorithm="mcts", iterations=10, workers=1, params=doc)
        assert info.value.field == field, str(info.value)


def test_the_values_reach_the_searches():
    """A greedy agent with every Kokoro weight at zero plays another game than with the defaults, and
    ``best_move`` searches with the weights and constants given."""
    zero = {"game": "kokoro", "players": 1, "heuristic": {p.name: p.low for p in parameters("kokoro", 1, "heuristic")}}
    game = _kokoro()
    plain, zeroed = solver.play(game, "greedy", seed=3), solver.play(game, "greedy", seed=3, params=read_params(zero))
    assert plain.actions != zeroed.actions and zeroed.scores[0] < plain.scores[0]
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    one = solver.best_move(state, algorithm="mcts", iterations=300, workers=1, seed=1, params=zero)
    again = solver.best_move(state, algorithm="mcts", iterations=300, workers=1, seed=1, params=read_params(zero))
    default = solver.best_move(state, algorithm="mcts", iterations=300, workers=1, seed=1)
    assert one.to_json()["value"] == again.to_json()["value"] != default.to_json()["value"]


def test_an_agent_spec_names_a_file_and_its_own_options_win(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"game": "kokoro", "players": 1, "search": {"explore": 2.0, "rollout": 5}}))
    agent = solver.make_agent(f"mcts:iterations=5:explore=0.3:params={path}")
    state = _kokoro().new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    agent.step(state)
    assert agent.searcher.params[mcts.P_EXPLORATION] == 0.3 and agent.searcher.params[mcts.P_ROLLOUT_CUTOFF] == 5
    with pytest.raises(solver.ParamsError, match=r"^agents: greedy: params.heuristic.link: expected 0.5 to 15.0"):
        path.write_text(json.dumps({"game": "kokoro", "players": 1, "heuristic": {"link": 0}}))
        solver.make_agent(f"greedy:params={path}")
    with pytest.raises(solver.SolverError, match="random: unknown option 'params'"):
        solver.make_agent(f"random:params={path}")


def test_a_pack_carries_its_own_tuned_parameters(tmp_path):
    pack = json.loads(Path(solver.games.kokoro.pack.REFERENCE_PACK).read_text())
    pack["name"] = "mine"
    pack["params"] = [{"game": "kokoro", "players": 1, "heuristic": {"link": 4.0}},
                      {"game": "kokoro", "players": 1, "agent": "greedy", "heuristic": {"link": 3.0}},
                      {"game": "kokoro", "players": 2, "pack": "mine", "search": {"explore": 1.5}}]  # fmt: skip
    game = _kokoro(pack=pack)
    kstate = game.new_initial_state().kernel_state()
    listing = settings_listing(kstate, None, "mcts")
    assert listing["heuristic"]["link"] == {**listing["heuristic"]["link"], "value": 4.0, "from": "pack"}
    assert listing["heuristic"]["current"]["from"] != "pack"
    assert settings_listing(kstate, None, "greedy")["heuristic"]["link"]["value"] == 3.0  # its searcher's own
    given = read_params({"game": "kokoro", "players": 1, "heuristic": {"link": 5.0}})
    assert settings_listing(kstate, given, "greedy")["heuristic"]["link"] == {**listing["heuristic"]["link"],
                                                                              "value": 5.0, "from": "given"}  # fmt: skip
    assert settings(_kokoro(2, pack=pack).new_initial_state().kernel_state(), None, "mcts")[1][mcts.P_EXPLORATION] == 1.5
    for bad, field in (([{"game": "kokoro", "players": 1, "heuristic": {"link": -1}}], "params[0].heuristic.link"),
                       ([{"game": "koi", "players": 1}], "params[0].game"),
                       ([{"game": "kokoro", "players": 1, "pack": "theirs"}], "params[0].pack"),
                       ([{"game": "kokoro", "players": 1}, {"game": "kokoro", "players": 1}], "params[1].players"),
                       ([{"game": "kokoro", "players": 1, "agent": "random"}], "params[0].agent"),
                       ({"game": "kokoro"}, "params")):  # fmt: skip
        with pytest.raises(solver.PackError) as info:
            _kokoro(pack={**pack, "params": bad})
        assert info.value.field == field, str(info.value)


def test_solver_params_lists_values_ranges_and_sources(capsys, tmp_path):
    assert main(["params", "kokoro", "--players", "2", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert (listing["game"], listing["players"], listing["pack"]) == ("kokoro", 2, "reference")
    assert set(listing) == {"game", "players", "pack", "agent", "searcher", *GROUPS}
    assert (listing["agent"], listing["searcher"]) == ("ai", "simulation")  # the AI's searcher by default
    link = listing["heuristic"]["link"]
    assert {k: link[k] for k in ("low", "high")} == {"low": 0.5, "high": 15.0} and link["doc"]
    assert "temperature" in listing["heuristic"] and set(listing["search"]) == {p.name for p in SEARCH}
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"game": "kokoro", "players": 2, "heuristic": {"temperature": 0.5}}))
    assert main(["params", "kokoro", "--players", "2", "--params", str(path)]) == 0
    text = capsys.readouterr().out
    assert "temperature      0.5" in text and "given" in text
    assert main(["params", "kokoro", "--players", "1", "--params", str(path)]) == 2
    assert capsys.readouterr().err.startswith("error: params.players: the parameters are for players 2")
    assert main(["params", "godo", "--players", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["searcher"] == "mcts"
    assert main(["params", "kokoro", "--agent", "greedy", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["searcher"] == "greedy"
    assert main(["params", "kokoro", "--agent", "dance"]) == 2
    assert "agent" in capsys.readouterr().err


def test_the_command_line_plays_and_searches_with_a_file(capsys, tmp_path):
    path = tmp_path / "zero.json"
    path.write_text(json.dumps({"game": "kokoro", "players": 1,
                                "heuristic": {p.name: p.low for p in parameters("kokoro", 1, "heuristic")}}))  # fmt: skip
    scores = []
    for extra in ([], ["--params", str(path)]):
        assert main(["solo", "kokoro", "--games", "3", "--agent", "greedy", "--baselines", "", "--jobs", "1",
                     "--backend", "numba", "--json", *extra]) == 0  # fmt: skip
        scores.append(json.loads(capsys.readouterr().out)["agents"][0]["mean_score"])
    assert scores[1] < scores[0]
    assert main(["play", "kokoro", "--players", "1", "--agents", "greedy", "--backend", "numba", "--json",
                 "--params", str(path)]) == 0  # fmt: skip
    assert json.loads(capsys.readouterr().out)["scores"][0] < 40
    position = tmp_path / "position.json"
    state = _kokoro().new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    position.write_text(json.dumps(state.to_json()))
    assert main(["bestmove", "kokoro", "--players", "1", "--position", str(position), "--iterations", "50",
                 "--workers", "1", "--params", str(path), "--json"]) == 0  # fmt: skip
    assert json.loads(capsys.readouterr().out)["actions"]
    assert main(["arena", "kokoro", "--agents", "greedy,random", "--games", "2", "--params", str(path)]) == 2
    assert capsys.readouterr().err.startswith("error: params.players: the parameters are for players 1")


def test_the_engine_takes_parameters_with_a_query():
    state = _kokoro().new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    query = {"game": "kokoro", "position": state.to_json(), "limits": {"iterations": 200, "seed": 1}}
    zero = {"game": "kokoro", "players": 1, "heuristic": {p.name: p.low for p in parameters("kokoro", 1, "heuristic")}}
    with Client() as engine:
        plain = engine.request({"op": "analyse", **query})
        tuned = engine.request({"op": "analyse", **query, "params": zero})
        assert plain["value"] != tuned["value"]
        for bad, field in (({**zero, "players": 2}, "params.players"), ({"game": "kokoro"}, "params.players"),
                           ("zero.json", "params")):  # fmt: skip
            with pytest.raises(EngineError) as info:
                engine.request({"op": "analyse", **query, "params": bad})
            assert info.value.answer["error"]["field"] == field


SHIPPED = [params for game in GAMES for params in shipped(game)]


@pytest.mark.parametrize("params", SHIPPED, ids=lambda p: f"{p.game}-{p.players}-{p.agent}")
def test_the_shipped_tunes_are_the_defaults(params):
    """The tunes shipped (``data/params.json``, made by ``solver tune``: its record kept, confirmed
    better on fresh seeds), each for a player count and the searcher tuned, are what that searcher
    plays with unless a pack or a file says otherwise."""
    record = json.loads(params.tune)
    assert params.pack is None and params.agent == record["agent"].split(":")[0]
    assert record["confirmation"]["verdict"] == "better" and record["trials"] >= 40
    assert sum((p.players, p.agent) == (params.players, params.agent) for p in SHIPPED if p.game == params.game) == 1
    kstate = solver.load_game(params.game, players=params.players, backend="numba").new_initial_state().kernel_state()
    listing = settings_listing(kstate, None, params.agent)
    for group in GROUPS:
        for name, value in params.values(group).items():
            assert listing[group][name]["value"] == value and listing[group][name]["from"] == "shipped"
    other = next(a for a in ("greedy", "expectimax", "mcts") if a != params.agent)
    if for_players(shipped(params.game), params.players, other) is None:
        assert all(entry["from"] == "code" for entry in settings_listing(kstate, None, other)["heuristic"].values())


def test_tunes_ship():
    assert {p.game for p in SHIPPED} >= {"godo", "koi", "kokoro"}
