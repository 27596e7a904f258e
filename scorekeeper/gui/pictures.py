"""Pictures the page loads by address rather than as bytes in a message.

A phone opens the app over plain http on the LAN address, which is not a secure context; there
Flutter draws no image it was sent as bytes (the share screen's QR code stayed blank), while an
image it loads from an address draws everywhere.  So the share screen's QR code is served here,
as ``/qr/join/CODE.png``: the QR code of that code's join link.  Any well-formed code gets its
picture whether a table has it or not (the picture only spells out the address; it tells
nothing a guess did not already hold).
"""
from __future__ import annotations

import re
from typing import Any, Awaitable, Callable

from .models import links
from .models.sharing import CODE_ALPHABET, CODE_LENGTH

QR_PATH = re.compile(rf"/qr/join/([{CODE_ALPHABET}]{{{CODE_LENGTH}}})\.png")


def qr_address(code: str) -> str:
    """Where the page loads the QR code of ``code``'s join link (relative to the server)."""
    return f"/qr/join/{code}.png"


class Pictures:
    """ASGI middleware: answers ``GET /qr/join/CODE.png``; everything else goes to ``app``.
    ``join_link(code)``: the address a phone opens for that code."""

    def __init__(self, app: Callable, join_link: Callable[[str], str | None]):
        self.app = app
        self.join_link = join_link

    async def __call__(self, scope: dict[str, Any], receive: Callable[[], Awaitable[dict]],
                       send: Callable[[dict], Awaitable[None]]) -> None:
        match = QR_PATH.fullmatch(scope.get("path", "")) if scope["type"] == "http" else None
        link = self.join_link(match.group(1)) if match else None
        if link is None or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        body = links.qr_png(link)
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", b"image/png"), (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store"), (b"cross-origin-resource-policy", b"same-origin"),
            (b"x-content-type-options", b"nosniff")]})
        await send({"type": "http.response.body", "body": body if scope["method"] == "GET" else b""})
