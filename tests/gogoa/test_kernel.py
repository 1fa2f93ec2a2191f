"""The numba kernel plays Go Goa exactly like the reference engine (``rules.py``, the oracle).

The two compute a day's moves differently: the reference walks every route step by step
(``moves.routes``), the kernel shifts frontier bitboards. So:

1. Differential games: seeded random games (1-6 players: 216 on the reference map; more with a
   policy that hunts Local Guides; more on random maps with sea everywhere, which force the
   fallbacks and stuck players) are driven on both backends with the same actions; at every step
   both give the same legal actions (or chance outcomes), player to move, turn start and
   ``to_json()``, and the kernel's array is exactly the conversion of the reference state; at
   the end the same returns, scores, winners and solo title.
2. ``random_playouts``: the same seed plays the same games on both backends.
3. Typed positions read the same on both backends.
4. ``determinize`` deals again only what the observer cannot see.
5. ``heuristic`` and ``state_hash`` behave.

No timing assertions. Mismatches name the seed, players, step and phase.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import numpy as np
import pytest

import solver
from solver import UnknownGameError
from solver.core.play import random_step
from solver.games.gogoa import actions as act
from solver.games.gogoa import convert
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa import kernel as K
from solver.games.gogoa import layout as L
from solver.games.gogoa import moves as mv
from tests.gogoa.builders import CORNER, pack_dict
from tests.kernel_agreement import (
    Choose,
    check_converted,
    check_position,
    play_both,
    uniform,
)

GAMES_PER_COUNT = 36  # x 6 player counts = 216 games on the reference map
PLAYERS = range(1, 7)


@functools.cache
def games(players: int, pack_json: str | None = None) -> tuple[Any, Any]:
    pack = None if pack_json is None else json.loads(pack_json)
    return (
        solver.load_game("gogoa", players=players, pack=pack),
        solver.load_game("gogoa", players=players, pack=pack, backend="numba"),
    )


def check_node(ref: Any, ker: Any, where: str, step: int = 0) -> list[int]:
    """Both backends agree on one position (the array as the reference converted, then
    ``check_position``); returns its legal actions (or outcome actions)."""
    check_converted(ref, ker, convert, where)
    return check_position(ref, ker, where)


def guide_hunter(ref: Any, actions: list[int], rng: random.Random) -> int:
    """Head for the guide beaches and spend guides freely: the rarer paths of the rules."""
    if ref.phase != "move":
        return rng.choice(actions)
    beaches = set(ref.pack.guides)
    spend = [a for a in actions if a != act.STAY and act.decode_move(a)[1] > 0]
    reach = [a for a in actions if a != act.STAY and act.decode_move(a)[0] in beaches]
    return rng.choice(spend or reach or actions) if rng.random() < 0.8 else rng.choice(actions)


def differential(players: int, seed: int, choose: Choose = uniform, pack_json: str | None = None,
                 seen: dict[str, int] | None = None) -> Any:  # fmt: skip
    """One game on both backends, checked at every step; counts what the moves met in ``seen``;
    returns the final reference state."""
    rgame, kgame = games(players, pack_json)
    ref, ker = rgame.new_initial_state(), kgame.new_initial_state()
    label = f"seed={seed} players={players}" + (" random map" if pack_json else "")

    def check(ref: Any, ker: Any, where: str, step: int) -> list[int]:
        actions = check_node(ref, ker, where)
        if seen is not None and ref.phase == "reserve":
            refused = len(actions) < len(set(ref.dice))  # a die that would lead out of Goa
            seen["refused reserve"] = seen.get("refused reserve", 0) + refused
        if seen is not None and ref.phase == "move":
            level, best, stuck = ref.day_moves()
            seen[f"level {level}"] = seen.get(f"level {level}", 0) + 1
            seen["stuck"] = seen.get("stuck", 0) + stuck
            seen["guided"] = seen.get("guided", 0) + any(w.cost for w in best.values())
        return actions

    play_both(ref, ker, random.Random(seed), choose, label, check, max_steps=1000)
    return ref


# -- 1. differential games ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_match_the_reference(players: int) -> None:
    seen: dict[str, int] = {}
    for g in range(GAMES_PER_COUNT):
        differential(players, 1000 * players + g, seen=seen)
    assert seen.get("level 1") and seen.get("guided"), f"coverage: {seen}"


@pytest.mark.parametrize("players", PLAYERS)
def test_guide_hunting_games_match_the_reference(players: int) -> None:
    spent = 0
    for g in range(4):
        ref = differential(players, 500 + 10 * players + g, guide_hunter)
        spent += sum(len(s.used) for s in ref.sheets)
    assert spent, "coverage: no guide was ever spent"


def random_map(seed: int) -> str:
    """A map with sea everywhere: a random third to two thirds of the grid is land."""
    rng = random.Random(seed)
    density = rng.uniform(0.3, 0.65)
    land = {hx.label(h) for h in range(hx.CELLS) if rng.random() < density}
    free = sorted(land - {label for _, label in CORNER.values()} - {"F8"})
    extra = {
        f"Place {i}": (rng.choice(("beach", "fort", "waterfall")), label)
        for i, label in enumerate(rng.sample(free, 8))
    }
    return json.dumps(pack_dict(land=land, extra=extra))


def test_random_maps_match_the_reference() -> None:
    """Sea everywhere: the fallback levels, stuck players and guided escapes all happen."""
    seen: dict[str, int] = {}
    for m in range(12):
        pack_json = random_map(m)
        for players in (1, 2, 4, 6):
            differential(
                players, 77 * m + players, guide_hunter if m % 2 else uniform, pack_json, seen
            )
    for key in ("level 1", "level 2", "level 3", "level 4", "stuck", "guided", "refused reserve"):
        assert seen.get(key), f"coverage: the random maps never met {key!r}: {seen}"


def test_words_and_conversion_on_both_backends() -> None:
    """Words for every legal action agree; reference -> array -> reference is exact."""
    rgame, kgame = games(3)
    ref = rgame.new_initial_state()
    rng = random.Random(3)
    while not ref.is_terminal():
        ker = kgame.state_from_json(ref.to_json())
        assert np.array_equal(ker.array, convert.from_reference(ref))
        back = convert.to_reference(ker.array, ref.pack)
        assert back.to_json() == ref.to_json() and back.to_json(1) == ref.to_json(1)
        for a in ref.legal_actions():
            assert ker.action_to_string(a) == ref.action_to_string(a)
        ref.apply_action(random_step(ref, rng))


# -- 2. playouts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 5])
def test_random_playouts_are_the_same_games_on_both_backends(players: int) -> None:
    rgame, kgame = games(players)
    ref_steps, ref_returns = rgame.random_playouts(12, seed=players)
    ker_steps, ker_returns = kgame.random_playouts(12, seed=players)
    assert np.array_equal(ref_steps, ker_steps) and np.allclose(ref_returns, ker_returns)
    again = kgame.random_playouts(12, seed=players)
    assert np.array_equal(again[0], ker_steps) and np.allclose(again[1], ker_returns)
    assert np.all(ker_steps == 4 * players + players + 12 * (2 + players))
    assert np.all((ker_returns >= 0) & (ker_returns <= 1))
    if players > 1:
        assert np.allclose(ker_returns.sum(axis=1), 1.0)


# -- 3. typed positions ------------------------------------------------------------------------------


def test_typed_positions_read_the_same_on_both_backends() -> None:
    rgame, kgame = games(2)
    obj = {
        "game": "gogoa", "players": 2, "phase": "move", "day": 5, "to_move": 0,
        "dice": [2, 5, 5], "reserved": 5,
        "sheets": [
            {"position": "Colva", "visited": ["Colva", "Calangute"], "plans": [0, 20],
             "guides": {"Calangute": "used", "Colva": "unlocked"}},
            {"position": "Teracol", "visited": ["Teracol"], "plans": [4, 30]},
        ],
    }  # fmt: skip
    ref, ker = rgame.state_from_json(obj, seed=2), kgame.state_from_json(obj, seed=2)
    assert ref.to_json() == ker.to_json()
    assert ref.legal_actions() == ker.legal_actions()
    for _ in range(2):
        action = ref.legal_actions()[-1]
        ref.apply_action(action)
        ker.apply_action(action)
        assert ref.to_json() == ker.to_json()
    with pytest.raises(solver.PositionError):
        kgame.state_from_json(dict(obj, dice=[2, 5]))


@pytest.mark.parametrize(
    ("pack", "players", "sheets", "dice", "reserved", "to_move", "day", "reserves"),
    [  # the fallback fixes of issue 16 (see test_rules_moves.py)
        (None, 1, [("Teracol", ["Teracol"])], [2, 6, 6], 6, 0, 3, [2]),
        (None, 2, [("Start Here", []), ("J2", [])], [1, 6, 6], 1, 1, 5, [1, 6]),
        ("strip", 2, [("F8", ["Calangute"]), ("F8", [])], [1, 2, 3], 2, 0, 3, [1, 2, 3]),
        ("strip", 2, [("F8", []), ("F8", [])], [1, 2, 3], 3, 0, 3, [1]),
    ],
)
def test_fallback_positions_read_the_same_on_both_backends(
    pack: str | None, players: int, sheets: list[tuple[str, list[str]]], dice: list[int],
    reserved: int, to_move: int, day: int, reserves: list[int],
) -> None:  # fmt: skip
    """The level decided over every reserve, the reserves refused (or allowed by a guide), any two
    dice at the last level: the same moves, reserves and words on both backends."""
    land = {f"F{r}" for r in range(1, 17)}
    pack_json = None if pack is None else json.dumps(
        pack_dict(land=land, extra={"Calangute": ("beach", "F3")}))  # fmt: skip
    rgame, kgame = games(players, pack_json)
    obj = {"game": "gogoa", "players": players, "phase": "move", "day": day, "to_move": to_move,
           "dice": dice, "reserved": reserved,
           "sheets": [{"position": at, "visited": seen, "plans": [p, 12 + p]}
                      for p, (at, seen) in enumerate(sheets)]}  # fmt: skip
    for phase in ("move", "reserve"):
        if phase == "reserve":
            obj.update(phase="reserve", reserved=None, to_move=(day - 1) % players)
        ref, ker = rgame.state_from_json(obj, seed=1), kgame.state_from_json(obj, seed=1)
        assert ref.legal_actions() == ker.legal_actions(), phase
        if phase == "reserve":
            assert ker.legal_actions() == [act.RESERVE + v - 1 for v in reserves]
        for a in ref.legal_actions():
            assert ker.action_to_string(a) == ref.action_to_string(a)


# -- 4. determinize ----------------------------------------------------------------------------------


def test_determinize_deals_again_only_the_unseen_cards() -> None:
    rgame, kgame = games(4)
    ref = rgame.new_initial_state()
    rng = random.Random(8)
    while ref.phase == "deal" or (ref.phase == "keep" and ref.to_move < 2):
        ref.apply_action(rng.choice(ref.legal_actions()))
    base = kgame.state_from_json(ref.to_json())
    changed = set()
    for k in range(20):
        s = base.array.copy()
        K.determinize(s, 1, np.array([k], np.uint64))
        again = base.array.copy()
        K.determinize(again, 1, np.array([k], np.uint64))
        assert np.array_equal(s, again)  # reproducible
        assert s[L.DEALT + 1] == base.array[L.DEALT + 1]  # the observer's own hand
        everything = s[L.UNDEALT]
        for p in range(4):
            assert s[L.KEPT + p] == base.array[L.KEPT + p]  # kept plans are face up
            assert s[L.KEPT + p] & ~s[L.DEALT + p] == 0
            hand = convert.cards(int(s[L.DEALT + p]))
            assert len(hand) == 4 and sum(c in ref.pack.deck(0) for c in hand) == 2
            assert everything & s[L.DEALT + p] == 0
            everything |= s[L.DEALT + p]
        assert everything == (1 << len(ref.pack.plans)) - 1
        assert np.array_equal(np.delete(s, [L.UNDEALT, L.DEALT, L.DEALT + 2, L.DEALT + 3]),
                              np.delete(base.array, [L.UNDEALT, L.DEALT, L.DEALT + 2, L.DEALT + 3]))  # fmt: skip
        changed.add(int(s[L.DEALT + 3]))
        kgame.state_from_json(convert.to_reference(s, ref.pack).to_json())  # still a valid position
    assert len(changed) > 1


# -- 5. the searchers' helpers ---------------------------------------------------------------------------


def test_heuristic_is_a_returns_estimate() -> None:
    out = np.zeros(8)
    for players in (1, 3):
        _, kgame = games(players)
        state = kgame.new_initial_state()
        rng = random.Random(players)
        while True:
            K.heuristic(state.array, K.HEURISTIC_PARAMS, out)
            values = out[:players]
            assert np.all((values >= 0) & (values <= 1)), values
            if players > 1:
                assert values.sum() == pytest.approx(1.0)
            if state.is_terminal():
                assert values.tolist() == pytest.approx(state.returns())
                break
            if players == 1 and state.phase == "move":
                assert values[0] >= state.scores()[0] / 300 - 1e-9
            state.apply_action(rng.choice(state.legal_actions()))


def test_heuristic_prefers_more_souvenirs_and_plans_in_reach() -> None:
    _, kgame = games(1)
    obj = {"game": "gogoa", "players": 1, "phase": "move", "day": 6, "to_move": 0, "dice": [1, 2, 3], "reserved": 2,
           "sheets": [{"position": "Old Goa", "visited": ["Old Goa"], "plans": [0, 12]}]}  # fmt: skip
    out = np.zeros(8)
    K.heuristic(kgame.state_from_json(obj).array, K.HEURISTIC_PARAMS, out)
    fewer = out[0]
    obj["sheets"][0]["visited"] = ["Old Goa", "Colva", "Mahadev"]
    K.heuristic(kgame.state_from_json(obj).array, K.HEURISTIC_PARAMS, out)
    assert out[0] > fewer


def test_state_hash_follows_the_game_not_the_copy() -> None:
    _, kgame = games(2)
    state = kgame.new_initial_state()
    rng = random.Random(4)
    hashes = set()
    for _ in range(30):
        h = K.state_hash(state.array)
        assert K.state_hash(state.clone().array) == h
        hashes.add(h)
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(hashes) == 30


def test_backends_and_options() -> None:
    with pytest.raises(UnknownGameError, match="backend"):
        solver.load_game("gogoa", backend="c")
    with pytest.raises(UnknownGameError, match="players"):
        solver.load_game("gogoa", players=7)
    assert solver.backends("gogoa") == ["reference", "numba"]
    state = games(2)[1].new_initial_state()
    assert state.kernel_state() is state and state.backend == "numba"
    assert mv.LEVELS == (1, 2, 3, 4)
