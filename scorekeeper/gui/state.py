"""The session's state over the repository and the engine.  No flet, no arithmetic.

`SharedRepository` is one per server process (every browser tab shares it);
`Session` is one per tab: which game is open, its stored record, its
scoresheet and what the next hand looks like.  Every change goes through the
repository, which asks the engine whether it is valid; a refusal comes back as
a `Result` with the engine's message, never as an exception in a view.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..engine.errors import ScorekeeperError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Result:
    """What a change did: `ok`, and the message to show (the reason when refused)."""

    ok: bool
    message: str = ""

    def __bool__(self) -> bool:
        return self.ok


class SharedRepository:
    """The process-wide repository, used under one lock (sessions run concurrently)."""

    def __init__(self, data_dir: Path):
        self.data_dir = Path(data_dir)
        self.lock = threading.RLock()
        self.repo = None
        self.problem: str | None = None
        try:
            from ..storage import Repository  # the storage package imports tinydb

            self.repo = Repository(self.data_dir)
        except Exception as exc:  # unreadable data folder, ...: say so, keep running
            log.error("cannot open the saved games in %s: %s", self.data_dir, exc)
            self.problem = f"Cannot open the saved games in {self.data_dir}: {exc}"

    def call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if self.repo is None:
            raise StorageUnavailable(self.problem or "no storage")
        with self.lock:
            return getattr(self.repo, name)(*args, **kwargs)

    def notices(self) -> list[str]:
        with self.lock:
            notices = list(getattr(self.repo, "notices", []) or [])
        return ([self.problem] if self.problem else []) + notices


class StorageUnavailable(ScorekeeperError):
    """The data folder could not be opened when the server started."""


def _errors():
    return ScorekeeperError


class Session:
    """One tab's view of the data: the open game and what to show of it."""

    def __init__(self, shared: SharedRepository):
        self.shared = shared
        self.game_id: str | None = None
        self.stored = None   # storage.StoredGame of the open game
        self.sheet = None    # engine.Scoresheet of the open game
        self.next = None     # engine.NextHand: who deals, leads, bids first ...
        self._notices_shown = False

    # -- helpers -----------------------------------------------------------
    def notices(self) -> list[str]:
        if self._notices_shown:
            return []
        self._notices_shown = True
        return self.shared.notices()

    def close(self) -> None:
        self.game_id = None

    def _attempt(self, action: Callable[[], Any], done: str = "") -> Result:
        """Run a change; a refusal or a storage error becomes a Result, and the
        open game is reloaded from what was last saved."""
        base = _errors()
        try:
            stored = action()
        except base as exc:
            log.info("refused: %s", exc)
            self.reload()
            return Result(False, str(exc))
        except OSError as exc:
            log.error("storage trouble: %s", exc)
            self.reload()
            return Result(False, f"Could not save: {exc}. The game is as it was last saved.")
        if stored is not None and getattr(stored, "id", None) == self.game_id:
            self._set(stored)
        return Result(True, done)

    def _set(self, stored) -> None:
        from ..engine import next_hand

        self.stored = stored
        self.sheet = stored.sheet  # scored once, by the repository, when it was read or changed
        self.next = next_hand(stored.game, stored.sheet)

    # -- the list of games ---------------------------------------------------
    def list_games(self) -> list:
        return self.shared.call("list_games")

    def list_trash(self) -> list:
        return self.shared.call("list_trash")

    def delete(self, game_id: str) -> Result:
        res = self._attempt(lambda: self.shared.call("delete_game", game_id), "Game deleted")
        if res and self.game_id == game_id:
            self.close()
        return res

    def restore(self, game_id: str) -> Result:
        return self._attempt(lambda: self.shared.call("restore_game", game_id), "Game restored")

    # -- the open game ----------------------------------------------------------
    def open(self, game_id: str) -> Result:
        if self.game_id == game_id and self.stored is not None:
            return Result(True)
        self.game_id = game_id
        try:
            self._set(self.shared.call("get", game_id))
        except _errors() as exc:
            self.game_id = None
            self.stored = self.sheet = self.next = None
            return Result(False, str(exc))
        return Result(True)

    def reload(self) -> None:
        """Read the open game again from storage (after another phone saved)."""
        if self.game_id is None:
            return
        try:
            self._set(self.shared.call("get", self.game_id))
        except _errors() as exc:
            log.warning("cannot reload %s: %s", self.game_id, exc)

    @property
    def game(self):
        return self.stored.game if self.stored is not None else None

    @property
    def version(self) -> int | None:
        return self.stored.version if self.stored is not None else None

    # -- starting a game ---------------------------------------------------------
    def create_game(self, rules, players: list[str], team_names: list[str] | None = None,
                    first_dealer: str | None = None, teams=None) -> tuple[Result, str | None]:
        """Start a game; `rules` is a RuleSet or a record's rules spec."""
        spec = rules.spec() if hasattr(rules, "spec") else rules
        try:
            game_id = self.shared.call("create_game", spec, players, teams=teams,
                                       team_names=team_names or None, first_dealer=first_dealer)
        except ScorekeeperError as exc:
            return Result(False, str(exc)), None
        except OSError as exc:
            return Result(False, f"Could not save the new game: {exc}"), None
        return Result(True, "Game started"), game_id

    def rematch(self, game_id: str) -> tuple[Result, str | None]:
        """A new game with the same players, seats, teams and rules."""
        try:
            record = self.shared.call("get", game_id).record
        except ScorekeeperError as exc:
            return Result(False, str(exc)), None
        return self.create_game(record["rules"], list(record["players"]),
                                team_names=record.get("team_names"), teams=record.get("teams"),
                                first_dealer=record.get("first_dealer"))

    def import_record(self, text: str) -> tuple[Result, str | None]:
        try:
            game_id = self.shared.call("import_game", text)
        except ScorekeeperError as exc:
            return Result(False, f"Not imported: {exc}"), None
        except (OSError, ValueError) as exc:
            return Result(False, f"Not imported: {exc}"), None
        return Result(True, "Game imported"), game_id

    def export_record(self, game_id: str) -> tuple[Result, str]:
        import json
        try:
            record = self.shared.call("export_game", game_id)
        except ScorekeeperError as exc:
            return Result(False, str(exc)), ""
        return Result(True), json.dumps(record, indent=2, ensure_ascii=False)

    # -- changing the open game ----------------------------------------------------
    def record_hand(self, hand: dict) -> Result:
        gid, version = self.game_id, self.version
        return self._attempt(lambda: self.shared.call("record_hand", gid, hand,
                                                      expected_version=version), "Hand saved")

    def replace_hand(self, number: int, hand: dict) -> Result:
        gid, version = self.game_id, self.version
        return self._attempt(lambda: self.shared.call("replace_hand", gid, number, hand,
                                                      expected_version=version),
                             f"Hand {number} changed; the hands after it are scored again")

    def misdeal(self) -> Result:
        gid, version = self.game_id, self.version
        return self._attempt(lambda: self.shared.call("record_misdeal", gid,
                                                      expected_version=version),
                             "Misdeal: the deal passes on")

    def undo(self) -> Result:
        gid = self.game_id
        return self._attempt(lambda: self.shared.call("undo", gid), "Undone")

    def redo(self) -> Result:
        gid = self.game_id
        return self._attempt(lambda: self.shared.call("redo", gid), "Redone")

    @property
    def can_undo(self) -> bool:
        return bool(self.stored is not None and self.stored.can_undo)

    @property
    def can_redo(self) -> bool:
        return bool(self.stored is not None and self.stored.can_redo)

    # -- for the entry and edit screens ---------------------------------------------
    def draft(self):
        """A fresh draft for the next hand of the open game."""
        from .draft import HandDraft
        return HandDraft(self.game, self.next)

    def draft_for(self, number: int):
        """A draft holding recorded hand `number` (1-based), to edit it."""
        from ..engine import next_hand
        from .draft import HandDraft
        game = self.game
        before = game
        while len(before.hands) >= number:
            before = before.without_last_hand()
        hand = game.hands[number - 1].to_dict()
        return HandDraft.from_hand(game, next_hand(before), hand), hand

    def lock(self, draft):
        """The engine's lock status for the draft's first-round side bids (IHOP)."""
        from ..engine import lock_status
        bids = {s.name: draft.side_bids().get(s.name, 0) for s in self.game.sides}
        return lock_status(self.game, bids, draft.next.number)
