"""The emoji font (tools/emoji_font.py): every piece of Noto Color Emoji that Flutter's web engine
asks for is sent on to the app's Twemoji, by the server and by the phone's service worker.  No
browser: the paths are read from the web client Flet ships (a Flet upgrade shows up here)."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path

import flet_web

from scorekeeper.gui import serve
from scorekeeper.phone_site import build

ROOT = Path(__file__).resolve().parents[2]
SW = ROOT / "scorekeeper" / "phone_site" / "web" / "sw.js"


def pieces() -> set[str]:
    """The font pieces Flutter's engine (main.dart.js) asks for an emoji, as the page asks for them."""
    engine = (Path(flet_web.__file__).parent / "web" / "main.dart.js").read_text(encoding="utf-8", errors="replace")
    found = set(re.findall(r"(?:notocoloremoji|notosanssymbols)/v\d+/[A-Za-z0-9_-]+", engine))
    return {f"/assets/fonts/{piece}.{n}.woff2" for piece in found for n in (0, 11)} | \
        {f"/assets/fonts/{piece}.woff2" for piece in found}


def test_every_piece_flutter_asks_for_an_emoji_is_sent_on_by_the_server_and_the_phone():
    asked = pieces()
    assert any("notocoloremoji" in p for p in asked) and any("notosanssymbols" in p for p in asked), asked
    worker = re.search(r"const EMOJI_PIECE = /(.+)/;", SW.read_text(encoding="utf-8")).group(1)
    for path in asked:
        assert serve.EMOJI_PIECE.fullmatch(path), path
        assert re.search(worker, path), path
    for other in ("/assets/fonts/roboto.woff2", "/fonts/DejaVuSans.ttf", "/assets/fonts/notosanssc/v1/x.woff2"):
        assert not serve.EMOJI_PIECE.fullmatch(other) and not re.search(worker, other), other


def test_the_server_redirects_a_piece_to_the_one_font_and_leaves_the_rest_alone():
    passed: list[str] = []

    async def app(scope, receive, send):
        passed.append(scope["path"])

    def ask(path: str) -> list[dict]:
        sent: list[dict] = []

        async def send(message):
            sent.append(message)
        asyncio.run(serve.emoji_font(app)({"type": "http", "path": path, "method": "GET"}, None, send))
        return sent

    sent = ask(next(iter(sorted(pieces()))))
    assert sent[0]["status"] == 302 and dict(sent[0]["headers"])[b"location"] == serve.EMOJI_FONT.encode()
    assert passed == []
    assert ask("/fonts/Twemoji.woff2") == [] and passed == ["/fonts/Twemoji.woff2"]


def test_the_font_ships_with_its_license_in_the_package_and_the_phone_site():
    font = ROOT / "assets" / serve.EMOJI_FONT.lstrip("/")
    assert font.read_bytes()[:4] == b"wOF2" and font.stat().st_size < 600_000
    license_text = (ROOT / "assets" / "fonts" / "Twemoji-LICENSE.txt").read_text(encoding="utf-8")
    assert "CC-BY 4.0" in license_text and "SIL OPEN FONT LICENSE" in license_text
    assert {"fonts/Twemoji.woff2", "fonts/Twemoji-LICENSE.txt"} <= set(build.OWN)
