"""The app on a full disk (issue 25, point 5), in headless Chromium: started on a data folder whose
disk (a small tmpfs made for the test) is full to the last byte, it lists every game with one
sentence that says why saving fails and what to do, opens them, and a hand saved there says so and
stays on the screen, ready to be saved again once there is room."""
from __future__ import annotations

import pytest

from harness import Server
from steps import wait_label
from tests import faults
from tests.storage.test_full_or_read_only import seed


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    with faults.tmpfs("4m") as disk:
        games = seed(disk / "data")
        faults.fill(disk)
        srv = Server(disk / "data", tmp_path_factory.mktemp("full-disk") / "server.log")  # its log elsewhere
        try:
            yield srv, games
        finally:
            srv.stop()


def enter_hand(app) -> None:
    bidders = app.page.evaluate(
        "() => [...document.querySelectorAll('[flt-semantics-identifier^=\"bidder-\"]')]"
        ".map(e => e.getAttribute('flt-semantics-identifier').slice(7))")
    assert bidders, "the entry shows its bidders"
    for name in bidders:
        app.tap(f"bid-{name}-3")
    app.tap("tricks-7" if app.by_id("tricks-7").count() else "tricks-Ann & Cat-7")


def test_every_game_is_listed_and_a_save_says_why_it_failed_and_keeps_the_hand(make_driver, full):
    srv, games = full
    app = make_driver(on=srv)
    app.open()
    said = wait_label(app, "read-only", "is full")
    assert "free some space" in said and str(srv.data_dir) in said, said
    for game_id in games.values():
        app.wait_id(f"game-{game_id}")
    app.screenshot("games-full-disk")
    app.go(f"game/{games['playing']}")
    app.wait_id("save-hand")
    enter_hand(app)
    app.tap("save-hand")
    assert "free some space" in wait_label(app, "entry-error", "is full"), "the save says why it failed"
    assert not app.by_id("sheet-row-3").count(), "nothing was saved"
    assert "Ready to save" in app.text_of("entry-status"), "the hand is still there, whole"
    app.tap("save-hand")  # and Save tries again: the same answer, not "Still to enter"
    wait_label(app, "entry-error", "is full")
    assert "Still to enter" not in app.text_of("entry-error") + app.text_of("entry-status")
    app.screenshot("save-full-disk")
