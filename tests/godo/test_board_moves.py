"""Where a GODŌ decision is clicked on the picture (``solver.games.godo.board_moves.target``).

Seeded random games on the reference engine: at every decision each legal action's target is
checked against the rules (how many actions share it, that every kind with a place on the board
gets one), and at a sample of decisions (the first ones of each phase, then every ``EVERY``-th)
against the picture: an element of ``svg(state)`` and of ``svg(state, observer=<mover>)`` has the
target's ``data-*``.
"""

from __future__ import annotations

import functools
import random
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict

import pytest

import solver
from solver.core.play import sample_chance
from solver.games.godo import actions as act
from solver.games.godo import rules as R
from solver.games.godo.board_moves import target
from solver.games.godo.pack import COLOURS, MASTERY_SPACE, NUM_COLOURS
from solver.render import svg

EVERY = 15
BOARD_KINDS = {"place", "move", "gate", "push", "point", "advance", "nudge", "exchange"}
GAMES = [(1, False, 1), (2, True, 2), (3, True, 3)]  # players, variant, seed


def most_sharing(state: R.GodoState, kind: str) -> int:
    """How many actions of ``kind`` one element may gather: the rotations of each tile that may go
    on a square, the payments for reaching a point along a path or by a gate, the monks pushed
    onto one point, the colours of one journal space, the colours taken for one token given."""
    tiles = (
        len(state.grounds.where) if state.phase == R.RELOCATE else len(state.hands[state.active])
    )
    return {
        "place": 4 * tiles,
        "move": 2 * act.PAYMENTS,
        "gate": 2 * act.PAYMENTS,
        "push": state.players - 1,
        "point": 1,
        "advance": NUM_COLOURS,
        "nudge": 1,
        "exchange": NUM_COLOURS - 1,
    }[kind]


def data(name: str, **attrs: object) -> dict[str, str]:
    return {"target": name, **{key: str(value) for key, value in attrs.items()}}


def landing(state: R.GodoState, action: int) -> dict[str, str] | None:
    """Where the piece ``action`` moves stands once it is played (the tile's square, the monk's
    intersection, the track token's journal space), found by playing it; ``None`` for the others."""
    after, kind, payload = state.clone(), act.kind(action), act.payload(action)
    after.apply_action(action)
    if kind == "place":
        x, y, _ = after.grounds.where[act.decode_place(action)[0]]
        return data("square", x=x, y=y)
    if kind == "push":
        x, y = after.monks[payload // 4]
        return data("point", x=x, y=y)
    if kind in ("move", "gate"):  # pending while a Sacred Specialty resolves
        x, y = after.pending.target if after.pending else after.monks[state.active]
        return data("point", x=x, y=y)
    if kind in ("advance", "nudge"):
        track, player = payload % NUM_COLOURS, state.to_move
        step = after.tracks[player][track]
        step = MASTERY_SPACE if step is None else step  # mastered at once
        return data("journal", player=player, colour=COLOURS[track], step=step)
    return None


def targets_of(picture: str) -> list[dict[str, str]]:
    """The ``data-*`` (without ``data-``) of every element of a picture with a ``data-target``."""
    found = []
    for element in ET.fromstring(picture).iter():
        if element.get("data-target") is not None:
            found.append({k[5:]: v for k, v in element.attrib.items() if k.startswith("data-")})
    return found


def on_picture(wanted: dict[str, str], elements: list[dict[str, str]]) -> bool:
    return any(all(e.get(k) == v for k, v in wanted.items()) for e in elements)


def check_decision(state: R.GodoState, drawn: bool) -> Counter:
    """The checks at one decision; the kinds of its actions that got a target."""
    shared: dict[tuple, list[int]] = defaultdict(list)
    for action in state.legal_actions():
        where = target(state, action)
        kind = act.kind(action)
        assert (where is not None) == (kind in BOARD_KINDS), (state.phase, kind)
        if where is not None:
            assert all(isinstance(v, str) for v in where.values()) and "target" in where
            shared[tuple(sorted(where.items()))].append(action)
    for where, actions in shared.items():
        kinds = {act.kind(a) for a in actions}
        assert len(kinds) == 1 or kinds == {"move", "gate"}, (where, kinds)
        assert len(actions) <= max(most_sharing(state, k) for k in kinds), (state.phase, where)
    if drawn:
        for where, actions in shared.items():
            assert landing(state, actions[0]) in (dict(where), None), (state.phase, where)
        for observer in (None, state.to_move):
            elements = targets_of(svg(state, observer=observer))
            for where in shared:
                assert on_picture(dict(where), elements), (state.phase, observer, where)
    return Counter(act.kind(a) for actions in shared.values() for a in actions)


@functools.cache
def play(players: int, variant: bool, seed: int) -> tuple[Counter, frozenset]:
    """Play a seeded random game, checking every decision: the kinds of action that got targets
    and the phases whose decisions were checked against the picture."""
    state = solver.load_game("godo", players=players, variant=variant).new_initial_state()
    rng = random.Random(seed)
    phases, kinds, drawn = Counter(), Counter(), set()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        phases[state.phase] += 1
        draw = phases[state.phase] <= 2 or phases.total() % EVERY == 0
        kinds += check_decision(state, draw)
        if draw:
            drawn.add(state.phase)
        state.apply_action(rng.choice(state.legal_actions()))
    return kinds, frozenset(drawn)


@pytest.mark.parametrize(("players", "variant", "seed"), GAMES)
def test_every_legal_action_has_its_element_on_the_picture(
    players: int, variant: bool, seed: int
) -> None:
    kinds, _ = play(players, variant, seed)
    assert {"place", "point", "move", "advance"} <= set(kinds)


def test_every_kind_of_decision_is_met_and_drawn() -> None:
    """Over the games, each kind of action with a place on the board got targets, and the
    decisions of every phase were checked against the picture."""
    kinds = set().union(*(play(*game)[0] for game in GAMES))
    drawn = set().union(*(play(*game)[1] for game in GAMES))
    assert kinds == BOARD_KINDS
    assert drawn == set(R.PHASES) - {R.DRAW, R.OVER}
