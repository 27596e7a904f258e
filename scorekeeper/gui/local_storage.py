"""What this browser keeps across sessions: its local storage (`ft.SharedPreferences`).

The host link's token (a browser that opened it keeps score after a reload or in a new tab), the
code of the table it joined, and its name for the pen.  A native window keeps nothing here.
"""
from __future__ import annotations

import logging

import flet as ft

log = logging.getLogger(__name__)

HOST_KEY = "scorekeeper.host"  # the host link's token, kept by a browser that opened it
TABLE_KEY = "scorekeeper.table"  # the code of the table a browser views
DEVICE_KEY = "scorekeeper.device"  # this browser, as the pen knows it (a random name)


class LocalStorage:
    """One browser's local storage; nothing is kept until `open()` (a browser session's start)."""

    def __init__(self, page: ft.Page):
        self.page = page
        self._prefs: ft.SharedPreferences | None = None

    def open(self) -> None:
        self._prefs = ft.SharedPreferences()  # made at the start, where the page is known

    async def recall(self, key: str) -> str | None:
        try:
            value = await self._prefs.get(key)
        except Exception as exc:  # no storage in this browser (a private window may refuse it)
            log.info("cannot read %s: %s", key, exc)
            return None
        return value if isinstance(value, str) else None

    def keep(self, key: str, value: str) -> None:
        if self._prefs is not None:
            self._send(self._prefs.set, key, value)

    def forget(self, key: str) -> None:
        if self._prefs is not None:
            self._send(self._prefs.remove, key)

    def _send(self, method, *args) -> None:
        """Ask the browser; not when it has left (its tab closed, its phone asleep: the server keeps
        the session a while, and a hand saved elsewhere still reaches its screen)."""
        if getattr(self.page.session, "connection", None) is None:
            log.info("not kept in a browser that has left: %s", args[0])
            return
        self.page.run_task(method, *args)
