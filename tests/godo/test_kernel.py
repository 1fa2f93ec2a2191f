"""The numba kernel plays GODŌ exactly like the reference engine (``rules.py``, the oracle).

1. Differential games: seeded random games (1-5 players, with and without the variant; uniform,
   "patient" and "restless" choices; the reference pack, random packs, grounds against the edges of
   the table) are driven on both backends with the same actions; at every step both give the same
   legal actions (or chance outcomes), the same player to move and the same ``to_json()``; at the
   end the same returns, scores, winners and solo title.
2. Perft: after the same seeded walk, ``perft`` (depth 3) and ``divide`` (depth 2) agree, and so do
   the ``solver perft`` command's node counts.
3. Conversion is exact: reference -> array -> reference gives the same position; array ->
   reference -> array gives the same array (the intersection table, whose slot order depends on the
   order tiles were laid, is compared intersection by intersection through ``point_info``).
4. Positions typed by users read the same on both backends (same JSON, same legal actions, same
   play from there, same errors for broken positions).
5. ``determinize`` deals only the tiles the observer cannot see, keeps every hand's size and every
   other field, is reproducible, and gives a hidden hand that must place a tile one that fits.
6. ``random_playouts`` / ``random_playout``: reproducible, well-formed, and the kernel's own
   playouts replay move for move on the reference engine.
7. Bad calls: illegal actions and unknown backends.

No timing assertions. Mismatches are reported with the seed, players, variant, step and phase.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import solver
from solver import IllegalActionError, PositionError, UnknownGameError
from solver.cli import main as cli_main
from solver.core.perft import divide, perft, walk
from solver.games.godo import convert
from solver.games.godo import geometry as geo
from solver.games.godo import kernel as K
from solver.games.godo import layout as L
from solver.games.godo import rules as R
from solver.games.godo.actions import FREE, PASS, gate_action, move_action, nudge_action
from solver.games.godo.kernel_state import KernelState
from solver.games.godo.pack import COLOURS, ICONS, NUM_TILES, REFERENCE_PACK, TRACK_LENGTH
from tests.godo.builders import (
    blank_tiles,
    corner,
    journal,
    journal_icons,
    journal_spaces,
    last_path,
    make_pack,
    paths,
    position,
    row_of_squares,
    set_pile,
    solo_position,
    square,
    symbols,
)
from tests.kernel_agreement import (
    Choose,
    check_end,
    check_position,
    json_diff,
    kernel_legal,
    play_both,
    short,
    uniform,
)

STEP_CAP = 20000  # no game comes near this; a game that does not end is a failure
# Uniform random games per (players, variant): 2 * 40 + 8 * 20 = 240 games on the reference pack
# (and 100 more games below: biased choices, random packs, the edges of the table, typed
# positions); a solo game masters a track in about 3 games of 100, so the solo cases play 40.
GAMES = {1: 40, 2: 20, 3: 20, 4: 20, 5: 20}
if os.environ.get("GODO_KERNEL_GAMES"):  # more (or fewer) games for a long soak run
    GAMES = dict.fromkeys(GAMES, int(os.environ["GODO_KERNEL_GAMES"]))
PLAYERS = (1, 2, 3, 4, 5)
CASES = [(p, v) for p in PLAYERS for v in (False, True)]
CASE_IDS = [f"{p}p-{'variant' if v else 'standard'}" for p, v in CASES]
E, N, W, S = range(4)
BLUE, GREEN, PURPLE, RED, YELLOW = range(5)

_BUF = np.empty(K.BUFFER, np.int64)


@functools.cache
def games(players: int, variant: bool, pack_json: str | None = None) -> tuple[Any, Any]:
    """The same game on the reference and numba backends (``pack_json``: a pack as JSON text)."""
    pack = None if pack_json is None else json.loads(pack_json)
    ref = solver.load_game("godo", players=players, variant=variant, pack=pack)
    ker = solver.load_game("godo", players=players, variant=variant, pack=pack, backend="numba")
    assert ker.pack == ref.pack
    return ref, ker


# -- comparing the two backends -----------------------------------------------------------------


def patient(ref: Any, actions: list[int], rng: random.Random) -> int:
    """Never improve or share, always keep moving: games last until the tiles run out (scoring,
    ties)."""
    if ref.phase == R.ADVANCE and PASS in actions:
        return PASS
    if ref.phase == R.MOVE and len(actions) > 1:
        return rng.choice([a for a in actions if a != PASS])
    return rng.choice(actions)


def restless(ref: Any, actions: list[int], rng: random.Random) -> int:
    """Always advance, keep moving, exchange and use every specialty."""
    if (
        ref.phase in (R.ADVANCE, R.MOVE, R.FOX, R.PUSH, R.RELOCATE, R.ENSO_FROM)
        and len(actions) > 1
    ):
        return rng.choice([a for a in actions if a != PASS])
    return rng.choice(actions)


def differential_game(
    players: int,
    variant: bool,
    seed: int,
    choose: Choose = uniform,
    pack_json: str | None = None,
    tag: str = "",
) -> tuple[set[str], Any]:
    """One game from the start on both backends; returns the phases met and the final reference
    state."""
    rgame, kgame = games(players, variant, pack_json)
    ref, ker = rgame.new_initial_state(), kgame.new_initial_state()
    label = f"seed={seed} players={players} variant={variant}{tag}"
    seen = play_both(ref, ker, random.Random(seed), choose, label, check_position, STEP_CAP)
    return seen, ref


# -- 1. differential games ----------------------------------------------------------------------


def expected_phases(players: int, variant: bool) -> set[str]:
    """The phases a batch of random games of this kind is expected to meet (a coverage guard)."""
    want = {R.DRAW, R.PLACE, R.MONK, R.ADVANCE, R.MOVE, R.MASTER, R.OVER}
    if players == 1:
        want.add(R.STOCK)
    if variant:
        want |= {R.RELOCATE, R.ENSO_FROM, R.ENSO_TO}
        if players > 1:
            want.add(R.PUSH)
    return want


@pytest.mark.parametrize("players,variant", CASES, ids=CASE_IDS)
def test_random_games_match_the_reference(players: int, variant: bool) -> None:
    seen: set[str] = set()
    for g in range(GAMES[players]):
        seed = 10_000 * players + 1000 * variant + g
        seen |= set(differential_game(players, variant, seed)[0])
    missing = expected_phases(players, variant) - seen
    assert not missing, (
        f"coverage: the games never reached phases {sorted(missing)}; pick other seeds"
    )


@pytest.mark.parametrize("players", PLAYERS)
def test_patient_and_restless_games_match_the_reference(players: int) -> None:
    """Choices biased to reach the rarer ends: all tiles used (scoring, ties), long movements."""
    ends = set()
    for variant in (False, True):
        for choose in (patient, restless):
            seed = 500 + 10 * players + variant
            _, state = differential_game(
                players, variant, seed, choose, tag=f" policy={choose.__name__}"
            )
            ends.add(
                "tie" if len(state.winners) > 1 else "scoring" if not any(state.hands) else "other"
            )
    if players > 1:
        assert "scoring" in ends or "tie" in ends, f"coverage: no game ended by scoring ({ends})"


def random_pack(seed: int) -> dict[str, Any]:
    """The reference pack with random legs, corner symbols (up to the 8 allowed), markers, journal
    spaces and variant icons: symbol counts and layouts the reference pack never shows."""
    rng = random.Random(seed)
    with open(REFERENCE_PACK, encoding="utf-8") as handle:
        pack = json.load(handle)
    pack["name"] = f"random-{seed}"
    dense = seed % 2 == 0
    for tile in pack["tiles"]:
        tile["legs"] = [rng.choice(COLOURS) for _ in range(2)]
        for key in ("right", "a", "b"):
            n = rng.choice([0, 0, 1, 2, 8]) if dense else rng.randint(0, 2)
            marker = rng.choice(
                [None, None, None, "shrine", "lantern", "gate:" + rng.choice(COLOURS)]
            )
            tile["corners"][key] = {
                "lotuses": [rng.choice(COLOURS) for _ in range(n)],
                "markers": [marker] if marker else [],
            }
    for side in ("standard", "variant"):
        pack["journal"][side]["spaces"] = [
            [rng.sample(COLOURS, rng.randint(1, 4)) for _ in range(TRACK_LENGTH)] for _ in COLOURS
        ]
    pack["journal"]["variant"]["icons"] = [
        [
            rng.choice((None,) + ICONS) if space < TRACK_LENGTH - 1 else None
            for space in range(TRACK_LENGTH)
        ]
        for _ in COLOURS
    ]
    return pack


@pytest.mark.parametrize("pack_seed", range(4))
def test_random_packs_match_the_reference(pack_seed: int) -> None:
    pack_json = json.dumps(random_pack(pack_seed))
    for players in PLAYERS:
        variant = (pack_seed + players) % 2 == 1
        seed = 100 * pack_seed + players
        differential_game(
            players, variant, seed, restless, pack_json, tag=f" pack=random_pack({pack_seed})"
        )


# -- grounds against the edges of the table: bits 0 and 63 of the bitboards ------------------------


def edge_position(
    corner_x: int, corner_y: int, dx: int, dy: int, players: int, variant: bool
) -> tuple[dict, dict]:
    """A pack (blue legs everywhere, some symbols) and a position whose grounds fill the corner of
    the table at square ``(corner_x, corner_y)``, growing by ``dx, dy`` inwards."""
    layout = []
    for k, (x, y) in enumerate(
        [
            (corner_x, corner_y),
            (corner_x + dx, corner_y),
            (corner_x, corner_y + dy),
            (corner_x + 2 * dx, corner_y),
        ]
    ):
        layout += square(x, y, 2 * k)
    rng = random.Random(corner_x * 7 + corner_y)
    tiles = blank_tiles([(t, 0, 0, 0) for t in range(NUM_TILES)])  # every tile fits every other
    for t in range(len(layout), NUM_TILES):
        for key in ("right", "a", "b"):
            tiles[t]["corners"][key] = corner(
                *rng.sample(COLOURS, rng.randint(0, 2)),
                marker=rng.choice([None, None, "shrine", "lantern", "gate:blue"]),
            )
    points = sorted({p for t, x, y, r in layout for p in geo.corner_points(x, y, r)})
    marks = {
        p: corner(
            *rng.sample(COLOURS, 2), marker=rng.choice([None, "shrine", "lantern", "gate:red"])
        )
        for p in points[::2]
    }
    symbols(tiles, layout, marks)
    icons = {("blue", 1): "relocate_tile", ("green", 1): "move_monk", ("red", 2): "move_enso"}
    pack = make_pack(
        tiles,
        spaces=journal_spaces({("blue", 0): ["blue", "green", "red"]}),
        icons=journal_icons(icons),
    )
    extreme = (corner_x + (dx < 0), corner_y + (dy < 0))  # the lattice point in the table's corner
    monks = [extreme] + [p for p in points if p != extreme][1:players]
    rows = [journal(blue=3, green=2, red=3, yellow=None) for _ in range(players)]
    pos = position(
        layout,
        monks,
        rows,
        phase="place",
        variant=variant,
        enso=[points[-1]] if players > 1 else [],
    )
    if players == 1:
        on_journal = sum(v is not None for v in rows[0].values())
        pos["stock"] = 10
        pos["enso_removed"] = R.ENSO_PER_PLAYER + R.SOLO_STOCK - on_journal - len(pos["enso"]) - 10
    return pack, pos


EDGE_CASES = [
    (geo.HIGH - 1, geo.HIGH - 1, -1, -1),  # the north-east corner: lattice column and row 63
    (geo.LOW, geo.LOW, 1, 1),  # the south-west corner: column and row 0
    (geo.HIGH - 1, geo.LOW, -1, 1),
    (geo.LOW, geo.HIGH - 1, 1, -1),
]


@pytest.mark.parametrize("corner_x,corner_y,dx,dy", EDGE_CASES, ids=["NE", "SW", "SE", "NW"])
def test_games_against_the_edge_of_the_table_match_the_reference(
    corner_x: int, corner_y: int, dx: int, dy: int
) -> None:
    for players, variant in ((2, True), (3, False), (1, True)):
        pack, pos = edge_position(corner_x, corner_y, dx, dy, players, variant)
        rgame, kgame = games(players, variant, json.dumps(pack))
        seed = players + corner_x
        ref, ker = rgame.state_from_json(pos), kgame.state_from_json(pos)
        label = f"edge=({corner_x},{corner_y}) seed={seed} players={players} variant={variant}"
        choose = restless if variant else uniform
        play_both(ref, ker, random.Random(seed), choose, label, check_position)


# -- 2. perft -----------------------------------------------------------------------------------

# (players, variant, seed, walk): chosen to stop in many different phases (start, place, monk,
# advance, move, fox, nudge, master, stock, and the four Sacred Specialties).
PERFT_CASES = [
    (2, False, 1, 40),
    (3, False, 4, 0),
    (1, False, 1, 11),
    (1, False, 1, 14),
    (1, True, 1, 36),
    (1, True, 2, 53),
    (2, False, 1, 13),
    (2, False, 1, 48),
    (3, False, 1, 49),
    (3, False, 1, 90),
    (3, False, 2, 69),
    (3, True, 1, 102),
    (3, True, 1, 104),
    (3, True, 1, 212),
    (3, True, 1, 252),
    (4, True, 5, 80),
    (5, False, 7, 100),
    (2, True, 11, 120),
]


@pytest.mark.parametrize("players,variant,seed,steps", PERFT_CASES)
def test_perft_and_divide_match(players: int, variant: bool, seed: int, steps: int) -> None:
    rgame, kgame = games(players, variant)
    ref = walk(rgame.new_initial_state(), steps, seed)
    ker = walk(kgame.new_initial_state(), steps, seed)
    where = f"seed={seed} players={players} variant={variant} walk={steps} phase={ref.phase!r}"
    check_position(ref, ker, where)
    assert ker.phase == ref.phase
    want, got = perft(ref, 3), perft(ker, 3)
    assert got == want, f"{where}: perft(3) reference={want} numba={got}"
    want_split, got_split = divide(ref, 2), divide(ker, 2)
    assert got_split == want_split, f"{where}: divide(2) differs: " + short(
        {
            a: (want_split.get(a), got_split.get(a))
            for a in set(want_split) | set(got_split)
            if want_split.get(a) != got_split.get(a)
        }
    )
    for action in ref.legal_actions()[:60]:  # words for actions, read in each backend's state
        assert ker.action_to_string(action) == ref.action_to_string(action), (
            f"{where}: action {action}"
        )
    assert ker.to_json(observer=0) == ref.to_json(observer=0), (
        f"{where}: to_json(observer=0) differs"
    )


def run_cli(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    capsys.readouterr()
    assert cli_main(argv) == 0, argv
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    "extra", [[], ["--divide"], ["--variant", "--players", "3", "--walk", "104"]]
)
def test_perft_command_counts_the_same_nodes(
    capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    argv = [
        "perft",
        "godo",
        "--players",
        "2",
        "--seed",
        "1",
        "--walk",
        "40",
        "--depth",
        "3",
        "--json",
    ] + extra
    out = {b: run_cli(capsys, argv + ["--backend", b]) for b in ("reference", "numba")}
    ref, ker = out["reference"], out["numba"]
    assert ker["backend"] == "numba" and ref["backend"] == "reference"
    assert ker["nodes"] == ref["nodes"] > 0, (
        f"{extra}: nodes reference={ref['nodes']} numba={ker['nodes']}"
    )
    assert ker["phase"] == ref["phase"]
    assert ker.get("divide") == ref.get("divide")


# -- 3. conversion --------------------------------------------------------------------------------

UNSIGNED = (1 << 64) - 1


def intersections(s: np.ndarray) -> list[int]:
    """The point indices of the POINTS bitboard."""
    found = []
    for row in range(L.ROWS):
        bits = int(s[L.POINTS + row]) & UNSIGNED
        while bits:
            low = bits & -bits
            found.append(row << K.ROW_SHIFT | (low.bit_length() - 1))
            bits ^= low
    return found


def content_table(s: np.ndarray) -> dict[int, int]:
    table = s[L.CONTENT : L.CONTENT_END].reshape(L.CONTENT_SLOTS, 2)
    return {int(k): int(v) for k, v in table if k != L.NONE}


def check_same_array(s: np.ndarray, back: np.ndarray, where: str) -> None:
    """``back`` equals ``s`` everywhere, the intersection table up to the order of its slots."""
    outside = np.ones(L.SIZE, bool)
    outside[L.CONTENT : L.CONTENT_END] = False
    bad = np.nonzero((s != back) & outside)[0]
    assert bad.size == 0, (
        f"{where}: array differs at {bad[:10].tolist()}: "
        f"{s[bad[:10]].tolist()} -> {back[bad[:10]].tolist()}"
    )
    points = intersections(s)
    assert content_table(back) == content_table(s), (
        f"{where}: the intersection table holds other contents"
    )
    assert set(content_table(s)) == {p + 1 for p in points}, (
        f"{where}: table keys are not the intersections"
    )
    for p in points:
        assert K.point_word(back, p) == K.point_word(s, p), (
            f"{where}: the contents differ at {geo.index_point(p)}"
        )


@pytest.mark.parametrize("players,variant", CASES, ids=CASE_IDS)
def test_reference_to_array_and_back_is_exact(players: int, variant: bool) -> None:
    rgame, _ = games(players, variant)
    for seed in range(1):
        ref, rng = rgame.new_initial_state(), random.Random(seed)
        step = 0
        while True:
            where = (
                f"seed={seed} players={players} variant={variant} step={step} phase={ref.phase!r}"
            )
            array = convert.from_reference(ref)
            again = convert.to_reference(array, rgame.pack)
            assert again.to_json() == ref.to_json(), (
                f"{where}: {json_diff(ref.to_json(), again.to_json())}"
            )
            if step % 10 == 0:
                assert again.legal_actions() == ref.legal_actions(), where
            if ref.is_terminal():
                break
            ref.apply_legal_action(rng.choice(ref.legal_actions()))
            step += 1


@pytest.mark.parametrize("players,variant", CASES, ids=CASE_IDS)
def test_array_to_reference_and_back_is_exact(players: int, variant: bool) -> None:
    """Kernel states reached in the kernel (tiles laid and relocated in kernel order)."""
    _, kgame = games(players, variant)
    ker, rng = kgame.new_initial_state(), random.Random(0)
    s = ker.array
    step = relocated = 0
    while True:
        where = f"seed=0 players={players} variant={variant} step={step} phase={ker.phase!r}"
        back = convert.from_reference(convert.to_reference(s, kgame.pack))
        check_same_array(s, back, where)
        if K.is_terminal(s):
            break
        actions = kernel_legal(K, s)
        action = actions[rng.randrange(len(actions))]
        relocated += s[L.PHASE] == L.PH_RELOCATE and action != PASS
        K.apply_action(s, action)
        step += 1
    if variant and players > 1:
        assert relocated, "coverage: no tile was relocated in this game; pick another seed"


@pytest.mark.parametrize("players,variant", CASES, ids=CASE_IDS)
def test_copy_state_gives_the_source_whatever_the_destination_held(
    players: int, variant: bool
) -> None:
    """The searchers' ``copy_state`` copies the grounds only where the tiles lie otherwise: states
    of one random game (tiles laid and relocated) copied onto each other, near and far apart."""
    _, kgame = games(players, variant)
    ker, rng = kgame.new_initial_state(), random.Random(1)
    states = [ker.array.copy()]
    while not K.is_terminal(ker.array):
        actions = kernel_legal(K, ker.array)
        K.apply_action(ker.array, actions[rng.randrange(len(actions))])
        states.append(ker.array.copy())
    tiles = slice(L.TILE_SLOT, L.TILE_SLOT + NUM_TILES)
    same_grounds = 0
    for k in range(400):
        i = rng.randrange(len(states))
        j = min(max(i + rng.randint(-4, 4), 0), len(states) - 1) if k % 2 else rng.randrange(len(states))
        dst = states[i].copy()
        K.copy_state(dst, states[j])
        check_same_array(states[j], dst, f"players={players} variant={variant} state {j} onto {i}")
        same_grounds += i != j and bool((states[i][tiles] == states[j][tiles]).all())
    assert same_grounds > 50, "coverage: few copies between states with the tiles alike"


# -- 4. positions typed by users ------------------------------------------------------------------


def explore(ref: Any, ker: Any, depth: int, width: int, rng: random.Random, where: str) -> int:
    """Compare both backends on a tree of continuations: every node, ``width`` children per node."""
    actions = check_position(ref, ker, where)
    if ref.is_terminal():
        check_end(ref, ker, where)
        return 1
    assert ker.to_json(observer=0) == ref.to_json(observer=0), (
        f"{where}: to_json(observer=0) differs"
    )
    if depth == 0:
        return 1
    nodes = 1
    for action in rng.sample(actions, min(width, len(actions))):
        r, k = ref.clone(), ker.clone()
        r.apply_action(action)
        k.apply_action(action)
        nodes += explore(r, k, depth - 1, width, rng, f"{where} {action}")
    return nodes


def read_both(pack: Any, players: int, variant: bool, pos: dict, seed: int = 0) -> tuple[Any, Any]:
    rgame, kgame = games(players, variant, None if pack is None else json.dumps(pack))
    text = json.dumps(pos)
    ref = rgame.state_from_json(json.loads(text), seed=seed)
    ker = kgame.state_from_json(json.loads(text), seed=seed)
    assert ker.backend == "numba"
    return ref, ker


ROW = row_of_squares(3)
RELOCATE_PATHS = {
    ((2, 0), (3, 0)): "yellow",
    ((2, 1), (3, 1)): "yellow",
    ((3, 0), (3, 1)): "yellow",
}


def scenario_pack(
    grounds=ROW, leg="blue", path_colours=None, at=None, spaces=None, icons=None
) -> dict:
    tiles = blank_tiles(grounds, leg)
    paths(tiles, grounds, path_colours or {})
    symbols(tiles, grounds, at or {})
    return make_pack(tiles, spaces=journal_spaces(spaces), icons=journal_icons(icons))


def typed_scenarios() -> list[tuple[str, dict, int, bool, dict]]:
    """(name, pack, players, variant, position): positions written by hand, with their own packs."""
    out = []
    at = {(1, 0): [corner("red", marker="shrine"), corner(marker="shrine"), corner()]}
    out.append(
        (
            "fox shrines",
            scenario_pack(at=at),
            2,
            False,
            position(
                ROW,
                [(0, 0), (3, 1)],
                [journal(blue=2)],
                collected={"green": 1, "purple": 3},
                turn={"moves": 1, "last_path": last_path((0, 1), (0, 0))},
            ),
        )
    )
    pack = scenario_pack(
        icons={("blue", 1): "move_monk"},
        at={(1, 0): corner("green"), (0, 1): corner("yellow", "yellow")},
        path_colours={((0, 1), (1, 1)): "red", ((1, 1), (2, 1)): "purple"},
    )
    out.append(
        (
            "move monk",
            pack,
            3,
            True,
            position(ROW, [(0, 0), (2, 0), (1, 1)], [journal(blue=2)], variant=True),
        )
    )
    pack = scenario_pack(
        icons={("blue", 1): "move_monk"},
        spaces={("green", 1): ["green", "blue"]},
        path_colours={((0, 0), (0, 1)): "yellow"},
    )
    out.append(
        (
            "forced push",
            pack,
            2,
            True,
            position(ROW, [(0, 0), (1, 0)], [journal(blue=2, green=2)], variant=True),
        )
    )
    pack = scenario_pack(
        icons={("green", 1): "relocate_tile"},
        spaces={("green", 1): ["green", "blue"]},
        path_colours=RELOCATE_PATHS,
        at={(0, 1): corner("purple")},
    )
    out.append(
        (
            "relocate",
            pack,
            2,
            True,
            position(ROW, [(0, 0), (2, 1)], [journal(green=2, blue=1)], variant=True),
        )
    )
    gates = {
        (0, 0): corner(marker="gate:red"),
        (1, 1): corner(marker="gate:red"),
        (2, 1): corner("green", marker="gate:blue"),
        (3, 0): corner(marker="gate:yellow"),
    }
    pack = scenario_pack(
        leg="green",
        at=gates,
        spaces={("blue", 0): ["blue", "red"], ("purple", 0): ["purple", "blue"]},
    )
    out.append(
        (
            "gates",
            pack,
            2,
            False,
            position(ROW, [(0, 0), (1, 1)], [journal(blue=1, purple=1, yellow=1)]),
        )
    )
    # The 50th move of a turn (free moves along a mastered colour) ends the movement.
    out.append(
        (
            "move cap",
            scenario_pack(at={(1, 0): corner("red")}),
            2,
            False,
            position(
                ROW,
                [(0, 0), (3, 1)],
                [journal(blue=None, green=3)],
                turn={"moves": R.MAX_MOVES_PER_TURN - 1, "last_path": last_path((0, 1), (0, 0))},
            ),
        )
    )
    # Mastering with every intersection already holding an Ensō token: the token is removed.
    one = row_of_squares(1)
    corners_of_one = [(0, 0), (1, 0), (0, 1), (1, 1)]
    out.append(
        (
            "no room to master",
            scenario_pack(grounds=one),
            2,
            False,
            position(
                one,
                [(0, 0), (1, 1)],
                [journal(blue=4, green=None, purple=None), journal(red=None, yellow=None)],
                phase="nudge",
                enso=corners_of_one,
            ),
        )
    )
    # Solo: the last track mastered wins at once, with the stock left giving the title.
    out.append(
        (
            "solo win",
            scenario_pack(),
            1,
            False,
            solo_position(
                ROW,
                (0, 0),
                journal(blue=4, green=None, purple=None, red=None, yellow=None),
                stock=7,
                phase="nudge",
            ),
        )
    )
    # Solo: no free intersection for the stock token: it is removed, the turn goes on.
    out.append(
        (
            "solo stock blocked",
            scenario_pack(grounds=one),
            1,
            True,
            solo_position(
                one,
                (0, 0),
                journal(blue=2, green=1),
                stock=4,
                phase="nudge",
                variant=True,
                enso=[(1, 0), (0, 1), (1, 1)],
            ),
        )
    )
    # The last tiles: an empty pile, the game ends by scoring with tied players.
    pos = position(
        ROW,
        [(0, 0), (3, 1), (2, 0)],
        [journal(blue=2, green=1), journal(blue=1, red=2), journal(blue=3)],
        phase="place",
        hands=[[50], [51], []],
    )
    pack = scenario_pack()
    for t in (50, 51):
        pack["tiles"][t]["legs"] = ["blue", "blue"]
    out.append(("end by scoring", pack, 3, False, set_pile(pos)))
    return out


SCENARIOS = typed_scenarios()


@pytest.mark.parametrize("name,pack,players,variant,pos", SCENARIOS, ids=[s[0] for s in SCENARIOS])
def test_typed_positions_read_and_play_the_same(
    name: str, pack: dict, players: int, variant: bool, pos: dict
) -> None:
    ref, ker = read_both(pack, players, variant, pos)
    assert ker.to_json() == ref.to_json()
    assert ker.legal_actions() == ref.legal_actions()
    explore(ref, ker, depth=3, width=6, rng=random.Random(1), where=f"position {name!r}:")
    choose = restless if variant else uniform  # and on to the end of the game
    r, k = read_both(pack, players, variant, pos)
    play_both(r, k, random.Random(2), choose, f"position {name!r} seed=2 policy={choose.__name__}",
              check_position)  # fmt: skip


def _removed_one_more(before: dict, after: dict) -> bool:
    return after["enso_removed"] == before["enso_removed"] + 1


# Scenario -> (the first action to play, what it must lead to): the branch each scenario is for.
RARE_BRANCHES: dict[str, tuple[int, Callable[[dict, dict], bool]]] = {
    "move cap": (
        move_action(E, FREE),
        lambda b, a: a["monks"][0] == [1, 0] and a["phase"] != R.MOVE,
    ),
    "no room to master": (
        nudge_action(BLUE),
        lambda b, a: _removed_one_more(b, a) and a["journals"][0]["blue"] is None,
    ),
    "solo win": (
        nudge_action(BLUE),
        lambda b, a: a["phase"] == R.OVER and a["winners"] == [0] and a["stock"] == 7,
    ),
    "solo stock blocked": (
        nudge_action(GREEN),
        lambda b, a: _removed_one_more(b, a) and a["stock"] == 3,
    ),
    "forced push": (move_action(E, BLUE), lambda b, a: a["phase"] == R.PUSH),
    "relocate": (move_action(N, GREEN), lambda b, a: a["phase"] == R.RELOCATE),
    "gates": (gate_action((2, 1), BLUE), lambda b, a: a["monks"][0] == [2, 1]),
}


@pytest.mark.parametrize("name", sorted(RARE_BRANCHES))
def test_typed_positions_reach_their_branch_on_both_backends(name: str) -> None:
    _, pack, players, variant, pos = next(s for s in SCENARIOS if s[0] == name)
    action, reached = RARE_BRANCHES[name]
    ref, ker = read_both(pack, players, variant, pos)
    before = ref.to_json()
    ref.apply_action(action)
    ker.apply_action(action)
    after = ref.to_json()
    assert ker.to_json() == after, f"{name}: {json_diff(after, ker.to_json())}"
    assert reached(before, after), (
        f"{name}: the scenario no longer reaches its branch: {short(after, 2000)}"
    )
    check_position(ref, ker, f"position {name!r} after {action}")
    if ref.is_terminal():
        check_end(ref, ker, name)
        assert ker.returns() == [0.5 + 0.05 * 7] and ker.title() == R.solo_title(7)


@functools.cache
def game_positions(players: int, variant: bool, seed: int) -> tuple[str, ...]:
    """Every position of a seeded random reference game, as JSON text."""
    state, rng = games(players, variant)[0].new_initial_state(), random.Random(seed)
    out = [json.dumps(state.to_json())]
    while not state.is_terminal():
        state.apply_legal_action(rng.choice(state.legal_actions()))
        out.append(json.dumps(state.to_json()))
    return tuple(out)


@pytest.mark.parametrize("players,variant", CASES, ids=CASE_IDS)
def test_positions_of_games_read_the_same_on_both_backends(players: int, variant: bool) -> None:
    positions = game_positions(players, variant, 77)
    for step, text in enumerate(positions[::7]):
        pos = json.loads(text)
        where = f"seed=77 players={players} variant={variant} position {7 * step}"
        where += f" phase={pos['phase']!r}"
        ref, ker = read_both(None, players, variant, pos)
        assert ker.to_json() == ref.to_json() == pos, where
        assert ker.legal_actions() == ref.legal_actions(), where
        assert ker.current_player() == ref.current_player(), where
        observer = step % players  # the position one player sees, hidden hands dealt with a seed
        seen = ref.to_json(observer=observer)
        assert ker.to_json(observer=observer) == seen, where
        r, k = read_both(None, players, variant, seen, seed=step)
        assert k.to_json() == r.to_json(), where
        assert k.legal_actions() == r.legal_actions(), where


@pytest.fixture(scope="module")
def midgame() -> dict[str, Any]:
    for text in game_positions(3, False, 2):
        pos = json.loads(text)
        if pos["stage"] == R.PLAY and pos["phase"] == R.MOVE and len(pos["grounds"]) >= 12:
            return pos
    raise LookupError("no mid-game move position")


def _corrupt(pos: dict, change: Callable[[dict], None]) -> dict:
    pos = copy.deepcopy(pos)
    change(pos)
    return pos


CORRUPTIONS: dict[str, Callable[[dict], None]] = {
    "wrong game": lambda p: p.update(game="chess"),
    "unknown key": lambda p: p.update(colour="blue"),
    "bad rotation": lambda p: p["grounds"][0].update(rotation=45),
    "overlap": lambda p: p["grounds"].append(dict(p["grounds"][0], tile=p["pile"].pop(0))),
    "tile twice": lambda p: p["pile"].append(next(h for h in p["hands"] if h)[0]),
    "tile missing": lambda p: p["pile"].pop(),
    "tokens": lambda p: p["supply"].update(blue=p["supply"]["blue"] - 1),
    "monk off the grounds": lambda p: p["monks"].__setitem__(1, [geo.HIGH, geo.HIGH]),
    "two monks": lambda p: p["monks"].__setitem__(1, p["monks"][0]),
    "enso count": lambda p: p.update(enso_removed=p["enso_removed"] + 1),
    "wrong player": lambda p: p.update(to_move=(p["active"] + 1) % 3),
    "disconnected": lambda p: p["grounds"].append(
        {"tile": p["pile"].pop(0), "x": geo.HIGH - 1, "y": geo.HIGH - 1, "rotation": 0}
    ),
    "not a dict": lambda p: p["journals"].__setitem__(0, [1, 2]),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_corrupted_positions_fail_the_same_way(midgame: dict[str, Any], name: str) -> None:
    bad = _corrupt(midgame, CORRUPTIONS[name])
    errors = []
    for backend in ("reference", "numba"):
        game = solver.load_game("godo", players=3, backend=backend)
        with pytest.raises(PositionError) as info:
            game.state_from_json(copy.deepcopy(bad))
        errors.append((info.value.field, str(info.value)))
    assert errors[0] == errors[1], f"{name}: reference {errors[0]} numba {errors[1]}"
    assert errors[0][0], f"{name}: the error names no field"


# -- 5. determinize -------------------------------------------------------------------------------


def popcount(v: int) -> int:
    return (int(v) & UNSIGNED).bit_count()


def dealt(s: np.ndarray, observer: int, seed: int) -> tuple[np.ndarray, int]:
    t = s.copy()
    rng = np.array([seed], np.uint64)
    K.determinize(t, observer, rng)
    return t, int(rng[0])


def hidden_tiles(s: np.ndarray, observer: int) -> int:
    tiles = int(s[L.PILE])
    for p in range(int(s[L.PLAYERS])):
        if p != observer:
            tiles |= int(s[L.HAND + p])
    return tiles


@pytest.mark.parametrize("players,variant", CASES, ids=CASE_IDS)
def test_determinize_deals_only_hidden_tiles(players: int, variant: bool) -> None:
    _, kgame = games(players, variant)
    kept = np.ones(L.SIZE, bool)
    kept[L.HAND : L.HAND + L.MAX_PLAYERS] = False
    kept[L.PILE] = False
    checked_fit = varied = 0
    for seed in range(3):
        ker, rng = kgame.new_initial_state(), random.Random(seed)
        s = ker.array
        step = 0
        while not K.is_terminal(s):
            observer = step % players
            where = f"seed={seed} players={players} variant={variant} step={step}"
            where += f" phase={ker.phase!r} observer={observer}"
            t, after = dealt(s, observer, 1000 * seed + step)
            if players == 1:  # nothing is hidden from the solo player: the pile is a set
                assert np.array_equal(t, s), f"{where}: a solo state changed"
            assert np.array_equal(t[kept], s[kept]), (
                f"{where}: fields other than the hidden tiles changed"
            )
            assert t[L.HAND + observer] == s[L.HAND + observer], (
                f"{where}: the observer's hand changed"
            )
            for p in range(L.MAX_PLAYERS):
                assert popcount(t[L.HAND + p]) == popcount(s[L.HAND + p]), (
                    f"{where}: hand {p} changed size"
                )
            assert hidden_tiles(t, observer) == hidden_tiles(s, observer), (
                f"{where}: other tiles dealt"
            )
            total = sum(popcount(t[L.HAND + p]) for p in range(players)) + popcount(t[L.PILE])
            assert total == popcount(hidden_tiles(t, observer) | int(t[L.HAND + observer])), (
                f"{where}: a tile twice"
            )
            again, after_again = dealt(s, observer, 1000 * seed + step)
            assert np.array_equal(again, t) and after_again == after, (
                f"{where}: the same seed dealt differently"
            )
            if step % 7 == 0:  # what the observer sees is untouched
                seen = convert.to_reference(s, kgame.pack).to_json(observer)
                assert convert.to_reference(t, kgame.pack).to_json(observer) == seen, where
            must_fit = s[L.PHASE] == L.PH_PLACE and s[L.ACTIVE] != observer
            if must_fit:
                for deal_seed in range(20):
                    u, _ = dealt(s, observer, deal_seed)
                    assert K.legal_actions(u, _BUF) > 0, (
                        f"{where} deal seed {deal_seed}: the dealt hand cannot place"
                    )
                checked_fit += 1
            buckets = [int(s[L.HAND + p]) for p in range(players) if p != observer] + [
                int(s[L.PILE])
            ]
            if not must_fit and sum(1 for b in buckets if b) >= 2:
                assert any(not np.array_equal(dealt(s, observer, k)[0], t) for k in range(1, 60)), (
                    f"{where}: 60 seeds all dealt the same"
                )
                varied += 1
            actions = kernel_legal(K, s)
            K.apply_action(s, actions[rng.randrange(len(actions))])
            step += 1
    if players > 1:
        assert checked_fit and varied, "coverage: no hidden hand had to place a tile"


def test_determinized_states_play_on() -> None:
    """A determinized state is a state the rules can play from, on both backends alike."""
    for players in (2, 4):
        rgame, kgame = games(players, True)
        ref = walk(rgame.new_initial_state(), 60, 3)
        t, _ = dealt(convert.from_reference(ref), 1, 9)
        r = convert.to_reference(t, rgame.pack)
        k = KernelState(t, kgame.pack)
        label = f"determinized players={players}"
        play_both(r, k, random.Random(5), uniform, label, check_position)


# -- 6. random playouts ---------------------------------------------------------------------------


@pytest.mark.parametrize("players,variant", CASES, ids=CASE_IDS)
def test_numba_random_playouts_are_reproducible_and_well_formed(
    players: int, variant: bool
) -> None:
    _, kgame = games(players, variant)
    steps, returns = solver.random_playouts(kgame, 40, seed=12)
    steps2, returns2 = solver.random_playouts(kgame, 40, seed=12)
    assert np.array_equal(steps, steps2) and np.array_equal(returns, returns2)
    other, _ = solver.random_playouts(kgame, 40, seed=13)
    assert not np.array_equal(other, steps), "another seed played the same 40 games"
    assert steps.shape == (40,) and returns.shape == (40, players)
    assert (steps > 0).all()
    assert ((returns >= 0) & (returns <= 1)).all()
    if players > 1:
        assert np.allclose(returns.sum(axis=1), 1.0), returns.sum(axis=1)
    else:
        assert ((returns == 0) | (returns >= 0.5)).all()


@pytest.mark.parametrize("players", [1, 3])
def test_reference_random_playouts_are_well_formed(players: int) -> None:
    rgame, _ = games(players, False)
    steps, returns = solver.random_playouts(rgame, 2, seed=3)
    assert steps.shape == (2,) and returns.shape == (2, players) and (steps > 0).all()
    again = solver.random_playouts(rgame, 2, seed=3)
    assert np.array_equal(again[0], steps) and np.array_equal(again[1], returns)
    if players > 1:
        assert np.allclose(returns.sum(axis=1), 1.0)


@pytest.mark.parametrize("players,variant", CASES, ids=CASE_IDS)
def test_kernel_playout_replays_on_the_reference(players: int, variant: bool) -> None:
    """``random_playout`` draws from its splitmix generator; the same draws on the reference
    engine's sorted actions replay the very same game."""
    rgame, kgame = games(players, variant)
    for seed in (1, 2):
        s = kgame.new_initial_state().array
        rng = np.array([seed], np.uint64)
        steps = K.random_playout(s, rng)
        ref, replay = rgame.new_initial_state(), np.array([seed], np.uint64)
        count = 0
        while not ref.is_terminal():
            actions = sorted(ref.legal_actions())
            ref.apply_legal_action(actions[K.random_below(replay, len(actions))])
            count += 1
        where = f"seed={seed} players={players} variant={variant}"
        assert count == steps, f"{where}: kernel playout {steps} steps, reference replay {count}"
        assert int(replay[0]) == int(rng[0])
        ker = KernelState(s, kgame.pack)
        check_position(ref, ker, where)
        check_end(ref, ker, where)


# -- 7. bad calls ---------------------------------------------------------------------------------


def test_illegal_actions_on_numba_states_raise_and_change_nothing() -> None:
    _, kgame = games(3, True)
    state = kgame.new_initial_state()
    rng = random.Random(4)
    for step in range(150):
        legal = state.legal_actions()
        before, array = state.to_json(), state.array.copy()
        candidates = {PASS, 1, max(legal) + 1, -1, min(legal) - 1, 10**9} | {
            a + 1 for a in legal[:5]
        }
        for bad in sorted(candidates - set(legal)):
            with pytest.raises(IllegalActionError):
                state.apply_action(bad)
            assert np.array_equal(state.array, array), (
                f"step {step}: action {bad} changed the array"
            )
            assert state.to_json() == before
        state.apply_action(rng.choice(legal))
        if state.is_terminal():
            break
    end = walk(kgame.new_initial_state(), 10_000, 2)
    assert end.is_terminal()
    with pytest.raises(IllegalActionError):
        end.apply_action(PASS)


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(UnknownGameError, match="backend") as info:
        solver.load_game("godo", players=2, backend="cuda")
    assert str(info.value).startswith("backend")
    assert solver.load_game("godo", players=2, backend="numba").backend == "numba"
