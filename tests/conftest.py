"""Fixtures shared by the browser tests of the served app (tests/gui) and of the phone's own
build (tests/phone)."""
from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session")
def playwright():
    """The worker's one sync Playwright.  A second one cannot start beside it (each keeps an event
    loop running in the main thread), so the served app's tests and the phone build's share this
    one; `tests/gui/harness.run_async` runs a test's own coroutines in a thread."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        message = "playwright is not installed (pip install -e '.[test]')"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message)
        pytest.skip(message)
    with sync_playwright() as pw:
        yield pw
