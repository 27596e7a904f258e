"""An edit that ends the game sooner, on a 390x844 phone in a real browser (issue 24, point 1):
the entry says so before Save (never "Ready to save"), Save says it in words and offers the two
ways out, each one tap: end the game there (the later hand leaves the sheet; Undo brings it
back), or keep it because the table played on.  No control runs past the screen's right edge."""
from __future__ import annotations

import pytest

from scorekeeper.storage import Repository
from steps import count_for, wait_label

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
AC, BD = "Ann & Cat", "Bob & Dan"
RULES = {"preset": "standard", "options": {"win_score": 300}}
SET = {"bids": {"Ann": 3, "Cat": 2, "Bob": 2, "Dan": 2}, "tricks": {AC: 4, BD: 9}}
MADE = {"bids": {"Ann": 3, "Cat": 3, "Bob": 2, "Dan": 2}, "tricks": {AC: 6, BD: 7}}
# hand 1 made (5 tricks): Ann & Cat reach 300 after hand 6 instead of 7


@pytest.fixture
def game_id(server):
    repo = Repository(server.data_dir)
    gid = repo.create_game(RULES, PLAYERS)
    for hand in [SET] + [MADE] * 6:
        repo.record_hand(gid, hand)
    return gid


def hands(server, gid) -> list[dict]:
    return Repository(server.data_dir).exchange.export_game(gid)["hands"]


def past_the_right_edge(app) -> list[str]:
    """Semantics nodes with a test id whose box runs past the viewport's right edge."""
    return app.page.evaluate("""() => [...document.querySelectorAll('[flt-semantics-identifier]')]
        .map(el => [el.getAttribute('flt-semantics-identifier'), el.getBoundingClientRect()])
        .filter(([id, r]) => r.width > 0 && r.right > window.innerWidth + 1)
        .map(([id, r]) => `${id} ends at ${Math.round(r.right)} px`)""")


def edit_hand_1(app, gid) -> None:
    app.go(f"game/{gid}/edit/1")
    app.wait_id("save-hand")
    count_for(app, AC)
    app.tap("tricks-5")
    status = wait_label(app, "entry-status", "Ends the game after hand 6: Save asks about hand 7")
    assert "Ready to save" not in status
    app.tap("save-hand")
    said = wait_label(app, "entry-error", "With this change Ann & Cat reached 350 after hand 6: "
                                          "the game ended there")
    assert "hand 7 came after the end" in said
    wait_label(app, "later-end", "The game ended there")
    wait_label(app, "later-end-words", "End the game after hand 6: hand 7 leaves the sheet")
    wait_label(app, "later-keep", "We played on")
    wait_label(app, "later-keep-words", "Keep hand 7: the table played on")
    assert not past_the_right_edge(app)


def test_ending_the_game_there_drops_the_later_hand_and_undo_brings_it_back(kept_tab, server, game_id):
    app = kept_tab(phone=True)
    edit_hand_1(app, game_id)
    app.page.wait_for_timeout(500)  # scrolled to the ways out
    app.screenshot("edit-moves-end")
    assert len(hands(server, game_id)) == 7  # nothing saved yet
    app.tap("later-end")
    app.wait_id("undo")
    app.url_ends(f"/game/{game_id}?tab=sheet")
    assert len(hands(server, game_id)) == 6
    wait_label(app, f"score-{AC}", "350")
    app.screenshot("edit-ended-there")
    app.tap("undo")
    wait_label(app, f"score-{AC}", "310")
    assert len(hands(server, game_id)) == 7


def test_keeping_the_later_hand_because_the_table_played_on(kept_tab, server, game_id):
    app = kept_tab(phone=True)
    edit_hand_1(app, game_id)
    app.tap("later-keep")
    app.wait_id("undo")
    wait_label(app, f"score-{AC}", "410")
    recorded = hands(server, game_id)
    assert len(recorded) == 7 and recorded[5].get("played_on") is True
    app.screenshot("edit-played-on")
