"""Serving the table app: the native window where possible, else the browser or a web server.

`run_app()` is what the CLI calls: it binds the port, prints the host link and starts one `App`
(app.py) for each browser tab or window.  `bind`, `_serve` and `assets_or_warn` serve the probe
app of the tests and the benchmark's minimal Flet page the same way.
"""
from __future__ import annotations

import contextlib
import errno
import logging
import os
import re
import secrets
import socket
import sys
import webbrowser
from pathlib import Path

import flet as ft
import uvicorn

from .. import interrupt
from ..engine import ScorekeeperError
from . import guard, sockets, theme
from .app import App
from .models import SharedRepository, Tables, links
from .models.served import Served
from .pictures import Pictures

log = logging.getLogger(__name__)

_PACKAGE = Path(__file__).resolve().parents[1]
#: Where the assets (the fonts with the suit symbols; the web app's page, manifest and icons, which
#: Flet serves instead of its own: tools/make_web_app.py) may be: inside the installed package
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
    if served.only_this_computer and served.listens_everywhere:
        lines.append("Only this computer can open it: it has no address on a network. To keep score "
                     "from a phone, connect it to the Wi-Fi the phones use and start it again.")
    elif served.only_this_computer:
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
    flet_app = without_fastapi_pages(ft.run(_session_main(served), export_asgi_app=True, **common))
    _serve(Pictures(flet_app, lambda code: served.join_link(code) if served.tables.is_code(code) else None), sock)


#: the pages FastAPI adds to every app (its API's documentation, which loads scripts from a CDN):
#: this app has no API, so they are off (an address of theirs is the app's page, as any other)
FASTAPI_PAGES = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})


def without_fastapi_pages(app):
    """Flet's FastAPI app without FastAPI's documentation pages (`FASTAPI_PAGES`), in it and in the
    apps mounted in it (Flet mounts its own FastAPI app in another)."""
    from fastapi import FastAPI
    from starlette.routing import Mount

    if isinstance(app, FastAPI):
        app.router.routes = [r for r in app.router.routes if getattr(r, "path", None) not in FASTAPI_PAGES]
        for route in app.router.routes:
            if isinstance(route, Mount):
                without_fastapi_pages(route.app)
        app.openapi_url = app.docs_url = app.redoc_url = app.swagger_ui_oauth2_redirect_url = None
    return app


#: where Flutter's web engine asks for a piece of a Noto font, meeting a character none of the
#: page's fonts has (its fontFallbackBaseUrl is the app's own assets/fonts/ with no_cdn; stock Flet
#: asks Google's font host, unreachable offline, and draws empty boxes): for an emoji it asks for
#: pieces of Noto Color Emoji, and of Noto Sans Symbols too.  Every such piece is sent on to the
#: app's one emoji font (tools/emoji_font.py): fetched once, and only by a page that shows an emoji.
EMOJI_PIECE = re.compile(r"/assets/fonts/(notocoloremoji|notosanssymbols)/[A-Za-z0-9_./-]*\.woff2")
EMOJI_FONT = "/fonts/Twemoji.woff2"


def emoji_font(asgi_app):
    """`asgi_app` with every piece of Noto Color Emoji (`EMOJI_PIECE`) it is asked for sent on to
    `EMOJI_FONT` (a redirect: the browser keeps one copy, whichever piece is asked for)."""
    async def app(scope, receive, send) -> None:
        if scope["type"] == "http" and EMOJI_PIECE.fullmatch(scope.get("path", "")):
            await send({"type": "http.response.start", "status": 302,
                        "headers": [(b"location", EMOJI_FONT.encode()), (b"content-length", b"0"),
                                    (b"cache-control", b"max-age=86400")]})
            await send({"type": "http.response.body", "body": b""})
            return
        await asgi_app(scope, receive, send)
    return app


def _serve(asgi_app, sock: socket.socket, limits: guard.Limits | None = None,
           socket_limits: sockets.SocketLimits | None = None) -> None:
    """Flet's web app behind the guard (`guard.Guard`), served by uvicorn (as flet-web serves it)
    on a socket that is already bound, its connections counted and timed by the transport
    (`sockets.Sockets`: a header timeout, caps per address and in all).  The peer's address is the
    socket's: no proxy header is believed."""
    limits = limits or guard.Limits()
    counted = sockets.Sockets(socket_limits)
    http, ws = sockets.protocols(counted)
    config = uvicorn.Config(guard.Guard(emoji_font(asgi_app), limits), log_level="critical", http=http, ws=ws,
                            ws_max_size=limits.max_message, proxy_headers=False,
                            timeout_keep_alive=int(counted.limits.keep_alive), timeout_graceful_shutdown=3)
    server = _Server(config)
    with interrupt.stopping(lambda: setattr(server, "should_exit", True)):
        server.run(sockets=[sock])


class _Server(uvicorn.Server):
    """uvicorn's server, stopped by `scorekeeper.interrupt` rather than by signal handlers of its
    own: uvicorn sets them only once its loop runs, and a Ctrl+C before that was lost."""

    @contextlib.contextmanager
    def capture_signals(self):
        yield
