"""One game this version cannot open hides nothing else (GAME_FORMAT.md, Compatibility): the list
shows every other game and that one as unreadable with its names and dates; its raw record can be
exported, and it can be moved to the trash and back; nothing is written to its file."""
from __future__ import annotations

import json

import pytest

from scorekeeper.cli.text import status_text
from scorekeeper.storage import Repository, UnreadableGameError
from tests.compat.later_release import LATER_PLAYERS, UNKNOWN_OPTION, later_release_folder

from .conftest import hand


@pytest.fixture
def folder(tmp_path):
    data = tmp_path / "data"
    return data, later_release_folder(data)


def test_the_list_shows_every_game_and_the_unreadable_ones_as_such(folder):
    data, ids = folder
    repo = Repository(data)
    listed = {s.id: s for s in repo.list_games()}
    assert set(listed) == {*ids["readable"], ids["later"], ids["same_stamp"]}
    for game_id in ids["readable"]:
        summary = listed[game_id]
        assert summary.unreadable is None and summary.scores == repo.get(game_id).sheet.scores
    for game_id, title in ((ids["later"], "North vs South"), (ids["same_stamp"], "East vs West")):
        summary = listed[game_id]
        assert summary.unreadable == f"unknown rule option {UNKNOWN_OPTION!r}"
        assert status_text(summary) == f"can't open with this version: unknown rule option {UNKNOWN_OPTION!r}"
        assert summary.title == title and list(summary.players) == LATER_PLAYERS
        saved = json.loads((repo.games_dir / f"{game_id}.json").read_text())["game"]["1"]
        assert summary.rules == "standard"
        assert (summary.created, summary.updated) == (saved["created"], saved["updated"]) != ("", "")
    # the readable games keep their order (in progress, newest first); the unreadable ones follow
    assert [s.id for s in repo.list_games()][:3] == list(reversed(ids["readable"]))


def test_opening_or_changing_an_unreadable_game_names_it_and_writes_nothing(folder):
    data, ids = folder
    repo = Repository(data)
    path = repo.games_dir / f"{ids['later']}.json"
    before = path.read_bytes()
    for attempt in (lambda: repo.get(ids["later"]), lambda: repo.record_hand(ids["later"], hand()),
                    lambda: repo.exchange.export_game(ids["later"]),
                    lambda: repo.replace_hand(ids["later"], 1, hand())):
        with pytest.raises(UnreadableGameError) as info:
            attempt()
        assert str(info.value).startswith(f"game {ids['later']}: can't open with this version: unknown rule "
                                          f"option {UNKNOWN_OPTION!r}")
    assert path.read_bytes() == before


def test_the_way_out_export_the_raw_record_and_move_it_to_the_trash(folder):
    data, ids = folder
    repo = Repository(data)
    raw = repo.exchange.raw_record(ids["later"])
    assert raw["rules"]["options"] == {UNKNOWN_OPTION: True} and raw["players"] == LATER_PLAYERS
    repo.trash.delete(ids["later"])
    assert ids["later"] not in {s.id for s in repo.list_games()}
    trash = {s.id: s for s in repo.trash.list_games()}
    assert trash[ids["later"]].unreadable == f"unknown rule option {UNKNOWN_OPTION!r}"
    repo.trash.restore(ids["later"])
    assert ids["later"] in {s.id for s in repo.list_games()}


def test_an_unreadable_game_is_never_cached_and_costs_no_index_write(folder):
    data, ids = folder
    repo = Repository(data)
    repo.list_games()
    index = json.loads(repo.index_path.read_text())
    assert {e["id"] for e in index["games"].values()} == set(ids["readable"])
    stamp = repo.index_path.stat().st_mtime_ns
    assert len(repo.list_games()) == 5
    assert repo.index_path.stat().st_mtime_ns == stamp


def test_stats_import_and_new_games_work_beside_an_unreadable_game(folder):
    data, ids = folder
    repo = Repository(data)
    assert repo.player_stats() == []  # no finished game, and the unreadable one is not counted
    new = repo.create_game("standard", ["Ann", "Bob", "Cat", "Dan"])
    copy = repo.exchange.import_game(repo.exchange.export_game(ids["readable"][0]), copy=True)
    assert {new, copy} <= {s.id for s in repo.list_games()}
