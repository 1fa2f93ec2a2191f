"""Where a person clicks the KOI picture to make a decision (``board_moves.target``): every legal
action of random games names an element of the picture, for every observer."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import solver
from solver.core.play import sample_chance
from solver.games.koi import actions as act
from solver.games.koi.board_moves import target
from solver.games.koi.rules import KoiState
from solver.render import svg
from tests.game_helpers import parse

ON_THE_BOARD = {"meditate", "work", "order", "reward", "buy", "discard", "place", "shore"}
MOST_AT_ONE_PLACE = 4
"""The most decisions one click may leave to pick from (a frontier hex: water, foliage and the
two shore shapes there)."""
GAMES = [(1, 0), (2, 1), (3, 2), (2, 5)]


def decisions(players: int, seed: int) -> Iterator[KoiState]:
    """Every decision of a random game on the reference engine (chance by its odds)."""
    state, rng = solver.load_game("koi", players=players).new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


def clickable(picture: str) -> list[dict[str, str]]:
    """The data-* attributes of each element of the picture with a data-target."""
    return [{key.removeprefix("data-"): value for key, value in e.attrib.items()
             if key.startswith("data-")} for e in parse(picture).iter() if e.get("data-target")]  # fmt: skip


def matches(where: dict[str, str], elements: list[dict[str, str]]) -> int:
    """How many elements the selector ``[data-target=..][data-k=v]..`` of ``where`` matches."""
    return sum(where.items() <= element.items() for element in elements)


def test_every_decision_names_an_element_of_the_picture() -> None:
    kinds = set()
    for players, seed in GAMES:
        for state in decisions(players, seed):
            pictures = [clickable(svg(state)), clickable(svg(state, observer=state.to_move))]
            for action in state.legal_actions():
                where, kind = target(state, action), act.kind(action)
                assert (where is None) == (kind == "pass"), (state.phase, action)
                if where is None:
                    continue
                assert "target" in where and all(type(v) is str for v in where.values())
                for elements in pictures:
                    found = matches(where, elements)
                    assert found >= 1, (state.phase, action, where)
                    assert found == 1 or where["target"] == "storage-hex", where
                kinds.add(kind)
    assert kinds == ON_THE_BOARD


def test_a_click_leaves_few_decisions_to_pick_from() -> None:
    most = 0
    for players, seed in [(p, seed) for p in (1, 2, 3, 4) for seed in range(10, 14)]:
        for state in decisions(players, seed):
            shared = Counter(str(where) for a in state.legal_actions()
                             if (where := target(state, a)) is not None)  # fmt: skip
            most = max(most, max(shared.values(), default=0))
    print(f"the most decisions behind one click: {most}")
    assert 1 < most <= MOST_AT_ONE_PLACE
