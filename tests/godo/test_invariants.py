"""GODŌ invariants: random games end, and every component stays accounted for at every step.

The invariants are re-checked from scratch at every step of seeded random games (1 to 5 players,
with and without the Sacred Specialties), from the position the state writes (``to_json``) and the
pack, using only ``geometry`` for the shape of the tiles -- never the engine's own placement code:

* 15 virtue tokens: supply + collected = 3 of each colour;
* 60 tiles, each exactly once on the grounds, in a hand, in the pile or removed;
* 5 Ensō tokens per player (+15 in the solo stock), each on a journal, on the grounds, removed,
  being placed or in the stock;
* one monk per intersection, every monk and Ensō token on an intersection;
* the grounds in one piece, no overlap, every leg lying on a leg of the same colour;
* sane hands (at most 3 tiles), chance outcomes summing to 1, sorted unique non-empty legal actions, returns in
  [0, 1] summing to 1 at a multiplayer end (0 before it).
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

import solver
from solver.core.play import random_step
from solver.games.godo import geometry as geo
from solver.games.godo.pack import COLOURS, NUM_TILES, load_pack

PACK = load_pack()
STEP_CAP = 5000  # a random game is a few hundred steps; a game that does not end is a bug
SEEDS = range(10)  # ten random games a configuration: the suite must fit in CI's 20 minutes
VIRTUE_TOKENS = 3
ENSO_PER_PLAYER = 5
SOLO_STOCK = 15
TRACK_LAST = 5


# -- independent checks -----------------------------------------------------------------------------


def _slots(pos: dict[str, Any]) -> dict[tuple[int, int, int], int]:
    slots: dict[tuple[int, int, int], int] = {}
    for entry in pos["grounds"]:
        assert entry["rotation"] in (0, 90, 180, 270), entry
        slot = (entry["x"], entry["y"], entry["rotation"] // 90)
        assert slot not in slots, f"two tiles in slot {slot}"
        slots[slot] = entry["tile"]
    return slots


def check_grounds(pos: dict[str, Any]) -> set[tuple[int, int]]:
    """The grounds are legal; returns the set of intersections."""
    slots = _slots(pos)
    # No overlap: a square holds one tile, or two of complementary rotations (long edge to long edge).
    by_square: dict[tuple[int, int], list[int]] = {}
    for x, y, r in slots:
        by_square.setdefault((x, y), []).append(r)
    for square, rots in by_square.items():
        assert len(rots) <= 2, f"square {square} holds {len(rots)} tiles"
        if len(rots) == 2:
            assert (rots[0] - rots[1]) % 4 == 2, f"overlapping tiles in square {square}: rotations {rots}"
    for x, y, _ in slots:
        assert geo.in_window(x, y)
    # Every leg lying on another leg has its colour; at most two legs per unit edge.
    legs: dict[Any, list[tuple[int, tuple[int, int, int]]]] = {}
    for slot, tile in slots.items():
        for e, colour in zip(geo.leg_edges(*slot), PACK.tiles[tile].legs):
            legs.setdefault(e, []).append((colour, slot))
    for e, on in legs.items():
        assert len(on) <= 2, f"{len(on)} legs on edge {e}"
        if len(on) == 2:
            (c1, s1), (c2, s2) = on
            assert c1 == c2, f"{COLOURS[c1]} leg of {s1} lies on {COLOURS[c2]} leg of {s2} along {e}"
    # In one piece: tiles join through a shared leg or a shared long edge (corners do not count).
    neighbours: dict[tuple[int, int, int], set[tuple[int, int, int]]] = {s: set() for s in slots}
    for on in legs.values():
        if len(on) == 2:
            neighbours[on[0][1]].add(on[1][1])
            neighbours[on[1][1]].add(on[0][1])
    for x, y, r in slots:
        other = (x, y, (r + 2) % 4)
        if other in slots:
            neighbours[(x, y, r)].add(other)
    if slots:
        start = next(iter(slots))
        seen, frontier = {start}, [start]
        while frontier:
            for n in neighbours[frontier.pop()]:
                if n not in seen:
                    seen.add(n)
                    frontier.append(n)
        assert len(seen) == len(slots), f"the grounds are in pieces: {len(seen)} of {len(slots)} tiles joined"
    return {p for slot in slots for p in geo.corner_points(*slot)}


def check_position(pos: dict[str, Any], players: int, solo: bool) -> None:
    """Every invariant of a full position (as ``to_json()`` writes it)."""
    # Virtue tokens.
    for c in COLOURS:
        assert pos["supply"][c] >= 0 and pos["collected"][c] >= 0, (c, pos["supply"], pos["collected"])
        assert pos["supply"][c] + pos["collected"][c] == VIRTUE_TOKENS, (c, pos["supply"], pos["collected"])
    # Tiles: each exactly once.
    tiles = [e["tile"] for e in pos["grounds"]] + [t for h in pos["hands"] for t in h]
    tiles += pos["pile"] + pos["removed"]
    assert sorted(tiles) == list(range(NUM_TILES)), "tiles not accounted for exactly once"
    # Hands.
    assert len(pos["hands"]) == players
    for hand in pos["hands"]:
        assert hand == sorted(hand)
        # At most 3: the first player's initiation draw, or a hand of 2 stuck (removed), 2 redrawn
        # that fit nowhere either (forfeited, kept), then the turn's draw of 1.
        assert len(hand) <= 3, pos["hands"]
    # Ensō tokens.
    journals = pos["journals"]
    assert len(journals) == players
    on_journals = 0
    for row in journals:
        assert set(row) == set(COLOURS)
        for value in row.values():
            assert value is None or 0 <= value <= TRACK_LAST, row
            on_journals += value is not None
    enso = [tuple(p) for p in pos["enso"]]
    assert len(set(enso)) == len(enso), "two Ensō tokens on one intersection"
    stock = pos.get("stock", 0)
    assert 0 <= stock <= SOLO_STOCK and pos["enso_removed"] >= 0
    being_placed = pos["turn"].get("enso_left", 0)
    total = on_journals + len(enso) + pos["enso_removed"] + being_placed + stock
    assert total == ENSO_PER_PLAYER * players + (SOLO_STOCK if solo else 0), (
        f"Ensō tokens: journals {on_journals} + grounds {len(enso)} + removed {pos['enso_removed']} "
        f"+ being placed {being_placed} + stock {stock} = {total}"
    )
    # Grounds, monks and tokens on intersections.
    points = check_grounds(pos)
    monks = [None if m is None else tuple(m) for m in pos["monks"]]
    assert len(monks) == players
    placed = [m for m in monks if m is not None]
    assert len(set(placed)) == len(placed), f"two monks on one intersection: {monks}"
    for m in placed:
        assert m in points, f"monk on {m}, not an intersection"
    for p in enso:
        assert p in points, f"Ensō token on {p}, not an intersection"
    if pos["stage"] != "initiation":
        assert None not in monks, "a monk is missing after the initiation"
    else:  # monks enter in seat order
        assert monks == placed + [None] * (players - len(placed))


def check_state(state: Any, game: Any) -> None:
    """The invariants of the state interface at one step."""
    players = game.players
    terminal = state.is_terminal()
    actions = state.legal_actions()
    returns = state.returns()
    assert len(returns) == players
    if terminal:
        assert state.current_player() == solver.TERMINAL
        assert actions == []
        assert all(0.0 <= r <= 1.0 for r in returns), returns
        if players > 1:
            assert math.isclose(sum(returns), 1.0), returns
        return
    assert returns == [0.0] * players, "returns before the end"
    assert actions, "no legal action at a non-terminal state"
    assert actions == sorted(set(actions)), "legal actions not sorted and unique"
    if state.is_chance_node():
        assert state.current_player() == solver.CHANCE
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == actions
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
    else:
        assert 0 <= state.current_player() < players
        assert state.chance_outcomes() == []


# -- the tests -------------------------------------------------------------------------------------


CONFIGS = [(players, variant) for players in range(1, 6) for variant in (False, True)]


@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=[f"p{p}-{'var' if v else 'std'}" for p, v in CONFIGS])
def test_random_games_end_and_keep_every_invariant(players: int, variant: bool) -> None:
    game = solver.load_game("godo", players=players, variant=variant)
    for seed in SEEDS:
        state = game.new_initial_state()
        rng = random.Random(seed)
        for step in range(STEP_CAP):
            where = f"players={players} variant={variant} seed={seed} step={step}"
            try:
                check_state(state, game)
                check_position(state.to_json(), players, solo=players == 1)
            except AssertionError as exc:
                raise AssertionError(f"{where}: {exc}") from exc
            if state.is_terminal():
                break
            state.apply_action(random_step(state, rng))
        else:
            pytest.fail(f"players={players} variant={variant} seed={seed}: no end after {STEP_CAP} steps")


def test_the_checks_catch_broken_positions() -> None:
    """The checks above are not vacuous: they reject a few broken positions."""
    game = solver.load_game("godo", players=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.to_json()["stage"] != "play" or len(state.to_json()["grounds"]) < 8:
        state.apply_action(random_step(state, rng))
    pos = state.to_json()
    check_position(pos, 3, solo=False)

    def broken(change: Any) -> dict[str, Any]:
        bad = json.loads(json.dumps(pos))
        change(bad)
        return bad

    cases = [
        lambda p: p["supply"].update(blue=2),
        lambda p: p["pile"].pop(),
        lambda p: p["journals"][0].update(blue=None),
        lambda p: p["monks"].__setitem__(1, p["monks"][0]),
        lambda p: p["monks"].__setitem__(0, [40, 40]),
        lambda p: p["grounds"].append({"tile": p["pile"].pop(), "x": 30, "y": 30, "rotation": 0}),
        lambda p: p["grounds"].append(  # overlaps grounds[0] in its square
            dict(p["grounds"][0], tile=p["pile"].pop(), rotation=(p["grounds"][0]["rotation"] + 90) % 360)
        ),
        lambda p: p["enso"].append([41, 41]),
    ]
    for change in cases:
        with pytest.raises(AssertionError):
            check_position(broken(change), 3, solo=False)


@pytest.mark.parametrize(("players", "variant"), [(1, False), (2, True), (4, False), (5, True)])
def test_same_seed_same_game(players: int, variant: bool) -> None:
    game = solver.load_game("godo", players=players, variant=variant)
    first = solver.play(game, "random", seed=11)
    again = solver.play(game, "random", seed=11)
    assert first.actions == again.actions
    assert first.returns == again.returns and first.scores == again.scores
    assert first.winners == again.winners and first.title == again.title
    assert solver.play(game, "random", seed=12).actions != first.actions
    # The record replays: the actions are legal in order and reach the same end.
    state = game.new_initial_state()
    for action in first.actions:
        state.apply_action(action)
    assert state.is_terminal() and state.returns() == first.returns
