"""The hand being entered survives a reload, Back and a server restart (issue 24, point 2): kept
per game as JSON text (the browser's storage), put back for the same deal only, dropped when
saved, emptied or no longer fitting."""
from __future__ import annotations

import json

from scorekeeper.engine import find_preset, new_game, next_hand, score_game
from scorekeeper.gui.models import HandDraft
from scorekeeper.gui.models.kept_drafts import KeptDrafts

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
AC, BD = "Ann & Cat", "Bob & Dan"


def entry(game):
    d = HandDraft(game, next_hand(game))
    for p, v in zip(d.shape.bidders, (3, 4, "nil", 3)):
        d.set_bid(p, v)
    return d


def test_kept_as_text_and_put_back_after_a_restart():
    game = new_game("standard", PLAYERS)
    written = []
    kept = KeptDrafts(written.append)
    d = entry(game)
    d.tricks.set(AC, 7)
    kept.put("g1", d)
    assert json.loads(written[-1])["g1"]["hand"] == d.to_hand()
    later = KeptDrafts()  # another server, the browser's text read back
    later.load(written[-1])
    back = later.restore("g1", game, next_hand(game))
    assert back is not None and back.to_hand() == d.to_hand()
    assert back.tricks.filled == d.tricks.filled and back.tricks.touched == d.tricks.touched
    assert back.status() == d.status()


def test_not_for_another_deal_nor_another_game():
    game = new_game("standard", PLAYERS)
    kept = KeptDrafts()
    kept.put("g1", entry(game))
    assert kept.restore("g2", game, next_hand(game)) is None
    played = game.with_hand({"bids": {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 3}, "tricks": {AC: 6, BD: 7}})
    assert kept.restore("g1", played, next_hand(played, score_game(played))) is None
    assert "g1" not in kept.items  # dropped: it was for a hand now saved


def test_dropped_when_saved_or_emptied():
    game = new_game("standard", PLAYERS)
    written = []
    kept = KeptDrafts(written.append)
    kept.put("g1", entry(game))
    kept.drop("g1")
    assert json.loads(written[-1]) == {}
    kept.put("g1", entry(game))
    kept.put("g1", HandDraft(game, next_hand(game)))  # every tap taken back
    assert json.loads(written[-1]) == {}


def test_a_blind_bid_that_no_longer_fits_is_not_put_back():
    rules = find_preset("ihop")
    game = new_game(rules, PLAYERS)
    kept = KeptDrafts()
    kept.items = {"g1": {"deal": 1, "hand": {"bids": {AC: 6}, "blind": [AC], "tricks": {}}}}
    assert kept.restore("g1", game, next_hand(game)) is None  # not 100 behind: no blind


def test_unreadable_text_is_dropped_without_a_word():
    kept = KeptDrafts()
    for text in ("{not json", "[1, 2]", json.dumps({"g1": {"deal": "x", "hand": {}}}), None):
        kept.load(text)
        assert kept.items == {}
