"""Schema versions: old files are migrated step by step, newer ones refused untouched."""
from __future__ import annotations

import pytest

from scorekeeper.storage import migrations
from scorekeeper.storage.errors import DamagedFileError, NewerSchemaError
from scorekeeper.storage.migrations import SCHEMA_VERSION, migrate


def test_current_file_is_not_changed(tmp_path):
    data = {"meta": {"1": {"schema": SCHEMA_VERSION, "kind": "game"}}, "game": {}}
    assert migrate(data, "game", tmp_path / "g.json") == (data, False)


def test_version_0_file_without_meta_gets_one(tmp_path):
    data, changed = migrate({"game": {"1": {"id": "x"}}}, "game", tmp_path / "g.json")
    assert changed
    assert data["meta"]["1"] == {"schema": SCHEMA_VERSION, "kind": "game"}
    assert data["game"]["1"]["id"] == "x"
    assert [e["change"] for e in data["game"]["1"]["history"]] == ["not-recorded"]  # version 1 -> 2


def test_each_step_runs_in_order(tmp_path, monkeypatch):
    calls = []

    def step(version):
        def run(data, kind):
            calls.append(version)
            return {**data, "trail": {"1": {"v": version}}}
        return run

    monkeypatch.setattr(migrations, "SCHEMA_VERSION", 3)
    monkeypatch.setattr(migrations, "MIGRATIONS", {0: step(0), 1: step(1), 2: step(2)})
    data, changed = migrations.migrate({"meta": {"1": {"schema": 1, "kind": "index"}}}, "index", tmp_path / "i")
    assert changed and calls == [1, 2]
    assert data["meta"]["1"]["schema"] == 3


def test_newer_schema_is_refused_with_a_clear_message(tmp_path):
    path = tmp_path / "index.json"
    with pytest.raises(NewerSchemaError) as caught:
        migrate({"meta": {"1": {"schema": SCHEMA_VERSION + 1, "kind": "index"}}}, "index", path)
    message = str(caught.value)
    assert str(path) in message and "newer version" in message and "untouched" in message


def test_a_game_file_where_the_index_belongs_is_damage(tmp_path):
    with pytest.raises(DamagedFileError, match="'game' database"):
        migrate({"meta": {"1": {"schema": 1, "kind": "game"}}}, "index", tmp_path / "index.json")


def test_a_schema_that_is_not_a_number_is_damage(tmp_path):
    with pytest.raises(DamagedFileError, match="schema version"):
        migrate({"meta": {"1": {"schema": "two"}}}, "game", tmp_path / "g.json")
