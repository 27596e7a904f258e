"""One session of the table app (one browser tab or window): `App`.

`serve.run_app()` starts the server and makes an `App` for each session.  The App composes and
starts: the theme, the session state, the router that maps a route to a view module in
`scorekeeper.gui.views`, the way in (`door.py`: links, what the browser kept, admission), the
messages (`messages.py`), the screen kept on (`awake.py`) and the pen holder's dialog
(`components/pen_dialog.py`).
"""
from __future__ import annotations

import logging
import secrets
import threading
from typing import Callable

import flet as ft

from . import routes, theme
from .address import Address
from .awake import Awake
from .components.pen_dialog import PenDialog
from .door import Door
from .local_storage import LocalStorage
from .models.kept_drafts import KEY as DRAFTS_KEY, KeptDrafts
from .messages import Messages
from .models import Result, Role, Session
from .models.events import Event, Kind, PenMove
from .models.served import Served
from .router import Router
from .screen import Screen

log = logging.getLogger(__name__)


class App:
    """One session of the app: it composes the page, the session state, the router and the
    helpers of one concern each, and starts them.

    Screens get everything through this object, as a `screen.Host`: `app.page`,
    `app.session`, `app.go(route)`, `app.refresh()`, `app.message(text)`, ...

    Who this session is (`session.role`) rests only on what the server knows: the window the
    server opened itself (`native`) is the host; a served session is a guest until it brings
    the host link's token (or its browser kept it): then it is the host; one that joined a
    table by its code is a viewer (`door.Door`).  What a client says of itself (``page.web``,
    ``page.client_ip``) decides nothing.  Every route is admitted first (`access.admit`).
    """

    def __init__(self, page: ft.Page, served: Served, native: bool = False):
        self.page = page
        self.served = served
        self.native = native
        #: the phone's own build (`served.phone`): the one user of this phone, its games kept in
        #: the browser's storage (`phone.Keeping`), nothing of the server imported
        self.keeping = None
        self.session = Session(served.shared, served.tables,
                               role=Role.HOST if native or served.phone is not None else Role.GUEST,
                               client=secrets.token_urlsafe(12), board=served.board,
                               publish=self._publish,
                               device="this computer" if native else "this phone" if served.phone is not None
                               else "host link browser")
        self.door = self._way_in()
        # the hand being entered, per game: in the browser's storage (a reload, a server restart);
        # on the phone's own build (no such storage kept by the door) while the app is open
        storage = self.door.storage
        self.drafts = KeptDrafts(None if native or storage is None
                                 else lambda text: storage.keep(DRAFTS_KEY, text))
        # the browser's address bar, and the answers to what the app pushed to it
        self.address = Address(lambda route: page.run_task(page.push_route, route), at=page.route)
        self.router = Router(page, make_screen=lambda cls, params: cls(self, **params),
                             on_shown=self._shown, on_error=self.error, admit=self.door.admit)
        # pubsub handlers and event handlers run in worker threads: one at a time per session
        self._lock = threading.RLock()
        self.messages = Messages(page, self.router, self._lock)
        self.awake = Awake(page)
        self.pen_dialog = PenDialog(self, self._lock)

    def _way_in(self):
        """Who this session is and which screens it may open: `door.Door` when served (the guard
        drops a guest's session as soon as its connection ends; wrong codes are counted by the
        peer's address from the socket); on the phone's own build `phone.PhoneDoor`."""
        if self.served.phone is not None:
            from .phone import Keeping, PhoneDoor
            self.keeping = Keeping(self, self.served.phone)
            self.session.kept = self.keeping.kept
            return PhoneDoor(self.session, self.served.phone)
        from . import guard  # the server's (not in the phone's build)
        connection = guard.current()
        guard.keep_when(self.page, lambda: self.session.role is not Role.GUEST)
        self.page.on_close = lambda e: guard.forget(self.page)  # a kept session Flet let go (an hour later)
        return Door(self.session, LocalStorage(self.page),
                    peer=connection.peer if connection is not None else "this computer")

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
        page.on_route_change = lambda e: self.show(e.route, reported=True)
        page.on_view_pop = lambda e: self.back()
        page.on_resize = lambda e: self.router.resized()
        page.on_connect = lambda e: self._reconnected()
        page.pubsub.subscribe(self._on_event)
        if not self.native and self.keeping is None:
            self.door.storage.open()
            page.run_task(self._arrive, page.route or routes.HOME)
        else:
            for notice in self.door.notices():
                self.message(notice)
            if self.keeping is None:
                self.router.show(page.route or routes.HOME)
            else:  # the phone's own build: a route typed by hand may lead elsewhere (no sharing)
                self.show(page.route or routes.HOME)
                self.keeping.started()

    async def _arrive(self, route: str) -> None:
        """A browser's first route: the host link, a join link, or what this browser kept."""
        asked = routes.bounded(route)
        kept = await self.door.recall()
        if self.door.storage is not None:  # (the phone's own build keeps none)
            self.drafts.load(await self.door.storage.recall(DRAFTS_KEY))
        with self._lock:
            route = self.door.arrive(asked, kept)
            for notice in self.door.notices():
                self.message(notice)
            self.show(route, asked)

    @property
    def table_notice(self) -> str | None:
        """Why this device was sent to the join page, or None (`Door.table_notice`)."""
        return self.door.table_notice

    # -- navigation --------------------------------------------------------
    def show(self, route: str, asked: str | None = None, reported: bool = False) -> None:
        """Show `route` (as the browser reports it); the address bar follows if this session is
        shown another route than the one `asked` for (a guest asking for a game sees the join
        page).  `reported`: the browser's route change, which may answer a push of ours (a
        late answer must not bring back a screen left since: `address.Address`)."""
        with self._lock:
            route = routes.bounded(route)
            if reported and self.address.settle(route, self.router.route):
                return
            asked = asked or route
            if asked == route:  # the browser's back (or forward) while this session runs
                route = self._back_from(self.router.route, route)
            self.router.show(self.door.follow(route))
            if self.session.role is Role.HOST and not self.native and self.served.phone is None:  # (a host link)
                from . import sockets  # the server's (not in the phone's build)
                sockets.trust(self.door.peer)  # its address's connections may use the reserve
            if self.router.route != asked:
                self.address.push(self.router.route)

    @staticmethod
    def _back_from(shown: str, route: str) -> str:
        """Where the browser's back leads from `shown`: out of a game to the games list, never
        to the New game form the game was started on (an empty form, whose Start makes a stray
        game); anything else as the browser says."""
        here, there = routes.parse(shown), routes.parse(route)
        if here is not None and there is not None and here.template in (routes.GAME, routes.TABLE) \
                and there.module == "new_game":
            return routes.parent(shown)
        return route

    def go(self, route: str) -> None:
        """Show `route` now and put it in the browser's address bar."""
        with self._lock:
            self.router.show(route)
            self.address.push(self.router.route)

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
        self.awake.keep(screen.keep_awake)
        self.messages.screen_shown()

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
                self.address.push(self.router.route)
            elif screen is not None:
                if change and self.session.game_id:
                    screen.changed_elsewhere(self.session.game_id, change)
                screen.reconnected()

    # -- messages (messages.py) ---------------------------------------------
    def message(self, text: str, action: str | None = None,
                on_action: Callable[[], None] | None = None, error: bool = False) -> None:
        """A short message: in the screen's own place for it, else at the bottom of the
        screen (with an optional action).  On the phone's own build, once the changes made before
        it are kept in the browser's storage."""
        if self.keeping is not None and self.keeping.holds(text, action, on_action, error):
            return
        self.messages.show(text, action, on_action, error)

    def clear_message(self) -> None:
        """Take a message at the bottom away before its time (it would cover Save)."""
        self.messages.clear()

    def error(self, text: str) -> None:
        self.messages.show(text, error=True)

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
    def _publish(self, event: Event) -> None:
        """What the session changed, to the other sessions of this server (and to this one
        too when it changes who may see what: its own screen is admitted again)."""
        send = self.page.pubsub.send_all if event.to_self else self.page.pubsub.send_others
        send(event)

    def join_table(self, code: str) -> Result:
        with self._lock:
            return self.door.join(code)

    def leave_table(self) -> None:
        with self._lock:
            self.door.leave()
            self.go(routes.JOIN)

    def _on_event(self, event) -> None:
        """Another session (or this one) changed something: show what this session may see of it."""
        if not isinstance(event, Event):
            return
        with self._lock:
            try:
                if event.kind in (Kind.GAME, Kind.GAMES):
                    self._game_changed(event.game_id)
                if event.kind is Kind.ENTRY:
                    if self.session.may_see(event.game_id) and self.router.current is not None:
                        self.router.current.table_changed(event.game_id, Kind.ENTRY)
                elif event.kind in (Kind.SHARING, Kind.PEN) or getattr(event, "removed", False):
                    self._table_changed(event)  # a deleted game is shared no more
                elif event.kind is Kind.GUESSING and self.session.role is Role.HOST:
                    self.error(event.text)  # someone may be guessing the code: the scorekeeper decides
            except RuntimeError as exc:  # the session went away meanwhile
                log.info("event for a closed session: %s", exc)

    def _game_changed(self, game_id: str) -> None:
        s = self.session
        if not s.may_see(game_id):
            if s.role is Role.VIEWER and game_id == s.table:
                self.refresh()  # its table stopped sharing: admitted to the join page
            return
        change = s.reload() if s.game_id == game_id else None
        if self.router.current is not None:  # the screen updates what it changed (a whole-page
            self.router.current.changed_elsewhere(game_id, change)  # diff costs every viewer ~10 ms)

    def _table_changed(self, event: Event) -> None:
        """Sharing or the pen of a game changed: this session may now be shown another
        screen (the pen came or went, the table stopped), be asked for the pen, or be told
        the answer to its own request."""
        s, game_id = self.session, event.game_id
        move, client = getattr(event, "move", None), getattr(event, "client", None)
        route = self.router.route
        self.router.show(route)  # admitted again
        if self.router.route != route:
            self.address.push(self.router.route)
        elif self.router.current is not None:
            self.router.current.table_changed(game_id, Kind.PEN if move else Kind.SHARING)
        request = s.tables.request_for(game_id)
        if request is not None and s.holds_pen(game_id) and s.may_see(game_id):
            self.pen_dialog.ask(request)
        else:
            self.pen_dialog.close(game_id)  # answered on another device, if it shows
        if client == s.client and move is PenMove.KEPT:
            self.message(f"{s.tables.pen_name(game_id)} keeps the pen for now")
        elif client == s.client and move is PenMove.GIVEN and s.holds_pen(game_id):
            self.message("You have the pen: the hands you save count for the whole table")
        elif move is PenMove.TAKEN and client == s.client:
            self.message("The scorekeeper took the pen back")
        self.page.update()
