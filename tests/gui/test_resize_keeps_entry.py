"""A window resized keeps the hand being entered: in height (the game screen was rebuilt on the
first resize of any kind: it compared the layout with one noted before its game was open), and
across layouts (a desktop window narrowed to the phone layout and back: the rebuilt screen takes
over the hand being entered)."""
from __future__ import annotations

from scorekeeper.storage import Repository
from steps import wait_label

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def resize(app, width: int, height: int) -> None:
    app.page.set_viewport_size({"width": width, "height": height})
    app.page.wait_for_timeout(500)
    app.settle()


def chosen(app, identifier: str, timeout: float = 10_000) -> bool:
    """Whether the chip is (or, within `timeout`, becomes) chosen: a screen rebuilt across layouts
    draws its chips a frame or more after its status line, so the state is waited for, not read
    once (a single read failed once under load, two workers on two cores)."""
    try:
        app.page.locator(f'[flt-semantics-identifier="{identifier}"][aria-current="true"]').first \
            .wait_for(state="attached", timeout=timeout)
    except Exception:
        return False
    return True


def test_a_half_entered_hand_survives_resizes(make_driver, server):
    game_id = Repository(server.data_dir).create_game("standard", PLAYERS)
    app = make_driver()
    app.open(f"game/{game_id}")
    app.tap("bid-Bob-3")
    wait_label(app, "entry-status", "Bid for Cat")
    for width, height in ((1280, 3000), (1280, 860), (1280, 600), (700, 860), (1280, 860)):
        resize(app, width, height)
        status = wait_label(app, "entry-status", "Bid for Cat")
        assert chosen(app, "bid-Bob-3"), f"{width}x{height}: Bob's 3 is no longer chosen ({status})"
    app.tap("bid-Cat-4")
    wait_label(app, "entry-status", "Bid for Dan")
    app.screenshot("entry-after-resizes")


def test_a_phone_turned_on_its_side_keeps_the_hand_with_save_beside_it(make_driver, server):
    """A 390x844 phone turned to 844x390 and back (issue 24, point 5): the screen is laid out
    again (the entry left, the totals, Hand | Sheet and Save in a column right of it), the bids
    tapped stay chosen, and every chip of the hand and Save are on the screen without a scroll."""
    from test_plain_hands import box, in_reach
    game_id = Repository(server.data_dir).create_game("standard", PLAYERS)
    app = make_driver(phone=True, viewport=(390, 844), name="phone390x844")
    app.open(f"game/{game_id}")
    app.tap("bid-Bob-3")
    wait_label(app, "entry-status", "Bid for Cat")
    portrait_save = box(app, "save-hand")
    resize(app, 844, 390)
    wait_label(app, "entry-status", "Bid for Cat")
    assert chosen(app, "bid-Bob-3")
    app.assert_drawn()
    save = in_reach(app, "save-hand", 0)
    assert save[0] > 844 / 2 and save != portrait_save, f"Save did not move to the side column: {save}"
    bar_top = save[1] - 8
    for identifier in ("bid-Ann-nil", "bid-Dan-8", "count-Ann & Cat", "count-Bob & Dan", "tricks-0",
                       "tricks-13", "tab-sheet"):
        in_reach(app, identifier, bar_top)
    misdeal = box(app, "misdeal")
    assert misdeal[1] == save[1] and misdeal[0] + misdeal[2] <= save[0], (misdeal, save)  # beside Save
    app.screenshot("entry-on-its-side")
    app.tap("bid-Cat-4")
    wait_label(app, "entry-status", "Bid for Dan")
    resize(app, 390, 844)
    wait_label(app, "entry-status", "Bid for Dan")
    assert chosen(app, "bid-Bob-3") and chosen(app, "bid-Cat-4")
    app.assert_drawn()
