"""The browser's address, kept in step with the screen shown: `Address`.

The app shows a screen at once and then pushes its route to the browser (`App.go`); the browser
answers that push with a route change of its own, a moment later.  On a slow link or a busy
phone the answer can arrive after the browser has moved on by itself (its Back, an address
typed): the push lands late, the address bar jumps back to the screen the table had left, and
its answer would show that screen again (seen: a viewer who joined a table and at once opened a
hand was taken back to the table).  So the app knows the answers it waits for: an answer whose
screen the table has left since is stale; the address bar is set back to the screen shown.

Nothing here knows Flet: `push` is given a function that sends a route to the browser.
"""
from __future__ import annotations

import time
from collections import deque
from typing import Callable

#: how long a push's answer is waited for; one that never came (the page was closed or
#: reloaded meanwhile) is then forgotten, so that the browser's own change to that route counts
ANSWER_SECONDS = 15.0


class Address:
    """The routes pushed to the browser whose answers have not come back yet."""

    def __init__(self, send: Callable[[str], None], at: str | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self._send = send
        self._clock = clock
        self._at = at  # the route in the address bar as the browser last reported it
        self._waiting: deque[tuple[str, float]] = deque()  # (route, when pushed), oldest first

    def push(self, route: str) -> None:
        """Put `route` in the browser's address bar (the browser answers with that route).
        Nothing is sent when the bar shows it already, or will once the pushes on their way land:
        the browser does not answer a push of the route it shows."""
        self._forget_old()
        if route == (self._waiting[-1][0] if self._waiting else self._at):
            return
        self._waiting.append((route, self._clock()))
        self._send(route)

    def answer(self, route: str) -> bool:
        """Whether `route`, reported by the browser, answers a push of ours; it is then taken off
        the list, with any older push whose answer never came (the browser answers in order)."""
        self._forget_old()
        for i, (pushed, _) in enumerate(self._waiting):
            if pushed == route:
                for _ in range(i + 1):
                    self._waiting.popleft()
                return True
        return False

    def waits_for(self, route: str) -> bool:
        """Whether a push of `route` is still on its way."""
        self._forget_old()
        return any(pushed == route for pushed, _ in self._waiting)

    def settle(self, reported: str, shown: str) -> bool:
        """Handle the browser's report of `reported` while `shown` is on screen: True when it was
        the answer to a push of ours (nothing more to do; when the table has left that screen
        since, the address bar is set back to `shown`, unless that push is on its way too),
        False when the browser moved by itself (its Back or Forward, an address typed)."""
        self._at = reported
        if not self.answer(reported):
            return False
        if reported != shown and not self.waits_for(shown):
            self.push(shown)
        return True

    def _forget_old(self) -> None:
        now = self._clock()
        while self._waiting and now - self._waiting[0][1] > ANSWER_SECONDS:
            self._waiting.popleft()
