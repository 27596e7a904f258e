"""What a save sends (issue 28): the bytes the server writes to the page for one saved hand, read
from its websocket messages by a client that speaks Flet's protocol (flet_client.py; no browser:
these are the messages themselves, the same for any client of that width).

A save sends what changed: the new row of the sheet, the totals, the next hand's words, the
entry's chips that change (each chip's one style object, changed in place, sends the fields that
changed, not the whole style again), the saved hand's line beside Save.  The figures are printed;
the bounds are what this code reached, so that a change that sends a whole style, a whole line or
a whole row again fails here (the goal, under 2 kB, is not reached yet: see the README).
"""
from __future__ import annotations

import pytest

from flet_client import FletClient
from harness import Server
from scorekeeper.gui.models import Role, Session, SharedRepository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
#: the bytes of a save of hand 3 of a standard game: 3,283 on a desktop and 3,473 on a phone when
#: written (4,806 and 4,740 before the chips kept their style objects, the deal line its words and
#: the sheet's numbers their defaults); of the tap on a bid chip after it: 558 (735 before).  Since
#: the entry's chips are isolated (each changed chip's look its own message, about 20 bytes more a
#: chip, for a diff that no longer walks every chip's style): 3,384, 3,573 and 575
SAVE_AT_MOST = {"desktop": 3_400, "phone": 3_600}
BID_AT_MOST = 600


@pytest.fixture
def served(tmp_path):
    """A new standard game, and the app serving it (one each test: the game starts at hand 1)."""
    base = tmp_path
    host = Session(SharedRepository(base / "data"), role=Role.HOST)
    res, game_id = host.games.create_game("standard", PLAYERS)
    assert res
    srv = Server(base / "data", base / "server.log", host="127.0.0.1")
    srv.game_id = game_id
    yield srv
    srv.stop()


def sent_for(client: FletClient, identifier: str, until: str) -> int:
    """The bytes the server sent after a tap on `identifier`, until `until` was among them and
    it then sent nothing for a while."""
    client.settle()
    client.raw.clear()
    client.click(identifier)
    assert client.pump(10, until=until), f"no {until!r} after a tap on {identifier}"
    client.settle()
    return sum(len(data) for data in client.raw)


def enter_hand(client: FletClient) -> None:
    """Every bidder bids 4, Ann & Cat take 7 (both sides set: the game goes on)."""
    for name in PLAYERS:
        client.click(f"bid-{name}-4")
        client.settle(quiet=0.2)
    client.click("tricks-7")
    client.settle()


@pytest.mark.parametrize("device, width, height", [("desktop", 1280, 860), ("phone", 390, 844)])
def test_a_save_sends_what_changed_and_not_the_screen_again(served, device, width, height):
    client = FletClient(served.url)
    try:
        client.register(f"/host/{served.token}", width=float(width), height=float(height))
        assert client.pump(10, until="new-game"), "the host link opens the games list"
        client.settle()
        client.go(f"/game/{served.game_id}")
        assert client.pump(10, until="save-hand"), "the game opens on its entry"
        sizes = []
        for n in range(1, 4):
            enter_hand(client)
            sizes.append(sent_for(client, "save-hand", f"sheet-row-{n}"))
        bid = sent_for(client, "bid-Ann-4", "selected")
        print(f"\n{device}: saves 1-3 sent {sizes} bytes; a bid tap after them {bid} bytes")
        assert not client.crashes, client.crashes
        assert sizes[-1] <= SAVE_AT_MOST[device], (
            f"hand 3's save sent {sizes[-1]} bytes on a {device} (at most {SAVE_AT_MOST[device]})")
        assert bid <= BID_AT_MOST, f"a bid tap sent {bid} bytes (at most {BID_AT_MOST})"
    finally:
        client.close()
