"""Roles at a shared table, checked at the session layer (no browser): the host does everything;
a viewer sees its one table and changes nothing unless it holds the pen; a guest sees nothing.
A refused action writes nothing."""
from __future__ import annotations

import pytest

from scorekeeper.gui.models import NotAllowed, Role, Session, SharedRepository, Tables
from scorekeeper.gui.models.sharing import CODE_ALPHABET, CODE_LENGTH
from scorekeeper.storage import StatsFilter

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
PLAIN = {"bids": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 2}, "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}
RECORD = ('{"format": "spades-game/1", "rules": "standard", "players": ["Eve", "Fay", "Gus", "Hal"], '
          '"hands": []}')


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def table(tmp_path):
    """A server with one game of two hands: the host's session, the shared code, and the tables."""
    shared = SharedRepository(tmp_path / "data")
    tables = Tables(host_token="secret-token", clock=Clock())
    host = Session(shared, tables, role=Role.GUEST, client="host-device")
    assert host.seat.become_host("secret-token") and host.role is Role.HOST
    res, game_id = host.games.create_game("standard", PLAYERS)
    host.open(game_id)
    assert host.record_hand(PLAIN) and host.record_hand(PLAIN)
    ok, code = host.seat.share(game_id)
    assert ok and code
    return shared, tables, host, game_id, code


def session(shared, tables, client):
    return Session(shared, tables, role=Role.GUEST, client=client)


def on_disk(shared, game_id):
    stored = shared.get(game_id)
    return stored.version, stored.record


def changing_actions(s: Session, game_id: str):
    """Every action that writes, as (name, call returning a Result)."""
    return [
        ("record a hand", lambda: s.record_hand(PLAIN)),
        ("record a misdeal", lambda: s.misdeal()),
        ("edit a hand", lambda: s.replace_hand(1, PLAIN)),
        ("undo", lambda: s.undo()),
        ("redo", lambda: s.redo()),
        ("delete", lambda: s.games.delete(game_id)),
        ("restore", lambda: s.games.restore(game_id)),
        ("import", lambda: s.games.import_record(RECORD)[0]),
        ("new game", lambda: s.games.create_game("standard", PLAYERS)[0]),
        ("rematch", lambda: s.games.rematch(game_id)[0]),
        ("share", lambda: s.seat.share(game_id)[0]),
        ("stop sharing", lambda: s.seat.stop_sharing(game_id)),
        ("take the pen", lambda: s.seat.take_pen(game_id)),
    ]


def test_the_host_link_needs_the_secret(table):
    shared, tables, *_ = table
    s = session(shared, tables, "phone")
    assert not s.seat.become_host("") and not s.seat.become_host("secret-toke") and s.role is Role.GUEST


@pytest.mark.parametrize("role", ["guest", "viewer"])
def test_every_change_is_refused_and_writes_nothing(table, role):
    shared, tables, host, game_id, code = table
    s = session(shared, tables, "phone-1")
    if role == "viewer":
        assert s.seat.join(code) and s.role is Role.VIEWER
        assert s.open(game_id)
    else:
        s.game_id = game_id  # a forged page: the session points at the game all the same
    before = on_disk(shared, game_id)
    games_before = [g.id for g in shared.list_games()]
    for name, act in changing_actions(s, game_id):
        res = act()
        assert not res.ok, name
        assert res.message, name
        assert on_disk(shared, game_id) == before, name
    assert [g.id for g in shared.list_games()] == games_before
    assert tables.code_of(game_id) == code  # still shared
    for read in (s.games.list_games, lambda: s.games.season_stats(StatsFilter()), s.games.list_trash):
        with pytest.raises(NotAllowed):
            read()


def test_a_guest_sees_no_game(table):
    shared, tables, host, game_id, code = table
    s = session(shared, tables, "phone")
    res = s.open(game_id)
    assert not res.ok and "Join a table" in res.message and s.game is None
    assert not s.games.export_record(game_id)[0].ok


def test_a_viewer_sees_only_its_table(table):
    shared, tables, host, game_id, code = table
    _, other = host.games.create_game("ihop", PLAYERS)
    s = session(shared, tables, "phone")
    assert s.seat.join(code.lower())  # read aloud, typed in small letters: the same code
    assert s.open(game_id) and s.sheet.hands_played == 2
    assert not s.open(other).ok and s.game is None


def test_wrong_and_stopped_codes_get_their_message(table):
    shared, tables, host, game_id, code = table
    s = session(shared, tables, "phone")
    wrong = "".join(CODE_ALPHABET[(CODE_ALPHABET.index(ch) + 1) % len(CODE_ALPHABET)] for ch in code)
    res = s.seat.join(wrong)
    assert not res.ok and f"No table has the code {wrong}" in res.message and s.role is Role.GUEST
    res = s.seat.join("hello")
    assert not res.ok and "not a table code" in res.message
    viewer = session(shared, tables, "viewer")
    assert viewer.seat.join(code) and viewer.open(game_id)
    assert host.seat.stop_sharing(game_id)
    res = session(shared, tables, "late").seat.join(code)
    assert not res.ok and res.message == "This table stopped sharing"
    # the viewer who was watching is told so too, and sees the game no more
    assert not viewer.table_open
    res = viewer.open(game_id)
    assert not res.ok and res.message == "This table stopped sharing"


def test_wrong_codes_are_rate_limited_per_client(table):
    shared, tables, host, game_id, code = table
    clock = tables._clock
    s = session(shared, tables, "guesser")
    for _ in range(tables.attempts):
        assert "No table" in s.seat.join("AAAAAA").message
    res = s.seat.join(code)  # even the right code waits
    assert not res.ok and "Too many wrong codes" in res.message and "wait" in res.message
    assert session(shared, tables, "someone-else").seat.join(code)  # another client is not slowed
    clock.now += tables.window + 1
    assert s.seat.join(code)


def test_codes_are_short_readable_and_one_per_game(table):
    shared, tables, host, game_id, code = table
    assert len(code) == CODE_LENGTH >= 6 and set(code) <= set(CODE_ALPHABET)
    assert not set("01OIL") & set(CODE_ALPHABET)
    assert host.seat.share(game_id)[1] == code  # sharing again keeps the code
    _, other = host.games.create_game("ihop", PLAYERS)
    assert host.seat.share(other)[1] != code


def test_the_pen_moves_one_device_at_a_time(table):
    shared, tables, host, game_id, code = table
    bob, cat = session(shared, tables, "bob"), session(shared, tables, "cat")
    for s in (bob, cat):
        assert s.seat.join(code) and s.open(game_id)
    assert not bob.record_hand(PLAIN).ok
    assert bob.seat.ask_pen("Bob's phone")
    assert tables.request_for(game_id).name == "Bob's phone"
    assert not cat.seat.give_pen(game_id).ok  # only the holder gives it
    assert host.seat.give_pen(game_id).ok
    assert bob.holds_pen(game_id) and not host.holds_pen(game_id) and not cat.holds_pen(game_id)
    # the holder enters a hand; the host (now viewing) cannot
    assert bob.record_hand(PLAIN).ok
    res = host.record_hand(PLAIN)
    assert not res.ok and "take it back" in res.message
    # the host can always take it back
    assert host.seat.take_pen(game_id).ok
    assert host.holds_pen(game_id) and not bob.holds_pen(game_id)
    assert not bob.record_hand(PLAIN).ok
    assert len(shared.get(game_id).game.hands) == 3


def test_stopping_gives_the_pen_back(table):
    shared, tables, host, game_id, code = table
    bob = session(shared, tables, "bob")
    bob.seat.join(code)
    bob.seat.ask_pen("Bob's phone")
    host.seat.give_pen(game_id)
    host.seat.stop_sharing(game_id)
    assert host.holds_pen(game_id) and not bob.holds_pen(game_id)
    assert not bob.record_hand(PLAIN).ok


def test_a_host_session_is_unchanged_without_sharing(tmp_path):
    # the app as it was: one host, no codes; everything works
    s = Session(SharedRepository(tmp_path))
    res, gid = s.games.create_game("standard", PLAYERS)
    assert s.open(gid) and s.record_hand(PLAIN) and s.undo() and s.redo()


@pytest.mark.parametrize("token", ["été-secret-token", "secret-tokén", "\udcff", "x" * 10_000, "", None, 42,
                                   "secret-token\x00"])
def test_a_malformed_host_token_is_only_a_guest(table, token):
    shared, tables, *_ = table
    guest = Session(shared, tables, role=Role.GUEST, client="eve")
    assert not guest.seat.become_host(token)  # no TypeError for a non-ASCII token: it is simply not the secret
    assert guest.role is Role.GUEST


def test_the_pen_goes_to_the_device_shown_and_requests_wait_their_turn(table):
    shared, tables, host, game_id, code = table
    first, second = session(shared, tables, "phone-1"), session(shared, tables, "phone-2")
    for s in (first, second):
        assert s.seat.join(code)
    assert first.seat.ask_pen("Bob's phone") and second.seat.ask_pen("Bob's phone")
    shown = tables.request_for(game_id)
    assert (shown.client, shown.name) == ("phone-1", "Bob's phone")  # the first waits first
    waiting = [r for r in tables._requests[game_id] if r.client == "phone-2"]
    assert waiting[0].name == "Bob's phone (2)"  # alike names are made unique at the table
    res = host.seat.give_pen(game_id, shown.client)  # Give on the dialog that shows the first request
    assert res.ok and res.message == "Bob's phone has the pen"
    assert first.holds_pen(game_id) and not second.holds_pen(game_id) and not host.holds_pen(game_id)
    # the second request is now the one shown, to the new holder
    assert tables.request_for(game_id).client == "phone-2"
    assert first.seat.keep_pen(game_id, "phone-2").ok
    assert tables.request_for(game_id) is None and first.holds_pen(game_id)


def test_asking_again_keeps_the_place_and_a_name_is_not_the_holders(table):
    shared, tables, host, game_id, code = table
    bob, cat = session(shared, tables, "bob"), session(shared, tables, "cat")
    for s in (bob, cat):
        assert s.seat.join(code)
    bob.seat.ask_pen("Bob's phone")
    host.seat.give_pen(game_id, "bob")
    cat.seat.ask_pen("Bob's phone")  # the holder is called so already
    assert tables.request_for(game_id).name == "Bob's phone (2)"
    cat.seat.ask_pen("Cat's phone")  # asking again renames the request, in the same place
    assert [r.name for r in tables._requests[game_id]] == ["Cat's phone"]
    assert not host.seat.give_pen(game_id, "nobody").ok  # only a device that asks can be given it
