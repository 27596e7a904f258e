"""The games a session may list and change as a whole: start, rematch, import, export,
delete, restore (the host's device only, except reading a game it may see).  Each change
publishes one `GamesChanged`, so every other tab's games list follows.  No flet here.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ...engine import (RecordError, RecordTextError, RuleSet, ScorekeeperError, TextProblem, check_record_size,
                      read_record_text, several_games)
from ...engine.text import plural
from ...storage import DuplicateGameError, GameSummary, SeasonStats, StatsFilter, UnreadableGameError
from .events import GamesChanged
from .guards import Result, host_only, need_host
from .options import readable

if TYPE_CHECKING:
    from .session import Session


class Library:
    """`session.games`: the list of games of one tab's session."""

    def __init__(self, session: "Session"):
        self.session = session

    # -- reading -----------------------------------------------------------------
    def list_games(self) -> list[GameSummary]:
        need_host(self.session)
        return self.session.shared.list_games()

    def season_stats(self, which: StatsFilter) -> SeasonStats:
        need_host(self.session)
        return self.session.shared.season_stats(which)

    def read_only(self) -> str | None:
        """Why nothing can be saved now, in one sentence that says what to do (the games list shows
        it), or None: every game is still listed, opened and exported."""
        need_host(self.session)
        why = self.session.shared.read_only()
        return readable(why) if why else None

    def list_trash(self) -> list[GameSummary]:
        need_host(self.session)
        return self.session.shared.list_trash()

    def export_record(self, game_id: str) -> tuple[Result, str]:
        if not self.session.may_see(game_id):
            return Result(False, "Join a table with its code to see it"), ""
        shared, note = self.session.shared, ""
        try:
            try:
                record = shared.export_game(game_id)
            except UnreadableGameError as exc:  # the way out: the record as saved, unchecked
                record = shared.raw_record(game_id)
                note = f"This version can't open the game ({exc.reason}): this is its record as saved"
        except ScorekeeperError as exc:
            return Result(False, str(exc)), ""
        return Result(True, note), json.dumps(record, indent=2, ensure_ascii=False)

    @host_only(pair=True)
    def export_all(self) -> tuple[Result, str | None]:
        """Every game of the list as one file: a JSON list of their records (`import_record`
        reads it back, here or on another phone or computer)."""
        try:
            records = self.session.shared.export_games()
        except ScorekeeperError as exc:
            return Result(False, str(exc)), ""
        if not records:
            return Result(False, "No games to export yet"), ""
        return Result(True, plural(len(records), "game")), json.dumps(records, indent=1, ensure_ascii=False)

    # -- changing the list ---------------------------------------------------------
    @host_only
    def delete(self, game_id: str) -> Result:
        s = self.session
        res = s._attempt(lambda: s.shared.delete_game(game_id, by=s.seat.actor), "Game deleted",
                         event=GamesChanged(game_id, removed=True))
        if res:
            s.tables.stop(game_id)
            if s.game_id == game_id:
                s.close()
        return res

    @host_only
    def restore(self, game_id: str) -> Result:
        s = self.session
        return s._attempt(lambda: s.shared.restore_game(game_id, by=s.seat.actor), "Game restored",
                          event=GamesChanged(game_id))

    @host_only(pair=True)
    def create_game(self, rules: RuleSet | dict | str, players: list[str], team_names: list[str] | None = None,
                    first_dealer: str | None = None, teams=None) -> tuple[Result, str | None]:
        """Start a game; `rules` is a RuleSet or a record's rules spec."""
        spec = rules.spec() if isinstance(rules, RuleSet) else rules
        try:
            game_id = self.session.shared.create_game(spec, players, teams=teams,
                                                      team_names=team_names or None, first_dealer=first_dealer,
                                                      by=self.session.seat.actor)
        except ScorekeeperError as exc:
            return Result(False, readable(str(exc))), None
        except OSError as exc:
            return Result(False, f"Could not save the new game: {exc}"), None
        self.session.publish(GamesChanged(game_id))
        return Result(True, self.session.kept("Game started")), game_id

    @host_only(pair=True)
    def rematch(self, game_id: str) -> tuple[Result, str | None]:
        """A new game with the same players, seats, teams and rules; the first deal passes to
        the next player (the dealer of the old game's second hand)."""
        try:
            stored = self.session.shared.get(game_id)
        except ScorekeeperError as exc:
            return Result(False, readable(str(exc))), None
        record = stored.record
        res, new_id = self.create_game(record["rules"], list(record["players"]),
                                       team_names=record.get("team_names"), teams=record.get("teams"),
                                       first_dealer=stored.game.dealer_of(2))
        if res:
            res = Result(True, f"Rematch: {stored.game.dealer_of(2)} deals first")
        return res, new_id

    @host_only(pair=True)
    def import_record(self, text: str | bytes, file_name: str | None = None) -> tuple[Result, str | None]:
        """Add a game from a record: text pasted in the box, or a file's bytes (`file_name`)."""
        where = f"The file {file_name}" if file_name else "The pasted text"
        try:  # a record longer than any game's (a file of several: than any season's) is refused before it is read
            check_record_size(len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass")),
                              several=several_games(text))
        except RecordError as err:
            return Result(False, f"Not imported. {readable(str(err))}"), None
        try:
            data = read_record_text(text)
        except RecordTextError as err:  # the parser's own words help nobody here
            if err.problem is TextProblem.NOT_TEXT:
                return Result(False, f"{where} is not a game record: it is not text"), None
            if err.problem is TextProblem.EMPTY:
                return Result(False, f"{where} is empty: paste the record of an exported game"), None
            return Result(False, f"{where} is not a game record: a record is the JSON text "
                                 "of an exported game, from its first { to its last }"), None
        if isinstance(data, list) and data and all(isinstance(record, dict) for record in data):  # Export all's
            return self._import_games(data, where)
        try:
            game_id = self.session.shared.import_game(data, by=self.session.seat.actor)
        except (ScorekeeperError, OSError, ValueError, RecursionError) as exc:
            return Result(False, f"Not imported. {readable(str(exc))}"), None
        self.session.publish(GamesChanged(game_id))
        return Result(True, self.session.kept("Game imported")), game_id

    def _import_games(self, records: list, where: str) -> tuple[Result, str | None]:
        """Each game of a file of several: added, or named as saved already, or named with why it
        was refused; the id of the one game added when there is one, else None (the list)."""
        try:
            done = self.session.shared.import_games(records, by=self.session.seat.actor)
        except ScorekeeperError as exc:
            return Result(False, f"Not imported. {readable(str(exc))}"), None
        added = [d.game_id for d in done if d.game_id]
        repeats = [d for d in done if isinstance(d.problem, DuplicateGameError)]
        refused = [d for d in done if d.problem is not None and d not in repeats]
        for game_id in added:
            self.session.publish(GamesChanged(game_id))
        words = [f"{plural(len(added), 'game')} imported" if added else "Nothing imported"]
        if repeats:
            words.append(f"{plural(len(repeats), 'game')} already saved: "
                         + ", ".join(f"{d.problem.saved.title} (game {d.problem.game_id})" for d in repeats))
        if refused:
            words.append("not imported: " + "; ".join(f"game {d.place} of the file: {readable(str(d.problem))}"
                                                      for d in refused))
        message = "; ".join(words)
        if not added:
            return Result(False, message), None
        return Result(True, self.session.kept(message)), added[0] if len(added) == 1 else None
