"""Crash-safe JSON storage for TinyDB.

TinyDB's own ``JSONStorage`` truncates the live file and writes the new
content into it, so a kill in the middle leaves half a file that will not
load. ``AtomicJSONStorage`` never touches the live file's bytes: it writes
the whole database to a temporary file in the same folder, fsyncs it,
swaps it in with ``os.replace`` (atomic on POSIX and Windows) and fsyncs the
folder so the rename itself is on disk. At every instant the file on disk is
either the old database or the new one.

Leftover temporary files (from a process killed between writing and
renaming) are removed when the storage is opened. Callers that let several
processes write the same folder must serialise writers (the repository holds
an inter-process lock), otherwise one process could remove another's
temporary file while it is being written.
"""
from __future__ import annotations

import json
import os
import secrets
import shutil
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from scorekeeper.storage.errors import DamagedFileError

TEMP_SUFFIX = ".tmp"
BACKUP_SUFFIX = ".bak"
DAMAGED_MARK = ".damaged-"


def temp_pattern(path: Path) -> str:
    """Glob pattern of the temporary files that belong to ``path``."""
    return f".{path.name}.*{TEMP_SUFFIX}"


def remove_temp_files(path: Path) -> list[Path]:
    """Delete temporary files left behind by an interrupted write of ``path``."""
    removed = []
    for leftover in Path(path).parent.glob(temp_pattern(Path(path))):
        try:
            leftover.unlink()
            removed.append(leftover)
        except FileNotFoundError:
            pass
    return removed


def fsync_dir(folder: Path) -> None:
    """Make a rename inside ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # Windows: folders cannot be opened; NTFS journals renames itself
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: Path, data: bytes, *, backup: bool = False, durable: bool = True) -> None:
    """Replace ``path`` by ``data`` so that a crash leaves either the old or the new file.

    With ``backup`` the previous content stays available as ``path.bak`` (a
    hard link, so it costs no copy). The new file's modification time is
    made strictly later than the old one's, so (inode, size, mtime) tells two
    versions of a file apart even when they are written within one clock tick.
    """
    path = Path(path)
    folder = path.parent
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            try:
                old_mtime = os.stat(path).st_mtime_ns
            except FileNotFoundError:
                old_mtime = None
            if old_mtime is not None:
                stamp = max(time.time_ns(), old_mtime + 1_000)
                os.utime(tmp, ns=(stamp, stamp))
            if durable:
                os.fsync(handle.fileno())
        if backup and path.exists():
            _keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass
        raise
    if durable:
        fsync_dir(folder)


def _keep_backup(path: Path) -> None:
    """Keep the current file as ``path.bak``; a backup that cannot be made never stops the save."""
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    link = path.with_name(f".{path.name}.{secrets.token_hex(6)}{TEMP_SUFFIX}")
    try:
        try:
            os.link(path, link)
        except (OSError, AttributeError):  # no hard links on this file system (none at all in Pyodide): copy
            shutil.copy2(path, link)
        os.replace(link, backup)
    except BaseException as err:
        link.unlink(missing_ok=True)
        if not isinstance(err, OSError):
            raise


def parse_database(raw: bytes, path: Path) -> dict[str, dict[str, Any]]:
    """Decode a TinyDB file, raising ``DamagedFileError`` with the reason when it is not one."""
    if not raw.strip():
        raise DamagedFileError(path, "the file is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise DamagedFileError(path, "the file is not text") from None
    except json.JSONDecodeError as err:
        raise DamagedFileError(
            path, f"not valid JSON (truncated or edited?): {err.msg} at line {err.lineno} column {err.colno}"
        ) from None
    check_shape(data, path)
    return data


def check_shape(data: Any, path: Path) -> None:
    """TinyDB's shape: {table name: {document id: {field: value}}}."""
    if not isinstance(data, dict):
        raise DamagedFileError(path, f"expected a JSON object of tables, found {type(data).__name__}")
    for table, docs in data.items():
        if not isinstance(docs, dict):
            raise DamagedFileError(path, f"table {table!r} is not a JSON object")
        for doc_id, doc in docs.items():
            if not doc_id.isdigit() or not isinstance(doc, dict):
                raise DamagedFileError(path, f"table {table!r} has a malformed document {doc_id!r}")


def move_aside(path: Path) -> Path:
    """Rename a damaged file to ``NAME.damaged-YYYYMMDDTHHMMSSZ`` next to it; return the new path."""
    path = Path(path)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}{DAMAGED_MARK}{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}{DAMAGED_MARK}{stamp}-{counter}")
    os.replace(path, target)
    fsync_dir(path.parent)
    return target


class AtomicJSONStorage(Storage):
    """A TinyDB ``Storage`` that writes by temp file + fsync + ``os.replace`` + folder fsync.

    ``read`` raises ``DamagedFileError`` for a file that is not a TinyDB
    database (not JSON, truncated, wrong shape); it never repairs or
    overwrites such a file, that is the caller's decision.
    """

    def __init__(self, path: str | os.PathLike, *, backup: bool = False, durable: bool = True,
                 create_dirs: bool = True, cleanup: bool = True):
        super().__init__()
        self.path = Path(path)
        self.backup = backup
        self.durable = durable
        if create_dirs:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        if cleanup:
            remove_temp_files(self.path)

    def read(self) -> dict[str, dict[str, Any]] | None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        return parse_database(raw, self.path)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        atomic_write_bytes(self.path, text.encode("utf-8"), backup=self.backup, durable=self.durable)

    def close(self) -> None:
        pass
