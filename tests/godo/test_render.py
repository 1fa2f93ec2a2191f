"""The GODŌ picture (``solver.games.godo.render`` through ``solver.render.svg``).

The tests read the SVG back with ElementTree and count pieces by their ``class`` and ``data-*``
(the contract in the module docstring), never pixels: the tiles, legs, symbols and markers on the
grounds, monks, Ensō tokens, click targets, journals, hands (and backs for an observer), virtue
tokens; the highlighted turn; and that every state of seeded random games draws, on both backends.
"""

from __future__ import annotations

import functools
import random
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

import solver
from solver.core.errors import RenderError
from solver.core.play import random_step
from solver.games.godo import actions as act
from solver.games.godo import rules as R
from solver.games.godo.pack import COLOURS, GATE, LANTERN, SHRINE
from solver.render import svg
from tests.game_helpers import check_size_and_notebook, parse, pieces

NS = "{http://www.w3.org/2000/svg}"


@functools.cache
def game(players: int, variant: bool = False, backend: str = "reference") -> Any:
    return solver.load_game("godo", players=players, variant=variant, backend=backend)


def play_until(players: int, seed: int, want: Any, variant: bool = False) -> Any:
    """The first state of a seeded random game that ``want`` accepts."""
    state = game(players, variant).new_initial_state()
    rng = random.Random(seed)
    while not want(state):
        if state.is_terminal():
            raise LookupError("the game ended first")
        state.apply_action(random_step(state, rng))
    return state


def on_grounds(picture: str, cls: str) -> list[ET.Element]:
    """The elements of a class that sit on an intersection (not in a hand or the legend)."""
    return [e for e in pieces(parse(picture), cls) if e.get("data-x") is not None]


def rest_of_turn(state: Any, rng: random.Random, limit: int = 30) -> list[int]:
    """Random actions from ``state`` until another player's turn begins (chance steps included)."""
    actions, trial, active = [], state.clone(), state.active
    while not trial.is_terminal() and len(actions) < limit and trial.active == active:
        actions.append(random_step(trial, rng))
        trial.apply_action(actions[-1])
    return actions


def mid_game(state: Any) -> bool:
    """A turn's start with at least 14 tiles on the grounds."""
    return state.turn_start() and len(state.grounds.slots) >= 14


# -- the pieces ------------------------------------------------------------------------------------


def test_the_grounds_show_every_tile_symbol_monk_and_token() -> None:
    state = play_until(3, 1, lambda s: mid_game(s) and s.enso)
    picture = svg(state)
    tiles = pieces(parse(picture), "tile")
    assert len(tiles) == len(state.grounds.where)
    for tile, (x, y, r) in state.grounds.where.items():
        assert (
            len(pieces(parse(picture), "tile", tile=tile, x=x, y=y, rotation=90 * r, target="tile")) == 1
        )
        legs = pieces(parse(picture), "leg", tile=tile)
        assert [e.get("data-colour") for e in legs] == [
            COLOURS[c] for c in state.pack.tiles[tile].legs
        ]
    points = state.grounds.points
    lotuses = Counter(
        (int(e.get("data-x")), int(e.get("data-y"))) for e in on_grounds(picture, "lotus")
    )
    assert lotuses == Counter(
        {p: sum(info.lotuses) for p, info in points.items() if sum(info.lotuses)}
    )
    for cls, count in (
        (GATE, lambda i: len(i.gates)),
        (SHRINE, lambda i: i.shrines),
        (LANTERN, lambda i: i.lanterns),
    ):
        found = Counter(
            (int(e.get("data-x")), int(e.get("data-y"))) for e in on_grounds(picture, cls)
        )
        assert found == Counter({p: count(info) for p, info in points.items() if count(info)}), cls
    gates = Counter(e.get("data-colour") for e in on_grounds(picture, GATE))
    assert gates == Counter(COLOURS[c] for info in points.values() for c in info.gates)
    for player, (x, y) in enumerate(state.monks):
        assert len(pieces(parse(picture), "monk", player=player, x=x, y=y)) == 1
    assert {
        (int(e.get("data-x")), int(e.get("data-y"))) for e in pieces(parse(picture), "enso")
    } == state.enso
    assert len(pieces(parse(picture), "enso")) == len(state.enso)


def test_click_targets_cover_every_place_a_setup_click_needs() -> None:
    state = play_until(2, 2, mid_game)
    picture = svg(state)
    points = {
        (int(e.get("data-x")), int(e.get("data-y")))
        for e in pieces(parse(picture), "point", target="point")
    }
    assert points == set(state.grounds.points)
    squares = {
        (int(e.get("data-x")), int(e.get("data-y")))
        for e in pieces(parse(picture), "square", target="square")
    }
    for x, y, _ in state.grounds.candidate_slots():
        full = sum((x, y, o) in state.grounds.slots for o in range(4)) == 2
        assert ((x, y) in squares) != full
    spaces = pieces(parse(picture), "space", target="journal")
    assert len(spaces) == state.players * len(COLOURS) * 7
    assert len(pieces(parse(picture), "space", player=1, colour="red", step="mastered")) == 1
    assert len(pieces(parse(picture), "hand", target="hand")) == state.players
    faces = pieces(parse(picture), "tile-face", target="hand", player=0)
    assert sorted(int(e.get("data-tile")) for e in faces) == state.hands[0]


def test_journals_supply_and_pile() -> None:
    state = play_until(
        3, 3, lambda s: s.phase == R.ADVANCE and s.pool_mode == R.POOL_IMPROVE and any(s.collected)
    )
    picture = svg(state)
    for player, row in enumerate(state.tracks):
        for track, pos in enumerate(row):
            colour = COLOURS[track]
            assert len(pieces(parse(picture), "track-token", player=player, colour=colour)) == (
                pos is not None
            )
            if pos is not None:
                assert (
                    len(pieces(parse(picture), "track-token", player=player, colour=colour, step=pos)) == 1
                )
            assert len(pieces(parse(picture), "mastered", player=player, colour=colour)) == (pos is None)
        assert pieces(parse(picture), "score", player=player)[0].text.endswith(str(state.scores()[player]))
    for c, colour in enumerate(COLOURS):
        assert len(pieces(parse(picture), "virtue", colour=colour, place="supply")) == state.supply[c]
        assert (
            len(pieces(parse(picture), "virtue", colour=colour, place="collected")) == state.collected[c]
        )
    assert len(pieces(parse(picture), "pile", count=len(state.pile))) == 1
    assert "improvement" in " ".join(e.text or "" for e in pieces(parse(picture), "status"))


def test_an_observer_sees_the_other_hands_as_backs() -> None:
    state = play_until(3, 4, mid_game)
    seen = svg(state, observer=1)
    for player, hand in enumerate(state.hands):
        backs = pieces(parse(seen), "tile-back", player=player, target="hand")
        faces = pieces(parse(seen), "hand-tile", player=player)
        assert (len(backs), len(faces)) == ((0, len(hand)) if player == 1 else (len(hand), 0))
    hidden = {t for p, hand in enumerate(state.hands) if p != 1 for t in hand}
    shown = {int(e.get("data-tile")) for e in pieces(parse(seen), "tile-face") if e.get("data-tile")}
    assert not hidden & shown
    assert not pieces(parse(svg(state)), "tile-back")


def test_solo_shows_the_stock() -> None:
    state = play_until(1, 5, lambda s: s.turn_start() and s.stock < 15)
    picture = svg(state)
    assert len(pieces(parse(picture), "stock", count=state.stock)) == 1
    assert len(pieces(parse(picture), "stock-token")) == state.stock


def test_variant_journals_show_their_icons() -> None:
    state = game(2, variant=True).new_initial_state()
    icons = Counter(e.get("data-icon") for e in pieces(parse(svg(state)), "icon"))
    assert icons == Counter({"move_monk": 6, "relocate_tile": 6, "move_enso": 6})
    assert not pieces(parse(svg(game(2).new_initial_state())), "icon")


# -- the highlighted turn --------------------------------------------------------------------------


def test_a_turn_is_highlighted_over_the_position() -> None:
    rng = random.Random(6)
    state = play_until(2, 16, mid_game)
    actions = rest_of_turn(state, rng)
    picture = svg(state, highlight=actions)
    marks = pieces(parse(picture), "highlight")
    steps = Counter(int(e.get("data-step")) for e in marks)
    assert set(steps) == set(range(len(actions)))
    tile, (x, y, r) = act.decode_place(actions[0])
    placed = [e for e in pieces(parse(picture), "highlight", step=0) if e.tag == f"{NS}polygon"]
    assert len(placed) == 1
    corners = [tuple(map(float, p.split(","))) for p in placed[0].get("points").split()]
    assert len(corners) == 3 and len(set(corners)) == 3
    moves = [i for i, a in enumerate(actions) if act.kind(a) in ("move", "gate")]
    for i in moves:
        assert [e for e in pieces(parse(picture), "highlight", step=i) if e.tag == f"{NS}polyline"]
    assert all(e.get("pointer-events") == "none" for e in marks)
    assert not pieces(parse(svg(state)), "highlight")


def test_a_bad_highlight_names_the_step() -> None:
    state = play_until(2, 7, mid_game)
    with pytest.raises(RenderError) as err:
        svg(state, highlight=[state.legal_actions()[0], act.PLACE])
    assert err.value.field == "highlight[1]"


# -- every state draws -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "variant", "seed", "every"),
    [(1, False, 8, 1), (2, True, 9, 1), (3, False, 10, 3), (5, True, 11, 6)],
)
def test_every_state_of_a_random_game_draws(
    players: int, variant: bool, seed: int, every: int
) -> None:
    """Every state (every ``every``-th in the longer games), the next action highlighted."""
    state = game(players, variant).new_initial_state()
    rng = random.Random(seed)
    kinds = Counter()
    for step in range(10_000):
        nxt = None if state.is_terminal() else random_step(state, rng)
        if nxt is not None:
            kinds[act.kind(nxt)] += 1
        if step % every == 0 or nxt is None:
            picture = svg(
                state, highlight=[] if nxt is None else [nxt], observer=0 if players > 1 else None
            )
            classes = Counter(
                c for e in parse(picture).iter() for c in e.get("class", "").split()
            )
            assert classes["tile"] == len(state.grounds.where) and classes["journal"] == players
            assert classes["monk"] == sum(m is not None for m in state.monks)
            assert classes["highlight"] > 0 or nxt is None
        if nxt is None:
            break
        state.apply_action(nxt)
    assert {"draw", "place", "point", "move", "advance"} <= set(kinds)
    assert "Game over" in picture


def test_the_numba_backend_draws_the_same_picture() -> None:
    ref = game(3).new_initial_state()
    fast = game(3, backend="numba").new_initial_state()
    rng = random.Random(12)
    for step in range(400):
        if ref.is_terminal():
            break
        if step % 9 == 0:
            assert svg(fast, observer=2) == svg(ref, observer=2)
        action = random_step(ref, rng)
        ref.apply_action(action)
        fast.apply_action(action)


def test_size_and_notebooks() -> None:
    state = play_until(2, 13, mid_game)
    check_size_and_notebook(state)
    with pytest.raises(RenderError):
        svg(state, size=3)


def test_the_header_says_whose_turn_it_is() -> None:
    state = play_until(3, 14, lambda s: s.turn_start() and s.active == 2)
    status = " ".join(e.text or "" for e in pieces(parse(svg(state)), "status"))
    assert "3 players" in status and "player 2's turn" in status and "place a tile" in status


@pytest.mark.parametrize("players", [2, 5])
def test_the_variants_legend_stays_in_the_grounds_column(players: int) -> None:
    """The journal icons' legend used to be one line running under player 0's journal."""
    state = play_until(players, 1, lambda s: not s.is_chance_node(), variant=True)
    root = parse(svg(state))
    texts = {"".join(t.itertext()): t for t in root.iter(f"{NS}text")}
    panel_x = float(texts["Virtue supply"].get("x"))
    legend = next(g for g in root.iter(f"{NS}g") if g.get("class") == "legend")
    lines = ["".join(t.itertext()) for t in legend.iter(f"{NS}text")]
    assert any("Move-Monk" in line for line in lines) and any("Move-Ensō" in line for line in lines)
    for text in legend.iter(f"{NS}text"):
        width = 0.6 * 11 * len("".join(text.itertext()))  # an 11 px sans letter is at most ~0.6 em
        assert float(text.get("x")) + width < panel_x, "".join(text.itertext())
    legend_bottom = max(float(t.get("y")) for t in legend.iter(f"{NS}text"))
    assert legend_bottom < float(root.get("viewBox").split()[3])
