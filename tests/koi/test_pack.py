"""KOI packs: the reference pack is current, a user's pack loads from a file, broken packs are
refused naming the field."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import solver
from solver import PackError
from solver.games.koi.pack import load_pack
from tests.koi.builders import make_pack

ROOT = Path(__file__).resolve().parents[2]


def test_the_reference_pack_is_current() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_koi_pack.py"), "--check"],
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stdout


def test_a_users_pack_loads_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(make_pack(name="mine")))
    game = solver.load_game("koi", players=2, pack=str(path))
    assert game.pack.name == "mine" and game.pack.card_index("Calm") is not None
    assert game.new_initial_state().to_json()["pack"] == "mine"


BROKEN = [
    ({"koi": {"prices": [2, 3], "points": [1, 2, 3], "supply": [[1, 1, 1]] * 4}}, "koi.prices"),
    ({"storage": {"capacity": 2, "expansion_hexes": 2}}, "storage.capacity"),
    ({"work": {"tiles": 0}}, "work.tiles"),
    ({"supply": {"water": 1}}, "supply.foliage"),
    ({"solo": {"titles": [[10, "a"], [5, "b"]]}}, "solo.titles[1][0]"),
    (
        {"deck": [{"name": "X", "effect": {"kind": "gain"}, "copies": [9, 9, 9, 9]}]},
        "deck[0].effect",
    ),
    (
        {"deck": [{"name": "X", "effect": {"kind": "fly"}, "copies": [9, 9, 9, 9]}]},
        "deck[0].effect.kind",
    ),
    (
        {
            "deck": [
                {
                    "name": "X",
                    "effect": {"kind": "goal", "per": "sky", "points": 1},
                    "copies": [9, 9, 9, 9],
                }
            ]
        },
        "deck[0].effect.per",
    ),
    ({"deck": [{"name": "X", "effect": {"kind": "storage"}, "copies": [1, 1, 1, 1]}]}, "deck"),
]


@pytest.mark.parametrize(("changes", "field"), BROKEN, ids=[f for _, f in BROKEN])
def test_a_broken_pack_is_refused_naming_the_field(changes: dict, field: str) -> None:
    with pytest.raises(PackError) as info:
        load_pack(make_pack(**changes))
    assert info.value.field == field, info.value


def test_a_card_name_given_twice_is_refused() -> None:
    pack = make_pack()
    pack["deck"].append(dict(pack["deck"][0]))
    with pytest.raises(PackError) as info:
        load_pack(pack)
    assert info.value.field == f"deck[{len(pack['deck']) - 1}].name"
