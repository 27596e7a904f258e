"""Damaged files are moved aside (never overwritten) and newer schemas are refused untouched."""
from __future__ import annotations

import json

import pytest

from scorekeeper.storage import NewerSchemaError, Repository, SCHEMA_VERSION, StorageError, UnreadableGameError

from .conftest import PLAYERS, hand, rules


def _game(repo, hands=2):
    game_id = repo.create_game(rules(), PLAYERS)
    for _ in range(hands):
        repo.record_hand(game_id, hand())
    return game_id


def _damaged_copies(folder, name):
    return sorted(p for p in folder.iterdir() if p.name.startswith(f"{name}.damaged-"))


# ----- the games list (index) ---------------------------------------------------------------------
@pytest.mark.parametrize("damage", [
    pytest.param(lambda raw: raw[: len(raw) // 2], id="truncated"),
    pytest.param(lambda raw: b"this is not json at all", id="not-json"),
    pytest.param(lambda raw: b'["a", "list"]', id="wrong-shape"),
    pytest.param(lambda raw: b"", id="empty"),
])
def test_damaged_index_is_moved_aside_and_rebuilt(repo, damage):
    game_id = _game(repo)
    repo.list_games()  # writes the index
    index = repo.index_path
    raw = index.read_bytes()
    index.write_bytes(damage(raw))
    damaged = index.read_bytes()

    reopened = Repository(repo.data_dir)
    [moved] = _damaged_copies(repo.data_dir, "index.json")
    assert moved.read_bytes() == damaged  # the damaged file itself, untouched
    assert len(reopened.notices) == 1 and str(moved) in reopened.notices[0]
    assert "damaged" in reopened.notices[0]
    assert [s.id for s in reopened.list_games()] == [game_id]
    assert reopened.list_games()[0].hands_played == 2


def test_newer_index_is_refused_and_left_untouched(repo):
    _game(repo)
    repo.list_games()
    data = json.loads(repo.index_path.read_text())
    data["meta"]["1"]["schema"] = SCHEMA_VERSION + 1
    repo.index_path.write_text(json.dumps(data))
    before = repo.index_path.read_bytes()
    with pytest.raises(NewerSchemaError) as caught:
        Repository(repo.data_dir)
    message = str(caught.value)
    assert str(repo.index_path) in message and "newer version of scorekeeper" in message
    assert "untouched" in message
    assert repo.index_path.read_bytes() == before
    assert _damaged_copies(repo.data_dir, "index.json") == []


# ----- one game file -----------------------------------------------------------------------------------
@pytest.mark.parametrize("content", [
    pytest.param(None, id="truncated"),
    pytest.param(b"\x00\x01 not json", id="not-json"),
    pytest.param(b'{"meta": {"1": {"schema": 1, "kind": "game"}}, "game": {}}', id="no-game-in-it"),
])
def test_damaged_game_file_falls_back_to_its_last_good_save(repo, content):
    game_id = _game(repo, hands=3)
    path = repo.games_dir / f"{game_id}.json"
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) - 40] if content is None else content)
    damaged = path.read_bytes()

    stored = repo.get(game_id)
    assert stored.record["hands"] == [hand()] * 2  # the save before the last one
    [moved] = _damaged_copies(repo.games_dir, f"{game_id}.json")
    assert moved.read_bytes() == damaged
    assert any(str(moved) in notice and "previous save was restored" in notice for notice in repo.notices)
    repo.record_hand(game_id, hand())  # and the game goes on
    assert len(Repository(repo.data_dir).get(game_id).game.hands) == 3


def test_damaged_game_without_backup_is_moved_aside_and_dropped_from_the_list(repo):
    keep = _game(repo)
    lost = repo.create_game(rules(), PLAYERS)  # only one save: no backup yet
    repo.list_games()
    path = repo.games_dir / f"{lost}.json"
    path.write_text("{ not json")
    listed = [s.id for s in repo.list_games()]
    assert listed == [keep]
    [moved] = _damaged_copies(repo.games_dir, f"{lost}.json")
    assert moved.read_text() == "{ not json"
    assert any(lost in n and str(moved) in n for n in repo.notices)
    with pytest.raises(StorageError, match="no game"):
        repo.get(lost)


def test_get_of_a_damaged_game_names_where_it_went(repo):
    lost = repo.create_game(rules(), PLAYERS)
    (repo.games_dir / f"{lost}.json").write_text("garbage")
    with pytest.raises(StorageError, match=f"game {lost} could not be read .*moved to .*damaged-"):
        repo.get(lost)


def test_newer_game_file_is_refused_untouched_and_listed_as_unreadable(repo):
    keep = _game(repo)
    newer = _game(repo)
    path = repo.games_dir / f"{newer}.json"
    data = json.loads(path.read_text())
    data["meta"]["1"]["schema"] = SCHEMA_VERSION + 5
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(NewerSchemaError, match="newer version"):
        repo.get(newer)
    with pytest.raises(NewerSchemaError):
        repo.record_hand(newer, hand())
    listed = {s.id: s for s in repo.list_games()}
    assert set(listed) == {keep, newer}
    assert listed[keep].unreadable is None
    assert listed[newer].unreadable.startswith("saved by a newer version of scorekeeper (data schema "
                                               f"{SCHEMA_VERSION + 5}")
    assert listed[newer].title == listed[keep].title and listed[newer].created
    assert repo.exchange.raw_record(newer) == data["game"]["1"]["record"]
    assert path.read_bytes() == before


def test_version_0_game_file_is_migrated_on_its_next_save(repo):
    game_id = _game(repo)
    path = repo.games_dir / f"{game_id}.json"
    data = json.loads(path.read_text())
    del data["meta"]
    path.write_text(json.dumps(data))
    assert len(repo.get(game_id).game.hands) == 2
    repo.record_hand(game_id, hand())
    assert json.loads(path.read_text())["meta"]["1"] == {"schema": SCHEMA_VERSION, "kind": "game"}


def test_leftover_temporary_files_are_cleaned_when_the_folder_is_opened(repo):
    game_id = _game(repo)
    leftovers = [repo.games_dir / f".{game_id}.json.x1y2.tmp", repo.data_dir / ".index.json.abc.tmp"]
    for leftover in leftovers:
        leftover.write_text('{"half": ')
    Repository(repo.data_dir)
    assert not any(p.exists() for p in leftovers)


def test_a_record_that_no_longer_loads_is_reported_not_moved(repo):
    game_id = _game(repo)
    path = repo.games_dir / f"{game_id}.json"
    data = json.loads(path.read_text())
    data["game"]["1"]["record"]["hands"][0]["tricks"] = {"Ann & Cat": 1, "Bob & Dan": 1}
    path.write_text(json.dumps(data))
    with pytest.raises(UnreadableGameError, match=f"game {game_id}: can't open with this version: hand 1: "
                                                  "tricks add up to 2"):
        repo.get(game_id)
    assert path.exists()


def test_an_unreadable_index_is_a_storage_error_naming_it(repo, monkeypatch):
    import os
    if os.geteuid() == 0:  # root reads any file: simulate the refusal instead
        from pathlib import Path
        real = Path.read_bytes

        def refuse(self):
            if self.name == "index.json":
                raise PermissionError(13, "Permission denied", str(self))
            return real(self)
        monkeypatch.setattr(Path, "read_bytes", refuse)
    else:
        repo.index_path.write_text("{}")
        repo.index_path.chmod(0)
    with pytest.raises(StorageError, match="index.json: Permission denied"):
        Repository(repo.data_dir)
