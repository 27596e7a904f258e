"""Storage trouble, by meaning. Every message is meant for the user and names the game or file."""
from __future__ import annotations

import errno
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.text import hands_count, outcome

if TYPE_CHECKING:  # pragma: no cover
    from scorekeeper.storage.summaries import GameSummary


class StorageError(ScorekeeperError):
    """Something went wrong reading or writing the saved games."""


#: what a write gets from a disk that is full; and from a folder that may not be written (a read-only
#: disk; a folder of another user's: EACCES, EPERM for a file that is being made)
FULL_DISK = frozenset({errno.ENOSPC, errno.EDQUOT})
READ_ONLY = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})


def saving_off_words(data_dir: Path, code: int | None) -> str:
    """The one sentence that says why nothing can be saved in ``data_dir`` and what to do."""
    if code in FULL_DISK:
        return (f"nothing can be saved: the disk holding {data_dir} is full; free some space on it, then save "
                "again (the games saved are kept, and can still be opened and exported)")
    return (f"nothing can be saved: the data folder {data_dir} is read-only; make it writable, or start "
            "scorekeeper with --data and a folder you can write to (the games here can still be opened "
            "and exported)")


class SavingOffError(StorageError):
    """A write the data folder refused: its disk is full, or it is read-only.  Nothing was written;
    the games saved are as they were and can still be read."""

    def __init__(self, data_dir: Path, code: int | None):
        self.data_dir = Path(data_dir)
        self.full = code in FULL_DISK
        super().__init__(saving_off_words(self.data_dir, code))


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
