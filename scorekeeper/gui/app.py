"""One session of the table app (one browser tab or window): `App`.

`serve.run_app()` starts the server and makes an `App` for each session; the App composes the
theme, the router that maps a route to a view module in `scorekeeper.gui.views`, and the
session state.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import threading
from typing import Callable

import flet as ft

from . import access, guard, routes, theme
from .models import HandDraft, PenRequest, Result, Role, Session
from .models.live import LiveHand
from .models.served import Served
from .router import Router
from .screen import Screen
from .testid import tid

log = logging.getLogger(__name__)


class App:
    """One session of the app: the page, the session state and the router.

    Screens get everything through this object, as a `screen.Host`: `app.page`,
    `app.session`, `app.go(route)`, `app.refresh()`, `app.message(text)`, ...

    Who this session is (`session.role`) rests only on what the server knows: the window the
    server opened itself (`native`) is the host; a served session is a guest until it brings
    the host link's token (or its browser kept it, see `HOST_KEY`): then it is the host; one
    that joined a table by its code is a viewer.  What a client says of itself (``page.web``,
    ``page.client_ip``) decides nothing.  Every route is admitted first (`access.admit`).
    """

    def __init__(self, page: ft.Page, served: Served, native: bool = False):
        self.page = page
        self.served = served
        self.native = native
        self.session = Session(served.shared, served.tables,
                               role=Role.HOST if native else Role.GUEST,
                               client=secrets.token_urlsafe(12))
        # the connection as the server knows it: the peer's address from the socket; the guard
        # drops a guest's session as soon as its connection ends
        connection = guard.current()
        self.peer = connection.peer if connection is not None else "this computer"
        guard.keep_when(page, lambda: self.session.role is not Role.GUEST)
        self.router = Router(page, make_screen=lambda cls, params: cls(self, **params),
                             on_shown=self._shown, on_error=self.error, admit=self._admit)
        self.table_notice: str | None = None
        self._prefs: ft.SharedPreferences | None = None
        self._pen_dialog: tuple[str, str] | None = None  # (game id, asking client) on show
        # pubsub handlers and event handlers run in worker threads: one at a time per session
        self._lock = threading.RLock()
        self._awake = False
        self._bar: ft.SnackBar | None = None  # the message at the bottom, while it shows
        self._bar_route: str | None = None  # the route whose screen its action belongs to
        self._wakelock: ft.Wakelock | None = None

    # -- start -------------------------------------------------------------
    def start(self) -> None:
        page = self.page
        page.title = "Spades Scorekeeper"
        if self.native:  # a browser has them before the first frame: assets/assets/FontManifest.json
            page.fonts = theme.FONTS
        page.theme = theme.light()
        page.dark_theme = theme.dark()
        page.theme_mode = ft.ThemeMode.LIGHT
        page.padding = 0
        page.on_route_change = lambda e: self.show(e.route)
        page.on_view_pop = self._view_pop
        page.on_resize = lambda e: self.router.resized()
        page.on_connect = lambda e: self._reconnected()
        page.pubsub.subscribe(self._on_broadcast)
        if not self.native:
            self._prefs = ft.SharedPreferences()  # made here, where the page is known
            page.run_task(self._arrive, page.route or "/")
        else:
            self._greet()
            self.router.show(page.route or "/")

    async def _arrive(self, route: str) -> None:
        """A browser's first route: the host link, a join link, or what this browser kept."""
        host, code, device = await asyncio.gather(
            self._recall(HOST_KEY), self._recall(TABLE_KEY), self._recall(DEVICE_KEY))
        route = asked = routes.bounded(route)
        token, join = routes.host_link(route), routes.join_link(route)
        with self._lock:
            if device and len(device) <= 64:  # the same device as before (a pen it was given stays in its hand)
                self.session.client = device
            else:
                self._keep(DEVICE_KEY, self.session.client)
            if token is not None:
                route = self._host_link(token)
            elif self.session.become_host(host):
                pass
            elif join is not None:
                route = self._join_link(join)
            elif code:
                res = self.session.join(code, where=self._where())
                if not res:  # the table stopped sharing while this browser was away
                    self.table_notice = res.message
                    self._forget(TABLE_KEY)
            self._greet()
            self.show(route, asked)

    def _greet(self) -> None:
        if self.session.role is Role.HOST:
            for notice in self.session.notices():
                self.message(notice)

    def _host_link(self, token: str) -> str:
        """The host link: this browser keeps score from now on (and remembers the token)."""
        if self.session.become_host(token):
            self._keep(HOST_KEY, token)
            self.table_notice = None
            return "/"
        self.table_notice = ("That host link is not this server's: it changes when scorekeeper starts "
                             "again; open the one it printed last")
        return routes.JOIN

    def _join_link(self, code: str) -> str:
        if self.session.role is Role.HOST:
            return "/"
        res = self.join_table(code)
        return routes.table(self.session.table) if res else routes.JOIN

    def _where(self) -> str:
        """Where this device's wrong codes are counted: its address as the socket gives it (a
        reload or a new session is no new device; what the page says of itself counts for nothing)."""
        return self.peer

    # -- what this browser keeps (SharedPreferences: the browser's local storage) -------
    async def _recall(self, key: str) -> str | None:
        try:
            value = await self._prefs.get(key)
        except Exception as exc:  # no storage in this browser (a private window may refuse it)
            log.info("cannot read %s: %s", key, exc)
            return None
        return value if isinstance(value, str) else None

    def _keep(self, key: str, value: str) -> None:
        if self._prefs is not None:
            self.page.run_task(self._prefs.set, key, value)

    def _forget(self, key: str) -> None:
        if self._prefs is not None:
            self.page.run_task(self._prefs.remove, key)

    # -- navigation --------------------------------------------------------
    def _admit(self, route: str) -> str:
        s = self.session
        if s.role is Role.VIEWER and not s.table_open:
            s.leave()
            self._forget(TABLE_KEY)
            self.table_notice = "This table stopped sharing"
        return access.admit(s, route).route

    def show(self, route: str, asked: str | None = None) -> None:
        """Show `route` (as the browser reports it); the address bar follows if this session is
        shown another route than the one `asked` for (a guest asking for a game sees the join
        page)."""
        with self._lock:
            route = routes.bounded(route)
            asked, token, join = asked or route, routes.host_link(route), routes.join_link(route)
            if token:  # pasted into a tab already open
                route = self._host_link(token)
            elif join is not None:
                route = self._join_link(join)
            self.router.show(route)
            if self.router.route != asked:
                self.page.run_task(self.page.push_route, self.router.route)

    def go(self, route: str) -> None:
        """Show `route` now and put it in the browser's address bar."""
        with self._lock:
            self.router.show(route)
            self.page.run_task(self.page.push_route, self.router.route)

    def back(self) -> None:
        self.go(routes.parent(self.router.route))

    @property
    def query(self) -> dict[str, str]:
        """The query of the route being shown ("/game/ID?tab=sheet" -> {"tab": "sheet"})."""
        return self.router.query

    def refresh(self) -> None:
        """Build the screen on show again (its data or its layout changed)."""
        with self._lock:
            self.router.refresh()

    def _shown(self, screen: Screen) -> None:
        self.keep_awake(screen.keep_awake)
        if self._bar is not None and self._bar_route not in (None, self.router.route):
            self.clear_message()  # its action (Undo) belongs to the screen left: never a tap on the next

    def _view_pop(self, e: ft.ViewPopEvent) -> None:
        self.back()

    def _reconnected(self) -> None:
        """The browser is back (a phone woke up, the network returned, a reload): what was
        sent meanwhile is lost, so the screen shows the game as saved now."""
        with self._lock:
            self.clear_message()
            change = self.session.reload()
            route = self.router.route
            self.router.show(route)
            screen = self.router.current
            if self.router.route != route:
                self.page.run_task(self.page.push_route, self.router.route)
            elif screen is not None:
                if change and self.session.game_id:
                    screen.changed_elsewhere(self.session.game_id, change)
                screen.reconnected()

    # -- messages ----------------------------------------------------------
    def message(self, text: str, action: str | None = None,
                on_action: Callable[[], None] | None = None, error: bool = False) -> None:
        """A short message: in the screen's own place for it, else at the bottom of the
        screen (with an optional action)."""
        screen = self.router.current
        if action is None and not error and screen is not None and screen.notify(text):
            return
        self.clear_message()
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

    def clear_message(self) -> None:
        """Take a message at the bottom away before its time: it has been read, and it would
        cover Save (a reload draws the page again with it, for another few seconds)."""
        bar, self._bar = self._bar, None
        if bar is not None and bar.open:
            bar.open = False
            bar.update()

    def error(self, text: str) -> None:
        self.message(text, error=True)

    # -- the screen stays on while a game is open ---------------------------
    def keep_awake(self, on: bool) -> None:
        """Keep the screen awake (where the platform allows it) while a game is open."""
        if on == self._awake:
            return
        self._awake = on

        async def switch() -> None:
            try:
                if self._wakelock is None:
                    self._wakelock = ft.Wakelock()
                await (self._wakelock.enable() if on else self._wakelock.disable())
            except Exception as exc:  # not offered by this browser / platform
                log.info("wakelock not available: %s", exc)

        self.page.run_task(switch)

    # -- theme -------------------------------------------------------------
    @property
    def dark(self) -> bool:
        return self.page.theme_mode == ft.ThemeMode.DARK

    def toggle_theme(self) -> None:
        """Switch light/dark in place: colours are theme roles, so the screen keeps its state."""
        self.page.theme_mode = ft.ThemeMode.LIGHT if self.dark else ft.ThemeMode.DARK
        if self.router.current is not None:
            self.router.current.theme_changed()
        self.page.update()

    # -- several phones on one game ---------------------------------------
    def broadcast(self, game_id: str) -> None:
        """Tell the other sessions of this server that `game_id` changed."""
        self.page.pubsub.send_others(("game-changed", game_id))

    def publish_entry(self, game_id: str, draft: HandDraft) -> None:
        """The pen holder tapped: the game's viewers see the hand as entered so far."""
        tables = self.served.tables
        if not tables.is_shared(game_id) or not self.session.holds_pen(game_id):
            return
        self.served.board.put(LiveHand(game_id, self.session.version, draft.to_hand(),
                                       by=tables.pen_name(game_id)))
        self.page.pubsub.send_others(("entry", game_id))

    def table_event(self, game_id: str, what: str, client: str | None = None) -> None:
        self.page.pubsub.send_all(("table", game_id, what, client))

    def join_table(self, code: str) -> Result:
        with self._lock:
            res = self.session.join(code, where=self._where())
            if res:
                self.table_notice = None
                self._keep(TABLE_KEY, self.session.table_code)
            return res

    def leave_table(self) -> None:
        with self._lock:
            self.session.leave()
            self._forget(TABLE_KEY)
            self.go(routes.JOIN)

    def _on_broadcast(self, message) -> None:
        if not (isinstance(message, tuple) and len(message) >= 2):
            return
        kind, game_id = message[0], message[1]
        with self._lock:
            try:
                if kind == "game-changed":
                    self._game_changed(game_id)
                elif kind == "entry":
                    if self.session.may_see(game_id) and self.router.current is not None:
                        self.router.current.table_changed(game_id, "entry")
                elif kind == "table":
                    self._table_changed(game_id, message[2], message[3])
            except RuntimeError as exc:  # the session went away meanwhile
                log.info("broadcast to a closed session: %s", exc)

    def _game_changed(self, game_id: str) -> None:
        s = self.session
        if not s.may_see(game_id):
            if s.role is Role.VIEWER and game_id == s.table:
                self.refresh()  # its table stopped sharing: admitted to the join page
            return
        change = s.reload() if s.game_id == game_id else None
        if self.router.current is not None:  # the screen updates what it changed (a whole-page
            self.router.current.changed_elsewhere(game_id, change)  # diff costs every viewer ~10 ms)

    def _table_changed(self, game_id: str, what: str, client: str | None) -> None:
        """Sharing or the pen of `game_id` changed: this session may now be shown another
        screen (the pen came or went, the table stopped), be asked for the pen, or be told
        the answer to its own request."""
        s = self.session
        route = self.router.route
        self.router.show(route)  # admitted again
        if self.router.route != route:
            self.page.run_task(self.page.push_route, self.router.route)
        elif self.router.current is not None:
            self.router.current.table_changed(game_id, "sharing" if what in ("shared", "stopped") else "pen")
        request = s.tables.request_for(game_id)
        if request is not None and s.holds_pen(game_id) and s.may_see(game_id):
            self._ask_holder(request)
        elif self._pen_dialog is not None and self._pen_dialog[0] == game_id:
            self._pen_dialog = None  # answered on another device
            self.page.pop_dialog()
        if client == s.client and what == "pen-kept":
            self.message(f"{s.tables.pen_name(game_id)} keeps the pen for now")
        elif client == s.client and what == "pen-given" and s.holds_pen(game_id):
            self.message("You have the pen: the hands you save count for the whole table")
        elif what == "pen-taken" and client == s.client:
            self.message("The scorekeeper took the pen back")
        self.page.update()

    def _ask_holder(self, request: PenRequest) -> None:
        """'Bob's phone asks for the pen: Give / Keep' on the device that holds it."""
        if self._pen_dialog == (request.game_id, request.client):
            return  # shown already: a later request waits its turn
        if self._pen_dialog is not None:  # the one shown was answered on another device
            self.page.pop_dialog()
        s = self.session
        game_id = request.game_id

        def answer(give: bool) -> None:
            with self._lock:
                self._pen_dialog = None
                self.page.pop_dialog()
                res = s.give_pen(game_id, request.client) if give else s.keep_pen(game_id, request.client)
                if not res:
                    self.error(res.message)
                    return
                self.table_event(game_id, "pen-given" if give else "pen-kept", request.client)

        names = " v ".join(s.game.side_names) if s.game_id == game_id and s.game is not None else ""
        self._pen_dialog = (game_id, request.client)
        after = ("you watch, and can take the pen back at any time" if s.role is Role.HOST
                 else "you watch")
        self.page.show_dialog(ft.AlertDialog(
            modal=True,
            title=tid("pen-request", ft.Text(f"{request.name} asks for the pen")),
            content=ft.Text(f"Give it, and {request.name} enters the hands of this game"
                            f"{' (' + names + ')' if names else ''}; {after}."),
            actions=[tid("pen-keep", ft.TextButton("Keep", height=theme.TARGET,
                                                   on_click=lambda e: answer(False))),
                     tid("pen-give", ft.FilledButton("Give", height=theme.TARGET,
                                                     on_click=lambda e: answer(True)))]))


HOST_KEY = "scorekeeper.host"  # the host link's token, kept by a browser that opened it
TABLE_KEY = "scorekeeper.table"  # the code of the table a browser views
DEVICE_KEY = "scorekeeper.device"  # this browser, as the pen knows it (a random name)
