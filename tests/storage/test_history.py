"""Each game file keeps its history: who made each change (device and role), when, and what changed."""
from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path

import pytest

from scorekeeper.storage import COMMAND_LINE, Actor, Repository
from scorekeeper.storage.migrations import META_TABLE

from .conftest import PLAYERS, THEM, US, hand, rules

HOST = Actor("this computer", "host")
BOB = Actor("Bob's phone", "viewer with the pen")


def _changes(repo, game_id) -> list[str]:
    return [e["change"] for e in repo.history(game_id)]


def test_each_change_names_its_device_role_and_time(repo):
    game_id = repo.create_game(rules(), PLAYERS, by=HOST)
    repo.record_hand(game_id, hand(), by=HOST)
    repo.record_misdeal(game_id, by=BOB)
    repo.record_hand(game_id, hand(us_tricks=6), by=BOB)
    history = repo.history(game_id)
    assert [(e["change"], e["device"], e["role"]) for e in history] == [
        ("created", "this computer", "host"), ("entered", "this computer", "host"),
        ("misdeal", "Bob's phone", "viewer with the pen"), ("entered", "Bob's phone", "viewer with the pen")]
    assert [e.get("deal") for e in history] == [None, 1, 2, 3]
    assert [e.get("number") for e in history] == [None, 1, None, 2]  # the table's count: a misdeal is no hand
    assert history[3]["hand"] == hand(us_tricks=6)
    times = [datetime.fromisoformat(e["at"]) for e in history]
    assert times == sorted(times) and all(t.utcoffset().total_seconds() == 0 for t in times)
    assert history[-1]["at"] == repo.get(game_id).updated


def test_without_an_actor_a_change_is_by_an_unknown_device(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    repo.record_hand(game_id, hand())
    assert {(e["device"], e["role"]) for e in repo.history(game_id)} == {("unknown", "unknown")}


def test_an_edit_keeps_each_fields_old_and_new_value(repo):
    game_id = repo.create_game({"preset": "standard", "options": {"penalties": True}}, PLAYERS)
    repo.record_hand(game_id, hand())
    repo.record_hand(game_id, hand())
    new = {**hand(ann=3, us_tricks=5), "penalties": [{"side": THEM, "reneg": 1}]}
    repo.replace_hand(game_id, 1, new, by=BOB)
    edit = repo.history(game_id)[-1]
    assert (edit["change"], edit["deal"], edit["device"]) == ("edited", 1, "Bob's phone")
    assert edit["before"] == hand() and edit["after"] == new
    assert edit["fields"] == [
        {"field": "bids", "key": "Ann", "old": 2, "new": 3},
        {"field": "tricks", "key": US, "old": 4, "new": 5},
        {"field": "tricks", "key": THEM, "old": 9, "new": 8},
        {"field": "penalties", "key": None, "old": None, "new": [{"side": THEM, "reneg": 1}]}]


def test_undo_and_redo_say_what_they_took_back_and_put_back(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    repo.record_hand(game_id, hand())
    repo.record_misdeal(game_id)
    repo.replace_hand(game_id, 1, hand(us_tricks=5))
    repo.undo(game_id, by=HOST)
    repo.undo(game_id, by=BOB)
    repo.redo(game_id, by=BOB)
    steps = [{k: e.get(k) for k in ("change", "undid", "redid", "deal", "device")}
             for e in repo.history(game_id)[4:]]
    assert steps == [
        {"change": "undone", "undid": "edited", "redid": None, "deal": 1, "device": "this computer"},
        {"change": "undone", "undid": "misdeal", "redid": None, "deal": 2, "device": "Bob's phone"},
        {"change": "redone", "undid": None, "redid": "misdeal", "deal": 2, "device": "Bob's phone"}]
    assert _changes(repo, game_id)[:4] == ["created", "entered", "misdeal", "edited"]  # nothing is rewritten


def test_trash_import_and_notes_are_recorded(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    repo.trash.delete(game_id, by=HOST)
    repo.trash.restore(game_id, by=COMMAND_LINE)
    repo.add_note(game_id, "pen-given", by=HOST, to="Bob's phone")
    version = repo.get(game_id).version
    repo.add_note(game_id, "pen-taken", by=HOST, **{"from": "Bob's phone"})
    assert repo.get(game_id).version == version  # a note is not a change of the game
    history = repo.history(game_id)
    assert [(e["change"], e["device"]) for e in history[1:]] == [
        ("deleted", "this computer"), ("restored", "command line"), ("pen-given", "this computer"),
        ("pen-taken", "this computer")]
    assert history[1 + 2]["to"] == "Bob's phone" and history[-1]["from"] == "Bob's phone"
    copy = repo.exchange.import_game(repo.exchange.export_game(game_id), copy=True, by=COMMAND_LINE)
    assert [(e["change"], e["role"]) for e in repo.history(copy)] == [("imported", "command line")]


def _as_schema_1(repo: Repository, game_id: str) -> None:
    """The game file as release 1 of the data schema wrote it: no history."""
    path = repo.games_dir / f"{game_id}.json"
    data = json.loads(path.read_text())
    del data["game"]["1"]["history"]
    data[META_TABLE]["1"]["schema"] = 1
    path.write_text(json.dumps(data))


def test_a_game_saved_before_histories_opens_with_its_scores_and_says_where_its_history_starts(tmp_path):
    repo = Repository(tmp_path / "data")
    game_id = repo.create_game(rules(), PLAYERS)
    for k in range(3):
        repo.record_hand(game_id, hand(us_tricks=4 + k))
    before = repo.get(game_id)
    _as_schema_1(repo, game_id)
    again = Repository(tmp_path / "data")
    stored = again.get(game_id)
    assert stored.sheet.scores == before.sheet.scores and stored.version == before.version
    assert again.history(game_id) == [{"at": before.updated, "device": None, "role": None,
                                       "change": "not-recorded"}]
    again.undo(game_id, by=HOST)  # its undo list still works, and is recorded from now on
    assert _changes(again, game_id) == ["not-recorded", "undone"]
    assert again.history(game_id)[-1]["undid"] == "entered" and again.history(game_id)[-1]["deal"] == 3


def test_a_change_of_house_rules_keeps_old_and_new_rescores_and_undoes(repo):
    game_id = repo.create_game("standard", PLAYERS)
    repo.record_hand(game_id, hand(us_tricks=6))
    before = repo.get(game_id)
    ihop_like = {"preset": "standard", "options": {"win_score": 300}}
    after = repo.change_rules(game_id, ihop_like, by=HOST)
    assert after.game.rules.win_score == 300 and after.record["hands"] == before.record["hands"]
    change = repo.history(game_id)[-1]
    assert (change["change"], change["device"]) == ("rules", "this computer")
    assert change["old"] == "standard" and change["new"]["options"]["win_score"] == 300
    assert repo.undo(game_id, by=BOB).record["rules"] == "standard"
    assert repo.redo(game_id, by=BOB).game.rules.win_score == 300
    assert [(e["change"], e.get("undid") or e.get("redid")) for e in repo.history(game_id)[-2:]] == [
        ("undone", "rules"), ("redone", "rules")]


CORPUS = Path(__file__).parents[1] / "compat" / "corpus"


@pytest.mark.parametrize("release", sorted(p.name for p in CORPUS.iterdir() if p.is_dir()))
def test_every_game_an_earlier_release_saved_says_where_its_history_starts(release, tmp_path):
    shutil.copytree(CORPUS / release / "data", tmp_path / "data")
    repo = Repository(tmp_path / "data")
    games = repo.list_games()
    assert games
    for summary in games:
        history = repo.history(summary.id)
        assert history == [{"at": repo.get(summary.id).updated, "device": None, "role": None,
                            "change": "not-recorded"}], summary.id
