"""The shared table without a browser: which screen each role is shown for a route, what a viewer
reads of the hand being entered, who holds the pen, where phones reach the server, and what the
terminal prints when the app is served.  (Issue 10; the browser side is test_shared_table.py.)"""
from __future__ import annotations

import pytest

from scorekeeper.gui.access import admit
from scorekeeper.gui.models import HandDraft, Role, Session, SharedRepository, Tables, links
from scorekeeper.gui.models.live import NO_BID, LiveBoard, LiveHand, watched
from scorekeeper.gui.models.lock import draft_lock
from scorekeeper.gui.models.served import Served
from scorekeeper.gui.routes import JOIN
from scorekeeper.gui.serve import ServeError, banner, host_token

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
AC, BD = "Ann & Cat", "Bob & Dan"
TOKEN = "a-secret-token-of-the-host"


@pytest.fixture
def table(tmp_path):
    """An IHOP game shared by its host, and a second game that is not shared."""
    shared = SharedRepository(tmp_path / "data")
    tables = Tables(host_token=TOKEN)
    host = Session(shared, tables, role=Role.GUEST, client="host")
    assert host.seat.become_host(TOKEN)
    _, game_id = host.games.create_game("ihop", PLAYERS)
    _, other = host.games.create_game("standard", PLAYERS)
    host.open(game_id)
    _, code = host.seat.share(game_id)
    return shared, tables, host, game_id, other, code


def guest(shared, tables, client="phone"):
    return Session(shared, tables, role=Role.GUEST, client=client)


def asking(shared, tables, code, name="Bob's phone"):
    """A phone that joined the table and asks for its pen."""
    s = guest(shared, tables, "bob")
    assert s.seat.join(code) and s.seat.ask_pen(name)
    return s


def routes(session, *asked):
    return [admit(session, route).route for route in asked]


# -- who is shown what -------------------------------------------------------------------
def test_a_guest_is_shown_the_join_page_whatever_it_types(table):
    shared, tables, host, game_id, other, code = table
    s = guest(shared, tables)
    typed = ["/", f"/game/{game_id}", f"/table/{game_id}", "/stats", "/new", "/rules",
             f"/game/{game_id}/edit/1", f"/game/{game_id}/share", "/nonsense"]
    assert routes(s, *typed) == [JOIN] * len(typed)
    assert routes(s, "/join", f"/join/{code}") == ["/join", f"/join/{code}"]


def test_a_viewer_is_shown_its_table_read_only_and_nothing_else(table):
    shared, tables, host, game_id, other, code = table
    s = guest(shared, tables)
    assert s.seat.join(code)
    table_route = f"/table/{game_id}"
    assert routes(s, "/", "/stats", "/new", f"/game/{other}", f"/table/{other}", f"/game/{game_id}",
                  f"/game/{game_id}/edit/1", f"/game/{game_id}/share") == [table_route] * 8
    readable = [f"/game/{game_id}/hand/1", f"/game/{game_id}/rules", f"/game/{game_id}/whatif",
                f"/game/{game_id}/chart", "/join"]
    assert routes(s, *readable) == readable


def test_the_pen_decides_between_the_entry_and_the_read_only_table(table):
    shared, tables, host, game_id, other, code = table
    s = asking(shared, tables, code)
    assert host.seat.give_pen(game_id)
    assert routes(s, f"/table/{game_id}", f"/game/{game_id}/edit/1") == [f"/game/{game_id}",
                                                                       f"/game/{game_id}/edit/1"]
    # the host gave it away: it watches that game, and still has every other screen
    assert routes(host, f"/game/{game_id}?tab=sheet", f"/game/{game_id}/edit/1", f"/game/{other}", "/stats") == [
        f"/table/{game_id}?tab=sheet", f"/table/{game_id}", f"/game/{other}", "/stats"]
    assert host.seat.take_pen(game_id)
    assert routes(host, f"/table/{game_id}") == [f"/game/{game_id}"]
    assert routes(s, f"/game/{game_id}") == [f"/table/{game_id}"]


def test_a_stopped_table_sends_its_viewers_to_the_join_page_saying_so(table):
    shared, tables, host, game_id, other, code = table
    s = guest(shared, tables)
    s.seat.join(code)
    host.seat.stop_sharing(game_id)
    seen = admit(s, f"/table/{game_id}")
    assert (seen.route, seen.why) == (JOIN, "This table stopped sharing")


def test_the_host_is_never_sent_to_the_join_page(table):
    shared, tables, host, game_id, other, code = table
    assert routes(host, "/join", f"/join/{code}", "/", "/stats") == ["/", "/", "/", "/stats"]


# -- the pen ------------------------------------------------------------------------------------
def test_the_pen_holder_is_named_as_it_asked(table):
    shared, tables, host, game_id, other, code = table
    s = guest(shared, tables, "bob")
    s.seat.join(code)
    assert tables.pen_name(game_id) == "The scorekeeper"
    assert not s.seat.ask_pen("   ").ok and "Name this phone" in s.seat.ask_pen("").message
    res = s.seat.ask_pen("x" * 31)
    assert not res.ok and "at most 30 characters" in res.message
    assert s.seat.ask_pen("  Bob's   phone ")
    host.seat.give_pen(game_id)
    assert tables.pen_name(game_id) == "Bob's phone"
    host.seat.take_pen(game_id)
    assert tables.pen_name(game_id) == "The scorekeeper"


def test_a_pen_holder_changes_its_own_table_only(table):
    """A forged change from the phone holding one table's pen, aimed at another game: refused."""
    shared, tables, host, game_id, other, code = table
    s = asking(shared, tables, code)
    host.seat.give_pen(game_id)
    s.open(game_id)
    hand = {"bids": {AC: 4, BD: 4}, "tricks": {AC: 6, BD: 7}}
    before = shared.get(other).version
    s.game_id = other  # the page points the session at another game
    res = s.record_hand({"bids": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 2}, "tricks": {AC: 7, BD: 6}})
    assert not res.ok and shared.get(other).version == before
    s.game_id = game_id
    assert s.record_hand(hand).ok
    host.seat.stop_sharing(game_id)  # the pen goes back with the code
    res = s.record_hand(hand)
    assert not res.ok and len(shared.get(game_id).game.hands) == 1


def test_a_pen_cannot_be_given_once_the_table_stopped(table):
    shared, tables, host, game_id, other, code = table
    asking(shared, tables, code)
    tables.stop(game_id)
    res = host.seat.give_pen(game_id)
    assert not res.ok and res.message == "Nobody is asking for the pen"


# -- the hand as it is entered --------------------------------------------------------------
def entered(session, **taps) -> dict:
    draft = HandDraft(session.game, session.next)
    for bidder, bid in taps.get("bids", {}).items():
        draft.set_bid(bidder, bid)
    for player in taps.get("nils", ()):
        draft.toggle_nil(player)
    for key, count in taps.get("tricks", {}).items():
        draft.tricks.set(key, count)
    return draft.to_hand()


def test_a_viewer_reads_the_bids_as_they_are_tapped(table):
    shared, tables, host, game_id, other, code = table
    s = guest(shared, tables)
    s.seat.join(code)
    s.open(game_id)
    before = watched(s, None)
    assert before.title == "Hand 1 of 12" and before.deal.startswith("Ann deals")
    assert before.bids == ((AC, NO_BID), (BD, NO_BID)) and not before.started
    assert before.first == BD and before.first_words == "bid first"
    assert before.lock == "Lock: once every side has bid"
    live = LiveHand(game_id, host.version, entered(host, bids={AC: 5}, nils=["Dan"]))
    seen = watched(s, live)
    assert seen.bids == ((AC, "5"), (BD, "Dan nil")) and seen.started
    assert seen.status == f"Still to enter: Bid for {BD}"
    live = LiveHand(game_id, host.version, entered(host, bids={AC: 5, BD: 4}, tricks={AC: 6}))
    seen = watched(s, live)
    assert seen.tricks == f"{AC} 6, {BD} 7" and seen.status == "Ready to save"
    assert seen.lock == draft_lock(HandDraft.from_hand(host.game, host.next, live.hand), None).text
    assert "bids: Ann & Cat 5, Bob & Dan 4" in seen.text


def test_an_entry_made_before_a_save_is_not_shown_after_it(table):
    shared, tables, host, game_id, other, code = table
    s = guest(shared, tables)
    s.seat.join(code)
    s.open(game_id)
    board = LiveBoard()
    board.put(LiveHand(game_id, host.version, entered(host, bids={AC: 5}), by="Bob's phone"))
    stale_version = host.version
    assert host.record_hand({"bids": {AC: 4, BD: 4}, "tricks": {AC: 6, BD: 7}})
    s.reload()
    assert board.latest(game_id, s.version) is None
    assert watched(s, board.latest(game_id, stale_version)).bids == ((AC, NO_BID), (BD, NO_BID))
    assert watched(s, None, by="Bob's phone").by == "Bob's phone"


# -- where phones reach the server ------------------------------------------------------
def test_phones_are_never_given_a_wildcard_or_loopback_address(tmp_path):
    shared = SharedRepository(tmp_path)
    lan = Served(shared, Tables(host_token=TOKEN), listen_host="0.0.0.0", port=8000)
    assert "0.0.0.0" not in lan.base_url and lan.base_url == f"http://{links.lan_address()}:8000"
    assert lan.host_link() == f"{lan.base_url}/host/{TOKEN}"
    assert lan.join_link("K7MQ2X") == f"{lan.base_url}/join/K7MQ2X"
    local = Served(shared, Tables(host_token=TOKEN), listen_host="127.0.0.1", port=8000)
    assert local.only_this_computer
    window = Served(shared)  # a native window: served to nobody
    assert window.only_this_computer and window.base_url is None and window.join_link("K7MQ2X") is None


def test_a_server_already_on_every_interface_is_not_told_to_start_with_web(tmp_path, monkeypatch):
    shared = SharedRepository(tmp_path)
    monkeypatch.setenv(links.LAN_VARIABLE, "127.0.0.1")  # --web on a computer with no network
    web = Served(shared, Tables(host_token=TOKEN), listen_host="0.0.0.0", port=8000)
    assert web.only_this_computer
    assert "--web" not in web.unreachable_words() and "no address on a network" in web.unreachable_words()
    assert "--web" not in banner(web, web=True, serve_only=False)
    local = Served(shared, Tables(host_token=TOKEN), listen_host="127.0.0.1", port=8000)
    assert "start it with `scorekeeper --web`" in local.unreachable_words()


# -- the terminal -------------------------------------------------------------------------
def test_the_terminal_shows_the_host_link_and_its_qr_code(tmp_path, monkeypatch):
    monkeypatch.setenv(links.LAN_VARIABLE, "192.168.1.20")  # a LAN address, with or without a network
    shared = SharedRepository(tmp_path)
    lan = Served(shared, Tables(host_token=TOKEN), listen_host="0.0.0.0", port=8000)
    text = banner(lan, web=True, serve_only=True)
    lines = text.splitlines()
    assert lines[0] == "Spades Scorekeeper is served at http://192.168.1.20:8000/"
    assert lan.host_link() in lines and "Share this table" in lines[1]
    assert links.qr_text(lan.host_link()).rstrip("\n") in text
    local = Served(shared, Tables(host_token=TOKEN), listen_host="127.0.0.1", port=8000)
    text = banner(local, web=False, serve_only=True)
    assert "No display here: open the host link below" in text and local.host_link() in text
    assert "scorekeeper --web" in text and "\u2588" not in text  # no QR code a phone could not open


def test_the_host_token_is_random_or_checked(monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_HOST_TOKEN", raising=False)
    assert host_token() != host_token() and len(host_token()) >= 16
    monkeypatch.setenv("SCOREKEEPER_HOST_TOKEN", TOKEN)
    assert host_token() == TOKEN
    for bad, why in (("short", "it has 5 characters"), ("a secret with spaces!", "some of them not allowed")):
        with pytest.raises(ServeError, match=why) as err:
            host_token(bad)
        assert "SCOREKEEPER_HOST_TOKEN must be 16 to 200 letters" in str(err.value)
