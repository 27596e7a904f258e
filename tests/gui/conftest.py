"""Drive the real app in web mode in headless Chromium (Playwright).

One app server (a subprocess on 127.0.0.1, a fresh data folder) and one
browser per test module; each test gets its own browser context (a tab with
its own viewport, touch and theme).  The machinery is in harness.py.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from harness import CHROMIUM, DROPPABLE, TEST_CHROMIUM_ARGS, TEST_DESKTOP, TEST_PHONE, Driver, Server, only_local  # noqa: E402


def pytest_collection_modifyitems(config, items):
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        if used & {"make_driver", "kept_tab"}:
            item.add_marker(pytest.mark.gui)
        if used & {"make_driver", "kept_tab", "browser", "server"}:  # a browser or a served app: `-m "not slow"` skips it
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


@pytest.fixture(scope="module")
def browser():
    _need_browser()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=TEST_CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.gui_failed, item.gui_passed = report.failed, report.passed


def _new_context(browser, phone: bool, viewport: tuple[int, int] | None):
    """A context of its own (a phone's or a desktop's; `viewport` instead of its size) that
    reaches nothing but this machine."""
    options = dict(TEST_PHONE if phone else TEST_DESKTOP)
    if viewport is not None:
        options["viewport"] = {"width": viewport[0], "height": viewport[1]}
    context = browser.new_context(**options)
    context.route("**/*", only_local)
    return context


@pytest.fixture
def make_driver(browser, server, request):
    """`make_driver(phone=False)` opens a new tab (its own context) on the app."""
    contexts = []
    drivers = []

    def make(phone: bool = False, name: str | None = None, host: bool = True,
             droppable: bool = False, on=None, viewport: tuple[int, int] | None = None) -> Driver:
        """`host=False`: a guest's tab; `droppable`: its connection can be dropped
        (`Driver.lose_network`); `on`: another server than the module's; `viewport`:
        (width, height) instead of the phone's 390x844 or the desktop's."""
        context = _new_context(browser, phone, viewport)
        if droppable:
            context.add_init_script(DROPPABLE)
        contexts.append(context)
        driver = Driver(context, on or server, name or ("phone" if phone else "desktop"), phone, host=host)
        drivers.append(driver)
        return driver

    yield make
    try:
        if getattr(request.node, "gui_failed", False):  # what was on screen, for the report
            for d in drivers:
                try:
                    safe = "".join(c if c.isalnum() else "-" for c in request.node.name)
                    print(d.report())
                    print("failure screenshot:", d.screenshot(f"FAILED-{safe}", check=False))
                except Exception:
                    pass
        elif getattr(request.node, "gui_passed", False):  # it passed: what it left is drawn too
            for d in drivers:
                if not d.page.is_closed():
                    d.assert_drawn(f" at the end of the test ({d.name})", picture=True)
    finally:
        for c in contexts:
            c.close()


def _back_home(driver: Driver) -> bool:
    """A kept tab taken back to its size and name, the games list and the light theme; False
    if a dialog of the last test, or anything else, is still over the list (then it is not
    used)."""
    if driver.page.locator('[role="dialog"], [role="alertdialog"]').count():
        return False
    viewport, name = driver.kept_as
    if driver.page.viewport_size != viewport:  # (a test that tried the tab at another size)
        driver.page.set_viewport_size(viewport)
    driver.name = name
    driver.go("/")
    if driver.dark:  # handed out in the light theme, as a new tab is
        driver.switch_theme()
    button = driver.wait_id("new-game")
    box = button.bounding_box()
    return not driver._covered(button, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


@pytest.fixture(scope="module")
def tab_pool():
    """The tabs `kept_tab` keeps for the module: {(phone, viewport, name): (context, driver)}."""
    pool: dict = {}
    yield pool
    for context, _ in pool.values():
        context.close()


@pytest.fixture
def kept_tab(browser, server, tab_pool, request):
    """`kept_tab(phone=False, viewport=None, name=None)`: a host tab loaded once for the module
    and that kind of device, always handed out on the games list; a test starts from a route
    (`Driver.go`), not a page load (3.5-4 s each on the 2-core machine: a third of a GUI
    test's time, measured on test_dispute_screens, test_conventions and test_specials).  Only a test that
    passed hands its tab on; after any other the tab is closed and the next test loads afresh.
    For tests that open their own game and leave no dialog open."""
    used = []

    def get(phone: bool = False, viewport: tuple[int, int] | None = None, name: str | None = None) -> Driver:
        key = (phone, viewport, name)
        if key in tab_pool and not _back_home(tab_pool[key][1]):
            tab_pool.pop(key)[0].close()  # something of the last test is still open: a fresh tab
        if key not in tab_pool:
            context = _new_context(browser, phone, viewport)
            driver = Driver(context, server, name or ("phone" if phone else "desktop"), phone)
            driver.kept_as = (dict(driver.page.viewport_size), driver.name)  # what `_back_home` restores
            tab_pool[key] = (context, driver)
            driver.open()
        used.append(key)
        return tab_pool[key][1]

    yield get
    passed = getattr(request.node, "gui_passed", False)
    for key in dict.fromkeys(used):
        context, driver = tab_pool[key]
        try:
            if passed:  # what it leaves is drawn too, and it is where the next test starts
                driver.assert_drawn(f" at the end of the test ({driver.name})", picture=True)
                continue
            if getattr(request.node, "gui_failed", False):
                safe = "".join(c if c.isalnum() else "-" for c in request.node.name)
                try:
                    print(driver.report())
                    print("failure screenshot:", driver.screenshot(f"FAILED-{safe}", check=False))
                except Exception:
                    pass
        except BaseException:
            passed = False
            raise
        finally:
            if not passed:
                del tab_pool[key]
                context.close()

