"""The trash: deleted games, kept (and listed) until the trash is emptied."""
from __future__ import annotations

from scorekeeper.storage.atomic import fsync_dir
from scorekeeper.storage.errors import StorageError
from scorekeeper.storage.files import GAME_SUFFIX, DataFolder, os_errors_of
from scorekeeper.storage.games import note_in
from scorekeeper.storage.history import Actor
from scorekeeper.storage.index import SummaryIndex
from scorekeeper.storage.summaries import GameSummary


class Trash:
    """The trash of one data folder: a game file moved out of the games list, with its last save."""

    def __init__(self, folder: DataFolder, index: SummaryIndex):
        self.folder = folder
        self.index = index

    @os_errors_of
    def delete(self, game_id: str, *, by: Actor | None = None) -> None:
        """Move a game to the trash (``restore`` brings it back until ``empty``); its history says so."""
        self.folder.no_game_yet(game_id)
        with self.folder.lock:
            self.folder.game_path(game_id, must_exist=True)
            self.folder.move(game_id, self.folder.games_dir, self.folder.trash_dir)
            self._note(self.folder.trash_dir, game_id, "deleted", by)

    @os_errors_of
    def restore(self, game_id: str, *, by: Actor | None = None) -> None:
        if not self.folder.exists():
            raise StorageError(f"game {game_id} is not in the trash")
        with self.folder.lock:
            source = self.folder.path_in(self.folder.trash_dir, game_id)
            if not source.exists():
                raise StorageError(f"game {game_id} is not in the trash")
            if self.folder.path_in(self.folder.games_dir, game_id).exists():
                raise StorageError(f"game {game_id} is already in the games list")
            self.folder.move(game_id, self.folder.trash_dir, self.folder.games_dir)
            self._note(self.folder.games_dir, game_id, "restored", by)

    def _note(self, where, game_id: str, change: str, by: Actor | None) -> None:
        """The history entry of a move, once the move is made: a game this version cannot open
        (a later release's) is moved all the same, without one."""
        try:
            note_in(self.folder, where, game_id, change, by)
        except StorageError:
            pass

    @os_errors_of
    def list_games(self) -> list[GameSummary]:
        """The games in the trash, most recently changed first."""
        summaries = self.index.summaries()[1]
        return sorted(summaries, key=lambda s: (s.updated, s.id), reverse=True)

    @os_errors_of
    def empty(self) -> int:
        """Delete the games in the trash for good; return how many."""
        if not self.folder.exists():
            return 0
        with self.folder.lock:
            count = 0
            for path in self.folder.trash_dir.iterdir():
                if path.name.endswith(GAME_SUFFIX):
                    count += 1
                path.unlink()
            fsync_dir(self.folder.trash_dir)
            return count
