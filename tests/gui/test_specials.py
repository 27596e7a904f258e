"""Every special bid and penalty a preset allows, entered through the real app (issue 15).

Aces made and missed, no trump (never trumped / trumped), bemo (little made / big failed),
blind bids, blind nil, double nil, renegs, unplayed cards and a misdeal confirmed through its
dialog: each in a hand of a real game, tapped in as a table would.  After each Save the hand is
read back from the data folder and must hold exactly what was tapped, and the totals on
screen must be the points worked out BY HAND here from RULES.md (not the engine's output: the
arithmetic is written beside each number).

The games are made with their options switched on at creation (Repository.create_game); a
side is put far enough behind for blind bids by hands recorded before the browser opens.
"""
from __future__ import annotations

import re
import time

import flet as ft
import pytest

from scorekeeper.engine import new_game, next_hand
from scorekeeper.gui.components.entry import EntryPanel
from scorekeeper.gui.models import HandDraft
from scorekeeper.storage import Repository
from steps import count_for, pick

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
US, THEM = "Us", "Them"  # Ann & Cat, Bob & Dan


def create(server, preset: str, options: dict, team_names=None, earlier=()) -> str:
    """A game with `options` switched on, and `earlier` hands recorded before the app opens."""
    repo = Repository(server.data_dir)
    gid = repo.create_game({"preset": preset, "options": options}, PLAYERS, team_names=team_names)
    for hand in earlier:
        repo.record_hand(gid, hand)
    return gid


def deals(server, gid: str) -> list[dict]:
    return [h.to_dict() for h in Repository(server.data_dir).get(gid).game.hands]


def save(app, server, gid: str, deal: int, button: str = "save-hand") -> dict:
    """Tap Save (or confirm a misdeal); wait until the data folder holds `deal` deals; the last,
    as saved.  A refusal on screen fails the test with its message."""
    app.tap(button)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        saved = deals(server, gid)
        if len(saved) >= deal:
            assert len(saved) == deal, saved
            return saved[-1]
        if app.by_id("entry-error").count():
            raise AssertionError("refused: " + app.by_id("entry-error").first.inner_text())
        app.page.wait_for_timeout(100)
    raise AssertionError(f"deal {deal} was not saved: {deals(server, gid)}")


def first_number(app, identifier: str) -> int | None:
    found = re.search(r"-?\d+", app.text_of(identifier))
    return int(found.group()) if found else None


def shows(app, scores: dict[str, int], bags: dict[str, int] | None = None) -> None:
    """The totals on screen come to `scores` (and the bags to `bags`)."""
    wanted = {f"score-{s}": v for s, v in scores.items()}
    wanted.update({f"bags-{s}": v for s, v in (bags or {}).items()})
    seen: dict[str, int | None] = {}
    for _ in range(100):
        seen = {identifier: first_number(app, identifier) for identifier in wanted}
        if seen == wanted:
            return
        app.page.wait_for_timeout(100)
    raise AssertionError(f"the screen shows {seen}, the rules give {wanted}")


def count(app, key: str, tricks: int) -> None:
    """Tricks of `key` (a side, or a nil bidder): choose whose, then the number."""
    count_for(app, key)
    pick(app, "tricks", tricks)


def enter(app, bids: dict, took: dict, chips: tuple = ()) -> None:
    """Tap a hand in: each bid (a number, or "nil"), the trick counts (the last one the app
    fills in), then the chips of "Aces, specials, penalties"."""
    for bidder, bid in bids.items():
        pick(app, f"bid-{bidder}", bid)
    for key, tricks in took.items():
        count(app, key, tricks)
    if chips:
        specials(app, *chips)


def specials(app, *taps: str) -> None:
    """Open "Aces, specials, penalties" and tap each chip there; each shows itself chosen (a phone:
    in the sheet they open in, closed with Done, then what was chosen is said beside the button)."""
    app.tap("more")
    for identifier in taps:
        app.tap(identifier)
        app.page.locator(f'[flt-semantics-identifier="{identifier}"][aria-current="true"]') \
            .first.wait_for(state="attached", timeout=5_000)
    if app.phone:
        app.tap("specials-done")
        app.by_id("specials-done").first.wait_for(state="detached")
        if taps:
            app.wait_id("specials-said")


def test_ihop_every_special_on_a_phone(kept_tab, server):
    """IHOP with no trump and bemo switched on (aces, blind and penalties are on in the preset):
    aces made and missed; blind 6 with no trump and little bemo made; blind nil with no trump
    trumped and big bemo failed; a reneg; an unplayed card; a misdeal confirmed."""
    gid = create(server, "ihop", {"no_trump": True, "bemo": True}, team_names=[US, THEM])
    app = kept_tab(phone=True)
    app.go(f"game/{gid}")
    app.wait_id("save-hand")

    # Hand 1: Us bid 5 and aces, took 8 with all four aces; Them bid 4 and aces, missed.
    enter(app, {US: 5, THEM: 4}, {US: 8}, (f"aces-{US}-took all four", f"aces-{THEM}-missed"))
    assert save(app, server, gid, 1) == {
        "bids": {THEM: 4, US: 5}, "tricks": {US: 8, THEM: 5}, "aces": {US: True, THEM: False}}
    # Us:   bid 5 made 50 + 3 overtricks (3 bags) 3 + aces made 100 = 153
    # Them: bid 4 made 40 + 1 overtrick 1 + aces missed -100 = -59
    shows(app, {US: 153, THEM: -59}, {US: 3, THEM: 1})

    # Hand 2: Them are 212 behind (at least 100): blind 6, took 7.  Us bid 4 no trump, never
    # trumped, and little bemo (won the first 6 tricks), took 6.
    app.tap(f"blind-{THEM}")  # offered: Them are far enough behind
    enter(app, {THEM: 6, US: 4}, {US: 6}, (f"no_trump-{US}-never trumped", f"bemo-{US}-little made"))
    assert save(app, server, gid, 2) == {
        "bids": {THEM: 6, US: 4}, "blind": [THEM], "tricks": {US: 6, THEM: 7},
        "no_trump": {US: True}, "bemo": {US: {"size": "little", "made": True}}}
    # Us:   no trump 4 made, doubled: 2 x 40 = 80 + 2 overtricks (not doubled) 2
    #       + little bemo made 60 = 142; 153 + 142 = 295, bags 3 + 2 = 5
    # Them: blind 6 made, doubled: 2 x 60 = 120 + 1 overtrick 1 = 121; -59 + 121 = 62, bags 2
    shows(app, {US: 295, THEM: 62}, {US: 5, THEM: 2})

    # Hand 3: Them 233 behind: Bob blind nil, Them bid 5; Bob took 0, Dan 6.  Us bid 4 no trump
    # but trumped (failed whatever the count), and big bemo, failed; took 7.
    app.tap("blind-nil-Bob")
    enter(app, {THEM: 5, US: 4}, {US: 7, "Bob": 0}, (f"no_trump-{US}-trumped", f"bemo-{US}-big failed"))
    assert save(app, server, gid, 3) == {
        "bids": {THEM: 5, "Bob": "nil", US: 4}, "blind": ["Bob"],
        "tricks": {US: 7, "Bob": 0, "Dan": 6},
        "no_trump": {US: False}, "bemo": {US: {"size": "big", "made": False}}}
    # Us:   no trump 4 failed (trumped), doubled: -2 x 40 = -80, no bags; big bemo failed -90:
    #       -170; 295 - 170 = 125, bags 5
    # Them: bid 5, the side took 0 + 6 = 6: 50 + 1 overtrick 1 + blind nil made 200 = 251;
    #       62 + 251 = 313, bags 3
    shows(app, {US: 125, THEM: 313}, {US: 5, THEM: 3})

    # Hand 4: Them renege (their 1st).  Us bid 6, took 4; Them bid 4, took 9.
    enter(app, {US: 6, THEM: 4}, {US: 4}, (f"reneg-{THEM}-1",))
    assert save(app, server, gid, 4) == {
        "bids": {THEM: 4, US: 6}, "tricks": {US: 4, THEM: 9},
        "penalties": [{"side": THEM, "reneg": 1}]}
    # Us:   scored as made, no bags: 60; 125 + 60 = 185, bags 5
    # Them: bid 4 made 40 + 5 overtricks 5 + 1st reneg 5 penalty bags 5 = 50; bags 3 + 5 + 5 = 13:
    #       the bag penalty -100, bags 3; 313 + 50 - 100 = 263
    shows(app, {US: 185, THEM: 263}, {US: 5, THEM: 3})
    assert "reneg" in app.text_of(f"renegs-{THEM}").lower()

    # Hand 5: one card Us failed to play.  Us bid 5, took 6; Them bid 4, took 7.
    enter(app, {US: 5, THEM: 4}, {US: 6}, (f"unplayed-{US}-1",))
    assert save(app, server, gid, 5) == {
        "bids": {THEM: 4, US: 5}, "tricks": {US: 6, THEM: 7},
        "penalties": [{"side": US, "unplayed_cards": 1}]}
    # Us:   bid 5 made 50 + 1 overtrick 1 + 1 unplayed card 3 penalty bags 3 = 54; 185 + 54 = 239,
    #       bags 5 + 1 + 3 = 9
    # Them: bid 4 made 40 + 3 overtricks 3 = 43; 263 + 43 = 306, bags 3 + 3 = 6
    shows(app, {US: 239, THEM: 306}, {US: 9, THEM: 6})

    # A misdeal, asked first, then confirmed: it scores nothing and is not a hand
    app.tap("misdeal")
    app.wait_id("confirm-misdeal")
    assert save(app, server, gid, 6, button="confirm-misdeal") == {"misdeal": True}
    shows(app, {US: 239, THEM: 306}, {US: 9, THEM: 6})
    app.page.get_by_role("button", name="Sheet (5)").first.wait_for(state="attached")
    assert "Hand 6" in app.text_of("hand-title")


def test_standard_double_nil_blind_nil_and_reneg(kept_tab, server):
    """Standard with double nil, blind nil and penalties switched on: a blind nil made, a double
    nil failed with both partners taking a trick (the opponents' bonus), a reneg."""
    # before the browser: Us bid 4 + 4, took 9; Them bid 3 + 3, took 4 (set)
    # Us: 80 + 1 = 81, bags 1; Them: -60.  Them are 141 behind: they may bid blind nil
    gid = create(server, "standard", {"double_nil": True, "blind_nil": True, "penalties": True},
                 team_names=[US, THEM],
                 earlier=[{"bids": {"Ann": 4, "Bob": 3, "Cat": 4, "Dan": 3}, "tricks": {US: 9, THEM: 4}}])
    app = kept_tab(phone=False)
    app.go(f"game/{gid}")
    app.wait_id("save-hand")
    shows(app, {US: 81, THEM: -60})

    # Hand 2: Bob blind nil, took 0; Dan bid 4, took 5.  Ann 3 + Cat 4, took 8.
    app.tap("blind-nil-Bob")
    enter(app, {"Cat": 4, "Dan": 4, "Ann": 3}, {US: 8, "Bob": 0})
    assert save(app, server, gid, 2) == {
        "bids": {"Bob": "nil", "Cat": 4, "Dan": 4, "Ann": 3}, "blind": ["Bob"],
        "tricks": {US: 8, "Bob": 0, "Dan": 5}}
    # Us:   7 bid, 8 taken: 70 + 1 overtrick 1 = 71; 81 + 71 = 152, bags 2
    # Them: Dan 4, took 5: 40 + 1 overtrick 1 + blind nil made 200 = 241; -60 + 241 = 181, bags 1
    shows(app, {US: 152, THEM: 181}, {US: 2, THEM: 1})

    # Hand 3: Ann and Cat both nil (double nil); Ann took 1, Cat 2.  Bob 5 + Dan 5, took 10.
    enter(app, {"Ann": "nil", "Cat": "nil", "Bob": 5, "Dan": 5}, {"Ann": 1, "Cat": 2})
    assert save(app, server, gid, 3) == {
        "bids": {"Cat": "nil", "Dan": 5, "Ann": "nil", "Bob": 5}, "tricks": {"Ann": 1, "Cat": 2, THEM: 10}}
    # Us:   double nil failed -250 + their 3 tricks are bags 3 = -247; 152 - 247 = -95, bags 2 + 3 = 5
    # Them: 10 bid, 10 taken: 100 + both Ann and Cat took a trick: bonus 100 = 200; 181 + 200 = 381
    shows(app, {US: -95, THEM: 381}, {US: 5, THEM: 1})

    # Hand 4: Us renege (their 1st).  Ann 3 + Cat 3, took 7; Bob 4 + Dan 4, took 6.
    enter(app, {"Ann": 3, "Bob": 4, "Cat": 3, "Dan": 4}, {US: 7}, (f"reneg-{US}-1",))
    assert save(app, server, gid, 4) == {
        "bids": {"Ann": 3, "Bob": 4, "Cat": 3, "Dan": 4}, "tricks": {US: 7, THEM: 6},
        "penalties": [{"side": US, "reneg": 1}]}
    # Us:   6 bid, 7 taken: 60 + 1 overtrick 1 + 1st reneg 5 penalty bags 5 = 66; bags 5 + 1 + 5 = 11:
    #       the bag penalty -100, bags 1; -95 + 66 - 100 = -129
    # Them: 8 bid, 6 taken, scored as made with no bags: 80; 381 + 80 = 461, bags 1
    shows(app, {US: -129, THEM: 461}, {US: 1, THEM: 1})


def test_solo_reneg_and_unplayed_cards_on_a_phone(kept_tab, server):
    """Solo (each player a side; every overtrick costs 10): a reneg, then unplayed cards."""
    gid = create(server, "solo", {"penalties": True})  # (on in the preset: said here)
    app = kept_tab(phone=True)
    app.go(f"game/{gid}")
    app.wait_id("save-hand")
    bids = {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 3}

    # Hand 1: Bob reneges (his 1st).  Took: Ann 4, Bob 3, Cat 3, Dan 3.
    enter(app, bids, {"Ann": 4, "Bob": 3, "Cat": 3}, ("reneg-Bob-1",))
    assert save(app, server, gid, 1) == {
        "bids": {"Bob": 4, "Cat": 2, "Dan": 3, "Ann": 3},
        "tricks": {"Ann": 4, "Bob": 3, "Cat": 3, "Dan": 3}, "penalties": [{"side": "Bob", "reneg": 1}]}
    # Ann: bid 3, scored as made with nothing for the overtrick: 30
    # Bob: bid 4, took 3: -40 + 1st reneg 5 penalty bags 5 = -35, bags 5
    # Cat: bid 2, as made: 20.  Dan: bid 3, took 3: 30
    shows(app, {"Ann": 30, "Bob": -35, "Cat": 20, "Dan": 30}, {"Bob": 5})

    # Hand 2: Cat failed to play 2 cards.  Took: Ann 4, Bob 4, Cat 2, Dan 3.
    enter(app, bids, {"Ann": 4, "Bob": 4, "Cat": 2}, ("unplayed-Cat-2",))
    assert save(app, server, gid, 2) == {
        "bids": {"Cat": 2, "Dan": 3, "Ann": 3, "Bob": 4},
        "tricks": {"Ann": 4, "Bob": 4, "Cat": 2, "Dan": 3}, "penalties": [{"side": "Cat", "unplayed_cards": 2}]}
    # Ann: bid 3, took 4: 30 - 10 for the overtrick = 20; 30 + 20 = 50
    # Bob: bid 4, took 4: 40; -35 + 40 = 5, bags 5
    # Cat: bid 2, took 2: 20 + 2 unplayed cards x 3 penalty bags 6 = 26; 20 + 26 = 46, bags 6
    # Dan: bid 3, took 3: 30; 30 + 30 = 60
    shows(app, {"Ann": 50, "Bob": 5, "Cat": 46, "Dan": 60}, {"Bob": 5, "Cat": 6})


def _find(control, identifier: str):
    """The control with that test id in a tree of flet controls, or None."""
    if isinstance(control, ft.Semantics) and control.identifier == identifier:
        return control
    for attr in ("controls", "content"):
        inner = getattr(control, attr, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.Control) and (found := _find(child, identifier)) is not None:
                return found
    return None


@pytest.mark.parametrize("side", [US, THEM])
def test_a_bemo_chip_sets_the_bemo_of_its_own_side(side):
    """No browser: each side's bemo chips set that side's bemo.  Before the fix every bemo chip
    set the last side's (the chips' handler read the loop's side when tapped, not when drawn):
    a little bemo made tapped on Us's row was saved, and scored, as Them's."""
    game = new_game({"preset": "ihop", "options": {"bemo": True}}, PLAYERS, team_names=[US, THEM])
    panel = EntryPanel(HandDraft(game, next_hand(game)), lambda draft: None)
    panel.more_open = True
    panel.redraw(update=False)
    panel.redraw = lambda update=True: None  # no page here to draw on
    for label, value in (("little made", ("little", True)), ("big failed", ("big", False))):
        _find(panel.column, f"bemo-{side}-{label}").content.on_click(None)
        assert panel.draft.specials.bemo == {side: value}
    _find(panel.column, f"bemo-{side}-none").content.on_click(None)
    assert panel.draft.specials.bemo == {}
