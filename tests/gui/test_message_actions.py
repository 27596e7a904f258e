"""A message's action never outlives its screen (issue 15, 1): "Game deleted · Undo" went on into
the next game, its Undo where Save is, and a tap on Save brought the deleted game back and
saved nothing.  The real app in headless Chromium on a phone."""
from __future__ import annotations

import pytest

from scorekeeper.storage import Repository
from steps import wait_message

MESSAGE = '[flt-semantics-identifier="message"]'


@pytest.fixture(scope="module")
def games(server):
    repo = Repository(server.data_dir)
    doomed = repo.create_game("standard", ["Ann", "Bob", "Cat", "Dan"])
    kept = repo.create_game("standard", ["Eve", "Fay", "Gus", "Hal"])
    return doomed, kept


def no_message(app) -> bool:
    return app.page.locator(MESSAGE).count() == 0


def deleted_from_the_list(kept_tab, game_id: str):
    """A phone on the games list that has just deleted ``game_id`` ("Game deleted · Undo")."""
    app = kept_tab(phone=True)  # (on the games list)
    app.tap(f"game-menu-{game_id}")
    app.tap_menu("Delete")
    wait_message(app, "Game deleted")
    return app


def test_leaving_the_screen_takes_the_undo_away_and_save_saves(kept_tab, games, server):
    doomed, kept = games
    app = deleted_from_the_list(kept_tab, doomed)
    repo = Repository(server.data_dir)
    try:
        app.tap(f"game-status-{kept}")  # straight into the next game
        app.wait_id("save-hand")
        app.page.wait_for_function(f"() => !document.querySelector('{MESSAGE}')", timeout=5_000)
        for name in ("Eve", "Fay", "Gus", "Hal"):
            app.tap(f"bid-{name}-3")
        app.tap("tricks-7" if app.by_id("tricks-7").count() else "tricks-Eve & Gus-7")
        app.tap("save-hand")
        wait_message(app, "Hand 1 saved")
        assert len(repo.get(kept).game.hands) == 1, "Save saved the hand"
        assert doomed in {s.id for s in repo.trash.list_games()}, "the deleted game stays deleted"
    finally:
        if doomed in {s.id for s in repo.trash.list_games()}:
            repo.trash.restore(doomed)


def test_a_message_with_an_action_goes_by_itself(kept_tab, games):
    doomed, _ = games
    app = deleted_from_the_list(kept_tab, doomed)
    app.page.wait_for_function(f"() => !document.querySelector('{MESSAGE}')", timeout=12_000)
    Repository(app.server.data_dir).trash.restore(doomed)
