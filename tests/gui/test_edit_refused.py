"""Editing a past hand in a real browser when the edit breaks a later hand: the refusal names
that hand and offers a way on (open it, or edit it first and come back), nothing typed is lost;
and "Back to the sheet" from a breakdown.

Issue 7 section 5.
"""
from __future__ import annotations

import pytest

from scorekeeper.engine import find_preset, new_game, score_game
from scorekeeper.storage import Repository
from steps import count_for, themes, wait_label, wait_message
from targets import assert_targets, too_small

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
AC, BD = "Ann & Cat", "Bob & Dan"
RULES = find_preset("ihop").with_options({"win_score": 300})
# Ann & Cat are set in hands 2 and 3, so they are 100+ behind and bid blind 6 in hand 4.
# Making hand 2 instead (4 tricks) leaves them less than 100 behind: hand 4's blind no longer fits.
HANDS = [
    {"bids": {BD: 4, "Bob": "nil", AC: 5}, "tricks": {"Bob": 0, "Dan": 5, AC: 8}},
    {"bids": {AC: 4, BD: 4}, "tricks": {AC: 3, BD: 10}},
    {"bids": {BD: 4, AC: 4}, "tricks": {AC: 3, BD: 10}},
    {"bids": {AC: 6, BD: 4}, "blind": [AC], "tricks": {AC: 6, BD: 7}},
]
HAND_2_MADE = {"bids": {AC: 4, BD: 4}, "tricks": {AC: 4, BD: 9}}
HAND_4_NOT_BLIND = {"bids": {AC: 6, BD: 4}, "tricks": {AC: 6, BD: 7}}


@pytest.fixture
def game_id(server):
    repo = Repository(server.data_dir)
    gid = repo.create_game(RULES, PLAYERS)
    for hand in HANDS:
        repo.record_hand(gid, hand)
    return gid


def mine_too_small(app) -> list:
    """My controls on the edit screen (the entry panel itself is measured by its own tests), once
    the screen is swiped to its end, as a finger would: the offer lies under Save, and a button
    the screen's foot cuts would be measured as the sliver on screen."""
    box = app.wait_id("later-hand" if app.by_id("later-hand").count() else "save-hand").bounding_box()
    app.wheel_at(box["x"] + box["width"] / 2, app.page.viewport_size["height"] / 2, 3000, wait=400)
    app.settle()
    return [t for t in too_small(app) if t.id in ("later-hand", "edit-later-hand", "open-later-hand",
                                                     "kept-edit", "discard-kept", "back", "theme")]


def test_an_edit_that_breaks_a_later_hand_names_it_and_leads_there_and_back(kept_tab, server, game_id):
    app = kept_tab(phone=True)
    app.go(f"game/{game_id}/edit/2")
    app.wait_id("save-hand")
    count_for(app, AC)
    app.tap("tricks-4")
    app.tap("save-hand")
    said = wait_label(app, "entry-error", "Hand 4:")
    assert "blind" in said
    wait_label(app, "later-hand", "This edit does not fit hand 4")
    wait_label(app, "edit-later-hand", "Edit hand 4 first")
    wait_label(app, "open-later-hand", "Open hand 4")
    assert not mine_too_small(app)
    themes(app, "edit-refused")
    assert Repository(server.data_dir).exchange.export_game(game_id)["hands"][1] == HANDS[1]  # nothing saved

    # open hand 4 to look at it, then come back: the edit of hand 2 is still there
    app.tap("open-later-hand")
    app.wait_id("edit-hand-button")
    app.url_ends(f"/game/{game_id}/hand/4")
    assert_targets(app, "breakdown, 390x844")
    app.go(f"game/{game_id}/edit/2")
    wait_label(app, "kept-edit", "Your unsaved edit of hand 2 is back")
    assert not mine_too_small(app)
    app.screenshot("edit-kept")
    app.tap("save-hand")  # still refused: hand 4 is as it was
    wait_label(app, "entry-error", "Hand 4:")

    # edit hand 4 first (no blind), and hand 2 opens again with the kept edit, ready to save
    app.tap("edit-later-hand")
    wait_label(app, "fixing-for", "your edit of hand 2")
    app.url_ends(f"/game/{game_id}/edit/4")
    app.screenshot("edit-later-first")
    app.tap(f"blind-{AC}")  # off: a plain bid of 6
    app.tap(f"bid-{AC}-6")
    app.tap("save-hand")
    wait_label(app, "kept-edit", "Your unsaved edit of hand 2 is back")
    app.url_ends(f"/game/{game_id}/edit/2")
    wait_message(app, "Hand 4 changed. Now save your edit of hand 2.")
    app.tap("save-hand")
    app.wait_id("undo")
    app.url_ends(f"/game/{game_id}?tab=sheet")

    hands = Repository(server.data_dir).exchange.export_game(game_id)["hands"]
    assert hands[1] == HAND_2_MADE and hands[3] == HAND_4_NOT_BLIND
    game = new_game(RULES, PLAYERS)
    for hand in (HANDS[0], HAND_2_MADE, HANDS[2], HAND_4_NOT_BLIND):
        game = game.with_hand(hand)
    sheet = score_game(game)
    for side in (AC, BD):
        wait_label(app, f"score-{side}", str(sheet.scores[side]))


def test_the_offer_on_a_desktop(kept_tab, game_id):
    app = kept_tab()
    app.go(f"game/{game_id}/edit/2")
    count_for(app, AC)
    app.tap("tricks-4")
    app.tap("save-hand")
    wait_label(app, "later-hand", "This edit does not fit hand 4")
    assert not mine_too_small(app)
    themes(app, "edit-refused")


def test_back_to_the_sheet_from_a_breakdown_names_the_sheet_tab(kept_tab, game_id):
    app = kept_tab(phone=True)
    app.go(f"game/{game_id}/hand/3")
    app.wait_id("back-to-sheet")
    app.tap("back-to-sheet")
    app.page.wait_for_url(f"**/game/{game_id}?tab=sheet")


def test_back_to_the_sheet_shows_the_sheet_tab(kept_tab, game_id):
    app = kept_tab(phone=True)
    app.go(f"game/{game_id}/hand/3")
    app.tap("back-to-sheet")
    app.wait_id("sheet-row-1", timeout=5_000)  # the Hand tab shows only the last row (4)
