"""Each player's and each partnership's record across finished games, added up from the games' summaries."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scorekeeper.storage.summaries import GameSummary


@dataclass(frozen=True)
class PlayerStats:
    """One player's record across finished games."""

    name: str
    games: int
    wins: int
    win_rate: float
    nils_made: int
    nils_failed: int
    times_set: int


def player_stats(summaries: Iterable[GameSummary]) -> list[PlayerStats]:
    """Per player across finished games: games, wins, win rate, nils made/failed, times set."""
    totals: dict[str, dict[str, int]] = {}
    for summary in summaries:
        if summary.status != "finished":
            continue
        for player, line in summary.players.items():
            total = totals.setdefault(player, {"games": 0, "wins": 0, "nils_made": 0,
                                               "nils_failed": 0, "times_set": 0})
            total["games"] += 1
            total["wins"] += int(summary.winner is not None and line["side"] == summary.winner)
            for key in ("nils_made", "nils_failed", "times_set"):
                total[key] += line[key]
    stats = [PlayerStats(name=name, win_rate=t["wins"] / t["games"], **t) for name, t in totals.items()]
    return sorted(stats, key=lambda s: (-s.wins, -s.win_rate, s.name.casefold()))


# ---- the season: players, partnerships, head to head, filtered ------------------------------------------
@dataclass(frozen=True)
class StatsFilter:
    """Which finished games count: one rule set (its preset's name) or all, and the days they
    were started on, from ``since`` to ``until`` (ISO dates, both included; None: no limit)."""

    rules: str | None = None
    since: str | None = None
    until: str | None = None

    def keeps(self, summary: GameSummary) -> bool:
        day = summary.created[:10]
        return (summary.status == "finished" and (self.rules is None or summary.rules == self.rules)
                and (self.since is None or day >= self.since) and (self.until is None or day <= self.until))


@dataclass(frozen=True)
class GameResult:
    """One finished game of a player or a partnership: its day, 'won', 'lost' or 'draw', its points;
    and the win rate over this game and the ones before it (the chart over time)."""

    game_id: str
    day: str
    outcome: str
    points: int
    hands: int
    win_rate_so_far: float


#: The figures added up over games (``Figures``), in the order the JSON of `scorekeeper stats` gives them.
COUNTS = ("games", "wins", "draws", "hands", "points", "bags", "sets", "nils_made", "nils_failed",
          "blind_nils_made", "blind_nils_failed", "ten_for_two_hundred", "ten_for_two_hundred_failed",
          "boston", "boston_failed")


@dataclass(frozen=True)
class Figures:
    """A player's or a partnership's record over the games that count. ``points`` is the side's
    final scores added up, ``bags`` the bags it took; ``ten_for_two_hundred`` and ``boston`` count
    the made bids (``..._failed`` the failed ones)."""

    games: int
    wins: int
    draws: int
    hands: int
    points: int
    bags: int
    sets: int
    nils_made: int
    nils_failed: int
    blind_nils_made: int
    blind_nils_failed: int
    ten_for_two_hundred: int
    ten_for_two_hundred_failed: int
    boston: int
    boston_failed: int
    results: tuple[GameResult, ...] = ()  # each game, oldest first: the chart over time

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def bags_per_game(self) -> float:
        return self.bags / self.games if self.games else 0.0

    def to_json(self) -> dict:
        """The figures as the command line's JSON gives them (rates to 3 decimals)."""
        counts = {key: getattr(self, key) for key in COUNTS}
        return {**counts, "win_rate": round(self.win_rate, 3), "points_per_hand": round(self.points_per_hand, 3),
                "bags_per_game": round(self.bags_per_game, 3)}


@dataclass(frozen=True)
class PlayerLine:
    name: str
    figures: Figures


@dataclass(frozen=True)
class PartnershipLine:
    players: tuple[str, str]  # in name order
    figures: Figures


@dataclass(frozen=True)
class HeadToHead:
    """Two partnerships that met: the games they played in together, each one's wins, the draws
    (in a game of three partnerships the third may have won: no win for either)."""

    first: tuple[str, str]
    second: tuple[str, str]
    games: int
    first_wins: int
    second_wins: int
    draws: int

    @property
    def others_won(self) -> int:
        """The games a third partnership (or a player on their own) won."""
        return self.games - self.first_wins - self.second_wins - self.draws


@dataclass(frozen=True)
class SeasonStats:
    games: int  # the finished games that count
    players: list[PlayerLine]
    partnerships: list[PartnershipLine]
    head_to_head: list[HeadToHead]


#: (Figures count, summary line key) of a side's figures, the same in each partner's line
_SIDE_KEYS = (("hands", "hands"), ("points", "points"), ("bags", "bags"), ("sets", "times_set"),
              ("ten_for_two_hundred", "ten_made"), ("ten_for_two_hundred_failed", "ten_failed"),
              ("boston", "boston_made"), ("boston_failed", "boston_failed"))
#: each player's own figures (a partnership's are the two partners' added up)
_PLAYER_KEYS = ("nils_made", "nils_failed", "blind_nils_made", "blind_nils_failed")


class _Tally:
    """Counts for one player or partnership, added game by game."""

    __slots__ = ("name", "counts", "results")

    def __init__(self):
        self.name: Any = None
        self.counts = dict.fromkeys(COUNTS, 0)
        self.results: list[GameResult] = []

    def add_game(self, summary: GameSummary, side: str, lines: list[dict], name: Any) -> None:
        """One game: the side's figures from its first line, each player's own nils from every line."""
        self.name = name  # the latest spelling (summaries come oldest first)
        first = lines[0]
        counts = self.counts
        outcome = "draw" if summary.winner is None else "won" if summary.winner == side else "lost"
        counts["games"] += 1
        counts["wins"] += outcome == "won"
        counts["draws"] += outcome == "draw"
        for count, key in _SIDE_KEYS:
            counts[count] += first[key]
        for line in lines:
            for key in _PLAYER_KEYS:
                counts[key] += line[key]
        self.results.append(GameResult(summary.id, summary.created[:10], outcome, first["points"], first["hands"],
                                       counts["wins"] / counts["games"]))

    def figures(self) -> Figures:
        return Figures(**self.counts, results=tuple(self.results))


def _order(figures: Figures, name: str) -> tuple:
    return (-figures.wins, -figures.win_rate, -figures.games, name.casefold())


def season_stats(summaries: Iterable[GameSummary], which: StatsFilter = StatsFilter()) -> SeasonStats:
    """Per player and per partnership (the same two players, whatever their seats; names compared
    regardless of case, as a game's names are), and head to head between partnerships, over the
    finished games ``which`` keeps. Every figure is a sum of the games' summaries."""
    players: dict[str, _Tally] = {}
    pairs: dict[frozenset, _Tally] = {}
    meetings: dict[tuple, list[int]] = {}
    games = sorted((s for s in summaries if which.keeps(s)), key=lambda s: (s.created, s.id))
    for summary in games:
        sides: dict[str, list[tuple[str, dict]]] = {}
        for player, line in summary.players.items():
            sides.setdefault(line["side"], []).append((player, line))
            folded = player.casefold()
            tally = players.get(folded)
            if tally is None:
                tally = players[folded] = _Tally()
            tally.add_game(summary, line["side"], [line], player)
        met = []
        for side, members in sides.items():
            if len(members) != 2:
                continue
            key = frozenset(p.casefold() for p, _ in members)
            if len(key) != 2:
                continue
            names = tuple(sorted((p for p, _ in members), key=str.casefold))
            tally = pairs.get(key)
            if tally is None:
                tally = pairs[key] = _Tally()
            tally.add_game(summary, side, [line for _, line in members], names)
            met.append((tuple(sorted(key)), side))
        _meet(meetings, sorted(met), summary.winner)
    partnership_names = {tuple(sorted(key)): tally.name for key, tally in pairs.items()}
    player_lines = sorted((PlayerLine(t.name, t.figures()) for t in players.values()),
                          key=lambda line: _order(line.figures, line.name))
    pair_lines = sorted((PartnershipLine(t.name, t.figures()) for t in pairs.values()),
                        key=lambda line: _order(line.figures, " & ".join(line.players)))
    head = [HeadToHead(partnership_names[a], partnership_names[b], *counts) for (a, b), counts in meetings.items()]
    head.sort(key=lambda h: (-h.games, " & ".join(h.first).casefold(), " & ".join(h.second).casefold()))
    return SeasonStats(len(games), player_lines, pair_lines, head)


def _meet(meetings: dict[tuple, list[int]], met: list[tuple[tuple, str]], winner: str | None) -> None:
    """Every two partnerships of one game: one game more, a win for the one that won, or a draw."""
    for i, (first, first_side) in enumerate(met):
        for second, second_side in met[i + 1:]:
            counts = meetings.setdefault((first, second), [0, 0, 0, 0])
            counts[0] += 1
            counts[1] += winner == first_side
            counts[2] += winner == second_side
            counts[3] += winner is None
