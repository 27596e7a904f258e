"""The guard in front of Flet's web app (scorekeeper/gui/guard.py), message by message, without a
server: what it passes on, drops and closes; which origins it lets in; and that its look into
Flet (the protocol's numbers, the session manager) still matches the installed Flet."""
from __future__ import annotations

import asyncio

import msgpack
import pytest

from scorekeeper.gui import guard
from scorekeeper.gui.guard import CLOSE, DROP, PASS, Connection, Limits, check, same_origin


def test_the_protocol_numbers_are_flets():
    from flet.messaging.protocol import MessageAction
    assert guard.REGISTER_CLIENT == MessageAction.REGISTER_CLIENT.value
    assert guard.CONTROL_EVENT == MessageAction.CONTROL_EVENT.value
    assert guard.UPDATE_CONTROL_PROPS == MessageAction.UPDATE_CONTROL_PROPS.value
    assert guard.INVOKE_METHOD == MessageAction.INVOKE_METHOD.value
    assert guard.SESSION_CRASHED == MessageAction.SESSION_CRASHED.value


def test_a_crashed_session_message_is_recognised_as_flet_sends_it():
    from flet.controls.base_control import BaseControl
    from flet.messaging.protocol import (Message, MessageAction, SessionCrashedBody,
                                         configure_encode_object_for_msgpack)
    sent = b"\x00" + msgpack.packb(
        [Message(MessageAction.SESSION_CRASHED, None).action, SessionCrashedBody("Traceback ...")],
        default=configure_encode_object_for_msgpack(BaseControl))
    assert guard._crashed(sent)
    patch = b"\x00" + msgpack.packb([MessageAction.PATCH_CONTROL, {"id": 1, "patch": []}],
                                    default=configure_encode_object_for_msgpack(BaseControl))
    assert not guard._crashed(patch)


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class Index(dict):
    pass


class FakeControl:
    def __init__(self, page):
        self.page = page


class FakeSession:
    def __init__(self):
        self.index = Index()


class FakePage:
    def __init__(self):
        self.session = FakeSession()
        self.page = self


def msg(action: int, body: dict) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


@pytest.fixture
def conn():
    c = Connection("192.0.2.7", Limits(max_message=1000, rate=10, burst=20), clock=Clock())
    assert check(c, msg(guard.REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": {"web": False}}))[0] == PASS
    page = FakePage()
    page.session.index[1] = page
    page.session.index[42] = FakeControl(page)
    page.session.index[43] = FakeControl(None)  # indexed, but no longer on the page
    c.attach(page)
    guard.keep_when(page, lambda: True)
    c._page_strong = page  # the guard holds the page weakly; the test keeps it alive
    return c


def test_events_pass_only_for_controls_on_the_page(conn):
    assert check(conn, msg(guard.CONTROL_EVENT, {"target": 42, "name": "click", "data": ""}))[0] == PASS
    for target in (43, 44, 900_000, "42", None, True):
        assert check(conn, msg(guard.CONTROL_EVENT, {"target": target, "name": "click", "data": ""}))[0] == DROP
    assert conn.dropped == 6


def test_client_facts_are_taken_out_of_every_update(conn):
    verdict, data = check(conn, msg(guard.UPDATE_CONTROL_PROPS, {"id": 1, "props": {"client_ip": "10.0.0.9",
                                                                                    "web": False}}))
    assert verdict == DROP
    verdict, data = check(conn, msg(guard.UPDATE_CONTROL_PROPS, {"id": 1, "props": {"client_ip": "10.0.0.9",
                                                                                    "route": "/join"}}))
    assert verdict == PASS
    assert msgpack.unpackb(data[1:]) == [guard.UPDATE_CONTROL_PROPS, {"id": 1, "props": {"route": "/join"}}]


def test_a_second_registration_a_big_message_and_garbage_close_the_connection(conn):
    assert check(conn, msg(guard.REGISTER_CLIENT, {"session_id": "x", "page_name": "", "page": {}}))[0] == CLOSE
    assert check(conn, b"\x00" + b"\xff" * 1001)[0] == CLOSE
    assert check(conn, b"\x00\xc1")[0] == CLOSE  # not msgpack
    assert check(conn, msg(99, {}))[0] == CLOSE  # not a message a client sends
    assert check(conn, msg(guard.SESSION_CRASHED, {"message": "x"}))[0] == CLOSE


def test_an_event_before_registering_closes():
    c = Connection("192.0.2.8", Limits())
    assert check(c, msg(guard.CONTROL_EVENT, {"target": 1, "name": "click", "data": ""}))[0] == CLOSE


def test_a_flood_closes_the_connection_and_its_session_is_not_kept(conn):
    clock = conn._clock
    verdicts = [check(conn, msg(guard.CONTROL_EVENT, {"target": 42, "name": "click", "data": ""}))[0]
                for _ in range(25)]
    assert verdicts.count(PASS) == 19 and verdicts[-1] == CLOSE  # the burst of 20 (one spent registering)
    assert conn.flooded and not conn.keep_session()  # a kept page, but a flooder's session goes
    # a connection that keeps to the rate is never closed
    calm = Connection("192.0.2.9", Limits(rate=10, burst=20), clock=clock)
    check(calm, msg(guard.REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": {}}))
    for _ in range(200):
        clock.now += 0.11
        assert check(calm, msg(guard.CONTROL_EVENT, {"target": 1, "name": "click", "data": ""}))[0] == DROP
    assert not calm.flooded


def scope(origin: str | None, host: str) -> dict:
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    return {"type": "websocket", "headers": headers, "client": ("192.0.2.1", 5000)}


@pytest.mark.parametrize("origin, host, allowed", [
    (None, "127.0.0.1:8000", True),  # not a browser: no page of another site behind it
    ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("http://192.168.1.20:8000", "192.168.1.20:8000", True),
    ("http://LOCALHOST:8000", "localhost:8000", True),
    ("http://example.com", "example.com", True),
    ("http://evil.example", "127.0.0.1:8000", False),
    ("http://127.0.0.1:8001", "127.0.0.1:8000", False),
    ("http://192.168.1.20:8000", "127.0.0.1:8000", False),
    ("null", "127.0.0.1:8000", False),  # a sandboxed or file page
    ("http://127.0.0.1:8000", "", False),
    ("http://[::1]:8000", "[::1]:8000", True),
    ("http://127.0.0.1:99999", "127.0.0.1:8000", False),
])
def test_only_the_apps_own_pages_may_open_a_websocket(origin, host, allowed):
    assert same_origin(scope(origin, host)) is allowed


def test_a_refused_origin_gets_no_session():
    reached = []

    async def app(scope, receive, send):
        reached.append(scope)

    sent = []

    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        sent.append(message)

    gate = guard.Guard(app)
    asyncio.run(gate(scope("http://evil.example", "127.0.0.1:8000"), receive, send))
    assert reached == [] and sent == [{"type": "websocket.close", "code": guard.POLICY_VIOLATION}]
    assert gate.refused_origins == 1


def test_an_address_that_reconnects_in_a_loop_is_refused():
    opened = []

    async def app(scope, receive, send):
        opened.append(scope["client"][0])

    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        pass

    gate = guard.Guard(app, Limits(connections_rate=0.001, connections_burst=5))

    async def run():
        for _ in range(8):
            await gate(scope(None, "127.0.0.1:8000"), receive, send)
        other = {**scope(None, "127.0.0.1:8000"), "client": ("192.0.2.99", 1)}
        await gate(other, receive, send)

    asyncio.run(run())
    assert opened == ["192.0.2.1"] * 5 + ["192.0.2.99"] and gate.refused_connections == 3


def test_a_session_is_kept_only_when_the_app_says_so(conn):
    assert conn.keep_session()
    guard.keep_when(conn.page, lambda: False)  # a guest's
    assert not conn.keep_session()
    stranger = Connection("192.0.2.10", Limits())
    stranger.attach(FakePage())  # a page the app said nothing of
    assert not stranger.keep_session()


def test_the_page_of_a_registration_is_found_in_flets_session_manager():
    """A reloaded page comes back to its session without a new `main`: the guard learns the
    page from Flet's answer to the registration (the session id), new session or not."""
    from flet_web.fastapi.flet_app_manager import app_manager

    class Session:
        id = "Sid42"
        page = FakePage()

    answer = b"\x00" + msgpack.packb([guard.REGISTER_CLIENT, {"session_id": "Sid42", "page_patch": {},
                                                               "error": ""}])
    assert guard._registered(answer) == "Sid42"
    assert guard._registered(b"\x00" + msgpack.packb([2, {"id": 1, "patch": []}])) is None
    sessions = getattr(app_manager, "_FletAppManager__sessions")
    sessions["page_Sid42_hash"] = Session
    try:
        assert guard.flet_page("Sid42") is Session.page
        assert guard.flet_page("nobody") is None
    finally:
        sessions.pop("page_Sid42_hash")


def test_a_guests_session_is_dropped_from_flets_session_manager():
    """drop_flet_session finds a session in Flet's manager and deletes it (the manager's private
    table is read: this fails if a Flet upgrade renames it)."""
    from flet_web.fastapi.flet_app_manager import app_manager

    class Session:
        def __init__(self):
            self.closed = False
            self.id = "s"

        def close(self):
            self.closed = True

    class Page:
        session = Session()

    sessions = getattr(app_manager, "_FletAppManager__sessions")

    async def run():
        await app_manager.add_session("page_s_hash", Page.session)
        await app_manager.add_session("page_t_hash", Session())
        await guard.drop_flet_session(Page)

    asyncio.run(run())
    try:
        assert "page_s_hash" not in sessions and Page.session.closed
        assert "page_t_hash" in sessions  # another session is kept
    finally:
        sessions.pop("page_t_hash", None)
