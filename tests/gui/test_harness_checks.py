"""The harness's own checks, each seen to catch what it is there for: real Flet pages in headless
Chromium, the small app of tests/gui/probe_app.py (served as the app is).

- a tap on a control under something else (a message) fails, naming what covers it.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from harness import Server, TapCovered
from steps import wait_label

PROBE = (str(Path(__file__).with_name("probe_app.py")),)


@pytest.fixture(scope="module")
def probe(browser, tmp_path_factory):
    """The probe app, served as the app is (after `browser`: no browser, no server)."""
    base = tmp_path_factory.mktemp("probe")
    srv = Server(base / "data", base / "server.log", program=PROBE)
    yield srv
    srv.stop()


def probe_page(make_driver, probe, route: str, phone: bool = True):
    app = make_driver(phone=phone, host=False, on=probe)
    app.open(route)
    return app


# -- a tap goes where the test means it to --------------------------------------------------
def test_a_tap_on_a_button_nothing_covers_lands(make_driver, probe):
    app = probe_page(make_driver, probe, "cover")
    app.tap("plain")
    app.tap_button("Under")
    wait_label(app, "log", "plain under")


def test_a_tap_on_a_button_under_a_message_fails_naming_the_message(make_driver, probe):
    app = probe_page(make_driver, probe, "cover")
    app.tap("show-message")
    app._settled_box(app.wait_id("message"))  # slid in
    with pytest.raises(TapCovered, match=r'"message" \u201cA message\u201d lies over "under"'):
        app.tap("under")
    with pytest.raises(TapCovered, match='"message"'):
        app.tap_button("Under")
    app.tap("plain")  # what the message leaves free is tapped as before
    wait_label(app, "log", "show-message plain")
    assert "under" not in app.text_of("log")  # and the refused taps were never made
