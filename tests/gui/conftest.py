"""Drive the real app in web mode in headless Chromium (Playwright).

One browser per pytest-xdist worker; one app server (a subprocess on 127.0.0.1, a fresh data
folder) per test module.  A test asks `make_driver` for a tab: a host's tab of the module's
server (phone or desktop, the default viewport) is loaded once per module and lent to each test
in turn (`Driver.open` then goes to the test's route in the running app instead of loading it
again: a cold load costs seconds of the browser's time); every other kind (a guest, a viewer, a
droppable connection, another server) is a new tab of its own.  A lent tab goes back to the
module's pool when its test passes, put back as it was lent (the light theme, its viewport, on
the games list); one whose test failed is closed.  The app's session lives on in a lent tab
(the New game form as it was typed, a hand being entered): a module whose tests read that
sets `LEND_TABS = False` and gets a new tab per test; `GUI_LEND_TABS=0` does so everywhere.
The machinery is in harness.py.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from harness import CHROMIUM, CHROMIUM_ARGS, DESKTOP, DROPPABLE, PHONE, Driver, Server, only_local  # noqa: E402


def pytest_collection_modifyitems(config, items):
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        if used & {"make_driver", "browser", "playwright"}:
            item.add_marker(pytest.mark.gui)
        if used & {"make_driver", "browser", "playwright", "server"}:  # a browser or a served app
            item.add_marker(pytest.mark.slow)


def _need_browser():
    if not os.path.exists(CHROMIUM):
        message = (f"no Chromium at {CHROMIUM}: run `python tools/install_browser.py` "
                   "(Debian: apt-get install chromium) to run the GUI tests")
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message)
        pytest.skip(message)
    try:
        import playwright  # noqa: F401
    except ImportError:
        message = "playwright is not installed (pip install -e '.[test]')"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    _need_browser()
    base = tmp_path_factory.mktemp("app")
    srv = Server(base / "data", base / "server.log")
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser(playwright):  # (playwright: tests/conftest.py)
    _need_browser()
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.gui_failed, item.gui_passed = report.failed, report.passed


class Pool:
    """The module's host tabs of its own server that are free to lend, by (phone, viewport)."""

    def __init__(self):
        self.free: dict[tuple, list[Driver]] = {}
        self.all: list[Driver] = []

    def take(self, key: tuple) -> Driver | None:
        found = self.free.get(key)
        return found.pop() if found else None

    def give_back(self, key: tuple, driver: Driver) -> None:
        self.free.setdefault(key, []).append(driver)


@pytest.fixture(scope="module")
def _pool():
    pool = Pool()
    yield pool
    for driver in pool.all:
        try:
            driver.context.close()
        except Exception:
            pass


@pytest.fixture
def make_driver(browser, server, request, _pool):
    """`make_driver(phone=False)` gives a tab (its own context) on the app."""
    made: list[tuple[Driver, tuple | None]] = []

    def make(phone: bool = False, name: str | None = None, host: bool = True,
             droppable: bool = False, on=None, viewport: tuple[int, int] | None = None) -> Driver:
        """`host=False`: a guest's tab; `droppable`: its connection can be dropped
        (`Driver.lose_network`); `on`: another server than the module's; `viewport`:
        (width, height) instead of the phone's 390x844 or the desktop's."""
        name = name or ("phone" if phone else "desktop")
        options = dict(PHONE if phone else DESKTOP)
        if viewport is not None:
            options["viewport"] = {"width": viewport[0], "height": viewport[1]}
        lend = getattr(request.module, "LEND_TABS", True) and os.environ.get("GUI_LEND_TABS", "1") != "0"
        key = (phone, options["viewport"]["width"], options["viewport"]["height"]) \
            if lend and host and not droppable and on is None else None
        driver = _pool.take(key) if key else None
        if driver is not None:
            driver.name = name
        else:
            context = browser.new_context(**options)
            context.route("**/*", only_local)
            if droppable:
                context.add_init_script(DROPPABLE)
            driver = Driver(context, on or server, name, phone, host=host)
            if key:
                _pool.all.append(driver)
        made.append((driver, key))
        return driver

    yield make
    failed = getattr(request.node, "gui_failed", False)
    for d, key in made:
        try:
            if failed:  # what was on screen, for the report
                safe = "".join(c if c.isalnum() else "-" for c in request.node.name)
                print("failure screenshot:", d.screenshot(f"FAILED-{safe}", check=False))
            elif getattr(request.node, "gui_passed", False) and not d.page.is_closed():
                d.assert_drawn(f" at the end of the test ({d.name})", picture=True)  # what it left is drawn too
        except Exception:
            if not failed:
                raise
        finally:
            if key is None or failed or d.page.is_closed() or not d.put_back():
                if key is not None:
                    _pool.all.remove(d)
                d.context.close()
            else:
                _pool.give_back(key, d)
