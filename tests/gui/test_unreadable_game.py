"""A data folder holding a game from a later release (a rule option this version does not know):
the games list shows every game, and that one as "Can't open with this version: <reason>" with its
names, date and the way out (export its record, delete it to the trash); opening it says why.
The real app in headless Chromium, as in test_games_list.py."""
from __future__ import annotations

import pytest

from scorekeeper.storage import Repository
from steps import wait_label, wait_message
from targets import assert_targets
from tests.compat.later_release import UNKNOWN_OPTION, later_release_folder

WHY = f"Can't open with this version: unknown rule option '{UNKNOWN_OPTION}'"


@pytest.fixture(scope="module")
def games(server):
    return later_release_folder(server.data_dir)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_every_game_is_listed_and_the_unreadable_one_says_why(kept_tab, games, phone):
    app = kept_tab(phone=phone)  # (on the games list)
    for game_id in games["readable"]:
        assert "In progress" in wait_label(app, f"game-status-{game_id}", "In progress")
    for game_id in (games["later"], games["same_stamp"]):
        said = wait_label(app, f"game-status-{game_id}", WHY)
        assert "Lou, Max, Ned, Ola" in said and "Standard" in said and "Export its record or delete it" in said
    assert "North vs South" in app.text_of(f"game-{games['later']}")
    if phone:
        assert_targets(app, "games list with an unreadable game, 390x844")
    app.screenshot("games-unreadable")
    app.tap(f"game-status-{games['later']}")  # opening it: a message, the list stays
    wait_message(app, f"{WHY}. North vs South (Lou, Max, Ned, Ola) is kept as it was saved")
    app.wait_id(f"game-{games['readable'][0]}")


def test_its_address_gives_a_clear_message_over_the_games_list(kept_tab, games):
    app = kept_tab()
    app.go(f"/game/{games['same_stamp']}")
    wait_message(app, f"game {games['same_stamp']}: can't open with this version: unknown rule option "
                      f"'{UNKNOWN_OPTION}'")
    app.wait_id(f"game-{games['readable'][0]}")
    assert "Traceback" not in app.page.inner_text("body")


def test_the_way_out_its_raw_record_exported_and_the_game_moved_to_the_trash(kept_tab, games, server):
    app = kept_tab(phone=True)  # (on the games list)
    app.tap(f"game-menu-{games['later']}")
    app.tap_menu("Export record")
    wait_label(app, "export-dialog", "This version can't open the game (unknown rule option")
    app.page.keyboard.press("Escape")
    app.tap(f"game-menu-{games['later']}")
    app.tap_menu("Delete (to the trash)")
    wait_message(app, "Game deleted")
    app.page.wait_for_function(
        f"() => !document.querySelector('[flt-semantics-identifier=\"game-{games['later']}\"]')")
    repo = Repository(server.data_dir)
    assert games["later"] in {s.id for s in repo.trash.list_games()}
    assert {s.id for s in repo.list_games()} == {*games["readable"], games["same_stamp"]}
    repo.trash.restore(games["later"])
