"""One number per hand after a misdeal (issue 15, 2): the table's count everywhere.

A game of hand 1, a misdeal, hand 2: the entry says hand 3 is next, saving it says
"Hand 3 saved", the sheet numbers its rows 1, (misdeal), 2, 3, the hand after the misdeal
opens as "Hand 2" (its breakdown and its edit), and the chart ends at hand 3.  Before the
fix the sheet, the breakdown and the chart counted the misdeal as a hand ("Hand 3" for the
table's hand 2).
"""
from __future__ import annotations

import pytest

from scorekeeper.engine import score_game
from scorekeeper.storage import Repository
from steps import wait_label, wait_message

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
AC, BD = "Ann & Cat", "Bob & Dan"


@pytest.fixture
def game(server):
    """A fresh game for each test (the phone's test saves a hand)."""
    repo = Repository(server.data_dir)
    gid = repo.create_game("ihop", PLAYERS)
    repo.record_hand(gid, {"bids": {AC: 5, BD: 4}, "tricks": {AC: 6, BD: 7}})
    repo.record_misdeal(gid)
    repo.record_hand(gid, {"bids": {AC: 4, BD: 5}, "tricks": {AC: 5, BD: 8}})
    return repo, gid


def row_start(app, deal: int) -> str:
    """How the sheet's row for deal `deal` begins: its label, then its number cell."""
    return " ".join(app.wait_id(f"sheet-row-{deal}").evaluate("el => el.innerText || ''").split()[:3])


def title_is(app, title: str) -> None:
    app.page.get_by_text(title, exact=True).first.wait_for(state="attached")


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_one_number_per_hand_after_a_misdeal(make_driver, game, phone):
    repo, gid = game
    app = make_driver(phone=phone)
    app.open(f"game/{gid}")
    wait_label(app, "hand-title" if phone else "next-hand", "Hand 3 of 12")
    if phone:  # the desktop's hand number sits in the next-deal line, checked above
        app.tap("tab-sheet")
    app.wait_id("sheet-row-3")
    assert row_start(app, 1) == "Hand 1 1"
    assert row_start(app, 2) == "Misdeal misdeal \u00b7"  # no number of its own
    assert row_start(app, 3) == "Hand 2 2"
    app.screenshot("hand-numbers-sheet")

    app.tap("sheet-row-3")  # the table's hand 2
    app.wait_id("breakdown-" + AC)
    title_is(app, "Hand 2")
    assert app.page.get_by_text("Hand 3", exact=True).count() == 0
    app.tap("edit-hand-button")
    wait_label(app, "edit-info", "Hand 2: Cat dealt")
    title_is(app, "Edit hand 2")
    app.screenshot("hand-numbers-edit")

    app.go(f"game/{gid}/chart")
    wait_label(app, "chart", "after hand 2")
    app.screenshot("hand-numbers-chart")
    app.go(f"game/{gid}")
    app.wait_id("save-hand")
    if phone:
        # enter hand 3 on the phone (the desktop test only reads)
        app.tap(f"bid-{AC}-5")
        app.tap(f"bid-{BD}-4")
        app.tap("tricks-6")
        app.tap("save-hand")
        wait_message(app, "Hand 3 saved")
        sheet = score_game(repo.get(gid).game)
        assert [h.number for h in sheet.hands] == [1, None, 2, 3]
        app.tap("tab-sheet")
        app.wait_id("sheet-row-4")
        assert row_start(app, 4) == "Hand 3 3"
