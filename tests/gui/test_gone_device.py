"""A device that has left the table (its tab closed, its phone asleep) while its game goes on
elsewhere: the server keeps its session a while, and a hand saved on another device reaches that
session's game screen, which carries what it had entered over to the next hand.  Nothing may break
there: the screen cannot write that entry to a browser that is gone, and says nothing of it (no traceback in the server's log, no session
crashed).  Two clients that speak Flet's protocol (flet_client.py), no browser.
"""
from __future__ import annotations

from flet_client import FletClient
from harness import Server
from scorekeeper.gui.models import Role, Session, SharedRepository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def open_game(server: Server, game_id: str) -> FletClient:
    client = FletClient(server.url)
    client.register(f"/host/{server.token}", width=1280.0, height=860.0)
    assert client.pump(10, until="new-game"), "the host link opens the games list"
    client.settle()
    client.go(f"/game/{game_id}")
    assert client.pump(10, until="save-hand"), "the game opens on its entry"
    client.settle()
    return client


def test_a_hand_saved_on_one_device_leaves_the_session_of_a_device_that_left_unbroken(tmp_path):
    host = Session(SharedRepository(tmp_path / "data"), role=Role.HOST)
    res, game_id = host.games.create_game("standard", PLAYERS)
    assert res
    server = Server(tmp_path / "data", tmp_path / "server.log", host="127.0.0.1")
    try:
        gone = open_game(server, game_id)
        gone.click("bid-Ann-4")  # a bid entered there, kept for the next hand when another saves
        gone.settle()
        gone.close()  # the tab is closed: its session stays on the server for a while
        here = open_game(server, game_id)
        for name in PLAYERS:
            here.click(f"bid-{name}-4")
            here.settle(quiet=0.2)
        here.click("tricks-7")
        here.settle()
        here.click("save-hand")
        assert here.pump(10, until="sheet-row-1"), "the hand is saved"
        here.settle(quiet=1.0)  # the other session has had the change by now
        assert not here.crashes, here.crashes
        here.close()
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log, log
