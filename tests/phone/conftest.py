"""The phone's own build (`scorekeeper phone-app`) in headless Chromium: the site is built once a
test session, served on 127.0.0.1 under a path prefix by `python3 -m http.server`, and opened in a
Chromium with a fresh persistent profile on a 390x844 touch phone (tests/phone/phonekit.py).

Every test here loads Pyodide at least once (20-120 s on the 2-core machine): they are marked
`gui` and `slow`, and kept few.  Under CI a missing browser fails them; elsewhere they are skipped
with how to get one.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from phonekit import CHROMIUM, PhoneBrowser, StaticServer, build, serve_site  # noqa: E402


#: the fixtures that load the site in a browser
BROWSER_FIXTURES = {"phone", "server", "playwright"}


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if Path(item.fspath).parent == here and BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.gui)
            item.add_marker(pytest.mark.slow)


def need_browser() -> None:
    problem = None
    if not os.path.exists(CHROMIUM):
        problem = (f"no Chromium at {CHROMIUM}: run `python tools/install_browser.py` "
                   "(Debian: apt-get install chromium) to run the phone app's tests")
    else:
        try:
            import playwright  # noqa: F401
        except ImportError:
            problem = "playwright is not installed (pip install -e '.[test]')"
    if problem:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(problem)
        pytest.skip(problem)


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site, built once a session by `scorekeeper phone-app` (as a user runs it)."""
    folder = tmp_path_factory.mktemp("phone-site") / "site"
    printed = build(folder)
    assert "The phone app is in" in printed, printed
    return folder


@pytest.fixture(scope="module")
def server(site, tmp_path_factory):
    need_browser()
    srv = StaticServer(serve_site(site, tmp_path_factory.mktemp("www") / "www"))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def playwright():
    need_browser()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        yield pw


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.phone_failed = report.failed


@pytest.fixture
def phone(playwright, server, tmp_path, request):
    """A phone with a fresh browser profile; every request to another host fails the test.  A test
    that failed prints what the pages logged and leaves a screenshot of each open page."""
    browser = PhoneBrowser(playwright, server, tmp_path / "profile")
    yield browser
    try:
        if getattr(request.node, "phone_failed", False):
            print("\n".join(["what the pages logged:", *browser.console[-80:]]))
            for n, page in enumerate(browser.context.pages):
                shot = Path(os.environ.get("PHONE_SHOTS", tmp_path)) / f"FAILED-{request.node.name}-{n}.png"
                page.screenshot(path=str(shot))
                print("failure screenshot:", shot)
        assert browser.other_hosts == [], f"requests to other hosts: {browser.other_hosts}"
    finally:
        browser.close()
