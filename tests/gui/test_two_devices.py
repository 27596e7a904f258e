"""Two devices on one game: nothing one of them entered is lost when the other saves.

Each case drives two browser contexts (two phones).  On one server, a save on
one phone reaches the other at once; to make both phones save the same hand
for certain (the race), the second phone uses a second app server on the same
data folder, which hears nothing of the first one's saves until it saves.
"""
from __future__ import annotations

import pytest

from harness import Server
from steps import pick, wait_message
from scorekeeper.engine import score_game
from scorekeeper.storage import Repository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
AC, BD = "Ann & Cat", "Bob & Dan"


def text(app, identifier: str) -> str:
    return app.text_of(identifier)


def until(app, identifier: str, wanted: str) -> str:
    for _ in range(100):
        seen = text(app, identifier) if app.by_id(identifier).count() else ""
        if wanted in seen:
            return seen
        app.page.wait_for_timeout(100)
    raise AssertionError(f"{identifier}: wanted {wanted!r}, shows {seen!r}")


def selected(app, identifier: str) -> bool:
    return app.by_id(identifier).first.get_attribute("aria-current") == "true"


def phones(make_driver, path: str, *servers):
    """Two phones (each on `servers[i]`, None: the module's server) showing `path`."""
    out = []
    for i, srv in enumerate(servers):
        app = make_driver(phone=True, name=f"phone-{'ab'[i]}")
        if srv is not None:
            app.server = srv
        app.open(path)
        app.wait_id("save-hand")
        out.append(app)
    return out


def save(app, taps: list[str], saved: str) -> None:
    """Tap a hand in and save it; wait until the phone says `saved`."""
    for identifier in taps:  # "bid-Bob & Dan-10": a value behind its line's last chip is picked there
        prefix, _, value = identifier.rpartition("-")
        pick(app, prefix, value) if prefix else app.tap(identifier)
    app.tap("save-hand")
    until(app, "entry-status", saved)


@pytest.fixture(scope="module")
def other_server(server, tmp_path_factory):
    """A second app server on the same data folder (a second app on the table's laptop)."""
    srv = Server(server.data_dir, tmp_path_factory.mktemp("other") / "server.log")
    yield srv
    srv.stop()


def test_a_half_entered_hand_stays_when_the_other_phone_saves(make_driver, server):
    gid = Repository(server.data_dir).create_game("ihop", PLAYERS)
    a, b = phones(make_driver, f"game/{gid}", None, None)
    b.tap(f"bid-{BD}-5")  # the second phone has begun the same hand
    save(a, [f"bid-{AC}-4", f"bid-{BD}-4", "tricks-6"], "Hand 1 saved")
    # the second phone: the sheet follows, its entry stays (for hand 2), and it is told
    notice = until(b, "entry-notice", "Hand 1 was saved on another device")
    assert "your entry is kept for Hand 2 of 12" in notice
    b.page.get_by_role("button", name="Sheet (1)").first.wait_for(state="attached")
    assert selected(b, f"bid-{BD}-5")
    b.screenshot("two-phones-entry-kept")
    save(b, [f"bid-{AC}-5", "tricks-7"], "Hand 2 saved")
    stored = Repository(server.data_dir).get(gid)
    assert [h.to_dict()["bids"] for h in stored.game.hands] == [{BD: 4, AC: 4}, {BD: 5, AC: 5}]
    until(a, f"score-{AC}", str(score_game(stored.game).scores[AC]))  # the first phone follows


def test_an_entry_that_no_longer_fits_stays_in_sight_until_dismissed(make_driver, server):
    repo = Repository(server.data_dir)
    gid = repo.create_game("ihop", PLAYERS)
    repo.record_hand(gid, {"bids": {AC: 6, BD: 7}, "tricks": {AC: 8, BD: 5}})  # Bob & Dan 132 behind
    a, b = phones(make_driver, f"game/{gid}", None, None)
    b.tap(f"blind-{BD}")  # blind 6, allowed now
    b.tap(f"bid-{BD}-6")
    # the first phone saves hand 2: Bob & Dan make Wheels and are no longer behind
    save(a, [f"bid-{BD}-10", f"bid-{AC}-4", "tricks-3"], "Hand 2 saved")
    kept = until(b, "kept-entry", "no longer fits Hand 3 of 12")
    assert "Hand 2 was saved on another device" in kept
    assert f"{BD} blind 6" in text(b, "kept-numbers")  # the numbers, in sight
    assert not selected(b, f"bid-{BD}-6")  # the entry itself starts afresh
    b.screenshot("two-phones-entry-kept-apart")
    b.tap("kept-dismiss")
    b.by_id("kept-entry").first.wait_for(state="detached")


def both_save_hand_1(make_driver, server, other_server):
    """Two phones (on two servers) enter hand 1; the first saves it (Ann & Cat took 7); returns
    the game and the second phone, whose own numbers (Ann & Cat took 8) are not saved yet."""
    gid = Repository(server.data_dir).create_game("standard", PLAYERS)
    a, b = phones(make_driver, f"game/{gid}", None, other_server)
    for app, bids, count in ((a, (3, 4, 2, 3), 7), (b, (4, 4, 3, 2), 8)):
        for name, bid in zip(("Bob", "Cat", "Dan", "Ann"), bids):
            app.tap(f"bid-{name}-{bid}")
        pick(app, "tricks", count)
    a.tap("save-hand")
    until(a, "entry-status", "Hand 1 saved")
    return gid, b


def test_both_phones_save_the_same_hand(make_driver, server, other_server):
    gid, b = both_save_hand_1(make_driver, server, other_server)
    b.tap("save-hand")  # the second phone has not heard of the first one's save
    until(b, "conflict-numbers", "Your numbers: Bob 4, Cat 4, Dan 3, Ann 2; took Ann & Cat 8, Bob & Dan 5")
    b.has_text("Hand 1 was saved on another device first")
    b.screenshot("two-phones-both-saved")
    b.tap("conflict-save-next")
    until(b, "entry-status", "Hand 2 saved")
    game = Repository(server.data_dir).get(gid).game
    assert [h.tricks.get(AC) for h in game.hands] == [7, 8]  # nothing dropped: both hands are there


def both_edit_hand_1(make_driver, server):
    """Two phones edit hand 1: the first saves (Ann & Cat took 8), then the second (6), which is
    asked what to do with its edit; returns the game and the second phone."""
    repo = Repository(server.data_dir)
    gid = repo.create_game("standard", PLAYERS)
    repo.record_hand(gid, {"bids": {"Bob": 3, "Cat": 4, "Dan": 2, "Ann": 3},
                           "tricks": {AC: 7, BD: 6}})
    a, b = phones(make_driver, f"game/{gid}/edit/1", None, None)
    a.tap("tricks-8")
    a.tap("save-hand")
    a.wait_id("game-menu")  # back on the game
    until(b, "entry-notice", "was saved on another device; your edit is kept")
    b.tap("tricks-6")
    b.tap("save-hand")
    until(b, "conflict-numbers", "took Ann & Cat 6, Bob & Dan 7")
    return gid, b


def test_both_phones_edit_the_same_hand(make_driver, server):
    gid, b = both_edit_hand_1(make_driver, server)
    b.screenshot("two-phones-both-edited")
    b.tap("conflict-save-mine")
    b.wait_id("game-menu")
    assert Repository(server.data_dir).get(gid).game.hands[0].tricks[AC] == 6  # the later edit, on purpose


def test_discard_mine_after_both_phones_save_the_same_hand(make_driver, server, other_server):
    """The second phone discards its numbers: the first phone's hand stays the only one, and the
    second phone is told so beside Save, with the next hand to enter."""
    gid, b = both_save_hand_1(make_driver, server, other_server)
    b.tap("save-hand")
    until(b, "conflict-numbers", "Your numbers: Bob 4, Cat 4, Dan 3, Ann 2")
    b.tap("conflict-discard")
    wait_message(b, "Your entry was discarded; Hand 2 is next")
    assert "Still to enter: Bid for Cat" in text(b, "entry-status")  # a fresh entry for hand 2
    game = Repository(server.data_dir).get(gid).game
    assert [h.tricks.get(AC) for h in game.hands] == [7]  # only the first phone's hand
    assert not b.by_id("conflict-numbers").count()


def test_discard_mine_after_both_phones_edit_the_same_hand(make_driver, server):
    """The second editor discards its edit: the first one's stays, the second is back on the sheet."""
    gid, b = both_edit_hand_1(make_driver, server)
    b.tap("conflict-discard")
    b.wait_id("game-menu")  # back on the game, its sheet
    wait_message(b, "Your edit of hand 1 was discarded")
    assert Repository(server.data_dir).get(gid).game.hands[0].tricks[AC] == 8  # the first edit stays
