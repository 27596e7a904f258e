"""Other tables' conventions and Solo Spades on the game screen: two nils on a side with
separate_nils (standard and IHOP), a tie that plays on and one that is a draw, Solo's reminder
and no bag count where overtricks cost 10, the 3-player lead, and the six-player sheet on a
desktop drawn without a head cut mid-word.  Every number is checked against the engine's sheet."""
from __future__ import annotations

import pytest

from scorekeeper.engine import find_preset, load_game
from scorekeeper.storage import Repository

from steps import pick, wait_label
from test_flows import tap_tricks

FOUR = ["Ann", "Bob", "Cat", "Dan"]
SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
AC, BD = "Ann & Cat", "Bob & Dan"
PLAIN = {"bids": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 3}}
TIE = [dict(PLAIN, tricks={AC: 7, BD: 6}), dict(PLAIN, tricks={AC: 6, BD: 7})]  # 121 each


def make(repo, rules, players, hands=()):
    game_id = repo.create_game(rules, players)
    for hand in hands:
        repo.record_hand(game_id, hand)
    return game_id


@pytest.fixture(scope="module")
def games(server):
    repo = Repository(server.data_dir)
    return {
        "repo": repo,
        "separate": make(repo, {"preset": "standard", "options": {"separate_nils": True}}, FOUR),
        "ihop-separate": make(repo, {"preset": "ihop", "options": {"separate_nils": True}}, FOUR),
        "plays-on": make(repo, {"preset": "standard", "options": {"win_score": 100}}, FOUR, TIE[:1]),
        "draw": make(repo, {"preset": "standard", "options": {"win_score": 100, "tie_ends_in_draw": True}},
                     FOUR, TIE[:1]),
        "three": make(repo, "ihop-3", FOUR[:3]),
        "six": make(repo, "ihop-6", SIX, [
            {"bids": {"Ann & Dan": 5, "Bob & Eve": 6, "Cat & Fay": 4},
             "tricks": {"Ann & Dan": 6, "Bob & Eve": 6, "Cat & Fay": 5}}] * 3),
    }


def engine_sheet(repo, game_id):
    return repo.get(game_id).sheet


def see_totals(app, repo, game_id):
    sheet = engine_sheet(repo, game_id)
    for side in sheet.sides:
        wait_label(app, f"score-{side}", str(sheet.scores[side]))
    return sheet


def test_two_nils_on_a_side_are_entered_and_scored_each_on_its_own(kept_tab, games):
    repo = games["repo"]
    app = kept_tab(phone=True)
    app.go(f"game/{games['separate']}")
    app.wait_id("save-hand")
    # standard: each player bids; Ann and Cat both nil, Bob and Dan 6 each
    for bidder, value in (("Ann", "nil"), ("Cat", "nil"), ("Bob", 6), ("Dan", 6)):
        pick(app, f"bid-{bidder}", value)  # a 6 is behind the line's last chip on a phone
    tap_tricks(app, "Ann", 0)
    tap_tricks(app, "Cat", 1)
    app.screenshot("separate-nils")
    app.tap("save-hand")
    wait_label(app, "entry-status", "Hand 1 saved")
    sheet = see_totals(app, repo, games["separate"])
    # +100 - 100 and the side's 1 trick a bag; Them 12 bid, 12 taken
    assert sheet.scores == {AC: 1, BD: 120}

    # IHOP: the nil toggles of both partners, no side bid for them
    app.go(f"game/{games['ihop-separate']}")
    app.wait_id("save-hand")
    for tap in ("nil-Ann", "nil-Cat", f"bid-{BD}-5"):
        app.tap(tap)
    tap_tricks(app, "Ann", 0)
    tap_tricks(app, "Cat", 0)
    app.tap("save-hand")
    wait_label(app, "entry-status", "Hand 1 saved")
    sheet = see_totals(app, repo, games["ihop-separate"])
    assert sheet.scores == {AC: 200, BD: 58}


def test_a_tie_plays_on_and_says_why_and_with_the_option_is_a_draw(kept_tab, games):
    repo = games["repo"]
    app = kept_tab(phone=True)
    for key in ("plays-on", "draw"):
        app.go(f"game/{games[key]}")
        app.wait_id("save-hand")
        for name in FOUR:
            app.tap(f"bid-{name}-3")
        tap_tricks(app, AC, 6)
        app.tap("save-hand")
        wait_label(app, f"score-{AC}", "121")
        sheet = engine_sheet(repo, games[key])
        assert sheet.scores == {AC: 121, BD: 121}
        if key == "plays-on":
            assert not sheet.finished
            wait_label(app, "next-hand", "tied at 121")
            wait_label(app, "next-hand", "another hand")
            app.screenshot("tie-plays-on")
        else:
            assert sheet.finished and sheet.winner is None
            wait_label(app, "winner", "A draw")
            wait_label(app, "reason", "a draw")
            app.screenshot("game-over-draw")


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_solo_and_three_players_show_no_bags_and_say_who_leads(kept_tab, games, phone):
    repo = games["repo"]
    solo = make(repo, "solo", FOUR)  # a game of its own for each device
    app = kept_tab(phone=phone)
    app.go(f"game/{solo}")
    app.wait_id("save-hand")
    wait_label(app, "next-hand", "beat the highest card")
    wait_label(app, "next-hand", "Bob leads")
    assert app.by_id("bags-Ann").count() == 0, "overtricks cost 10 here: no bag count"
    for name, bid in (("Bob", 4), ("Cat", 3), ("Dan", 2), ("Ann", 1)):
        app.tap(f"bid-{name}-{bid}")
    for name, took in (("Ann", 1), ("Bob", 5), ("Cat", 3)):
        tap_tricks(app, name, took)
    app.screenshot("solo")
    app.tap("save-hand")
    wait_label(app, "entry-status", "Hand 1 saved")
    sheet = see_totals(app, repo, solo)
    # Bob's overtrick costs 10 (4 took 5: 30); Dan bid 2 and took the last 4 (20 - 20)
    assert sheet.scores == {"Ann": 10, "Bob": 30, "Cat": 30, "Dan": 0}
    assert app.by_id("bags-Bob").count() == 0
    app.go(f"game/{games['three']}")
    app.wait_id("save-hand")
    wait_label(app, "next-hand", "2 of clubs")
    assert app.by_id("bags-Ann").count() == 0
    app.screenshot("three-players")


def test_the_six_player_sheet_on_a_desktop_cuts_no_head(kept_tab, games):
    repo = games["repo"]
    app = kept_tab()
    app.go(f"game/{games['six']}")
    app.wait_id("sheet-row-3")
    sheet = see_totals(app, repo, games["six"])
    assert sheet.hands_played == 3
    # three sides do not leave room for six columns each: two lines a side, no "too/k" head
    heads = app.page.evaluate("() => [...document.querySelectorAll('flt-semantics')].map(e => e.innerText)")
    assert not any(text.strip() in ("took", "too", "k") for text in heads)
    app.screenshot("sheet-six")
    game = load_game(repo.exchange.export_game(games["six"]))
    assert len(game.hands) == 3


def test_a_phones_sheet_row_is_as_tall_as_its_marks(kept_tab, server):
    """Issue 24, 4: "made · reneg, 5 bags · bag penalty" takes two lines on a 360 px phone; the row
    of a fixed 58 px cut the second ("bag penalty") off."""
    players = ["Player 1", "Player 2", "Player 3", "Player 4"]
    repo = Repository(server.data_dir)
    gid = repo.create_game(find_preset("standard").with_options({"penalties": True}), players)
    repo.record_hand(gid, {"bids": {"Player 1": 3, "Player 2": 2, "Player 3": 3, "Player 4": 1},
                           "tricks": {"Player 1 & Player 3": 10, "Player 2 & Player 4": 3}})
    repo.record_hand(gid, {"bids": {"Player 1": 2, "Player 2": 2, "Player 3": 2, "Player 4": 1},
                           "tricks": {"Player 1 & Player 3": 9, "Player 2 & Player 4": 4},
                           "penalties": [{"side": "Player 1 & Player 3", "reneg": 1}]})
    app = kept_tab(phone=True, viewport=(360, 740), name="phone360")
    app.go(f"game/{gid}?tab=sheet")
    app.wait_id("sheet-row-2")
    assert "made · reneg, 5 bags · bag penalty" in app.text_of("sheet-row-2")
    plain = app.by_id("sheet-row-1").first.bounding_box()
    marked = app.by_id("sheet-row-2").first.bounding_box()
    # one line of marks in hand 1, two in hand 2: the row grew by a line (11 px type)
    assert marked["height"] >= plain["height"] + 10, (plain, marked)
    app.screenshot("sheet-two-lines-of-marks")
