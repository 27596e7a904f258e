"""The numbers the table asks for, on a phone: which hand this is, how many were played (a
misdeal is not a hand), a side's renegs, what each hand's marks say, and no bag warning
once the game is over.  Every number is checked against the engine's sheet."""
from __future__ import annotations

import pytest

from scorekeeper.engine import score_game
from scorekeeper.storage import Repository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
AC, BD = "Ann & Cat", "Bob & Dan"
HANDS = [
    {"bids": {AC: 4, BD: 4}, "tricks": {AC: 13, BD: 0}, "penalties": [{"side": BD, "reneg": 1}]},
    {"misdeal": True},
    {"bids": {AC: 7, BD: 5, "Bob": "nil"}, "tricks": {AC: 7, "Bob": 1, "Dan": 5}},
]
#: a game to 100: Ann & Cat reach 9 bags in hand 1 (the warning), and win in hand 2
TO_100 = [{"bids": {AC: 4, BD: 4}, "tricks": {AC: 13, BD: 0}},
          {"bids": {AC: 6, BD: 4}, "tricks": {AC: 6, BD: 7}}]


@pytest.fixture(scope="module")
def games(server):
    repo = Repository(server.data_dir)
    played = repo.create_game("ihop", PLAYERS)
    for hand in HANDS:
        if hand.get("misdeal"):
            repo.record_misdeal(played)
        else:
            repo.record_hand(played, hand)
    warned = repo.create_game({"preset": "ihop", "options": {"win_score": 100}}, PLAYERS)
    over = repo.create_game({"preset": "ihop", "options": {"win_score": 100}}, PLAYERS)
    repo.record_hand(warned, TO_100[0])
    for hand in TO_100:
        repo.record_hand(over, hand)
    return {"played": played, "warned": warned, "over": over, "repo": repo}


def test_hands_are_counted_without_misdeals_and_the_sheet_says_what_happened(kept_tab, games):
    sheet = score_game(games["repo"].get(games["played"]).game)
    assert (sheet.hands_played, sheet.misdeals) == (2, 1)
    app = kept_tab(phone=True)  # (on the games list)
    # the games list: "2 hands", not 3
    assert "In progress \u00b7 2 hands" in app.text_of(f"game-{games['played']}")
    app.go(f"game/{games['played']}")
    app.wait_id("save-hand")
    assert app.text_of("hand-title").strip().startswith("Hand 3 of 12")
    app.page.get_by_role("button", name="Sheet (2)").first.wait_for(state="attached")
    # Bob & Dan's reneg on their card
    assert "1 reneg: the 3rd loses the game" in app.text_of(f"renegs-{BD}")
    assert not app.by_id(f"renegs-{AC}").count()
    app.screenshot("numbers-hand")
    app.tap("tab-sheet")
    app.wait_id("sheet-row-3")
    assert "reneg" in app.text_of("sheet-row-1")
    assert "misdeal" in app.text_of("sheet-row-2")
    assert "Bob's nil failed" in app.text_of("sheet-row-3")
    app.screenshot("numbers-sheet")


def test_the_bag_warning_goes_once_the_game_is_over(kept_tab, games):
    for gid in (games["warned"], games["over"]):
        last = score_game(games["repo"].get(gid).game).hands[-1]
        assert last.sides[AC].bag_warning  # the engine warns after both
    app = kept_tab(phone=True)
    app.go(f"game/{games['warned']}")
    app.wait_id("save-hand")
    assert "Next overtricks cost the bag penalty" in app.text_of(f"bags-{AC}")
    app.go(f"game/{games['over']}")
    app.wait_id("game-over")
    assert "9/10 bags" in app.text_of(f"bags-{AC}")
    assert "bag penalty" not in app.text_of(f"bags-{AC}")
    app.screenshot("numbers-over")


def save_is_uncovered(app) -> bool:
    """Nothing lies over the middle of Save (a message at the bottom would)."""
    return app.page.evaluate("""() => {
        const save = document.querySelector('[flt-semantics-identifier="save-hand"]');
        const r = save.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return save.contains(top);
    }""")


def test_undo_and_redo_say_what_they_did_beside_save(kept_tab, server):
    gid = Repository(server.data_dir).create_game("standard", PLAYERS)
    app = kept_tab(phone=True)
    app.go(f"game/{gid}")
    app.wait_id("save-hand")
    for name, bid in (("Bob", 3), ("Cat", 4), ("Dan", 2), ("Ann", 3)):
        app.tap(f"bid-{name}-{bid}")
    app.tap("tricks-7")
    app.tap("save-hand")
    for identifier, words in (("save-hand", "Hand 1 saved"), ("undo", "Hand 1 undone"),
                              ("redo", "Hand 1 redone")):
        if identifier != "save-hand":
            app.tap(identifier)
        for _ in range(100):
            if words in app.text_of("entry-status"):
                break
            app.page.wait_for_timeout(100)
        else:
            raise AssertionError(f"{identifier}: {app.text_of('entry-status')!r}")
        assert save_is_uncovered(app), f"after {identifier}, something covers Save"
        app.screenshot(f"words-{identifier}")
    assert "bids first" in app.text_of("bidder-Cat")  # hand 2: Cat bids first, on her row
