"""The guard's records of its clients (issue 25, point 4), without a server: every record kept for a
client goes when the client does, and none grows with the number of addresses seen."""
from __future__ import annotations

import asyncio
import gc
import weakref

from scorekeeper.gui import guard
from scorekeeper.gui.guard import Limits


class Session:
    def __init__(self):
        self.index = {}


class Page:
    def __init__(self):
        self.session = Session()


class App:
    """What the app's `keep_when` holds: the app, which holds its page."""

    def __init__(self, page):
        self.page = page
        guard.keep_when(page, lambda: self.page is None)  # a guest's: never kept


def scope(peer: str) -> dict:
    return {"type": "websocket", "headers": [(b"host", b"127.0.0.1:8000")], "client": (peer, 5000)}


def test_a_dropped_guests_page_and_app_are_freed():
    pages = []

    async def flet(scope, receive, send):  # Flet: makes a session and says so to the guard
        page = Page()
        App(page)
        pages.append(weakref.ref(page))
        conn = guard.current()
        conn.attach(page)

    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        pass

    dropped = []

    async def drop(page):
        dropped.append(weakref.ref(page))

    gate = guard.Guard(flet, drop_session=drop)

    async def run():
        for n in range(50):
            await gate(scope(f"192.0.2.{n}"), receive, send)

    asyncio.run(run())
    gc.collect()
    assert len(dropped) == 50, "every guest's session was dropped when its connection ended"
    alive = [ref for ref in pages if ref() is not None]
    assert alive == [], f"{len(alive)} of 50 guests' pages (and their apps) are still held"


def test_forget_takes_the_apps_word_on_a_page_away():
    page = Page()
    App(page)
    assert id(page.session) in guard._keepers
    guard.forget(page)
    assert id(page.session) not in guard._keepers
    guard.forget(page)  # twice: nothing


def test_the_budgets_of_new_connections_do_not_grow_with_the_addresses_seen():
    async def flet(scope, receive, send):
        pass

    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        pass

    gate = guard.Guard(flet, Limits(connections_rate=1e9, connections_burst=5))  # full again at once

    async def run():
        for n in range(5_000):
            await gate(scope(f"10.{n // 250}.{n % 250}.1"), receive, send)

    asyncio.run(run())
    assert len(gate._arrivals) <= 512, f"{len(gate._arrivals)} addresses' budgets kept"


# -- the connections the transport holds (issue 25, point 2) -------------------------------------------
class Transport:
    def __init__(self, peer: str):
        self.peer = peer

    def get_extra_info(self, name):
        return (self.peer, 40000) if name == "peername" else None


def test_one_address_holds_no_more_than_its_share_and_the_host_always_finds_room():
    from scorekeeper.gui import sockets
    from scorekeeper.gui.sockets import SocketLimits, Sockets

    counted = Sockets(SocketLimits(per_address=4, total=40, reserve=8), files=10_000)
    kept = []  # open connections keep their transports (a transport's id is its key)

    def transport(peer: str) -> Transport:
        kept.append(Transport(peer))
        return kept[-1]

    mine = [transport("10.0.0.5") for _ in range(10)]
    assert [counted.admit(t) for t in mine] == [True] * 4 + [False] * 6
    counted.release(mine[0])
    counted.release(mine[0])  # once only
    assert counted.open_from("10.0.0.5") == 3 and counted.admit(transport("10.0.0.5"))
    # many addresses fill what they may: the reserve stays for this computer and a host's address
    for n in range(100):
        counted.admit(transport(f"10.1.{n}.1"))
    assert counted.open == 40 - 8
    assert not counted.admit(transport("10.9.9.9"))
    assert counted.admit(transport("127.0.0.1")), "the app's window / the host link opened here"
    sockets.trust("192.168.1.20")  # a host came from there
    assert counted.admit(transport("192.168.1.20"))
    assert counted.admit(transport("10.0.0.5")) is False
    # an upgraded connection (HTTP, then its websocket) is counted once
    upgraded = transport("127.0.0.1")
    before = counted.open
    assert counted.admit(upgraded) and counted.admit(upgraded) and counted.open == before + 1


def test_the_cap_in_all_fits_the_files_the_process_may_open():
    from scorekeeper.gui.sockets import OWN_FILES, Sockets

    assert Sockets(files=1024).total == 512
    assert Sockets(files=256).total == 256 - OWN_FILES
    assert Sockets(files=256).reserve <= Sockets(files=256).total // 2
