"""Ctrl+C stops every command at once, from the first instant: exit code 130, no traceback.

`install()` is the first thing an entry point does, before it imports anything heavy.  Until
something running registers a graceful stop (`stopping(...)`: the server's, which lets uvicorn
close its connections), a Ctrl+C ends the process at once with code 130: nothing is half done,
since every file the app writes is written crash-safely (storage/atomic.py) and a lock dies
with its process.  With a stop registered, the first Ctrl+C asks for it and `interrupted()`
then says so (the caller exits with 130); a second one ends the process at once.

Why not Python's KeyboardInterrupt: it is raised wherever the main thread happens to be, so a
Ctrl+C while the app was still importing printed a traceback, and one in the first second of
the server (before uvicorn took the signal over, while asyncio's runner had it) was swallowed
by a cancelled start-up and left the server listening.
"""
from __future__ import annotations

import os
import signal
from contextlib import contextmanager
from typing import Callable, Iterator

#: the shell's exit code for a program stopped by Ctrl+C (128 + SIGINT)
EXIT_INTERRUPTED = 130

_stop: Callable[[], None] | None = None
_interrupted = False


def _on_interrupt(signum, frame) -> None:
    global _interrupted
    if _interrupted or _stop is None:
        os._exit(EXIT_INTERRUPTED)
    _interrupted = True
    _stop()


def install() -> None:
    """Take Ctrl+C over for this process (the main thread only: signals are set there)."""
    signal.signal(signal.SIGINT, _on_interrupt)


@contextmanager
def stopping(stop: Callable[[], None]) -> Iterator[None]:
    """While inside, a Ctrl+C calls `stop` (once; it must only ask, e.g. set a flag)."""
    global _stop
    _stop = stop
    try:
        yield
    finally:
        _stop = None


def interrupted() -> bool:
    """Whether a Ctrl+C asked the registered stop to stop."""
    return _interrupted
