"""Start the table app: native window where possible, else browser or web server.

`run_app()` is what the CLI calls.  `main(page)` builds one session (one
browser tab or window): theme, fonts, and the router that maps a route to a
view module in `scorekeeper.gui.views`.
"""
from __future__ import annotations

import errno
import logging
import os
import socket
import sys
import webbrowser
from pathlib import Path
from typing import Callable

import flet as ft
import uvicorn

from ..engine import ScorekeeperError
from . import theme
from .models import Session, SharedRepository
from .router import Router
from .screen import Screen

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
    """

    def __init__(self, page: ft.Page, shared: SharedRepository):
        self.page = page
        self.session = Session(shared)
        self.router = Router(page, make_screen=lambda cls, params: cls(self, **params),
                             on_shown=self._shown, on_error=self.error)
        self._awake = False
        self._wakelock: ft.Wakelock | None = None

    # -- start -------------------------------------------------------------
    def start(self) -> None:
        page = self.page
        page.title = "Spades Scorekeeper"
        if not page.web:  # a browser has them before the first frame: assets/assets/FontManifest.json
            page.fonts = theme.FONTS
        page.theme = theme.light()
        page.dark_theme = theme.dark()
        page.theme_mode = ft.ThemeMode.LIGHT
        page.padding = 0
        page.on_route_change = lambda e: self.router.show(e.route)
        page.on_view_pop = self._view_pop
        page.on_resize = lambda e: self.router.resized()
        page.pubsub.subscribe(self._on_broadcast)
        for notice in self.session.notices():
            self.message(notice)
        self.router.show(page.route or "/")

    # -- navigation --------------------------------------------------------
    def go(self, route: str) -> None:
        """Show `route` now and put it in the browser's address bar."""
        self.router.show(route)
        self.page.run_task(self.page.push_route, route)

    def back(self) -> None:
        self.go(self.router.parent_route())

    @property
    def query(self) -> dict[str, str]:
        """The query of the route being shown ("/game/ID?tab=sheet" -> {"tab": "sheet"})."""
        return self.router.query

    def refresh(self) -> None:
        """Build the screen on show again (its data or its layout changed)."""
        self.router.refresh()

    def _shown(self, screen: Screen) -> None:
        self.keep_awake(screen.keep_awake)

    def _view_pop(self, e: ft.ViewPopEvent) -> None:
        self.back()

    # -- messages ----------------------------------------------------------
    def message(self, text: str, action: str | None = None,
                on_action: Callable[[], None] | None = None, error: bool = False) -> None:
        """A short message: in the screen's own place for it, else at the bottom of the
        screen (with an optional action)."""
        screen = self.router.current
        if action is None and not error and screen is not None and screen.notify(text):
            return
        bar = ft.SnackBar(
            ft.Semantics(identifier="message", content=ft.Text(text)),
            action=action,
            on_action=(lambda e: on_action()) if on_action else None,
            duration=ft.Duration(seconds=6 if action else 4),
            bgcolor=ft.Colors.ERROR if error else None,
            show_close_icon=False,  # its icon is a 40 px target; a message goes by itself
        )
        self.page.show_dialog(bar)

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

    def _on_broadcast(self, message) -> None:
        if isinstance(message, tuple) and message and message[0] == "game-changed":
            game_id = message[1]
            change = self.session.reload() if self.session.game_id == game_id else None
            if self.router.current is not None:
                self.router.current.changed_elsewhere(game_id, change)
            self.page.update()


def _session_main(shared: SharedRepository):
    def main(page: ft.Page) -> None:
        App(page, shared).start()
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


def lan_address() -> str:
    """This machine's address on the local network (for phones), or 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


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


def run_app(data_dir: Path | str, web: bool = False, host: str | None = None,
            port: int | None = None, open_browser: bool = True) -> None:
    """Run the table app until it is closed.

    - `web=True`: serve on the network for phones (host 0.0.0.0 unless given,
      port 8000 unless given; port 0: any free port) and print the address to open.
    - otherwise: the native window where a display and flet-desktop's client are
      available; else the browser; on a machine with no display, serve on
      127.0.0.1 and print the address.
    The address is printed only once the port is bound; a taken port is a ServeError
    (one line naming the port and how to choose another).
    """
    assets = assets_or_warn()
    common = dict(assets_dir=str(assets) if assets else None, no_cdn=True, name="")

    if not web and _has_display() and _native_client_ready():
        ft.run(_session_main(SharedRepository(Path(data_dir))), view=ft.AppView.FLET_APP, **common)
        return

    serve_only = web or not _has_display() or not open_browser
    host = host or ("0.0.0.0" if web else "127.0.0.1")
    sock = bind(host, DEFAULT_PORT if port is None else port)  # before anything is opened or said
    main = _session_main(SharedRepository(Path(data_dir)))
    shown = lan_address() if host in ("0.0.0.0", "") else host
    url = f"http://{shown}:{sock.getsockname()[1]}/"
    print(f"Spades Scorekeeper is served at {url}", flush=True)
    if web:
        print("Open that address on a phone on the same network. Ctrl+C stops.", flush=True)
    elif serve_only:
        print("No display here: open that address in a browser. Ctrl+C stops.", flush=True)
    else:
        webbrowser.open(url)
    _serve(ft.run(main, export_asgi_app=True, **common), sock)


def _serve(asgi_app, sock: socket.socket) -> None:
    """Flet's web app, served by uvicorn (as flet-web serves it) on a socket that is already bound."""
    config = uvicorn.Config(asgi_app, log_level="critical", ws="websockets-sansio",
                            timeout_graceful_shutdown=3)
    uvicorn.Server(config).run(sockets=[sock])
