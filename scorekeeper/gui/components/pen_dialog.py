"""'Bob's phone asks for the pen: Give / Keep', asked on the device that holds the pen."""
from __future__ import annotations

import threading

import flet as ft

from .. import theme
from ..models import PenRequest, Role
from ..screen import Host
from ..testid import tid


class PenDialog:
    """The holder's dialog for one request at a time; a later request waits its turn, and a
    request answered on another device closes it (`close`)."""

    def __init__(self, app: Host, lock: threading.RLock):
        self.app = app
        self._lock = lock  # the session's: the answer comes in a worker thread
        self._shown: tuple[str, str] | None = None  # (game id, asking client) on show

    def ask(self, request: PenRequest) -> None:
        if self._shown == (request.game_id, request.client):
            return  # shown already: a later request waits its turn
        page, s = self.app.page, self.app.session
        if self._shown is not None:  # the one shown was answered on another device
            page.pop_dialog()
        game_id = request.game_id

        def answer(give: bool) -> None:
            with self._lock:
                self._shown = None
                page.pop_dialog()
                seat = s.seat
                res = seat.give_pen(game_id, request.client) if give else seat.keep_pen(game_id, request.client)
                if not res:
                    self.app.error(res.message)

        names = " v ".join(s.game.side_names) if s.game_id == game_id and s.game is not None else ""
        self._shown = (game_id, request.client)
        after = ("you watch, and can take the pen back at any time" if s.role is Role.HOST
                 else "you watch")
        page.show_dialog(ft.AlertDialog(
            modal=True,
            title=tid("pen-request", ft.Text(f"{request.name} asks for the pen")),
            content=ft.Text(f"Give it, and {request.name} enters the hands of this game"
                            f"{' (' + names + ')' if names else ''}; {after}."),
            actions=[tid("pen-keep", ft.TextButton("Keep", height=theme.TARGET,
                                                   on_click=lambda e: answer(False))),
                     tid("pen-give", ft.FilledButton("Give", height=theme.TARGET,
                                                     on_click=lambda e: answer(True)))]))

    def close(self, game_id: str) -> None:
        """The request shown for `game_id` was answered on another device: the dialog goes."""
        if self._shown is not None and self._shown[0] == game_id:
            self._shown = None
            self.app.page.pop_dialog()
