"""An edit that ends the game sooner, saved one way or the other (engine/edits.py decides):
the later hands dropped (kept in the undo list and the history, back with Undo), or kept
because the table played on; both one change in the history, undone and redone as one."""
from __future__ import annotations

import pytest

from scorekeeper.engine.errors import HandError
from scorekeeper.gui.models.history_words import history_lines
from scorekeeper.storage import Actor

from .conftest import PLAYERS, THEM, US

HOST = Actor("this computer", "host")
SET = {"bids": {"Ann": 3, "Cat": 2, "Bob": 2, "Dan": 2}, "tricks": {"Ann": 2, "Cat": 2, "Bob": 4, "Dan": 5}}
MADE = {"bids": {"Ann": 3, "Cat": 3, "Bob": 2, "Dan": 2}, "tricks": {"Ann": 3, "Cat": 3, "Bob": 3, "Dan": 4}}
FIXED = {"bids": {"Ann": 3, "Cat": 2, "Bob": 2, "Dan": 2}, "tricks": {"Ann": 3, "Cat": 2, "Bob": 4, "Dan": 4}}


@pytest.fixture
def game_id(repo):
    gid = repo.create_game({"preset": "standard", "options": {"win_score": 300}}, PLAYERS, by=HOST)
    for h in [SET] + [MADE] * 6:
        repo.record_hand(gid, h, by=HOST)
    return gid


def hands(repo, gid):
    return repo.exchange.export_game(gid)["hands"]


def test_without_a_way_the_edit_is_refused_and_nothing_changes(repo, game_id):
    with pytest.raises(HandError, match="the game was over after hand 6"):
        repo.replace_hand(game_id, 1, FIXED, by=HOST)
    assert len(hands(repo, game_id)) == 7


def test_ending_there_drops_the_later_hand_and_undo_brings_it_back(repo, game_id):
    stored = repo.replace_hand(game_id, 1, FIXED, by=HOST, later="end")
    assert stored.sheet.reason == "Ann & Cat reached 350" and len(hands(repo, game_id)) == 6
    last = repo.history(game_id)[-1]
    assert (last["change"], last["later"], last["ended_after"]) == ("edited", "end", 6)
    assert last["dropped"] == [MADE]
    line = history_lines(repo.history(game_id))[-1]
    assert "the game ended after hand 6, and 1 later hand left the sheet (undo the edit to bring it back)" in line
    back = repo.undo(game_id, by=HOST)
    assert hands(repo, game_id) == [SET] + [MADE] * 6 and back.sheet.reason == "Ann & Cat reached 310"
    again = repo.redo(game_id, by=HOST)
    assert len(hands(repo, game_id)) == 6 and again.sheet.reason == "Ann & Cat reached 350"


def test_playing_on_keeps_the_later_hands(repo, game_id):
    stored = repo.replace_hand(game_id, 1, FIXED, by=HOST, later="keep")
    assert stored.sheet.reason == "Ann & Cat reached 410" and len(hands(repo, game_id)) == 7
    assert hands(repo, game_id)[5] == {**MADE, "played_on": True}
    last = repo.history(game_id)[-1]
    assert (last["later"], last["played_on"]) == ("keep", [6])
    assert history_lines(repo.history(game_id))[-1].endswith(
        "the table played on past hand 6: the later hands kept")
    repo.undo(game_id, by=HOST)
    assert hands(repo, game_id) == [SET] + [MADE] * 6


def test_a_way_given_to_an_edit_that_moves_no_end_changes_nothing_else(repo, game_id):
    repo.replace_hand(game_id, 2, MADE, by=HOST, later="end")
    assert len(hands(repo, game_id)) == 7 and "later" not in repo.history(game_id)[-1]


def test_the_history_words_record_keys_no_more():
    entry = {"at": None, "device": "this computer", "role": "host", "change": "entered", "deal": 1, "number": 1,
             "hand": {"bids": {US: 6, THEM: 4}, "blind": [US], "aces": {US: True},
                      "tricks": {US: 6, THEM: 7}, "penalties": [{"side": THEM, "reneg": 1}]}}
    line = history_lines([entry])[0]
    assert "blind Ann & Cat" in line and "[" not in line
    assert "aces: Ann & Cat took all four aces" in line
    assert "penalties Bob & Dan reneged once" in line
