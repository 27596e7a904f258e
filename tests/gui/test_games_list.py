"""The games list in a real browser: hands counted as a table counts them, a draw, the stats of a
draw, a rematch passing the deal on, the result shared (share sheet or clipboard), and records
moved in and out as real files or pasted text.

Issue 7 section 5 (rematch), section 6 (share, import/export, words, 48 px), issue 8 (hands),
issue 9 (a draw in the list and the stats).
"""
from __future__ import annotations

import json

import pytest

from scorekeeper.engine import find_preset
from scorekeeper.gui.models.share import sheet_text
from scorekeeper.storage import Repository
from harness import TEST_DESKTOP, TEST_PHONE, Driver, only_local
from steps import wait_message, themes, wait_label
from targets import assert_targets

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
PLAIN = {"bids": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 2}, "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}
TIE = {"bids": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 3}, "tricks": {"Ann & Cat": 6, "Bob & Dan": 7}}


@pytest.fixture(scope="module")
def games(server):
    """One game of one hand, one of two hands and a misdeal, one that ended in a draw."""
    repo = Repository(server.data_dir)
    one = repo.create_game("standard", PLAYERS, first_dealer="Cat")
    repo.record_hand(one, PLAIN)
    two = repo.create_game("ihop", ["Eve", "Fay", "Gus", "Hal"])
    repo.record_hand(two, {"bids": {"Eve & Gus": 5, "Fay & Hal": 6}, "tricks": {"Eve & Gus": 6, "Fay & Hal": 7}})
    repo.record_misdeal(two)
    repo.record_hand(two, {"bids": {"Fay & Hal": 4, "Eve & Gus": 5}, "tricks": {"Eve & Gus": 5, "Fay & Hal": 8}})
    draw_rules = find_preset("standard").with_options({"tie_ends_in_draw": True, "max_hands": 1, "bag_value": 0})
    draw = repo.create_game(draw_rules, ["Ivy", "Jo", "Kim", "Lu"])
    repo.record_hand(draw, {"bids": {"Ivy": 3, "Jo": 3, "Kim": 3, "Lu": 3}, "tricks": {"Ivy & Kim": 6, "Jo & Lu": 7}})
    assert repo.get(draw).sheet.winner is None and repo.get(draw).sheet.finished
    return {"one": one, "two": two, "draw": draw}


def dialog_in_both_themes(app, open_dialog, identifier: str, name: str) -> None:
    """A dialog photographed in both themes: the theme button is behind the dialog, so the dialog
    is closed, the theme switched and the dialog opened again."""
    app.screenshot(name)
    app.page.keyboard.press("Escape")
    app.page.wait_for_function(f"() => !document.querySelector('[flt-semantics-identifier=\"{identifier}\"]')")
    app.switch_theme()
    open_dialog()
    app.wait_id(identifier)
    app.screenshot(name)


def status(app, game_id: str) -> str:
    return app.text_of(f"game-status-{game_id}")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_hands_are_counted_as_the_table_counts_them_and_a_draw_is_a_draw(kept_tab, games, phone):
    app = kept_tab(phone=phone)  # (on the games list)
    app.wait_id(f"game-{games['draw']}")
    assert "In progress \u00b7 1 hand \u00b7 Standard" in status(app, games["one"])
    assert "In progress \u00b7 2 hands" in status(app, games["two"])  # the misdeal is not a hand
    assert "IHOP" in status(app, games["two"])
    assert "Draw \u00b7 1 hand" in status(app, games["draw"])
    if phone:
        assert_targets(app, "games list, 390x844")
    themes(app, "games")
    app.tap("stats")
    app.wait_id("stats-table")
    ivy = app.page.get_by_role("row").filter(has_text="Ivy").first.inner_text().split()
    assert ivy[:4] == ["Ivy", "1", "0", "1"]  # one game, no win, one draw
    themes(app, "stats-draw")


def test_a_rematch_passes_the_first_deal_to_the_next_player(kept_tab, games):
    app = kept_tab(phone=True)  # (on the games list)
    app.tap(f"game-menu-{games['one']}")
    app.tap_menu("Rematch (same players)")
    app.wait_id("save-hand")
    wait_label(app, "next-hand", "Dan deals")  # Cat dealt first last game
    wait_message(app, "Rematch: Dan deals first")


def test_the_result_is_shared_through_the_share_sheet_or_copied(browser, server, games):
    repo = Repository(server.data_dir)
    wanted = sheet_text(repo.get(games["two"]).game, repo.get(games["two"]).sheet)
    assert "IHOP house rules" in wanted and "2 hands, 1 misdeal" in wanted and "Misdeal (" in wanted
    # a phone with a share sheet (navigator.share, as on Android): the text goes to it
    phone = browser.new_context(**TEST_PHONE)
    phone.route("**/*", only_local)
    phone.add_init_script("navigator.share = async (data) => { window.__shared = data; };"
                          "navigator.canShare = () => true;")
    # a desktop browser without one: the clipboard
    desk = browser.new_context(**TEST_DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    desk.route("**/*", only_local)
    try:
        sheet, copy = Driver(phone, server, "phone", True), Driver(desk, server, "desktop", False)
        for app in (sheet, copy):
            app.open()
            app.tap(f"game-menu-{games['two']}")
            app.tap_menu("Share result")
        sheet.page.wait_for_function("() => !!window.__shared")
        assert sheet.page.evaluate("() => window.__shared.text") == wanted
        wait_label(copy, "message", "The result is copied")
        assert copy.page.evaluate("() => navigator.clipboard.readText()") == wanted
        copy.screenshot("shared-copied")
    finally:
        phone.close()
        desk.close()


def test_a_record_goes_out_and_in_as_a_real_file(browser, server, games, tmp_path):
    context = browser.new_context(**TEST_PHONE, accept_downloads=True)
    context.route("**/*", only_local)
    try:
        app = Driver(context, server, "phone", True)
        app.open()

        def export() -> None:
            app.tap(f"game-menu-{games['one']}")
            app.tap_menu("Export record")

        export()
        app.wait_id("export-dialog")
        assert_targets(app, "export dialog")
        dialog_in_both_themes(app, export, "export-dialog", "export")
        with app.page.expect_download() as download:
            app.tap("export-file")
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        assert saved.name.startswith("spades-") and saved.name.endswith("-ann-cat-vs-bob-dan.json")
        record = json.loads(saved.read_text())
        assert record == Repository(server.data_dir).exchange.export_game(games["one"])
        wait_label(app, "message", f"The record is saved as {saved.name}")
        # ... and a record in, through the file dialog: the same file with one hand less (the very
        # same record would be a copy of a saved game)
        record["hands"] = record["hands"][:-1]
        saved.write_text(json.dumps(record, indent=2))
        before = {g.id for g in Repository(server.data_dir).list_games()}
        app.tap("import")
        app.wait_id("import-dialog")
        assert_targets(app, "import dialog")
        dialog_in_both_themes(app, lambda: app.tap("import"), "import-dialog", "import")
        with app.page.expect_file_chooser() as chooser:
            app.tap("import-file")
        chooser.value.set_files(str(saved))
        app.wait_id("save-hand")
        (new,) = {g.id for g in Repository(server.data_dir).list_games()} - before
        # the browser's address follows the screen a moment later
        app.page.wait_for_url(f"**/game/{new}", timeout=5_000)
        assert Repository(server.data_dir).exchange.export_game(new) == record
    finally:
        context.close()


def test_pasted_text_that_is_no_record_is_said_so_plainly(kept_tab, games, tmp_path):
    app = kept_tab()  # (on the games list)
    app.tap("import")
    app.wait_id("import-dialog")
    app.fill("The record's text", "Ann 120, Bob 80")
    app.tap("import-paste")
    said = wait_label(app, "import-error", "The pasted text is not a game record")
    assert "file" not in said  # pasted text is not called "the file"
    assert "Expecting" not in said and "char " not in said  # no parser's words
    app.screenshot("import-refused")
    # a file that is not a record: named by its name
    junk = tmp_path / "notes.json"
    junk.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with app.page.expect_file_chooser() as chooser:
        app.tap("import-file")
    chooser.value.set_files(str(junk))
    wait_label(app, "import-error", "The file notes.json is not a game record: it is not text")
