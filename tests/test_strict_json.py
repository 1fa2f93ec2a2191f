"""The strict JSON reader (solver.core.strict_json) and the records file (solver.records).

Every class of hostile JSON named in the hardening issue is refused with the error of the document's
kind, naming the member; the records file is written atomically and never lost.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import records
from solver.core import strict_json as sj
from solver.core.errors import PackError, PositionError, RecordError

HOSTILE = [
    ("[" * 100_000 + "]" * 100_000, "pack", "nested more than 32 deep"),
    ('{"tiles": [{"id": ' + "9" * 5000 + "}]}", "tiles[0].id", "5000 digits"),
    ('{"tiles": [{"id": 12345678901234567890}]}', "tiles[0].id", "fits in 64 bits"),
    ('{"name": "\\ud800"}', "name", "unpaired surrogate"),
    ('{"name": "ok\\udc00"}', "name", "unpaired surrogate"),
    ('{"points": NaN}', "points", "finite"),
    ('{"points": -Infinity}', "points", "finite"),
    ('{"points": 1e999}', "points", "finite"),
    ('{"a": 1, "a": 2}', "pack", "given twice"),
    ("{'a': 1}", "pack", "not valid JSON"),
    ("", "pack", "not valid JSON"),
    (b"\xff\xfe{}", "pack", "not UTF-8"),
]


@pytest.mark.parametrize("text, field, words", HOSTILE)
def test_hostile_text_is_refused_naming_the_member(text, field, words):
    with pytest.raises(PackError) as info:
        sj.loads(text, sj.packs, "pack")
    assert info.value.field == field
    assert words in str(info.value)


def test_a_surrogate_pair_is_one_valid_character():
    assert sj.loads('{"name": "\\ud83d\\ude00"}') == {"name": "\U0001f600"}


@pytest.mark.parametrize(
    "value, field",
    [
        ({"a": [1, float("nan")]}, "a[1]"),
        ({"a": {"b": 2**70}}, "a.b"),
        ({"a": "\udfff"}, "a"),
        ({"a": {1: 2}}, "a"),
        ({"a": (1, 2)}, "a"),
        ({"a": {1.5}}, "a"),
    ],
)
def test_check_tree_refuses_python_values_no_json_holds(value, field):
    with pytest.raises(PositionError) as info:
        sj.check_tree(value)
    assert info.value.field == field


def test_check_tree_walks_deep_structures_without_recursion():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(PositionError, match="nested more than 32 deep"):
        sj.check_tree({"a": deep})


@pytest.mark.parametrize(
    "check, value, words",
    [
        (lambda v: sj.positions.integer(v, "f", 0, 5), 40.0, "expected an integer, got 40.0"),
        (lambda v: sj.positions.integer(v, "f", 0, 5), True, "expected an integer, got True"),
        (lambda v: sj.positions.integer(v, "f", 0, 5), 10**5000, "a number with 5001 digits"),
        (lambda v: sj.positions.integer(v, "f", 0, 5), 6, "expected 0 to 5, got 6"),
        (lambda v: sj.positions.number(v, "f"), float("inf"), "finite"),
        (lambda v: sj.positions.boolean(v, "f"), 1, "true or false"),
        (lambda v: sj.positions.string(v, "f"), "\ud800", "unpaired surrogate"),
        (lambda v: sj.positions.string(v, "f"), 3, "expected a string"),
        (lambda v: sj.positions.array(v, "f", length=2), [1], "expected 2 entries"),
        (lambda v: sj.positions.object(v, "f", ("a",)), {"b": 1}, "unknown field"),
        (lambda v: sj.positions.object(v, "f", ("a",), required=("a",)), {}, "missing"),
        (lambda v: sj.positions.choice(v, "f", (1, 2)), True, "expected one of 1, 2"),
    ],
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_field_checks_name_the_field(check, value, words):
    with pytest.raises(PositionError) as info:
        check(value)
    assert info.value.field.startswith("f")
    assert words in str(info.value)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_text_is_parsed_or_refused_cleanly(text):
    try:
        value = sj.loads(text)
    except PositionError:
        return
    json.dumps(value, ensure_ascii=False).encode("utf-8")  # whatever is accepted is clean JSON


@settings(max_examples=100, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3)))
def test_json_round_trips_or_names_what_is_wrong(value):
    try:
        sj.check_tree(value)
    except PositionError as exc:
        assert exc.field is not None
        return
    assert sj.loads(json.dumps(value)) == value


def test_load_file_refuses_what_is_not_a_regular_file(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path, "/dev/zero"):
        with pytest.raises(PositionError, match="not a regular file|Is a directory"):
            sj.load_file(path, field="position")
    with pytest.raises(PositionError, match="cannot read"):
        sj.load_file(tmp_path / "missing.json", field="position")


def test_load_file_names_the_member_and_the_file(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('{"players": 2.0}')
    with pytest.raises(PositionError) as info:
        sj.positions.integer(sj.load_file(path)["players"], "players", 1, 5)
    assert info.value.field == "players"
    path.write_text('{"players": NaN}')
    with pytest.raises(PositionError, match=r"players: expected a finite number, got nan \(in .*p.json\)"):
        sj.load_file(path)


# -- the records file ------------------------------------------------------------------------------


def test_records_keep_the_best_score(tmp_path):
    path = str(tmp_path / "r" / "records.json")
    assert records.update_record(path, "k", 10, "a", 1, "d") == (True, None)
    assert records.update_record(path, "k", 9, "b", 2, "d")[0] is False
    new, previous = records.update_record(path, "k", 11, "c", 3, "d")
    assert new and previous["score"] == 10
    assert records.load_records(path)["k"]["score"] == 11
    assert [p for p in os.listdir(tmp_path / "r")] == ["records.json"]  # no temporary file left


@pytest.mark.parametrize(
    "text, field",
    [
        ("[1, 2]", "record"),
        ('{"k": {"score": 4.0}}', "k.score"),
        ('{"k": {"score": 4, "agent": 3}}', "k.agent"),
        ('{"k": {"agent": "x"}}', "k.score"),
        ('{"k": {"score": 4, "colour": "red"}}', "k.colour"),
        ('{"k": {"score": ' + "9" * 400 + "}}", "k.score"),
        ('{"k": {"score": 1, "agent": "\\ud800"}}', "k.agent"),
        ("[" * 50_000, "record"),
    ],
)
def test_a_broken_records_file_is_refused_and_kept(tmp_path, text, field):
    path = tmp_path / "records.json"
    path.write_text(text)
    with pytest.raises(RecordError) as info:
        records.update_record(str(path), "k", 99, "a", 1, "d")
    assert info.value.field == field
    assert path.read_text() == text


@contextmanager
def kept_as_it_was(tmp_path: Path) -> Iterator[str]:
    """The path of a records file holding one record, which what runs inside must leave byte for
    byte, with no temporary file beside it."""
    path = tmp_path / "records.json"
    records.update_record(str(path), "k", 10, "a", 1, "d")
    before = path.read_bytes()
    yield str(path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["records.json"]


@pytest.mark.parametrize("field", ["key", "agent", "date"])
def test_text_that_cannot_be_written_is_refused_naming_its_field(tmp_path, field):
    texts = {"key": "k", "agent": "a", "date": "d", field: "mcts\ud800"}
    with kept_as_it_was(tmp_path) as path, pytest.raises(RecordError) as info:
        records.update_record(path, texts["key"], 20, texts["agent"], 1, texts["date"])
    assert info.value.field == field and "unpaired surrogate" in str(info.value)


def test_a_failed_write_leaves_the_old_file_byte_for_byte(tmp_path, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    with kept_as_it_was(tmp_path) as path, pytest.raises(RecordError, match="No space left on device"):
        monkeypatch.setattr(os, "fsync", full)
        records.update_record(path, "k", 20, "a", 1, "d")


def test_a_write_interrupted_by_ctrl_c_leaves_the_old_file(tmp_path, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    with kept_as_it_was(tmp_path) as path, pytest.raises(KeyboardInterrupt):
        monkeypatch.setattr(os, "replace", interrupted)
        records.update_record(path, "k", 20, "a", 1, "d")


@pytest.mark.parametrize("special", ["fifo", "/dev/full", "dir", "file-as-folder"])
def test_a_path_that_cannot_hold_records_is_refused_at_once(tmp_path, special):
    if special == "fifo":
        path = str(tmp_path / "fifo")
        os.mkfifo(path)
    elif special == "dir":
        path = str(tmp_path)
    elif special == "file-as-folder":
        (tmp_path / "plain").write_text("x")
        path = str(tmp_path / "plain" / "records.json")
    else:
        path = special
    outcome: list = []

    def attempt() -> None:
        try:
            records.update_record(path, "k", 1, "a", 1, "d")
        except RecordError as exc:
            outcome.append(exc)

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(timeout=5)
    assert not worker.is_alive(), "refusing the path hung"
    assert outcome and outcome[0].field == "record"


def test_records_follow_a_link_to_the_real_file(tmp_path):
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    records.update_record(str(real), "k", 1, "a", 1, "d")
    link.symlink_to(real)
    records.update_record(str(link), "k", 5, "a", 1, "d")
    assert link.is_symlink()
    assert records.load_records(str(real))["k"]["score"] == 5
