"""Game records (``solver.review.record``): a saved game replays exactly on every backend, a game
typed in words reads back to the same actions, and a broken record is refused naming the field."""

from __future__ import annotations

import json
import os

import pytest

import solver
from solver.cli import main
from solver.core.errors import GameRecordError
from solver.review.record import SavedGame, read_game

GAMES = [("godo", 2), ("godo", 1), ("gogoa", 3), ("kokoro", 2), ("kokoro", 1), ("koi", 2), ("koi", 1)]


def saved_game(name: str, players: int, seed: int = 7) -> SavedGame:
    game = solver.load_game(name, players=players)
    return SavedGame.of_play(game, solver.play(game, "random", seed=seed))


@pytest.mark.parametrize("name,players", GAMES)
def test_a_saved_game_replays_on_every_backend(name, players):
    saved = saved_game(name, players)
    reference = saved.final_state()
    assert saved.result["scores"] == reference.scores() and saved.result["winners"] == list(reference.winners)
    for backend in solver.backends(name):
        again = read_game(json.loads(saved.dumps()), backend=backend)
        assert again.steps == saved.steps and again.result == saved.result, backend
        final = again.final_state(backend)
        assert final.is_terminal() and final.scores() == reference.scores(), backend


@pytest.mark.parametrize("name,players", GAMES)
def test_a_game_typed_in_words_reads_back_to_its_actions(name, players):
    saved = saved_game(name, players, seed=11)
    typed = saved.to_json()
    for step in typed["steps"]:
        del step["action"]
        step["words"] = "  " + step["words"].upper().replace(" ", "   ") + " "
    for key in ("version", "seed", "seats", "date", "result"):
        typed.pop(key, None) if key == "version" else typed["header"].pop(key)
    again = read_game(typed)
    assert [s.action for s in again.steps] == [s.action for s in saved.steps]
    assert again.result == saved.result and again.steps == saved.steps


def test_an_unfinished_game_has_no_result_and_replays_to_where_it_stopped():
    saved = saved_game("kokoro", 2)
    part = saved.to_json()
    part["steps"] = part["steps"][:20]
    del part["header"]["result"]
    again = read_game(part)
    assert again.result is None and len(again.steps) == 20
    assert not again.final_state().is_terminal()


def mutated(change) -> dict:
    data = saved_game("koi", 2, seed=3).to_json()
    change(data)
    return data


def edit(step: dict, drop: tuple[str, ...] = (), **values) -> None:
    for key in drop:
        del step[key]
    step.update(values)


def first_decision(data: dict) -> int:
    return next(i for i, step in enumerate(data["steps"]) if step.get("player", "chance") != "chance")


REFUSALS = {
    "not legal": (lambda d: d["steps"][0].update(action=99999), "steps[0].action", "not a chance outcome"),
    "wrong player": (lambda d: d["steps"][first_decision(d)].update(player="chance"),
                     "steps[{decision}].player", "player 0 is to move here"),
    "words of another action": (lambda d: d["steps"][1].update(words="card flipped: nothing"), "steps[1].words",
                                "reads"),
    "words alone that match nothing": (lambda d: edit(d["steps"][1], ("action",), words="hello"),
                                       "steps[1].words", "the closest: card flipped"),
    "neither action nor words": (lambda d: edit(d["steps"][2], ("action", "words")),
                                 "steps[2]", "give the action"),
    "no player": (lambda d: d["steps"][0].pop("player"), "steps[0].player", "missing"),
    "a step after the end": (lambda d: d["steps"].append(d["steps"][-1]), "steps[{last}]", "the game is over"),
    "a result the steps do not reach": (lambda d: d["steps"].pop(), "header.result", "end before the game does"),
    "a result the steps do not give": (lambda d: d["header"]["result"].update(winners=[0, 1]),
                                       "header.result.winners", "the record says [0, 1]"),
    "unknown game": (lambda d: d["header"].update(game="chess"), "header.game", "unknown game 'chess'"),
    "bad option": (lambda d: d["header"]["options"].update(players=9), "header.options.players", "1 to 4 players"),
    "unknown option": (lambda d: d["header"]["options"].update(variant=True), "header.options.variant",
                       "unknown field"),
    "unknown header field": (lambda d: d["header"].update(event="club"), "header.event", "unknown field"),
    "seats of another count": (lambda d: d["header"].update(seats=["me"]), "header.seats", "expected 2 entries"),
    "a date that is not one": (lambda d: d["header"].update(date="yesterday"), "header.date", "YYYY-MM-DD"),
    "another version": (lambda d: d.update(version=2), "version", "got 2"),
    "a pack not given": (lambda d: d["header"].update(pack="my copy"), "header.pack", "give that pack's file"),
    "a seed out of range": (lambda d: d["header"].update(seed=-1), "header.seed", "expected 0 to"),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_a_broken_record_is_refused_naming_the_field(case):
    change, field, words = REFUSALS[case]
    data = mutated(change)
    whole = mutated(lambda d: None)
    field = field.format(decision=first_decision(whole), last=len(whole["steps"]))
    with pytest.raises(GameRecordError) as error:
        read_game(data)
    assert error.value.field == field and words in str(error.value), str(error.value)


def test_a_record_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"header": {"game": "koi",')
    with pytest.raises(GameRecordError, match="^record: "):
        read_game(str(path))
    with pytest.raises(GameRecordError, match="^record: expected a file path"):
        read_game(42)


def test_play_saves_and_sweeps_keep_every_game(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["play", "koi", "--agents", "greedy,random", "--seed", "3", "--save", str(path), "--quiet"]) == 0
    saved = read_game(str(path))
    assert saved.seats == ["greedy", "random"] and saved.seed == 3 and saved.result["winners"]
    folder = tmp_path / "arena"
    assert main(["arena", "koi", "--agents", "greedy,random", "--games", "2", "--jobs", "1", "--moves",
                 str(folder), "--json"]) == 0  # fmt: skip
    capsys.readouterr()
    files = sorted(os.listdir(folder))
    assert files == ["koi-1-greedy-random.json", "koi-2-random-greedy.json"]
    again = read_game(str(folder / files[1]))
    assert again.seats == ["random", "greedy"] and again.seed == 2 and again.result is not None
    assert main(["arena", "koi", "--agents", "greedy,random", "--games", "2", "--moves", str(path)]) == 2
    assert "moves: " in capsys.readouterr().err


def test_the_example_records_in_the_docs_read_back():
    folder = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "records")
    names = sorted(os.listdir(folder))
    assert {n.split("-")[0] for n in names} == {"godo", "gogoa", "kokoro", "koi"}
    for name in names:
        saved = read_game(os.path.join(folder, name))
        assert saved.result is not None and saved.seats, name
