"""The C kernels (``csrc/godo``, loaded by ``solver.games.godo.ckernel``) play exactly like the numba
kernel (``kernel.py``): same legal actions and chance outcomes in the same order, the same whole
state array after every action (content table included), the same returns, the same seeded
playouts, determinizations, heuristic values and hashes; bad calls raise ValueError.

Skipped when the extension is not built (``python solver/games/godo/ckernel.py``).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import solver
from solver.core.perft import divide, walk
from solver.games.godo import actions as act
from solver.games.godo import ckernel as C
from solver.games.godo import kernel as K
from solver.games.godo import layout as L

try:
    C.load()
except ImportError as exc:  # pragma: no cover - depends on the build
    pytest.skip(f"the GODŌ C kernels are not built ({exc})", allow_module_level=True)

GAMES = 200
PLAYOUT_GAMES = 50


def initial(players: int, variant: bool) -> np.ndarray:
    return (
        solver.load_game("godo", players=players, variant=variant, backend="numba")
        .new_initial_state()
        .array.copy()
    )


def config(seed: int) -> tuple[int, bool]:
    return 1 + seed % 5, bool((seed // 5) % 2)


def legal_numba(s: np.ndarray) -> list[int]:
    out = np.empty(K.BUFFER, np.int64)
    return out[: K.legal_actions(s, out)].tolist()


def legal_c(s: np.ndarray) -> list[int]:
    out = np.empty(C.BUFFER, np.int64)
    return out[: C.legal_actions(s, out)].tolist()


def chance_numba(s: np.ndarray) -> tuple[list[int], list[float]]:
    a, p = np.empty(act.NUM_ACTIONS, np.int64), np.empty(act.NUM_ACTIONS, np.float64)
    n = K.chance_outcomes(s, a, p)
    return a[:n].tolist(), p[:n].tolist()


def chance_c(s: np.ndarray) -> tuple[list[int], list[float]]:
    a, p = np.empty(act.NUM_ACTIONS, np.int64), np.empty(act.NUM_ACTIONS, np.float64)
    n = C.chance_outcomes(s, a, p)
    return a[:n].tolist(), p[:n].tolist()


def returns_of(module, s: np.ndarray) -> list[float]:
    out = np.zeros(L.MAX_PLAYERS, np.float64)
    module.returns(s, out)
    return out[: int(s[L.PLAYERS])].tolist()


def heuristic_of(module, s: np.ndarray) -> list[float]:
    out = np.zeros(L.MAX_PLAYERS, np.float64)
    module.heuristic(s, K.HEURISTIC_PARAMS, out)
    return out[: int(s[L.PLAYERS])].tolist()


def where(seed: int, step: int, s: np.ndarray) -> str:
    return f"seed {seed}, players {int(s[L.PLAYERS])}, variant {int(s[L.VARIANT])}, step {step}, phase {L.PHASES[int(s[L.PHASE])]}"


def play_both(seed: int, checkpoints: list | None = None) -> None:
    """Drive a seeded game on both kernels with the same actions, comparing everything each step."""
    players, variant = config(seed)
    rnd = random.Random(seed)
    restless = seed % 3 == 0  # avoid passing when something else is possible: longer turns
    a, b = initial(players, variant), initial(players, variant)
    step = 0
    while True:
        assert np.array_equal(a, b), (
            f"arrays differ at {where(seed, step, a)}: words {np.flatnonzero(a != b)[:10]}"
        )
        assert K.current_player(a) == C.current_player(b), where(seed, step, a)
        assert K.is_terminal(a) == C.is_terminal(b), where(seed, step, a)
        assert K.state_hash(a) == C.state_hash(b), where(seed, step, a)
        assert heuristic_of(K, a) == heuristic_of(C, b), where(seed, step, a)
        if K.is_terminal(a):
            break
        if int(a[L.PHASE]) == L.PH_DRAW:
            ca, cb = chance_numba(a), chance_c(b)
            assert ca == cb, where(seed, step, a)
            assert legal_numba(a) == legal_c(b), where(seed, step, a)
            action = rnd.choice(ca[0])
        else:
            la, lb = legal_numba(a), legal_c(b)
            assert la == lb, where(seed, step, a)
            assert la, f"no legal action at {where(seed, step, a)}"
            assert chance_c(b) == ([], []), where(seed, step, a)
            choices = [x for x in la if x != act.PASS] if restless and len(la) > 1 else la
            action = rnd.choice(choices)
            if checkpoints is not None and rnd.random() < 0.05:
                checkpoints.append(a.copy())
        K.apply_action(a, action)
        C.apply_action(b, action)
        step += 1
    assert returns_of(K, a) == returns_of(C, b), where(seed, step, a)


@pytest.mark.parametrize("block", range(10))
def test_differential_games(block: int) -> None:
    for seed in range(block * GAMES // 10, (block + 1) * GAMES // 10):
        play_both(seed)


@pytest.mark.parametrize("players,variant,steps", [(2, False, 40), (3, True, 25), (1, False, 60)])
def test_perft_counts_match(players: int, variant: bool, steps: int) -> None:
    """The same perft counts (split by first action) on the three backends after seeded walks."""
    for seed in range(3):
        counts = []
        for backend in ("reference", "numba", "c"):
            game = solver.load_game("godo", players=players, variant=variant, backend=backend)
            counts.append(divide(walk(game.new_initial_state(), steps, seed), 2))
        assert sum(counts[0].values()) > 1 and counts[0] == counts[1] == counts[2], f"seed {seed}"


def test_constants_match_numba() -> None:
    assert (C.CHANCE, C.TERMINAL, C.BUFFER) == (K.CHANCE, K.TERMINAL, K.BUFFER)
    assert np.array_equal(C.HEURISTIC_PARAMS, K.HEURISTIC_PARAMS)
    lib = C.load().lib
    assert lib.godo_state_size() == L.SIZE and lib.godo_num_actions() == act.NUM_ACTIONS


def test_rng_matches_numba() -> None:
    ra, rb = np.array([12345], np.uint64), np.array([12345], np.uint64)
    for n in (1, 2, 3, 7, 60, 1000, 2**40):
        assert K.next_random(ra) == C.next_random(rb)
        assert K.random_below(ra, n) == C.random_below(rb, n)
    assert ra[0] == rb[0]


def test_seeded_random_playouts_match() -> None:
    for seed in range(PLAYOUT_GAMES):
        players, variant = config(seed)
        a = initial(players, variant)
        if seed % 2:  # from a position some way into the game
            rnd = random.Random(seed)
            for _ in range(rnd.randrange(5, 60)):
                if K.is_terminal(a):
                    break
                if int(a[L.PHASE]) == L.PH_DRAW:
                    action = rnd.choice(chance_numba(a)[0])
                else:
                    action = rnd.choice(legal_numba(a))
                K.apply_action(a, action)
        b = a.copy()
        ra = np.array([seed * 7919 + 1], np.uint64)
        rb = ra.copy()
        sa, sb = K.random_playout(a, ra), C.random_playout(b, rb)
        assert sa == sb, f"seed {seed}: {sa} vs {sb} steps"
        assert np.array_equal(a, b), (
            f"seed {seed}: final arrays differ at {np.flatnonzero(a != b)[:10]}"
        )
        assert ra[0] == rb[0], f"seed {seed}"
        assert returns_of(K, a) == returns_of(C, b)


@pytest.mark.parametrize("players", [1, 2, 5])
def test_random_playouts_batch_matches(players: int) -> None:
    template = initial(players, players == 2)
    n = 12
    ra, rb = np.array([99], np.uint64), np.array([99], np.uint64)
    steps_a, steps_b = np.zeros(n, np.int64), np.zeros(n, np.int64)
    res_a, res_b = np.zeros((n, players)), np.zeros((n, players))
    K.random_playouts(template, n, ra, steps_a, res_a)
    C.random_playouts(template, n, rb, steps_b, res_b)
    assert np.array_equal(steps_a, steps_b) and np.array_equal(res_a, res_b) and ra[0] == rb[0]
    assert np.array_equal(template, initial(players, players == 2))  # the template is not touched


def test_determinize_matches() -> None:
    positions: list[np.ndarray] = []
    for seed in range(20):
        play_both(1000 + seed, positions)
    assert len(positions) > 20
    for i, s in enumerate(positions):
        for observer in range(int(s[L.PLAYERS])):
            a, b = s.copy(), s.copy()
            ra, rb = (
                np.array([i * 31 + observer], np.uint64),
                np.array([i * 31 + observer], np.uint64),
            )
            K.determinize(a, observer, ra)
            C.determinize(b, observer, rb)
            assert np.array_equal(a, b) and ra[0] == rb[0], f"position {i}, observer {observer}"
            assert K.state_hash(a) == C.state_hash(b)
            assert heuristic_of(K, a) == heuristic_of(C, b)


def test_heuristic_with_other_params() -> None:
    params = np.array([0.9, 1.5, 0.3, 0.25, 0.2, 0.7])
    for players in range(1, 6):
        s = initial(players, False)
        ra = np.array([players], np.uint64)
        for _ in range(40):  # into the game a little
            if K.is_terminal(s):
                break
            legal = legal_numba(s)
            K.apply_action(s, legal[K.random_below(ra, len(legal))])
        oa, ob = np.zeros(5), np.zeros(5)
        K.heuristic(s, params, oa)
        C.heuristic(s, params, ob)
        assert np.array_equal(oa, ob)


def test_bad_calls_raise_value_error() -> None:
    s = initial(2, False)
    out = np.empty(64, np.int64)
    rng = np.array([1], np.uint64)
    with pytest.raises(ValueError, match="length"):
        C.legal_actions(s[:-1].copy(), out)
    with pytest.raises(ValueError, match="dtype"):
        C.legal_actions(s.astype(np.int32), out)
    with pytest.raises(ValueError, match="dtype"):
        C.apply_action(s.astype(np.float64), act.DRAW)
    with pytest.raises(ValueError, match="contiguous"):
        C.legal_actions(np.repeat(s, 2)[::2], out)
    with pytest.raises(ValueError, match="numpy array"):
        C.state_hash(s.tolist())
    with pytest.raises(ValueError, match="out of range"):
        C.apply_action(s, act.NUM_ACTIONS)
    with pytest.raises(ValueError, match="out of range"):
        C.apply_action(s, -1)
    with pytest.raises(ValueError, match="cannot be played"):  # a PLACE at a chance node
        C.apply_action(s, act.PLACE)
    with pytest.raises(ValueError, match="integer"):
        C.apply_action(s, 1.5)
    with pytest.raises(ValueError, match="rng"):
        C.random_playout(s.copy(), np.array([1], np.int64))
    with pytest.raises(ValueError, match="rng"):
        C.random_playout(s.copy(), np.array([1, 2], np.uint64))
    with pytest.raises(ValueError, match="out"):
        C.legal_actions(s, np.empty(4, np.int32))
    with pytest.raises(ValueError, match="out_a"):
        C.chance_outcomes(s, np.empty(3, np.int64), np.empty(60))
    with pytest.raises(ValueError, match="out"):
        C.returns(s, np.empty(1))
    with pytest.raises(ValueError, match="observer"):
        C.determinize(s.copy(), 2, rng)
    with pytest.raises(ValueError, match="results"):
        C.random_playouts(s, 4, rng, np.zeros(4, np.int64), np.zeros((3, 2)))
    with pytest.raises(ValueError, match="steps"):
        C.random_playouts(s, 4, rng, np.zeros(3, np.int64), np.zeros((4, 2)))
    broken = s.copy()
    broken[L.PLAYERS] = 9
    with pytest.raises(ValueError, match="players"):
        C.random_playout(broken, rng)
    readonly = s.copy()
    readonly.flags.writeable = False
    with pytest.raises(ValueError, match="writable"):
        C.apply_action(readonly, act.DRAW)
    assert np.array_equal(s, initial(2, False))  # nothing above touched the state


def test_load_error_names_the_missing_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setattr(C, "_MODULE", None)
    monkeypatch.setitem(sys.modules, "solver.games.godo._ckernel", None)
    with pytest.raises(ImportError, match="the C kernels were not built"):
        C.load()
