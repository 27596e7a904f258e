"""Export all and Import in the app (issue 23): one file of every game, read back on another phone
or computer; a game saved already is named and not added twice.  No browser."""
from __future__ import annotations

import json

from scorekeeper.gui.models import Session, SharedRepository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HAND = {"bids": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 2}, "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}


def test_export_all_then_import_elsewhere_once(tmp_path):
    here = Session(SharedRepository(tmp_path / "here"))
    _, one = here.games.create_game("standard", PLAYERS)
    here.open(one)
    here.record_hand(HAND)
    here.games.create_game("ihop", ["Eve", "Fay", "Gus", "Hal"])
    res, text = here.games.export_all()
    assert res and res.message == "2 games"
    assert len(json.loads(text)) == 2

    there = Session(SharedRepository(tmp_path / "there"))
    res, game_id = there.games.import_record(text.encode(), file_name="spades-games.json")
    assert res and res.message == "2 games imported" and game_id is None
    assert sorted(g.title for g in there.games.list_games()) == sorted(g.title for g in here.games.list_games())

    res, game_id = there.games.import_record(text)
    assert not res and game_id is None
    assert res.message.startswith("Nothing imported; 2 games already saved: ")
    assert "Ann & Cat vs Bob & Dan (game " in res.message
    assert len(there.games.list_games()) == 2


def test_nothing_to_export_is_said(tmp_path):
    res, _ = Session(SharedRepository(tmp_path / "empty")).games.export_all()
    assert not res and res.message == "No games to export yet"


def test_a_file_of_games_may_be_longer_than_one_record_but_has_its_own_limits(tmp_path):
    """A season's file is longer than one game's record may be (1,000,000 bytes): it is read within
    its own limits (20,000,000 bytes, 1,000 games), past them refused in one sentence."""
    here = Session(SharedRepository(tmp_path / "here"))
    _, one = here.games.create_game("standard", PLAYERS)
    here.open(one)
    here.record_hand(HAND)
    _, text = here.games.export_all()
    long = text[:-1] + " " * 1_200_000 + "]"  # (as long as a season of sixty long games)
    there = Session(SharedRepository(tmp_path / "there"))
    res, game_id = there.games.import_record(long.encode(), file_name="spades-games.json")
    assert res and res.message == "1 game imported" and game_id is not None

    res, _ = there.games.import_record(text[:-1] + " " * 20_000_000 + "]")
    assert not res and "a file of several games may have at most 20,000,000" in res.message
    assert "\n" not in res.message
    res, _ = there.games.import_record(json.dumps([json.loads(text)[0]] * 1_001))
    assert not res and res.message == "Not imported. The file has 1,001 games; a file of several games may have at most 1,000"
    assert len(there.games.list_games()) == 1

    res, _ = there.games.import_record(json.dumps(json.loads(text)[0]) + " " * 1_000_001)
    assert not res and "a record may have at most 1,000,000" in res.message.lower()  # one record: its own limit
