"""Helpers the games' setup and picture tests share: random games, setups by clicks as the web app
makes them, and the pieces of an SVG picture.

    >>> import solver
    >>> game = solver.load_game("koi", players=2)
    >>> state = first_decision(game.new_initial_state())
    >>> state.is_chance_node(), len(list(random_states(game, seed=1, every=50))) > 1
    (False, True)
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from importlib import import_module
from typing import Any

import pytest

from solver.core.errors import PositionError
from solver.render import svg


def random_states(game: Any, seed: int, every: int = 1) -> Iterator[Any]:
    """Every ``every``-th state of a uniformly random game (chance by its odds), the last one
    always (the same state object, moved on between yields)."""
    state, rng, n = game.new_initial_state(), random.Random(seed), 0
    while True:
        if n % every == 0 or state.is_terminal():
            yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        n += 1


def first_decision(state: Any) -> Any:
    """``state`` advanced to its first decision, each chance node by its first outcome (as the web
    app starts a setup)."""
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


class Clicks:
    """A setup in progress on ``game``: each edit (the game's ``setup.edit``) is read back as the
    web app does, and must leave the edited state as it was."""

    def __init__(self, game: Any, state: Any) -> None:
        self.game, self.state = game, state
        self.edit = import_module(f"solver.games.{game.info.name}.setup").edit

    def __call__(self, tool: str, params: dict | None = None, target: dict | None = None) -> Any:
        before = self.state.to_json()
        position = self.edit(self.state, tool, params or {}, target or {})
        assert self.state.to_json() == before  # the edited state is never changed
        self.state = self.game.state_from_json(position)
        return self.state


def refused_field(edit: Callable, state: Any, tool: str, params: dict, target: dict) -> str:
    """The field a ``PositionError`` names when ``edit`` refuses the tool, params and target on
    ``state`` (which must be left as it was)."""
    before = state.to_json()
    with pytest.raises(PositionError) as info:
        edit(state, tool, params, target)
    assert state.to_json() == before
    return info.value.field


def parse(picture: str) -> ET.Element:
    """The SVG picture as an element tree."""
    return ET.fromstring(picture)


def pieces(root: ET.Element, cls: str, **data: Any) -> list[ET.Element]:
    """The elements of class ``cls`` whose ``data-*`` attributes have the values given
    (``to_move=1``: ``data-to-move="1"``)."""
    found = [e for e in root.iter() if cls in e.get("class", "").split()]
    for key, value in data.items():
        found = [e for e in found if e.get("data-" + key.replace("_", "-")) == str(value)]
    return found


def check_size_and_notebook(state: Any) -> None:
    """``svg(state, size=500)`` is 500 wide, as high as its view box's proportions say, and shows
    itself in a notebook."""
    picture = svg(state, size=500)
    root = parse(picture)
    assert root.get("width") == "500"
    _, _, w, h = map(float, root.get("viewBox").split())
    assert float(root.get("height")) == pytest.approx(500 * h / w, abs=0.01)
    assert picture._repr_svg_() == picture
