"""An edit of an earlier hand that ends the game sooner: said in words, and two ways out
(engine/edits.py): the game ended there (the later hands leave), or the table played on (the
hand where it would have ended is marked ``played_on`` and the later hands are scored as played).
"""
from __future__ import annotations

import pytest

from scorekeeper.engine import Later, end_moved, find_preset, load_game, new_game, replace_hand, score_game
from scorekeeper.engine.errors import HandError, RecordError

AC, BD = "Ann & Cat", "Bob & Dan"
RULES = find_preset("standard").with_options({"win_score": 300})
SET = {"bids": {"Ann": 3, "Cat": 2, "Bob": 2, "Dan": 2}, "tricks": {"Ann": 2, "Cat": 2, "Bob": 4, "Dan": 5}}
MADE = {"bids": {"Ann": 3, "Cat": 3, "Bob": 2, "Dan": 2}, "tricks": {"Ann": 3, "Cat": 3, "Bob": 3, "Dan": 4}}
# hand 1 made instead of set: Ann & Cat 50 instead of -50, so they reach 300 after hand 6, not 7
FIXED = {"bids": {"Ann": 3, "Cat": 2, "Bob": 2, "Dan": 2}, "tricks": {"Ann": 3, "Cat": 2, "Bob": 4, "Dan": 4}}


def game(extra_hands: int = 0):
    g = new_game(RULES, ["Ann", "Bob", "Cat", "Dan"]).with_hand(SET)
    for _ in range(6 + extra_hands):
        g = g.with_hand(MADE)
    return g


def test_the_recorded_game_ends_at_its_last_hand():
    sheet = score_game(game())
    assert sheet.reason == "Ann & Cat reached 310" and sheet.hands_played == 7


def test_a_plain_edit_that_moves_the_end_is_refused_naming_the_hand_after_it():
    with pytest.raises(HandError, match="the game was over after hand 6"):
        replace_hand(game(), 1, FIXED)


def test_the_end_moved_in_words():
    moved = end_moved(game(), 1, FIXED)
    assert moved is not None and (moved.number, moved.later) == (6, 1)
    assert moved.said == ("With this change Ann & Cat reached 350 after hand 6: the game ended there, "
                          "and hand 7 came after the end.")
    assert "hand 7 leaves the sheet" in moved.end_text and "Undo brings it back" in moved.end_text
    assert moved.keep_text.startswith("Keep hand 7: the table played on.")
    assert "rules check the end again after each later hand" in moved.keep_text
    assert "Ann & Cat wins (Ann & Cat reached 410)" in moved.keep_text


def test_an_edit_that_does_not_move_the_end_says_nothing():
    assert end_moved(game(), 2, MADE) is None


def test_ending_there_drops_the_later_hands():
    scored = replace_hand(game(), 1, FIXED, later=Later.END)
    assert len(scored.game.hands) == 6 and scored.sheet.reason == "Ann & Cat reached 350"


def test_playing_on_keeps_them_and_marks_the_hand_where_it_would_have_ended():
    scored = replace_hand(game(), 1, FIXED, later="keep")
    hands = scored.game.to_dict()["hands"]
    assert len(hands) == 7 and [h.get("played_on", False) for h in hands] == [False] * 5 + [True, False]
    assert scored.sheet.reason == "Ann & Cat reached 410"
    assert "the table played on" in scored.sheet.hands[5].plays_on
    assert load_game(scored.game.to_dict()).hands[5].played_on  # the record round-trips it


def test_playing_on_marks_every_end_before_the_last_hand():
    scored = replace_hand(game(2), 1, FIXED, later=Later.KEEP)  # 6, 7 and 8 would each end it
    assert [h.played_on for h in scored.game.hands] == [False] * 5 + [True, True, True, False]
    assert scored.sheet.hands_played == 9 and scored.sheet.finished


def test_a_way_that_is_not_one_is_refused_in_words():
    with pytest.raises(RecordError, match="'later' is not a way to go on after the end: 'end' or 'keep'"):
        replace_hand(game(), 1, FIXED, later="later")


def test_played_on_must_be_true_or_false():
    record = game().to_dict()
    record["hands"][0]["played_on"] = "yes"
    with pytest.raises(HandError, match='"played_on" must be true or false'):
        load_game(record)
