"""Storage full (issue 23): a change the browser will not store is said in one sentence where
"Hand N saved" would be, the hand stays on screen and in the game (its record exports whole), and the
page asks before it is closed.  The browser's quota for the site is cut to nothing with DevTools' own
switch (Storage.overrideQuotaForOrigin) before the app opens its storage, as a full phone refuses
the write (Chromium reads the quota as a connection to IndexedDB opens)."""
from __future__ import annotations

import json

import pytest

from phonekit import play_hand, start_game, totals, wait_message, wait_started

from scorekeeper.engine import new_game, score_game

#: every test here loads Pyodide in Chromium (20-120 s on the 2-core machine)
pytestmark = [pytest.mark.gui, pytest.mark.slow]

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HAND = {"bids": {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 3}, "tricks": {"Ann & Cat": 6, "Bob & Dan": 7}}
FULL = "Not kept on this phone: the phone's storage for this app is full (free some space)"


def test_a_full_phone_is_told_and_loses_nothing_on_screen(phone, tmp_path):
    page = phone.context.new_page()
    phone.context.new_cdp_session(page).send("Storage.overrideQuotaForOrigin",
                                             {"origin": phone.server.origin, "quotaSize": 1})
    app = phone.driver(page)
    page.goto(phone.server.url, timeout=120_000)  # (the 15 s default ran out at load 18-33)
    wait_started(page)
    page.wait_for_function("() => !document.getElementById('loading')", timeout=60_000)
    app.enable_semantics()
    app.wait_id("new-game", timeout=60_000)
    start_game(app, PLAYERS)
    wait_message(app, FULL)  # the new game itself could not be kept
    play_hand(app, HAND)
    app.page.get_by_role("button", name="Sheet (1)").first.wait_for(state="attached")  # the hand stays
    wait_message(app, FULL)
    engine = dict(score_game(new_game("standard", PLAYERS).with_hand(HAND)).scores)
    assert totals(app, list(engine)) == engine

    app.tap("game-menu")  # what the sentence says to do: the record holds the hand
    app.tap_menu("Export record")
    app.wait_id("export-dialog")
    with app.page.expect_download() as download:
        app.tap("export-file")
    saved = tmp_path / "record.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["hands"] == [HAND]

    asked = []
    page.on("dialog", lambda d: (asked.append(d.type), d.dismiss()))
    page.close(run_before_unload=True)  # the page asks before it goes: a change is not kept
    page.wait_for_event("dialog", timeout=10_000) if not asked else None
    assert asked == ["beforeunload"]
