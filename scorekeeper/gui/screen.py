"""The two sides of a screen: what the app asks of it, and what it may ask of the app.

A screen (`views/*.py`, usually a `BaseScreen`) says through `Screen` whether
the device stays awake while it is shown and which roles may open it, and answers
a resize and a theme switch.  It reaches the app only through `Host`: the page, the session, and a
few verbs (go, refresh, message).  Neither side imports the other's module.
"""
from __future__ import annotations

from typing import Callable, Protocol

import flet as ft

from .models import Kind, Result, Role, Session
from .models.kept_drafts import KeptDrafts
from .models.served import Served


class Screen(Protocol):
    """What the router and the app ask of the screen on show."""

    #: keep the device's screen on while this screen is shown (a game at the table)
    keep_awake: bool
    #: the roles that may open this screen (read on the class by `access.admit`)
    roles: frozenset[Role]

    def build(self) -> ft.View:
        """The view to put on the page."""
        ...

    def built(self) -> None:
        """The view was just built: note what it was built for (the layout a resize compares)."""
        ...

    def take_over(self, previous: "Screen") -> None:
        """This screen is built again in place of `previous` (the same route, refreshed): take
        what `previous` held that was not saved (the game screen: the hand being entered)."""
        ...

    def resized(self) -> None:
        """The window changed size (rebuild if the layout depends on it)."""
        ...

    def theme_changed(self) -> None:
        """Light/dark switched: redraw what theme colour roles do not follow."""
        ...

    def notify(self, text: str) -> bool:
        """Show a message in the screen's own place for it (the game screen: beside Save,
        where it covers nothing); False if it has none (the app shows it at the bottom)."""
        ...

    def changed_elsewhere(self, game_id: str, change: str | None) -> None:
        """Another device changed game `game_id` (the session has reloaded it if it is the
        open game; `change` says what changed, e.g. "Hand 4 was saved")."""
        ...

    def table_changed(self, game_id: str, what: Kind) -> None:
        """Something about shared game `game_id` changed that this screen may show:
        `Kind.ENTRY` (the pen holder tapped: `served.board` has the hand as entered so far),
        `Kind.PEN` (who holds the pen, or a request for it), `Kind.SHARING` (shared or stopped)."""
        ...

    def reconnected(self) -> None:
        """This device's connection came back (a phone woke up, the network returned): show
        the game as saved now (the session has read it again)."""
        ...


class Host(Protocol):
    """What a screen may use of the app (one per browser tab)."""

    page: ft.Page
    session: Session
    #: what every session of this server shares: the tables, the hands being entered, the address
    served: Served
    #: why this device was sent to the join page ("This table stopped sharing"), or None
    table_notice: str | None
    #: the hands being entered on this device, per game, kept across reloads (models.kept_drafts)
    drafts: KeptDrafts

    @property
    def dark(self) -> bool: ...

    @property
    def query(self) -> dict[str, str]:
        """The query part of the route being shown: `/game/ID?tab=sheet` -> {"tab": "sheet"}."""
        ...

    def go(self, route: str) -> None: ...

    def back(self) -> None: ...

    def refresh(self) -> None:
        """Build the screen on show again."""
        ...

    def message(self, text: str, action: str | None = None,
                on_action: Callable[[], None] | None = None, error: bool = False) -> None: ...

    def error(self, text: str) -> None: ...

    def clear_message(self) -> None:
        """Take the message at the bottom away (it would cover Save)."""
        ...

    def toggle_theme(self) -> None: ...

    # -- a shared table ------------------------------------------------------------
    def join_table(self, code: str) -> Result:
        """Join the table with that code (this device then views it); the reason when refused."""
        ...

    def leave_table(self) -> None:
        """Stop viewing the table (back to the join page)."""
        ...

