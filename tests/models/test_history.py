"""A session's changes reach the game's history with who made them: the host by its device
("this computer", or the host link's browser), a viewer holding the pen by the name it gave."""
from __future__ import annotations

from scorekeeper.gui.models import Role, Session, SharedRepository, Tables
from scorekeeper.storage import Actor

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
PLAIN = {"bids": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 2}, "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}
MORE = {"bids": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 2}, "tricks": {"Ann & Cat": 8, "Bob & Dan": 5}}
RECORD = ('{"format": "spades-game/1", "rules": "standard", "players": ["Eve", "Fay", "Gus", "Hal"], '
          '"hands": []}')


def _who(shared, game_id) -> list[tuple[str, str, str]]:
    return [(e["change"], e["device"], e["role"]) for e in shared.history(game_id)]


def _shared_table(tmp_path, device: str = "this computer"):
    """A host (through the host link) with one game it shares: (shared, tables, host, game_id, code)."""
    shared = SharedRepository(tmp_path / "data")
    tables = Tables(host_token="secret-token")
    host = Session(shared, tables, role=Role.GUEST, client="host-device", device=device)
    assert host.seat.become_host("secret-token")
    _, game_id = host.games.create_game("standard", PLAYERS)
    _, code = host.seat.share(game_id)
    return shared, tables, host, game_id, code


def test_the_app_window_is_this_computer(tmp_path):
    shared = SharedRepository(tmp_path)
    s = Session(shared)
    assert s.seat.actor == Actor("this computer", "host")
    _, game_id = s.games.create_game("standard", PLAYERS)
    assert s.open(game_id) and s.record_hand(PLAIN) and s.misdeal() and s.replace_hand(1, MORE)
    assert s.undo() and s.redo()
    assert s.games.delete(game_id) and s.games.restore(game_id)
    assert {(device, role) for _, device, role in _who(shared, game_id)} == {("this computer", "host")}
    assert [c for c, _, _ in _who(shared, game_id)] == [
        "created", "entered", "misdeal", "edited", "undone", "redone", "deleted", "restored"]
    res, imported = s.games.import_record(RECORD)
    assert _who(shared, imported) == [("imported", "this computer", "host")]


def test_host_and_pen_holder_are_each_named(tmp_path):
    shared, tables, host, game_id, code = _shared_table(tmp_path, "host link browser")
    assert host.open(game_id) and host.record_hand(PLAIN)
    bob = Session(shared, tables, role=Role.GUEST, client="bob-device")
    assert bob.seat.join(code) and bob.open(game_id)
    assert bob.seat.ask_pen("Bob's phone") and host.seat.give_pen(game_id)
    assert bob.seat.actor == Actor("Bob's phone", "viewer with the pen")
    assert bob.record_hand(PLAIN) and bob.replace_hand(1, MORE) and bob.undo()
    assert host.seat.take_pen(game_id)
    history = shared.history(game_id)
    assert [(e["change"], e["device"], e["role"]) for e in history] == [
        ("created", "host link browser", "host"),
        ("entered", "host link browser", "host"),
        ("pen-given", "host link browser", "host"),
        ("entered", "Bob's phone", "viewer with the pen"),
        ("edited", "Bob's phone", "viewer with the pen"),
        ("undone", "Bob's phone", "viewer with the pen"),
        ("pen-taken", "host link browser", "host")]
    assert history[2]["to"] == "Bob's phone" and history[-1]["from"] == "Bob's phone"
    assert history[4]["fields"] == [{"field": "tricks", "key": "Ann & Cat", "old": 7, "new": 8},
                                    {"field": "tricks", "key": "Bob & Dan", "old": 6, "new": 5}]


def test_a_refused_change_adds_nothing_to_the_history(tmp_path):
    shared, tables, host, game_id, code = _shared_table(tmp_path)
    viewer = Session(shared, tables, role=Role.GUEST, client="cat-device")
    assert viewer.seat.join(code) and viewer.open(game_id)
    before = shared.history(game_id)
    assert not viewer.record_hand(PLAIN).ok  # no pen
    assert shared.history(game_id) == before


def test_stopping_the_table_takes_the_pen_back_in_the_history(tmp_path):
    shared, tables, host, game_id, code = _shared_table(tmp_path)
    cat = Session(shared, tables, role=Role.GUEST, client="cat-device")
    assert cat.seat.join(code) and cat.seat.ask_pen("Cat's tablet") and host.seat.give_pen(game_id)
    assert host.seat.stop_sharing(game_id)
    last = shared.history(game_id)[-1]
    assert (last["change"], last["from"], last["device"]) == ("pen-taken", "Cat's tablet", "this computer")
