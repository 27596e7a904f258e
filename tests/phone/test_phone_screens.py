"""The phone's own build offers everything but a shared table (issue 23): no menu item leads to
sharing a table, the pen, a host link or a QR code, and a route typed by hand to one of them leads to
the games list; the rules, what if, the chart, the history, a hand's breakdown and a line's rule,
the season's stats, the picture of the sheet (drawn by the client: no Pillow) and moving every game
out and back in (a game saved already is named, not added twice) all work, in one start."""
from __future__ import annotations

import json
import struct

import pytest

from phonekit import play_hand, start_game, wait_message
from test_emoji_names import coloured

from scorekeeper.gui.serve import EMOJI_PIECE  # (the pieces sw.js answers: test_emoji_font.py)

#: every test here loads Pyodide in Chromium (20-120 s on the 2-core machine)
pytestmark = [pytest.mark.gui, pytest.mark.slow]

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HAND = {"bids": {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 3}, "tricks": {"Ann & Cat": 6, "Bob & Dan": 7}}
#: words no item of a phone's menu may hold: they lead to sharing a table
SHARING = ("share this table", "pen", "join", "host", "qr", "code")


def menu_items(app, menu: str, last: str) -> list[str]:
    """The items of the popup menu `menu` (its test id), read once its `last` item is drawn, then closed."""
    app.tap(menu)
    app.page.get_by_role("menuitem", name=last).first.wait_for(state="attached")
    items = app.page.get_by_role("menuitem").evaluate_all(
        "els => els.map(e => (e.getAttribute('aria-label') || e.innerText || '').trim())")
    app.page.keyboard.press("Escape")
    app.page.get_by_role("menuitem").first.wait_for(state="detached")
    return items


def through_the_menu(app, item: str, shows: str) -> None:
    """Open a screen from the game menu, see it, and come back to the game."""
    app.tap("game-menu")
    app.tap_menu(item)
    app.wait_id(shows, timeout=60_000)
    app.tap("back")
    app.wait_id("save-hand", timeout=30_000)


def png_width(data: bytes) -> int:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">I", data[16:20])[0]


def test_the_phone_offers_everything_but_a_shared_table(phone, tmp_path):
    app, started = phone.open()
    print("start:", started["timeline"])
    app.wait_id("new-game", timeout=60_000)
    start_game(app, PLAYERS)
    play_hand(app, HAND)
    wait_message(app, "Hand 1 saved")
    game_id = app.page.evaluate("() => location.hash").split("/")[2]

    items = menu_items(app, "game-menu", "Export record")
    assert {"Rules of this game", "What if (other rules)", "Chart", "History (who changed what)", "Share result",
            "Picture of the sheet", "Export record"} <= set(items), items
    assert not [i for i in items if any(word in i.lower() for word in SHARING)], items

    through_the_menu(app, "Rules of this game", "rules-search")
    through_the_menu(app, "What if (other rules)", "whatif-preset")
    through_the_menu(app, "Chart", "chart")
    through_the_menu(app, "History (who changed what)", "history-0")

    app.page.get_by_role("button", name="Sheet (1)").first.tap()
    app.tap("sheet-row-1")
    line = app.page.wait_for_function("""() => [...document.querySelectorAll('[flt-semantics-identifier]')]
        .map(e => e.getAttribute('flt-semantics-identifier')).find(i => i.startsWith('line-'))""",
                                      timeout=60_000).json_value()
    app.tap(line)
    app.wait_id("rule-words", timeout=60_000)  # the line's rule and this hand the other ways
    app.tap("back")
    app.wait_id(line, timeout=30_000)
    app.tap("back")
    app.wait_id("save-hand", timeout=30_000)

    app.tap("game-menu")
    app.tap_menu("Picture of the sheet")
    app.wait_id("picture", timeout=30_000)
    with app.page.expect_download(timeout=60_000) as download:  # no share sheet here: saved as a file
        app.tap("picture-share")
    picture = tmp_path / download.value.suggested_filename
    download.value.save_as(picture)
    assert picture.name.startswith("spades-") and picture.name.endswith("-ann-cat-vs-bob-dan.png")
    assert png_width(picture.read_bytes()) == 1080

    for route in (f"/game/{game_id}/share", f"/table/{game_id}", "/join", "/join/ABCDEF",
                  "/host/0123456789abcdefghij"):
        app.page.evaluate("(route) => { location.hash = route; }", route)
        app.wait_id("new-game", timeout=30_000)
        app.page.wait_for_function("() => location.hash === '#/' || location.hash === ''", timeout=30_000)
        shown = app.page.evaluate("""() => [...document.querySelectorAll('[flt-semantics-identifier]')]
            .map(e => e.getAttribute('flt-semantics-identifier'))""")
        assert not [i for i in shown if i.startswith(("share-", "join", "ask-pen", "pen-"))], (route, shown)
        app.page.evaluate(f"() => {{ location.hash = '/game/{game_id}'; }}")
        app.wait_id("save-hand", timeout=30_000)

    app.tap("back")
    app.wait_id("new-game", timeout=30_000)
    items = menu_items(app, f"game-menu-{game_id}", "Delete")
    assert "Export record" in items and not [i for i in items if any(w in i.lower() for w in SHARING)], items
    app.tap("stats")
    app.wait_id("stats-scope", timeout=60_000)
    app.tap("back")
    app.wait_id("new-game", timeout=30_000)

    app.tap("export-all")
    app.wait_id("export-dialog")
    with app.page.expect_download(timeout=60_000) as download:
        app.tap("export-file")
    moved = tmp_path / download.value.suggested_filename
    download.value.save_as(moved)
    records = json.loads(moved.read_text())
    assert [r["players"] for r in records] == [PLAYERS] and records[0]["hands"] == [HAND]
    app.tap("import")
    app.wait_id("import-dialog")
    with app.page.expect_file_chooser() as chooser:
        app.tap("import-file")
    chooser.value.set_files(str(moved))
    text = app.page.wait_for_function("""() => { const e = document.querySelector('[flt-semantics-identifier="import-error"]');
        return e && (e.innerText || e.getAttribute('aria-label')); }""", timeout=60_000).json_value()
    assert "Nothing imported; 1 game already saved: Ann & Cat vs Bob & Dan" in text, text

    # an emoji typed as a name draws in colour from the app's font, which the service worker keeps
    # (every piece of Noto Color Emoji Flutter asks for is answered with it): none goes unanswered
    phone.offline_ready(app)
    emoji = []
    app.page.on("response", lambda r: emoji.append(r.status) if EMOJI_PIECE.search(r.url) else None)
    app.page.keyboard.press("Escape")
    app.wait_id("new-game", timeout=30_000)
    app.tap("new-game")
    app.wait_id("start-game")
    app.fill("Player 1", "Ann \U0001F600")
    app.screenshot("phone-emoji-name", targets=False)  # (fails on a fallback font not answered)
    assert emoji and set(emoji) == {200}, emoji
    shot = app.page.screenshot()
    assert coloured(shot, {"left": 0, "top": 0, "width": 390, "height": 844}, 390) >= 20, "the emoji drew no colour"
