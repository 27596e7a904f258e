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
