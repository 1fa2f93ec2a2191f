"""Clicking a move on the Kokoro picture: every legal action of random games has its element
(``board_moves.target``) in the picture everyone sees and in the mover's own picture."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import solver
from solver.core.play import sample_chance
from solver.games.kokoro import actions as act
from solver.games.kokoro.board_moves import target
from solver.render import svg
from tests.game_helpers import parse
from tests.kokoro.builders import OPTIONS

PEEKING = 0.15  # random players peek this often, so that peeks at a known card happen too
CHECKED = 0.3  # the share of decisions whose pictures are drawn and searched (for time)
GAMES = [(players, side, decree) for players, (side, decree) in zip((1, 2, 3, 2, 3), OPTIONS)]


def decisions(players: int, side: str, decree: str | None, seed: int) -> Iterator[Any]:
    """Each decision of a seeded random game on the reference engine (the same state, moved on)."""
    game = solver.load_game("kokoro", players=players, side=side, decree=decree)
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        yield state
        draws = [a for a in state.legal_actions() if a != act.PEEK]
        peek = not draws or rng.random() < PEEKING
        state.apply_action(act.PEEK if peek else rng.choice(draws))


class Picture:
    """An SVG picture that finds the elements a selector ``[data-k="v"]...`` matches."""

    def __init__(self, picture: str) -> None:
        self.root = parse(picture)
        self.index: dict[tuple[str, ...], dict[tuple, list[str]]] = {}

    def classes(self, wanted: dict[str, str]) -> list[str]:
        """The classes of the clickable elements (``data-target``) that ``wanted`` matches."""
        keys = tuple(sorted(wanted))
        if keys not in self.index:  # the clickable elements by their values of these keys
            self.index[keys] = defaultdict(list)
            for e in self.root.iter():
                if e.get("data-target") is not None:
                    self.index[keys][tuple(e.get(f"data-{k}") for k in keys)].append(e.get("class"))
        return self.index[keys].get(tuple(wanted[k] for k in keys), [])


@cache
def survey() -> tuple[Counter, int, list[str]]:
    """Over a sample of the games' decisions: how often each action kind got a target and which
    classes of elements its targets matched (``draw on space``), the most actions sharing one
    target at a decision, and the targets some picture lacks."""
    kinds: Counter = Counter()
    largest, missing = 0, []
    for seed, options in enumerate(GAMES):
        picker = random.Random(seed)
        for state in decisions(*options, seed):
            if picker.random() > CHECKED:
                continue
            pictures = [Picture(svg(state, observer=o)) for o in (None, state.current_player())]
            shared: Counter = Counter()
            for action in state.legal_actions():
                found = target(state, action)
                if found is None:
                    continue
                kinds[act.kind(action)] += 1
                shared[tuple(sorted(found.items()))] += 1
                for picture in pictures:
                    matched = picture.classes(found)
                    kinds[f"{act.kind(action)} on " + "/".join(matched)] += 1
                    if not matched:
                        missing.append(f"game {seed}, {state.action_to_string(action)}: {found}")
            largest = max(largest, *shared.values())
    return kinds, largest, missing


def test_every_target_is_an_element_of_both_pictures() -> None:
    _, _, missing = survey()
    assert not missing, missing[:5]


def test_every_decision_has_its_place_on_the_board() -> None:
    kinds, _, _ = survey()
    assert kinds["draw"] and kinds["peek"]
    assert kinds["draw on space"] == 2 * kinds["draw"]  # one space, on the mover's mat
    before, after = kinds["peek on no-peek"], kinds["peek on next-sanctuary"]  # someone peeked
    assert before and after and before + after == 2 * kinds["peek"]


def test_few_actions_share_a_target() -> None:
    _, largest, _ = survey()
    print(f"the most actions sharing one target: {largest}")
    assert largest == 1  # each space is one draw; the next sanctuary card is the peek


CHANCE = [act.path_action(3, True), act.sanctuary_action("B"), act.die_action(4)]


@pytest.mark.parametrize("action", CHANCE)
def test_chance_outcomes_have_no_target(action: int) -> None:
    state = solver.load_game("kokoro", players=2).new_initial_state()
    assert target(state, action) is None
