"""Disks that fail the way a user's do, for the tests of a full disk and a read-only data folder
(issue 25, point 5): a small tmpfs mounted for the test (filled to the last byte, or mounted again
read-only, which holds for root too), and a folder read-only for an unprivileged user (``nobody``:
root ignores file modes, so a check runs as that user in a process of its own).

Mounting needs root with the right to mount (CI's fresh Debian machine has it); where it is
missing, the test that needs it is skipped and says why.
"""
from __future__ import annotations

import contextlib
import errno
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _mount(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["mount", *args], capture_output=True, text=True, timeout=30)


@contextlib.contextmanager
def tmpfs(size: str = "4m") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted on a new folder for the block (skips where it cannot be)."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a small tmpfs stands for the full disk and the read-only folder: mounting one needs "
                    "root and `mount` (CI runs as root)")
    where = Path(tempfile.mkdtemp(prefix="scorekeeper-disk-"))
    done = _mount("-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(where))
    if done.returncode != 0:
        where.rmdir()
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip() or done.returncode}): a full disk and a "
                    "read-only folder are made with one")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=30)
        with contextlib.suppress(OSError):
            where.rmdir()


def fill(disk: Path) -> None:
    """Fill ``disk`` to its last byte (what a save needs then fails with ENOSPC)."""
    block = b"\0" * 65536
    with open(disk / "filler", "wb", buffering=0) as out:
        for size in (65536, 4096, 1):
            try:
                while True:
                    out.write(block[:size])
            except OSError as err:
                if err.errno != errno.ENOSPC:
                    raise
    probe = disk / "probe"
    with pytest.raises(OSError):  # the disk is full indeed: not even a page more
        probe.write_bytes(b"x" * 4096)
    probe.unlink(missing_ok=True)


def read_only(disk: Path) -> None:
    """Mount ``disk`` (a `tmpfs`) again read-only: writing there fails with EROFS, for root too."""
    done = _mount("-o", "remount,ro", str(disk))
    if done.returncode != 0:
        pytest.skip(f"cannot mount the tmpfs again read-only ({done.stderr.strip()})")


def nobody_can_run_python() -> str | None:
    """Why the user ``nobody`` cannot run this Python on this checkout (None: it can)."""
    try:
        user = pwd.getpwnam("nobody")
    except KeyError:
        return "there is no user nobody"
    if os.geteuid() != 0:
        return "only root can run a check as nobody"
    try:
        done = subprocess.run([sys.executable, "-c", "import scorekeeper.cli, tinydb, platformdirs"],
                              cwd=ROOT, env=nobody_env(), preexec_fn=as_user(user), capture_output=True, text=True,
                              timeout=60)
    except OSError as err:  # this Python is in a folder closed to other users (root's home)
        return f"nobody cannot run {sys.executable} ({err.strerror})"
    if done.returncode != 0:
        lines = (done.stderr.strip() or "no answer").splitlines()
        return f"nobody cannot run {sys.executable} on {ROOT} ({lines[-1]})"
    return None


def as_user(user: pwd.struct_passwd):
    def drop() -> None:
        os.setgroups([])
        os.setgid(user.pw_gid)
        os.setuid(user.pw_uid)
    return drop


def nobody_env() -> dict[str, str]:
    return {**os.environ, "HOME": "/nonexistent", "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}


def run_as_nobody(args: list[str]) -> subprocess.CompletedProcess:
    """``scorekeeper ARGS`` run by the user nobody."""
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], cwd=ROOT, env=nobody_env(),
                          preexec_fn=as_user(pwd.getpwnam("nobody")), capture_output=True, text=True, timeout=120)


def open_to_all_but_writing(folder: Path) -> None:
    """Every file under ``folder`` readable by everyone, nothing writable but by its owner (root)."""
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    for parent in folder.parents:  # and the way there (pytest's own folders are root's only)
        if parent.stat().st_mode & 0o005 != 0o005:
            raise AssertionError(f"{parent} is closed to other users: make the folder elsewhere")
