"""A two-player and a five-player game entered to 500 through the real app on a 390x844 phone
(issue 26): every hand tapped in where its controls are, and after each save the totals and bags on
screen are the engine's for the same hands; at the end every row of the sheet is read back against
the engine's (each player's bid, tricks, points, score and bags, in the sheet's order)."""
from __future__ import annotations

import pytest

from scorekeeper.engine import new_game, score_game
from scorekeeper.gui.models.figures import signed
from scorekeeper.storage import Repository
from steps import count_for, pick
from test_flows import expect_text, saw_saved

#: (players, one hand's bids in the order they are tapped, the counts tapped, the hand saved)
GAMES = {
    "two": (["Ann", "Bob"], {"Bob": 5, "Ann": 7}, {"Ann": 7},
            {"bids": {"Bob": 5, "Ann": 7}, "tricks": {"Ann": 7, "Bob": 6}}),
    "five": (["Ann", "Bob", "Cat", "Dan", "Eve"], {"Bob": 1, "Cat": 1, "Dan": 1, "Eve": 1, "Ann": 6},
             {"Ann": 6, "Bob": 1, "Cat": 1, "Dan": 1},
             {"bids": {"Bob": 1, "Cat": 1, "Dan": 1, "Eve": 1, "Ann": 6},
              "tricks": {"Ann": 6, "Bob": 1, "Cat": 1, "Dan": 1, "Eve": 1}}),
}


@pytest.mark.parametrize("preset", sorted(GAMES))
def test_a_game_of_every_size_entered_to_500_shows_the_engines_scores(kept_tab, server, preset):
    players, bids, counts, hand = GAMES[preset]
    gid = Repository(server.data_dir).create_game(preset, players)
    game = new_game(preset, players)
    app = kept_tab(phone=True)
    app.go(f"game/{gid}")
    app.wait_id("save-hand")
    while not score_game(game).finished:
        for name, bid in bids.items():
            pick(app, f"bid-{name}", bid)
        for key, count in counts.items():
            if key != next(iter(counts)) or len(players) > 2:
                count_for(app, key)
            pick(app, "tricks", count)
        app.tap("save-hand")
        game = game.with_hand(hand)
        sheet = score_game(game)
        saw_saved(app, sheet.hands_played, len(game.hands))
        for side in players:
            expect_text(app, f"score-{side}", str(sheet.scores[side]))
            # the bags as a phone draws them: "3/10 bags" beside two totals, "3b" beside five
            expect_text(app, f"bags-{side}", f"{sheet.bags[side]}/" if len(players) == 2 else f"{sheet.bags[side]}b")
    sheet = score_game(game)
    assert sheet.winner == "Ann" and sheet.scores["Ann"] >= 500
    saved = Repository(server.data_dir).get(gid).game
    assert score_game(saved).scores == sheet.scores  # the data folder holds the hands the taps meant
    app.page.get_by_role("button", name=f"Sheet ({sheet.hands_played})").first.click()
    app.wait_id(f"sheet-row-{len(game.hands)}")
    app.screenshot(f"game-{preset}-to-500")
    read = 0
    for hs in sheet.hands:
        row = app.by_id(f"sheet-row-{hs.deal}").first
        row.scroll_into_view_if_needed()
        said = " ".join(app.text_of(f"sheet-row-{hs.deal}").split())
        at = 0
        for side in players:  # the players' cells left to right, as the engine has them
            ss = hs.sides[side]
            cell = f"{ss.bid_text} / {ss.tricks} {signed(ss.points)} {ss.score} {ss.bags}b"
            found = said.find(cell, at)
            assert found >= 0, f"hand {hs.number}, {side}: {cell!r} not in {said!r} after {at}"
            at = found + len(cell)
        read += 1
    assert read == len(game.hands) > 5  # every row was read, and the game had some length
