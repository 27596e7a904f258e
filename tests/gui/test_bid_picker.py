"""Every bid a preset allows, on a 360 px phone, without a sideways scroll (issue 15, 6).

Before: each bidder's numbers were one line that scrolled sideways, so IHOP's bids above
10 and the 3-player game's above 7 were off the screen, and a chosen 8 showed as a green
sliver at the edge.  Now the line holds what fits, its last chip opens the rest in a
picker, and a value chosen there is what that last chip shows, whole and filled.  The
hand is saved and read back from the data folder.
"""
from __future__ import annotations

import pytest

from scorekeeper.storage import Repository
from steps import pick

PLAYERS = {3: ["Ann", "Bob", "Cat"], 4: ["Ann", "Bob", "Cat", "Dan"]}
AC, BD = "Ann & Cat", "Bob & Dan"
#: preset -> players, {bidder: bid} (one of them a high bid behind the last chip), tricks tapped
#: (the last count is filled in), the tricks saved
CASES = {
    "ihop": (4, {BD: 4, AC: 11}, [11], {AC: 11, BD: 2}),
    "ihop-3": (3, {"Bob": 12, "Cat": 2, "Ann": 2}, [12, 3], {"Ann": 12, "Bob": 3, "Cat": 2}),
}

LINE_JS = """(prefix) => [...document.querySelectorAll('[flt-semantics-identifier]')]
    .filter(el => el.getAttribute('flt-semantics-identifier').startsWith(prefix + '-'))
    .map(el => { const r = el.getBoundingClientRect();
                 return [el.getAttribute('flt-semantics-identifier'), r.left, r.right, r.width]; })"""


def line(app, prefix: str) -> list:
    return app.page.evaluate(LINE_JS, prefix)


def whole_on_screen(app, prefix: str) -> list[str]:
    """The chips of a line, each checked to be wholly on the screen and 48 px wide."""
    width = app.page.viewport_size["width"]
    chips = line(app, prefix)
    assert chips, f"no chips for {prefix}"
    for name, left, right, w in chips:
        assert left >= 0 and right <= width + 0.5 and w >= 47.5, f"{name} is cut: {left:.0f}..{right:.0f} of {width}"
    return [name for name, *_ in chips]


@pytest.mark.parametrize("preset", sorted(CASES))
def test_high_bids_are_one_tap_away_and_stay_in_sight(kept_tab, server, preset):
    n, bids, tricks, saved = CASES[preset]
    repo = Repository(server.data_dir)
    gid = repo.create_game(preset, PLAYERS[n])
    app = kept_tab(phone=True, viewport=(360, 740), name="phone360")
    app.go(f"game/{gid}")
    app.wait_id("save-hand")
    high = next(b for b, v in bids.items() if v >= 10)
    names = whole_on_screen(app, f"bid-{high}")
    assert f"bid-{high}-more" in names and f"bid-{high}-{bids[high]}" not in names
    app.tap(f"bid-{high}-more")
    app.wait_id("picker")
    app.screenshot(f"bid-picker-{preset}")
    app.tap(f"bid-{high}-{bids[high]}")
    app.page.locator(f'[flt-semantics-identifier="bid-{high}-more"][aria-current="true"]') \
        .first.wait_for(state="attached")
    assert str(bids[high]) in app.text_of(f"bid-{high}-more")  # the choice, whole and filled
    whole_on_screen(app, f"bid-{high}")
    for bidder, value in bids.items():
        if bidder != high:
            pick(app, f"bid-{bidder}", value)
    for count in tricks:
        pick(app, "tricks", count)
    app.screenshot(f"bid-picker-chosen-{preset}")
    app.tap("save-hand")
    app.page.get_by_role("button", name="Sheet (1)").first.wait_for(state="attached")
    hand = Repository(server.data_dir).get(gid).game.hands[0].to_dict()
    assert (hand["bids"], hand["tricks"]) == (bids, saved), hand
