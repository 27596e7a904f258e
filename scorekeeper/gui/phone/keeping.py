"""A change is said only once the phone keeps it: the browser's storage, written through.

The data folder of the phone's own build is Pyodide's IDBFS: files in memory, written to the
browser's IndexedDB only when asked (`FS.syncfs(false)`, which the worker runs: `keep_games`).
So every change the session makes (`Session.kept`) starts that write and says "Saving on this
phone…" beside Save; its own message ("Hand 3 saved") and every message the screens give meanwhile
(`App.message`) wait until the write has finished, so a tab killed right after "Hand 3 saved"
loses nothing.  A write the browser refuses (its storage full, a private window, storage blocked)
is said in one sentence where the message would have been; the change stays on screen and in
memory, and the next write (which writes every change not yet kept) may keep it.
"""
from __future__ import annotations

import logging
import sys
from dataclasses import dataclass
from typing import Awaitable, Callable

log = logging.getLogger(__name__)

SAVING = "Saving on this phone\u2026"


@dataclass
class Said:
    """A message to show once the changes before it are kept."""

    text: str
    action: str | None = None
    on_action: Callable[[], None] | None = None
    error: bool = False


def not_kept(why: str) -> str:
    """The sentence for a change the browser would not keep."""
    return (f"Not kept on this phone: {why}; the change is on screen until the app is closed, and the "
            f"next change keeps it if the browser lets it (or export the games from the games list)")


def reason(exc: BaseException) -> str:
    """Why the browser refused a write, in words (its error's name says which case it is)."""
    text = str(exc)
    if "Quota" in text:
        return "the phone's storage for this app is full (free some space)"
    return "the browser refused to store it (a private window, or storage blocked for this site)"


async def _keep_games() -> None:
    import flet_js  # the worker's module (scorekeeper/phone_site/web/python-worker.js)
    await flet_js.keep_games()


async def _keep_bytecode() -> None:
    import flet_js
    await flet_js.keep_bytecode()


def _mark_unsaved(unsaved: bool) -> None:
    import flet_js
    flet_js.unsaved(unsaved)  # the page asks before it is closed while a change is not kept


class Keeping:
    """One session's changes on their way to the browser's storage (`App.keeping`)."""

    def __init__(self, app, phone, write: Callable[[], Awaitable[None]] = _keep_games,
                 keep_bytecode: Callable[[], Awaitable[None]] = _keep_bytecode,
                 mark: Callable[[bool], None] = _mark_unsaved):
        self.app = app
        self.phone = phone
        self._write = write
        self._keep_bytecode = keep_bytecode
        self._mark = mark
        self.pending = 0  # writes begun and not finished
        self.queue: list[Said] = []  # what is said once they are
        self.failed: str | None = None  # why the last write was refused (None: every change is kept)
        self._modules = 0  # how many modules were loaded when their bytecode was last kept

    # -- what the session and the app ask --------------------------------------------------
    def kept(self, message: str) -> str:
        """`Session.kept`: a change was just written to the data folder.  Write it through to the
        browser's storage; the message to show now (`message` follows once it is kept)."""
        said = Said(message)
        self.queue.append(said)
        self.pending += 1
        self._mark(True)
        self.app.page.run_task(self._keep, said)
        return SAVING if message else ""

    def holds(self, text: str, action: str | None, on_action, error: bool) -> bool:
        """`App.message`: whether the message waits for the changes before it (True: it is
        shown once they are kept; the note that a change is being kept is shown beside Save
        already)."""
        if text == SAVING:
            return True
        if error or not self.pending:
            return False
        self.queue.append(Said(text, action, on_action))
        return True

    def started(self) -> None:
        """The first screen is shown: keep what the start wrote (an index rebuilt, a game file
        migrated) and the bytecode Python compiled, for a quicker next start."""
        self.app.page.run_task(self._after_start)

    # -- the writes -------------------------------------------------------------------------
    async def _keep(self, said: Said) -> None:
        try:
            await self._write()
        except Exception as exc:  # the browser refused it: say so, keep the change in memory
            log.error("the browser did not keep a change: %s", exc)
            self.failed = reason(exc)
            said.text, said.error, said.action, said.on_action = not_kept(self.failed), True, None, None
        else:
            self.failed = None
        finally:
            self.pending -= 1
        if self.pending:
            return
        self._mark(self.failed is not None)
        queue, self.queue = self.queue, []
        for item in _once_each(queue):
            self._show(item)
        await self._bytecode()

    def _show(self, said: Said) -> None:
        """(In the browser's one thread: no lock to take.)"""
        app = self.app
        if said.error:  # beside Save, in place of "Saving…", where the screen has that place
            screen = app.router.current
            if screen is None or not screen.notify(said.text):
                app.messages.show(said.text, error=True)
        else:
            app.messages.show(said.text, said.action, said.on_action)

    async def _after_start(self) -> None:
        try:
            await self._write()
        except Exception as exc:
            log.warning("the browser did not keep what the start wrote: %s", exc)
        await self._bytecode()

    async def _bytecode(self) -> None:
        """Keep the bytecode of modules loaded since last time (a screen opened for the first time)."""
        if len(sys.modules) == self._modules:
            return
        self._modules = len(sys.modules)
        try:
            await self._keep_bytecode()
        except Exception as exc:  # only the next start's speed depends on it
            log.info("bytecode not kept: %s", exc)


def _once_each(queue: list[Said]) -> list[Said]:
    """The messages in order, each text once: where a screen said what the change says (with an
    action: "Game deleted", Undo), the screen's (the later) is the one shown; empty ones dropped."""
    last = {said.text: n for n, said in enumerate(queue)}
    return [said for n, said in enumerate(queue) if said.text and last[said.text] == n]
