"""The data folder: its layout, its lock, and its game files opened, checked and recovered.

Layout of the data folder (why: see the README)::

    DATA/.lock              inter-process lock, held around every read-modify-write
    DATA/index.json         TinyDB: a cache of each game's summary (title, rules, scores, ...)
    DATA/games/ID.json      TinyDB: one game (its spades-game/1 record, version, undo/redo)
    DATA/games/ID.json.bak  the previous save of that game (last good copy)
    DATA/trash/ID.json      deleted games, until the trash is emptied

This is the storage under the other parts (TinyDB's ``Storage``): where each file is, how one
is opened for one locked operation, and what happens to a damaged one. What a game file holds
and how it changes is ``games``; the list of games is ``index``.
"""
from __future__ import annotations

import errno
import functools
import json
import os
import shutil
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware

from scorekeeper.storage.atomic import (
    BACKUP_SUFFIX, TEMP_SUFFIX, AtomicJSONStorage, atomic_write_bytes, fsync_dir, move_aside,
    parse_database,
)
from scorekeeper.storage.errors import FULL_DISK, READ_ONLY, DamagedFileError, SavingOffError, StorageError
from scorekeeper.storage.locking import LOCK_NAME, DataLock
from scorekeeper.storage.migrations import META_TABLE, meta_of, migrate
from scorekeeper.storage.paths import default_data_dir

GAMES_DIR = "games"
TRASH_DIR = "trash"
INDEX_FILE = "index.json"
GAME_TABLE = "game"
GAME_SUFFIX = ".json"
ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
#: the room a save needs at least (a game file is a few kB, written beside the old one)
MIN_FREE = 64 * 1024
_DOC_FIELDS = {"id": str, "record": dict, "created": str, "updated": str, "version": int,
               "undo": list, "redo": list}


@contextmanager
def os_errors(data_dir: Path) -> Iterator[None]:
    """Turn an operating-system failure into a StorageError naming the file; a write that a full disk
    or a read-only folder refused into a SavingOffError (one sentence: why, and what to do)."""
    try:
        yield
    except OSError as err:
        if refused_write(err):
            raise SavingOffError(data_dir, err.errno) from err
        where = err.filename or data_dir
        raise StorageError(f"cannot use {where}: {err.strerror or err}") from err


def refused_write(err: OSError) -> bool:
    """Whether ``err`` is a write that a full disk or a read-only folder refused: no space, a read-only
    disk, or no permission to make a file (every save makes a temporary file first; the lock file is
    opened for writing) or to rename in a folder.  A file that cannot be read is another trouble."""
    if err.errno in FULL_DISK or err.errno == errno.EROFS:
        return True
    name = str(err.filename or "")
    return err.errno in READ_ONLY and (name.endswith((TEMP_SUFFIX, LOCK_NAME)) or os.path.isdir(name))


def os_errors_of(method):
    """``os_errors`` around a method of a part that works in ``self.folder``."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with os_errors(self.folder.data_dir):
            return method(self, *args, **kwargs)
    return wrapper


class Db:
    """A TinyDB over one file for the length of one locked operation: read once, write once.

    ``CachingMiddleware`` keeps the database in memory; ``commit`` writes it
    back (atomically) only if something changed. An operation that fails
    simply never commits, so a half-done change is never written.
    """

    def __init__(self, path: Path, kind: str, *, backup: bool):
        self.path = path
        self.kind = kind
        self.db = TinyDB(path, storage=CachingMiddleware(AtomicJSONStorage), backup=backup,
                         create_dirs=False, cleanup=False)
        raw = self.db.storage.read()  # DamagedFileError for a bad file
        if raw is None:
            self.db.storage.write({META_TABLE: {"1": meta_of(kind)}})
        else:
            raw, changed = migrate(raw, kind, path)  # NewerSchemaError: nothing written
            if changed:
                self.db.storage.write(raw)

    def table(self, name: str):
        return self.db.table(name)

    def commit(self) -> None:
        self.db.close()


class DataFolder:
    """One data folder: its paths, its lock, and the notices of what was repaired in it."""

    def __init__(self, data_dir: str | os.PathLike | None, lock_timeout: float):
        self.data_dir = default_data_dir(data_dir)
        self.games_dir = self.data_dir / GAMES_DIR
        self.trash_dir = self.data_dir / TRASH_DIR
        self.index_path = self.data_dir / INDEX_FILE
        self.notices: list[str] = []
        self.lock = DataLock(self.data_dir, lock_timeout)

    def exists(self) -> bool:
        return self.games_dir.is_dir()

    def make(self) -> None:
        """Make the folders that are missing, clear what a crash left, check the games list."""
        try:
            for folder in (self.data_dir, self.games_dir, self.trash_dir):
                if not folder.is_dir():
                    folder.mkdir(parents=True, exist_ok=True)
                    fsync_dir(folder.parent)
        except OSError as err:
            if err.errno in FULL_DISK | READ_ONLY:  # a folder that cannot be made here
                raise SavingOffError(self.data_dir, err.errno) from None
            raise StorageError(f"cannot use the data folder {self.data_dir}: {err.strerror}") from None
        self._open()

    def _open(self) -> None:
        with os_errors(self.data_dir), self.lock:
            for folder in (self.data_dir, self.games_dir, self.trash_dir):
                for leftover in folder.glob(f".*{TEMP_SUFFIX}"):
                    try:
                        leftover.unlink()
                    except OSError:  # gone already, or a read-only folder's: harmless, never read
                        pass
            self.open_index()  # refuses a newer index, moves a damaged one aside

    def saving_off(self) -> str | None:
        """Why nothing can be saved here now (its disk is full, or it is read-only), or None when
        saving should work (or nothing is saved here yet: the first save makes the folder).  Asked of
        the operating system, writing nothing (a listing writes no file, not even to find out); a
        save it misses (a quota) fails and says so itself."""
        if not self.exists():
            return None
        try:
            if not os.access(self.games_dir, os.W_OK):  # a read-only disk (root too), or another user's folder
                return SavingOffError(self.data_dir, errno.EROFS).args[0]
            if shutil.disk_usage(self.games_dir).free < MIN_FREE:
                return SavingOffError(self.data_dir, errno.ENOSPC).args[0]
        except OSError:
            return None
        return None

    def no_game_yet(self, game_id: str) -> None:
        """Before the lock (which lives in the folder): a folder with no games has no game ``game_id``."""
        if not self.exists():
            self.path_in(self.games_dir, game_id)  # an id that is no id is named as such
            raise StorageError(f"there is no game {game_id} in {self.data_dir}")

    def path_in(self, folder: Path, game_id: str) -> Path:
        if not isinstance(game_id, str) or not ID_RE.match(game_id):
            raise StorageError(f"{game_id!r} is not a game id")
        return folder / f"{game_id}{GAME_SUFFIX}"

    def game_path(self, game_id: str, must_exist: bool = True) -> Path:
        path = self.path_in(self.games_dir, game_id)
        if must_exist and not path.exists():
            if self.path_in(self.trash_dir, game_id).exists():
                raise StorageError(f"game {game_id} is in the trash; restore it first")
            raise StorageError(f"there is no game {game_id} in {self.data_dir}")
        return path

    def new_id(self) -> str:
        while True:
            game_id = secrets.token_hex(4)
            if not any(self.path_in(d, game_id).exists() for d in (self.games_dir, self.trash_dir)):
                return game_id

    def move(self, game_id: str, source: Path, target: Path) -> None:
        # the backup first: a crash in between leaves the game itself in one place only
        for suffix in (GAME_SUFFIX + BACKUP_SUFFIX, GAME_SUFFIX):
            path = source / f"{game_id}{suffix}"
            if path.exists():
                os.replace(path, target / path.name)
        fsync_dir(target)
        fsync_dir(source)

    def open_index(self) -> Db:
        try:
            return Db(self.index_path, "index", backup=False)
        except DamagedFileError as err:
            moved = move_aside(self.index_path)
            self.notices.append(f"the games list {self.index_path} was damaged ({err.reason}); it was moved "
                                f"to {moved} and rebuilt from the game files")
            return Db(self.index_path, "index", backup=False)

    def open_game(self, game_id: str, folder: Path | None = None) -> tuple[Db, dict]:
        """Open a game file (under the lock); a damaged one is moved aside and its last good save restored."""
        path = self.game_path(game_id) if folder is None else self.path_in(folder, game_id)
        try:
            return self._read_game_file(path, game_id)
        except DamagedFileError as err:
            moved, restored = self._recover_game(path, game_id, err)
            if not restored:
                raise StorageError(f"game {game_id} could not be read ({err.reason}); "
                                   f"its file was moved to {moved}") from None
            return self._read_game_file(path, game_id)

    def _read_game_file(self, path: Path, game_id: str) -> tuple[Db, dict]:
        if not path.exists():
            raise StorageError(f"there is no game {game_id} in {self.data_dir}")
        db = Db(path, "game", backup=True)
        doc = db.table(GAME_TABLE).get(doc_id=1)
        _check_doc(doc, path)
        return db, dict(doc)

    def _recover_game(self, path: Path, game_id: str, err: DamagedFileError) -> tuple[Path, bool]:
        moved = move_aside(path)
        backup = path.with_name(path.name + BACKUP_SUFFIX)
        try:
            raw = backup.read_bytes()
            data, _ = migrate(parse_database(raw, backup), "game", backup)
            _check_doc(data.get(GAME_TABLE, {}).get("1"), backup)
        except (OSError, StorageError):
            self.notices.append(f"game {game_id}: its file was damaged ({err.reason}) and was moved to "
                                f"{moved}; no earlier save could be read, so the game is no longer listed")
            return moved, False
        atomic_write_bytes(path, raw)
        self.notices.append(f"game {game_id}: its file was damaged ({err.reason}) and was moved to {moved}; "
                            f"the previous save was restored, so its last change may be missing")
        return moved, True


def raw_game_doc(path: Path) -> dict:
    """The game document of a file this version does not read, as far as it is plain JSON (names, dates)."""
    try:
        doc = json.loads(path.read_bytes()).get(GAME_TABLE, {}).get("1")
    except (OSError, ValueError, AttributeError):
        return {}
    return doc if isinstance(doc, dict) else {}


def _check_doc(doc: Any, path: Path) -> None:
    if not isinstance(doc, dict):
        raise DamagedFileError(path, "it holds no game")
    for name, kind in _DOC_FIELDS.items():
        value = doc.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise DamagedFileError(path, f"its game has no valid {name!r} field")
