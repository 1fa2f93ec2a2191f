"""Go Goa pictures: every piece of a position is an element the tests can count and find.

* The map: one ``hex`` target per land hex, the hexes outside Goa, the border, the destinations
  by type, Start Here, the guide beaches and the bonus.
* The pieces: a pawn per player where the sheet says, a souvenir dot per visited destination,
  each sheet's souvenir circles, guides, tour plans and score; the days, the dice, the decks.
* ``observer`` draws exactly the cards ``to_json(observer)`` hides as backs.
* ``highlight`` draws a move's route as an arrow through the hexes of the game's own route, the
  reserved die and the kept plans ringed, and every step in words.
* Every state of seeded random games renders, on both backends, and parses as XML.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import solver
from solver.core.play import random_step
from solver.games.gogoa import actions as act
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa.pack import TYPES
from solver.render import svg
from tests.game_helpers import check_size_and_notebook, parse, pieces
from tests.gogoa import builders as B

NS = "{http://www.w3.org/2000/svg}"


@functools.cache
def load(players: int, backend: str = "reference") -> Any:
    return solver.load_game("gogoa", players=players, backend=backend)


def advance(players: int, phase: str, seed: int = 1, day: int = 0) -> Any:
    """A seeded random game played until ``phase`` on ``day`` or later."""
    state = load(players).new_initial_state()
    rng = random.Random(seed)
    while not (state.phase == phase and state.day >= day):
        state.apply_action(random_step(state, rng))
    return state


def test_the_map_has_every_hex_destination_and_mark() -> None:
    state = load(2).new_initial_state()
    pack = state.pack
    root = parse(svg(state))
    hexes = pieces(root, "hex")
    assert {e.get("data-hex") for e in hexes} == {hx.label(h) for h in pack.land}
    assert all(e.get("data-target") == "hex" for e in hexes)
    assert len(pieces(root, "outside")) == hx.CELLS - len(pack.land)
    assert len(pieces(root, "border")) == 1
    assert len(pieces(root, "label")) == len(pack.land)
    for kind, name in enumerate(TYPES):
        want = {hx.label(d.hex) for d in pack.destinations if d.kind == kind}
        assert {e.get("data-hex") for e in pieces(root, "destination", type=name)} == want
        assert {e.get("data-hex") for e in pieces(root, "hex", type=name)} == want
    assert [e.get("data-hex") for e in pieces(root, "start")] == [hx.label(pack.start)]
    beaches = pieces(root, "guide-beach")
    assert [e.get("data-hex") for e in beaches] == [hx.label(h) for h in sorted(pack.guides)]
    assert [e.get("data-hex") for e in pieces(root, "bonus")] == [hx.label(pack.bonus)]


def test_a_new_game_shows_pawns_at_start_and_empty_sheets() -> None:
    state = load(3).new_initial_state()
    root = parse(svg(state))
    start = hx.label(state.pack.start)
    assert sorted(e.get("data-player") for e in pieces(root, "pawn", hex=start)) == ["0", "1", "2"]
    assert len(pieces(root, "sheet")) == 3
    assert len(pieces(root, "visited")) == len(pieces(root, "souvenir")) == 0
    assert len(pieces(root, "plan")) == len(pieces(root, "die")) == 0
    assert [e.get("data-crossed") for e in pieces(root, "day")] == ["0"] * 12
    assert {e.get("data-deck"): e.get("data-count") for e in pieces(root, "deck")} == {
        "40": "12", "20/30": "24"}  # fmt: skip


def test_mid_game_pieces_match_the_sheets() -> None:
    state = advance(3, "move", seed=4, day=8)
    pack = state.pack
    root = parse(svg(state))
    for p, sheet in enumerate(state.sheets):
        assert [e.get("data-hex") for e in pieces(root, "pawn", player=p)] == [
            hx.label(sheet.position)]  # fmt: skip
        dots = {e.get("data-hex") for e in pieces(root, "visited", player=p)}
        assert dots == {hx.label(h) for h in sheet.visited}
        assert len(pieces(root, "souvenir", player=p)) == len(sheet.visited)  # at most 6 a type
        statuses = [e.get("data-status") for e in pieces(root, "guide", player=p)]
        assert statuses == [state.guide_status(p, g) for g in range(len(pack.guides))]
        kept = pieces(root, "plan", player=p, role="kept")
        assert [int(e.get("data-card")) for e in kept] == sheet.kept
        put_back = pieces(root, "plan", player=p, role="discarded")
        assert sorted(int(e.get("data-card")) for e in put_back) == sorted(
            set(sheet.dealt) - set(sheet.kept))  # fmt: skip
        (score,) = pieces(root, "score", player=p)
        assert int(score.get("data-score")) == state.scores()[p]
        assert pieces(root, "sheet", player=p)[0].get("data-to-move") == str(
            int(p == state.to_move))  # fmt: skip
    dice = pieces(root, "die")
    assert sorted(int(e.get("data-value")) for e in dice) == sorted(state.dice)
    assert [int(e.get("data-value")) for e in dice if e.get("data-reserved") == "1"] == [
        state.reserved]  # fmt: skip
    crossed = [int(e.get("data-day")) for e in pieces(root, "day", crossed=1)]
    assert crossed == list(range(1, state.day + 1))
    assert [e.get("data-player") for e in pieces(root, "starter")] == [str(state.starter)]


def test_the_click_targets_cover_hexes_days_sheets_guides_dice_and_hands() -> None:
    state = advance(2, "reserve", day=2)
    root = parse(svg(state))
    targets = [e.get("data-target") for e in root.iter() if e.get("data-target")]
    assert targets.count("hex") == len(state.pack.land)
    assert targets.count("day") == 12
    assert targets.count("sheet") == 2
    assert targets.count("guide") == 6
    assert targets.count("die") == 3 and "plan" not in targets  # plans are chosen from a hand
    for observer in (None, 0, 1):
        hands = parse(svg(advance(2, "keep"), observer=observer)).iter()
        assert sorted(e.get("data-player") for e in hands if e.get("data-target") == "plan") == [
            "0"] * 4 + ["1"] * 4  # fmt: skip
    pawn_layer = [e for e in root.iter() if e.get("class") == "pieces"]
    assert pawn_layer[0].get("pointer-events") == "none"  # clicks reach the hexes beneath


@pytest.mark.parametrize("phase, day", [("keep", 0), ("move", 2)])
def test_an_observer_sees_backs_exactly_where_to_json_hides_cards(phase: str, day: int) -> None:
    state = advance(3, phase, day=day)
    if phase == "keep":
        state.apply_action(act.KEEP + 1)  # player 0 kept two plans, player 1 chooses
    everything = parse(svg(state))
    assert not pieces(everything, "plan-back")
    for observer in range(3):
        root = parse(svg(state, observer=observer))
        seen = state.to_json(observer)
        for p, sheet in enumerate(seen["sheets"]):
            hidden = [v for k, v in sheet.items() if k in ("hand", "discarded") and type(v) is int]
            assert len(pieces(root, "plan-back", player=p)) == sum(hidden)
            shown = [int(e.get("data-card")) for e in pieces(root, "plan", player=p)]
            listed = [c for k in ("hand", "plans", "discarded") if isinstance(sheet.get(k), list)
                      for c in sheet[k]]  # fmt: skip
            assert sorted(shown) == sorted(listed)


def test_a_highlighted_turn_draws_the_route_of_the_games_own_move() -> None:
    state = advance(2, "reserve", seed=3, day=4)
    reserve = state.legal_actions()[-1]
    after = state.clone()
    after.apply_action(reserve)
    move = after.legal_actions()[len(after.legal_actions()) // 2]
    root = parse(svg(state, highlight=[reserve, move]))
    overlay = pieces(root, "highlight")
    assert {e.get("data-step") for e in overlay} == {"0", "1"}
    (ring,) = pieces(root, "highlight", kind="reserve")
    assert ring.get("data-step") == "0"
    (arrow,) = pieces(root, "highlight", kind="move")
    end, cost = act.decode_move(move)
    way = after.day_moves()[1][end]
    mover = after.sheets[after.to_move].position
    assert arrow.get("data-from") == hx.label(mover)
    assert arrow.get("data-to") == hx.label(end)
    assert arrow.get("data-guides") == str(cost)
    assert len(arrow.get("points").split()) == len(way.path) + 1
    walked = [mover]
    for heading in way.path:
        walked.append(hx.neighbour(walked[-1], heading))
    numbered = pieces(root, "highlight", kind="route-step")
    assert [e.get("data-hex") for e in numbered] == [hx.label(h) for h in walked[1:]]
    assert arrow.get("marker-end", "").startswith("url(#arrow-")
    words = [e.text for e in pieces(root, "highlight", step=1) if e.tag == NS + "text"]
    assert words and words[0].startswith("2. direction")


def test_chance_and_keep_steps_are_noted() -> None:
    state = advance(2, "keep")
    keep = act.KEEP + 2
    root = parse(svg(state, highlight=[keep]))
    hand = state.sheets[0].dealt
    kept = {hand[k] for k in act.PAIRS[2]}
    corners = {}  # each card's top-left corner
    for card in pieces(root, "plan", player=0, role="hand"):
        rect = card.find(NS + "rect")
        corners[float(rect.get("x")), float(rect.get("y"))] = int(card.get("data-card"))
    rings = pieces(root, "highlight", kind="keep")
    ringed = {corners[float(r.get("x")) + 3, float(r.get("y")) + 3] for r in rings}
    assert len(rings) == 2 and ringed == kept
    rolling = advance(1, "roll", day=3)
    roll = rolling.chance_outcomes()[10][0]
    root = parse(svg(rolling, highlight=[roll]))
    (line,) = pieces(root, "highlight", kind="note", action="roll")
    assert line.text.startswith("1. roll ")
    assert not pieces(root, "highlight", kind="move")


def test_staying_put_is_ringed() -> None:
    game = B.game(1, land={"A1"}, start="A1")
    state = B.move_position(game, [B.sheet()], (2, 3, 5), 2)
    assert state.legal_actions() == [act.STAY]
    (ring,) = pieces(parse(svg(state, highlight=[act.STAY])), "highlight", kind="stay")
    assert ring.get("data-step") == "0"


@pytest.mark.parametrize("players", [1, 3])
def test_every_state_of_random_games_renders(players: int) -> None:
    state = load(players).new_initial_state()
    rng = random.Random(players)
    while True:
        root = parse(svg(state, observer=0 if players > 1 else None))
        assert len(pieces(root, "pawn")) == players
        if state.is_terminal():
            break
        state.apply_action(random_step(state, rng))
    assert "the trip is over" in "".join(root.find(NS + "g").itertext())


def test_six_players_and_the_numba_backend_render() -> None:
    state = load(6).new_initial_state()
    rng = random.Random(6)
    for step in range(400):
        if step % 7 == 0 or state.is_terminal():
            assert len(pieces(parse(svg(state)), "sheet")) == 6
        if state.is_terminal():
            break
        state.apply_action(random_step(state, rng))
    fast = load(2, "numba").new_initial_state()
    rng = random.Random(2)
    while not fast.is_terminal():
        reference = fast.to_reference()
        assert svg(fast, observer=1) == svg(reference, observer=1)
        fast.apply_action(random_step(fast, rng))
        for _ in range(3):  # every fourth state keeps the test quick
            if not fast.is_terminal():
                fast.apply_action(random_step(fast, rng))


def test_size_sets_the_width_and_notebooks_draw_it() -> None:
    state = load(2).new_initial_state()
    check_size_and_notebook(state)
    assert "width" not in parse(svg(state)).attrib
