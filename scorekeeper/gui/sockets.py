"""HTTP limits taken from the transport: what a client on the network cannot hold open.

Uvicorn has no timeout for a request's head and no cap on open connections: a program that
opens connections and sends half a request holds a file handle each, until the process may open
no more and the host cannot connect.  So the server's protocols (`protocols`) ask `Sockets`,
which counts the open connections by the peer's address as the socket gives it:

- a request's head must arrive within `SocketLimits.header_timeout` seconds of the connection (or
  of the last answer on it), else the connection is closed; an idle one is closed after
  `keep_alive` seconds (uvicorn's own);
- one address may hold `per_address` connections open (a phone: its websocket and a few for the
  page's files), and all addresses together `total` (fewer where the process may open fewer
  files);
- `reserve` of those are kept for this computer (the app's window, the host link opened here:
  127.0.0.1 and ::1, which hold no cap of their own) and for an address a host came from
  (`trust`, told by the app), so the host's own connection is always served.

A connection over a cap is closed as soon as it is accepted, before a byte is read.
"""
from __future__ import annotations

import asyncio
import logging
import resource
from collections import Counter
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

#: this computer's own addresses: the app's window and a browser opened here
LOCAL = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})
#: files the process keeps for itself (the data folder, Flet's, Python's) beside its connections
OWN_FILES = 64


@dataclass(frozen=True)
class SocketLimits:
    header_timeout: float = 10.0
    keep_alive: float = 5.0
    per_address: int = 32
    total: int = 512
    reserve: int = 64


def file_limit() -> int:
    """How many files this process may open (its soft limit)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


class Sockets:
    """The open connections by address (the transport's), and whether one more may open."""

    def __init__(self, limits: SocketLimits | None = None, files: int | None = None):
        self.limits = limits or SocketLimits()
        files = file_limit() if files is None else files
        self.total = max(16, min(self.limits.total, files - OWN_FILES))
        self.reserve = min(self.limits.reserve, self.total // 2)
        self._peers: dict[int, str] = {}  # id(transport) -> its peer's address
        self._open: Counter[str] = Counter()
        self.refused = 0

    @staticmethod
    def peer(transport: Any) -> str:
        address = transport.get_extra_info("peername")
        return str(address[0]) if isinstance(address, (tuple, list)) and address else "unknown"

    def admit(self, transport: Any) -> bool:
        """Whether ``transport``'s connection may stay open; counted if so (once, however many
        protocols it passes through: an HTTP request upgraded to a websocket)."""
        if id(transport) in self._peers:
            return True
        peer = self.peer(transport)
        trusted = peer in LOCAL or peer in _trusted
        room = self.total if trusted else self.total - self.reserve
        if len(self._peers) >= room or (peer not in LOCAL and self._open[peer] >= self.limits.per_address):
            self.refused += 1
            if self.refused in (1, 100) or self.refused % 10_000 == 0:
                log.warning("refused a connection from %s: %d open from it, %d in all (%d refused so far)",
                            peer, self._open[peer], len(self._peers), self.refused)
            return False
        self._peers[id(transport)] = peer
        self._open[peer] += 1
        return True

    def release(self, transport: Any) -> None:
        peer = self._peers.pop(id(transport), None)
        if peer is not None:
            self._open[peer] -= 1
            if self._open[peer] <= 0:
                del self._open[peer]

    def open_from(self, peer: str) -> int:
        return self._open.get(peer, 0)

    @property
    def open(self) -> int:
        return len(self._peers)


#: addresses a host came from (`trust`): a few, kept while the server runs
_trusted: dict[str, None] = {}
MAX_TRUSTED = 64


def trust(peer: str) -> None:
    """The app says a host came from ``peer`` (the host link's token, on the socket's address): its
    connections may use the reserve."""
    _trusted.pop(peer, None)
    _trusted[peer] = None
    while len(_trusted) > MAX_TRUSTED:  # the oldest goes
        del _trusted[next(iter(_trusted))]


def protocols(sockets: Sockets) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """Uvicorn's HTTP and websocket protocols, counted and timed by ``sockets``."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    class HTTP(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
        _refused = False
        _head_timer: asyncio.TimerHandle | None = None
        _head_cycle: Any = None

        def connection_made(self, transport: Any) -> None:
            if not sockets.admit(transport):
                self._refused = True
                transport.abort()
                return
            super().connection_made(transport)
            self._wait_for_head()

        def _wait_for_head(self) -> None:
            """Close the connection unless a request's head comes within the header timeout."""
            self._head_cycle = self.cycle
            self._head_timer = self.loop.call_later(sockets.limits.header_timeout, self._head_late)

        def _head_late(self) -> None:
            self._head_timer = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:  # closed, or a websocket now
                return
            if self.cycle is self._head_cycle:  # no request's head came since: half sent, or nothing
                transport.abort()

        def data_received(self, data: bytes) -> None:
            if self._head_timer is None and (self.cycle is None or self.cycle.response_complete):
                self._wait_for_head()  # a new request begins on a kept-alive connection
            super().data_received(data)

        def connection_lost(self, exc: Exception | None) -> None:
            if self._refused:
                return
            sockets.release(self.transport)
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None
            super().connection_lost(exc)

    class WebSocket(WebSocketsSansIOProtocol):
        def connection_made(self, transport: Any) -> None:
            sockets.admit(transport)  # counted already, as the HTTP request it was upgraded from
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            sockets.release(self.transport)
            super().connection_lost(exc)

    return HTTP, WebSocket
