"""Start the table app: native window where possible, else browser or web server.

`run_app()` is what the CLI calls.  `main(page)` builds one session (one
browser tab or window): theme, fonts, and the router that maps a route to a
view module in `scorekeeper.gui.views`.
"""
from __future__ import annotations

import asyncio
import errno
import logging
import os
import re
import secrets
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Callable

import flet as ft
import uvicorn

from ..engine import ScorekeeperError
from . import guard, theme
from .models import PenRequest, Result, Role, Session, SharedRepository, Tables, access, links
from .models.events import Event, Kind, PenMove
from .models.served import Served
from .pictures import Pictures
from .router import Router
from .screen import Screen
from .testid import tid

log = logging.getLogger(__name__)

_PACKAGE = Path(__file__).resolve().parents[1]
#: Where the assets (the fonts with the suit symbols) may be: inside the installed package
#: (the wheel maps the repository's assets/ to scorekeeper/assets), or at the top of a checkout.
ASSET_PLACES = (_PACKAGE / "assets", _PACKAGE.parent / "assets")
DEFAULT_PORT = 8000


def find_assets(places: tuple[Path, ...] = ASSET_PLACES) -> Path | None:
    """The first place that holds every font the page asks for (`theme.FONTS`), else None."""
    for place in places:
        if all((place / url.lstrip("/")).is_file() for url in theme.FONTS.values()):
            return place
    return None


ASSETS_DIR = find_assets()


class ServeError(ScorekeeperError):
    """The app cannot be served where it was asked to be (a taken port, an unknown address)."""


class App:
    """One session of the app: the page, the session state and the router.

    Screens get everything through this object, as a `screen.Host`: `app.page`,
    `app.session`, `app.go(route)`, `app.refresh()`, `app.message(text)`, ...

    Who this session is (`session.role`) rests only on what the server knows: the window the
    server opened itself (`native`) is the host; a served session is a guest until it brings
    the host link's token (or its browser kept it, see `HOST_KEY`): then it is the host; one
    that joined a table by its code is a viewer.  What a client says of itself (``page.web``,
    ``page.client_ip``) decides nothing.  Every route is admitted first (`models.access.admit`).
    """

    def __init__(self, page: ft.Page, served: Served, native: bool = False):
        self.page = page
        self.served = served
        self.native = native
        self.session = Session(served.shared, served.tables,
                               role=Role.HOST if native else Role.GUEST,
                               client=secrets.token_urlsafe(12), board=served.board,
                               publish=self._publish)
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
        page.pubsub.subscribe(self._on_event)
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
        route = access.bounded(route)
        asked, parts = route, _parts(route)
        with self._lock:
            if device and len(device) <= 64:  # the same device as before (a pen it was given stays in its hand)
                self.session.client = device
            else:
                self._keep(DEVICE_KEY, self.session.client)
            if parts[:1] == ["host"]:
                route = self._host_link(parts[1] if len(parts) > 1 else "")
            elif self.session.seat.become_host(host):
                pass
            elif parts[:1] == ["join"] and len(parts) > 1:
                route = self._join_link(parts[1])
            elif code:
                res = self.session.seat.join(code, where=self._where())
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
        if self.session.seat.become_host(token):
            self._keep(HOST_KEY, token)
            self.table_notice = None
            return "/"
        self.table_notice = ("That host link is not this server's: it changes when scorekeeper starts "
                             "again; open the one it printed last")
        return access.JOIN

    def _join_link(self, code: str) -> str:
        if self.session.role is Role.HOST:
            return "/"
        res = self.join_table(code)
        return f"/table/{self.session.table}" if res else access.JOIN

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
            s.seat.leave()
            self._forget(TABLE_KEY)
            self.table_notice = "This table stopped sharing"
        return access.admit(s, route).route

    def show(self, route: str, asked: str | None = None) -> None:
        """Show `route` (as the browser reports it); the address bar follows if this session is
        shown another route than the one `asked` for (a guest asking for a game sees the join
        page)."""
        with self._lock:
            route = access.bounded(route)
            asked, parts = asked or route, _parts(route)
            if parts[:1] == ["host"] and len(parts) > 1:  # pasted into a tab already open
                route = self._host_link(parts[1])
            elif parts[:1] == ["join"] and len(parts) > 1:
                route = self._join_link(parts[1])
            self.router.show(route)
            if self.router.route != asked:
                self.page.run_task(self.page.push_route, self.router.route)

    def go(self, route: str) -> None:
        """Show `route` now and put it in the browser's address bar."""
        with self._lock:
            self.router.show(route)
            self.page.run_task(self.page.push_route, self.router.route)

    def back(self) -> None:
        self.go(self.router.parent_route())

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
    def _publish(self, event: Event) -> None:
        """What the session changed, to the other sessions of this server (and to this one
        too when it changes who may see what: its own screen is admitted again)."""
        send = self.page.pubsub.send_all if event.to_self else self.page.pubsub.send_others
        send(event)

    def join_table(self, code: str) -> Result:
        with self._lock:
            res = self.session.seat.join(code, where=self._where())
            if res:
                self.table_notice = None
                self._keep(TABLE_KEY, self.session.table_code)
            return res

    def leave_table(self) -> None:
        with self._lock:
            self.session.seat.leave()
            self._forget(TABLE_KEY)
            self.go(access.JOIN)

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
            self.page.run_task(self.page.push_route, self.router.route)
        elif self.router.current is not None:
            self.router.current.table_changed(game_id, Kind.PEN if move else Kind.SHARING)
        request = s.tables.request_for(game_id)
        if request is not None and s.holds_pen(game_id) and s.may_see(game_id):
            self._ask_holder(request)
        elif self._pen_dialog is not None and self._pen_dialog[0] == game_id:
            self._pen_dialog = None  # answered on another device
            self.page.pop_dialog()
        if client == s.client and move is PenMove.KEPT:
            self.message(f"{s.tables.pen_name(game_id)} keeps the pen for now")
        elif client == s.client and move is PenMove.GIVEN and s.holds_pen(game_id):
            self.message("You have the pen: the hands you save count for the whole table")
        elif move is PenMove.TAKEN and client == s.client:
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
                res = s.seat.give_pen(game_id, request.client) if give else s.seat.keep_pen(game_id, request.client)
                if not res:
                    self.error(res.message)

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


def _parts(route: str) -> list[str]:
    return [p for p in route.split("?", 1)[0].split("/") if p]


def _session_main(served: Served, native: bool = False):
    def main(page: ft.Page) -> None:
        App(page, served, native=native).start()
    return main


# -- starting the server ---------------------------------------------------
def _has_display() -> bool:
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _native_client_ready() -> bool:
    """Whether flet-desktop's window client is here (or can be fetched now)."""
    try:
        import flet_desktop
        flet_desktop.ensure_client_cached()
        return True
    except Exception as exc:  # no package, no network, unpacking failed
        log.info("native window not available: %s", exc)
        return False


def assets_or_warn(places: tuple[Path, ...] = ASSET_PLACES) -> Path | None:
    """The assets folder; when it is missing, say so in one line on stderr (the app still runs)."""
    found = find_assets(places)
    if found is None:
        looked = " and ".join(str(place) for place in places)
        print(f"scorekeeper: the app's fonts are missing (looked in {looked}); suit symbols will show "
              f"as empty boxes: reinstall scorekeeper to restore them", file=sys.stderr, flush=True)
    return found


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port), or a ServeError that says in one line what to do."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as err:
        raise ServeError(f"cannot serve on {host}: not an address of this machine ({err.strerror}); "
                         f"choose another with --host") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a port just freed is free
        sock.bind(address)
        sock.listen(2048)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {host} is taken (scorekeeper may already be running "
                             f"there); choose another with --port, e.g. --port {_free_port_after(host, port)}"
                             ) from None
        if err.errno == errno.EACCES:
            raise ServeError(f"port {port} on {host} is not open to this user; choose one above 1023 "
                             f"with --port") from None
        if err.errno == errno.EADDRNOTAVAIL:
            raise ServeError(f"cannot serve on {host}: not an address of this machine; "
                             f"choose another with --host") from None
        raise ServeError(f"cannot serve on {host} port {port}: {err.strerror or err}") from None
    return sock


def _free_port_after(host: str, port: int) -> int:
    """A port above `port` that is free now (to suggest; it may be taken by the time it is used)."""
    for candidate in range(port + 1, min(port + 50, 65535)):
        with socket.socket() as probe:
            try:
                probe.bind((host, candidate))
                return candidate
            except OSError:
                continue
    return port + 1


#: the environment variable that fixes the host link's secret (tests; a scorekeeper who wants
#: one link across restarts); unset, every start makes a new one
TOKEN_VARIABLE = "SCOREKEEPER_HOST_TOKEN"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,200}")


def host_token(given: str | None = None) -> str:
    """The host link's secret: `given`, else $SCOREKEEPER_HOST_TOKEN, else a new random one."""
    token = given if given is not None else os.environ.get(TOKEN_VARIABLE)
    if token is None or token == "":
        return secrets.token_urlsafe(24)
    if not _TOKEN.fullmatch(token):
        raise ServeError(f"{TOKEN_VARIABLE} must be 16 to 200 letters, digits, '-' or '_' (it is the "
                         f"secret of the host link; it has {len(token)} characters"
                         f"{'' if re.fullmatch(r'[A-Za-z0-9_-]*', token) else ', some of them not allowed'}"
                         f"): unset it for a random one")
    return token


def banner(served: Served, web: bool, serve_only: bool) -> str:
    """What the terminal says once the port is bound: the address, what to do, the host link
    and (when a phone can reach it) the host link's QR code."""
    link = served.host_link()
    lines = [f"Spades Scorekeeper is served at {served.base_url}/"]
    if web:
        lines.append("Keep score from the host link below (scan its QR code with your phone, or open it "
                     "here); phones at the table join from a game's menu, Share this table. Ctrl+C stops.")
    elif serve_only:
        lines.append("No display here: open the host link below in a browser to keep score. Ctrl+C stops.")
    else:
        lines.append("Opening the host link in your browser. Ctrl+C stops.")
    lines.append("Host link (a new one each start unless SCOREKEEPER_HOST_TOKEN is set; keep it to "
                 "yourself):")
    lines.append(link)
    if served.only_this_computer:
        lines.append("Only this computer can open it: to keep score from a phone, or to share a table "
                     "with the phones at the table, start `scorekeeper --web` (or --host 0.0.0.0).")
    else:
        lines.append(links.qr_text(link).rstrip("\n"))
    return "\n".join(lines)


def run_app(data_dir: Path | str, web: bool = False, host: str | None = None,
            port: int | None = None, open_browser: bool = True, token: str | None = None) -> None:
    """Run the table app until it is closed.

    - `web=True`: serve on the network for phones (host 0.0.0.0 unless given,
      port 8000 unless given; port 0: any free port) and print the address to open.
    - otherwise: the native window where a display and flet-desktop's client are
      available; else the browser; on a machine with no display, serve on
      127.0.0.1 and print the address.
    Whenever it is served, the host link (`token`, else $SCOREKEEPER_HOST_TOKEN, else a
    random secret) is printed with its QR code, and a browser the app opens opens it.
    The address is printed only once the port is bound; a taken port is a ServeError
    (one line naming the port and how to choose another).
    """
    tables = Tables(host_token=host_token(token))
    try:
        links.given_lan_address()  # a wrong $SCOREKEEPER_LAN_ADDRESS is said before anything starts
    except ValueError as err:
        raise ServeError(str(err)) from None
    assets = assets_or_warn()
    common = dict(assets_dir=str(assets) if assets else None, no_cdn=True, name="")

    if not web and _has_display() and _native_client_ready():
        served = Served(SharedRepository(Path(data_dir)), tables)
        ft.run(_session_main(served, native=True), view=ft.AppView.FLET_APP, **common)
        return

    serve_only = web or not _has_display() or not open_browser
    host = host or ("0.0.0.0" if web else "127.0.0.1")
    sock = bind(host, DEFAULT_PORT if port is None else port)  # before anything is opened or said
    served = Served(SharedRepository(Path(data_dir)), tables, listen_host=host, port=sock.getsockname()[1])
    print(banner(served, web, serve_only), flush=True)
    if not serve_only:
        webbrowser.open(served.host_link())
    _serve(Pictures(ft.run(_session_main(served), export_asgi_app=True, **common), served.join_link), sock)


def _serve(asgi_app, sock: socket.socket, limits: guard.Limits | None = None) -> None:
    """Flet's web app behind the guard (`guard.Guard`), served by uvicorn (as flet-web serves it)
    on a socket that is already bound.  The peer's address is the socket's: no proxy header is
    believed."""
    limits = limits or guard.Limits()
    config = uvicorn.Config(guard.Guard(asgi_app, limits), log_level="critical", ws="websockets-sansio",
                            ws_max_size=limits.max_message, proxy_headers=False,
                            timeout_graceful_shutdown=3)
    uvicorn.Server(config).run(sockets=[sock])
