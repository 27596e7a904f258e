"""A client that speaks Flet's websocket protocol without a browser: what a hostile program on
the table's network can send, message by message.

It does what the Flutter web client does (registers with a page snapshot, answers the server's
method calls: SharedPreferences, push_route; sends control events and property updates), and
also what no honest client does (claims ``web: false``, patches ``client_ip``, floods, aims
events at controls it was never shown).  It keeps every control the server ever sent it, so a
test can find a control by its semantics identifier (`testid.tid`) and read every text shown.
"""
from __future__ import annotations

import json
import socket
import time
from urllib.parse import urlsplit
from typing import Any, Iterator

import msgpack
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

REGISTER, PATCH, EVENT, UPDATE, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6


def pack(action: int, body: dict) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def controls_in(value: Any) -> Iterator[dict]:
    """Every control (a dict with "_c" and "_i") inside a message body."""
    if isinstance(value, dict):
        if "_c" in value and "_i" in value:
            yield value
        for item in value.values():
            yield from controls_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from controls_in(item)


class FletClient:
    """One websocket session.  ``page``: the snapshot sent on registering (a browser's: web true,
    with its size); ``origin``/``headers``: what the upgrade request carries."""

    def __init__(self, base_url: str, origin: str | None = None, user_agent: str = "hostile-test",
                 source: str | None = None):
        """``source``: the local address to connect from (another 127.x.y.z is another device
        on the same network, as the server sees it)."""
        ws_url = base_url.replace("http://", "ws://").rstrip("/") + "/ws"
        headers = {"User-Agent": user_agent}
        sock = None
        if source is not None:
            parts = urlsplit(base_url)
            sock = socket.socket()
            sock.settimeout(10)
            sock.bind((source, 0))
            sock.connect((parts.hostname, parts.port))
        # entered as a context manager (closed in close()): websockets warns about a bare connect()
        self.ws = connect(ws_url, sock=sock, origin=origin, additional_headers=headers, max_size=None,
                          open_timeout=10, close_timeout=2).__enter__()
        self.prefs: dict[str, Any] = {}  # the browser's local storage
        self.controls: dict[int, dict] = {}  # every control the server sent, by id
        self.identifiers: dict[str, int] = {}  # semantics identifier -> the id of its content
        self.texts: list[str] = []  # every text value the server sent, in order
        self.crashes: list[str] = []  # what "session crashed" messages said
        self.raw: list[bytes] = []  # every message the server sent
        self.session_id: str | None = None
        self.page_id: int | None = None  # the page's control id (ids are counted per server process)
        self.closed = False

    # -- sending ------------------------------------------------------------------------------
    def send(self, data: bytes) -> bool:
        """Send one message; False once the server has closed the connection."""
        try:
            self.ws.send(data)
            return True
        except (ConnectionClosed, OSError):
            self.closed = True
            return False

    def register(self, route: str = "/", **page: Any) -> None:
        snapshot = {"route": route, "web": True, "platform": "linux", "width": 390.0, "height": 844.0,
                    **page}
        snapshot = {k: v for k, v in snapshot.items() if v is not OMIT}
        self.send(pack(REGISTER, {"session_id": "", "page_name": "", "page": snapshot}))

    def event(self, target: int, name: str, data: Any = "") -> bool:
        return self.send(pack(EVENT, {"target": target, "name": name, "data": data}))

    def update(self, target: int, props: dict) -> bool:
        return self.send(pack(UPDATE, {"id": target, "props": props}))

    def go(self, route: str) -> None:
        """What a browser sends when its address changes."""
        self.update(self.page_id, {"route": route})
        self.event(self.page_id, "route_change", {"route": route})

    def click(self, identifier: str) -> None:
        self.event(self.id_of(identifier), "click")

    def type_into(self, identifier: str, text: str, submit: bool = True) -> None:
        target = self.id_of(identifier)
        self.update(target, {"value": text})
        self.event(target, "change", text)
        if submit:
            self.event(target, "submit", text)

    # -- receiving -------------------------------------------------------------------------------
    def pump(self, seconds: float = 1.0, until: str | None = None) -> bool:
        """Read what the server sends for ``seconds`` (or until a message holds the text or
        identifier ``until``); True when ``until`` was seen (or not asked for)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not self.closed:
            try:
                data = self.ws.recv(timeout=max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                break
            except (ConnectionClosed, OSError):
                self.closed = True
                break
            if self._read(data) and until is not None and until in json.dumps(self.last, default=str):
                return True
        return until is None

    def settle(self, quiet: float = 0.3, limit: float = 5.0) -> None:
        """Read until the server has sent nothing for ``quiet`` seconds (a screen it shows, then
        the address bar following it, can rebuild the controls a test is about to tap)."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline and not self.closed:
            try:
                data = self.ws.recv(timeout=quiet)
            except TimeoutError:
                return
            except (ConnectionClosed, OSError):
                self.closed = True
                return
            self._read(data)

    def _read(self, data: bytes | str) -> bool:
        if isinstance(data, str) or not data or data[0] != 0:
            return False
        self.raw.append(data)
        action, body = msgpack.unpackb(data[1:], strict_map_key=False)
        self.last = body
        if action == REGISTER:
            self.session_id = body.get("session_id")
            self.page_id = (body.get("page_patch") or {}).get("_i")
        elif action == CRASHED:
            self.crashes.append(str(body.get("message")))
        elif action == INVOKE:
            self._answer(body)
        for control in controls_in(body):
            self.controls.setdefault(control["_i"], {}).update(control)
            if control["_c"] == "Semantics" and "identifier" in control and isinstance(control.get("content"), dict):
                self.identifiers[control["identifier"]] = control["content"].get("_i", control["_i"])
            if control["_c"] == "Text" and isinstance(control.get("value"), str):
                self.texts.append(control["value"])
        for value in _strings(body):  # texts changed by a patch ([op, node, "value", "..."])
            self.texts.append(value)
        return True

    def _answer(self, call: dict) -> None:
        name, args, result = call.get("name"), call.get("args") or {}, None
        if name == "get":
            result = self.prefs.get(args.get("key"))
        elif name == "set":
            self.prefs[args.get("key")] = args.get("value")
            result = True
        elif name == "remove":
            self.prefs.pop(args.get("key"), None)
            result = True
        self.send(pack(INVOKE, {"control_id": call["control_id"], "call_id": call["call_id"],
                                "result": result, "error": None}))
        if name == "push_route":  # the browser's address follows; it reports the new route
            self.go(args.get("route", "/"))

    # -- reading -----------------------------------------------------------------------------
    def id_of(self, identifier: str) -> int:
        if identifier not in self.identifiers:
            raise AssertionError(f"the server never sent a control {identifier!r}; "
                                 f"it sent {sorted(self.identifiers)}")
        return self.identifiers[identifier]

    def saw(self, text: str) -> bool:
        """Whether any message from the server held ``text`` (a name, a code, an id)."""
        needle = text.encode("utf-8")
        return any(needle in data for data in self.raw)

    def clickable(self) -> dict[int, list[str]]:
        """Every control the server sent with an event handler: id -> its events."""
        return {i: [k[3:] for k, v in c.items() if k.startswith("on_") and v is True]
                for i, c in self.controls.items()
                if any(k.startswith("on_") and v is True for k, v in c.items())}

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:
            pass
        self.closed = True


class _Omit:
    def __repr__(self) -> str:
        return "OMIT"


#: leave a property out of the registration (`register(web=OMIT)`)
OMIT = _Omit()


def _strings(value: Any) -> Iterator[str]:
    """The strings of patch operations that set a text's value: [op, node, "value", "..."]."""
    if isinstance(value, (list, tuple)):
        if len(value) == 4 and value[2] == "value" and isinstance(value[3], str):
            yield value[3]
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
