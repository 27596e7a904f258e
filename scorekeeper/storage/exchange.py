"""Games in and out as spades-game/1 records: import (refusing a repeat), export, and the raw record
of a game this version cannot open."""
from __future__ import annotations

from scorekeeper.engine import Game, check_entered_names, check_import, check_record_size, read_game, read_record_text
from scorekeeper.storage.errors import DuplicateGameError, NewerSchemaError
from scorekeeper.storage.files import DataFolder, os_errors_of, raw_game_doc
from scorekeeper.storage.games import Games
from scorekeeper.storage.history import Actor
from scorekeeper.storage.index import SummaryIndex
from scorekeeper.storage.summaries import record_digest


class Exchange:
    """Import and export for one data folder's games."""

    def __init__(self, folder: DataFolder, games: Games, index: SummaryIndex):
        self.folder = folder
        self.games = games
        self.index = index

    @os_errors_of
    def import_game(self, data: dict | str, *, copy: bool = False, by: Actor | None = None) -> str:
        """Add a spades-game/1 record (dict or JSON text); the engine's RecordError names the first problem.

        A record that is already saved (in the list or the trash) is a ``DuplicateGameError`` naming
        that game, and nothing is added, unless ``copy`` asks for a second game.  A record past the
        engine's limits (size, hands, misdeals, unknown fields) is refused before it is read in full.
        """
        if isinstance(data, str):
            check_record_size(len(data.encode("utf-8", "surrogatepass")))
            data = read_record_text(data)
        check_import(data)
        scored = read_game(data)
        check_entered_names(scored.game)  # a name with a control character or an override enters no more
        if copy or not self.folder.exists():
            return self.games.add(scored, by=by, change="imported")
        with self.folder.lock:  # re-entrant: no other process can save the same record in between
            self._refuse_repeat(scored.game)
            return self.games.add(scored, by=by, change="imported")

    @os_errors_of
    def export_game(self, game_id: str) -> dict:
        """The game as a spades-game/1 record (what ``import_game`` reads back)."""
        return self.games.get(game_id).game.to_dict()

    @os_errors_of
    def raw_record(self, game_id: str) -> dict:
        """The record as its file holds it, unread by the engine: the way out for a game this version
        cannot open (``export_game`` checks and scores it first)."""
        self.folder.no_game_yet(game_id)
        with self.folder.lock:
            try:
                return self.folder.open_game(game_id)[1]["record"]
            except NewerSchemaError as err:
                record = raw_game_doc(err.path).get("record")
                if not isinstance(record, dict):
                    raise
                return record

    def _refuse_repeat(self, game: Game) -> None:
        digest = record_digest(game)
        games, trash = self.index.summaries()
        for summary, in_trash in [(s, False) for s in games] + [(s, True) for s in trash]:
            if summary.record_digest == digest:
                raise DuplicateGameError(summary, in_trash)
