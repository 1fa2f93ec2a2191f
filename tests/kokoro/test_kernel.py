"""The numba kernel plays Kokoro exactly like the reference engine (``rules.py``, the oracle).

1. Differential games: seeded random games (1-8 players, both mat sides, every decree; uniform,
   "drawing" and "peeking" choices; the reference pack and custom packs of other sizes) driven on
   both backends with the same actions: at every step the same legal actions (or chance outcomes
   with their odds), the same player to move, the same returns and scores and the same
   ``to_json()``; at the end the same winners.
2. Conversion is exact both ways (reference -> array -> reference, array -> reference -> array).
3. The bitboard flood fill finds the same networks as the reference's space-by-space search, on
   random mats.
4. ``determinize`` draws again only a peeked sanctuary card the observer has not seen.
5. ``random_playout(s)``: reproducible, well-formed, and replayed move for move on the reference.
6. The heuristic stays in [0, 1] and equals ``returns`` at the end; ``state_hash`` tells positions
   apart.

Mismatches are reported with the seed, players, options and step. No timing assertions.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import numpy as np
import pytest

import solver
from solver import IllegalActionError
from solver.core.perft import walk
from solver.games.kokoro import actions as act
from solver.games.kokoro import convert
from solver.games.kokoro import kernel as K
from solver.games.kokoro import layout as L
from solver.games.kokoro import rules as R
from solver.games.kokoro.kernel_state import KernelState
from solver.games.kokoro.network import network
from tests.kernel_agreement import (
    Choose,
    check_conversion,
    check_heuristic_in_range,
    check_illegal_actions,
    check_playout_replays,
    check_position,
    check_random_playouts,
    distinct_hashes,
    play_both,
    uniform,
)
from tests.kokoro.builders import OPTIONS, make_pack

PLAYERS = range(1, 9)
GAMES_PER_CASE = 5  # 8 player counts x 5 option sets x 5 = 200 uniform games, and more below


@functools.cache
def games(
    players: int, side: str, decree: str | None, pack_json: str | None = None
) -> tuple[Any, Any]:
    pack = None if pack_json is None else json.loads(pack_json)
    options = {"players": players, "side": side, "decree": decree, "pack": pack}
    return solver.load_game("kokoro", **options), solver.load_game(
        "kokoro", backend="numba", **options
    )


def drawing(ref: Any, actions: list[int], rng: random.Random) -> int:
    """Draw whenever possible: mats fill up, networks grow, boxes climb."""
    draws = [a for a in actions if a != act.PEEK]
    return rng.choice(draws) if draws else act.PEEK


def peeking(ref: Any, actions: list[int], rng: random.Random) -> int:
    """Peek half of the time: several peekers per card, known cards revealed without chance."""
    return act.PEEK if rng.random() < 0.5 else rng.choice(actions)


def differential(players: int, side: str, decree: str | None, seed: int, choose: Choose = uniform,
                 pack_json: str | None = None) -> set[str]:  # fmt: skip
    rgame, kgame = games(players, side, decree, pack_json)
    label = f"seed={seed} players={players} side={side} decree={decree} policy={choose.__name__}"
    ref, ker = rgame.new_initial_state(), kgame.new_initial_state()
    return play_both(ref, ker, random.Random(seed), choose, label, check_position)


# -- 1. differential games -------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_match_the_reference(players: int) -> None:
    seen: set[str] = set()
    for k, (side, decree) in enumerate(OPTIONS):
        for g in range(GAMES_PER_CASE):
            seen |= differential(players, side, decree, 1000 * players + 10 * k + g)
    assert set(R.PHASES) <= seen, f"coverage: never met {sorted(set(R.PHASES) - seen)}"


@pytest.mark.parametrize("choose", [drawing, peeking])
def test_biased_games_match_the_reference(choose: Choose) -> None:
    for players in (1, 3, 8):
        for k, (side, decree) in enumerate(OPTIONS):
            differential(players, side, decree, 77 + k, choose)


def custom_pack(rows: int, columns: int, seed: int) -> dict[str, Any]:
    """A random mat of another size (sanctuaries, guardians and dice anywhere) and a short deck that
    runs out before the fifth round."""
    rng = random.Random(seed)
    n = rows * columns

    def side(kind: str) -> list[list[dict]]:
        spaces = [{} for _ in range(n)]
        special = rng.sample(range(n), 16 if kind == "pink" else 8)
        for letter, i in zip("ABCDEF", special):
            spaces[i]["sanctuary"] = letter
        for k, i in enumerate(special[6:]):
            spaces[i].update(
                {"guardian": ("lady", "lion")[k]} if kind == "blue" else {"die": k + 1}
            )
        for i in range(n):
            if "sanctuary" not in spaces[i]:
                spaces[i].update({"caterpillars": rng.randrange(8), "flowers": rng.randrange(8)})
        return [spaces[r * columns : (r + 1) * columns] for r in range(rows)]

    deck = [
        {"segment": rng.randrange(1, 7), "golden": rng.random() < 0.4}
        for _ in range(rng.randrange(5, 30))
    ]
    return {"name": f"custom{seed}", "mats": {"blue": {"spaces": side("blue")}, "pink": {"spaces": side("pink")}},
            "deck": deck}  # fmt: skip


@pytest.mark.parametrize("rows,columns", [(4, 4), (2, 8), (7, 8), (9, 7)])
def test_games_on_custom_packs_match_the_reference(rows: int, columns: int) -> None:
    """Other sizes (up to 63 spaces: the whole word but its sign bit), decks that run out."""
    pack_json = json.dumps(custom_pack(rows, columns, rows * 100 + columns))
    for players in (1, 2, 5):
        for k, (side, decree) in enumerate(OPTIONS):
            for choose in (uniform, drawing):
                differential(players, side, decree, 5 + k, choose, pack_json)


# -- 2. conversion ---------------------------------------------------------------------------------


@pytest.mark.parametrize("side,decree", OPTIONS)
def test_conversion_is_exact_both_ways(side: str, decree: str | None) -> None:
    rgame, _ = games(4, side, decree)
    for seed in range(6):
        for steps in (0, 7, 60, 150, 10_000):
            check_conversion(walk(rgame.new_initial_state(), steps, seed), convert)


# -- 3. the flood fill -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_the_flood_fill_finds_the_reference_networks(seed: int) -> None:
    """``network`` floods as the reference does, and ``network_known`` gives the same network when
    handed one found from another space (the space on it or not)."""
    rng = random.Random(seed)
    rows, columns = rng.choice([(7, 6), (3, 8), (9, 7), (8, 7)])
    ref = solver.load_game(
        "kokoro", players=1, pack=custom_pack(rows, columns, seed)
    ).new_initial_state()
    mat = ref.mat
    for _ in range(30):
        ref.paths[0] = [rng.choice([0, 0, 1, 2, 3, 4, 5, 6]) for _ in mat.spaces]
        s = convert.from_reference(ref)
        found = [K.network(s, 0, space) for space in range(len(mat.spaces))]
        for space in range(len(mat.spaces)):
            want = sum(1 << i for i in network(mat, ref.paths[0], space))
            assert found[space] == want, f"seed={seed} space={space} paths={ref.paths[0]}"
            assert K.network_known(s, 0, space, found[space]) == want
            known = found[rng.randrange(len(found))]  # the heuristic's shortcut: a network found before
            assert K.network_known(s, 0, space, known) == want, f"seed={seed} space={space} known={known:b}"
        assert K.network_known(s, 0, -1, found[0]) == 0  # no guardian placed


# -- 4. determinize --------------------------------------------------------------------------------


def peeked_state(players: int) -> KernelState:
    """A 3-card-in state where player 0 peeked at card D."""
    _, kgame = games(players, "blue", None)
    state = kgame.new_initial_state()
    state.apply_action(act.sanctuary_action("A"))
    state.apply_action(act.path_action(3, False))
    state.apply_action(act.PEEK)
    state.apply_action(act.sanctuary_action("D"))
    return state


def test_determinize_draws_again_only_a_card_the_observer_has_not_seen() -> None:
    state = peeked_state(3)
    s = state.array
    for observer in (0,):  # the peeker knows the card: nothing changes
        t = s.copy()
        K.determinize(t, observer, np.array([5], np.uint64))
        assert np.array_equal(t, s)
    drawn = set()
    for seed in range(200):
        t = s.copy()
        K.determinize(t, 1, np.array([seed], np.uint64))
        changed = np.flatnonzero(t != s).tolist()
        assert changed in ([], [L.NEXT_CARD])
        drawn.add("ABCDEF"[t[L.NEXT_CARD]])
    assert drawn == set("BCDEF")  # any card not revealed, never A
    t = s.copy()
    K.determinize(t, 2, np.array([9], np.uint64))
    again = s.copy()
    K.determinize(again, 2, np.array([9], np.uint64))
    assert np.array_equal(t, again), "determinize is not reproducible"


def test_determinize_without_a_peeked_card_changes_nothing() -> None:
    _, kgame = games(2, "pink", None)
    state = kgame.new_initial_state()
    for seed in range(20):
        t = state.array.copy()
        K.determinize(t, 1, np.array([seed], np.uint64))
        assert np.array_equal(t, state.array)


# -- 5. random playouts ----------------------------------------------------------------------------


def replay_step(ref: Any, rng: np.ndarray) -> int:
    """The kernel playout's choice at this node, on the reference engine."""
    if ref.phase == R.PATH:
        r = K.random_below(rng, sum(ref.deck.values()))
        for (segment, golden), n in ref.deck.items():
            if r < n:
                return act.path_action(segment, golden)
            r -= n
    actions = ref.legal_actions()
    return actions[K.random_below(rng, len(actions))]


@pytest.mark.parametrize("side,decree", OPTIONS)
def test_kernel_playouts_replay_on_the_reference(side: str, decree: str | None) -> None:
    for players in (1, 2, 6):
        rgame, kgame = games(players, side, decree)
        for seed in (1, 2):
            where = f"seed={seed} players={players} side={side} decree={decree}"
            check_playout_replays(rgame, kgame, seed, replay_step, where)


@pytest.mark.parametrize("players", [1, 3, 8])
def test_random_playouts_are_reproducible_and_well_formed(players: int) -> None:
    check_random_playouts(games(players, "blue", None)[1], players, 50)


def test_reference_random_playouts_are_well_formed() -> None:
    rgame, _ = games(2, "pink", "twin_guardians")
    steps, results = rgame.random_playouts(3, seed=2)
    assert (steps > 0).all() and np.allclose(results.sum(axis=1), 1.0)
    assert np.array_equal(rgame.random_playouts(3, seed=2)[0], steps)


# -- 6. heuristic and hash -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 4])
def test_the_heuristic_estimates_returns_in_range(players: int) -> None:
    check_heuristic_in_range(games(players, "pink", "harmony")[1], players, range(5))


def test_the_heuristic_prefers_connecting_this_round_s_sanctuary() -> None:
    """Solo, sanctuary A under way with ─ ─ on c2 and A: a ─ on the f1 next to A is worth more
    than a ─ far away."""
    _, kgame = games(1, "blue", None)
    state = kgame.new_initial_state()
    for a in (act.sanctuary_action("A"), act.path_action(5, False), act.DRAW + 2, act.path_action(5, False), act.DRAW + 3,
              act.path_action(5, False)):  # fmt: skip
        state.apply_action(a)
    out = np.zeros(8)
    values = {}
    for space in (4, 40):
        child = state.array.copy()
        K.apply_action(child, act.DRAW + space)
        K.heuristic(child, K.HEURISTIC_PARAMS, out)
        values[space] = out[0]
    assert values[4] > values[40]


def test_state_hash_tells_positions_apart() -> None:
    assert distinct_hashes(games(2, "blue", None)[1].new_initial_state(), 60, 1) == 61


def test_illegal_actions_on_numba_states_raise_and_change_nothing() -> None:
    state = games(3, "pink", None)[1].new_initial_state()
    check_illegal_actions(state, (-1, act.NUM_ACTIONS, act.PEEK, 0, 41, act.DIE + 1), seed=4)
    with pytest.raises(IllegalActionError):
        state.apply_action(act.PEEK)


def test_the_small_test_pack_plays_the_same() -> None:
    pack_json = json.dumps(make_pack())
    for players in (1, 4):
        for k, (side, decree) in enumerate(OPTIONS):
            differential(players, side, decree, 300 + k, drawing, pack_json)
