"""Games in and out as spades-game/1 records: import (refusing a repeat), export, and the raw record
of a game this version cannot open; and every game at once, as one file that is a JSON list of
those records (`export_games` / `import_games`: to move the games to another phone or computer)."""
from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine import (Game, ScorekeeperError, check_entered_names, check_import, check_record_size, read_game,
                                read_record_text)
from scorekeeper.storage.errors import DuplicateGameError, NewerSchemaError, UnreadableGameError
from scorekeeper.storage.files import DataFolder, os_errors_of, raw_game_doc
from scorekeeper.storage.games import Games
from scorekeeper.storage.history import Actor
from scorekeeper.storage.index import SummaryIndex
from scorekeeper.storage.summaries import record_digest


@dataclass(frozen=True)
class Imported:
    """One record of a file of several games: added as `game_id`, or not, and why (`problem`: a
    DuplicateGameError names the game that holds it already)."""

    place: int  # its place in the file, from 1
    game_id: str | None = None
    problem: ScorekeeperError | None = None


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

    def export_games(self) -> list[dict]:
        """Every game of the list (not the trash) as its record, in the list's order: checked and
        scored (`export_game`), or as saved for a game this version cannot open (`raw_record`)."""
        records = []
        for summary in self.index.list_games():
            try:
                records.append(self.export_game(summary.id))
            except UnreadableGameError:
                records.append(self.raw_record(summary.id))
        return records

    def import_games(self, records: list, *, copy: bool = False, by: Actor | None = None) -> list[Imported]:
        """Each record of a file of several games (`export_games`' list), imported as
        `import_game` imports one: one already saved is named and not added again (unless
        `copy`); one the engine refuses is named with the reason; the others are added.  A list of
        more games than a file may hold (the engine's `check_import`) is a RecordError, nothing added."""
        check_import(records)
        done = []
        for place, record in enumerate(records, start=1):
            try:
                done.append(Imported(place, game_id=self.import_game(record, copy=copy, by=by)))
            except ScorekeeperError as problem:
                done.append(Imported(place, problem=problem))
        return done

    def _refuse_repeat(self, game: Game) -> None:
        digest = record_digest(game)
        games, trash = self.index.summaries()
        for summary, in_trash in [(s, False) for s in games] + [(s, True) for s in trash]:
            if summary.record_digest == digest:
                raise DuplicateGameError(summary, in_trash)
