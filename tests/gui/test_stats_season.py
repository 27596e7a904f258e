"""The season's stats screen in a real browser (issue 18): players and partnerships, head to head,
the rule-set and period filters, the chart of one player or partnership over time; on a phone
(390x844 and 360 px: nothing cut sideways, 48 px targets) and on a desktop (every column).

The games are generated and saved through the repository in the app server's data folder; what
the screen shows is compared with the repository's own figures (their independent count is in
tests/storage/test_season_stats.py).  Screenshots: screenshots/season-*.png.
"""
from __future__ import annotations

import random
import re
from datetime import date, timedelta

import pytest

from scorekeeper import storage
from scorekeeper.engine import random_game, score_game

FINISH = {"max_hands": 6, "win_score": 100_000, "lose_score": None}
GAMES = [("standard", ["Ann", "Bob", "Cat", "Dan"]), ("standard", ["Cat", "Dan", "Ann", "Bob"]),
         ("ihop", ["Ann", "Bob", "Cat", "Dan"]), ("ihop", ["Bob", "Ann", "Dan", "Cat"]),
         ("ihop-6", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]), ("ihop-3", ["Ann", "Eve", "Fay"])]


@pytest.fixture(scope="module")
def repo(server):
    repo = storage.Repository(server.data_dir)
    rng = random.Random(18)
    for preset, players in GAMES:
        game = random_game(rng, preset, hands=12, options=FINISH, players=players)
        assert score_game(game).finished
        repo.exchange.import_game(game.to_dict())
    going = random_game(rng, "standard", hands=2, players=GAMES[0][1])
    repo.exchange.import_game(going.to_dict())  # in progress: not counted
    return repo


def wait_text(app, identifier: str, pattern: str, timeout: float = 10_000) -> str:
    app.page.wait_for_function(
        """([id, pat]) => { const el = document.querySelector(`[flt-semantics-identifier="${id}"]`);
            if (!el) return false;
            const t = (el.innerText || '') + ' ' + (el.getAttribute('aria-label') || '');
            return new RegExp(pat).test(t); }""", arg=[identifier, pattern], timeout=timeout)
    return app.text_of(identifier)


def row_text(app, name: str) -> str:
    return app.page.get_by_role("row").filter(has_text=name).first.inner_text()


def assert_rows_fit(app, width: int) -> None:
    for row in app.page.get_by_role("row").all():
        box = row.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, box


def test_on_a_phone(make_driver, repo):
    stats = repo.season_stats()
    app = make_driver(phone=True)
    app.open("/stats")
    app.wait_id("stats-narrow")
    assert wait_text(app, "stats-scope", f"{stats.games} finished games")
    for player in stats.players:  # name, games, wins, draws, win rate, nils, sets: the repository's
        f = player.figures
        expected = (rf"{player.name}\s+{f.games}\s+{f.wins}\s+{f.draws}\s+{round(100 * f.win_rate)}%\s+"
                    rf"{f.nils_made}/{f.nils_failed}\s+{f.sets}")
        assert re.search(expected, row_text(app, player.name)), (expected, row_text(app, player.name))
    ann_cat = next(p for p in stats.partnerships if p.players == ("Ann", "Cat"))
    app.wait_id("stats-pair-Ann & Cat")
    assert re.search(rf"Ann & Cat\s+{ann_cat.figures.games}\s+{ann_cat.figures.wins}\s",
                     row_text(app, "Ann & Cat"))
    assert ann_cat.figures.games == 4  # standard and IHOP, in either seats
    meeting = app.text_of("stats-h2h")
    assert "Ann & Cat" in meeting and "Bob & Dan" in meeting and "4 games" in meeting
    first = stats.players[0]
    card = app.text_of("stats-card")
    assert first.name in card and "Points / hand" in card and f"{first.figures.points_per_hand:.1f}" in card
    assert f"{first.name}'s win rate after each of {first.figures.games} games" in app.text_of("stats-chart")
    assert_rows_fit(app, 390)
    app.screenshot("season")  # also: every target 48 px, no error box

    # the chart of a partnership, drawn in place: the page stays scrolled down at the chart
    app.wheel_at(200, 600, 4000)
    app.screenshot("season-chart")
    app.choose("stats-follow", "Bob & Dan")
    label = wait_text(app, "stats-chart", "Bob & Dan's win rate")
    bob_dan = next(p for p in stats.partnerships if p.players == ("Bob", "Dan")).figures
    assert f"after each of {bob_dan.games} games" in label
    assert "Bob & Dan" in app.text_of("stats-card")
    box = app.by_id("stats-chart").first.bounding_box()
    assert box and box["y"] < 844, box  # still on screen: no jump back to the top
    app.screenshot("season-pair")

    # one rule set: IHOP 6 players
    app.choose("stats-rules", "IHOP 6 players")
    wait_text(app, "stats-scope", "1 finished game ")
    six = repo.season_stats(storage.StatsFilter(rules="ihop-6"))
    assert {line.name for line in six.players} == {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay"}
    assert len(app.text_of("stats-h2h").split(" vs ")) <= 4  # three partnerships: three meetings
    for player in six.players:
        assert re.search(rf"{player.name}\s+1\s+{player.figures.wins}\s", row_text(app, player.name))
    app.screenshot("season-ihop6")

    # the last 30 days: every game here was started today
    app.tap("stats-period-30d")
    wait_text(app, "stats-scope", "last 30 days")
    assert "1 finished game" in app.text_of("stats-scope")
    app.page.set_viewport_size({"width": 360, "height": 740})
    app.name = "phone360"
    app.settle()
    app.wait_id("stats-table")
    assert_rows_fit(app, 360)
    app.switch_theme()
    assert app.dark
    app.settle()
    app.screenshot("season")


def test_on_a_desktop(make_driver, repo):
    stats = repo.season_stats()
    app = make_driver()
    app.open("/stats")
    app.wait_id("stats-wide")
    headings = app.text_of("stats-table")
    for heading in ("Pts/hand", "Bags/game", "Blind nil", "10/200", "Boston"):
        assert heading in headings, heading
    for player in stats.players:
        f = player.figures
        expected = (rf"{player.name}\s+{f.games}\s+{f.wins}\s+{f.draws}\s+{round(100 * f.win_rate)}%\s+"
                    rf"{f.nils_made}/{f.nils_failed}\s+{f.sets}\s+{f.points_per_hand:.1f}\s+{f.bags_per_game:.1f}\s+"
                    rf"{f.blind_nils_made}/{f.blind_nils_failed}\s+{f.ten_for_two_hundred}\s+{f.boston}")
        assert re.search(expected, row_text(app, player.name)), (expected, row_text(app, player.name))
    assert_rows_fit(app, 1280)
    app.screenshot("season")
    app.switch_theme()
    assert app.dark
    app.settle()
    app.screenshot("season")

    # between two typed days: every game here was started today; a day that is no date is named
    today = date.today()
    app.tap("stats-period-range")
    app.fill("From", "2026-13-01")
    app.tap("stats-range-show")
    wait_text(app, "stats-error", "From: '2026-13-01' is not a date")
    app.fill("From", today.isoformat())
    app.fill("To", today.isoformat())
    app.tap("stats-range-show")
    wait_text(app, "stats-scope", f"{stats.games} finished games .* from {today} to {today}")
    app.screenshot("season-range")
    app.fill("From", (today + timedelta(days=1)).isoformat())
    app.fill("To", (today + timedelta(days=30)).isoformat())
    app.tap("stats-range-show")
    app.wait_id("stats-empty")
    assert "0 finished games" in app.text_of("stats-scope")


def test_a_row_tapped_on_a_phone_shows_every_figure_of_it(make_driver, repo):
    """Issue 24, point 7: a phone's table has no room for points per hand or bags per game; a
    tapped row brings its card (every figure, the repository's) and its chart into view."""
    stats = repo.season_stats()
    app = make_driver(phone=True)
    app.open("/stats")
    app.wait_id("stats-narrow")
    assert "Tap a row" in app.text_of("stats-legend")
    last = stats.players[-1]  # not the one the card follows at first
    assert last.name != stats.players[0].name
    row = app.page.get_by_role("row").filter(has_text=last.name).first
    box = row.bounding_box()
    assert box and box["y"] + box["height"] <= 844, box  # tapped where it is, without a scroll
    app.page.touchscreen.tap(box["x"] + 40, box["y"] + box["height"] / 2)
    card = wait_text(app, "stats-card", last.name)
    f = last.figures
    assert f"{f.points_per_hand:.1f}" in card and f"{f.bags_per_game:.1f}" in card
    assert "Points / hand" in card and "Bags / game" in card
    assert f"{last.name}'s win rate after each of {f.games} games" in wait_text(app, "stats-chart", last.name)
    for _ in range(50):  # scrolled to the card (an animation of 300 ms)
        shown = app.by_id("stats-card").first.bounding_box()
        if shown and 0 <= shown["y"] and shown["y"] + shown["height"] <= 844:
            break
        app.page.wait_for_timeout(100)
    else:
        raise AssertionError(f"the card is not in view: {shown}")
    app.screenshot("season-row-tapped")
