"""The app in a subprocess and a Chromium tab driving it: shared by the GUI tests and
benchmarks/bench_gui.py.  Why it is done this way: "Testing in a real browser" in
scorekeeper/gui/README-dev.md.
"""
from __future__ import annotations

import copy
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "screenshots"
CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
#: the name a served app gives phones as its LAN address (SCOREKEEPER_LAN_ADDRESS), and that the
#: tests' Chromium resolves to 127.0.0.1: a page opened by it is a phone's (no secure context), no
#: packet leaves this machine, and no network is needed
LAN_NAME = "lan.test"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1"]
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
             device_scale_factor=2)
DESKTOP = dict(viewport={"width": 1280, "height": 860})

# Flutter (release build) draws a widget that failed to lay out as a flat grey box, about
# 100,000 px tall when the failure is an unbounded height.  Two ways to see one:
#: no semantics node is this tall or scrolls this far (css px); a long sheet is ~5,000
BROKEN_EXTENT = 20_000
#: ... and a screenshot holds no more than this many pixels of the box's grey
ERROR_GREY, BROKEN_PIXELS = (196, 196, 195), 20_000
_BROKEN_JS = """(limit) => {
    const found = [];
    for (const el of document.querySelectorAll('flt-semantics')) {
        const r = el.getBoundingClientRect();
        const extent = Math.max(r.height, r.width, el.scrollHeight, el.scrollWidth);
        if (extent > limit) {
            let named = el;
            while (named && !named.getAttribute('flt-semantics-identifier')) named = named.parentElement;
            found.push(`${Math.round(extent)} px in ${named ? named.getAttribute('flt-semantics-identifier') : 'the page'}`);
        }
    }
    return found;
}"""


#: the smallest tap target (css px) on a phone, each way (theme.TARGET)
TARGET = 48
class DrawnBroken(AssertionError):
    """The screen shows Flutter's error box: a widget failed to lay out."""


def grey_pixels(png: Path | bytes) -> int:
    """How many pixels of a screenshot have the grey of Flutter's error box (±4 each channel)."""
    import io

    from PIL import Image, ImageChops

    image = Image.open(io.BytesIO(png) if isinstance(png, bytes) else png).convert("RGB")
    near = [band.point([255 if abs(v - c) <= 4 else 0 for v in range(256)])
            for band, c in zip(image.split(), ERROR_GREY)]
    return ImageChops.multiply(ImageChops.multiply(near[0], near[1]), near[2]).histogram()[255]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The app served in web mode by a subprocess.

    `token`: the secret of its host link (`host_link`), given through SCOREKEEPER_HOST_TOKEN so
    the tests can keep score; `host`: where it listens (0.0.0.0: as `scorekeeper --web` does;
    the tests still open it at 127.0.0.1, or by `lan` through `reached_as`); `lan`: the address
    it gives phones when it listens on every interface (SCOREKEEPER_LAN_ADDRESS; None: the one
    it finds, 127.0.0.1 on a machine without a network); `command`: what serves (the app's
    `python -m scorekeeper.gui --serve` unless given), to which --host, --port and --data are added."""

    def __init__(self, data_dir: Path, log_path: Path, renderer: str | None = "canvaskit",
                 host: str = "127.0.0.1", token: str | None = None, lan: str | None = LAN_NAME,
                 command: list[str] | None = None):
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.token = token or secrets.token_urlsafe(24)
        self.host_link = f"{self.url}host/{self.token}"
        env = dict(os.environ, SCOREKEEPER_DATA=str(data_dir), FLET_WEB_NO_CDN="1",
                   PYTHONUNBUFFERED="1", SCOREKEEPER_HOST_TOKEN=self.token)
        env.pop("SCOREKEEPER_LAN_ADDRESS", None)
        if lan:
            env["SCOREKEEPER_LAN_ADDRESS"] = lan
        # canvaskit: screenshots taken right after a change are never blank or stale;
        # None: the app's own default (what users get; the benchmark measures that)
        if renderer:
            env.setdefault("FLET_WEB_RENDERER", renderer)
        self.renderer = env.get("FLET_WEB_RENDERER")
        env.pop("DISPLAY", None)
        self.log = open(log_path, "w")
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [*(command or [sys.executable, "-m", "scorekeeper.gui", "--serve"]), "--host", host,
             "--port", str(self.port), "--data", str(data_dir)],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.ready_after = self._wait()

    def _wait(self, timeout: float = 30) -> float:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"app server exited: see {self.log.name}")
            try:
                with urllib.request.urlopen(self.url, timeout=1) as r:
                    if r.status == 200:
                        return time.perf_counter() - self.started
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"app server did not answer at {self.url}")

    def reached_as(self, name: str) -> "Server":
        """This server as a phone on the LAN reaches it: by `name` instead of 127.0.0.1 (for a
        Driver; the same process: stop this one, not the copy)."""
        other = copy.copy(self)
        other.url = f"http://{name}:{self.port}/"
        other.host_link = f"{other.url}host/{self.token}"
        return other

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


class CommandServer(Server):
    """The app started by a command line, as a user starts it (`scorekeeper --web --port 0 ...`):
    nothing is chosen for it; its address (`url`) and host link (`host_link`, whose token is
    random) are read from the banner it prints on stdout (kept in `printed()`; stderr in `stderr()`).
    `stop()` is Ctrl+C and returns the exit code."""

    BANNER = re.compile(r"^Spades Scorekeeper is served at (http://\S+/)$")

    def __init__(self, command: list[str], data_dir: Path, log_path: Path, env: dict[str, str],
                 timeout: float = 60):
        self.command = command
        self.data_dir = data_dir
        self.renderer = env.get("FLET_WEB_RENDERER")
        self.err_path = log_path.with_suffix(".err")
        self.log = open(log_path, "w")
        self._err = open(self.err_path, "w")
        self._lines: list[str] = []
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=self._err,
                                     text=True)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        deadline = time.monotonic() + timeout
        while (link := self._link_printed()) is None:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"{' '.join(command)} printed no address and host link: "
                                   f"{self.printed()!r}; stderr {self.stderr()!r}")
            time.sleep(0.05)
        self.ready_after = time.perf_counter() - self.started
        self.url, self.host_link = link
        self.port = urllib.parse.urlsplit(self.url).port
        self.token = self.host_link.rsplit("/", 1)[1]

    def _read(self) -> None:
        for line in self.proc.stdout:
            self._lines.append(line.rstrip("\n"))
            self.log.write(line)
            self.log.flush()

    def _link_printed(self) -> tuple[str, str] | None:
        """(the address on the banner's first line, the host link below it) once both are printed."""
        lines = list(self._lines)
        match = self.BANNER.match(lines[0]) if lines else None
        if match:
            for line in lines[1:]:
                if line.startswith(match.group(1) + "host/"):
                    return match.group(1), line
        return None

    def printed(self) -> str:
        return "\n".join(self._lines)

    def stderr(self) -> str:
        return self.err_path.read_text()  # the process writes it; this one never does

    def stop(self) -> int | None:
        """Ctrl+C, as a user stops it (killed if it is still there 15 s later); the exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._reader.join(timeout=5)
        self._err.close()
        self.log.close()
        return self.proc.returncode


def only_local(route):
    url = route.request.url
    if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", f"http://{LAN_NAME}:", f"ws://{LAN_NAME}:",
                       "data:", "blob:")):
        route.continue_()
    else:
        route.abort()


#: a page's websockets, kept where a test can drop them (a phone losing the network): while
#: `__offline`, a new one goes to a closed port and fails, as it would with no network
#: (Chromium's own offline mode leaves an open websocket alone)
DROPPABLE = """(() => {
    const Real = window.WebSocket;
    window.__sockets = []; window.__offline = false;
    function Socket(url, protocols) {
        const ws = window.__offline ? new Real('ws://127.0.0.1:9/') : new Real(url, protocols);
        window.__sockets.push(ws);
        return ws;
    }
    Socket.prototype = Real.prototype;
    for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) Socket[k] = Real[k];
    window.WebSocket = Socket;
})();"""


class Driver:
    """A tab of the app, with the verbs the tests use (by test id or by name).

    `host`: the tab opens the server's host link first (so it keeps score, as the
    scorekeeper's own browser does); otherwise it is a guest, as any other phone is."""

    def __init__(self, context, server: Server, name: str, phone: bool, host: bool = True):
        self.context = context
        self.server = server
        self.name = name
        self.phone = phone
        self.host = host
        self.page = context.new_page()
        self.page.set_default_timeout(15_000)
        self.dark = False

    # -- loading --------------------------------------------------------------
    def open(self, path: str = "") -> float:
        """Load the app at `path`; returns the seconds to its first frame.  A host tab loads
        the host link, waits for the games list it leads to, then goes to `path`."""
        start = time.perf_counter()
        self.page.goto(self.server.host_link if self.host else self.server.url + path.lstrip("/"))
        self.page.wait_for_function("() => !document.getElementById('loading')",
                                    timeout=30_000)
        first_frame = time.perf_counter() - start
        self.enable_semantics()
        if self.host:
            self.wait_id("new-game", timeout=30_000)  # the host link leads to the games list
            if path.strip("/"):
                self.go(path)
        return first_frame

    def lose_network(self) -> None:
        """Drop the page's connection and keep it down (the context needs DROPPABLE)."""
        self.page.evaluate("() => { window.__offline = true; for (const ws of window.__sockets) ws.close(); }")

    def regain_network(self) -> None:
        self.page.evaluate("() => { window.__offline = false; }")

    def go(self, path: str) -> None:
        """Go to a route in the running app (same session, so the theme stays)."""
        self.page.evaluate("p => { history.pushState(null, '', p);"
                           " dispatchEvent(new PopStateEvent('popstate', {state: null})); }",
                           "/" + path.lstrip("/"))

    def enable_semantics(self) -> None:
        placeholder = self.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached")
        self.page.evaluate("""() => {
            const el = document.querySelector('flt-semantics-placeholder');
            if (!el) return;
            const r = el.getBoundingClientRect();
            const o = {bubbles: true, cancelable: true, clientX: r.x + r.width / 2,
                       clientY: r.y + r.height / 2};
            el.dispatchEvent(new PointerEvent('pointerdown', o));
            el.dispatchEvent(new PointerEvent('pointerup', o));
            el.dispatchEvent(new MouseEvent('click', o));
        }""")
        self.page.locator("flt-semantics").first.wait_for(state="attached")

    # -- finding ---------------------------------------------------------------
    def by_id(self, identifier: str):
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]')

    def wait_id(self, identifier: str, timeout: float = 15_000):
        loc = self.by_id(identifier).first
        loc.wait_for(state="attached", timeout=timeout)
        return loc

    def text_of(self, identifier: str) -> str:
        """What the control says: its text and the labels of it and all within it."""
        loc = self.wait_id(identifier)
        return loc.evaluate("""el => [el.innerText || '',
            ...[el, ...el.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label') || '')
        ].join(' ')""")

    def has_text(self, text: str, timeout: float = 15_000) -> None:
        self.page.get_by_text(text, exact=False).first.wait_for(state="attached",
                                                                timeout=timeout)

    # -- drawn, not broken -----------------------------------------------------
    def assert_drawn(self, where: str = "") -> None:
        """Fail if any part of the screen (on screen or scrolled away) is Flutter's error box."""
        found = self.page.evaluate(_BROKEN_JS, BROKEN_EXTENT)
        if found:
            raise DrawnBroken(f"Flutter's error box (a widget failed to lay out){where}: "
                              + "; ".join(found[:5]))

    def small_targets(self) -> list[str]:
        """Every tappable control on screen smaller than 48x48 px (one cut by the edge of its
        list is scrolled to the middle and measured again): 'button “Undo” in undo: 40x40', ..."""
        from targets import too_small  # tests/gui/targets.py: the one way controls are measured
        return [str(t) for t in too_small(self, TARGET)]

    # -- acting ------------------------------------------------------------
    def _press(self, loc) -> None:
        """Tap (phone: a touch) or click at the control's centre.

        Pointer events at its position, as a finger would; scrolled into view
        first when it is off screen.  Retried when Flutter redraws the node.
        The screen is checked for Flutter's error box first: every state a
        test taps in is a state it has seen drawn.
        """
        from playwright.sync_api import Error
        self.assert_drawn(" before a tap")
        for attempt in range(5):
            try:
                before = loc.bounding_box(timeout=5_000)
                # into view of its scrolling column (the window alone is not enough:
                # a column can be clipped by what is pinned below it)
                loc.scroll_into_view_if_needed(timeout=5_000)
                box = loc.bounding_box(timeout=5_000)
                if box != before:
                    box = self._settled_box(loc)
                x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                if self.phone:
                    self.page.touchscreen.tap(x, y)
                else:
                    self.page.mouse.click(x, y)
                return
            except (Error, TypeError):
                if attempt == 4:
                    raise
                self.page.wait_for_timeout(150)

    def wheel_at(self, x: float, y: float, dy: float, wait: int = 300) -> None:
        """Turn the mouse wheel at (x, y), kept inside the viewport: Flutter scrolls the list
        under the pointer on wheel events (Playwright's scroll into view does not move it)."""
        view = self.page.viewport_size
        self.page.mouse.move(min(max(x, 1), view["width"] - 1), min(max(y, 1), view["height"] - 1))
        self.page.mouse.wheel(0, dy)
        self.page.wait_for_timeout(wait)

    def _settled_box(self, loc):
        """The control's box once a scroll has come to rest (two equal readings)."""
        box = loc.bounding_box(timeout=5_000)
        for _ in range(20):
            self.page.wait_for_timeout(50)
            again = loc.bounding_box(timeout=5_000)
            if again == box:
                break
            box = again
        return box

    def tap(self, identifier: str) -> None:
        """Tap the control with that test id (the first actionable element in it)."""
        self._press(self.wait_id(identifier))

    def tap_button(self, name: str, exact: bool = True) -> None:
        loc = self.page.get_by_role("button", name=name, exact=exact).first
        loc.wait_for(state="attached")
        self._press(loc)

    def tap_menu(self, name: str) -> None:
        """Tap an item of an open popup menu."""
        loc = self.page.get_by_role("menuitem", name=name).or_(
            self.page.get_by_role("button", name=name)).first
        loc.wait_for(state="attached")
        self._press(loc)

    def fill(self, label: str, text: str) -> None:
        """Type into the text field labelled `label` (a real <input> in the DOM)."""
        loc = self.page.get_by_label(label, exact=True).first
        loc.wait_for(state="attached")
        self._press(loc)
        # type only once this text box has the focus (a touch focuses it a moment later)
        try:
            handle = loc.element_handle(timeout=2_000)
            self.page.wait_for_function("el => document.activeElement === el", arg=handle,
                                        timeout=3_000)
        except Exception:  # redrawn under us: type into whatever has the focus now
            pass
        for _ in range(3):  # a busy machine can drop the first keys before the box has the focus
            self.page.keyboard.press("Control+A")
            self.page.keyboard.type(text)
            try:
                if loc.input_value(timeout=2_000) == text:
                    return
            except Exception:  # redrawn under us: look again
                pass
            self._press(loc)
            self.page.wait_for_timeout(200)

    # -- pictures -----------------------------------------------------------
    def settle(self) -> None:
        """Wait until what was drawn is on screen: two frames, and (the default renderer
        may show a stale frame a moment longer) 200 ms unless it is CanvasKit."""
        wait = 30 if self.server.renderer == "canvaskit" else 200
        self.page.evaluate("""(wait) => new Promise(r => requestAnimationFrame(
            () => requestAnimationFrame(() => setTimeout(r, wait))))""", wait)

    def screenshot(self, screen: str, check: bool = True) -> Path:
        """screenshots/SCREEN-NAME-THEME.png; fails (`check`) if it shows Flutter's error box,
        or, on a phone, a tappable control under 48x48 px."""
        SCREENSHOTS.mkdir(exist_ok=True)
        if not self.phone:  # no hover tooltip from the last click in the picture
            self.page.mouse.move(2, self.page.viewport_size["height"] - 2)
        self.settle()
        theme = "dark" if self.dark else "light"
        path = SCREENSHOTS / f"{screen}-{self.name}-{theme}.png"
        self.page.screenshot(path=str(path))
        if not check:
            return path
        self.assert_drawn(f" in {path.name}")
        grey = grey_pixels(path)
        if grey > BROKEN_PIXELS:
            raise DrawnBroken(f"{path.name} holds {grey} px of the grey of Flutter's error box")
        if self.phone:
            small = self.small_targets()
            assert not small, f"{path.name}: tap targets under {TARGET} px: {small}"
        return path


