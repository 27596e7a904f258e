"""Every state of the hand entry, drawn: each preset, phone (upright and on its side) and desktop,
light and dark.

Games are written straight into the app's data folder (the repository), so each
state is one navigation away.  Every state is checked on the page (what it must
say), photographed (screenshots/entry-PRESET-STATE-DEVICE-THEME.png), checked for
Flutter's error box (harness.py: any node 20,000 px tall, or the box's grey in
the picture), and every tappable control in it is measured (48x48 px at least; in the
theme photographed first: the other has the same sizes).
One page load per device: the states are visited one after the other; each is photographed
in the theme shown, then the theme is switched (the screen is redrawn in place, as a user
switches it) and it is photographed in the other; the walk goes on in that one.  A state over
the entry (a dialog, a phone's sheet) is closed for the switch and opened again.
"""
from __future__ import annotations

import random

import pytest

from scorekeeper.engine import random_game, score_game
from scorekeeper.storage import Repository
from steps import close_lock_round, open_lock_round

PLAYERS = {3: ["Ann", "Bob", "Cat"], 4: ["Ann", "Bob", "Cat", "Dan"],
           6: ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]}
#: the standard preset has no blind bids: with the blind nil house rule it has blind states too
RULES = {"standard": {"preset": "standard", "options": {"blind_nil": True}},
         "ihop": "ihop", "ihop-3": "ihop-3", "ihop-6": "ihop-6", "solo": "solo"}
#: the devices: a desktop window tall enough that its right column cuts no control of the entry,
#: so each is measured whole (the harness's wheel does not bring a control cut by that column in);
#: a 390x844 phone; the same phone on its side (issue 24: the entry left, Save in a column right)
DEVICES = {"desktop": (False, (1280, 2200)), "phone": (True, None), "sideways": (True, (844, 390))}


#: one hand that leaves a side 100 or more behind (blind is offered to it next hand)
BEHIND = {
    "standard": ({"bids": {"Bob": 4, "Cat": 3, "Dan": 4, "Ann": 3},
                  "tricks": {"Ann & Cat": 8, "Bob & Dan": 5}}, "Bob & Dan"),
    "ihop": ({"bids": {"Ann & Cat": 6, "Bob & Dan": 7}, "tricks": {"Ann & Cat": 8, "Bob & Dan": 5}},
             "Bob & Dan"),
    "ihop-6": ({"bids": {"Ann & Dan": 6, "Bob & Eve": 7, "Cat & Fay": 4},
                "tricks": {"Ann & Dan": 9, "Bob & Eve": 4, "Cat & Fay": 4}}, "Bob & Eve"),
}


@pytest.fixture(scope="module")
def games(server):
    """For each preset and device: a game at its first hand, one with a side 100+ behind, one
    finished.  A device's own games: a visit leaves a half-entered hand in the ones it visits
    (kept, as the app keeps one), and the other device must start where the first did."""
    repo = Repository(server.data_dir)
    found = {}
    for preset, rules in RULES.items():
        players = PLAYERS[{"ihop-3": 3, "ihop-6": 6}.get(preset, 4)]
        done = next(g for seed in range(100) if score_game(
            g := random_game(random.Random(seed), preset=preset, hands=60)).finished)
        for n, device in enumerate(DEVICES):
            found[preset, "start", device] = repo.create_game(rules, players)
            if preset in BEHIND:
                gid = repo.create_game(rules, players)
                repo.record_hand(gid, BEHIND[preset][0])
                found[preset, "behind", device] = gid
            found[preset, "over", device] = repo.exchange.import_game(done.to_dict(), copy=n > 0)
    return found


class Visit:
    """Walks one device through the states of one preset, in the theme it is in."""

    def __init__(self, app, preset: str, games: dict, device: str):
        self.app, self.preset, self.games, self.device = app, preset, games, device
        self.seen: list[str] = []

    def look(self, state: str, show: str | None = None, over=None) -> None:
        """Photograph the state (drawn, not broken) in both themes, the one shown first, and
        measure its tap targets; `show`: the part of it to scroll into sight first (a phone
        shows less at once); `over`: (close, open) for a state drawn over the entry, closed
        while the theme switches.  The walk goes on in the theme shown last: one switch a state."""
        app = self.app
        for first in (True, False):
            if not first:
                self._switch_theme(over)
            if show:  # a wheel turn over the middle of its column scrolls that to the end
                box = app.by_id(show).last.bounding_box()
                app.wheel_at(box["x"] + box["width"] / 2, app.page.viewport_size["height"] / 2, 3000,
                             wait=400)
            # the targets once a state: a theme changes colours, not sizes
            app.screenshot(f"entry-{self.preset}-{state}", targets=first)
            if not app.phone and first:  # (a phone's screenshot measures them itself)
                small = app.small_targets()
                assert not small, f"{state}: tap targets under 48 px: {small}"
        self.seen.append(state)

    def _switch_theme(self, over) -> None:
        """The other theme, the screen redrawn in place; `over` (close, open): what is drawn over
        the entry is closed for the switch and opened again."""
        if over:
            over[0]()
        self.app.switch_theme()
        if over:
            over[1]()

    def open(self, which: str) -> None:
        self.app.go(f"game/{self.games[self.preset, which, self.device]}")
        self.app.wait_id("game-over" if which == "over" else "save-hand")

    def text(self, identifier: str) -> str:
        return self.app.text_of(identifier)

    def until(self, identifier: str, wanted: str) -> None:
        for _ in range(100):
            if wanted in self.text(identifier):
                return
            self.app.page.wait_for_timeout(100)
        raise AssertionError(f"{identifier}: wanted {wanted!r}, shows {self.text(identifier)!r}")


def visit_all(v: Visit) -> None:
    app, preset = v.app, v.preset
    partners = preset not in ("ihop-3", "solo")
    blind = preset in BEHIND
    first_side = {"standard": "Ann & Cat", "ihop": "Ann & Cat", "ihop-3": "Ann",
                  "ihop-6": "Ann & Dan", "solo": "Ann"}[preset]

    # the first hand: blind refused, with its reason, on the first row of each side
    v.open("start")
    # (a phone on its side has it on the deal line, as a desktop)
    assert "Hand 1" in v.text("hand-title" if v.device == "phone" else "next-hand")
    if blind:
        v.until(f"blind-reason-{'Ann' if preset == 'standard' else first_side}", "100 behind")
    v.look("start")

    # nil chosen (the other side's count is then counted per player)
    if partners:
        app.tap("bid-Bob-nil" if preset == "standard" else "nil-Bob")
        app.wait_id("count-Bob")
        v.look("nil")

    # the lock: open once every side has bid, then raised
    if preset in ("ihop", "ihop-6"):
        for side in v.app.page.evaluate(
                "() => [...document.querySelectorAll('[flt-semantics-identifier^=\"bidder-\"]')]"
                ".map(e => e.getAttribute('flt-semantics-identifier').slice(7))"):
            app.tap(f"bid-{side}-4")
        v.until("lock-status", "open")
        v.look("lock-open")
        raiser, dealing = ("Bob & Dan", "Ann & Cat") if preset == "ihop" else ("Bob & Eve", "Ann & Dan")
        if app.phone:  # a phone's raises are in the lock round's sheet, opened from its chip
            open_lock_round(app)
        app.tap(f"raise-{raiser}-1")
        app.wait_id(f"raise-{dealing}-0")  # then the dealing side may lock it
        if app.phone:
            v.until("lock-round-status", "after the raise: not locked")
            v.look("lock-round-sheet", over=(lambda: close_lock_round(app), lambda: open_lock_round(app)))
        else:
            v.until("lock-status", "after the raise: not locked")  # no longer the first round's "open"
            v.look("lock-raised", show="lock")
        lock_k = app.page.evaluate(
            f"() => [...document.querySelectorAll('[flt-semantics-identifier^=\"raise-{dealing}-\"]')]"
            ".map(e => e.getAttribute('flt-semantics-identifier')).filter(i => !i.endsWith('-0'))")[0]
        app.tap(lock_k)
        if app.phone:
            close_lock_round(app)
        v.until("lock-status", "locked")
        assert "may raise" not in v.text("lock-status")
        if app.phone:
            v.look("lock-raised")
            open_lock_round(app)
        app.tap(f"raise-{raiser}-0")  # back as it was, for the states after this one
        if app.phone:
            close_lock_round(app)

    # aces, specials, penalties
    if preset != "standard":
        def open_specials() -> None:
            app.tap("more")
            app.wait_id("specials")

        def close_specials() -> None:  # a phone's specials open in a sheet over the entry: Done
            app.tap("specials-done")
            app.by_id("specials-done").first.wait_for(state="detached")

        open_specials()
        v.look("specials", show="specials", over=(close_specials, open_specials) if app.phone else None)
        if app.phone:
            close_specials()
        else:
            app.tap("more")

    # a misdeal asks first
    def ask_misdeal() -> None:
        app.tap("misdeal")
        app.wait_id("confirm-misdeal")

    def cancel_misdeal() -> None:
        app.tap_button("Cancel")
        app.by_id("confirm-misdeal").first.wait_for(state="detached")

    ask_misdeal()
    v.look("misdeal-confirm", over=(cancel_misdeal, ask_misdeal))
    cancel_misdeal()

    # blind offered to the side 100 behind; blind chosen; blind nil chosen
    if blind:
        side = BEHIND[preset][1]
        v.open("behind")
        bidder = "Bob" if preset == "standard" else side
        v.until(f"blind-reason-{bidder}", "May bid blind")
        v.look("blind-offered")
        if preset != "standard":  # the standard house rule is blind nil only
            app.tap(f"blind-{side}")
            app.tap(f"bid-{side}-6")
            v.look("blind-bid")
        app.tap("blind-nil-Bob")
        app.wait_id("count-Bob")
        v.look("blind-nil")

    # the game over screen
    v.open("over")
    assert "won" in v.text("winner") or "No winner" in v.text("winner")
    v.look("game-over")


@pytest.mark.parametrize("preset", sorted(RULES))
@pytest.mark.parametrize("device", sorted(DEVICES))
def test_every_entry_state_is_drawn(kept_tab, games, preset, device):
    phone, viewport = DEVICES[device]
    app = kept_tab(phone=phone, viewport=viewport, name=device if viewport and phone else None)  # one load per device
    v = Visit(app, preset, games, device)
    visit_all(v)  # each state light and dark
    expected = {"start", "misdeal-confirm", "game-over"}
    assert expected <= set(v.seen), v.seen
