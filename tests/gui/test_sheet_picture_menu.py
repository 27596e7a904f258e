"""The menus' "Picture of the sheet" in a real browser: on a phone with a share sheet
(navigator.share with files, as on Android), from the game screen's menu, the PNG goes to it; in
a desktop browser without one, from the games list's menu of that game, it is downloaded.  Either
way it is the picture `sheet_png` draws of the saved game (issue 18).
"""
from __future__ import annotations

import base64
import re

import pytest

from scorekeeper.gui.models.sheet_picture import sheet_png
from scorekeeper.storage import Repository
from harness import TEST_DESKTOP, TEST_PHONE, Driver, only_local
from steps import wait_message

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
NAME = re.compile(r"spades-\d{4}-\d{2}-\d{2}-ann-cat-vs-bob-dan\.png")

#: a share sheet that takes files and keeps what it was given (name, type, bytes in base64)
SHARE_SHEET = """
navigator.canShare = () => true;
navigator.share = async (data) => {
  const files = [];
  for (const f of (data.files || [])) {
    const bytes = new Uint8Array(await f.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    files.push({name: f.name, type: f.type, data: btoa(s)});
  }
  window.__shared = {files};
};"""


@pytest.fixture(scope="module")
def game(server):
    """A game of three hands with a nil and a misdeal between them, and the picture of its sheet."""
    repo = Repository(server.data_dir)
    game_id = repo.create_game("standard", PLAYERS, first_dealer="Dan")
    repo.record_hand(game_id, {"bids": {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 3},
                               "tricks": {"Ann & Cat": 6, "Bob & Dan": 7}})
    repo.record_misdeal(game_id)
    repo.record_hand(game_id, {"bids": {"Ann": "nil", "Bob": 3, "Cat": 4, "Dan": 4},
                               "tricks": {"Ann": 0, "Cat": 5, "Bob & Dan": 8}})
    stored = repo.get(game_id)
    return game_id, sheet_png(stored.game, stored.sheet)


def test_the_picture_goes_to_the_share_sheet_or_is_downloaded(browser, server, game):
    game_id, wanted = game
    phone = browser.new_context(**TEST_PHONE)
    phone.route("**/*", only_local)
    phone.add_init_script(SHARE_SHEET)
    desk = browser.new_context(**TEST_DESKTOP, accept_downloads=True)
    desk.route("**/*", only_local)
    try:
        sharing, saving = Driver(phone, server, "phone", True), Driver(desk, server, "desktop", False)
        sharing.open(f"/game/{game_id}")
        sharing.tap("game-menu")
        saving.open()
        saving.tap(f"game-menu-{game_id}")
        sharing.page.get_by_role("menuitem", name="Picture of the sheet").or_(
            sharing.page.get_by_role("button", name="Picture of the sheet")).first.wait_for()
        sharing.screenshot("picture-menu")
        sharing.tap_menu("Picture of the sheet")
        sharing.page.wait_for_function("() => !!window.__shared")
        (shared,) = sharing.page.evaluate("() => window.__shared.files")
        assert NAME.fullmatch(shared["name"]) and shared["type"] == "image/png", shared["name"]
        assert base64.b64decode(shared["data"]) == wanted
        with saving.page.expect_download() as download:
            saving.tap_menu("Picture of the sheet")
        assert NAME.fullmatch(download.value.suggested_filename), download.value.suggested_filename
        assert open(download.value.path(), "rb").read() == wanted
        wait_message(saving, "The picture of the sheet is saved as spades-")
        saving.screenshot("picture-saved")
    finally:
        phone.close()
        desk.close()
