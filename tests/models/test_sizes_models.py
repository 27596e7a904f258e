"""Tables of two and five players (and suicide) in the GUI's flet-free models (issue 26): the hand
being entered (13 and 10 tricks, a side is a player), a game entered through the session to its end,
the hand entry's refusal in the engine's words, the sheet's picture and text.  No browser."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from scorekeeper.engine import new_game, next_hand, random_game, score_game
from scorekeeper.gui.models import HandDraft, Session, SharedRepository
from scorekeeper.gui.models import sheet_picture as picture
from scorekeeper.gui.models.share import sheet_text
from scorekeeper.gui.models.sheet_picture import sheet_picture

TWO = ["Ann", "Bob"]
FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def draft_for(preset: str, players, options=None):
    game = new_game({"preset": preset, "options": options} if options else preset, list(players))
    return game, HandDraft(game, next_hand(game))


@pytest.fixture
def session(tmp_path):
    return Session(SharedRepository(tmp_path / "data"))


# ---- the hand being entered ----------------------------------------------------------------------
def test_two_players_bid_1_to_13_or_nil_the_non_dealer_first_and_a_side_is_a_player():
    game, d = draft_for("two", TWO)
    shape = d.shape
    assert shape.rows == TWO and shape.bidders == ["Bob", "Ann"] and shape.first_bidder == "Bob"
    assert not shape.partnership and shape.nil_allowed()
    assert list(shape.bid_range("Ann")) == list(range(1, 14))
    assert [side.name for side in shape.sides] == TWO
    assert d.missing() == "Bid for Bob"
    d.set_bid("Bob", 6)
    d.set_bid("Ann", "nil")
    assert d.bids.of("Ann") == "nil" and d.tricks.keys() == TWO  # a player's own count, nil or not
    d.tricks.set("Ann", 2)
    assert d.tricks.counts == {"Ann": 2, "Bob": 11} and d.tricks.filled == "Bob"  # 13 - 2
    assert d.to_hand() == {"bids": {"Bob": 6, "Ann": "nil"}, "tricks": {"Ann": 2, "Bob": 11}}
    assert d.status() == "Ready to save"
    game.with_hand(d.to_hand())


def test_two_players_tap_either_count_and_the_other_follows():
    _, d = draft_for("two", TWO)
    d.tricks.set("Ann", 9)
    d.tricks.count_for("Bob")
    d.tricks.set("Bob", 6)
    assert d.tricks.counts == {"Ann": 7, "Bob": 6}
    d.tricks.count_for("Ann")
    d.tricks.set("Ann", 14)
    assert d.tricks.problem() == "The tricks come to more than 13: tap a count again"


def test_five_players_bid_1_to_10_and_the_fifth_count_is_filled_in():
    game, d = draft_for("five", FIVE)
    shape = d.shape
    assert shape.rows == FIVE and shape.bidders == ["Bob", "Cat", "Dan", "Eve", "Ann"]
    assert list(shape.bid_range("Eve")) == list(range(1, 11))
    for player, bid in zip(shape.bidders, (2, 3, "nil", 2, 2)):
        d.set_bid(player, bid)
    assert d.tricks.keys() == FIVE
    for player, took in (("Ann", 2), ("Bob", 2), ("Cat", 0), ("Dan", 3)):
        assert d.tricks.counted == player
        d.tricks.set(player, took)
    assert d.tricks.counts["Eve"] == 3 and d.tricks.filled == "Eve"  # 10 - 7
    assert d.tricks.counted is None and d.tricks.problem() is None
    game.with_hand(d.to_hand())
    _, over = draft_for("five", FIVE)
    for player in ("Ann", "Bob"):
        over.tricks.set(player, 6)
    assert over.tricks.problem() == "The tricks come to more than 10: tap a count again"


def test_a_ten_bid_of_five_players_is_all_the_tricks_and_offers_the_moon():
    _, d = draft_for("five", FIVE, {"moon": 200, "ten_for_200": True})
    d.set_bid("Ann", 10)
    assert d.bids.special("Ann") == "Moon: all the tricks"
    _, plain = draft_for("two", TWO, {"ten_for_200": True})
    plain.set_bid("Ann", 10)
    assert plain.bids.special("Ann") == "10 for 200"


def test_a_player_behind_may_bid_blind_nil_at_a_table_of_two(session):
    res, game_id = session.games.create_game({"preset": "two", "options": {"blind_nil": True}}, TWO)
    assert res and session.open(game_id)
    assert session.record_hand({"bids": {"Bob": 12, "Ann": 1}, "tricks": {"Ann": 1, "Bob": 12}}).ok
    d = session.draft()
    assert d.shape.blind_allowed("Ann") and not d.shape.blind_allowed("Bob")
    assert d.shape.blind_note("Ann") == "May bid blind nil"
    d.toggle_nil("Ann", blind=True)
    d.set_bid("Bob", 5)
    d.tricks.set("Ann", 0)
    assert d.to_hand() == {"bids": {"Ann": "nil", "Bob": 5}, "blind": ["Ann"], "tricks": {"Ann": 0, "Bob": 13}}
    assert d.status() == "Ready to save"
    assert session.record_hand(d.to_hand()).ok
    assert session.sheet.scores == {"Ann": 210, "Bob": 178}


# ---- a whole game through the session ---------------------------------------------------------------
@pytest.mark.parametrize("preset, players", [("two", TWO), ("five", FIVE), ("cutthroat", ["Ann", "Bob", "Cat", "Dan"])])
def test_a_game_entered_tap_by_tap_to_500_is_the_engines_sheet(session, preset, players):
    res, game_id = session.games.create_game(preset, players)
    assert res and session.open(game_id)
    n = session.game.rules.tricks
    rng = random.Random(len(players))
    saved = 0
    while not session.sheet.finished and saved < 60:
        d = session.draft()
        bidders = d.shape.bidders
        shares = [n // len(players)] * len(players)
        for i in range(n - sum(shares)):
            shares[i] += 1
        for bidder, share in zip(bidders, shares):
            if rng.random() < 0.1:
                d.set_bid(bidder, "nil")
            else:
                d.set_bid(bidder, max(1, share + rng.choice((-1, 0, 0, 1))))
        for key, share in zip(d.tricks.keys()[:-1], [d.bids.of(k) for k in d.tricks.keys()[:-1]]):
            d.tricks.set(key, 0 if share == "nil" else min(n, share))
        if d.tricks.problem() is not None or d.status() != "Ready to save":
            continue  # a hand the tricks cannot fit: enter another
        result = session.record_hand(d.to_hand())
        assert result.ok, result.message
        saved += 1
    assert session.sheet.finished and max(session.sheet.scores.values()) >= 500
    again = score_game(session.game)
    assert again.scores == session.sheet.scores and again.winner == session.sheet.winner
    assert session.sheet.sides == players


def test_a_hand_that_breaks_suicide_is_refused_in_the_entry_in_the_engines_words(session):
    res, game_id = session.games.create_game({"preset": "standard", "options": {"suicide": True}},
                                             ["Ann", "Bob", "Cat", "Dan"])
    assert res and session.open(game_id)
    d = session.draft()
    for player, bid in (("Bob", 4), ("Cat", 4), ("Dan", "nil"), ("Ann", "nil")):
        d.set_bid(player, bid)
    d.tricks.set("Ann", 0)
    d.tricks.set("Cat", 5)
    d.tricks.set("Bob", 8)
    assert d.tricks.counts == {"Ann": 0, "Cat": 5, "Bob": 8, "Dan": 0}
    assert d.status() == "Ready to save"
    d.set_bid("Cat", 3)
    assert d.status() == ("Hand 1: suicide: Cat of Ann & Cat bid 3 beside Ann's nil (the partner of the nil bids "
                          "at least 4)")
    refused = session.record_hand(d.to_hand())
    assert not refused.ok and refused.message == d.status()


# ---- the sheet's picture and text ----------------------------------------------------------------------
def _overlapping(drawn) -> list[tuple[str, str]]:
    boxes = list(zip(drawn.texts, drawn.boxes))
    return [(a, b) for i, (a, (x0, y0, x1, y1)) in enumerate(boxes) for b, (u0, v0, u1, v1) in boxes[i + 1:]
            if x0 < u1 and u0 < x1 and y0 < v1 and v0 < y1]


@pytest.mark.parametrize("preset, seed", [("two", 3), ("cutthroat", 3), ("five", 3), ("five", 1), ("standard", 3),
                                          ("ihop-6", 6)])
def test_the_picture_of_every_size_fits_a_phone_and_no_text_covers_another(preset, seed):
    game = random_game(random.Random(seed), preset, hands=14, options={"win_score": 5000})
    sheet = score_game(game)
    drawn = sheet_picture(game, sheet)
    assert Image.open(io.BytesIO(drawn.png)).size == (drawn.width, drawn.height) and drawn.width <= 1080
    assert drawn.smallest >= picture.READABLE
    assert not [text for text in drawn.texts if "\u2026" in text], "nothing is cut short"
    assert [label for label, _, _ in drawn.rows] == [hs.label for hs in sheet.hands]
    assert _overlapping(drawn) == []
    for side in sheet.sides:  # every player alone is a column of the totals
        assert side in drawn.texts and str(sheet.scores[side]) in drawn.texts


def test_the_sheet_as_text_names_every_player_of_five():
    game = random_game(random.Random(2), "five", hands=4)
    sheet = score_game(game)
    text = sheet_text(game, sheet)
    assert text.splitlines()[0] == "\u2660 Spades: Five-player Spades"
    assert text.splitlines()[1].startswith("Ann vs Bob vs Cat vs Dan vs Eve, ")
    totals = next(line for line in text.splitlines() if line.startswith("Totals: "))
    for player in FIVE:
        assert f"{player} {sheet.scores[player]} ({sheet.bags[player]} bags)" in totals


# ---- the shared table's card and the chart ----------------------------------------------------------
def test_a_viewers_card_of_a_five_player_hand_names_each_player(session):
    from scorekeeper.gui.models.figures import score_series
    from scorekeeper.gui.models.live import NO_BID, LiveHand, watched

    res, game_id = session.games.create_game("five", FIVE)
    assert res and session.open(game_id)
    seen = watched(session, None)
    assert seen.bids == tuple((p, NO_BID) for p in FIVE) and (seen.first, seen.first_words) == ("Bob", "bids first")
    assert seen.deal == "Ann deals \u00b7 Bob leads"
    d = session.draft()
    d.set_bid("Bob", 3)
    d.set_bid("Cat", "nil")
    seen = watched(session, LiveHand(game_id, session.version, d.to_hand()))
    assert dict(seen.bids) == {"Ann": NO_BID, "Bob": "3", "Cat": "nil", "Dan": NO_BID, "Eve": NO_BID}
    assert seen.status == "Still to enter: Bid for Dan"
    for player, bid in (("Dan", 2), ("Eve", 2), ("Ann", 3)):
        d.set_bid(player, bid)
    for player, took in (("Ann", 3), ("Bob", 3), ("Cat", 0), ("Dan", 2)):
        d.tricks.set(player, took)
    assert session.record_hand(d.to_hand()).ok
    series = score_series(session.sheet)
    assert list(series) == FIVE and series["Cat"][-1][1] == 100 == session.sheet.scores["Cat"]
