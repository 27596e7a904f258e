"""The rest of the specials, through the real app (issue 15): IHOP for 3 and for 6 players, a
blind nil failed and a double nil made in standard, a misdeal outside IHOP, a hand thrown out
because its reneg would have won the game, and a side's third reneg.

As in test_specials.py: each hand is tapped in as a table would, read back from the data
folder after Save, and the totals on screen are compared with points worked out BY HAND here
from RULES.md (the arithmetic is written beside each number).
"""
from __future__ import annotations

from scorekeeper.storage import Repository
from test_specials import THEM, US, deals, enter, save, shows
from steps import wait_message


def create(server, preset: str, players: list[str], options: dict | None = None,
           team_names=None, earlier=()) -> str:
    repo = Repository(server.data_dir)
    gid = repo.create_game({"preset": preset, "options": options or {}}, players, team_names=team_names)
    for hand in earlier:
        repo.record_hand(gid, hand)
    return gid


def open_game(app, gid: str) -> None:
    app.go(f"game/{gid}")
    app.wait_id("save-hand")


def title(app) -> str:
    """The next hand's title ("Hand 5 of 12 ..."): above the entry on a phone, beside it on a desktop."""
    return app.text_of("hand-title" if app.phone else "next-hand")


def misdeal(app, server, gid: str, deal: int) -> None:
    """Misdeal, asked first, then confirmed: saved as a misdeal."""
    app.tap("misdeal")
    app.wait_id("confirm-misdeal")
    assert save(app, server, gid, deal, button="confirm-misdeal") == {"misdeal": True}


def test_ihop_three_players_reneg_unplayed_and_misdeal_on_a_small_phone(kept_tab, server):
    """IHOP for 3 (each for themselves, 17 tricks, every trick over the bid costs 10) on a
    360x740 phone: a reneg, unplayed cards, a misdeal."""
    gid = create(server, "ihop-3", ["Ann", "Bob", "Cat"])
    app = kept_tab(phone=True, viewport=(360, 740))
    open_game(app, gid)

    # Hand 1: Ann reneges (her 1st).  Bids Ann 6, Bob 5, Cat 5; took Ann 7, Bob 4, Cat 6.
    enter(app, {"Ann": 6, "Bob": 5, "Cat": 5}, {"Ann": 7, "Bob": 4}, ("reneg-Ann-1",))
    assert save(app, server, gid, 1) == {
        "bids": {"Ann": 6, "Bob": 5, "Cat": 5}, "tricks": {"Ann": 7, "Bob": 4, "Cat": 6},
        "penalties": [{"side": "Ann", "reneg": 1}]}
    # Ann: bid 6, took 7: 60 - 10 for the overtrick + 1st reneg 5 penalty bags 5 = 55, bags 5
    # Bob: bid 5, took 4, but scored as made (Ann reneged): 50
    # Cat: bid 5, took 6, scored as made with nothing for the overtrick: 50
    shows(app, {"Ann": 55, "Bob": 50, "Cat": 50}, {"Ann": 5})

    # Hand 2: Cat failed to play 2 cards.  Bids Ann 5, Bob 6, Cat 5; took Ann 5, Bob 6, Cat 6.
    enter(app, {"Ann": 5, "Bob": 6, "Cat": 5}, {"Ann": 5, "Bob": 6}, ("unplayed-Cat-2",))
    assert save(app, server, gid, 2) == {
        "bids": {"Ann": 5, "Bob": 6, "Cat": 5}, "tricks": {"Ann": 5, "Bob": 6, "Cat": 6},
        "penalties": [{"side": "Cat", "unplayed_cards": 2}]}
    # Ann: 50; 55 + 50 = 105.  Bob: 60; 50 + 60 = 110
    # Cat: bid 5, took 6: 50 - 10 + 2 unplayed cards x 3 penalty bags 6 = 46; 50 + 46 = 96, bags 6
    shows(app, {"Ann": 105, "Bob": 110, "Cat": 96}, {"Ann": 5, "Cat": 6})

    app.screenshot("ihop-3-two-hands")
    misdeal(app, server, gid, 3)
    shows(app, {"Ann": 105, "Bob": 110, "Cat": 96}, {"Ann": 5, "Cat": 6})
    assert "Hand 3" in title(app)


SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]  # partners opposite: Ann & Dan, Bob & Eve, Cat & Fay
RED, BLUE, GOLD = "Red", "Blue", "Gold"


def test_ihop_six_players_aces_blind_nils_and_penalties(kept_tab, server):
    """IHOP for 6 (three partnerships bidding together, 17 tricks, failed nil tricks help the
    partner) on the desktop: aces made and missed, a blind 6, a blind nil failed, a reneg, a
    nil made with unplayed cards on another side, a misdeal."""
    gid = create(server, "ihop-6", SIX, team_names=[RED, BLUE, GOLD])
    app = kept_tab(phone=False)
    open_game(app, gid)

    # Hand 1: Red bid 6 and aces, took 7 with all four; Blue bid 5 and aces, missed; Gold 5.
    enter(app, {RED: 6, BLUE: 5, GOLD: 5}, {RED: 7, BLUE: 5},
          (f"aces-{RED}-took all four", f"aces-{BLUE}-missed"))
    assert save(app, server, gid, 1) == {
        "bids": {RED: 6, BLUE: 5, GOLD: 5}, "tricks": {RED: 7, BLUE: 5, GOLD: 5},
        "aces": {RED: True, BLUE: False}}
    # Red:  60 + 1 overtrick 1 + aces 100 = 161, bags 1
    # Blue: 50 - aces missed 100 = -50.  Gold: 50
    shows(app, {RED: 161, BLUE: -50, GOLD: 50}, {RED: 1})

    # Hand 2: Blue (211 behind) blind 6, took 6.  Gold (111 behind): Cat blind nil, took 1;
    # Gold bid 4 (Fay), Fay took 5.  Red bid 5, took 5.
    app.tap(f"blind-{BLUE}")
    app.tap("blind-nil-Cat")
    enter(app, {RED: 5, BLUE: 6, GOLD: 4}, {RED: 5, BLUE: 6, "Cat": 1})
    assert save(app, server, gid, 2) == {
        "bids": {RED: 5, BLUE: 6, GOLD: 4, "Cat": "nil"}, "blind": [BLUE, "Cat"],
        "tricks": {RED: 5, BLUE: 6, "Cat": 1, "Fay": 5}}
    # Red:  50; 161 + 50 = 211
    # Blue: blind 6 made, doubled: 2 x 60 = 120; -50 + 120 = 70
    # Gold: Cat's trick helps Fay: 6 taken of 4 bid: 40 + 2 overtricks 2, blind nil failed -100:
    #       -58; 50 - 58 = -8, bags 2
    shows(app, {RED: 211, BLUE: 70, GOLD: -8}, {RED: 1, BLUE: 0, GOLD: 2})

    # Hand 3: Red reneges (their 1st).  Bids Red 5, Blue 6, Gold 6 (17: locked); took Red 4,
    # Blue 7, Gold 6.
    enter(app, {RED: 5, BLUE: 6, GOLD: 6}, {RED: 4, BLUE: 7}, (f"reneg-{RED}-1",))
    assert save(app, server, gid, 3) == {
        "bids": {RED: 5, BLUE: 6, GOLD: 6}, "tricks": {RED: 4, BLUE: 7, GOLD: 6},
        "penalties": [{"side": RED, "reneg": 1}]}
    # Red:  set -50 + 1st reneg 5 penalty bags 5 = -45; 211 - 45 = 166, bags 1 + 5 = 6
    # Blue: scored as made, no bags: 60; 70 + 60 = 130.  Gold: 60; -8 + 60 = 52, bags 2
    shows(app, {RED: 166, BLUE: 130, GOLD: 52}, {RED: 6, BLUE: 0, GOLD: 2})

    # Hand 4: Ann nil, took 0; Red bid 5 (Dan), Dan took 6.  Blue 6, took 6.  Gold 5, took 5,
    # and Gold failed to play 2 cards.
    app.tap("nil-Ann")
    enter(app, {RED: 5, BLUE: 6, GOLD: 5}, {"Ann": 0, "Dan": 6, BLUE: 6}, (f"unplayed-{GOLD}-2",))
    assert save(app, server, gid, 4) == {
        "bids": {RED: 5, BLUE: 6, GOLD: 5, "Ann": "nil"},
        "tricks": {"Ann": 0, "Dan": 6, BLUE: 6, GOLD: 5},
        "penalties": [{"side": GOLD, "unplayed_cards": 2}]}
    # Red:  Dan 5 bid, 6 taken: 50 + 1 overtrick 1 + Ann's nil 100 = 151; 166 + 151 = 317, bags 7
    # Blue: 60; 130 + 60 = 190
    # Gold: 50 + 2 unplayed cards x 3 penalty bags 6 = 56; 52 + 56 = 108, bags 2 + 6 = 8
    shows(app, {RED: 317, BLUE: 190, GOLD: 108}, {RED: 7, BLUE: 0, GOLD: 8})

    misdeal(app, server, gid, 5)
    shows(app, {RED: 317, BLUE: 190, GOLD: 108})
    assert "Hand 5" in title(app)


def test_standard_blind_nil_failed_double_nil_made_and_a_misdeal(kept_tab, server):
    """Standard (each player bids; a failed nil's tricks are bags, not the partner's), on a
    360x740 phone: a blind nil failed, a double nil made, a misdeal confirmed."""
    # before the browser: Ann 4 + Cat 4, Us took 9; Bob 3 + Dan 3, Them took 4 (set)
    # Us: 80 + 1 = 81, bags 1; Them: -60.  Them are 141 behind: they may bid blind nil
    gid = create(server, "standard", ["Ann", "Bob", "Cat", "Dan"],
                 {"double_nil": True, "blind_nil": True}, team_names=[US, THEM],
                 earlier=[{"bids": {"Ann": 4, "Bob": 3, "Cat": 4, "Dan": 3}, "tricks": {US: 9, THEM: 4}}])
    app = kept_tab(phone=True, viewport=(360, 740))
    open_game(app, gid)
    shows(app, {US: 81, THEM: -60})

    # Hand 2: Bob blind nil, took 2; Dan bid 4, took 5.  Ann 3 + Cat 3, took 6.
    app.tap("blind-nil-Bob")
    enter(app, {"Ann": 3, "Cat": 3, "Dan": 4}, {US: 6, "Bob": 2})
    assert save(app, server, gid, 2) == {
        "bids": {"Bob": "nil", "Ann": 3, "Cat": 3, "Dan": 4}, "blind": ["Bob"],
        "tricks": {US: 6, "Bob": 2, "Dan": 5}}
    # Us:   6 bid, 6 taken: 60; 81 + 60 = 141, bags 1
    # Them: Dan 4, took 5: 40 + 1 overtrick 1; Bob's 2 tricks are bags 2; blind nil failed -200:
    #       -157; -60 - 157 = -217, bags 3
    shows(app, {US: 141, THEM: -217}, {US: 1, THEM: 3})

    # Hand 3: Bob and Dan both nil (double nil), both took 0.  Ann 5 + Cat 5, Us took all 13.
    enter(app, {"Bob": "nil", "Dan": "nil", "Ann": 5, "Cat": 5}, {"Bob": 0, "Dan": 0})
    assert save(app, server, gid, 3) == {
        "bids": {"Bob": "nil", "Dan": "nil", "Ann": 5, "Cat": 5}, "tricks": {"Bob": 0, "Dan": 0, US: 13}}
    # Us:   10 bid, 13 taken: 100 + 3 overtricks 3 = 103; 141 + 103 = 244, bags 4
    # Them: double nil made 500; -217 + 500 = 283, bags 3
    shows(app, {US: 244, THEM: 283}, {US: 4, THEM: 3})

    misdeal(app, server, gid, 4)
    shows(app, {US: 244, THEM: 283}, {US: 4, THEM: 3})
    assert "Hand 4" in title(app)


def test_a_reneg_that_would_win_is_thrown_out_and_the_third_reneg_loses(kept_tab, server):
    """IHOP on a phone: a side 60 from winning reneges in a hand that would take it to 500: the
    hand is thrown out (no scores, not a hand) but the reneg counts; its 2nd and 3rd renegs in
    the next hand lose it the game."""
    gid = create(server, "ihop", ["Ann", "Bob", "Cat", "Dan"], team_names=[US, THEM], earlier=[
        {"bids": {US: 10, THEM: 4}, "tricks": {US: 10, THEM: 3}},
        {"bids": {US: 10, THEM: 4}, "tricks": {US: 10, THEM: 3}},
        {"bids": {US: 4, THEM: 4}, "tricks": {US: 4, THEM: 9}}])
    # Us:   Wheels (10 bid, 10 taken) 200 twice, then 4 bid 4 taken 40: 440
    # Them: set twice -40 -40, then 4 bid 9 taken 40 + 5 overtricks 5 = 45: -35, bags 5
    app = kept_tab(phone=True)
    open_game(app, gid)
    shows(app, {US: 440, THEM: -35}, {US: 0, THEM: 5})
    assert "Hand 4" in title(app)

    # Deal 4: Us bid 6, took 6, and reneged (their 1st): 60 + 5 penalty bags = 65 would take Us
    # to 505, a win: the hand is thrown out, nothing scores, and it is not a hand.
    enter(app, {US: 6, THEM: 4}, {US: 6}, (f"reneg-{US}-1",))
    assert save(app, server, gid, 4) == {
        "bids": {US: 6, THEM: 4}, "tricks": {US: 6, THEM: 7}, "penalties": [{"side": US, "reneg": 1}]}
    wait_message(app, f"Hand thrown out: with the reneg penalty it would have won {US} the game")
    shows(app, {US: 440, THEM: -35}, {US: 0, THEM: 5})
    assert "Hand 4" in title(app)
    assert "1" in app.text_of(f"renegs-{US}")
    app.screenshot("thrown-out")

    # Deal 5 (hand 4): Us renege twice more: the 3rd reneg loses Us the game.
    enter(app, {US: 4, THEM: 4}, {US: 3}, (f"reneg-{US}-2",))
    assert save(app, server, gid, 5) == {
        "bids": {US: 4, THEM: 4}, "tricks": {US: 3, THEM: 10}, "penalties": [{"side": US, "reneg": 2}]}
    app.wait_id("game-over")
    assert app.text_of("winner").strip() == f"{THEM} won"
    assert "reneg" in app.text_of("reason").lower()
    # Us:   4 bid, 3 taken: set -40 + 2nd reneg 10 penalty bags 10; bags 0 + 10 = 10: the bag
    #       penalty -100, bags 0: -130; 440 - 130 = 310
    # Them: scored as made, no bags: 40; -35 + 40 = 5, bags 5
    shows(app, {US: 310, THEM: 5}, {US: 0, THEM: 5})
    assert len(deals(server, gid)) == 5
    app.screenshot("third-reneg")
