"""Each player's record across finished games, added up from the games' summaries."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

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
