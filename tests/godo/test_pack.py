"""GODŌ component packs: the reference pack's balance, its generator, and pack validation."""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import statistics
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from solver.core.errors import PackError
from solver.games.godo.pack import (
    COLOURS,
    CORNER_KEYS,
    GATE,
    ICONS,
    LANTERN,
    MASTERY_SPACE,
    NUM_COLOURS,
    NUM_TILES,
    REFERENCE_PACK,
    SHRINE,
    TRACK_LENGTH,
    Pack,
    load_pack,
    parse_pack,
)

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "make_godo_pack.py"

# The design figures of the reference pack (see docs/godo-reference-pack.md).
COPIES = 4
LEGS_PER_COLOUR = 24
LOTUSES_PER_COLOUR = 21
GATES_PER_COLOUR = 3
SHRINES, LANTERNS = 5, 10
ICON_COPIES = 3
LOTUS_PATTERNS = {(1, 1, 0), (0, 1, 1), (1, 0, 1), (0, 1, 0)}
FOREIGN_SYMBOLS = 5  # on the starting spaces only, one each

# The rulebook's numbers the pack keeps (docs/godo-reference-pack.md, issue 16).
MOST_STEPS_PER_TURN = 3  # "improve each virtue by up to 3 steps in one turn"
SYMBOLS_BAND = (2.0, 2.5)  # the book's examples collect 3, 2, 2, 1, 4 and 2 symbols
HEAD_START_BAND = (2.0, 3.5)  # "a few steps", on average over the measured draws
HEAD_START_MOST = 4


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack()


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_godo_pack", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def reference_json() -> dict[str, Any]:
    return json.loads(REFERENCE_PACK.read_text(encoding="utf-8"))


def tile_type(legs: tuple[int, int]) -> tuple[int, int]:
    return min(legs), max(legs)


# --- the shipped pack ----------------------------------------------------------------------------


def test_reference_pack_loads_by_default_and_by_path(pack: Pack) -> None:
    assert pack.name == "reference"
    assert load_pack(REFERENCE_PACK) == pack
    assert load_pack(str(REFERENCE_PACK)) == pack
    assert load_pack("reference") == pack  # by name, as the packs that ship are
    assert [tile.id for tile in pack.tiles] == list(range(NUM_TILES))


def test_reference_json_has_the_documented_top_level_keys() -> None:
    obj = reference_json()
    assert list(obj) == ["name", "description", "design", "tiles", "journal"]
    assert isinstance(obj["description"], str) and obj["description"]
    assert obj["design"] and all(isinstance(line, str) for line in obj["design"])


def test_reference_json_lists_one_tile_per_line() -> None:
    lines = REFERENCE_PACK.read_text(encoding="utf-8").splitlines()
    tile_lines = [line for line in lines if line.lstrip().startswith('{"id": ')]
    assert len(tile_lines) == NUM_TILES
    assert [json.loads(line.rstrip(","))["id"] for line in tile_lines] == list(range(NUM_TILES))


def test_every_colour_pair_comes_in_equal_copies(pack: Pack) -> None:
    types = Counter(tile_type(tile.legs) for tile in pack.tiles)
    pairs = NUM_COLOURS * (NUM_COLOURS + 1) // 2
    assert len(types) == pairs
    assert set(types.values()) == {NUM_TILES // pairs} == {COPIES}


def test_each_colour_is_on_leg_a_and_leg_b_equally(pack: Pack) -> None:
    leg_a = Counter(tile.legs[0] for tile in pack.tiles)
    leg_b = Counter(tile.legs[1] for tile in pack.tiles)
    for c in range(NUM_COLOURS):
        assert leg_a[c] + leg_b[c] == LEGS_PER_COLOUR
        assert leg_a[c] == leg_b[c]


def test_consecutive_ids_are_not_copies_of_one_type(pack: Pack) -> None:
    for before, after in zip(pack.tiles, pack.tiles[1:]):
        assert tile_type(before.legs) != tile_type(after.legs), (before.id, after.id)


def test_lotuses_follow_the_four_patterns(pack: Pack) -> None:
    patterns_by_type: dict[tuple[int, int], set] = {}
    for tile in pack.tiles:
        pattern = tuple(len(corner.lotuses) for corner in tile.corners)
        assert pattern in LOTUS_PATTERNS, tile.id
        patterns_by_type.setdefault(tile_type(tile.legs), set()).add(pattern)
    assert all(patterns == LOTUS_PATTERNS for patterns in patterns_by_type.values())


def test_lotus_colours_are_balanced_and_mixed(pack: Pack) -> None:
    lotuses = Counter(c for tile in pack.tiles for corner in tile.corners for c in corner.lotuses)
    assert all(lotuses[c] == LOTUSES_PER_COLOUR for c in range(NUM_COLOURS))
    on_leg = 0
    for tile in pack.tiles:
        colours = Counter(c for corner in tile.corners for c in corner.lotuses)
        assert max(colours.values()) < 3, f"tile {tile.id} has three lotuses of one colour"
        on_leg += sum(n for c, n in colours.items() if c in tile.legs)
    assert 0 < on_leg < sum(lotuses.values())


def test_markers_by_kind_and_colour(pack: Pack) -> None:
    markers = [corner.marker for tile in pack.tiles for corner in tile.corners if corner.marker]
    kinds = Counter(marker.kind for marker in markers)
    assert kinds == {GATE: GATES_PER_COLOUR * NUM_COLOURS, SHRINE: SHRINES, LANTERN: LANTERNS}
    gates = Counter(marker.colour for marker in markers if marker.kind == GATE)
    assert gates == {c: GATES_PER_COLOUR for c in range(NUM_COLOURS)}
    assert all(marker.colour is None for marker in markers if marker.kind != GATE)


def test_markers_are_spread_one_per_tile_at_most(pack: Pack) -> None:
    marked = [
        (tile, key, corner.marker)
        for tile in pack.tiles
        for key, corner in zip(CORNER_KEYS, tile.corners)
        if corner.marker
    ]
    per_tile = Counter(tile.id for tile, _, _ in marked)
    assert max(per_tile.values()) == 1
    assert len(per_tile) == GATES_PER_COLOUR * NUM_COLOURS + SHRINES + LANTERNS
    types = {tile_type(tile.legs) for tile in pack.tiles}
    assert {tile_type(tile.legs) for tile, _, _ in marked} == types
    assert {key for _, key, _ in marked} == set(CORNER_KEYS)
    gate_on_leg = [marker.colour in tile.legs for tile, _, marker in marked if marker.kind == GATE]
    assert any(gate_on_leg) and not all(gate_on_leg)


def test_standard_journal_shows_each_tracks_own_colour(pack: Pack) -> None:
    spaces = pack.standard.spaces
    for track, row in enumerate(spaces):
        assert all(track in space for space in row)
        assert all(space == {track} for space in row[1:]), "a foreign symbol could add a 4th step"
        assert len(row[0]) == 2
    symbols = Counter(c for row in spaces for space in row for c in space)
    assert len(set(symbols.values())) == 1 and set(symbols) == set(range(NUM_COLOURS))


def test_journal_has_the_rulebook_example_payment(pack: Pack) -> None:
    """'moves an Ensō token on the red track one space left, covering three virtues including
    blue': the red track pays for a blue path. The reference space shows two virtues, red and
    blue, not three: a second foreign colour on every starting space let strong solo play win too
    soon (docs/godo-reference-pack.md)."""
    red, blue = COLOURS.index("red"), COLOURS.index("blue")
    assert blue in pack.standard.spaces[red][0]


# --- the rulebook's numbers ----------------------------------------------------------------------


@pytest.mark.parametrize("side", ["standard", "variant"])
def test_a_virtue_gains_at_most_three_steps_a_turn(
    pack: Pack, script: ModuleType, side: str
) -> None:
    """'Players can improve each virtue by up to 3 steps in one turn, as there are only 3 tokens of
    each color.'"""
    journal = getattr(pack, side)
    assert [script.steps_per_turn(journal, t) for t in range(NUM_COLOURS)] == [
        MOST_STEPS_PER_TURN
    ] * NUM_COLOURS
    assert script.foreign_symbols(journal) == FOREIGN_SYMBOLS


def test_the_first_pack_broke_the_three_step_limit(script: ModuleType) -> None:
    """The measure can fail: on the first reference pack every colour showed on every track, so a
    virtue could gain 5 steps in one turn (issue 16)."""
    old = load_pack("reference-v1")
    assert old.name == "reference-v1"
    assert script.steps_per_turn(old.standard, 0) == 5
    assert script.foreign_symbols(old.standard) == 30


def test_an_intersection_gathers_two_to_two_and_a_half_symbols(
    pack: Pack, script: ModuleType
) -> None:
    low, high = SYMBOLS_BAND
    assert low <= statistics.mean(script.gathered_symbols(pack)) <= high
    assert statistics.mean(script.gathered_symbols(load_pack("reference-v1"))) > high


def test_the_initiation_head_start_is_a_few_steps(pack: Pack, script: ModuleType) -> None:
    starts = script.head_starts(pack)
    low, high = HEAD_START_BAND
    assert low <= statistics.mean(starts) <= high
    assert max(starts) <= HEAD_START_MOST
    assert max(script.head_starts(load_pack("reference-v1"))) > HEAD_START_MOST


def test_variant_journal_has_the_same_spaces_and_spread_icons(pack: Pack) -> None:
    assert pack.variant.spaces == pack.standard.spaces
    assert all(icon is None for row in pack.standard.icons for icon in row)
    placed = [
        (t, s, icon)
        for t, row in enumerate(pack.variant.icons)
        for s, icon in enumerate(row)
        if icon
    ]
    assert Counter(icon for _, _, icon in placed) == {icon: ICON_COPIES for icon in ICONS}
    assert all(1 <= s < MASTERY_SPACE for _, s, _ in placed)
    assert len({(t, icon) for t, _, icon in placed}) == len(placed), "a track carries an icon twice"
    assert {t for t, _, _ in placed} == set(range(NUM_COLOURS))
    assert {s for _, s, _ in placed} == set(range(1, MASTERY_SPACE))


# --- the generator -------------------------------------------------------------------------------


def test_check_passes_on_the_shipped_pack() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    assert "up to date" in result.stdout


def test_generator_writes_the_shipped_file(script: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "pack.json"
    assert script.main(["--output", str(out)]) == 0
    assert out.read_bytes() == REFERENCE_PACK.read_bytes()
    assert script.main(["--check", "--output", str(out)]) == 0


def test_check_fails_on_a_stale_or_missing_file(script: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "pack.json"
    assert script.main(["--check", "--output", str(out)]) == 1
    stale = REFERENCE_PACK.read_text(encoding="utf-8").replace('"lantern"', '"shrine"', 1)
    out.write_text(stale, encoding="utf-8")
    assert script.main(["--check", "--output", str(out)]) == 1


def test_check_reads_strictly(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert script.main(["--check", "--output", str(fifo)]) == 1  # refused at once, never waited on
    assert "not a regular file" in capsys.readouterr().err
    broken = tmp_path / "pack.json"
    text = REFERENCE_PACK.read_text(encoding="utf-8")
    broken.write_text(text.replace('"id": 3,', '"id": NaN,', 1), encoding="utf-8")
    assert script.main(["--check", "--output", str(broken)]) == 1
    assert "tiles[3].id: expected a finite number" in capsys.readouterr().err


# --- validation ----------------------------------------------------------------------------------


def _set(path: tuple, value: Any) -> Callable[[dict], None]:
    def corrupt(obj: dict) -> None:
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value

    return corrupt


def _pop(path: tuple) -> Callable[[dict], None]:
    def corrupt(obj: dict) -> None:
        for key in path:
            obj = obj[key]
        obj.pop()

    return corrupt


BROKEN = [
    ("tile count", _pop(("tiles",)), "tiles"),
    ("unknown leg colour", _set(("tiles", 7, "legs", 0), "orange"), "tiles[7].legs[0]"),
    ("one leg", _set(("tiles", 2, "legs"), ["red"]), "tiles[2].legs"),
    ("id out of order", _set(("tiles", 9, "id"), 10), "tiles[9].id"),
    (
        "unknown lotus colour",
        _set(("tiles", 4, "corners", "b", "lotuses"), ["Blue"]),
        "tiles[4].corners.b.lotuses[0]",
    ),
    (
        "two markers",
        _set(("tiles", 3, "corners", "a", "markers"), ["shrine", "lantern"]),
        "tiles[3].corners.a.markers",
    ),
    (
        "unknown marker",
        _set(("tiles", 5, "corners", "right", "markers"), ["torii"]),
        "tiles[5].corners.right.markers[0]",
    ),
    (
        "gate of no colour",
        _set(("tiles", 6, "corners", "b", "markers"), ["gate:orange"]),
        "tiles[6].corners.b.markers[0]",
    ),
    ("missing corner", _set(("tiles", 8, "corners"), {"right": {}, "a": {}}), "tiles[8].corners.b"),
    ("four tracks", _pop(("journal", "standard", "spaces")), "journal.standard.spaces"),
    ("five spaces", _pop(("journal", "variant", "spaces", 2)), "journal.variant.spaces[2]"),
    (
        "unknown icon",
        _set(("journal", "variant", "icons", 1, 2), "teleport"),
        "journal.variant.icons[1][2]",
    ),
    (
        "icon on the mastery space",
        _set(("journal", "variant", "icons", 0, MASTERY_SPACE), "move_monk"),
        f"journal.variant.icons[0][{MASTERY_SPACE}]",
    ),
    (
        "icons on the standard side",
        _set(("journal", "standard", "icons"), [[None] * TRACK_LENGTH] * NUM_COLOURS),
        "journal.standard.icons",
    ),
    (
        "duplicate colour",
        _set(("journal", "standard", "spaces", 3, 4), ["red", "red"]),
        "journal.standard.spaces[3][4]",
    ),
    (
        "unknown journal colour",
        _set(("journal", "variant", "spaces", 0, 0, 1), "pink"),
        "journal.variant.spaces[0][0][1]",
    ),
    ("missing side", lambda obj: obj["journal"].pop("variant"), "journal.variant"),
    ("unknown key", _set(("colour",), "blue"), "pack.colour"),
]


@pytest.mark.parametrize(
    "corrupt, where", [case[1:] for case in BROKEN], ids=[case[0] for case in BROKEN]
)
def test_broken_pack_names_the_place(corrupt: Callable[[dict], None], where: str) -> None:
    obj = copy.deepcopy(reference_json())
    corrupt(obj)
    with pytest.raises(PackError) as info:
        parse_pack(obj)
    assert isinstance(info.value, ValueError)
    assert str(info.value).startswith(f"{where}: "), str(info.value)


def test_broken_pack_file_is_reported_by_load_pack(tmp_path: Path) -> None:
    obj = reference_json()
    obj["tiles"][7]["legs"][0] = "orange"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(
        PackError, match=r"^tiles\[7\]\.legs\[0\]: expected one of blue, .*, got 'orange'"
    ):
        load_pack(path)


def test_a_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "pack.json"
    path.write_text('{"name": "oops", "tiles": [', encoding="utf-8")
    with pytest.raises(PackError, match=r"^pack: not valid JSON: .* \(in .*pack\.json\)"):
        load_pack(path)


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PackError, match=r"^pack: cannot read .*missing\.json"):
        load_pack(tmp_path / "missing.json")


def test_a_pack_that_is_not_an_object() -> None:
    with pytest.raises(PackError, match=r"^pack: expected an object, got a list"):
        parse_pack([])
