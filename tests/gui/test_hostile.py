"""What a hostile client on the table's network gets (issue 14): the app served as `scorekeeper
--web` serves it, attacked with a client that speaks Flet's websocket protocol (flet_client.py)
and sends what no browser would.  No Chromium here: these are the messages themselves.

Every test ends by checking that the data folder is byte for byte as it was, unless the host
changed it.
"""
from __future__ import annotations

import hashlib
import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus

from flet_client import EVENT, OMIT, FletClient, pack
from harness import Server
from scorekeeper.gui.models import Role, Session, SharedRepository

PLAYERS = ["Quinn", "Rosa", "Sven", "Tala"]
PLAIN = {"bids": {"Quinn & Sven": 5, "Rosa & Tala": 6}, "tricks": {"Quinn & Sven": 6, "Rosa & Tala": 7}}
#: every event name a Flet control of this app handles
EVENTS = ["click", "long_press", "submit", "change", "select", "dismiss", "tap", "focus", "blur", "action"]


def seed(data: Path) -> list[str]:
    """Two saved games (one with two hands): what a guest must never see or change."""
    host = Session(SharedRepository(data), role=Role.HOST)
    _, first = host.games.create_game("ihop", PLAYERS)
    host.open(first)
    assert host.record_hand({"bids": {"Quinn & Sven": 5, "Rosa & Tala": 4},
                             "tricks": {"Quinn & Sven": 7, "Rosa & Tala": 6}})
    _, second = host.games.create_game("standard", ["Uma", "Vic", "Wes", "Xia"])
    return [first, second]


def snapshot(data: Path) -> dict[str, str]:
    """Every file of the data folder and its hash (the lock file's content is not data)."""
    return {str(p.relative_to(data)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(data.rglob("*")) if p.is_file() and p.name != ".lock"}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile")
    games = seed(base / "data")
    srv = Server(base / "data", base / "server.log", host="127.0.0.1")
    srv.games = games
    yield srv
    srv.stop()


@pytest.fixture
def clients(served):
    made: list[FletClient] = []

    def make(**kw) -> FletClient:
        c = FletClient(served.url, **kw)
        made.append(c)
        return c
    yield make
    for c in made:
        c.close()


@pytest.fixture
def own_server(tmp_path):
    """A server of its own, for a test whose wrong codes must not count against the others (every
    client here comes from one address)."""
    games = seed(tmp_path / "data")
    srv = Server(tmp_path / "data", tmp_path / "server.log", host="127.0.0.1")
    srv.games = games
    yield srv
    srv.stop()


def host_of(served, clients) -> FletClient:
    host = clients()
    host.register(f"/host/{served.token}")
    assert host.pump(10, until="new-game"), "the host link opens the games list"
    host.settle()  # and the address bar follows (push_route "/"), before the test goes elsewhere
    return host


def guest_at_join_page(client: FletClient) -> None:
    assert client.pump(10, until="join-code"), "a guest is shown the join page"
    client.settle()
    assert "new-game" not in client.identifiers and "games-list" not in client.identifiers


def sees_nothing_of(client: FletClient, served) -> None:
    for secret in [*PLAYERS, "Uma", *served.games, served.token]:
        assert not client.saw(secret), f"the server sent {secret!r} to a client that may not see it"
    assert not client.crashes, client.crashes


# -- roles rest on what the server knows ------------------------------------------------------
@pytest.mark.parametrize("claim", [{"web": False}, {"web": OMIT}, {"web": False, "platform": "macos"}],
                         ids=["web-false", "no-web", "desktop-app"])
def test_a_client_claiming_to_be_the_app_window_is_a_guest(own_server, claim):
    served = own_server  # its taps on Join count as wrong codes from this address: a server of its own
    before = snapshot(served.data_dir)
    hostile = FletClient(served.url)
    hostile.register("/", **claim)
    guest_at_join_page(hostile)
    # it asks for every screen of the host, then taps everything it was ever shown
    for game_id in served.games:
        for route in ["/", "/new", "/stats", "/rules", f"/game/{game_id}", f"/game/{game_id}/share",
                      f"/game/{game_id}/edit/1", f"/game/{game_id}/hand/1", f"/table/{game_id}",
                      f"/game/{game_id}/whatif"]:
            hostile.go(route)
            hostile.settle(quiet=0.1)
    for target, events in hostile.clickable().items():
        for name in events:
            hostile.event(target, name, "")
    hostile.pump(1)
    sees_nothing_of(hostile, served)
    assert snapshot(served.data_dir) == before
    hostile.close()


def test_a_foreign_origin_is_refused_before_a_session_exists(served, clients):
    with pytest.raises(InvalidStatus) as refused:
        FletClient(served.url, origin="http://evil.example")
    assert refused.value.response.status_code == 403
    with pytest.raises(InvalidStatus):  # another port of this machine is another site
        FletClient(served.url, origin=f"http://127.0.0.1:{served.port + 1}")
    page = clients(origin=f"http://127.0.0.1:{served.port}")  # the app's own page
    page.register("/")
    guest_at_join_page(page)


@pytest.mark.parametrize("token", ["été", "%C3%A9t%C3%A9", "x" * 900, "abc\x00def", "../../etc/passwd"])
def test_a_malformed_host_token_gets_the_join_page_and_no_traceback(served, clients, token):
    hostile = clients()
    hostile.register(f"/host/{token}")
    guest_at_join_page(hostile)
    hostile.go(f"/host/{token}")  # pasted into a tab already open
    hostile.pump(1)
    sees_nothing_of(hostile, served)


def test_no_traceback_reaches_a_client(served, clients):
    """A handler that fails (here: a route change whose data is not a route) crashes the session;
    the client is told so in one plain sentence, never the traceback."""
    hostile = clients()
    hostile.register("/")
    guest_at_join_page(hostile)
    hostile.event(hostile.page_id, "route_change", {"not a route": ["x"] * 3})
    hostile.event(hostile.page_id, "route_change", 12345)
    hostile.event(hostile.page_id, "resize", "garbage")
    hostile.pump(2)
    assert hostile.crashes, "the bad events crashed the session (else this test shows nothing)"
    for text in hostile.crashes:
        assert "Traceback" not in text and "File \"" not in text and ".py" not in text, text
    assert not any(b"Traceback" in data for data in hostile.raw)


def test_a_long_route_is_the_join_page(served, clients):
    hostile = clients()
    hostile.register("/join/" + "A" * 100_000)
    guest_at_join_page(hostile)
    # the registration's answer echoes what the client sent of its page; nothing after it holds the route
    assert not any(b"A" * 2000 in data for data in hostile.raw[1:])


# -- the code limit is per address --------------------------------------------------------------
def test_wrong_codes_from_sessions_of_one_address_are_limited_whatever_they_patch(own_server):
    tries = [FletClient(own_server.url), FletClient(own_server.url)]
    for n, c in enumerate(tries):
        c.register("/")
        guest_at_join_page(c)
    refused_after = None
    for attempt in range(12):
        c = tries[attempt % 2]
        c.update(c.page_id, {"client_ip": f"10.9.{attempt}.{attempt}"})  # a new address each guess
        c.texts.clear()
        guess = "QQQQQ" + "ABCDEFGHJKMN"[attempt]  # each guess another code: its answer is new text
        c.type_into("join-code", guess)
        c.pump(1.5, until="wrong codes")
        if any("Too many wrong codes" in t for t in c.texts):
            refused_after = attempt
            break
        assert any(f"No table has the code {guess}" in t for t in c.texts), (attempt, c.texts[-5:])
    assert refused_after == 5, "five wrong codes a minute from one address, however many sessions"
    # a third session from the same address is refused too, even with a right-looking code
    third = FletClient(own_server.url)
    third.register("/")
    guest_at_join_page(third)
    third.type_into("join-code", "K7MQ2X")
    assert third.pump(2, until="Too many wrong codes")
    for c in (*tries, third):
        c.close()


# -- a viewer, with or without the pen, changes nothing of the host's ------------------------
def share_and_join(served, clients, host: FletClient) -> tuple[str, FletClient]:
    game_id = served.games[0]
    n = len(host.raw)
    host.go(f"/game/{game_id}/share")
    assert host.pump(10, until="share-")
    host.settle()
    if any(b"share-again" in data for data in host.raw[n:]):  # not shared yet
        host.click("share-again")
        assert host.pump(10, until="share-code")
    code = next(t for t in reversed(host.texts) if len(t) == 6 and t.isalnum() and t.isupper())
    return code, join(clients, code)


def stop_sharing(host: FletClient) -> None:
    host.settle()
    host.click("stop-sharing")
    assert host.pump(5, until="confirm-stop-sharing"), "Stop sharing asks first"
    host.settle()
    host.click("confirm-stop-sharing")
    assert host.pump(5, until="share-again")


def join(clients, code: str) -> FletClient:
    viewer = clients()
    viewer.register(f"/join/{code}")
    assert viewer.pump(10, until="ask-pen"), "the viewer sees its table"
    viewer.settle()
    return viewer


def ask_for_pen(viewer: FletClient, name: str) -> None:
    viewer.settle()  # another phone's request redraws the table's pen line
    viewer.click("ask-pen")
    assert viewer.pump(5, until="pen-name")
    viewer.settle()
    viewer.type_into("pen-name", name, submit=False)
    viewer.click("pen-ask")
    viewer.settle()


def hammer(attacker: FletClient, host_ids: dict[int, list[str]], routes: list[str]) -> None:
    """Every host control's events, every host route; then everything the attacker was shown
    on those routes."""
    for target in host_ids:
        for name in EVENTS:
            attacker.event(target, name, "")
            time.sleep(0.002)  # stay under the message rate: this is not the flood test
    for route in routes:
        attacker.go(route)
        attacker.settle(quiet=0.15)


def test_viewers_with_and_without_the_pen_change_nothing_of_the_host(served, clients):
    host = host_of(served, clients)
    game_id, other = served.games
    code, viewer = share_and_join(served, clients, host)
    holder = join(clients, code)
    ask_for_pen(holder, "Pen phone")
    assert host.pump(10, until="pen-give"), "the host is asked for the pen"
    host.settle()
    host.click("pen-give")
    assert holder.pump(10, until="You have the pen")
    # the host visits every screen, so its controls (delete, new game, share, stop...) exist
    for route in ["/", "/stats", "/new", f"/game/{other}", f"/game/{other}/share", f"/game/{game_id}/share", "/"]:
        host.go(route)
        host.pump(0.6)
    host_ids = host.clickable()
    assert len(host_ids) > 20, "the host was shown its controls"
    before = snapshot(served.data_dir)
    routes = ["/", "/new", "/stats", f"/game/{other}", f"/game/{other}/share", f"/game/{game_id}/share",
              f"/game/{other}/edit/1", f"/game/{game_id}/edit/1", f"/table/{other}", "/join"]
    for attacker in (viewer, holder):
        attacker.update(attacker.page_id, {"web": False, "client_ip": "127.0.0.1"})  # "I am the app"
        hammer(attacker, host_ids, routes)
    viewer_own = viewer.clickable()  # a plain viewer may tap everything it has: it only reads
    for target, events in viewer_own.items():
        for name in events:
            viewer.event(target, name, "")
    viewer.pump(1)
    for attacker in (viewer, holder):
        assert not attacker.saw(other), "the other game is never sent to a viewer"
        assert not attacker.saw("Uma")
        assert not attacker.crashes
    assert snapshot(served.data_dir) == before, "nothing was written"
    host.go(f"/game/{game_id}/share")
    host.pump(1)
    stop_sharing(host)  # leave the server as it was for the other tests


def test_the_pen_goes_to_the_phone_the_dialog_shows(served, clients):
    host = host_of(served, clients)
    code, first = share_and_join(served, clients, host)
    second = join(clients, code)
    ask_for_pen(first, "Bob's phone")
    assert host.pump(10, until="pen-give")
    host.settle()
    ask_for_pen(second, "Bob's phone")  # a second request while the first is shown waits
    host.pump(1)
    assert any("Bob's phone asks for the pen" == t for t in host.texts)
    assert first.saw("You asked for the pen as Bob's phone: waiting for the scorekeeper")
    host.click("pen-give")
    assert first.pump(10, until="You have the pen"), "the phone whose request was shown has the pen"
    second.settle()
    assert not any("You have the pen" in t for t in second.texts)
    # the second request is now shown, to the phone that holds the pen, under a name of its own
    first.pump(3, until="Bob's phone (2) asks for the pen")
    assert first.saw("Bob's phone (2) asks for the pen")
    host.go(f"/game/{served.games[0]}/share")
    stop_sharing(host)


# -- a flood stalls nobody ----------------------------------------------------------------------
def test_a_flood_of_unknown_control_events_leaves_a_new_guest_served(served, clients):
    sent = {"events": 0, "connections": 0, "refused": 0}
    stop = threading.Event()

    def flood() -> None:
        while sent["events"] < 20_000 and not stop.is_set():
            try:
                attacker = FletClient(served.url, source="127.0.0.3")  # one device of the network
            except InvalidStatus:  # it opened too many connections: refused, as it should be
                sent["refused"] += 1
                continue
            sent["connections"] += 1
            attacker.register("/")
            attacker.pump(0.5, until="join-code")
            while sent["events"] < 20_000:
                if not attacker.send(pack(EVENT, {"target": 900_000 + sent["events"], "name": "click",
                                                  "data": ""})):
                    break
                sent["events"] += 1
            attacker.close()

    flooder = threading.Thread(target=flood, daemon=True)
    started = time.monotonic()
    flooder.start()
    waits = []
    while flooder.is_alive() or time.monotonic() - started < 4:  # and while the server catches up
        t0 = time.monotonic()
        fresh = FletClient(served.url, source="127.0.0.2")  # another phone on the network
        fresh.register("/")
        served_in_time = fresh.pump(2.0, until="join-code")
        waits.append(time.monotonic() - t0)
        fresh.close()
        assert served_in_time, (f"a new guest waited more than 2 s, {time.monotonic() - started:.1f} s into a "
                                f"flood of {sent['events']} events")
        if time.monotonic() - started > 120:
            stop.set()
            break
        time.sleep(0.2)  # a new phone every 0.2 s (within what one address may open)
    flooder.join(10)
    assert sent["events"] == 20_000, sent
    print(f"flood: {sent['events']} events over {sent['connections']} connections ({sent['refused']} refused) in "
          f"{time.monotonic() - started:.1f} s; {len(waits)} new guests served, slowest {max(waits) * 1000:.0f} ms")
    # the host is served afterwards as well
    host_of(served, clients)
