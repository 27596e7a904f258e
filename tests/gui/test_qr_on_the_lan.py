"""The share screen's QR code draws when the page was opened the phones' way (issue 15, 4): over
plain http by a name that is not this computer's loopback, which is no secure context.  There
Flutter drew nothing for an image sent as bytes (it drew on 127.0.0.1); the picture is now loaded
by its address.  The server is told that phones reach it as harness.LAN_NAME ("lan.test"), which
the tests' Chromium resolves to 127.0.0.1: no network is needed, no packet leaves this machine, and
the page is still not a secure context."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from conftest import _need_browser
from harness import CHROMIUM, CHROMIUM_ARGS, LAN_NAME, PHONE, Driver, Server, only_local
from scorekeeper.storage import Repository

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def lan(tmp_path_factory):
    _need_browser()
    base = tmp_path_factory.mktemp("lanqr")
    game_id = Repository(base / "data").create_game("ihop", ["Ann", "Bob", "Cat", "Dan"])
    srv = Server(base / "data", base / "server.log", host="0.0.0.0", lan=LAN_NAME)
    srv.game_id = game_id
    yield srv
    srv.stop()


def dark_share(png: bytes, box: dict) -> float:
    """The share of dark pixels inside the QR code's box (a drawn QR code is about half dark)."""
    image = Image.open(io.BytesIO(png)).convert("L")
    scale = image.width / PHONE["viewport"]["width"]
    crop = image.crop(tuple(int(v * scale) for v in (box["x"], box["y"], box["x"] + box["width"],
                                                      box["y"] + box["height"])))
    pixels = list(crop.get_flattened_data()) if hasattr(crop, "get_flattened_data") else list(crop.getdata())
    return sum(1 for p in pixels if p < 80) / len(pixels)


def test_the_qr_code_draws_on_a_page_opened_by_the_lan_name(lan):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(**PHONE)
            context.route("**/*", only_local)
            app = Driver(context, lan.reached_as(LAN_NAME), "lan-phone", phone=True)
            app.open(f"game/{lan.game_id}/share")
            assert app.page.evaluate("() => window.isSecureContext") is False, "the phones' way: no secure context"
            app.wait_id("share-again")
            app.tap("share-again")
            app.wait_id("share-qr")
            box = app.by_id("share-qr").first.bounding_box()
            app.page.wait_for_timeout(1500)  # the picture is fetched and drawn
            share = dark_share(app.screenshot("share-qr-lan").read_bytes(), box)
            assert share > 0.15, f"the QR code is not drawn: {share:.0%} of its box is dark"
        finally:
            browser.close()
