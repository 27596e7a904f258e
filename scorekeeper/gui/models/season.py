"""What the stats screen shows: the repository's season stats (`Repository.season_stats`) as
text, the filters it offers (rule set, period), the players and partnerships one can follow on
the chart.  No flet; every figure is the repository's, only written here (0.5 -> '50%')."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from ...engine import PRESETS
from ...storage import Figures, SeasonStats, StatsFilter
from .figures import win_rate_text
from .options import preset_title

ALL_RULES = "all"
#: the periods the screen offers: (key, label); "range": the days typed in From and To
PERIODS = (("all", "All time"), ("30d", "Last 30 days"), ("year", "This year"), ("range", "Between dates"))


class DateProblem(ValueError):
    """A typed day that is not a date, or a From after its To: the message names the field and value."""


def day_of(text: str, field: str) -> str | None:
    """A day typed as YYYY-MM-DD (None when left empty); DateProblem naming ``field`` otherwise."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise DateProblem(f"{field}: {text!r} is not a date; write it as 2026-11-30") from None


def rule_choices() -> list[tuple[str, str]]:
    """(key, label) of the rule-set filter: every rule set, then each preset by its title."""
    return [(ALL_RULES, "All rule sets")] + [(name, preset_title(name)) for name in PRESETS]


def stats_filter(rules: str, period: str, today: date, since: str = "", until: str = "") -> StatsFilter:
    """The filter of the screen's choices: one rule set or all, and a period ending today, or
    (period "range") the days typed in From (``since``) and To (``until``), either left empty for
    no limit; DateProblem for a day that is not a date or a From after its To."""
    kind = None if rules == ALL_RULES else rules
    if period == "range":
        first, last = day_of(since, "From"), day_of(until, "To")
        if first is not None and last is not None and first > last:
            raise DateProblem(f"From {first} is after To {last}")
        return StatsFilter(rules=kind, since=first, until=last)
    start = {"30d": today - timedelta(days=29), "year": today.replace(month=1, day=1)}.get(period)
    return StatsFilter(rules=kind, since=start.isoformat() if start else None)


def scope_text(stats: SeasonStats, rules: str, period: str, which: StatsFilter | None = None) -> str:
    """'12 finished games · IHOP · last 30 days' ('from 2026-11-01 to 2026-11-30' for a range)."""
    games = f"{stats.games} finished game{'' if stats.games == 1 else 's'}"
    when = dict(PERIODS).get(period, period).lower()
    if period == "range" and which is not None:
        when = " ".join(part for part in (f"from {which.since}" if which.since else "",
                                          f"to {which.until}" if which.until else "") if part) or "all time"
    parts = [games, dict(rule_choices()).get(rules, rules), when]
    return " \u00b7 ".join(parts)


@dataclass(frozen=True)
class FigureLine:
    """One player or partnership, every figure as the screen writes it."""

    key: str  # what the chart picker names it by
    name: str  # "Ann", or "Ann & Cat"
    games: str
    wins: str
    draws: str
    win_rate: str
    points_per_hand: str
    bags_per_game: str
    sets: str
    nils: str  # "made/failed"
    blind_nils: str
    ten_for_two_hundred: str
    boston: str


def _line(key: str, name: str, f: Figures) -> FigureLine:
    return FigureLine(key, name, str(f.games), str(f.wins), str(f.draws), win_rate_text(f.win_rate),
                      f"{f.points_per_hand:.1f}", f"{f.bags_per_game:.1f}", str(f.sets),
                      f"{f.nils_made}/{f.nils_failed}", f"{f.blind_nils_made}/{f.blind_nils_failed}",
                      str(f.ten_for_two_hundred), str(f.boston))


def player_key(name: str) -> str:
    return f"player:{name}"


def partnership_key(players: tuple[str, str]) -> str:
    return "pair:" + "|".join(players)


def player_lines(stats: SeasonStats) -> list[FigureLine]:
    return [_line(player_key(p.name), p.name, p.figures) for p in stats.players]


def partnership_lines(stats: SeasonStats) -> list[FigureLine]:
    return [_line(partnership_key(p.players), " & ".join(p.players), p.figures) for p in stats.partnerships]


#: the figures of a card, in order: (label, FigureLine field)
CARD_FIGURES = (("Games", "games"), ("Wins", "wins"), ("Draws", "draws"), ("Win rate", "win_rate"),
                ("Points / hand", "points_per_hand"), ("Bags / game", "bags_per_game"), ("Sets", "sets"),
                ("Nils made / failed", "nils"), ("Blind nils made / failed", "blind_nils"),
                ("10 for 200 made", "ten_for_two_hundred"), ("Boston made", "boston"))


def card_figures(line: FigureLine) -> list[tuple[str, str]]:
    """A player's or a partnership's figures as (label, value), for a card on a phone."""
    return [(label, getattr(line, field)) for label, field in CARD_FIGURES]


@dataclass(frozen=True)
class MeetingLine:
    first: str
    second: str
    games: str  # "4 games"
    score: str  # "3 - 1", wins each
    draws: str  # "1 draw", or ""
    others: str  # "1 won by another side", or ""


def head_to_head_lines(stats: SeasonStats) -> list[MeetingLine]:
    return [MeetingLine(" & ".join(h.first), " & ".join(h.second),
                        f"{h.games} game{'' if h.games == 1 else 's'}", f"{h.first_wins} \u2013 {h.second_wins}",
                        f"{h.draws} draw{'' if h.draws == 1 else 's'}" if h.draws else "",
                        f"{h.others_won} won by another side" if h.others_won else "")
            for h in stats.head_to_head]


def followed(stats: SeasonStats, key: str | None) -> tuple[str, str, Figures] | None:
    """The player or partnership ``key`` names (else the first player): (key, name, figures)."""
    choices = {player_key(p.name): (p.name, p.figures) for p in stats.players}
    choices.update({partnership_key(p.players): (" & ".join(p.players), p.figures) for p in stats.partnerships})
    if not choices:
        return None
    if key not in choices:
        key = next(iter(choices))
    name, figures = choices[key]
    return key, name, figures


def follow_choices(stats: SeasonStats) -> list[tuple[str, str]]:
    """(key, label) of every player, then every partnership."""
    return [(player_key(p.name), p.name) for p in stats.players] + \
        [(partnership_key(p.players), " & ".join(p.players)) for p in stats.partnerships]


@dataclass(frozen=True)
class ChartPoint:
    x: int  # the game's place, oldest first (1, 2, ...)
    y: int  # the win rate so far, in per cent
    tooltip: str  # "Game 3, 2026-11-30: won; 67%"


def win_rate_points(figures: Figures) -> list[ChartPoint]:
    """The win rate after each game, oldest first: the repository's rates, in whole per cent."""
    return [ChartPoint(n, round(r.win_rate_so_far * 100),
                       f"Game {n}, {r.day}: {r.outcome}; {win_rate_text(r.win_rate_so_far)}")
            for n, r in enumerate(figures.results, start=1)]


def chart_description(name: str, figures: Figures) -> str:
    """What the chart shows, in words (its label for a screen reader)."""
    if not figures.results:
        return f"No finished games for {name}"
    return (f"{name}'s win rate after each of {figures.games} game{'' if figures.games == 1 else 's'}, "
            f"from {figures.results[0].day} to {figures.results[-1].day}: {win_rate_text(figures.win_rate)} now")
