"""Pictures the page loads by address rather than as bytes in a message.

A phone opens the app over plain http on the LAN address, which is not a secure context; there
Flutter draws no image it was sent as bytes (the share screen's QR code stayed blank), while an
image it loads from an address draws everywhere.  So the share screen's QR code is served here,
as ``/qr/join/CODE.png``: the QR code of that code's join link.

The route needs no role, so it is made cheap for whoever asks: only the code of a table shared
now is drawn (``join_link`` gives None for any other: answered 404, nothing drawn), a picture is
drawn once in a worker thread, off the server's event loop, and kept (the few codes shared),
and one address may ask `rate` pictures a second (bursts of `burst`; past that 429).
"""
from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from typing import Any, Awaitable, Callable

from .guard import Bucket
from .models import links
from .models.sharing import CODE_ALPHABET, CODE_LENGTH

QR_PATH = re.compile(rf"/qr/join/([{CODE_ALPHABET}]{{{CODE_LENGTH}}})\.png")
#: pictures kept drawn (a server shares a few tables at once)
KEPT = 32


def qr_address(code: str) -> str:
    """Where the page loads the QR code of ``code``'s join link (relative to the server)."""
    return f"/qr/join/{code}.png"


class Pictures:
    """ASGI middleware: answers ``GET /qr/join/CODE.png``; everything else goes to ``app``.
    ``join_link(code)``: the address a phone opens for that code, or None when no table is shared
    under it (then nothing is drawn)."""

    def __init__(self, app: Callable, join_link: Callable[[str], str | None], *, rate: float = 2.0,
                 burst: int = 20):
        self.app = app
        self.join_link = join_link
        self.rate, self.burst = rate, burst
        self._drawn: OrderedDict[str, bytes] = OrderedDict()  # join link -> its picture
        self._drawing: dict[str, asyncio.Future] = {}
        self._asks: dict[str, Bucket] = {}  # address -> its budget of pictures
        self._prune_at = 256
        self.refused = 0

    async def __call__(self, scope: dict[str, Any], receive: Callable[[], Awaitable[dict]],
                       send: Callable[[dict], Awaitable[None]]) -> None:
        match = QR_PATH.fullmatch(scope.get("path", "")) if scope["type"] == "http" else None
        if match is None or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        if not self._may_ask(client[0] if client else "unknown"):
            self.refused += 1
            await _answer(send, 429, b"Too many pictures asked for: wait a moment", [(b"retry-after", b"5")])
            return
        link = self.join_link(match.group(1))
        if link is None:  # no table is shared under this code: nothing to draw
            await _answer(send, 404, b"No table is shared under this code")
            return
        body = await self._picture(link)
        await _answer(send, 200, body if scope["method"] == "GET" else b"", [(b"cache-control", b"no-store")],
                      kind=b"image/png", length=len(body))

    def _may_ask(self, peer: str) -> bool:
        if len(self._asks) > self._prune_at:  # forget the addresses whose budget is full again
            self._asks = {p: b for p, b in self._asks.items() if not b.full()}
            self._prune_at = max(256, 2 * len(self._asks))
        bucket = self._asks.get(peer)
        if bucket is None:
            bucket = self._asks[peer] = Bucket(self.rate, self.burst)
        return bucket.take()

    async def _picture(self, link: str) -> bytes:
        """The QR code of ``link``: kept, or drawn once in a worker thread (never on the loop)."""
        if link in self._drawn:
            self._drawn.move_to_end(link)
            return self._drawn[link]
        drawing = self._drawing.get(link)
        if drawing is None:
            drawing = self._drawing[link] = asyncio.ensure_future(asyncio.to_thread(links.qr_png, link))
            try:
                picture = await drawing
            finally:
                del self._drawing[link]
            self._drawn[link] = picture
            while len(self._drawn) > KEPT:
                self._drawn.popitem(last=False)
            return picture
        return await asyncio.shield(drawing)


async def _answer(send: Callable[[dict], Awaitable[None]], status: int, body: bytes,
                  headers: list[tuple[bytes, bytes]] | None = None, kind: bytes = b"text/plain; charset=utf-8",
                  length: int | None = None) -> None:
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", kind), (b"content-length", str(len(body) if length is None else length).encode()),
        (b"cross-origin-resource-policy", b"same-origin"), (b"x-content-type-options", b"nosniff"),
        *(headers or [])]})
    await send({"type": "http.response.body", "body": body})
