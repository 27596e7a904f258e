"""The app in a subprocess and a Chromium tab driving it: shared by the GUI tests and
benchmarks/bench_gui.py.  Why it is done this way: "Testing in a real browser" in
scorekeeper/gui/README-dev.md.
"""
from __future__ import annotations

import copy
import io
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
#: where screenshots go: screenshots/ at the top of the checkout, or under pytest-xdist one
#: folder a worker (screenshots/gw0, ...), so two workers never write over each other's
SCREENSHOTS = ROOT / "screenshots" / os.environ.get("PYTEST_XDIST_WORKER", "")
CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
#: the name a served app gives phones as its LAN address (SCOREKEEPER_LAN_ADDRESS), and that the
#: tests' Chromium resolves to 127.0.0.1: a page opened by it is a phone's (no secure context), no
#: packet leaves this machine, and no network is needed
LAN_NAME = "lan.test"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1"]
#: a phone as it is (390x844 css px, 2 device px a css px): the benchmarks' and a few tests'
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
             device_scale_factor=2)
#: The tests' browser and phone.  The app is drawn by skwasm, the renderer Flet picks in a browser
#: with WebGL (users get it too): the Flutter app compiled to WebAssembly (dart2wasm, quicker than
#: the JavaScript build CanvasKit runs), its pictures drawn in a worker, beside the page's own
#: thread (Flet serves the page cross-origin isolated).  A screenshot waits for the worker's last
#: picture (`RENDERS`, `Driver.settle`).  Measured on the 2-core machine (2026-12-06 evening), six
#: GUI files (41 tests), two workers: CanvasKit on the CPU 213 s; skwasm 193 s with a fixed 200 ms
#: before each screenshot, 168-170 s waiting for the worker's pictures; skwasm made to draw on the
#: page's thread (SwiftShader) 196 s.  The phone draws 1 device px a css px: the same layout (Flutter
#: lays out in css px; the 48 px targets, the layout check and the error box's tall node are all
#: in css px) with a quarter of the pixels to draw (its tests 25% faster).  (At 1 device px the
#: page's own scroll into view moves a Flutter list's semantics but not what it draws: a tap
#: swipes a control that lies wholly outside the window in first, `Driver._press`.)  What users
#: get (2 device px) is what test_web_app.py, the QR test and the benchmarks use.  The tests'
#: browser also asks for reduced motion (`prefers-reduced-motion`, a phone's own setting): Flutter
#: then draws 4-5 frames for a tap instead of 23-24, and the same screens at rest (2026-12-06:
#: four GUI files 282 s -> 228 s).
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--enable-unsafe-swiftshader"]  # WebGL without a GPU, in newer Chromiums too
#: the renderer the tests' server asks for: None, the app's own default (skwasm where the browser
#: has WebGL; CanvasKit otherwise, which `Driver.settle` waits for too; the harness's own check
#: fails when the tests' browser does not draw with skwasm)
TEST_RENDERER = None
#: The phone's own build (Pyodide, tests/phone) is drawn by CanvasKit on the CPU: served by a plain
#: file server, its page is not cross-origin isolated, and skwasm would draw on the page's thread
#: through SwiftShader, slower than CanvasKit without WebGL.
PHONE_BUILD_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--disable-webgl"]
DESKTOP = dict(viewport={"width": 1280, "height": 860})
TEST_PHONE = dict(PHONE, device_scale_factor=1, reduced_motion="reduce")
TEST_DESKTOP = dict(DESKTOP, reduced_motion="reduce")

# Flutter (release build) draws a widget that failed to lay out as a flat grey box, about
# 100,000 px tall when the failure is an unbounded height.  Two ways to see one:
#: no semantics node is this tall or scrolls this far (css px); a long sheet is ~5,000
BROKEN_EXTENT = 20_000
#: ... and no screenshot holds a solid square of the box's grey this big (device px).  Why a
#: square and not a count: the 43 screenshots of test_screens, test_plain_hands, test_flows and
#: test_message_actions (phone and desktop, light and dark) hold 0 to 423 px of that grey, the
#: most in one solid square 2x2 px (anti-aliased edges and text); a real error box is a solid
#: rectangle (tests/gui/probe_app.py's: 1,189,926 px on a phone).  A count allowance just above
#: 423 would grow with what a right screen shows (more text, more anti-aliased grey) and pass
#: a box that is small; a solid square does not come from text: one of 16 device px (8 css px
#: on a phone) is 8 times the largest seen and smaller than a control that failed to lay out
#: (the old allowance, 20,000 px, passed a grey square of 140x140 px).
ERROR_GREY, GREY_BLOCK = (196, 196, 195), 16
#: the same square in css px: a picture drawn at `scale` device px a css px is looked at for a
#: square of GREY_BLOCK_CSS * scale device px (16 at a phone's 2, 8 at the tests' phone's 1)
GREY_BLOCK_CSS = GREY_BLOCK // 2
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


# Flet's websocket protocol (msgpack after a 0 byte): the client's event [3, {target, name, data}];
# the server's patch [2, ...] and its call of a client method [5, ...] answer it
_EVENT = b"\x00\x92\x03"
_CLICKED = re.compile(rb"\xa4name(\xa5click|\xa3tap|\xaalong_press)\xa4data")
_ANSWERS = (b"\x00\x92\x02", b"\x00\x92\x05")

#: the smallest tap target (css px) on a phone, each way (theme.TARGET)
TARGET = 48
#: a window this tall shows a screen's controls whole (to measure those a list cuts)
TALL = 3000
class DrawnBroken(AssertionError):
    """The screen shows Flutter's error box: a widget failed to lay out."""


class LaidOutBadly(AssertionError):
    """A text or control on screen runs past the screen's left or right edge (and no list it is
    in scrolls across), or a text is laid out one letter a line."""


#: a text this narrow (css px) and this tall is one letter a line: 4 letters or more of 13-16 px
#: text need 30 px or more side by side, and three lines of it 48 px
SQUEEZED_WIDTH, SQUEEZED_HEIGHT = 22, 48

# The leaves of Flutter's semantics tree that say something (a text, a labelled control), as the
# screen shows them: one past the left or right edge of the screen, or cut there (Flutter clips a
# node to the screen: it touches the edge and its text in the DOM is wider than it), where no list
# it is in scrolls across (a row that scrolls is meant to run on); or one narrow and tall.  Returns
# [found, leaves measured].
_LAID_OUT_JS = """([vw, narrow, tall]) => {
    const across = (el) => {
        for (let p = el.parentElement; p && p.tagName === 'FLT-SEMANTICS'; p = p.parentElement) {
            const cs = getComputedStyle(p);
            if (cs.overflowX === 'scroll' || (cs.overflowX === 'hidden' && cs.overflowY === 'hidden'
                                              && p.scrollWidth > p.clientWidth + 1)) return true;
        }
        return false;
    };
    const found = [];
    let measured = 0;
    for (const el of document.querySelectorAll('flt-semantics')) {
        if (el.querySelector('flt-semantics')) continue;
        const text = (el.getAttribute('aria-label') || el.textContent || '').trim();
        const r = el.getBoundingClientRect();
        if (!text || r.width === 0 || r.height === 0) continue;
        measured += 1;
        const name = JSON.stringify(text.length > 40 ? text.slice(0, 39) + '\u2026' : text);
        // Flutter clips a node to the screen: one cut there touches the edge, its text wider than it
        const edge = r.right >= vw - 1 || r.left <= 1;
        const past = r.right > vw + 1 || r.left < -1 || (edge && el.scrollWidth > el.clientWidth + 1);
        const squeezed = r.width < narrow && r.height >= tall && text.replace(/\\s/g, '').length >= 4;
        if (!(past || squeezed) || across(el)) continue;  // in a row that scrolls: cut by its edge
        if (past)
            found.push(`${name} runs past the screen's edge (${Math.round(r.left)} to ${Math.round(r.right)} px of ${vw})`);
        if (squeezed)
            found.push(`${name} is laid out one letter a line (${Math.round(r.width)}x${Math.round(r.height)} px)`);
    }
    return [found, measured];
}"""


class TapCovered(AssertionError):
    """Something else lies over the middle of the control a test taps: the tap would go to it."""


# What is at the point a tap goes to, in the DOM of Flutter's semantics tree: only nodes that take
# pointer events are hit (a button, a text box, a message, a dialog's barrier; a plain node is
# `pointer-events: none`).  Measured in Chromium (tests/gui/test_harness_checks.py): over a
# plain button the element is the button's node (the `role=button` one inside its test id's
# node); over a button under a SnackBar it is the message's node; a modal dialog takes what
# lies under it out of the tree (such a tap fails finding its control) and its barrier covers
# the rest.  So the tap is the control's when the element there is the control, one inside it,
# or one holding it (a node that takes pointer events and holds no other: nothing lies over
# it).  A pane drawn over the control with no semantics of its own is not seen.
_COVER_JS = """(el, [x, y]) => {
    const top = document.elementFromPoint(x, y);
    if (top === null) return 'nothing (the point is off the page)';
    if (top === el || el.contains(top) || top.contains(el)) return null;
    const name = (e) => {
        let named = e;
        while (named && !(named.getAttribute && named.getAttribute('flt-semantics-identifier')))
            named = named.parentElement;
        const text = (e.getAttribute('aria-label') || e.innerText || '').trim().split('\\n')[0].slice(0, 40);
        return [named ? `"${named.getAttribute('flt-semantics-identifier')}"` : `<${e.tagName.toLowerCase()}>`,
                e.getAttribute('role') ? `(${e.getAttribute('role')})` : '',
                text ? `“${text}”` : ''].filter(Boolean).join(' ');
    };
    return `${name(top)} lies over ${name(el)}`;
}"""


# The quick way to a tap, in one round trip: the screen checked for the error box (_BROKEN_JS),
# the control's box read, read again two frames later (it must be at rest: a tap on a control
# still moving lands beside it), and what lies at its centre (_COVER_JS).  Returns [what is
# broken, box or null, what covers it or null]; box null: not at rest, or not wholly in the window.
_TAP_READY_JS = """(el, [limit, vw, vh]) => new Promise(done => {
    const broken = (BROKEN)(limit);
    if (broken.length) { done([broken, null, null]); return; }
    const first = el.getBoundingClientRect();
    requestAnimationFrame(() => requestAnimationFrame(() => {
        const r = el.getBoundingClientRect();
        const still = r.x === first.x && r.y === first.y && r.width === first.width && r.height === first.height;
        if (!still || r.width === 0 || r.height === 0 || r.x < 0 || r.y < 0
                || r.x + r.width > vw || r.y + r.height > vh) { done([broken, null, null]); return; }
        const cover = (COVER)(el, [r.x + r.width / 2, r.y + r.height / 2]);
        done([broken, {x: r.x, y: r.y, width: r.width, height: r.height}, cover]);
    }));
})""".replace("BROKEN", _BROKEN_JS).replace("COVER", _COVER_JS)


def _grey_mask(png: Path | bytes):
    """White where a screenshot has the grey of Flutter's error box (±4 each channel)."""
    import io

    from PIL import Image, ImageChops

    image = Image.open(io.BytesIO(png) if isinstance(png, bytes) else png).convert("RGB")
    near = [band.point([255 if abs(v - c) <= 4 else 0 for v in range(256)])
            for band, c in zip(image.split(), ERROR_GREY)]
    return ImageChops.multiply(ImageChops.multiply(near[0], near[1]), near[2])


def grey_pixels(png: Path | bytes) -> int:
    """How many pixels of a screenshot have the grey of Flutter's error box."""
    return _grey_mask(png).histogram()[255]


def grey_block(png: Path | bytes, side: int = 0) -> tuple[int, int, int, int] | None:
    """Where a screenshot holds a solid square of the error box's grey, `side` pixels each way
    (GREY_BLOCK unless given): (left, top, right, bottom) around all such squares, or None."""
    from PIL import Image, ImageChops

    side = side or GREY_BLOCK
    mask = _grey_mask(png)
    width, height = mask.size
    for across in (True, False):  # white where `side` pixels right of (then below) it are all white
        have = 1
        while have < side:
            step = min(have, side - have)
            moved = Image.new("L", mask.size, 0)
            moved.paste(mask.crop((step, 0, width, height) if across else (0, step, width, height)), (0, 0))
            mask, have = ImageChops.darker(mask, moved), have + step
    corners = mask.getbbox()  # of the squares' top left corners
    return corners and (corners[0], corners[1], corners[2] + side - 1, corners[3] + side - 1)


#: the top bar, where the app's title "\u2660 Spades Scorekeeper" is drawn (css px from the top)
BAR_HEIGHT = 56


def _ink(png: bytes):
    """White where a screenshot is much darker than the bar (the title's text, the bar's icons)."""
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("L").point(lambda v: 255 if v < 128 else 0)


def _ink_runs(ink) -> list[tuple[int, int]]:
    """The runs of columns holding ink, left to right, apart where 4 or more columns hold none."""
    width, height = ink.size
    inked = [ink.crop((x, 0, x + 1, height)).getbbox() is not None for x in range(width)]
    runs: list[tuple[int, int]] = []
    for x, has in enumerate(inked):
        if has:
            if runs and x - runs[-1][1] < 4:
                runs[-1] = (runs[-1][0], x + 1)
            else:
                runs.append((x, x + 1))
    return runs


def first_text(shots: list[bytes]) -> tuple[int, bool] | None:
    """Of screenshots of the top bar taken one after another from opening the page, the last as
    it stays: the first that shows anything right of the title's first mark (the title's text),
    and whether that first mark, the \u2660, is there already as it stays (not an empty box,
    not missing).  None when the last shows no title."""
    final = _ink(shots[-1])
    runs = _ink_runs(final)
    if len(runs) < 2:
        return None
    height = final.height
    spade = (runs[0][0], 0, runs[0][1], height)
    rest = (runs[1][0], 0, runs[-1][1], height)
    for n, png in enumerate(shots):
        ink = _ink(png)
        if ink.crop(rest).getbbox():
            return n, ink.crop(spade).tobytes() == final.crop(spade).tobytes()
    return None


def load_timeline(context, url: str, mbit: float | None = None, settle: float = 6.0) -> dict:
    """One fresh tab of `context` opening `url`, the top bar's screenshots taken as fast as the
    browser gives them for `settle` seconds (more while it is still blank or changing); seconds
    from opening the page to: `first_frame` (Flutter's first frame: the loading screen gone),
    `first_text` (the first screenshot showing the title's text, or None), `drawn` (the first of
    the screenshots that equal the last one: the bar as it stays); `suits_in_first_text`: the
    \u2660 was drawn, as it stays, in that first screenshot with text.  `mbit`: the page's
    network limited to that many Mbit/s with 20 ms latency (a phone on Wi-Fi)."""
    page = context.new_page()
    if mbit:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 20, "downloadThroughput": mbit * 125_000,
            "uploadThroughput": mbit * 125_000})
        settle += 40 / mbit
    bar = {"x": 0, "y": 0, "width": page.viewport_size["width"], "height": BAR_HEIGHT}
    shots: list[tuple[float, bytes]] = []
    start = time.perf_counter()
    page.goto(url)
    first_frame, inked, changed = None, False, 0.0
    # `settle` seconds at least; longer while the bar shows nothing or changed in the last 1.5 s
    # (a slow load), a minute at most
    while (now := time.perf_counter() - start) < settle or (
            (not inked or now - changed < 1.5) and now < 60):
        if first_frame is None and page.evaluate("() => !document.getElementById('loading')"):
            first_frame = time.perf_counter() - start
        png = page.screenshot(clip=bar)
        if not shots or png != shots[-1][1]:
            changed = time.perf_counter() - start
            inked = inked or _ink(png).getbbox() is not None
        shots.append((time.perf_counter() - start, png))
    page.close()
    final = shots[-1][1]
    drawn = shots[-1][0]
    for taken, png in reversed(shots):
        if png != final:
            break
        drawn = taken
    text = first_text([png for _, png in shots])
    return {"first_frame": first_frame or drawn, "drawn": drawn,
            "first_text": shots[text[0]][0] if text else None,
            "suits_in_first_text": bool(text and text[1])}


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

    def __init__(self, data_dir: Path, log_path: Path, renderer: str | None = TEST_RENDERER,
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
        # None (the tests' and the benchmarks'): the app's own default, what users get (skwasm
        # in a browser with WebGL: a screenshot waits for its worker's pictures, `Driver.settle`);
        # canvaskit: the JavaScript build, drawn in the frame itself
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
        if not self._reader.is_alive():  # left open, the pipe is closed when collected: a
            self.proc.stdout.close()  # ResourceWarning that failed a later test of the worker
        self._err.close()
        self.log.close()
        return self.proc.returncode


#: what a text field shows (Driver._field_value)
_FIELD_VALUE_JS = """(el) => {
    const active = document.activeElement;
    if (active !== el && active && active.closest && active.closest('flt-text-editing-host')
            && 'value' in active) return active.value;
    return el.value;
}"""

#: where the focus is: the field labelled so ("ours"; an empty one that has the focus adds its hint
#: to its label, "Bob & Dan\nTeam name"), Flutter's own editing input ("editing"), another field
#: (by its label), or nothing that takes keys
_FOCUS_JS = """(label) => {
    const active = document.activeElement;
    if (!active || !('value' in active)) return 'nothing that takes keys';
    if (active.closest && active.closest('flt-text-editing-host')) return 'editing';
    const named = active.getAttribute('aria-label') || '';
    if (named === label || named.startsWith(label + '\\n')) return 'ours';
    return `another field (${named})`;
}"""

#: the fonts Flutter's web engine fetches for a character its fonts lack (fontFallbackBaseUrl)
FALLBACK_FONT = re.compile(r"/fonts/noto[a-z]*/v\d+/|fonts\.gstatic\.com")


class MissingGlyphs(AssertionError):
    """A text on screen held a character none of the app's fonts has (drawn as an empty box)."""


def only_local(route):
    url = route.request.url
    if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", f"http://{LAN_NAME}:", f"ws://{LAN_NAME}:",
                       "data:", "blob:")):
        route.continue_()
    else:
        route.abort()


#: Before the app loads: count the pictures Flutter's skwasm renderer asks its worker to draw and
#: those the worker has drawn (its messages `renderPictures` and `onRenderComplete`), so that a
#: screenshot waits for the last one drawn instead of a fixed time (`Driver.settle`).
RENDERS = """(() => {
    if (window.__renders) return;
    const renders = window.__renders = {asked: 0, drawn: 0};
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
        if (message && message.l === 'renderPictures') renders.asked++;
        return post.call(this, message, ...rest);
    };
    const Real = window.Worker;
    window.Worker = function (...args) {
        const worker = new Real(...args);
        worker.addEventListener('message', (e) => {
            if (e.data && e.data.l === 'onRenderComplete') renders.drawn++;
        });
        return worker;
    };
    window.Worker.prototype = Real.prototype;
})();"""

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
        self.page.add_init_script(RENDERS)  # a screenshot waits for skwasm's pictures
        self._scale: float | None = None
        #: fallback fonts Flutter went looking for and did not get (a Noto font the app does not
        #: answer, or an answer that failed): a text held a character no font the app ships has,
        #: drawn as an empty box; `screenshot` fails on them.  (Noto Color Emoji is answered with
        #: the app's emoji font: gui/serve.py)
        self.fallback_fonts: list[str] = []
        self.page.on("response", self._font_answered)
        self.page.on("requestfailed", self._font_answered)
        #: the taps (clicks) this tab's app was told of and how many of them the server has
        #: answered (Flet's protocol: the client's event message, then the server's patch or call)
        self.asked = self.answered = 0
        #: the websockets the page opened (none: the phone's own build, where the quick tap,
        #: which relies on the server's answers, is not made)
        self.sockets = 0
        self.page.on("websocket", self._watch)
        self.dark = False  # the theme shown (`switch_theme`): the screenshots' names say it
        #: the wheel's delta for each css px it moves a Flutter list (1 on the desktop, 4 on the
        #: phone as Chromium emulates it): learnt as `targets.measure` turns it
        self.wheel_per_px = 1.0

    def _watch(self, socket) -> None:
        """Count the clicks the page sends the server and the server's answers (see `asked`)."""
        self.sockets += 1

        def sent(payload) -> None:
            if isinstance(payload, bytes) and payload[:3] == _EVENT and _CLICKED.search(payload):
                self.asked += 1

        def received(payload) -> None:
            if isinstance(payload, bytes) and payload[:3] in _ANSWERS:
                self.answered = self.asked

        socket.on("framesent", sent)
        socket.on("framereceived", received)

    def answered_all(self, asked: int | None = None, timeout: float = 5.0) -> bool:
        """Wait until the server has answered every click sent (`asked`: until that many have
        been sent first, for a tap just made); False if it has not within `timeout` s."""
        deadline = time.monotonic() + timeout
        while (asked is not None and self.asked < asked) or self.answered < self.asked:
            if time.monotonic() > deadline:
                return False
            self.page.wait_for_timeout(10)
        return True

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
            # and the address bar follows a moment later: the app's own route change ("/") must
            # have reached the browser before the test's, or it lands after it and the tab is
            # taken back home (a CI run under load: a game opened, the games list shown)
            self.url_when(lambda u: "/host" not in u, "the games list's")
            if path.strip("/"):
                self.go(path)  # (checks what it shows)
                return first_frame
        self.drawn_after_change(" after opening /" + path.lstrip("/"), first=0)
        return first_frame

    def _font_answered(self, answer) -> None:
        """(a response, or a request that failed)"""
        if FALLBACK_FONT.search(answer.url) and (getattr(answer, "status", 0) or 0) // 100 not in (2, 3):
            self.fallback_fonts.append(answer.url)

    def lose_network(self) -> None:
        """Drop the page's connection and keep it down (the context needs DROPPABLE)."""
        self.page.evaluate("() => { window.__offline = true; for (const ws of window.__sockets) ws.close(); }")

    def regain_network(self) -> None:
        self.page.evaluate("() => { window.__offline = false; }")

    def go(self, path: str) -> None:
        """Go to a route in the running app (same session, so the theme stays)."""
        path = "/" + path.lstrip("/")
        self.drawn_after_change(f" after going to {path}", action="p => { history.pushState(null, '', p);"
                                " dispatchEvent(new PopStateEvent('popstate', {state: null})); }", arg=path)

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
    def url_when(self, ok, what: str, timeout: float = 15.0) -> str:
        """The tab's address once `ok(address)` holds (the browser's address follows a new
        screen a moment later: a busy machine showed the rematch's entry at the old address)."""
        deadline = time.monotonic() + timeout
        while not ok(url := self.page.url):
            if time.monotonic() > deadline:
                raise AssertionError(f"the address never became {what} in {timeout:.0f} s: {url}")
            self.page.wait_for_timeout(50)
        return url

    def url_ends(self, suffix: str) -> str:
        return self.url_when(lambda u: u.endswith(suffix), f"…{suffix}")

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
    def assert_drawn(self, where: str = "", picture: bool = False) -> None:
        """Fail if any part of the screen (on screen or scrolled away) is Flutter's error box.
        `picture`: look at the screen too (a box that fits the screen has no tall semantics
        node: only its grey shows it; a few hundred ms, so not before every tap)."""
        found = self.page.evaluate(_BROKEN_JS, BROKEN_EXTENT)
        if found:
            raise DrawnBroken(f"Flutter's error box (a widget failed to lay out){where}: "
                              + "; ".join(found[:5]))
        if picture:
            self.settle()
            self.assert_no_grey_block(self.page.screenshot(), where.strip() or "the screen")

    def layout_faults(self) -> tuple[list[str], int]:
        """What on screen is laid out badly (see `LaidOutBadly`), and how many texts were measured."""
        found, measured = self.page.evaluate(
            _LAID_OUT_JS, [self.page.viewport_size["width"], SQUEEZED_WIDTH, SQUEEZED_HEIGHT])
        return found, measured

    def assert_laid_out(self, where: str = "") -> None:
        """Fail if a text or control runs past the screen's edge or is laid out one letter a line
        (what is still so half a second later: a screen sliding in is not laid out badly), or if
        no text could be measured at all (a check that measured nothing proves nothing)."""
        found, measured = self.layout_faults()
        if found:
            self.page.wait_for_timeout(500)
            found, measured = self.layout_faults()
        if found:
            raise LaidOutBadly(f"laid out badly{where}: " + "; ".join(found[:6]))
        if not measured:
            raise LaidOutBadly(f"no text on screen could be measured{where} (is semantics on?)")

    def drawn_after_change(self, where: str = "", action: str = "", arg=None, first: int = 3_000,
                           quiet: int = 150) -> None:
        """`assert_drawn` once the screen has changed and come to rest.  `action`: a JS function
        of `arg` that changes it (run once the watch has begun); then the first change to the
        DOM is awaited (`first` ms at most: the server draws the new screen; 0: none awaited),
        then `quiet` ms without one (3 s at most)."""
        self.page.evaluate("""([action, arg, first, quiet]) => new Promise(done => {
            const start = performance.now();
            let last = first ? null : start;
            const seen = new MutationObserver(() => { last = performance.now(); });
            seen.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
            if (action) (0, eval)(action)(arg);  // (a function's source: Playwright passes data)
            const look = () => {
                const now = performance.now();
                if (last === null ? now - start > first : now - last > quiet || now - start > first + 3000) {
                    seen.disconnect();
                    done();
                } else setTimeout(look, 25);
            };
            setTimeout(look, 25);
        })""", [action, arg, first, quiet])
        self.assert_drawn(where, picture=True)

    @property
    def scale(self) -> float:
        """Device px a css px (the error box's grey square is looked for at that size)."""
        if self._scale is None:
            self._scale = float(self.page.evaluate("() => window.devicePixelRatio"))
        return self._scale

    def assert_no_grey_block(self, png: Path | bytes, name: str = "") -> None:
        """Fail if the screenshot holds a block of the grey of Flutter's error box (a square of
        GREY_BLOCK_CSS css px, in the tab's device px)."""
        side = round(GREY_BLOCK_CSS * self.scale)
        block = grey_block(png, side)
        if block:
            raise DrawnBroken(f"{name or png.name}: a block of the grey of Flutter's error box, "
                              f"{side} px square or more, at {block} (device px; "
                              f"{grey_pixels(png)} px of that grey in all)")

    def _again_at_rest(self, measured, where: str):
        """`measured` (tappable controls), measured again once the screen has come to rest when
        some failed.  A control caught in the middle of a relayout (a CI run under load measured
        a switch at 51x35 in the tall window, 48 px tall at rest) is not a small control; one
        that is small at rest fails as before."""
        from targets import measure
        if measured.failures:
            self.page.wait_for_timeout(500)
            self.settle()
            measured = measure(self, TARGET)
            print(f"{self.name}{where}, again at rest: {measured}")
        return measured

    @property
    def sideways(self) -> bool:
        """Whether the app lays this window out as a phone on its side (`BaseScreen.landscape`)."""
        from scorekeeper.gui.theme import LOW, WIDE
        view = self.page.viewport_size
        return view["width"] < WIDE and view["height"] < LOW and view["width"] > view["height"]

    def small_targets(self) -> list[str]:
        """Every tappable control on screen smaller than 48x48 px, or cut by the edge of its list
        and not measurable when scrolled in: 'button “Undo” in undo: 40x40', ...; prints how
        many were measured."""
        from targets import measure  # tests/gui/targets.py: the one way controls are measured
        measured = measure(self, TARGET)
        print(f"{self.name}: {measured}")
        view = self.page.viewport_size
        if measured.failures and (not self.phone or self.sideways):
            # (a phone on its side too: a window made tall would be laid out upright, another
            # layout, and the app rebuilds its screen for it)
            measured = self._again_at_rest(measured, "")
        elif measured.failures:
            # Cut controls the wheel could not bring in (a page's own scroll): measured again in
            # a window tall enough to show them whole, the same width and so the same layout (a
            # phone held upright only: a desktop window resized so lost the hand being entered, see
            # README-dev).
            # One that is small there, at rest, is small; one still cut there fails as "could not
            # measure".
            self.page.set_viewport_size({"width": view["width"], "height": TALL})
            try:
                self.page.wait_for_timeout(300)
                self.settle()
                measured = measure(self, TARGET)
                print(f"{self.name}, {TALL} px tall: {measured}")
                measured = self._again_at_rest(measured, f", {TALL} px tall")
            finally:
                self.page.set_viewport_size(view)
                self.page.wait_for_timeout(300)
                self.settle()
        return [str(t) for t in measured.failures]

    # -- acting ------------------------------------------------------------
    def _press(self, loc) -> None:
        """Tap (phone: a touch) or click at the control's centre.

        Pointer events at its position, as a finger would; scrolled into view
        first when it is off screen.  Retried when Flutter redraws the node.
        The screen is checked for Flutter's error box first: every state a
        test taps in is a state it has seen drawn.  The tap fails (TapCovered)
        when something else lies over the control's centre (a message at the
        bottom, say): a finger would tap that instead.
        """
        from playwright.sync_api import Error
        self.answered_all()  # (a click of the last tap the server has not yet answered)
        if self.sockets and self._tapped_at_once(loc):
            return
        self.assert_drawn(" before a tap")
        for attempt in range(5):
            try:
                before = loc.bounding_box(timeout=5_000)
                # a control wholly outside the window is swiped toward, as a finger would (at 1
                # device px a css px the page's own scroll into view moves only the semantics)
                if self._outside(before) and attempt < 4:
                    self._wheeled_in(before["x"], before["y"] + before["height"] / 2)
                    self._settled_box(loc)
                    continue
                # into view of its scrolling column (the window alone is not enough:
                # a column can be clipped by what is pinned below it)
                loc.scroll_into_view_if_needed(timeout=5_000)
                box = loc.bounding_box(timeout=5_000)
                if box != before:
                    box = self._settled_box(loc)
                x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                if self._wheeled_in(x, y) and attempt < 4:
                    continue  # it was still off screen (a column rebuilt under the scroll)
                if not self.phone:  # the pointer goes there first, as a hand's would: the tooltip
                    self.page.mouse.move(x, y)  # of the control it last clicked then hides
                covered = self._covered(loc, x, y)
                if covered and attempt < 4 and self._moved_out_from_under(loc, box):
                    continue  # measured again where it now lies
                if covered:
                    raise TapCovered(f"a tap at ({x:.0f}, {y:.0f}) would miss its control: {covered}")
                self._tap_at(x, y)
                return
            except (Error, TypeError):
                if attempt == 4:
                    raise
                self.page.wait_for_timeout(150)

    def _tapped_at_once(self, loc) -> bool:
        """Tap a control that is at rest, wholly in the window and uncovered, after one look
        (`_TAP_READY_JS`); False, having done nothing, for any other (the careful way then
        scrolls, waits and names what covers it).  Most taps are of such controls: the careful
        way's half-dozen round trips to the browser took ~150 ms a tap."""
        from playwright.sync_api import Error
        view = self.page.viewport_size
        try:
            broken, box, cover = loc.evaluate(_TAP_READY_JS, [BROKEN_EXTENT, view["width"], view["height"]],
                                              timeout=5_000)
        except Error:
            return False
        if broken or box is None or cover:
            return False  # (the careful way says what is broken or covered)
        self._tap_at(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        return True

    def _tap_at(self, x: float, y: float) -> None:
        """A touch (phone) or a click at (x, y), and the server's answer to it awaited: the next
        look must see the screen the tap led to.  A tap the app is not told of (a field focused,
        a dropdown opened in the browser) sends no click: 0.5 s is waited for one.  A click that
        changes nothing on the screen (a chip already chosen) gets no answer at all (Flet sends
        only what changed): after 5 s it is no longer waited for, or the next tap would wait
        5 s more for it."""
        asked = self.asked
        if self.phone:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)
        if not self.answered_all(asked + 1, timeout=0.5) and self.asked > asked \
                and not self.answered_all(timeout=5.0):
            self.answered = self.asked

    def _moved_out_from_under(self, loc, box) -> bool:
        """Whether a covered control lies elsewhere now, by itself or swiped up from under what
        is pinned at the window's foot, as a finger would.  The screen may have changed under
        the box just read: a preset tapped a moment before moves the New game form's rows (a CI
        run under load measured the options toggle where the pinned Start button lies).  A
        control that does not move (Save under a message) stays covered and the tap fails."""
        view = self.page.viewport_size
        now = self._settled_box(loc)
        if now != box:
            return True
        if box["y"] + box["height"] / 2 <= view["height"] / 2:
            return False
        self.wheel_at(view["width"] / 2, view["height"] / 2,
                      (box["y"] + box["height"] / 2 - view["height"] / 2) * self.wheel_per_px)
        return self._settled_box(loc) != box

    def _outside(self, box) -> bool:
        """Whether a control's box lies wholly above or below the window."""
        return bool(box) and (box["y"] + box["height"] <= 0 or box["y"] >= self.page.viewport_size["height"])

    def _wheeled_in(self, x: float, y: float) -> bool:
        """Scroll the column under the middle of the window toward a point still outside it,
        as a finger would swipe, and say whether it did.  Scroll into view can be undone by a
        column that Flutter rebuilds in the same moment (a CI run under load saw the New game
        form's options toggle stay at y 846 on an 844 px phone, once)."""
        view = self.page.viewport_size
        if 0 <= y <= view["height"]:
            return False
        self.wheel_at(view["width"] / 2, view["height"] / 2, (y - view["height"] / 2) * self.wheel_per_px)
        return True

    def _covered(self, loc, x: float, y: float) -> str | None:
        """What lies over the control's centre, if something still does after 1.5 s.

        While Flutter rebuilds a row its semantics nodes are replaced one by one, and for a
        frame or two the row's own label node can lie over a chip inside it.  A desktop's
        tooltip ("Tricks taken by Ann", over "tricks-0": the count chip just clicked, the mouse
        left on it) hides once the pointer has moved to the control (`_press` moves it first).
        A message or a dialog stays for seconds, so one that covers the control is still reported."""
        covered = loc.evaluate(_COVER_JS, [x, y], timeout=5_000)
        for _ in range(10):
            if not covered:
                return None
            self.page.wait_for_timeout(150)
            covered = loc.evaluate(_COVER_JS, [x, y], timeout=5_000)
        return covered

    def wheel_at(self, x: float, y: float, dy: float, wait: int = 300, dx: float = 0) -> None:
        """Turn the mouse wheel at (x, y), kept inside the viewport: Flutter scrolls the list
        under the pointer on wheel events (Playwright's scroll into view does not move it).
        `dx`: across (a row that scrolls sideways)."""
        view = self.page.viewport_size
        self.page.mouse.move(min(max(x, 1), view["width"] - 1), min(max(y, 1), view["height"] - 1))
        self.page.mouse.wheel(dx, dy)
        if wait:
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

    def switch_theme(self) -> None:
        """Tap the top bar's theme button: the other theme, drawn in place (the screenshots that
        follow are named for it)."""
        self.tap("theme")
        self.dark = not self.dark

    def tap(self, identifier: str) -> None:
        """Tap the control with that test id (the first actionable element in it)."""
        self._press(self.wait_id(identifier))

    def tap_button(self, name: str, exact: bool = True) -> None:
        loc = self.page.get_by_role("button", name=name, exact=exact).first
        loc.wait_for(state="attached")
        self._press(loc)

    def choose(self, identifier: str, option: str, exact: bool = True) -> None:
        """Open the dropdown with that test id and tap its `option`.  A busy machine can drop
        the tap that opens it (the screen was being redrawn): with no option shown after 8 s the
        dropdown is tapped again, three times at most."""
        loc = self.page.get_by_role("button", name=option, exact=exact).first
        for attempt in range(3):
            self.tap(identifier)
            try:
                loc.wait_for(state="attached", timeout=8_000)
                break
            except Exception:
                if attempt == 2:
                    raise AssertionError(f"{identifier!r}: tapped three times, no {option!r} "
                                         "to choose") from None
        self._press(loc)

    def start_game(self, patience: int = 15_000) -> None:
        """Tap Start on the new-game screen and wait for the hand entry.  A busy machine can drop
        the tap (the screen was being redrawn): still on the new-game screen with no error after
        `patience` ms, Start is tapped once more (the app starts one game however often it is
        tapped, so a tap that was only slow does no harm)."""
        for attempt in range(2):
            self.tap("start-game")
            try:
                self.wait_id("save-hand", timeout=patience)
                return
            except Exception:
                still_here = self.page.url.rstrip("/").endswith("/new")
                if attempt == 1 or not still_here or self.by_id("new-game-error").count():
                    raise AssertionError("Start tapped, no hand entry after "
                                         f"{patience} ms\n{self.report()}") from None

    def tap_menu(self, name: str) -> None:
        """Tap an item of an open popup menu."""
        loc = self.page.get_by_role("menuitem", name=name).or_(
            self.page.get_by_role("button", name=name)).first
        loc.wait_for(state="attached")
        self._press(loc)

    def _field_value(self, loc) -> str:
        """What the text field shows.  Flutter edits a field in its semantics <input> (`loc`)
        once semantics are on; a field that took the focus before (autofocus, on a busy machine
        the harness turns semantics on later) is edited in Flutter's own <input> under
        flt-text-editing-host, which then has the focus and the text while `loc` stays empty."""
        return loc.evaluate(_FIELD_VALUE_JS, timeout=2_000)

    def _focus(self, loc, label: str) -> None:
        """Press the field labelled `label` until it has the focus (its own input, or Flutter's
        editing input: see `_field_value`), and only then let keys be typed.  On a busy machine a
        form can move under the finger (a name typed redraws the lines below it) and the press
        land on another field: keys typed then filled that one (a team name "Cat", refused as a
        player's name), so the press is made again; three that never reach it fail."""
        where = self.page.evaluate(_FOCUS_JS, label)
        for _ in range(3):
            if where == "ours":
                return
            self._press(loc)
            deadline = time.monotonic() + 3  # a touch focuses it a moment later
            while time.monotonic() < deadline:
                where = self.page.evaluate(_FOCUS_JS, label)
                if where == "ours":
                    return
                self.page.wait_for_timeout(100)
            if where == "editing":  # the field took the focus before semantics were on
                return
        raise AssertionError(f"{label!r}: pressed three times, the focus is on {where}")

    def fill(self, label: str, text: str, shows: str | None = None) -> None:
        """Type into the text field labelled `label` (a real <input> in the DOM); fails when the
        field does not show `shows` (default: the text) after three tries."""
        shows = text if shows is None else shows
        loc = self.page.get_by_label(label, exact=True).first
        loc.wait_for(state="attached")
        self._focus(loc, label)
        for _ in range(3):  # a busy machine can drop the first keys before the box has the focus
            self.page.keyboard.press("Control+A")
            self.page.keyboard.type(text)
            deadline = time.monotonic() + 5  # a busy machine shows the keys a while later
            while time.monotonic() < deadline:
                try:
                    if self._field_value(loc) == shows:
                        return
                except Exception:  # redrawn under us: look again
                    pass
                self.page.wait_for_timeout(100)
            self._focus(loc, label)
            self.page.wait_for_timeout(200)
        try:
            shown = self._field_value(loc)
        except Exception as gone:
            shown = f"(not readable: {gone.__class__.__name__})"
        raise AssertionError(f"{label!r}: typed {text!r} three times, the field shows {shown!r}, "
                             f"not {shows!r}")

    def report(self) -> str:
        """What a failed test's report says of this tab: its address, the labels and texts on
        screen (what a person would read there), and any traceback in the server's log."""
        lines = [f"{self.name}: {self.page.url}"]
        try:
            said = self.page.evaluate("""() => [...document.querySelectorAll('flt-semantics')]
                .map(e => (e.getAttribute('aria-label') || (e.childElementCount ? '' : e.innerText)
                           || '').replace(/[\\n\\r]+/g, ' ').trim()).filter(t => t).slice(0, 80)""")
            lines.append("  on screen: " + " | ".join(said))
        except Exception as gone:
            lines.append(f"  on screen: (not readable: {gone.__class__.__name__})")
        log = Path(getattr(getattr(self.server, "log", None), "name", "") or "")
        if log.is_file():
            text = log.read_text(errors="replace")
            if "Traceback" in text:
                lines.append("  the server's log, from its last traceback:")
                lines += ["    " + line for line in text[text.rindex("Traceback"):].splitlines()[-40:]]
        return "\n".join(lines)

    # -- pictures -----------------------------------------------------------
    def settle(self, within: float = 10) -> None:
        """Wait until what was drawn is on screen: two frames (a change the server sent is laid
        out and painted), then, with skwasm (which draws in a worker), until the worker has drawn
        every picture asked of it, and a frame more (failing when one is not drawn `within`
        seconds: a screenshot would show the screen before it); with CanvasKit (which draws in
        the frame itself) 30 ms; 200 ms where the page was opened without the count (`RENDERS`)."""
        if self.server.renderer == "canvaskit":
            wait = 30
        else:
            wait = self.page.evaluate("""async (within) => {
                const frame = () => new Promise(r => requestAnimationFrame(r));
                await frame(); await frame();
                const renders = window.__renders;
                if (!window._flutter_skwasmInstance) return window.flutterCanvasKit ? 30 : 200;
                if (!renders) return 200;
                const until = performance.now() + within * 1000;
                while (renders.drawn < renders.asked && performance.now() < until)
                    await new Promise(r => setTimeout(r, 5));
                if (renders.drawn < renders.asked)
                    return `${renders.asked - renders.drawn} pictures not drawn in ${within} s`;
                await frame();
                return 0;
            }""", within)
            if isinstance(wait, str):
                raise AssertionError(f"{self.name}: {wait}")
        self.page.evaluate("""(wait) => new Promise(r => requestAnimationFrame(
            () => requestAnimationFrame(() => setTimeout(r, wait))))""", wait)

    def screenshot(self, screen: str, check: bool = True, targets: bool = True) -> Path:
        """screenshots/SCREEN-NAME-THEME.png; fails (`check`) if it shows Flutter's error box,
        or, on a phone (`targets`: unless the same state was measured in the other theme), a
        tappable control under 48x48 px."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        if not self.phone:  # no hover tooltip from the last click in the picture
            self.page.mouse.move(2, self.page.viewport_size["height"] - 2)
        self.settle()
        theme = "dark" if self.dark else "light"
        path = SCREENSHOTS / f"{screen}-{self.name}-{theme}.png"
        self.page.screenshot(path=str(path))
        if not check:
            return path
        self.assert_drawn(f" in {path.name}")
        self.assert_no_grey_block(path)
        self.assert_laid_out(f" in {path.name}")
        if self.fallback_fonts:
            raise MissingGlyphs(f"{path.name}: Flutter did not get {len(self.fallback_fonts)} fallback "
                                f"fonts (a character no shipped font has): {sorted(set(self.fallback_fonts))[:3]}")
        if self.phone and targets:
            small = self.small_targets()
            assert not small, f"{path.name}: tap targets under {TARGET} px: {small}"
        return path


