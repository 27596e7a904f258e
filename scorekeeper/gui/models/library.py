"""The games a session may list and change as a whole: start, rematch, import, export,
delete, restore (the host's device only, except reading a game it may see).  Each change
publishes one `GamesChanged`, so every other tab's games list follows.  No flet here.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ...engine import (RecordError, RecordTextError, RuleSet, ScorekeeperError, TextProblem, check_record_size,
                      read_record_text)
from ...storage import GameSummary, SeasonStats, StatsFilter, UnreadableGameError
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
        return Result(True, "Game started"), game_id

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
        try:  # a record longer than any game's is refused before it is read
            check_record_size(len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass")))
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
        try:
            game_id = self.session.shared.import_game(data, by=self.session.seat.actor)
        except (ScorekeeperError, OSError, ValueError, RecursionError) as exc:
            return Result(False, f"Not imported. {readable(str(exc))}"), None
        self.session.publish(GamesChanged(game_id))
        return Result(True, "Game imported"), game_id
