"""``solver.render.svg`` for every game and backend, its argument checks, and ``solver show --svg/--png``."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections import Counter

import numpy as np
import pytest

import solver
from solver.cli import main
from solver.core.errors import RenderError
from solver.render import steps_of, svg

GAMES = [
    ("godo", {"players": 2}), ("gogoa", {"players": 3}), ("kokoro", {"players": 2}), ("koi", {"players": 2}),
]


def decision(game, seed: int):
    """A state of ``game`` where a player decides, reached by a seeded random walk."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 30)):
        if state.is_terminal():
            break
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(legal))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def classes(picture: str) -> list[str]:
    root = ET.fromstring(picture)
    return [c for e in root.iter() for c in (e.get("class") or "").split()]


@pytest.mark.parametrize("name,options", GAMES)
@pytest.mark.parametrize("backend", ["reference", "numba"])
def test_every_backend_draws_the_same_picture(name, options, backend):
    reference = decision(solver.load_game(name, **options), seed=3)
    state = solver.load_game(name, backend=backend, **options).state_from_json(reference.to_json())
    picture = svg(state)
    assert picture == svg(reference)
    assert picture._repr_svg_() == picture and ET.fromstring(picture).tag.endswith("svg")


@pytest.mark.parametrize("name,options", GAMES)
def test_a_highlighted_turn_is_drawn_over_the_position(name, options):
    state = decision(solver.load_game(name, **options), seed=5)
    turn = solver.best_move(state, iterations=100, seed=1).actions
    plain, marked = classes(svg(state)), classes(svg(state, highlight=turn))
    assert "highlight" not in plain and marked.count("highlight") >= 1
    assert not Counter(plain) - Counter(marked)  # the position is still drawn under the turn


@pytest.mark.parametrize("name,options", GAMES)
def test_size_sets_the_width_and_keeps_the_proportions(name, options):
    root = ET.fromstring(svg(decision(solver.load_game(name, **options), seed=1), size=500))
    _, _, width, height = map(float, root.get("viewBox").split())
    assert float(root.get("width")) == 500
    assert float(root.get("height")) == pytest.approx(500 * height / width, abs=0.01)


def test_highlight_actions_are_checked_one_by_one():
    state = decision(solver.load_game("kokoro", players=1), seed=2)
    legal = state.legal_actions()
    illegal = next(a for a in range(10_000) if a not in legal)
    with pytest.raises(RenderError, match=r"^highlight\[1\]: action .* is not legal here"):
        svg(state, highlight=[legal[0], illegal])
    for bad, message in [(["3"], r"highlight\[0\]: expected an action"), ([True], r"highlight\[0\]"),
                         ([1.0], r"highlight\[0\]"), ("12", r"highlight: expected a list")]:  # fmt: skip
        with pytest.raises(RenderError, match=message):
            svg(state, highlight=bad)
    assert steps_of(state, [np.int64(legal[0])])[0][1] == legal[0]
    assert state.legal_actions() == legal  # the state itself is not played on


@pytest.mark.parametrize("observer", [-1, 2, "0", True, 0.0])
def test_observer_must_be_a_seat(observer):
    state = solver.load_game("godo", players=2).new_initial_state()
    with pytest.raises(RenderError, match="^observer: expected a player from 0 to 1"):
        svg(state, observer=observer)


@pytest.mark.parametrize("size", [0, 15, 10001, float("nan"), float("inf"), True, "400"])
def test_size_must_be_a_sensible_width(size):
    with pytest.raises(RenderError, match="^size: expected a width in pixels"):
        svg(solver.load_game("kokoro", players=1).new_initial_state(), size=size)


def test_show_writes_the_picture_as_svg_and_png(tmp_path, capsys):
    state = decision(solver.load_game("godo", players=2), seed=4)
    position = tmp_path / "pos.json"
    position.write_text(json.dumps(state.to_json()))
    out_svg, out_png = tmp_path / "pos.svg", tmp_path / "pictures" / "pos.png"
    status = main(["show", "godo", "--position", str(position), "--observer", "1", "--svg", str(out_svg),
                   "--png", str(out_png), "--size", "300"])  # fmt: skip
    capsys.readouterr()
    assert status == 0
    assert out_svg.read_text() == svg(state, observer=1, size=300)
    assert out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_show_refuses_a_picture_path_that_cannot_be_a_file(tmp_path, capsys):
    position = tmp_path / "pos.json"
    position.write_text(json.dumps(solver.load_game("kokoro", players=1).new_initial_state().to_json()))
    status = main(["show", "kokoro", "--players", "1", "--position", str(position), "--svg", str(tmp_path)])
    assert status == 2 and capsys.readouterr().err.startswith(f"error: svg: {tmp_path} is not a regular file")
