"""The phone is the scorepad (issue 23): the phone's own build keeps score with no computer at the
table.  One phone, a fresh browser profile: the site served on 127.0.0.1 under a path prefix, a
game started and two hands entered through the GUI, a reload (both hands there, the totals the
engine gives the record the app exports), the network off and a start again (the game there, a
third hand saved), the page closed right after "Hand 3 saved" and opened again (hand 3 there);
and not one request to another host in all of it.
"""
from __future__ import annotations

import json

import pytest

from phonekit import open_game_card, play_hand, start_game, totals, wait_message

from scorekeeper.engine import load_game, new_game, score_game

#: every test here loads Pyodide in Chromium (20-120 s on the 2-core machine)
pytestmark = [pytest.mark.gui, pytest.mark.slow]

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HANDS = [
    {"bids": {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 3}, "tricks": {"Ann & Cat": 6, "Bob & Dan": 7}},
    {"bids": {"Ann": 4, "Bob": 2, "Cat": 3, "Dan": 2}, "tricks": {"Ann & Cat": 5, "Bob & Dan": 8}},
    {"bids": {"Ann": 2, "Bob": 3, "Cat": 3, "Dan": 4}, "tricks": {"Ann & Cat": 4, "Bob & Dan": 9}},
]


def engine_totals(hands: list[dict]) -> dict[str, int]:
    game = new_game("standard", PLAYERS)
    for hand in hands:
        game = game.with_hand(hand)
    return dict(score_game(game).scores)


def exported_record(app, tmp_path) -> dict:
    """The game's record as the app exports it (⋮ -> Export record -> Save as a file: a download)."""
    app.tap("game-menu")
    app.tap_menu("Export record")
    app.wait_id("export-dialog")
    with app.page.expect_download() as download:
        app.tap("export-file")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    return json.loads(saved.read_text())


def test_the_phone_keeps_score_alone_across_a_reload_offline_and_a_closed_page(phone, tmp_path):
    app, first = phone.open()
    print("first (cold) start:", first["timeline"])
    app.wait_id("new-game", timeout=60_000)
    start_game(app, PLAYERS)
    for number, hand in enumerate(HANDS[:2], start=1):
        play_hand(app, hand)
        wait_message(app, f"Hand {number} saved")
    record = exported_record(app, tmp_path)
    assert record["hands"] == HANDS[:2]
    engine = dict(score_game(load_game(record)).scores)
    assert engine == engine_totals(HANDS[:2])
    assert totals(app, list(engine)) == engine

    again = phone.reload(app)  # the page loaded again: the game is read back from the browser's storage
    print("reload:", again["timeline"])
    app.wait_id("save-hand", timeout=60_000)  # the route kept: the game's own screen
    assert totals(app, list(engine)) == engine
    app.page.get_by_role("button", name="Sheet (2)").first.wait_for(state="attached")

    phone.offline_ready(app)  # the service worker holds every file
    phone.context.set_offline(True)
    offline = phone.reload(app)
    print("offline start:", offline["timeline"])
    app.wait_id("save-hand", timeout=60_000)
    assert totals(app, list(engine)) == engine
    play_hand(app, HANDS[2])
    wait_message(app, "Hand 3 saved")
    app.page.close()  # right after the message: what it says is kept

    app, closed = phone.open("phone-again")
    print("after the page was closed (offline):", closed["timeline"])
    app.wait_id("new-game", timeout=60_000)
    open_game_card(app)
    app.page.get_by_role("button", name="Sheet (3)").first.wait_for(state="attached")
    assert totals(app, list(engine)) == engine_totals(HANDS)
    assert phone.other_hosts == []
