"""``scorekeeper stats``: the season's figures per player, per partnership and head to head.

Over the finished games of the data folder, from the index cache (no game file is opened unless
it changed), filtered by rule set and by the day a game was started. A value the user gets wrong
(an unknown rule set, a day that is no date) is one line on stderr and exit code 2.
"""
from __future__ import annotations

import argparse
from datetime import date

from scorekeeper.cli.user_io import UserError, json_text, printed
from scorekeeper.cli.games import _data_option, _flush_notices, _guarded, _open
from scorekeeper.engine import PRESETS
from scorekeeper.storage import Figures, SeasonStats, StatsFilter

#: The columns of the text tables: (heading, the figure as text)
_COLUMNS = (
    ("GAMES", lambda f: str(f.games)), ("W", lambda f: str(f.wins)), ("D", lambda f: str(f.draws)),
    ("WIN%", lambda f: f"{f.win_rate:.0%}"), ("PTS/HAND", lambda f: f"{f.points_per_hand:.1f}"),
    ("BAGS/GAME", lambda f: f"{f.bags_per_game:.1f}"), ("SETS", lambda f: str(f.sets)),
    ("NIL +/-", lambda f: f"{f.nils_made}/{f.nils_failed}"),
    ("BLIND NIL +/-", lambda f: f"{f.blind_nils_made}/{f.blind_nils_failed}"),
    ("10-FOR-200", lambda f: str(f.ten_for_two_hundred)), ("BOSTON", lambda f: str(f.boston)),
)


def add_stats_command(subparsers: argparse._SubParsersAction) -> None:
    stats = subparsers.add_parser(
        "stats", help="the season's stats: per player, per partnership, head to head",
        description="Per player and per partnership (the same two players, whatever their seats): games, "
                    "wins, draws, win rate, points per hand, bags per game, sets, nils and blind nils made / "
                    "failed, 10-for-200 and Boston bids made; and head to head between partnerships. "
                    "Finished games only.")
    stats.add_argument("--json", action="store_true", help="print the figures as JSON")
    stats.add_argument("--rules", metavar="PRESET", help="only games of this rule set: " + ", ".join(PRESETS))
    stats.add_argument("--since", metavar="DATE", help="only games started on or after DATE (YYYY-MM-DD)")
    stats.add_argument("--until", metavar="DATE", help="only games started on or before DATE (YYYY-MM-DD)")
    _data_option(stats)
    stats.set_defaults(func=_guarded(cmd_stats, "stats"))


def stats_filter(rules: str | None, since: str | None, until: str | None) -> StatsFilter:
    """The filter the options ask for; a value that is no rule set or no date is a ``UserError``."""
    if rules is not None and rules not in PRESETS:
        raise UserError(f"--rules {rules!r} is not a rule set (the presets are: {', '.join(PRESETS)})")
    days = {}
    for option, value in (("--since", since), ("--until", until)):
        if value is not None:
            try:
                days[option] = date.fromisoformat(value.strip()).isoformat()
            except ValueError:
                raise UserError(f"{option} {value!r} is not a date: write it as YYYY-MM-DD") from None
    if len(days) == 2 and days["--since"] > days["--until"]:
        raise UserError(f"--since {since} is after --until {until}: no day is in between")
    return StatsFilter(rules, days.get("--since"), days.get("--until"))


def cmd_stats(args: argparse.Namespace) -> int:
    """Print the season's stats as tables, or as JSON."""
    which = stats_filter(args.rules, args.since, args.until)
    repo = _open(args)
    stats = repo.season_stats(which)
    _flush_notices(repo)
    if args.json:
        print(json_text(stats_json(stats, which)))
    else:
        print("\n".join(printed(line) for line in stats_text(stats, which)))
    return 0


def stats_json(stats: SeasonStats, which: StatsFilter) -> dict:
    return {
        "filter": {"rules": which.rules, "since": which.since, "until": which.until},
        "games": stats.games,
        "players": [{"name": line.name, **line.figures.to_json()} for line in stats.players],
        "partnerships": [{"players": list(line.players), **line.figures.to_json()} for line in stats.partnerships],
        "head_to_head": [{"partnerships": [list(h.first), list(h.second)], "games": h.games,
                          "wins": [h.first_wins, h.second_wins], "draws": h.draws,
                          "won_by_others": h.others_won} for h in stats.head_to_head],
    }


def _scope(which: StatsFilter) -> str:
    parts = [f"{which.rules} rules" if which.rules else "all rule sets"]
    if which.since and which.until:
        parts.append(f"started {which.since} to {which.until}")
    elif which.since or which.until:
        parts.append(f"started on or {'after ' + which.since if which.since else 'before ' + which.until}")
    return ", ".join(parts)


def _table(first: str, rows: list[tuple[str, Figures]]) -> list[str]:
    cells = [[first, *(heading for heading, _ in _COLUMNS)]]
    cells += [[name, *(value(figures) for _, value in _COLUMNS)] for name, figures in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    return ["  ".join([row[0].ljust(widths[0]), *(c.rjust(w) for c, w in zip(row[1:], widths[1:]))]).rstrip()
            for row in cells]


def stats_text(stats: SeasonStats, which: StatsFilter) -> list[str]:
    """The tables: players, partnerships, head to head; or the sentence saying there is nothing."""
    if not stats.games:
        return [f"No finished games ({_scope(which)})."]
    games = f"{stats.games} finished game{'s' if stats.games != 1 else ''}"
    lines = [f"{games} ({_scope(which)}).", "", "Players"]
    lines += _table("PLAYER", [(line.name, line.figures) for line in stats.players])
    if stats.partnerships:
        lines += ["", "Partnerships"]
        lines += _table("PARTNERSHIP", [(" & ".join(line.players), line.figures) for line in stats.partnerships])
    if stats.head_to_head:
        lines += ["", "Head to head (games: wins each, draws)"]
        for h in stats.head_to_head:
            lines.append(f"{' & '.join(h.first)} vs {' & '.join(h.second)}: {h.games} game"
                         f"{'s' if h.games != 1 else ''}: {h.first_wins}-{h.second_wins}, "
                         f"{h.draws} draw{'s' if h.draws != 1 else ''}"
                         + (f", {h.others_won} won by another side" if h.others_won else ""))
    return lines
