"""Kokoro component packs: the reference pack (mat sides, deck), its generator, and validation."""

from __future__ import annotations

import copy
import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from solver.core.errors import PackError
from solver.games.kokoro.pack import REFERENCE_PACK, Pack, load_pack, parse_pack

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "make_kokoro_mat.py"
RESEARCH = ROOT.parent / "shared" / "research" / "data" / "avenue_map_A_hervan.json"


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack()


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_kokoro_mat", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_pack_is_what_the_script_writes(script: ModuleType, capsys) -> None:
    assert json.loads(REFERENCE_PACK.read_text(encoding="utf-8")) == script.make_pack()
    assert script.main(["--check"]) == 0
    assert "is up to date" in capsys.readouterr().out


def test_the_script_check_notices_a_stale_file(script: ModuleType, tmp_path: Path, capsys) -> None:
    stale = tmp_path / "reference.json"
    stale.write_text("{}", encoding="utf-8")
    assert script.main(["--check", "--output", str(stale)]) == 1
    assert script.main(["--output", str(stale)]) == 0
    assert script.main(["--check", "--output", str(stale)]) == 0


def test_the_blue_side_is_avenue_mirrored_with_the_guardians_top_left_and_bottom_right(
    pack: Pack,
) -> None:
    blue = pack.mats["blue"]
    assert (blue.columns, blue.rows, len(blue.spaces)) == (6, 7, 42)
    assert blue.guardian_space("lady") == 0 and blue.guardian_space("lion") == 41
    assert (blue.caterpillars, blue.flowers) == (24, 24)
    assert {s.sanctuary for s in blue.spaces if s.sanctuary} == set("ABCDEF")
    assert blue.coords(blue.sanctuary_space("A")) == (0, 3)


@pytest.mark.skipif(not RESEARCH.exists(), reason="the research data is not next to this checkout")
def test_the_blue_side_matches_the_research_transcription(pack: Pack) -> None:
    """Green grapes are caterpillars, purple flowers, farms sanctuaries, castles guardians; the
    grid is mirrored left-right."""
    data = json.loads(RESEARCH.read_text(encoding="utf-8"))
    blue = pack.mats["blue"]
    for cell in data["cells"]:
        space = blue.spaces[cell["row"] * 6 + 5 - cell["col"]]
        if cell["kind"] == "grapes":
            assert (space.caterpillars, space.flowers) == (cell["green"], cell["purple"]), cell
        elif cell["kind"] == "farm":
            assert space.sanctuary == cell["farm"], cell
        elif cell["kind"] == "castle":
            assert space.guardian == {"green": "lady", "purple": "lion"}[cell["castle_color"]], cell
        else:
            assert space == type(space)(), cell


def test_the_pink_side_numbers_the_ten_featureless_spaces(pack: Pack) -> None:
    pink, blue = pack.mats["pink"], pack.mats["blue"]
    assert [pink.die_space(f) is not None for f in range(1, 11)] == [True] * 10
    numbered = sorted(pink.die_space(f) for f in range(1, 11))
    assert numbered == [i for i, s in enumerate(pink.spaces) if s.die]  # in reading order
    for i in numbered:
        space = pink.spaces[i]
        assert (space.caterpillars, space.flowers, space.sanctuary, space.guardian) == (
            0,
            0,
            None,
            None,
        )
    assert pink.guardian_space("lady") is None
    assert [(s.caterpillars, s.flowers, s.sanctuary) for s in reversed(pink.spaces)] == [
        (s.caterpillars, s.flowers, s.sanctuary) for s in blue.spaces
    ]  # the blue grid turned half a turn


def test_the_deck_is_avenue_s_42_cards(pack: Pack) -> None:
    counts = pack.counts()
    assert len(pack.deck) == 42
    assert all(counts[s, True] + counts[s, False] == 7 for s in range(1, 7))
    assert [counts[s, True] for s in range(1, 7)] == [4, 4, 4, 4, 3, 3]  # 22 golden
    assert counts is not pack.counts()  # a fresh dict each time


def test_a_pack_loads_from_a_file(tmp_path: Path, pack: Pack) -> None:
    path = tmp_path / "mine.json"
    path.write_text(REFERENCE_PACK.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_pack(str(path)) == pack
    with pytest.raises(PackError, match="cannot read"):
        load_pack(tmp_path / "missing.json")
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(PackError, match="not valid JSON"):
        load_pack(path)


def _reference() -> dict[str, Any]:
    return json.loads(REFERENCE_PACK.read_text(encoding="utf-8"))


def _set(path: tuple, value: Any) -> Callable[[dict], None]:
    def change(obj: dict) -> None:
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value

    return change


def _delete(path: tuple) -> Callable[[dict], None]:
    def change(obj: dict) -> None:
        for key in path[:-1]:
            obj = obj[key]
        del obj[path[-1]]

    return change


BLUE = ("mats", "blue", "spaces")
PINK = ("mats", "pink", "spaces")
BROKEN = {
    "mats not an object": (_set(("mats",), 3), "mats"),
    "unknown top key": (_set(("colour",), 1), "pack.colour"),
    "no blue side": (_delete(("mats", "blue")), "mats.blue"),
    "unknown side": (_set(("mats", "green"), {}), "mats.green"),
    "unknown space key": (_set((*BLUE, 1, 1, "rocks"), 2), "mats.blue.spaces[1][1].rocks"),
    "too many caterpillars": (_set((*BLUE, 0, 2, "caterpillars"), 8), "mats.blue.spaces[0][2].caterpillars"),
    "negative flowers": (_set((*BLUE, 0, 4, "flowers"), -1), "mats.blue.spaces[0][4].flowers"),
    "flowers not a number": (_set((*BLUE, 0, 4, "flowers"), "2"), "mats.blue.spaces[0][4].flowers"),
    "bad sanctuary": (_set((*BLUE, 0, 3, "sanctuary"), "G"), "mats.blue.spaces[0][3].sanctuary"),
    "two sanctuaries A": (_set((*BLUE, 1, 0), {"sanctuary": "A"}), "mats.blue.spaces[1][0].sanctuary"),
    "a missing sanctuary": (_set((*BLUE, 0, 3), {}), "mats.blue.spaces"),
    "bad guardian": (_set((*BLUE, 0, 0, "guardian"), "fox"), "mats.blue.spaces[0][0].guardian"),
    "a missing lion": (_set((*BLUE, 6, 5), {}), "mats.blue.spaces"),
    "two ladies": (_set((*BLUE, 0, 1), {"guardian": "lady"}), "mats.blue.spaces[0][1].guardian"),
    "a guardian on a sanctuary": (_set((*BLUE, 0, 3, "guardian"), "lady"), "mats.blue.spaces[0][3]"),
    "a die on the blue side": (_set((*BLUE, 0, 1, "die"), 3), "mats.blue.spaces[0][1].die"),
    "a guardian on the pink side": (_set((*PINK, 0, 1, "guardian"), "lady"), "mats.pink.spaces[0][1].guardian"),
    "die 11": (_set((*PINK, 0, 0, "die"), 11), "mats.pink.spaces[0][0].die"),
    "die 3 twice": (_set((*PINK, 0, 0, "die"), 3), "mats.pink.spaces[1][0].die"),
    "a row too short": (lambda o: o["mats"]["blue"]["spaces"][2].pop(), "mats.blue.spaces[2]"),
    "too many columns": (lambda o: [row.extend([{}] * 3) for row in o["mats"]["blue"]["spaces"]], "mats.blue.spaces[0]"),
    "too many spaces": (lambda o: o["mats"]["blue"]["spaces"].extend([[{}] * 6] * 4), "mats.blue.spaces"),
    "no rows": (_set(BLUE, []), "mats.blue.spaces"),
    "a row not a list": (_set((*BLUE, 3), "row"), "mats.blue.spaces[3]"),
    "no deck": (_delete(("deck",)), "deck"),
    "empty deck": (_set(("deck",), []), "deck"),
    "segment 7": (_set(("deck", 5, "segment"), 7), "deck[5].segment"),
    "golden not a bool": (_set(("deck", 5, "golden"), 1), "deck[5].golden"),
    "unknown card key": (_set(("deck", 9, "colour"), "gold"), "deck[9].colour"),
    "name not a string": (_set(("name",), 7), "name"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_pack_is_refused_naming_the_space_or_card(name: str) -> None:
    change, field = BROKEN[name]
    obj = copy.deepcopy(_reference())
    change(obj)
    with pytest.raises(PackError) as info:
        parse_pack(obj)
    assert info.value.field == field, f"{name}: {info.value}"


def test_a_pack_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(PackError) as info:
        parse_pack([])
    assert info.value.field == "pack"


def test_a_pack_without_a_pink_side_is_fine() -> None:
    obj = _reference()
    del obj["mats"]["pink"]
    assert set(parse_pack(obj).mats) == {"blue"}
