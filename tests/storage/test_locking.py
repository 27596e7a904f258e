"""The data-folder lock: two processes doing read-modify-write never lose an update."""
from __future__ import annotations

import multiprocessing
import os

import pytest

from scorekeeper.storage.errors import StorageError
from scorekeeper.storage.locking import DataLock


def _bump(folder: str, times: int) -> None:
    lock = DataLock(folder)
    counter = os.path.join(folder, "counter")
    for _ in range(times):
        with lock:
            with open(counter) as handle:
                value = int(handle.read())
            with open(counter, "w") as handle:
                handle.write(str(value + 1))


@pytest.mark.slow
def test_two_processes_take_turns(tmp_path):
    (tmp_path / "counter").write_text("0")
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_bump, args=(str(tmp_path), 300)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    assert (tmp_path / "counter").read_text() == "600"


def test_lock_is_reentrant_within_one_object(tmp_path):
    lock = DataLock(tmp_path)
    with lock:
        with lock:
            pass
    with lock:
        pass


def test_a_held_lock_times_out_with_a_clear_message(tmp_path):
    holder = DataLock(tmp_path)
    waiter = DataLock(tmp_path, timeout=0.2)
    with holder:
        with pytest.raises(StorageError, match="busy"):
            with waiter:
                pass
    with waiter:  # released: free again
        pass
