"""The games repository: one data folder's saved games, made of parts that each do one job.

As TinyDB keeps its ``Storage``, ``Middleware`` and ``Table`` apart, the repository is a small
composition of:

- ``files.DataFolder`` (``repo.folder``): the folder's layout, its lock, opening a game file
  and recovering a damaged one; ``repo.notices`` says what was repaired;
- ``games.Games`` (``repo.games``): each game file, its undo / redo lists and its history of
  who changed what (``history.Actor`` names who: every change takes ``by=``);
- ``index.SummaryIndex`` (``repo.index``): the cache of the games' summaries, the games list;
- ``trash.Trash`` (``repo.trash``): deleted games, restored or emptied;
- ``exchange.Exchange`` (``repo.exchange``): spades-game/1 records in and out;
- ``stats``: each player's and partnership's record, from the summaries.

The everyday calls of the table (start a game, read it, record, replace, undo, redo, list the
games, the stats) are the repository's own, as TinyDB's database is its default table.
"""
from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeVar

from scorekeeper.storage.exchange import Exchange
from scorekeeper.storage.files import DataFolder, os_errors_of
from scorekeeper.storage.games import Games
from scorekeeper.storage.index import SummaryIndex
from scorekeeper.storage.stats import PlayerStats, SeasonStats, StatsFilter, player_stats, season_stats
from scorekeeper.storage.summaries import GameSummary
from scorekeeper.storage.trash import Trash

P = ParamSpec("P")
T = TypeVar("T")


def _to_games(method: Callable[Concatenate[Games, P], T]) -> Callable[Concatenate["Repository", P], T]:
    """``Games.method`` as the repository's own (same name, same signature)."""
    @functools.wraps(method)
    def call(self: "Repository", *args: P.args, **kwargs: P.kwargs) -> T:
        return method(self.games, *args, **kwargs)
    return call


class Repository:
    """Saved games in one data folder. Safe against crashes and against other processes."""

    def __init__(self, data_dir: str | os.PathLike | None = None, *, lock_timeout: float = 15.0,
                 create: bool = True):
        """Open the data folder, making it now (``create``, so a folder that cannot be used is
        reported at once) or only when the first game is saved: then listing or exporting from a
        folder that holds no games creates nothing, not even the folder or its lock file."""
        self.folder = DataFolder(data_dir, lock_timeout)
        self.data_dir = self.folder.data_dir
        self.games_dir = self.folder.games_dir
        self.index_path = self.folder.index_path
        self.notices = self.folder.notices
        self.games = Games(self.folder)
        self.index = SummaryIndex(self.folder)
        self.trash = Trash(self.folder, self.index)
        self.exchange = Exchange(self.folder, self.games, self.index)
        if create or self.folder.exists():
            self.folder.make()

    create_game = _to_games(Games.create_game)
    get = _to_games(Games.get)
    record_hand = _to_games(Games.record_hand)
    record_misdeal = _to_games(Games.record_misdeal)
    replace_hand = _to_games(Games.replace_hand)
    change_rules = _to_games(Games.change_rules)
    undo = _to_games(Games.undo)
    redo = _to_games(Games.redo)
    history = _to_games(Games.history)
    add_note = _to_games(Games.add_note)

    def read_only(self) -> str | None:
        """Why nothing can be saved in the data folder now (its disk is full, or it is read-only), in
        one sentence that says what to do; None when saving works.  Reading works either way; this
        writes nothing."""
        return self.folder.saving_off()

    def list_games(self) -> list[GameSummary]:
        """All games: in progress first, then finished; each group most recently changed first."""
        return self.index.list_games()

    @os_errors_of
    def player_stats(self) -> list[PlayerStats]:
        """Per player across finished games: games, wins, win rate, nils made/failed, times set."""
        return player_stats(self.index.summaries()[0])

    @os_errors_of
    def season_stats(self, which: StatsFilter = StatsFilter()) -> SeasonStats:
        """Per player, per partnership and head to head over the finished games ``which`` keeps,
        from the index (no game file is opened unless it changed)."""
        return season_stats(self.index.summaries()[0], which)
