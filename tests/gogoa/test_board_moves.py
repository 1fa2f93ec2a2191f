"""Go Goa moves made by clicking the picture (``board_moves.target``).

* At every decision of seeded random games, each legal action's target is an element of the picture
  as everybody sees it (``observer=None``) and as the player to move sees it.
* Every kind of decision gets targets: route ends on hexes, staying put on the player's hex, the
  reserved die, the tour plans kept on the hand.
* A click never asks a person to pick among more than the six pairs of plans to keep.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import solver
from solver.core.play import sample_chance
from solver.games.gogoa import actions as act
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa.board_moves import target
from solver.render import svg
from tests.game_helpers import parse
from tests.gogoa import builders as B

MOST_AT_ONE_PLACE = len(act.PAIRS)
"""The plans to keep all sit on the hand; the map has one move per hex (two with staying put)."""


def clickable(picture: str) -> dict[str, list[dict[str, str]]]:
    """The data-* attributes (without "data-") of the picture's elements, by their data-target."""
    found: dict[str, list[dict[str, str]]] = {}
    for e in parse(picture).iter():
        if e.get("data-target"):
            data = {k[5:]: v for k, v in e.attrib.items() if k.startswith("data-")}
            found.setdefault(data["target"], []).append(data)
    return found


def matches(picture: dict[str, list[dict[str, str]]], wanted: dict[str, str]) -> bool:
    """Whether an element has the values of ``wanted``, as the CSS selector the page builds from
    it (``[data-target="hex"][data-hex="F7"]``) finds."""
    return any(wanted.items() <= data.items() for data in picture.get(wanted["target"], []))


def check_decision(state: Any, kinds: Counter, shared: Counter) -> None:
    """Every legal action's target is in both pictures of ``state`` (a reference state, as
    ``to_reference()`` gives); counts what was seen."""
    pictures = [clickable(svg(state)), clickable(svg(state, observer=state.current_player()))]
    at: Counter = Counter()
    for action in state.legal_actions():
        wanted = target(state, action)
        if wanted is None:
            continue
        assert wanted["target"] and all(isinstance(v, str) for v in wanted.values()), wanted
        for picture in pictures:
            assert matches(picture, wanted), (state.action_to_string(action), wanted)
        kinds[act.kind(action)] += 1
        at[tuple(sorted(wanted.items()))] += 1
    shared[max(at.values(), default=0)] += 1


def play(players: int, seed: int, kinds: Counter, shared: Counter) -> None:
    game = solver.load_game("gogoa", players=players)
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        check_decision(state, kinds, shared)
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.fixture(scope="module")
def seen() -> tuple[Counter, Counter]:
    """Random games (the kinds of actions targeted, the largest number of actions at one place
    per decision) and a stuck player, who may only stay put."""
    kinds: Counter = Counter()
    shared: Counter = Counter()
    for players, seed in ((1, 1), (2, 2), (3, 3)):
        play(players, seed, kinds, shared)
    stuck = B.move_position(B.game(1, land={"A1"}, start="A1"), [B.sheet()], (2, 3, 5), 2)
    assert stuck.legal_actions() == [act.STAY]
    check_decision(stuck, kinds, shared)
    return kinds, shared


def test_every_kind_of_decision_has_a_place_on_the_board(seen: tuple[Counter, Counter]) -> None:
    kinds, _ = seen
    assert set(kinds) == {"move", "stay", "reserve", "keep"}


def test_a_click_leaves_few_moves_to_pick_from(seen: tuple[Counter, Counter]) -> None:
    _, shared = seen
    assert max(shared) == MOST_AT_ONE_PLACE  # the six pairs of plans on the hand


def test_routes_end_on_hexes_and_staying_put_is_the_players_hex() -> None:
    game = B.game(1, land={"A1", "A2", "A3"}, start="A2",
                  extra={"Baga": ("beach", "A3"), "Calangute": ("beach", "A1")})  # fmt: skip
    state = B.move_position(game, [B.sheet("A2", ("Calangute",))], (6, 6, 6), 6, day=3)
    assert {a: target(state, a) for a in state.legal_actions()} == {
        act.move_action(hx.index("A1"), 1): {"target": "hex", "hex": "A1"},
        act.move_action(hx.index("A3"), 1): {"target": "hex", "hex": "A3"},
        act.STAY: {"target": "hex", "hex": "A2"},
    }
