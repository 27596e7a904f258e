"""Storage trouble, by meaning. Every message is meant for the user and names the game or file."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.text import hands_count, outcome

if TYPE_CHECKING:  # pragma: no cover
    from scorekeeper.storage.summaries import GameSummary


class StorageError(ScorekeeperError):
    """Something went wrong reading or writing the saved games."""


class GameChangedError(StorageError):
    """The game was changed by another window or process since this one read it."""

    def __init__(self, game_id: str, expected: int, actual: int):
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"this game was changed elsewhere: game {game_id} is now at version {actual}, "
            f"this window had version {expected}; reload it and enter the change again"
        )


class NewerSchemaError(StorageError):
    """A database written by a newer version of the app; it is left untouched."""

    def __init__(self, path: Path, found: int, supported: int):
        self.path = Path(path)
        self.found = found
        self.supported = supported
        super().__init__(
            f"{path} was saved by a newer version of scorekeeper (data schema {found}, "
            f"this version reads up to {supported}); it was left untouched: "
            f"update scorekeeper to open it"
        )


class UnreadableGameError(StorageError):
    """A game file this version cannot open (a record from a later release, or one its engine refuses);
    the file is left as it is, listed as such, and can still be exported raw or moved to the trash."""

    def __init__(self, game_id: str, reason: str):
        self.game_id = game_id
        self.reason = reason
        super().__init__(f"game {game_id}: can't open with this version: {reason}; its file was left as it "
                         f"is (export its raw record, or move it to the trash)")


class DamagedFileError(StorageError):
    """A database file that is not JSON, is truncated or does not have the expected shape."""

    def __init__(self, path: Path, reason: str):
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{path} is damaged: {reason}")


class DuplicateGameError(StorageError):
    """The record being imported is already saved, move for move; nothing was added."""

    def __init__(self, saved: GameSummary, in_trash: bool):
        self.saved = saved
        self.game_id = saved.id
        self.in_trash = in_trash
        where = "in the trash as game" if in_trash else "as game"
        state = outcome(saved.status, saved.winner)
        hands = hands_count(saved.hands_played, saved.misdeals, saved.thrown_out)
        super().__init__(f"this record is already saved {where} {saved.id} ({saved.title}, {state}, {hands})")
