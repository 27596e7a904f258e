"""The door in front of Flet's web app: what a hostile client on the network cannot do.

Flet's web server trusts its client more than a shared table can: the client says whether it
is a browser (`web`), its address can be rewritten with a property update (`client_ip`), an
event for a control id the session does not have makes Flet search the whole page tree on the
event loop, and an error in a handler sends its traceback to the client.  Flet has no setting
for any of these, so this small ASGI layer wraps the app (`Guard(app)`) and, for each websocket:

- refuses the upgrade when its ``Origin`` names another host than the one the request was sent
  to (a script on another web page that a phone at the table opens);
- takes the peer's address from the socket (`Connection.peer`), never from the page;
- caps each message's size and each connection's message rate: a connection that floods is
  closed, and its session dropped;
- passes on an event or a property update only when its control is on the session's page
  (anything else is dropped without walking the page tree), and takes the page properties
  that describe the client (``web``, ``client_ip``, ...) out of every update;
- lets a connection register once;
- replaces the text of a crashed session (a traceback) with a plain sentence;
- drops a session that should not outlive its connection (a guest's, a flooder's) as soon
  as the connection ends, instead of keeping it for an hour.

The guard learns which page a connection serves from Flet's answer to its registration (a new
session's, or the one a reloaded page comes back to), and the app tells it whether a page's
session is worth keeping (`keep_when`); the app reads the peer's address with `current()`.
"""
from __future__ import annotations

import contextvars
import logging
import time
import weakref
from dataclasses import dataclass
from typing import Any, Awaitable, Callable
from urllib.parse import urlsplit

import msgpack

log = logging.getLogger(__name__)

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

# Flet's wire protocol (flet.messaging.protocol.MessageAction; tests/gui/test_guard.py checks them)
REGISTER_CLIENT = 1
CONTROL_EVENT = 3
UPDATE_CONTROL_PROPS = 4
INVOKE_METHOD = 5
SESSION_CRASHED = 6
FROM_CLIENT = {REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD}

#: page properties that describe the client: taken from its registration (and the socket) when
#: the session starts, never changed by a client afterwards
CLIENT_FACTS = frozenset({"web", "client_ip", "client_user_agent", "platform", "pwa", "wasm", "debug",
                          "multi_view", "test"})

CRASHED_TEXT = "Something went wrong on the server. Reload the page; nothing saved was lost."
POLICY_VIOLATION = 1008  # websocket close codes
TOO_BIG = 1009


@dataclass(frozen=True)
class Limits:
    """What one connection may send: ``max_message`` bytes a message, ``rate`` messages a
    second on average with bursts of ``burst`` (a table taps a few a second; resizing a window
    sends a few dozen)."""

    max_message: int = 2 * 1024 * 1024  # an imported record's file comes in one event
    rate: float = 60.0
    burst: int = 600
    #: new connections from one address: a table's phones open one each, a reload another
    connections_rate: float = 2.0
    connections_burst: int = 120


class Bucket:
    """A token bucket: ``burst`` at once, then ``rate`` a second."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self._clock = rate, burst, clock
        self._tokens = float(burst)
        self._last = clock()

    def take(self) -> bool:
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def full(self) -> bool:
        """Whether it has not been drawn on for long enough to be full again."""
        elapsed = self._clock() - self._last
        return self._tokens + elapsed * self.rate >= self.burst


class Connection:
    """One websocket as the server knows it: the peer's address (the socket's), its message
    budget, the page it serves once the app made one, and whether its session is kept after
    it closes."""

    def __init__(self, peer: str, limits: Limits, clock: Callable[[], float] = time.monotonic):
        self.peer = peer
        self.limits = limits
        self._clock = clock
        self._budget = Bucket(limits.rate, limits.burst, clock)
        self._page: weakref.ref | None = None
        self.registered = False
        self.flooded = False
        self.closed = False
        self.dropped = 0  # messages not passed on (unknown controls, client facts)

    # -- what the app tells -----------------------------------------------------------------
    def attach(self, page: Any) -> None:
        """The page this connection serves (its session's, new or come back to)."""
        self._page = weakref.ref(page)

    @property
    def page(self) -> Any | None:
        return self._page() if self._page is not None else None

    def keep_session(self) -> bool:
        """Whether the session outlives this connection (a host's or a viewer's: a phone that
        slept comes back to it); never a flooder's, nor a page the app said nothing of."""
        page = self.page
        if self.flooded or page is None:
            return False
        keep = _keepers.get(id(page.session))
        try:
            return keep is not None and keep[0]() is page and bool(keep[1]())
        except Exception:  # the app went away
            return False

    # -- what the client sends ----------------------------------------------------------------
    def spend(self) -> bool:
        """One message from the budget; False when the connection has run out (a flood)."""
        return self._budget.take()

    def on_page(self, control_id: Any) -> bool:
        """Whether ``control_id`` is a control on this connection's page now (a dictionary look-up,
        never a walk through the page tree)."""
        page = self.page
        if page is None or not isinstance(control_id, int) or isinstance(control_id, bool):
            return False
        try:
            control = page.session.index.get(control_id)
            return control is not None and control.page is page
        except (RuntimeError, AttributeError):  # not mounted, or the session is gone
            return False


#: id(Flet session) -> (its page, weakly; whether to keep the session after a disconnect)
_keepers: dict[int, tuple[weakref.ref, Callable[[], bool]]] = {}


def keep_when(page: Any, keep: Callable[[], bool]) -> None:
    """The app says when ``page``'s session is worth keeping after its connection ends (until
    `forget`: ``keep`` is the app's, which holds the page, so the entry goes with the session)."""
    for key in [k for k, (ref, _) in _keepers.items() if ref() is None]:
        del _keepers[key]
    _keepers[id(page.session)] = (weakref.ref(page), keep)


def forget(page: Any) -> None:
    """``page``'s session is gone (dropped by the guard, or closed by Flet): so is the app's word on
    it, and with it the last reference to the app (a guest's, a thousand times an evening)."""
    try:
        key = id(page.session)
    except Exception:  # the page has no session any more
        return
    entry = _keepers.get(key)
    if entry is not None and entry[0]() is page:
        del _keepers[key]


_current: contextvars.ContextVar[Connection | None] = contextvars.ContextVar("guard_connection", default=None)


def current() -> Connection | None:
    """The connection whose session the app is starting (None: no guard, e.g. a native window)."""
    return _current.get()


# what check() decides for one message
PASS, DROP, CLOSE = "pass", "drop", "close"


def check(conn: Connection, data: bytes) -> tuple[str, bytes]:
    """What to do with one message from the client, and the message to pass on."""
    if len(data) > conn.limits.max_message:
        log.warning("closing %s: a message of %d bytes", conn.peer, len(data))
        return CLOSE, data
    if not conn.spend():
        log.warning("closing %s: more than %d messages at once", conn.peer, conn.limits.burst)
        conn.flooded = True
        return CLOSE, data
    if not data:
        return DROP, data
    if data[0] != 0:  # a data channel frame: this app opens none
        return DROP, data
    try:
        message = msgpack.unpackb(data[1:], strict_map_key=False)
    except Exception:
        return CLOSE, data
    if not (isinstance(message, (list, tuple)) and len(message) == 2 and message[0] in FROM_CLIENT
            and isinstance(message[1], dict)):
        return CLOSE, data
    action, body = message
    if action == REGISTER_CLIENT:
        if conn.registered:
            return CLOSE, data
        conn.registered = True  # what it says of itself there (web, platform) is a fact for
        return PASS, data       # Flet's drawing only: no right rests on it
    if not conn.registered:
        return CLOSE, data
    if action in (CONTROL_EVENT, UPDATE_CONTROL_PROPS):
        target = body.get("target" if action == CONTROL_EVENT else "id")
        if not conn.on_page(target):
            conn.dropped += 1
            return DROP, data
        props = body.get("props")
        if action == UPDATE_CONTROL_PROPS and isinstance(props, dict) and CLIENT_FACTS & props.keys():
            conn.dropped += 1
            props = {k: v for k, v in props.items() if k not in CLIENT_FACTS}
            if not props:
                return DROP, data
            return PASS, b"\x00" + msgpack.packb([action, {**body, "props": props}])
    return PASS, data


def _action(data: bytes) -> int | None:
    """The action of a Flet message to the client ([action, body] packed after a 0 byte), read
    from its first bytes without unpacking it."""
    return data[2] if len(data) > 3 and data[0] == 0 and data[1] == 0x92 else None


def _registered(data: bytes) -> str | None:
    """The session id in Flet's answer to a registration, or None for any other message."""
    if _action(data) == REGISTER_CLIENT:
        try:
            body = msgpack.unpackb(data[1:], strict_map_key=False)[1]
            return body.get("session_id") if isinstance(body, dict) else None
        except Exception:
            return None
    return None


def _crashed(data: bytes) -> bool:
    """Whether a message to the client is Flet's "session crashed" (whose text is a traceback)."""
    return _action(data) == SESSION_CRASHED


_CRASHED = b"\x00" + msgpack.packb([SESSION_CRASHED, {"message": CRASHED_TEXT}])


def same_origin(scope: Scope) -> bool:
    """Whether a websocket upgrade comes from a page of this server: no ``Origin`` (not a
    browser), or one whose host and port are those the request was sent to (``Host``)."""
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "").strip().lower()
    try:
        parts = urlsplit(origin.strip())
        default = {"http": 80, "https": 443}.get(parts.scheme)
        origin_host = parts.hostname or ""
        origin_port = parts.port or default
    except ValueError:
        return False
    if not host or origin_port is None:
        return False
    try:
        asked = urlsplit("//" + host)
        asked_port = asked.port or default
        asked_host = asked.hostname or ""
    except ValueError:
        return False
    return origin_host == asked_host and origin_port == asked_port


class Guard:
    """ASGI middleware around Flet's web app (see the module's text)."""

    def __init__(self, app: Callable, limits: Limits | None = None,
                 drop_session: Callable[[Any], Awaitable[None]] | None = None):
        self.app = app
        self.limits = limits or Limits()
        self.drop_session = drop_session or drop_flet_session
        self.refused_origins = 0
        self.refused_connections = 0
        self._arrivals: dict[str, Bucket] = {}  # peer address -> its budget of new connections
        self._prune_at = 256  # how many addresses before those whose budget is full are forgotten

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        if not same_origin(scope):
            self.refused_origins += 1
            log.warning("refused a websocket from another site's page")
            await _refuse(receive, send)
            return
        client = scope.get("client")
        peer = client[0] if client else "unknown"
        if not self._arrival(peer):
            self.refused_connections += 1
            log.warning("refused a websocket from %s: more than %d connections at once", peer,
                        self.limits.connections_burst)
            await _refuse(receive, send)
            return
        conn = Connection(peer, self.limits)
        token = _current.set(conn)
        try:
            await self.app(scope, self._receiving(conn, receive, send), self._sending(conn, send))
        finally:
            _current.reset(token)
            conn.closed = True
            page = conn.page
            if page is not None and not conn.keep_session():
                try:
                    await self.drop_session(page)
                except Exception:
                    log.exception("could not drop a session")
                forget(page)

    def _arrival(self, peer: str) -> bool:
        """Whether ``peer`` may open another connection now (reconnecting in a loop builds a
        session each time: that is a flood too)."""
        if len(self._arrivals) > self._prune_at:  # forget the full buckets of addresses long gone
            self._arrivals = {p: b for p, b in self._arrivals.items() if not b.full()}
            self._prune_at = max(256, 2 * len(self._arrivals))  # (a full bucket is a new one)
        bucket = self._arrivals.get(peer)
        if bucket is None:
            bucket = self._arrivals[peer] = Bucket(self.limits.connections_rate, self.limits.connections_burst)
        return bucket.take()

    @staticmethod
    def _receiving(conn: Connection, receive: Receive, send: Send) -> Receive:
        async def guarded() -> dict[str, Any]:
            while True:
                if conn.closed:
                    return {"type": "websocket.disconnect", "code": POLICY_VIOLATION}
                message = await receive()
                if message.get("type") != "websocket.receive":
                    return message
                data = message.get("bytes")
                if data is None:
                    data = (message.get("text") or "").encode("utf-8", "replace")
                verdict, data = check(conn, data)
                if verdict == PASS:
                    return {"type": "websocket.receive", "bytes": data}
                if verdict == CLOSE:
                    conn.closed = True
                    code = TOO_BIG if len(data) > conn.limits.max_message else POLICY_VIOLATION
                    try:
                        await send({"type": "websocket.close", "code": code})
                    except Exception:  # already closed by the client
                        pass
                    return {"type": "websocket.disconnect", "code": code}
        return guarded

    @staticmethod
    def _sending(conn: Connection, send: Send) -> Send:
        async def guarded(message: dict[str, Any]) -> None:
            if conn.closed:  # closed by the guard (which sent the close) or by the client
                return
            if message.get("type") == "websocket.send":
                data = message.get("bytes")
                if data is not None and conn.page is None and (sid := _registered(data)):
                    page = flet_page(sid)
                    if page is not None:
                        conn.attach(page)
                if data is not None and _crashed(data):
                    log.error("a session crashed (its traceback is in the log above); the client is told so "
                              "in plain words")
                    message = {"type": "websocket.send", "bytes": _CRASHED}
            await send(message)
        return guarded


async def _refuse(receive: Receive, send: Send) -> None:
    """Refuse a websocket before it is accepted (the client sees HTTP 403): no session exists."""
    first = await receive()  # websocket.connect
    if first.get("type") == "websocket.connect":
        await send({"type": "websocket.close", "code": POLICY_VIOLATION})


def _flet_sessions() -> dict:
    """Flet's table of live sessions (key -> Session).  Flet offers no public way to find a
    session by its id; tests/gui/test_guard.py checks that this still finds them."""
    from flet_web.fastapi.flet_app_manager import app_manager
    return getattr(app_manager, "_FletAppManager__sessions", {})


def flet_page(session_id: str) -> Any | None:
    """The page of the Flet session ``session_id``, or None."""
    for session in list(_flet_sessions().values()):
        if getattr(session, "id", None) == session_id:
            return session.page
    return None


async def drop_flet_session(page: Any) -> None:
    """Forget ``page``'s Flet session now (Flet keeps a disconnected one for an hour, for a
    client that comes back).  Flet offers no public way to find a session's key, so this looks
    it up in its session manager; tests/gui/test_guard.py checks that it still works."""
    from flet_web.fastapi.flet_app_manager import app_manager

    session = page.session
    for key, candidate in list(_flet_sessions().items()):
        if candidate is session:
            await app_manager.delete_session(key)
