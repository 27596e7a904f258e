"""The atomic TinyDB storage: whole-file replace, fsync, cleanup, and refusing damaged files."""
from __future__ import annotations

import json
import os

import pytest
from tinydb import TinyDB

from scorekeeper.storage.atomic import (
    AtomicJSONStorage, atomic_write_bytes, move_aside, parse_database, remove_temp_files,
)
from scorekeeper.storage.errors import DamagedFileError


def test_tinydb_round_trip_through_atomic_storage(tmp_path):
    path = tmp_path / "db.json"
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        db.insert({"player": "Ann", "bid": 4})
        db.table("other").insert({"x": 1})
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        assert db.all() == [{"player": "Ann", "bid": 4}]
        assert db.table("other").all() == [{"x": 1}]


def test_write_leaves_no_temporary_file_behind(tmp_path):
    path = tmp_path / "db.json"
    storage = AtomicJSONStorage(path)
    for n in range(5):
        storage.write({"t": {"1": {"n": n}}})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db.json"]


def test_leftover_temporary_files_are_removed_on_open(tmp_path):
    path = tmp_path / "db.json"
    path.write_text('{"_default": {}}')
    leftover = tmp_path / ".db.json.abc123.tmp"
    leftover.write_text('{"_defau')
    other = tmp_path / ".other.json.abc123.tmp"  # another file's temp: not ours to remove
    other.write_text("x")
    AtomicJSONStorage(path)
    assert not leftover.exists()
    assert other.exists()
    assert remove_temp_files(path) == []


def test_a_failed_write_keeps_the_old_file(tmp_path):
    path = tmp_path / "db.json"
    storage = AtomicJSONStorage(path)
    storage.write({"t": {"1": {"n": 1}}})
    with pytest.raises(TypeError):
        storage.write({"t": {"1": {"n": object()}}})
    assert storage.read() == {"t": {"1": {"n": 1}}}
    assert [p.name for p in tmp_path.iterdir()] == ["db.json"]


def test_backup_keeps_the_previous_save(tmp_path):
    path = tmp_path / "db.json"
    storage = AtomicJSONStorage(path, backup=True)
    storage.write({"t": {"1": {"n": 1}}})
    storage.write({"t": {"1": {"n": 2}}})
    assert json.loads((tmp_path / "db.json.bak").read_text()) == {"t": {"1": {"n": 1}}}
    assert storage.read() == {"t": {"1": {"n": 2}}}


def test_each_save_gets_a_later_mtime_even_within_one_clock_tick(tmp_path):
    path = tmp_path / "f.json"
    stamps = []
    for n in range(20):
        atomic_write_bytes(path, b"{}", durable=False)
        stamps.append(os.stat(path).st_mtime_ns)
    assert stamps == sorted(set(stamps))


def test_missing_file_reads_as_empty(tmp_path):
    assert AtomicJSONStorage(tmp_path / "none.json").read() is None


@pytest.mark.parametrize(
    "content, reason",
    [
        pytest.param(b"", "empty", id="empty-file"),
        pytest.param(b"   \n", "empty", id="blank-file"),
        pytest.param(b"hello, not json", "not valid JSON", id="not-json"),
        pytest.param(b'{"_default": {"1": {"player": "An', "not valid JSON", id="truncated"),
        pytest.param(b"\xff\xfe\x00garbage", "not text", id="binary"),
        pytest.param(b"[1, 2, 3]", "expected a JSON object", id="list-not-object"),
        pytest.param(b'{"_default": [1]}', "is not a JSON object", id="table-not-object"),
        pytest.param(b'{"_default": {"x": {}}}', "malformed document", id="bad-doc-id"),
        pytest.param(b'{"_default": {"1": 5}}', "malformed document", id="doc-not-object"),
    ],
)
def test_damaged_files_are_refused_and_left_alone(tmp_path, content, reason):
    path = tmp_path / "db.json"
    path.write_bytes(content)
    storage = AtomicJSONStorage(path)
    with pytest.raises(DamagedFileError, match=reason) as caught:
        storage.read()
    assert str(path) in str(caught.value)
    assert path.read_bytes() == content


def test_move_aside_adds_a_timestamp_and_never_overwrites(tmp_path):
    path = tmp_path / "index.json"
    path.write_text("first")
    first = move_aside(path)
    path.write_text("second")
    second = move_aside(path)
    assert not path.exists()
    assert first != second
    assert first.name.startswith("index.json.damaged-") and first.read_text() == "first"
    assert second.read_text() == "second"


def test_parse_database_accepts_tinydb_shape(tmp_path):
    assert parse_database(b'{"_default": {"1": {"a": 1}}, "t": {}}', tmp_path / "x") == {
        "_default": {"1": {"a": 1}}, "t": {}}
