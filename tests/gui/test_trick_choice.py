"""Trick entry never changes a count that is not visibly chosen (issue 15, 3): in Solo, after the
third player's tricks the fourth is filled in, and the choice moved on to nobody; a tap on a
number then changes nothing, and tapping a player's count chooses it again.  The real app in
headless Chromium on a 390x844 phone; the saved record is read back from disk."""
from __future__ import annotations

import pytest

from scorekeeper.storage import Repository
from steps import pick, wait_label, wait_message

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture(scope="module")
def solo(server):
    return Repository(server.data_dir).create_game("solo", PLAYERS)


_CHOSEN_JS = """(id) => { const el = document.querySelector(`[flt-semantics-identifier="${id}"]`);
                            return !!el && el.getAttribute('aria-current') === 'true'; }"""


def chosen(app, key: str) -> bool:
    return app.page.evaluate(_CHOSEN_JS, f"count-{key}")


def becomes_chosen(app, key: str) -> bool:
    """True once `key`'s count is the chosen one (the tap before it moves the choice a moment
    later on a busy machine); False if it is not within 10 s."""
    try:
        app.page.wait_for_function(_CHOSEN_JS, arg=f"count-{key}", timeout=10_000)
        return True
    except Exception:
        return False


def test_solo_tricks_move_on_and_a_stray_tap_changes_nothing(make_driver, solo, server):
    app = make_driver(phone=True)
    app.open(f"game/{solo}")
    app.wait_id("save-hand")
    for name, bid in zip(PLAYERS, (3, 4, 2, 4)):
        app.tap(f"bid-{name}-{bid}")
    for name, took in zip(PLAYERS[:3], (3, 4, 2)):
        wait_label(app, f"count-{name}", f"{name}: ")
        assert becomes_chosen(app, name), f"{name}'s count is the one chosen"
        pick(app, "tricks", took)
    wait_label(app, "count-Dan", "Dan: 4")  # filled in: 13 - 9
    assert not any(chosen(app, name) for name in PLAYERS), "all known: no count is chosen"
    app.tap("tricks-6")  # a stray tap: nothing is chosen, nothing changes
    app.page.wait_for_timeout(300)
    assert "Cat: 2" in app.text_of("count-Cat") and "Dan: 4" in app.text_of("count-Dan")
    app.screenshot("entry-solo-all-known-phone")
    app.tap("save-hand")
    wait_message(app, "Hand 1 saved")
    hand = Repository(server.data_dir).get(solo).game.hands[0]
    assert hand.tricks == {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 4}
