"""An inter-process lock on the data folder, so two windows (or a CLI beside the GUI) take turns.

Every read-modify-write of the repository runs inside ``DataLock``: an
exclusive ``flock`` on ``DATA/.lock`` (``msvcrt.locking`` on Windows). The
operating system drops the lock when the holder dies, so a killed process
never leaves the folder locked. The lock is re-entrant within one
``DataLock`` object and also serialises threads of one process.
"""
from __future__ import annotations

import errno
import os
import threading
import time
from pathlib import Path

from scorekeeper.storage.errors import StorageError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None
    import msvcrt

LOCK_NAME = ".lock"
#: why a lock file cannot be opened for writing though the folder can be read
_CANNOT_WRITE = frozenset({errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC, errno.EDQUOT})


class DataLock:
    def __init__(self, folder: Path, timeout: float = 15.0):
        self.path = Path(folder) / LOCK_NAME
        self.timeout = timeout
        self._thread_lock = threading.RLock()
        self._depth = 0
        self._fd: int | None = None

    def __enter__(self) -> "DataLock":
        self._thread_lock.acquire()
        try:
            if self._depth == 0:
                self._fd = self._acquire()
            self._depth += 1
        except BaseException:
            self._thread_lock.release()
            raise
        return self

    def __exit__(self, *exc) -> None:
        try:
            self._depth -= 1
            if self._depth == 0 and self._fd is not None:
                fd, self._fd = self._fd, None
                try:
                    _unlock(fd)
                finally:
                    os.close(fd)
        finally:
            self._thread_lock.release()

    def _acquire(self) -> int | None:
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as err:
            if err.errno not in _CANNOT_WRITE:
                raise
            try:  # a read-only folder: flock takes a lock on a file opened for reading as well
                fd = os.open(self.path, os.O_RDONLY)
            except OSError:
                return None  # no lock file, and none can be made: nothing can write here either
        deadline = time.monotonic() + self.timeout
        pause = 0.0005
        while True:
            try:
                _try_lock(fd)
                return fd
            except BlockingIOError:
                pass
            except OSError as err:
                if fcntl is not None or err.errno not in (13, 36):  # EACCES / EDEADLOCK on Windows
                    os.close(fd)
                    raise StorageError(f"cannot lock the data folder {self.path.parent}: {err.strerror}") from None
            if time.monotonic() >= deadline:
                os.close(fd)
                raise StorageError(
                    f"the data folder {self.path.parent} is busy: another scorekeeper process has held "
                    f"its lock for more than {self.timeout:g} s; try again"
                )
            time.sleep(pause)
            pause = min(pause * 2, 0.01)


if fcntl is not None:
    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
else:  # pragma: no cover - Windows
    def _try_lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as err:
            raise BlockingIOError(str(err)) from None

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
