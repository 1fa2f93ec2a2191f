"""Setting up Go Goa positions by clicking: every tool gives a position that reads back.

* Each tool works from a real position (a new game at its first decision, a game in progress), on
  both backends, and never changes the state it is given.
* A position built by clicks from the start of a game equals the same position typed by hand.
* Bad tools, parameters and targets raise ``PositionError`` naming the field.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import solver
from solver import PositionError
from solver.core.play import random_step
from solver.games.gogoa import actions as act
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa.setup import edit, tools


@functools.cache
def load(players: int, backend: str = "reference") -> Any:
    return solver.load_game("gogoa", players=players, backend=backend)


def first_decision(players: int, backend: str = "reference") -> Any:
    """A new game with its cards dealt: player 0 chooses tour plans (where the web app starts)."""
    state = load(players, backend).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def in_progress(players: int = 2, seed: int = 5, day: int = 6) -> Any:
    state = load(players).new_initial_state()
    rng = random.Random(seed)
    while not (state.phase == "move" and state.day >= day):
        state.apply_action(random_step(state, rng))
    return state


def click(state: Any, tool: str, params: dict | None = None, **target: Any) -> Any:
    """The state after one edit, read back strictly; the state given is unchanged."""
    before = state.to_json()
    target = {k: str(v) for k, v in target.items()}
    position = edit(state, tool, params or {}, target)
    assert state.to_json() == before
    return load(state.players).state_from_json(position)


def test_the_tools_and_their_targets() -> None:
    offered = {t.name: t for t in tools(first_decision(3))}
    assert {name: t.target for name, t in offered.items()} == {
        "day": "day", "dice": "", "turn": "sheet", "plans": "sheet", "hand": "sheet",
        "position": "hex", "visit": "hex", "guide": "guide"}  # fmt: skip
    (player,) = offered["position"].params
    assert [value for value, _ in player.choices] == [0, 1, 2]
    forty = offered["hand"].params[0]
    assert len(forty.choices) == 12 and forty.choices[0][1].startswith("0 (40: ")
    assert all(isinstance(t.to_json()["params"], list) for t in offered.values())


def test_the_day_ends_the_setup_and_sets_the_starter() -> None:
    state = click(first_decision(3), "day", target="day", day=5)
    assert (state.phase, state.day, state.starter, state.dice) == ("roll", 5, 1, None)
    assert all(len(s.kept) == 2 for s in state.sheets)
    dealt = [c for s in state.sheets for c in s.dealt]
    assert len(set(dealt)) == 12 and sum(map(len, state.decks)) == 36 - 12
    state = click(state, "dice", {"first": 2, "second": 5, "third": 2, "reserved": 0})
    state = click(state, "day", target="day", day=6)
    assert (state.phase, state.to_move, state.dice) == ("reserve", 2, (2, 2, 5))


def test_the_dice_choose_between_reserving_and_moving() -> None:
    state = click(first_decision(2), "day", target="day", day=2)
    reserving = click(state, "dice", {"first": 6, "second": 1, "third": 4, "reserved": 0})
    assert (reserving.phase, reserving.to_move, reserving.dice) == ("reserve", 1, (1, 4, 6))
    assert {act.kind(a) for a in reserving.legal_actions()} == {"reserve"}
    moving = click(reserving, "dice", {"first": 6, "second": 1, "third": 4, "reserved": 4})
    assert (moving.phase, moving.to_move, moving.reserved) == ("move", 1, 4)
    other = click(moving, "turn", target="sheet", player=0)
    again = click(other, "dice", {"first": 3, "second": 3, "third": 3, "reserved": 3})
    assert (again.to_move, again.dice) == (0, (3, 3, 3))  # still player 0's move
    with pytest.raises(PositionError, match=r"^params\.reserved: 5 is not one of the dice"):
        edit(state, "dice", {"first": 6, "second": 1, "third": 4, "reserved": 5}, {})
    with pytest.raises(PositionError, match="^tool: .*click a trip day first"):
        edit(first_decision(2), "dice", {"first": 6, "second": 1, "third": 4, "reserved": 0}, {})


def test_the_turn_in_the_plan_choice_and_on_a_trip_day() -> None:
    choosing = click(first_decision(3), "turn", target="sheet", player=2)
    assert (choosing.phase, choosing.to_move) == ("keep", 2)
    assert [len(s.kept) for s in choosing.sheets] == [2, 2, 0]
    back = click(choosing, "turn", target="sheet", player=1)
    assert [len(s.kept) for s in back.sheets] == [2, 0, 0]
    assert back.sheets[1].dealt == choosing.sheets[1].dealt
    state = in_progress(3, day=4)
    moving = click(state, "turn", target="sheet", player=(state.starter + 2) % 3)
    assert moving.to_move == (state.starter + 2) % 3
    reserving = click(state, "dice", {"first": 1, "second": 2, "third": 3, "reserved": 0})
    with pytest.raises(PositionError, match=r"^target\.player: player \d starts day"):
        edit(reserving, "turn", {}, {"target": "sheet", "player": str((reserving.starter + 1) % 3)})
    rolling = click(first_decision(3), "day", target="day", day=2)
    with pytest.raises(PositionError, match="^tool: nobody decides in phase 'roll'"):
        edit(rolling, "turn", {}, {"target": "sheet", "player": "0"})


def test_the_hand_and_the_plans_keep_every_card_accounted_for() -> None:
    start = first_decision(2)
    theirs = start.sheets[1].dealt  # [2, 3, 14, 15]: cards 3 and 14 move to player 0
    state = click(start, "hand", {"first": 3, "second": 7, "third": 14, "fourth": 30},
                  target="sheet", player=0)  # fmt: skip
    assert state.sheets[0].dealt == [3, 7, 14, 30]
    assert 3 not in state.sheets[1].dealt and 14 not in state.sheets[1].dealt
    assert len(state.sheets[1].dealt) == 4 and theirs[0] in state.sheets[1].dealt
    everywhere = [c for s in state.sheets for c in s.dealt] + state.decks[0] + state.decks[1]
    assert sorted(everywhere) == list(range(36))
    with pytest.raises(PositionError, match=r"^target\.player: player 0 has not chosen"):
        edit(state, "plans", {"first": 3, "second": 7}, {"target": "sheet", "player": "0"})
    trip = click(state, "day", target="day", day=3)
    kept = click(trip, "plans", {"first": 30, "second": 20}, target="sheet", player=0)
    assert kept.sheets[0].kept == [20, 30]
    assert sorted(kept.sheets[0].dealt) == [3, 7, 20, 30]  # the 40-point cards were put back
    assert 14 in kept.decks[1]
    other_kept = kept.sheets[1].kept[0]
    with pytest.raises(PositionError, match=rf"^params\.first: card {other_kept} is a tour plan"):
        edit(kept, "plans", {"first": other_kept, "second": 20}, {"target": "sheet", "player": "0"})
    with pytest.raises(PositionError, match=r"^params\.second: card 20 is also params\.first"):
        edit(kept, "plans", {"first": 20, "second": 20}, {"target": "sheet", "player": "0"})
    with pytest.raises(PositionError, match=r"^target\.player: player 0 has chosen"):
        edit(kept, "hand", {"first": 0, "second": 1, "third": 12, "fourth": 13},
             {"target": "sheet", "player": "0"})  # fmt: skip


def test_a_card_another_player_put_back_is_swapped_for_one_from_the_deck() -> None:
    state = in_progress(2)
    put_back = next(c for c in state.sheets[1].dealt if c not in state.sheets[1].kept)
    other = state.sheets[0].kept[0]  # a kept plan stays, the other one gives way
    after = click(state, "plans", {"first": other, "second": put_back}, target="sheet", player=0)
    assert put_back in after.sheets[0].kept and put_back not in after.sheets[1].dealt
    assert len(after.sheets[1].dealt) == 4 and after.sheets[1].kept == state.sheets[1].kept


def test_positions_souvenirs_and_guides() -> None:
    state = click(first_decision(2), "day", target="day", day=6)
    state = click(state, "dice", {"first": 1, "second": 4, "third": 6, "reserved": 4})
    state = click(state, "position", {"player": 1}, target="hex", hex="B5")  # Calangute
    calangute = state.pack.hex_named("Calangute")
    assert state.sheets[1].position == calangute and calangute in state.sheets[1].visited
    assert state.guide_status(1, 0) == "unlocked"
    state = click(state, "position", {"player": 1}, target="hex", hex="C3")
    state = click(state, "guide", {"status": "used"}, target="guide", player=1, guide=0)
    assert state.guide_status(1, 0) == "used" and state.guides_left(1) == []
    state = click(state, "guide", {"status": "unlocked"}, target="guide", player=1, guide=0)
    assert state.guides_left(1) == [0]
    state = click(state, "guide", {"status": "used"}, target="guide", player=1, guide=0)
    state = click(state, "visit", {"player": 1}, target="hex", hex="B5")  # off again
    assert calangute not in state.sheets[1].visited and state.guide_status(1, 0) == "locked"
    state = click(state, "visit", {"player": 0}, target="hex", hex="E6")  # Old Goa
    assert state.sheets[0].visited == {state.pack.hex_named("Old Goa")}
    with pytest.raises(PositionError, match=r"^target\.guide: the guide of Colva is locked"):
        edit(state, "guide", {"status": "used"}, {"target": "guide", "player": "1", "guide": "1"})
    with pytest.raises(PositionError, match=r"^target\.hex: C3 is not a destination"):
        edit(state, "visit", {"player": 0}, {"target": "hex", "hex": "C3"})
    there = click(state, "position", {"player": 0}, target="hex", hex="E6")
    with pytest.raises(PositionError, match=r"^target\.hex: player 0 stands on Old Goa"):
        edit(there, "visit", {"player": 0}, {"target": "hex", "hex": "E6"})
    with pytest.raises(PositionError, match=r"^target\.hex: A1 is outside Goa"):
        edit(state, "position", {"player": 0}, {"target": "hex", "hex": "A1"})
    with pytest.raises(PositionError, match=r"^target\.hex: .*visited only on a trip day"):
        edit(first_decision(2), "position", {"player": 0}, {"target": "hex", "hex": "E6"})


def test_clicks_build_a_known_position() -> None:
    """Day 3 of a 2-player game, dice 1 4 6 with the 4 reserved, player 1 to move."""
    state = first_decision(2)
    state = click(state, "hand", {"first": 3, "second": 7, "third": 20, "fourth": 30},
                  target="sheet", player=0)  # fmt: skip
    state = click(state, "day", target="day", day=3)
    state = click(state, "dice", {"first": 6, "second": 1, "third": 4, "reserved": 4})
    state = click(state, "turn", target="sheet", player=1)
    state = click(state, "plans", {"first": 7, "second": 20}, target="sheet", player=0)
    state = click(state, "plans", {"first": 2, "second": 14}, target="sheet", player=1)
    state = click(state, "visit", {"player": 0}, target="hex", hex="E6")
    state = click(state, "position", {"player": 0}, target="hex", hex="B5")
    state = click(state, "guide", {"status": "used"}, target="guide", player=0, guide=0)
    state = click(state, "position", {"player": 1}, target="hex", hex="D5")
    b5, d5, e6 = (load(2).pack.name_of(hx.index(label)) for label in ("B5", "D5", "E6"))
    typed = load(2).state_from_json({
        "game": "gogoa", "players": 2, "phase": "move", "day": 3, "to_move": 1,
        "dice": [1, 4, 6], "reserved": 4,
        "sheets": [
            {"position": b5, "visited": [b5, e6], "guides": {b5: "used"}, "plans": [7, 20]},
            {"position": d5, "visited": [d5], "plans": [2, 14]},
        ],
    })  # fmt: skip

    def shown(s: Any) -> dict:
        obj = s.to_json()
        del obj["decks"]
        for sheet in obj["sheets"]:
            del sheet["discarded"]
        return obj

    assert shown(state) == shown(typed)
    assert state.legal_actions() == typed.legal_actions()
    assert sorted(state.sheets[0].dealt) == [3, 7, 20, 30]


def test_edits_work_on_the_numba_backend_without_changing_it() -> None:
    state = first_decision(2, "numba")
    before = state.to_json()
    position = edit(state, "day", {}, {"target": "day", "day": "2"})
    assert state.to_json() == before
    after = load(2, "numba").state_from_json(position)
    assert (after.phase, after.to_reference().day) == ("roll", 2)


@pytest.mark.parametrize(
    "tool, params, target, field",
    [
        ("paint", {}, {}, "tool"),
        (7, {}, {}, "tool"),
        ("day", {}, {"target": "day"}, "target.day"),
        ("day", {}, {"target": "day", "day": "13"}, "target.day"),
        ("day", {}, {"target": "day", "day": "x"}, "target.day"),
        ("day", {"day": 3}, {"target": "day", "day": "3"}, "params.day"),
        ("dice", {"first": 1, "second": 2, "third": 3}, {}, "params.reserved"),
        ("dice", {"first": 7, "second": 2, "third": 3, "reserved": 0}, {}, "params.first"),
        ("dice", {"first": 1, "second": 2, "third": 3, "reserved": "2"}, {}, "params.reserved"),
        ("dice", [], {}, "params"),
        ("position", {"player": 2}, {"target": "hex", "hex": "C6"}, "params.player"),
        ("position", {"player": 0}, {"target": "hex", "hex": "Z9"}, "target.hex"),
        ("position", {"player": 0}, {"target": "hex"}, "target.hex"),
        ("position", {"player": 0}, None, "target.hex"),
        ("guide", {"status": "locked"}, {"player": "0", "guide": "0"}, "params.status"),
        ("guide", {"status": "used"}, {"player": "0", "guide": "3"}, "target.guide"),
        ("guide", {"status": "used"}, {"player": "5", "guide": "0"}, "target.player"),
        ("turn", {}, {"target": "sheet", "player": "-1"}, "target.player"),
        ("hand", {"first": 0, "second": 1, "third": 12, "fourth": 0}, {"player": "0"},
         "params.fourth"),
        ("hand", {"first": 0, "second": 0, "third": 12, "fourth": 13}, {"player": "0"},
         "params.second"),
    ],
)  # fmt: skip
def test_bad_input_names_the_field(tool: Any, params: Any, target: Any, field: str) -> None:
    state = first_decision(2)
    before = state.to_json()
    with pytest.raises(PositionError) as error:
        edit(state, tool, params, target)
    assert error.value.field == field
    assert state.to_json() == before


def test_every_hex_of_the_picture_is_a_position_target() -> None:
    from solver.render import svg

    state = click(first_decision(1), "day", target="day", day=12)
    state = click(state, "dice", {"first": 1, "second": 2, "third": 3, "reserved": 2})
    picture = svg(state)
    for h in sorted(state.pack.land)[::9]:
        label = hx.label(h)
        assert f'data-hex="{label}"' in picture
        moved = click(state, "position", {"player": 0}, target="hex", hex=label)
        assert moved.sheets[0].position == h
