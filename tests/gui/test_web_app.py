"""The served web app is this app, as a phone adds it to its home screen: its own manifest, icons,
favicon and titles (not Flet's), installable in Chromium; it asks nothing of any host but the
server; and its suits are drawn in the first frame that shows its text.

The files come from assets/ (tools/make_web_app.py writes them); these tests read what the
server serves, as a browser does.
"""
from __future__ import annotations

import io
import json
import re
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from PIL import Image

from conftest import _need_browser
from harness import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, Driver, Server, first_text, load_timeline, only_local
from scorekeeper.gui import theme

pytestmark = pytest.mark.gui

NAME, SHORT_NAME = "Spades Scorekeeper", "Spades"


def fetch(server, path: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(urllib.parse.urljoin(server.url, path), timeout=10) as answer:
        return answer.status, answer.headers.get("content-type", ""), answer.read()


def flets_files() -> dict[bytes, str]:
    """Every picture Flet's web client ships (bytes -> its name), to tell ours from them."""
    import flet_web

    web = Path(flet_web.__file__).parent / "web"
    return {p.read_bytes(): str(p.relative_to(web)) for p in web.rglob("*.png")}


def page_head(server) -> str:
    status, kind, body = fetch(server, "")
    assert status == 200 and kind.startswith("text/html"), (status, kind)
    return body.decode()


def meta(head: str, name: str) -> str | None:
    found = re.search(rf'<meta name="{name}" content="([^"]*)"', head)
    return found and found.group(1)


def link(head: str, rel: str) -> str:
    found = re.findall(rf'<link rel="{rel}"[^>]*href="([^"]+)"', head)
    assert len(found) == 1, f"{rel}: {found}"
    return found[0]


def png_of(server, path: str) -> Image.Image:
    status, kind, body = fetch(server, path)
    assert status == 200 and kind == "image/png", (path, status, kind)
    name = flets_files().get(body)
    assert name is None, f"{path} is Flet's own {name}"
    image = Image.open(io.BytesIO(body))
    assert image.format == "PNG", path
    return image


def test_the_manifest_names_the_app_in_its_colours(server):
    manifest = json.loads(fetch(server, "manifest.json")[2])
    assert manifest["name"] == NAME
    assert manifest["short_name"] == SHORT_NAME
    assert "Spades" in manifest["description"] and "Flet" not in manifest["description"]
    assert manifest["theme_color"] == theme.PRIMARY
    assert manifest["background_color"] == theme.BACKGROUND
    assert manifest["display"] == "standalone"


def test_every_icon_the_manifest_lists_is_a_spade_of_its_size(server):
    icons = json.loads(fetch(server, "manifest.json")[2])["icons"]
    listed = {(icon["sizes"], icon.get("purpose", "any")) for icon in icons}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= listed
    for icon in icons:
        assert icon["type"] == "image/png"
        image = png_of(server, icon["src"])
        assert "x".join(map(str, image.size)) == icon["sizes"], icon
        rgba = image.convert("RGBA")
        if icon.get("purpose") == "maskable":  # the whole square is drawn: a phone cuts its own shape
            assert rgba.getextrema()[3] == (255, 255), f"{icon['src']} has transparent pixels"
        corner, middle = rgba.getpixel((0, 0)), rgba.getpixel((image.width // 2, image.height // 2))
        assert corner != middle, f"{icon['src']} is one colour"


def test_the_page_has_the_apps_titles_favicon_and_home_screen_icon(server):
    head = page_head(server)
    assert re.search(r"<title>([^<]*)</title>", head).group(1) == NAME
    assert meta(head, "apple-mobile-web-app-title") == SHORT_NAME
    assert "Flet" not in meta(head, "description")
    assert meta(head, "theme-color") == theme.PRIMARY
    assert png_of(server, link(head, "icon")).size == (32, 32)
    assert png_of(server, link(head, "apple-touch-icon")).size == (192, 192)


def _playwright():
    _need_browser()
    from playwright.sync_api import sync_playwright
    return sync_playwright()


def test_chromium_finds_it_installable_with_the_manifest_and_colours_of_the_app(server, tmp_path):
    """Installable from the host link on 127.0.0.1, in a profile of its own (Chromium does not
    offer to install from an incognito window, which is what a plain Playwright context is); the
    manifest's colours are what the app draws: its page and its filled buttons."""
    with _playwright() as pw:
        context = pw.chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                                        args=CHROMIUM_ARGS, **DESKTOP)
        try:
            context.route("**/*", only_local)
            tab = Driver(context, server, "install", phone=False)
            tab.open()  # the host link, then the games list drawn
            page = tab.page
            cdp = context.new_cdp_session(page)
            assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
            read = cdp.send("Page.getAppManifest")
            assert read["errors"] == [], read["errors"]
            assert json.loads(read["data"])["name"] == NAME
            colours = Image.open(io.BytesIO(page.screenshot())).convert("RGB").getcolors(1 << 20)
        finally:
            context.close()
    colours.sort(reverse=True)
    hex_of = {"#%02X%02X%02X" % rgb: count for count, rgb in colours}
    assert "#%02X%02X%02X" % colours[0][1] == theme.BACKGROUND, "the page's own colour (most of the screen)"
    assert hex_of.get(theme.PRIMARY, 0) > 5_000, "the filled button (New game) is drawn in the theme colour"


def test_opening_the_app_asks_nothing_of_any_other_host(tmp_path):
    """Every request of the page and its workers while the app opens and shows the games list
    (what Flet's client fetches as it starts is asked by then), on a phone: with the renderer
    CanvasKit (Flet's JavaScript build, what a browser without WebAssembly GC or WebGL runs) and
    with the app's own default (Chromium runs Flet's WebAssembly build)."""
    default = Server(tmp_path / "data", tmp_path / "server.log", renderer=None)
    canvaskit = Server(tmp_path / "data-canvaskit", tmp_path / "server-canvaskit.log", renderer="canvaskit")
    try:
        with _playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for served, build in ((canvaskit, "main.dart.js"), (default, "main.dart.wasm")):
                    here = urllib.parse.urlsplit(served.url).netloc
                    context = browser.new_context(**PHONE)
                    asked: list[str] = []
                    context.on("request", lambda request: asked.append(request.url))
                    context.route("**/*", only_local)  # recorded, then refused: nothing leaves the machine
                    tab = Driver(context, served, "phone", phone=True)
                    tab.page.on("websocket", lambda ws: asked.append(ws.url))
                    tab.open()  # the host link, then the games list drawn
                    tab.page.wait_for_timeout(1000)
                    context.close()
                    assert any(urllib.parse.urlsplit(url).path == f"/{build}" for url in asked), (build, asked)
                    elsewhere = [url for url in asked if not url.startswith(("data:", "blob:"))
                                 and urllib.parse.urlsplit(url).netloc != here]
                    assert elsewhere == [], f"{build}: asked of other hosts: {elsewhere}"
            finally:
                browser.close()
    finally:
        default.stop()
        canvaskit.stop()


def _bar(spade: bool, title: bool) -> bytes:
    """A top bar as the app draws it: "\u2660 Spades Scorekeeper", its \u2660 an empty box unless `spade`."""
    from PIL import ImageDraw, ImageFont

    font = ImageFont.truetype(str(Path(__file__).resolve().parents[2] / "assets" / "fonts" / "DejaVuSans.ttf"), 20)
    image = Image.new("RGB", (400, 56), (236, 239, 230))
    draw = ImageDraw.Draw(image)
    if spade:
        draw.text((16, 16), "\u2660", font=font, fill=(25, 29, 23))
    else:
        draw.rectangle((17, 19, 29, 37), outline=(25, 29, 23), width=2)
    if title:
        draw.text((42, 16), NAME, font=font, fill=(25, 29, 23))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def test_the_first_frame_with_text_is_told_and_an_empty_box_for_the_spade_is_seen():
    """harness.first_text, which the next test and benchmarks/bench_gui.py read the screenshots with."""
    empty, boxed, drawn = _bar(False, False), _bar(False, True), _bar(True, True)
    assert first_text([empty, empty, boxed, boxed, drawn, drawn]) == (2, False)
    assert first_text([empty, drawn, drawn]) == (1, True)
    assert first_text([empty, _bar(True, False), drawn]) == (2, True)
    assert first_text([empty, empty]) is None


def test_the_suits_are_drawn_in_the_first_frame_that_shows_the_title(server):
    """The \u2660 of the top bar's title is drawn, as it stays, in the first screenshot that shows the
    title at all (the app's font is there before its first frame), on each of three fresh tabs."""
    with _playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            timelines = []
            for _ in range(3):
                context = browser.new_context(**DESKTOP)
                context.route("**/*", only_local)
                timelines.append(load_timeline(context, server.host_link, settle=4.0))
                context.close()
        finally:
            browser.close()
    print("page open -> first frame / title's text / bar as it stays (s):",
          [(round(t["first_frame"], 2), t["first_text"] and round(t["first_text"], 2), round(t["drawn"], 2))
           for t in timelines])
    assert all(t["first_text"] is not None for t in timelines), "the title was drawn"
    assert [t["suits_in_first_text"] for t in timelines] == [True] * 3
