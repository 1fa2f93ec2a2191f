"""The numba kernel plays KOI exactly like the reference engine (``rules.py``, the oracle).

1. Differential games: seeded random games (1-4 players; uniform, "working" and "buying" choices;
   the reference pack, the test pack and a pack with other numbers) driven on both backends with
   the same actions: at every step the same array as the reference converted, the same legal
   actions (or chance outcomes with their odds), player to move, returns, scores and
   ``to_json()``; at the end the same winners.
2. Conversion is exact both ways.
3. ``random_playout(s)`` is replayed move for move on the reference; ``random_playouts`` is
   reproducible and well formed.
4. ``determinize`` changes nothing (nothing is hidden); ``state_hash`` tells positions apart.
5. The heuristic stays in [0, 1] and equals ``returns`` at the end; at a capacity check it is the
   exact best storage the discards can keep (checked against every discard sequence).
6. Illegal actions raise and change nothing; ``check_array`` refuses arrays the kernel cannot run.
7. The searchers and the CLI play KOI on the kernel.

Mismatches are reported with the seed, players, pack and step. No timing assertions.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import numpy as np
import pytest

import solver
from solver import PositionError
from solver.cli import main
from solver.core.perft import walk
from solver.games.koi import actions as act
from solver.games.koi import convert
from solver.games.koi import kernel as K
from solver.games.koi import layout as L
from solver.games.koi import rules as R
from solver.games.koi.kernel_state import KernelState, check_array
from solver.games.koi.pond import SPRING, neighbours, parse_label
from tests.kernel_agreement import (
    Choose,
    check_agreement,
    check_conversion,
    check_converted,
    check_heuristic_in_range,
    check_illegal_actions,
    check_playout_replays,
    check_position,
    check_random_playouts,
    distinct_hashes,
    kernel_legal,
    play_both,
    uniform,
)
from tests.koi.builders import make_pack


def other_numbers() -> dict[str, Any]:
    """The test pack with other numbers: free small koi, dearer large ones, a storage of 3 that
    expansions barely help, 1 tile a Work, and cards giving 2 lilies and lanterns at once."""
    pack = make_pack(
        koi={"prices": [0, 2, 7], "points": [1, 4, 12], "supply": [[3, 1, 1], [4, 2, 2], [5, 3, 2], [6, 4, 3]]},
        storage={"capacity": 3, "expansion_hexes": 1}, work={"tiles": 1},
    )  # fmt: skip
    pack["name"] = "numbers"
    pack["deck"].append({"name": "Festival", "effect": {"kind": "gain", "lily": 2, "lantern": 2},
                         "copies": [3, 3, 3, 3]})  # fmt: skip
    return pack


PACKS = {"reference": None, "test": json.dumps(make_pack()), "numbers": json.dumps(other_numbers())}


@functools.cache
def games(players: int, pack: str = "reference") -> tuple[Any, Any]:
    source = None if PACKS[pack] is None else json.loads(PACKS[pack])
    return (solver.load_game("koi", players=players, pack=source),
            solver.load_game("koi", players=players, pack=source, backend="numba"))  # fmt: skip


def check_node(ref: Any, ker: KernelState, where: str, full: bool) -> list[int]:
    """Both backends agree on one position (the array as the reference converted; ``to_json``
    and scores if ``full``; then ``check_agreement``); returns its legal actions."""
    check_converted(ref, ker, convert, where)
    return check_position(ref, ker, where) if full else check_agreement(ref, ker, where)


def working(ref: Any, actions: list[int], rng: random.Random) -> int:
    """Work and place whenever possible: ponds fill, koi swim, storages empty."""
    placing = [a for a in actions if a == act.WORK or a >= act.PLACE]
    return rng.choice(placing) if placing else rng.choice(actions)


def buying(ref: Any, actions: list[int], rng: random.Random) -> int:
    """Buy koi whenever possible, and take space 4: koi supplies run out, coins run low."""
    buys = [a for a in actions if act.BUY <= a < act.PASS or a == act.MEDITATE + 3]
    return rng.choice(buys) if buys else rng.choice(actions)


def differential(players: int, seed: int, choose: Choose = uniform, pack: str = "reference",
                 full: bool = True) -> set[str]:  # fmt: skip
    """Drive both backends with the same actions to the end, checking every step (``to_json``
    and scores at every step if ``full``, else every 10th); returns the phases met."""
    rgame, kgame = games(players, pack)
    label = f"seed={seed} players={players} pack={pack} policy={choose.__name__}"

    def check(ref: Any, ker: KernelState, where: str, step: int) -> list[int]:
        return check_node(ref, ker, where, full or step % 10 == 0)

    ref, ker = rgame.new_initial_state(), kgame.new_initial_state()
    return play_both(ref, ker, random.Random(seed), choose, label, check)


# -- 1. differential games -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_match_the_reference(players: int) -> None:
    """50 uniform games per player count (to_json at every step in the first 10)."""
    seen: set[str] = set()
    for g in range(50):
        seen |= differential(players, 1000 * players + g, full=g < 10)
    assert set(R.PHASES) - {R.ORDER} <= seen, f"coverage: never met {set(R.PHASES) - seen}"


def test_biased_games_match_the_reference() -> None:
    seen: set[str] = set()
    for choose in (working, buying):
        for players in (1, 2, 4):
            for g in range(12):
                seen |= differential(players, 77 + g, choose, full=g < 3)
    assert set(R.PHASES) <= seen, f"coverage: never met {set(R.PHASES) - seen}"


@pytest.mark.parametrize("pack", ["test", "numbers"])
def test_games_on_other_packs_match_the_reference(pack: str) -> None:
    for players in (1, 3):
        for choose in (uniform, working, buying):
            for g in range(6):
                differential(players, 500 + g, choose, pack, full=g < 2)


# -- 2. conversion ---------------------------------------------------------------------------------


@pytest.mark.parametrize("pack", list(PACKS))
def test_conversion_is_exact_both_ways(pack: str) -> None:
    rgame, _ = games(3, pack)
    for seed in range(4):
        for steps in (0, 9, 60, 150, 10_000):
            check_conversion(walk(rgame.new_initial_state(), steps, seed), convert)


def test_positions_read_on_the_numba_backend_are_the_reference_s() -> None:
    rgame, kgame = games(2)
    ref = walk(rgame.new_initial_state(), 70, 3)
    ker = kgame.state_from_json(ref.to_json())
    assert isinstance(ker, KernelState) and ker.to_json() == ref.to_json()
    assert ker.legal_actions() == ref.legal_actions() and str(ker) == str(ref)


# -- 3. random playouts ----------------------------------------------------------------------------


def replay_step(ref: Any, rng: np.ndarray) -> int:
    """The kernel playout's choice at this node, on the reference engine."""
    if ref.is_chance_node():
        r = K.random_below(rng, sum(ref.deck))
        for kind, n in enumerate(ref.deck):
            if r < n:
                return act.FLIP + kind
            r -= n
    actions = ref.legal_actions()
    return actions[K.random_below(rng, len(actions))]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_kernel_playouts_replay_on_the_reference(players: int) -> None:
    rgame, kgame = games(players)
    for seed in (1, 2, 3):
        check_playout_replays(rgame, kgame, seed, replay_step, f"seed={seed} players={players}")


@pytest.mark.parametrize("players", [1, 3])
def test_random_playouts_are_reproducible_and_well_formed(players: int) -> None:
    rgame, kgame = games(players)
    steps = check_random_playouts(kgame, players, 200)
    ref_steps, _ = rgame.random_playouts(5, seed=3)
    assert (ref_steps > 0).all() and abs(ref_steps.mean() - steps.mean()) < 40


# -- 4. determinize and hash -----------------------------------------------------------------------


def test_determinize_changes_nothing_and_the_hash_tells_positions_apart() -> None:
    _, kgame = games(2)

    def unchanged_by_determinize(state: KernelState) -> None:
        t = state.array.copy()
        K.determinize(t, 1, np.array([7], np.uint64))
        assert np.array_equal(t, state.array)

    assert distinct_hashes(kgame.new_initial_state(), 80, 1, unchanged_by_determinize) == 81


def random_game_states(players: int, seed: int, choose: Choose = uniform) -> list[np.ndarray]:
    """Every state of one random kernel game, chance included."""
    state, rng = games(players)[1].new_initial_state(), random.Random(seed)
    states = [state.array.copy()]
    while not state.is_terminal():
        state.apply_action(choose(state, state.legal_actions(), rng))
        states.append(state.array.copy())
    return states


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_copy_state_gives_the_source_whatever_the_destination_held(players: int) -> None:
    """The searchers' ``copy_state`` leaves the pack, and the words of players not in the game,
    as they are: states of one random game copied onto each other."""
    states, rng = random_game_states(players, seed=players), random.Random(1)
    for _ in range(200):
        i, j = rng.randrange(len(states)), rng.randrange(len(states))
        dst = states[i].copy()
        K.copy_state(dst, states[j])
        assert np.array_equal(dst, states[j]), f"players={players}: state {j} onto {i}"


# -- 5. the heuristic ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 4])
def test_the_heuristic_estimates_returns_in_range(players: int) -> None:
    check_heuristic_in_range(games(players)[1], players, range(4))


def test_goal_points_read_every_goal_card_held() -> None:
    """The heuristic's goal points per feature (``goal_cards``, then ``goal_points``) are the
    cards' points summed over the goal cards a player holds, read plainly."""
    held = 0
    for seed in range(4):
        for s in random_game_states(2, seed, buying)[::5]:
            for p in range(2):
                cards = s[L.PLAYER_BASE + L.PLAYER_WORDS * p + L.CARDS :]
                goals = [k for k in range(s[L.KINDS]) if s[L.EFFECT + k] == L.FX_GOAL and cards[k]]
                held += bool(goals)
                for code in range(L.F_LARGE + 1):
                    want = sum(cards[k] * s[L.POINTS + k] for k in goals if s[L.PER + k] == code)
                    assert K.goal_points(s, p, K.goal_cards(s, p), code) == want, (seed, p, code)
    assert held > 10, "coverage: few positions with a goal card held"


def keeps_by_every_sequence(state: KernelState) -> dict[tuple[int, ...], float]:
    """Every storage the discards can end on, by trying every discard in turn (no cleverness),
    with its ``estimate``."""
    found: dict[tuple[int, ...], float] = {}
    p = int(state.array[L.TO_MOVE])
    store = L.PLAYER_BASE + L.PLAYER_WORDS * p + L.STORAGE

    def go(s: np.ndarray) -> None:
        if s[L.PHASE] != L.PH_DISCARD or s[L.TO_MOVE] != p:
            counts = tuple(int(n) for n in s[store : store + 6])
            found[counts] = K.estimate(state.array, p, K.HEURISTIC_PARAMS, *counts)
            return
        for action in kernel_legal(K, s):
            child = s.copy()
            K._step(child, action)  # one discard, without the engine's own only-answer
            go(child)

    go(state.array.copy())
    return found


def discard_states(seed: int) -> list[KernelState]:
    """Capacity checks met in random games that fill storages (never working)."""
    _, kgame = games(1)
    found, rng = [], random.Random(seed)
    state = kgame.new_initial_state()
    while not state.is_terminal():
        if state.phase == R.DISCARD:
            found.append(state.clone())
        legal = [a for a in state.legal_actions() if a != act.WORK] or state.legal_actions()
        state.apply_action(rng.choice(legal))
    return found


def test_at_a_capacity_check_the_heuristic_keeps_the_exact_best_storage() -> None:
    checked = 0
    for seed in range(6):
        for state in discard_states(seed):
            keeps = keeps_by_every_sequence(state)
            value, counts = K.best_keep(state.array, K.HEURISTIC_PARAMS)
            best = tuple(int(counts) >> (8 * k) & 0xFF for k in range(6))
            assert value == max(keeps.values()) and keeps[best] == value, (seed, keeps, best)
            checked += 1
    assert checked >= 20


def test_greedy_discards_towards_the_best_storage() -> None:
    """One discard deep, the greedy baseline ends on ``best_keep``'s storage (solo: the storage
    stays as the discards leave it until the next turn)."""
    from solver.search.agents import GreedyAgent

    store = L.PLAYER_BASE + L.STORAGE
    for state in discard_states(2)[:8]:
        _, counts = K.best_keep(state.array, K.HEURISTIC_PARAMS)
        while state.phase == R.DISCARD:
            state.apply_action(GreedyAgent().step(state))
        kept = state.array[store : store + 6].tolist()
        assert kept == [int(counts) >> (8 * k) & 0xFF for k in range(6)]


def test_the_heuristic_prefers_a_koi_next_to_a_water_lily() -> None:
    """Solo, a stored small koi, two water hexes next to the spring, one of them next to a lily:
    the koi is worth more there."""
    rgame, _ = games(1)
    ref = rgame.new_initial_state()
    for kind in range(5):
        ref.apply_action(act.FLIP + kind)
    lily = parse_label("D4")
    near, far = (
        (c for c in neighbours(SPRING) if c in neighbours(lily) and c != lily),
        parse_label("F5"),
    )
    near = next(near)
    assert far not in neighbours(lily)
    ref.ponds[0][near] = ref.ponds[0][far] = R.WATER
    ref.ponds[0][lily] = R.LILY
    ref.supply["water"] -= 2
    ref.supply["lily"] -= 1
    ref.storage[0][act.STORED.index("small")] = 1
    ref.koi_supply[0] -= 1
    state = KernelState.from_reference(ref)
    out, values = np.zeros(8), {}
    for cell in (near, far):
        child = state.array.copy()
        K.apply_action(child, act.WORK)
        K.apply_action(child, act.place("small", cell))
        K.heuristic(child, K.HEURISTIC_PARAMS, out)
        values[cell] = out[0]
    assert values[near] > values[far]


# -- 6. illegal actions and bad arrays -------------------------------------------------------------


def test_illegal_actions_on_numba_states_raise_and_change_nothing() -> None:
    bad = (-1, act.NUM_ACTIONS, act.WORK, act.PASS, act.FLIP, 0, 300)
    check_illegal_actions(games(3)[1].new_initial_state(), bad, seed=4)


def test_check_array_refuses_arrays_the_kernel_cannot_run() -> None:
    rgame, kgame = games(2)
    base = convert.from_reference(walk(rgame.new_initial_state(), 40, 1))
    check_array(base)
    for index, value, word in ((L.TO_MOVE, 3, "to_move"), (L.MARKET + 1, 31, "market[1]"),
                               (L.PLAYERS, 9, "players"), (L.DECK + 30, 1, "deck[30]")):  # fmt: skip
        bad = base.copy()
        bad[index] = value
        with pytest.raises(PositionError, match=word.replace("[", r"\[")):
            check_array(bad)
    with pytest.raises(PositionError, match="match the pack"):
        other = convert.from_reference(walk(games(2, "numbers")[0].new_initial_state(), 40, 1))
        KernelState(other, kgame.pack)


# -- 7. the searchers and the CLI ------------------------------------------------------------------


@pytest.mark.parametrize(
    "algorithm,budget", [("mcts", {"iterations": 50}), ("expectimax", {"depth": 1})]
)
def test_best_move_plays_a_whole_koi_turn(algorithm: str, budget: dict[str, int]) -> None:
    for backend in ("reference", "numba"):
        state = solver.load_game("koi", players=2, backend=backend).new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        decision = solver.best_move(state, algorithm, seed=1, workers=1, **budget)
        assert decision.actions and decision.actions[0] in state.legal_actions()
        assert decision.steps[0].startswith(("meditate", "work"))


def test_the_cli_plays_a_solo_game_to_the_end_on_the_kernel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "koi", "--players", "1", "--agents", "mcts:iterations=200", "--seed", "1",
            "--backend", "numba", "--json"]  # fmt: skip
    assert main(argv) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["steps"] > 50 and record["scores"][0] > 20
