"""Short messages to the user: in the screen's own place for one, else at the bottom of the page."""
from __future__ import annotations

import threading
from typing import Callable

import flet as ft

from .router import Router


class Messages:
    """The message at the bottom (an `ft.SnackBar`) of one session, and the route it belongs to
    when it has an action (Undo): the action never reaches another screen."""

    def __init__(self, page: ft.Page, router: Router, lock: threading.RLock):
        self.page = page
        self.router = router
        self._lock = lock  # the session's: an action runs in a worker thread
        self._bar: ft.SnackBar | None = None  # the message at the bottom, while it shows
        self._bar_route: str | None = None  # the route whose screen its action belongs to

    def show(self, text: str, action: str | None = None,
             on_action: Callable[[], None] | None = None, error: bool = False) -> None:
        """A short message: in the screen's own place for it, else at the bottom of the
        screen (with an optional action)."""
        screen = self.router.current
        if action is None and not error and screen is not None and screen.notify(text):
            return
        self.clear()
        route = self.router.route

        def act(e) -> None:  # only on the screen it was shown on, and only while it shows
            with self._lock:
                if self._bar is bar and self.router.route == route:
                    self._bar = None
                    on_action()

        bar = ft.SnackBar(
            ft.Semantics(identifier="message", content=ft.Text(text)),
            action=action,
            on_action=act if on_action else None,
            duration=ft.Duration(seconds=6 if action else 4),
            persist=False,  # with an action Flutter keeps it until dismissed: it goes after its time
            bgcolor=ft.Colors.ERROR if error else None,
            show_close_icon=False,  # its icon is a 40 px target; a message goes by itself
        )
        self._bar, self._bar_route = bar, (route if action else None)
        self.page.show_dialog(bar)

    def clear(self) -> None:
        """Take a message at the bottom away before its time: it has been read, and it would
        cover Save (a reload draws the page again with it, for another few seconds)."""
        bar, self._bar = self._bar, None
        if bar is not None and bar.open:
            bar.open = False
            bar.update()

    def screen_shown(self) -> None:
        """Another screen is shown: a message whose action (Undo) belongs to the screen left
        goes (never a tap on the next)."""
        if self._bar is not None and self._bar_route not in (None, self.router.route):
            self.clear()
