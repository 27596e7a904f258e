"""Whole games played through the real app in headless Chromium, desktop and phone.

Each hand is written here as the record's hand (GAME_FORMAT.md); the helper
taps it in, and the totals on screen are compared with what the engine
computes for the same hands: the GUI shows the engine's numbers.
"""
from __future__ import annotations

import re

import pytest

from scorekeeper.engine import new_game, score_game
from steps import count_for, pick, raise_by

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
AC, BD = "Ann & Cat", "Bob & Dan"


class Table:
    """The app plus the same game kept by the engine, to know what must be shown."""

    def __init__(self, app, preset: str, options: dict):
        self.app = app
        rules = {"preset": preset, "options": options} if options else preset
        self.game = new_game(rules, PLAYERS)
        self.sides = list(self.game.side_names)

    @property
    def sheet(self):
        return score_game(self.game)

    # -- entering hands ------------------------------------------------------
    def play(self, hand: dict, first_round: dict | None = None, check=None) -> None:
        """Tap `hand` in, save it, and see the sheet and totals it must give."""
        app = self.app
        side_names = set(self.sides)
        first_round = first_round or {}
        for name, bid in hand["bids"].items():
            if bid == "nil":
                blind = name in hand.get("blind", [])
                if name in side_names or self.game.rules.partnership_bidding:
                    app.tap(f"{'blind-nil' if blind else 'nil'}-{name}")
                else:
                    app.tap(f"blind-nil-{name}" if blind else f"bid-{name}-nil")
            else:
                pick(app, f"bid-{name}", first_round.get(name, bid))
        for name in hand.get("blind", []):
            if hand["bids"].get(name) != "nil":
                app.tap(f"blind-{name}")
        for side, k in hand.get("raised", {}).items():
            raise_by(app, side, k)
        keys = list(hand["tricks"])
        for key in keys[:-1]:  # the last count is filled in by the app
            tap_tricks(app, key, hand["tricks"][key])
        if check:
            check()
        app.tap("save-hand")
        self.game = self.game.with_hand(hand)
        saw_saved(app, self.sheet.hands_played, len(self.game.hands))
        self.see_totals()

    def see_totals(self) -> None:
        sheet = self.sheet
        for side in self.sides:
            self.app.expect_text(f"score-{side}", str(sheet.scores[side]))
            self.app.expect_text(f"bags-{side}", f"{sheet.bags[side]}/")


def saw_saved(app, played: int, number: int) -> None:
    """The save went in: the new row on the sheet (desktop), the sheet's count of hands
    (a phone's Hand tab), or the refusal, which fails the test."""
    done = app.page.get_by_role("button", name=f"Sheet ({played})") if app.phone else \
        app.by_id(f"sheet-row-{number}")
    done.or_(app.by_id("entry-error")).first.wait_for(state="attached")
    if app.by_id("entry-error").count():
        raise AssertionError("refused: " + app.by_id("entry-error").first.inner_text())


def tap_tricks(app, key: str, count: int) -> None:
    """Count the tricks of `key` (a side, or a nil bidder): choose whose, then the number."""
    count_for(app, key)
    pick(app, "tricks", count)


def tap_all(app, taps: list) -> None:
    """Tap each id; a ("tricks", key, count) counts tricks."""
    for t in taps:
        if isinstance(t, tuple):
            tap_tricks(app, *t[1:])
        else:
            app.tap(t)


def expect_text(app, identifier: str, wanted: str, timeout: float = 10_000) -> None:
    """Wait until the control shows `wanted` (a number exactly, other text as a part)."""
    loc = app.by_id(identifier).first
    exact = wanted.lstrip("-").isdigit()
    seen = ""
    for _ in range(int(timeout / 100)):
        try:
            seen = (loc.inner_text(timeout=1_000) + " "
                    + (loc.get_attribute("aria-label", timeout=1_000) or "")).strip()
        except Exception:
            seen = ""
        if (seen.split()[:1] == [wanted]) if exact else (wanted in seen):
            return
        app.page.wait_for_timeout(100)
    raise AssertionError(f"{identifier}: wanted {wanted!r}, the screen shows {seen!r}")


@pytest.fixture
def app(request, make_driver):
    driver = make_driver(phone=request.param == "phone")
    driver.expect_text = lambda i, w, timeout=10_000: expect_text(driver, i, w, timeout)
    driver.open()
    return driver


def start_game(app, preset: str, options_taps: list[str]) -> None:
    app.tap("new-game")
    app.wait_id("start-game")
    if preset != "standard":
        app.tap(f"preset-{preset}")
    for i, name in enumerate(PLAYERS):
        app.fill(f"Player {i + 1}", name)
    if options_taps:
        app.tap("options-toggle")
        for t in options_taps:
            app.tap(t)
    app.screenshot(f"new-game-{preset}")
    app.start_game()


def open_sheet(app) -> None:
    if app.phone:
        app.page.get_by_role("button", name=re.compile(r"^Sheet")).first.tap()


def edit_hand_2_then_undo(app, table: Table, new_hand: dict, changed_taps: list[str],
                          refused: tuple[list[str], str] | None = None) -> None:
    """Edit hand 2 (a refused edit first, if given), see the totals change, undo it."""
    before = table.sheet.scores
    open_sheet(app)
    app.tap("sheet-row-2")
    app.wait_id("edit-hand-button")
    # the breakdown shows the engine's lines, the same text the CLI prints
    line = table.sheet.hands[1].sides[table.sides[0]].lines[0].text
    app.expect_text(f"breakdown-{table.sides[0]}", line)
    app.screenshot("breakdown")
    app.tap("edit-hand-button")
    app.wait_id("save-hand")
    if refused:
        taps, message = refused
        tap_all(app, taps)
        app.tap("save-hand")
        app.expect_text("entry-error", message)
        app.screenshot("edit-refused")
    tap_all(app, changed_taps)
    app.tap("save-hand")
    app.wait_id("undo")
    edited = table.game.replace_hand(2, new_hand)
    after = score_game(edited).scores
    assert after != before
    for side in table.sides:
        app.expect_text(f"score-{side}", str(after[side]))
    app.tap("undo")
    table.see_totals()


def reload_and_find_it_intact(app, table: Table) -> None:
    app.page.reload()
    app.page.wait_for_function("() => !document.getElementById('loading')", timeout=30_000)
    app.enable_semantics()
    app.wait_id(f"score-{table.sides[0]}")  # the tab the route names (after an edit: the sheet)
    table.see_totals()
    # a message shown before the reload is not shown again (at the bottom it covered Save)
    assert not app.by_id("message").count(), app.text_of("message")
    open_sheet(app)
    app.wait_id(f"sheet-row-{len(table.game.hands)}")


# each whole game once (about half a minute each): the standard one at a desktop, the IHOP
# one on a phone; every preset is entered on both in test_entry_states and test_plain_hands
@pytest.mark.parametrize("app", ["desktop"], indirect=True)
def test_standard_game(app):
    """Standard, to 300, blind nil on: a nil, a set, the 10-bag penalty, a blind nil, the end."""
    start_game(app, "standard", ["option-win_score-300", "option-blind_nil"])
    table = Table(app, "standard", {"win_score": 300, "blind_nil": True})
    # nobody is behind: blind nil is not offered, and the reason is given
    app.expect_text("blind-reason-Bob", "100 behind")
    app.screenshot("hand-entry")
    table.play({"bids": {"Bob": "nil", "Cat": 3, "Dan": 4, "Ann": 3},
                "tricks": {AC: 9, "Bob": 0, "Dan": 4}})
    for name, bid in (("Cat", 2), ("Dan", 3), ("Ann", 2), ("Bob", 3)):
        app.tap(f"bid-{name}-{bid}")
    # tricks stay consistent: tapping either side fills in the other
    tap_tricks(app, AC, 9)
    app.expect_text(f"count-{BD}", f"{BD}: 4")
    tap_tricks(app, BD, 3)
    app.expect_text(f"count-{AC}", f"{AC}: 10")
    app.expect_text("entry-status", "Ready to save")
    tap_tricks(app, BD, 4)
    app.tap("save-hand")
    table.game = table.game.with_hand({"bids": {"Cat": 2, "Dan": 3, "Ann": 2, "Bob": 3},
                                       "tricks": {AC: 9, BD: 4}})
    saw_saved(app, 2, 2)
    table.see_totals()
    assert table.sheet.hands[1].sides[BD].set  # Bob & Dan were set
    # Ann & Cat's overtricks reach 10 bags: the penalty, in the same hand
    table.play({"bids": {"Dan": 4, "Ann": 1, "Bob": 4, "Cat": 1},
                "tricks": {AC: 5, BD: 8}})
    assert table.sheet.hands[2].sides[AC].bag_penalty
    # now Ann & Cat are 100+ behind: blind nil is offered to them
    table.play({"bids": {"Ann": "nil", "Bob": 4, "Cat": 4, "Dan": 4},
                "blind": ["Ann"], "tricks": {"Ann": 0, "Cat": 5, BD: 8}})
    app.screenshot("table")
    edit_hand_2_then_undo(app, table, {"bids": {"Cat": 2, "Dan": 3, "Ann": 2, "Bob": 3},
                                       "tricks": {AC: 8, BD: 5}}, [("tricks", AC, 8)])
    reload_and_find_it_intact(app, table)
    if app.phone:
        app.page.get_by_role("button", name=re.compile(r"^Hand")).first.tap()
    table.play({"bids": {"Bob": 2, "Cat": 3, "Ann": 3, "Dan": 2},
                "tricks": {AC: 8, BD: 5}})
    sheet = table.sheet
    assert sheet.finished
    app.wait_id("game-over")
    app.expect_text("winner", sheet.winner)
    app.expect_text("reason", sheet.reason[:20])
    app.screenshot("game-over")


@pytest.mark.parametrize("app", ["phone"], indirect=True)
def test_ihop_game(app):
    """IHOP to 300: nil, the lock raise, a set, the bag penalty, a blind 6, Wheels to win."""
    start_game(app, "ihop", ["option-win_score-300"])
    table = Table(app, "ihop", {"win_score": 300})
    app.expect_text("blind-reason-Ann & Cat", "100 behind")

    def lock_is_open():
        app.expect_text("lock-status", "Bids total 9 of 13: open")

    table.play({"bids": {BD: 4, "Bob": "nil", AC: 5}, "tricks": {"Bob": 0, "Dan": 5, AC: 8}},
               check=lock_is_open)
    table.play({"bids": {AC: 4, BD: 4}, "tricks": {AC: 3, BD: 10}})
    assert table.sheet.hands[1].sides[AC].set
    table.play({"bids": {BD: 4, AC: 4}, "tricks": {AC: 3, BD: 10}})
    assert table.sheet.hands[2].sides[BD].bag_penalty
    # Ann & Cat are now 100+ behind: they bid blind 6
    table.play({"bids": {AC: 6, BD: 4}, "blind": [AC], "tricks": {AC: 6, BD: 7}})
    # the raise, in order: the non-dealer side first
    table.play({"bids": {BD: 6, AC: 5}, "raised": {BD: 1}, "tricks": {BD: 6, AC: 7}},
               first_round={BD: 5})
    # Ann & Cat making hand 2 would leave them less than 100 behind before hand 4,
    # so their blind 6 there would be illegal: that edit is refused, naming hand 4
    edit_hand_2_then_undo(app, table, {"bids": {AC: 5, BD: 4}, "tricks": {AC: 3, BD: 10}},
                          [("tricks", AC, 3), f"bid-{AC}-5"],
                          refused=([("tricks", AC, 4)], "Hand 4:"))
    reload_and_find_it_intact(app, table)
    if app.phone:
        app.page.get_by_role("button", name=re.compile(r"^Hand")).first.tap()
    # Wheels: a bid of 10 made is worth 200, and wins the game at 300
    table.play({"bids": {BD: 10, AC: 4}, "tricks": {BD: 10, AC: 3}},
               check=lambda: app.expect_text(f"bidder-{BD}", "Wheels"))
    sheet = table.sheet
    assert sheet.finished, sheet.scores
    app.expect_text("winner", sheet.winner)
    app.screenshot("game-over-ihop")
