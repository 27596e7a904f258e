"""The QR code served by address (scorekeeper/gui/pictures.py), without a server."""
from __future__ import annotations

import asyncio

from scorekeeper.gui.pictures import Pictures, qr_address


def get(path: str, method: str = "GET"):
    passed, sent = [], []

    async def app(scope, receive, send):
        passed.append(scope["path"])

    async def receive():
        return {"type": "http.request"}

    async def send(message):
        sent.append(message)

    gate = Pictures(app, lambda code: f"http://192.0.2.5:8000/join/{code}")
    asyncio.run(gate({"type": "http", "path": path, "method": method}, receive, send))
    return passed, sent


def test_a_codes_qr_picture_is_served_and_anything_else_passes_on():
    passed, sent = get(qr_address("K7MQ2X"))
    assert passed == [] and sent[0]["status"] == 200
    assert (b"content-type", b"image/png") in sent[0]["headers"]
    assert sent[1]["body"].startswith(b"\x89PNG")
    for other in ["/qr/join/K7MQ2.png", "/qr/join/K7MQ2O.png", "/qr/join/k7mq2x.png", "/", "/qr/join/K7MQ2X.png/x"]:
        assert get(other)[0] == [other], other
    assert get(qr_address("K7MQ2X"), method="POST")[0] == [qr_address("K7MQ2X")]


def test_a_served_picture_is_the_join_links_qr_code():
    from scorekeeper.gui.models import links
    _, sent = get(qr_address("K7MQ2X"))
    assert sent[1]["body"] == links.qr_png("http://192.0.2.5:8000/join/K7MQ2X")
    assert sent[1]["body"] != links.qr_png("http://192.0.2.5:8000/join/K7MQ2Y")
