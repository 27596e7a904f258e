"""An IHOP hand with aces and a reneg on a phone needs no scroll (issue 24, point 5): the specials
open in a sheet over the entry (every chip of it on screen, tapped where it is), Done closes it,
the line under the tricks says in words what was entered, and the saved hand holds it; on a
390x844 and a 360x740 phone.  Before, the specials opened below the tricks and needed a scroll.
The bids lock at once (7 + 6 of 13); a hand whose lock round is open is the second test."""
from __future__ import annotations

import pytest

from scorekeeper.storage import Repository
from test_plain_hands import PHONES as ALL_PHONES, box, in_reach, status

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
#: the phones these hands are tapped on; a 740x360 phone on its side has fewer numbers on a
#: bidder's line (the 7 bid here is behind its last chip, a picker): its plain hands are in
#: test_plain_hands
PHONES = {name: size for name, size in ALL_PHONES.items() if name != "740x360"}


def tap_at(app, where) -> None:
    x, y, w, h = where
    app.page.touchscreen.tap(x + w / 2, y + h / 2)


def chosen(app, identifier: str) -> None:
    app.page.locator(f'[flt-semantics-identifier="{identifier}"][aria-current="true"]') \
        .first.wait_for(state="attached", timeout=10_000)


def on_screen(app, identifier: str) -> tuple:
    x, y, w, h = box(app, identifier)
    vw, vh = app.page.viewport_size["width"], app.page.viewport_size["height"]
    assert w >= 47.5 and h >= 47.5, f"{identifier} is cut or small: {w}x{h}"
    assert 0 <= x and x + w <= vw and 0 <= y and y + h <= vh, f"{identifier} is off screen at {x},{y}"
    return x, y, w, h


@pytest.mark.parametrize("phone", sorted(PHONES))
def test_aces_and_a_reneg_are_entered_without_a_scroll(make_driver, server, phone):
    gid = Repository(server.data_dir).create_game("ihop", PLAYERS)
    app = make_driver(phone=True, viewport=PHONES[phone], name=f"phone{phone}")
    app.open(f"game/{gid}")
    app.wait_id("save-hand")
    bar_top = box(app, "save-hand")[1] - 8
    for identifier in ("bid-Ann & Cat-7", "bid-Bob & Dan-6"):
        tap_at(app, in_reach(app, identifier, bar_top))
        chosen(app, identifier)
    tricks = in_reach(app, "tricks-7", bar_top)
    tap_at(app, in_reach(app, "more", bar_top))
    app.wait_id("specials-done")
    for identifier in ("aces-Ann & Cat-took all four", "reneg-Bob & Dan-1"):
        app.assert_drawn(identifier)
        tap_at(app, on_screen(app, identifier))
        chosen(app, identifier)
    app.screenshot("specials-sheet")
    tap_at(app, on_screen(app, "specials-done"))
    app.by_id("specials-done").first.wait_for(state="detached")
    said = app.text_of("specials-said")
    assert "Ann & Cat: aces taken" in said and "Bob & Dan: 1 reneg" in said, said
    assert in_reach(app, "tricks-7", bar_top) == tricks  # nothing moved under the thumb
    before = status(app)
    tap_at(app, tricks)
    for _ in range(100):
        if status(app) != before:
            break
        app.page.wait_for_timeout(50)
    app.screenshot("specials-said")
    tap_at(app, in_reach(app, "save-hand", bar_top))
    for _ in range(100):
        if "Hand 1 saved" in status(app):
            break
        app.page.wait_for_timeout(100)
    assert "Hand 1 saved" in status(app)
    (hand,) = [h.to_dict() for h in Repository(server.data_dir).get(gid).game.hands]
    assert hand["aces"] == {"Ann & Cat": True}
    assert hand["penalties"] == [{"side": "Bob & Dan", "reneg": 1}]
    assert hand["tricks"] == {"Ann & Cat": 7, "Bob & Dan": 6}


def bid_on_a_phone(kept_tab, server, preset: str, players: list[str], phone: str, taps) -> tuple:
    """A new game open on the phone's Hand tab, `taps` tapped where they are (each in reach):
    the game's id, the tab and the top of the Save bar."""
    gid = Repository(server.data_dir).create_game(preset, players)
    app = kept_tab(phone=True, viewport=PHONES[phone], name=f"phone{phone}")
    app.go(f"game/{gid}")
    app.wait_id("save-hand")
    bar_top = box(app, "save-hand")[1] - 8
    for identifier in taps:
        tap_at(app, in_reach(app, identifier, bar_top))
        chosen(app, identifier)
    return gid, app, bar_top


@pytest.mark.parametrize("phone", sorted(PHONES))
def test_a_lock_round_with_a_nil_leaves_every_control_in_reach(kept_tab, server, phone):
    """Ann nil and Cat 5 against 4: 9 of 13, the lock round opens.  Every trick chip, the specials'
    button and the lock round's chip lie above the Save bar, uncut, on a 390x844 and a 360x740
    phone (issue 24, point 5: the dealer's "+lock" row and the specials' button lay under the bar).
    The chip opens the raises in a sheet: Bob & Dan raise by 1, then Ann & Cat (dealing) lock it
    with +3; Done closes it and the hand says it is locked; the saved hand holds both raises."""
    gid, app, bar_top = bid_on_a_phone(kept_tab, server, "ihop", PLAYERS, phone,
                                       ("nil-Ann", "bid-Ann & Cat-5", "bid-Bob & Dan-4"))
    app.wait_id("lock-round")
    app.assert_drawn()
    assert "open" in app.text_of("lock-status")
    for identifier in ("tricks-0", "tricks-13", "more", "lock-round", "count-Ann", "count-Bob & Dan"):
        in_reach(app, identifier, bar_top)
    tap_at(app, in_reach(app, "lock-round", bar_top))
    app.wait_id("lock-done")
    app.assert_drawn()
    app.screenshot("lock-round-sheet")
    tap_at(app, on_screen(app, "raise-Bob & Dan-1"))
    chosen(app, "raise-Bob & Dan-1")
    app.wait_id("raise-Ann & Cat-3")  # after Bob & Dan's 1, the dealers lock with 3 more (13)
    tap_at(app, on_screen(app, "raise-Ann & Cat-3"))
    chosen(app, "raise-Ann & Cat-3")
    tap_at(app, on_screen(app, "lock-done"))
    app.by_id("lock-done").first.wait_for(state="detached")
    chosen(app, "lock-round")  # "Raised", filled
    said = app.text_of("lock-status")
    assert "locked" in said.lower() and "not locked" not in said.lower(), said
    for count, value in (("count-Ann", 0), ("count-Cat", 8)):  # Bob & Dan's 5 is filled in
        tap_at(app, in_reach(app, count, bar_top))
        chosen(app, count)
        tap_at(app, in_reach(app, f"tricks-{value}", bar_top))
        app.page.wait_for_function("([i, v]) => [...document.querySelectorAll(`[flt-semantics-identifier='${i}']`)]"
                                   ".some(e => (e.innerText + (e.getAttribute('aria-label') || '')).includes(v))",
                                   arg=[count, f": {value}"], timeout=10_000)
    app.screenshot("lock-round-raised")
    tap_at(app, in_reach(app, "save-hand", bar_top))
    app.page.wait_for_function(
        "() => (document.querySelector('[flt-semantics-identifier=\"entry-status\"]') || {}).innerText"
        "?.includes('Hand 1 saved')", timeout=15_000)
    (hand,) = [h.to_dict() for h in Repository(server.data_dir).get(gid).game.hands]
    assert hand["raised"] == {"Bob & Dan": 1, "Ann & Cat": 3}, hand


SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def test_seventeen_tricks_of_a_table_of_six_are_in_reach_on_a_phone(kept_tab, server):
    """IHOP for six on a 390x844 phone: 17 tricks.  Every count can be tapped without a scroll and
    the specials' button is above the Save bar: 0 to 12 on two lines, the highest behind "13+" (a
    picker), where three lines of chips put 14 to 17 and the specials under the bar.  A side that
    took 14 is entered through the picker, and the saved hand holds it."""
    gid, app, bar_top = bid_on_a_phone(kept_tab, server, "ihop-6", SIX, "390x844",
                                       ("bid-Ann & Dan-4", "bid-Bob & Eve-5", "bid-Cat & Fay-4"))
    app.assert_drawn()
    shown = set(app.page.evaluate(
        "() => [...document.querySelectorAll('[flt-semantics-identifier^=\"tricks-\"]')]"
        ".map(e => e.getAttribute('flt-semantics-identifier'))"))
    for identifier in sorted(shown) + ["more", "lock-round"]:
        in_reach(app, identifier, bar_top)
    assert {f"tricks-{v}" for v in range(13)} <= shown, sorted(shown)
    assert all(f"tricks-{v}" in shown for v in range(13, 18)) or "tricks-more" in shown, sorted(shown)
    app.screenshot("six-tricks")
    tap_at(app, in_reach(app, "tricks-more", bar_top))
    app.wait_id("picker")
    tap_at(app, on_screen(app, "tricks-14"))
    app.by_id("picker").first.wait_for(state="detached")
    app.page.wait_for_function(  # the 14 chosen there is Ann & Dan's count
        "() => [...document.querySelectorAll(`[flt-semantics-identifier='count-Ann & Dan']`)]"
        ".some(e => (e.textContent + (e.getAttribute('aria-label') || '')).includes(': 14'))", timeout=10_000)
    tap_at(app, in_reach(app, "count-Bob & Eve", bar_top))
    chosen(app, "count-Bob & Eve")
    tap_at(app, in_reach(app, "tricks-2", bar_top))
    app.page.wait_for_function(
        "() => [...document.querySelectorAll(`[flt-semantics-identifier='count-Cat & Fay']`)]"
        ".some(e => (e.textContent + (e.getAttribute('aria-label') || '')).includes(': 1'))", timeout=10_000)
    tap_at(app, in_reach(app, "save-hand", bar_top))
    app.page.wait_for_function(
        "() => (document.querySelector('[flt-semantics-identifier=\"entry-status\"]') || {}).innerText"
        "?.includes('Hand 1 saved')", timeout=15_000)
    (hand,) = [h.to_dict() for h in Repository(server.data_dir).get(gid).game.hands]
    assert hand["tricks"] == {"Ann & Dan": 14, "Bob & Eve": 2, "Cat & Fay": 1}, hand
