"""The QR picture route under attack (issue 25, point 1), without a server: only a shared table's code
is drawn, each picture once and off the event loop, and one address may ask only so many."""
from __future__ import annotations

import asyncio
import threading

from scorekeeper.gui import pictures
from scorekeeper.gui.pictures import Pictures, qr_address

SHARED = "K7MQ2X"


def serve(gate: Pictures, paths: list[str], peer: str = "192.0.2.7") -> list[int]:
    """Each path asked for at once from ``peer``; the statuses answered."""
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 299, "headers": []})

    gate.app = app

    async def one(path: str) -> int:
        sent = []

        async def receive():
            return {"type": "http.request"}

        async def send(message):
            sent.append(message)

        await gate({"type": "http", "path": path, "method": "GET", "client": (peer, 5000)}, receive, send)
        return sent[0]["status"]

    async def run():
        return await asyncio.gather(*(one(p) for p in paths))

    return asyncio.run(run())


def test_only_a_shared_code_is_drawn_each_once_and_off_the_loop(monkeypatch):
    drawn: list[tuple[str, str]] = []
    real = pictures.links.qr_png

    def counted(link: str) -> bytes:
        drawn.append((link, threading.current_thread().name))
        return real(link)

    monkeypatch.setattr(pictures.links, "qr_png", counted)
    gate = Pictures(None, lambda code: f"http://192.0.2.5:8000/join/{code}" if code == SHARED else None,
                    burst=1000)
    statuses = serve(gate, [qr_address(SHARED)] * 20 + [qr_address("ABCDEF"), qr_address("ZZZZZZ")])
    assert statuses == [200] * 20 + [404, 404]
    assert [link for link, _ in drawn] == [f"http://192.0.2.5:8000/join/{SHARED}"], "drawn once, only the shared"
    assert drawn[0][1] != threading.main_thread().name, "drawn in a worker thread, not on the event loop"
    assert serve(gate, [qr_address(SHARED)]) == [200] and len(drawn) == 1, "kept"


def test_one_address_may_ask_only_so_many_pictures():
    gate = Pictures(None, lambda code: f"http://192.0.2.5:8000/join/{code}", rate=0.001, burst=5)
    statuses = serve(gate, [qr_address(SHARED)] * 8)
    assert statuses.count(200) == 5 and statuses.count(429) == 3
    assert serve(gate, [qr_address(SHARED)], peer="192.0.2.8") == [200], "another address is not held up"
    many = Pictures(None, lambda code: None, rate=1e9, burst=5)  # the budgets do not grow with the addresses
    for n in range(1000):
        serve(many, [qr_address("ABCDEF")], peer=f"10.0.{n // 250}.{n % 250}")
    assert len(many._asks) <= 512
