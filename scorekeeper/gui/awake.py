"""The device's screen stays on while a game is open (where the platform allows it)."""
from __future__ import annotations

import logging

import flet as ft

log = logging.getLogger(__name__)


class Awake:
    """Switches `ft.Wakelock` as the screen shown asks (`Screen.keep_awake`)."""

    def __init__(self, page: ft.Page):
        self.page = page
        self._on = False
        self._wakelock: ft.Wakelock | None = None

    def keep(self, on: bool) -> None:
        """Keep the screen awake (`on`) or let it sleep again."""
        if on == self._on:
            return
        self._on = on

        async def switch() -> None:
            try:
                if self._wakelock is None:
                    self._wakelock = ft.Wakelock()
                await (self._wakelock.enable() if on else self._wakelock.disable())
            except Exception as exc:  # not offered by this browser / platform
                log.info("wakelock not available: %s", exc)

        self.page.run_task(switch)
