"""No array reaches a compiled kernel in a state it can crash or hang on (issue 11, class 8).

Each game's ``WORDS`` (``solver/games/<game>/kernel_state.py``) names every word of its state array
with the values the kernel accepts there and the relations between words its loops rely on;
``check_array`` and ``KernelState`` refuse an array that breaks one, naming the word. Tested here:
every word out of its range is refused by name; hand-made inconsistent arrays are refused by name;
arrays converted from reference states (positions) always pass; an array from another pack, or
with nothing to choose, is refused; and, in a subprocess, corrupted arrays are refused or run.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import solver
from solver import PositionError
from solver.core.kernel_state import WORD_MAX, WORD_MIN
from solver.games.godo import convert as godo_convert
from solver.games.godo import layout as GL
from solver.games.godo.array_words import WORDS as GODO
from solver.games.godo.pack import load_pack as load_godo_pack
from solver.games.godo.rules import GodoState
from solver.games.gogoa import layout as GGL
from solver.games.gogoa.kernel_state import WORDS as GOGOA
from solver.games.koi.kernel_state import WORDS as KOI
from solver.games.kokoro import layout as KL
from solver.games.kokoro.kernel_state import WORDS as KOKORO

CORRUPTION = Path(__file__).parent / "kernel_corruption.py"
GAMES = {
    "godo": [{"players": 3, "variant": True}, {"players": 1}],
    "gogoa": [{"players": 2}, {"players": 1}],
    "kokoro": [{"players": 2, "side": "pink", "decree": "twin_guardians"}, {"players": 1}],
    "koi": [{"players": 3}, {"players": 1}],
}


def midgame(name: str, steps: int = 40, options: dict[str, Any] | None = None) -> Any:
    """A numba state after ``steps`` seeded random steps."""
    state = solver.load_game(name, backend="numba", **(options or GAMES[name][0])).new_initial_state()
    rng = random.Random(3)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def refused(state: Any, array: np.ndarray) -> str:
    """The field named when ``array`` is handed over: ``check_array`` and ``KernelState`` agree."""
    with pytest.raises(PositionError) as checked:
        state.WORDS.check(array)
    with pytest.raises(PositionError) as built:
        type(state)(array, state.pack)
    assert checked.value.field == built.value.field
    return checked.value.field


@pytest.mark.parametrize("name", GAMES)
def test_every_word_out_of_its_range_is_refused_by_name(name: str) -> None:
    state = midgame(name)
    words, before = state.WORDS, state.array.copy()
    for i in range(words.size):
        low, high = int(words.low[i]), int(words.high[i])
        for value in (low - 1, high + 1, WORD_MIN, WORD_MAX):
            if WORD_MIN <= value <= WORD_MAX and not low <= value <= high:
                bad = state.array.copy()
                bad[i] = value
                with pytest.raises(PositionError) as info:
                    words.check(bad)
                assert info.value.field == f"array.{words.name(i)}", (i, value, str(info.value))
    assert np.array_equal(state.array, before)


def edited(state: Any, *changes: tuple[int, int]) -> np.ndarray:
    array = state.array.copy()
    for index, value in changes:
        array[index] = value
    return array


def test_godo_words_that_disagree_are_refused_by_name() -> None:
    state = midgame("godo", 60)
    a = state.array
    hand = next(p for p in range(state.players) if a[GL.HAND + p])
    tile = int(a[GL.HAND + hand]) & -int(a[GL.HAND + hand])
    placed = next(t for t in range(60) if a[GL.TILE_SLOT + t])
    row = next(r for r in range(GL.ROWS) if a[GL.OCC + r])
    slot = next(i for i in range(GL.CONTENT_SLOTS) if a[GL.CONTENT + 2 * i])
    cases = {
        "array.to_move": [(GL.TO_MOVE, state.players)],
        "array.pile": [(GL.PILE, int(a[GL.PILE]) | tile)],  # a tile in a hand and in the pile
        f"array.occupied[{row}]": [(GL.OCC + row, 0)],  # a tile laid, its square empty
        f"array.content[{2 * slot + 1}]": [(GL.CONTENT + 2 * slot + 1, int(a[GL.CONTENT + 2 * slot + 1]) + 1)],
        f"array.tile_slot[{placed}]": [(GL.TILE_SLOT + placed, (int(a[GL.TILE_SLOT + placed]) - 1 | 63 << 2) + 1)],
        "array.track[0]": [(GL.TRACK, 6)],  # neither a space nor mastered
        "array.tiles[4]": [(GL.TILES + 4, 0x57)],  # a leg of colour 7
        "array.winners": [(GL.WINNERS, 1 << state.players)],
        f"array.hand[{state.players}]": [(GL.HAND + state.players, tile)] if state.players < 5 else [],
    }  # fmt: skip
    for field, changes in cases.items():
        if changes:
            assert refused(state, edited(state, *changes)) == field


def test_godo_counters_must_count_down_to_something() -> None:
    state = solver.load_game("godo", players=2, backend="numba").new_initial_state()  # drawing 3 tiles
    assert state.phase == "draw"
    pile = bin(int(state.array[GL.PILE])).count("1")
    for draws in (0, pile + 1):
        assert refused(state, edited(state, (GL.DRAWS_LEFT, draws))) == "array.draws_left"


def test_gogoa_words_that_disagree_are_refused_by_name() -> None:
    state = midgame("gogoa", 30)
    while state.phase != "move":
        state.apply_action(state.legal_actions()[0])
    dice = [int(v) for v in state.array[GGL.DIE : GGL.DIE + 3]]
    other = next(v for v in range(1, 7) if v not in dice)
    kept, dealt = int(state.array[GGL.KEPT]), int(state.array[GGL.DEALT])
    unseen = int(state.array[GGL.UNDEALT]) & -int(state.array[GGL.UNDEALT])
    assert refused(state, edited(state, (GGL.RESERVED, other))) == "array.reserved"
    assert refused(state, edited(state, (GGL.KEPT, kept | unseen))) == "array.kept[0]"
    assert refused(state, edited(state, (GGL.DEALT, dealt | unseen))) == "array.dealt[0]"
    assert refused(state, edited(state, (GGL.DIE, 0))) == "array.dice[0]"
    assert refused(state, edited(state, (GGL.CARDS, 200))) == "array.cards[0]"  # a place off the map


def test_kokoro_words_that_disagree_are_refused_by_name() -> None:
    state = midgame("kokoro", 60)
    a = state.array
    count = int(a[KL.REVEALED_COUNT])
    assert count >= 2
    drawn = next(p for p in range(4) if a[KL.OPEN + p])
    assert refused(state, edited(state, (KL.REVEALED + 1, int(a[KL.REVEALED])))) == "array.revealed[1]"
    assert refused(state, edited(state, (KL.REVEALED_COUNT, count + 1))) == f"array.revealed[{count}]"
    assert refused(state, edited(state, (KL.OPEN + drawn, 0))).startswith("array.open[")  # one side left
    assert refused(state, edited(state, (KL.BOARD, int(a[KL.BOARD]) >> 1))) == "array.board"
    assert refused(state, edited(state, (KL.DECREE, 9))) == "array.decree"
    assert refused(state, edited(state, (KL.DECK, 199), (KL.DECK + 2, 199))) == "array.deck[0]"


def test_an_array_of_another_pack_is_refused() -> None:
    state = midgame("godo")
    other = edited(state, (GL.JOURNAL + 3, int(state.array[GL.JOURNAL + 3]) ^ 1))  # another journal
    state.WORDS.check(other)  # the kernel itself could run it
    with pytest.raises(PositionError, match="does not match the pack") as info:
        type(state)(other, state.pack)
    assert info.value.field == "array.journal[3]"


def test_a_side_the_pack_does_not_have_is_refused() -> None:
    pack = json.loads((Path(solver.__file__).parent / "games/kokoro/data/reference.json").read_text())
    del pack["mats"]["pink"]
    state = solver.load_game("kokoro", players=1, pack=pack, backend="numba").new_initial_state()
    with pytest.raises(PositionError, match="has no pink side") as info:
        type(state)(edited(state, (KL.SIDE, 1)), state.pack)
    assert info.value.field == "array.side"


def test_a_decision_with_nothing_to_choose_is_refused() -> None:
    state = midgame("godo", 80)
    while state.phase != "move":
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(PositionError, match="nothing can be chosen"):
        GODO.check(edited(state, (GL.MOVES, 50)))  # no move is left this turn, and no pass


def test_writing_into_the_array_by_hand_is_caught_by_check() -> None:
    state = midgame("kokoro")
    state.check()
    state.array[KL.PLAYERS] = 9
    with pytest.raises(PositionError, match=r"^array\.players: expected 1 to 8, got 9$"):
        state.check()


def test_bad_array_objects_are_refused() -> None:
    state = midgame("gogoa")
    for bad, message in ((state.array.tolist(), "numpy array"), (state.array[:-1].copy(), "length"),
                         (state.array.astype(np.int32), "dtype"), (np.repeat(state.array, 2)[::2], "contiguous")):  # fmt: skip
        with pytest.raises(PositionError, match=message):
            GOGOA.check(bad)
    readonly = state.array.copy()
    readonly.flags.writeable = False
    GOGOA.check(readonly)
    with pytest.raises(PositionError, match="writable"):
        type(state)(readonly, state.pack)


@pytest.mark.parametrize("name,options", [(n, o) for n, configs in GAMES.items() for o in configs])
def test_conversions_of_reference_states_always_pass(name: str, options: dict[str, Any]) -> None:
    """What ``state_from_json`` hands the kernels: reference states, converted."""
    kernel_state = {"godo": GODO, "gogoa": GOGOA, "kokoro": KOKORO, "koi": KOI}[name]
    convert = __import__(f"solver.games.{name}.convert", fromlist=["from_reference"])
    game = solver.load_game(name, **options)
    for seed in range(2):
        ref, rng = game.new_initial_state(), random.Random(seed)
        while True:
            kernel_state.check(convert.from_reference(ref))
            back = game.state_from_json(ref.to_json())
            kernel_state.check(convert.from_reference(back))
            if ref.is_terminal():
                break
            ref.apply_action(rng.choice(ref.legal_actions()))


def test_a_godo_state_before_its_first_draw_is_converted_begun() -> None:
    pack = load_godo_pack()
    unbegun = GodoState(pack, 2, False, False)
    array = godo_convert.from_reference(unbegun)
    GODO.check(array)
    begun = GodoState.new(pack, 2, False, False)
    assert godo_convert.to_reference(array, pack).to_json() == begun.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_corrupted_arrays_are_refused_or_run_never_crash(name: str) -> None:
    """In a subprocess: a crash or a hang fails this test instead of killing pytest."""
    done = subprocess.run([sys.executable, str(CORRUPTION), name, "numba", "300"], capture_output=True,
                          text=True, timeout=180, cwd=Path(__file__).parents[1])  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    tally = json.loads(done.stdout)
    assert tally["refused"] > 50 and tally["ran"] > 10, tally
