"""The phone's own build in a browser, for the tests of tests/phone/ and benchmarks/bench_phone_app.py.

- `build(folder)`: `scorekeeper phone-app FOLDER` run as a user runs it;
- `StaticServer`: `python3 -m http.server` on 127.0.0.1 serving a folder that holds the site under a
  path prefix (the site must work from any);
- `PhoneBrowser`: one Chromium with a fresh persistent profile (so its service worker and its
  IndexedDB live as on a phone), a 390x844 touch phone, every request to another host aborted and
  noted;
- `wait_started(page)`: waits for the page's start (`window.scorekeeperStart`, written by the site's
  python.js) and reports a start that failed or hung with the steps it went through, instead of
  waiting for ever; each Pyodide load takes 20-120 s on the 2-core machine, so the budgets are long.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "gui"))
from harness import CHROMIUM, PHONE_BUILD_CHROMIUM_ARGS, TEST_PHONE, Driver  # noqa: E402

#: the path the tests serve the site under (any prefix must do)
PREFIX = "club/spades/"
#: how long one start may take before it counts as hung (three tries of the page's watchdog fit:
#: a loaded 2-core machine took up to 116 s a start)
START_BUDGET = 420.0


def build(folder: Path) -> str:
    """Write the site with the command a user types; what it printed."""
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "phone-app", str(folder)], capture_output=True,
                          text=True, timeout=300, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, f"scorekeeper phone-app failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class StaticServer:
    """`python3 -m http.server` serving `root` on 127.0.0.1 (the site at `root/PREFIX`)."""

    def __init__(self, root: Path, port: int | None = None):
        self.root = root
        self.port = port or free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = f"{self.origin}/{PREFIX}"
        self.log = open(root.parent / f"http-{self.port}.log", "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                                      "--directory", str(root), str(self.port)],
                                     stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"python3 -m http.server did not listen on {self.port}")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)
        self.log.close()


def serve_site(site: Path, under: Path) -> Path:
    """A folder that holds `site` at PREFIX (a copy: the site is one folder a user copies anywhere)."""
    target = under / PREFIX
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(site, target)
    return under


class StartFailed(AssertionError):
    """The app did not start: it failed, or hung past its budget (with the steps it went through)."""


def wait_started(page, budget: float = START_BUDGET) -> dict:
    """Wait for the page's start (python.js's `window.scorekeeperStart`); its timeline.  A start
    that failed, or is not done after `budget` seconds (a hang the watchdog did not recover from),
    raises StartFailed with what it was doing."""
    deadline = time.monotonic() + budget
    state = None
    while time.monotonic() < deadline:
        try:
            state = page.evaluate("() => window.scorekeeperStart || null")
        except Exception:  # a navigation in between
            state = None
        if state and state.get("failed"):
            raise StartFailed(f"the app failed to start: {state['failed']}; steps: {state['timeline']}")
        if state and state.get("ready"):
            return state
        time.sleep(0.25)
    raise StartFailed(f"the app did not start in {budget:.0f} s (hung?); steps: "
                      f"{state['timeline'] if state else 'none: python.js never ran'}")


class PhoneBrowser:
    """Chromium with a fresh persistent profile and a phone's viewport; `other_hosts`: every request
    it was asked to make to a host other than 127.0.0.1 (each aborted), service workers' included."""

    def __init__(self, playwright, server: StaticServer, profile: Path | None = None):
        self.server = server
        self.profile = profile or Path(tempfile.mkdtemp(prefix="phone-profile-"))
        self.other_hosts: list[str] = []
        self.requests: list[str] = []
        self.context = playwright.chromium.launch_persistent_context(
            str(self.profile), executable_path=CHROMIUM, args=PHONE_BUILD_CHROMIUM_ARGS, accept_downloads=True, **TEST_PHONE)
        self.context.route("**/*", self._route)
        self.context.on("request", lambda r: self.requests.append(r.url))
        self.console: list[str] = []  # what the pages (and their Python) printed: shown when a test fails
        self.context.on("console", lambda m: self.console.append(f"{m.type}: {m.text[:2000]}"))
        self.context.on("weberror", lambda e: self.console.append(f"page error: {e.error}"))

    def _route(self, route) -> None:
        url = route.request.url
        if url.startswith((self.server.origin + "/", "data:", "blob:")):
            route.continue_()
        else:
            self.other_hosts.append(url)
            route.abort()

    def driver(self, page=None, name: str = "phone") -> Driver:
        """tests/gui/harness.Driver's taps on a tab of this browser (a new one unless `page`)."""
        shim = types.SimpleNamespace(renderer="canvaskit", url=self.server.url, host_link=self.server.url)
        context = self.context if page is None else types.SimpleNamespace(new_page=lambda: page)
        return Driver(context, shim, name, phone=True, host=False)

    def open(self, name: str = "phone", budget: float = START_BUDGET) -> tuple[Driver, dict]:
        """A new tab on the site, started: the app's driver (tests/gui/harness.Driver's taps) and the
        start's timeline."""
        driver = self.driver(name=name)
        # the start itself is waited for (its budget): the page's "load" event waits on every
        # script of the page, and ran past 15 s on a busy machine (CI, 2026-12-07: a cold first
        # load beside two other workers)
        driver.page.goto(self.server.url, wait_until="commit")
        started = wait_started(driver.page, budget)
        driver.page.wait_for_function("() => !document.getElementById('loading')", timeout=60_000)
        driver.enable_semantics()
        return driver, started

    def reload(self, driver: Driver, budget: float = START_BUDGET) -> dict:
        driver.page.reload(wait_until="commit")
        started = wait_started(driver.page, budget)
        driver.page.wait_for_function("() => !document.getElementById('loading')", timeout=60_000)
        driver.enable_semantics()
        return started

    def offline_ready(self, driver: Driver, timeout: float = 300_000) -> None:
        """Wait until the service worker holds every file (it is active and controls the page)."""
        driver.page.wait_for_function("""() => navigator.serviceWorker && navigator.serviceWorker.controller
                                         && navigator.serviceWorker.controller.state === 'activated'""",
                                      timeout=timeout, polling=500)

    def close(self) -> None:
        self.context.close()
        shutil.rmtree(self.profile, ignore_errors=True)


# -- steps at the table (as tests/gui/test_flows.py and steps.py take them) -----------------------
def wait_message(app, text: str, timeout: float = 30_000) -> None:
    """Wait for a message the app shows: beside Save ("entry-status", "entry-notice"), else at the
    bottom of the screen ("message")."""
    app.page.wait_for_function(
        """(text) => [...document.querySelectorAll(
               '[flt-semantics-identifier="message"], [flt-semantics-identifier="entry-notice"], '
               + '[flt-semantics-identifier="entry-status"]')].some(
               el => ((el.innerText || '') + ' ' + (el.getAttribute('aria-label') || '')).includes(text))""",
        arg=text, timeout=timeout)


def start_game(app, players: list[str]) -> None:
    """A standard game (the new-game screen's first rule set) of these four."""
    app.tap("new-game")
    app.wait_id("start-game")
    for i, name in enumerate(players):
        app.fill(f"Player {i + 1}", name)
    app.start_game(patience=30_000)


def pick(app, prefix: str, value) -> None:
    """Tap `value` on a line of number chips (`<prefix>-<value>`; a high one is behind `<prefix>-more`)."""
    found = app.page.wait_for_function(
        """([a, b]) => document.querySelector(`[flt-semantics-identifier="${a}"]`) ? "chip"
                       : document.querySelector(`[flt-semantics-identifier="${b}"]`) ? "more" : false""",
        arg=[f"{prefix}-{value}", f"{prefix}-more"], timeout=30_000).json_value()
    if found == "more":
        app.tap(f"{prefix}-more")
        app.wait_id("picker")
    app.tap(f"{prefix}-{value}")


def play_hand(app, hand: dict) -> None:
    """Tap a standard hand in (each player's bid, the first side's tricks) and save it."""
    for name, bid in hand["bids"].items():
        pick(app, f"bid-{name}", bid)
    side, count = next(iter(hand["tricks"].items()))
    app.tap(f"count-{side}")
    app.tap(f"tricks-{count}")
    app.tap("save-hand")


def totals(app, sides: list[str]) -> dict[str, int]:
    """Each side's score as the game screen's totals show it."""
    out = {}
    for side in sides:
        text = app.text_of(f"score-{side}").split()
        out[side] = int(text[0])
    return out


def open_game_card(app) -> None:
    """Open the first game of the games list."""
    card = app.page.wait_for_function("""() => [...document.querySelectorAll('[flt-semantics-identifier]')]
        .map(el => el.getAttribute('flt-semantics-identifier')).find(i => /^game-[0-9a-f]{8}$/.test(i))""",
                                      timeout=30_000).json_value()
    app.tap(card)
    app.wait_id("save-hand", timeout=30_000)
