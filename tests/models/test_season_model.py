"""The stats screen's model (`gui/models/season.py`): the repository's season stats as text, the
filters, the chart's points; and the screen built from them without a browser."""
from __future__ import annotations

import importlib
import random
from datetime import date

import pytest

from scorekeeper.engine import PRESETS, random_game
from scorekeeper.gui.models import season
from scorekeeper.storage import Repository, StatsFilter

FINISH_AT_6 = {"max_hands": 6, "win_score": 100_000, "lose_score": None}


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    repo = Repository(tmp_path_factory.mktemp("season") / "data")
    rng = random.Random(9)
    for preset, players in [("ihop", ["Ann", "Bob", "Cat", "Dan"]), ("ihop", ["Bob", "Cat", "Dan", "Ann"]),
                            ("standard", ["Cat", "Dan", "Ann", "Bob"]), ("ihop-3", ["Ann", "Bob", "Eve"]),
                            ("ihop-6", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])]:
        repo.exchange.import_game(random_game(rng, preset, hands=12, options=FINISH_AT_6, players=players).to_dict())
    return repo


def test_the_filters_of_the_screens_choices():
    today = date(2026, 12, 1)
    assert season.stats_filter(season.ALL_RULES, "all", today) == StatsFilter()
    assert season.stats_filter("ihop", "30d", today) == StatsFilter(rules="ihop", since="2026-11-02")
    assert season.stats_filter("standard", "year", today) == StatsFilter(rules="standard", since="2026-01-01")
    assert [key for key, _ in season.rule_choices()] == [season.ALL_RULES, *PRESETS]


def test_a_range_of_typed_days_and_what_is_wrong_with_one():
    today = date(2026, 12, 1)
    assert season.stats_filter("ihop", "range", today, " 2026-11-01 ", "2026-11-30") == StatsFilter(
        rules="ihop", since="2026-11-01", until="2026-11-30")
    assert season.stats_filter(season.ALL_RULES, "range", today, "", "2026-11-30") == StatsFilter(until="2026-11-30")
    assert season.stats_filter(season.ALL_RULES, "range", today) == StatsFilter()
    for since, until, message in (("2026-13-01", "", "From: '2026-13-01' is not a date; write it as 2026-11-30"),
                                  ("", "yesterday", "To: 'yesterday' is not a date; write it as 2026-11-30"),
                                  ("2026-12-01", "2026-11-01", "From 2026-12-01 is after To 2026-11-01")):
        try:
            season.stats_filter(season.ALL_RULES, "range", today, since, until)
        except season.DateProblem as exc:
            assert str(exc) == message
        else:
            raise AssertionError(f"{since!r} .. {until!r} was taken")


def test_lines_write_the_repositorys_figures(repo):
    stats = repo.season_stats()
    lines = season.player_lines(stats)
    assert [line.name for line in lines] == [p.name for p in stats.players]
    for line, player in zip(lines, stats.players):
        f = player.figures
        assert (line.games, line.wins, line.draws) == (str(f.games), str(f.wins), str(f.draws))
        assert line.win_rate == f"{round(100 * f.wins / f.games)}%"
        assert line.nils == f"{f.nils_made}/{f.nils_failed}" and float(line.points_per_hand) == \
            pytest.approx(f.points / f.hands, abs=0.05)
    pairs = season.partnership_lines(stats)
    assert {line.name for line in pairs} == {" & ".join(p.players) for p in stats.partnerships}
    assert all(" & " in line.name for line in pairs)
    meetings = season.head_to_head_lines(stats)
    assert len(meetings) == len(stats.head_to_head) and all("\u2013" in m.score for m in meetings)


def test_the_chart_follows_one_player_or_partnership(repo):
    stats = repo.season_stats()
    keys = [key for key, _ in season.follow_choices(stats)]
    assert len(keys) == len(stats.players) + len(stats.partnerships)
    assert season.followed(stats, None)[0] == keys[0]  # nobody chosen: the first player
    pair_key = season.partnership_key(stats.partnerships[0].players)
    key, name, figures = season.followed(stats, pair_key)
    assert (key, name) == (pair_key, " & ".join(stats.partnerships[0].players))
    points = season.win_rate_points(figures)
    assert [p.x for p in points] == list(range(1, figures.games + 1))
    assert points[-1].y == round(100 * figures.wins / figures.games)
    wins = 0
    for n, (point, result) in enumerate(zip(points, figures.results), start=1):
        wins += result.outcome == "won"
        assert point.y == round(100 * wins / n) and result.day in point.tooltip
    assert name in season.chart_description(name, figures)


class _Store(dict):
    def set(self, key, value):
        self[key] = value


class _App:
    """Just what the stats screen asks of the app, over a real repository."""

    dark = False
    query: dict = {}

    def __init__(self, repo, width):
        games = type("Games", (), {"season_stats": staticmethod(repo.season_stats)})()
        self.session = type("Session", (), {"games": games})()
        self.page = type("Page", (), {"width": width, "height": 800,
                                      "session": type("S", (), {"store": _Store()})()})()
        self.refreshed = 0

    def refresh(self):
        self.refreshed += 1


@pytest.mark.parametrize("width", [390, 1280])
def test_the_screen_builds_tables_head_to_head_card_and_chart(repo, width):
    import flet as ft

    app = _App(repo, width)
    screen = importlib.import_module("scorekeeper.gui.views.stats").Screen(app)
    view = screen.build()
    assert isinstance(view, ft.View)
    text = repr(view)
    assert "stats-error" not in text
    for testid in ("stats-table", "stats-pairs", "stats-h2h", "stats-card", "stats-chart", "stats-rules",
                   "stats-period-30d", "stats-narrow" if width < 900 else "stats-wide"):
        assert testid in text, testid
    screen.choose("rules", "ihop-6")
    assert app.refreshed == 1
    narrowed = repr(screen.build())
    assert season.scope_text(repo.season_stats(StatsFilter(rules="ihop-6")), "ihop-6", "all") in narrowed
