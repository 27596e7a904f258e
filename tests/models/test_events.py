"""Each change a session makes is announced by the session itself, as one typed event (no
browser): the views announce nothing, so a change cannot be forgotten by a screen.  A refused
change announces nothing."""
from __future__ import annotations

import pytest

from scorekeeper.gui.models import Role, Session, SharedRepository, Tables
from scorekeeper.gui.models.events import (EntryChanged, Event, GameChanged, GamesChanged, PenMove, PenMoved,
                                           SharingChanged)

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
PLAIN = {"bids": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 2}, "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}
RECORD = ('{"format": "spades-game/1", "rules": "standard", "players": ["Eve", "Fay", "Gus", "Hal"], '
          '"hands": []}')


class Heard(list):
    """What a session published, in order."""

    def take(self) -> list[Event]:
        out = list(self)
        self.clear()
        return out


@pytest.fixture
def table(tmp_path):
    shared = SharedRepository(tmp_path / "data")
    tables = Tables(host_token="secret")
    heard = Heard()
    host = Session(shared, tables, client="host", publish=heard.append)
    _, game_id = host.games.create_game("standard", PLAYERS)
    host.open(game_id)
    heard.clear()
    return shared, tables, host, game_id, heard


def viewer(shared, tables, code: str, heard: Heard) -> Session:
    s = Session(shared, tables, role=Role.GUEST, client="bob-phone", publish=heard.append)
    assert s.seat.join(code) and s.open(s.table)
    return s


def test_each_change_of_the_open_game_publishes_one_game_changed(table):
    _, _, host, game_id, heard = table
    for name, act in [("record", lambda: host.record_hand(PLAIN)),
                      ("misdeal", host.misdeal),
                      ("edit", lambda: host.replace_hand(1, PLAIN)),
                      ("undo", host.undo),
                      ("redo", host.redo)]:
        assert act(), name
        assert heard.take() == [GameChanged(game_id)], name


def test_each_change_of_the_list_publishes_one_games_changed(table):
    _, _, host, game_id, heard = table
    res, new_id = host.games.create_game("ihop", PLAYERS)
    assert res and heard.take() == [GamesChanged(new_id)]
    res, imported = host.games.import_record(RECORD)
    assert res and heard.take() == [GamesChanged(imported)]
    res, rematch = host.games.rematch(game_id)
    assert res and heard.take() == [GamesChanged(rematch)]
    assert host.games.delete(new_id) and heard.take() == [GamesChanged(new_id, removed=True)]
    assert host.games.restore(new_id) and heard.take() == [GamesChanged(new_id)]


def test_sharing_and_the_pen_publish_one_event_each(table):
    shared, tables, host, game_id, heard = table
    res, code = host.seat.share(game_id)
    assert res and heard.take() == [SharingChanged(game_id, shared=True)]
    bob = viewer(shared, tables, code, heard)
    assert heard.take() == []  # joining and opening change nothing saved or shared
    assert bob.seat.ask_pen("Bob's phone") and heard.take() == [PenMoved(game_id, PenMove.ASKED, "bob-phone")]
    assert host.seat.keep_pen(game_id, "bob-phone") and heard.take() == [
        PenMoved(game_id, PenMove.KEPT, "bob-phone")]
    assert bob.seat.ask_pen("Bob's phone") and heard.take() == [PenMoved(game_id, PenMove.ASKED, "bob-phone")]
    assert host.seat.give_pen(game_id) and heard.take() == [PenMoved(game_id, PenMove.GIVEN, "bob-phone")]
    draft = bob.draft()
    draft.set_bid("Ann", 3)
    bob.seat.show_entry(draft)
    assert heard.take() == [EntryChanged(game_id)]
    assert bob.record_hand(PLAIN) and heard.take() == [GameChanged(game_id)]
    assert host.seat.take_pen(game_id) and heard.take() == [PenMoved(game_id, PenMove.TAKEN, "bob-phone")]
    assert host.seat.stop_sharing(game_id) and heard.take() == [SharingChanged(game_id, shared=False)]


def test_a_refused_change_publishes_nothing(table):
    shared, tables, host, game_id, heard = table
    _, code = host.seat.share(game_id)
    heard.clear()
    bob = viewer(shared, tables, code, heard)
    refused = [bob.record_hand(PLAIN), bob.misdeal(), bob.undo(), bob.games.delete(game_id),
               bob.games.create_game("standard", PLAYERS)[0], bob.seat.share(game_id)[0],
               bob.seat.take_pen(game_id), bob.seat.give_pen(game_id)]
    assert not any(refused)
    draft = bob.draft()
    bob.seat.show_entry(draft)  # not the pen holder: its taps are its own
    assert heard.take() == []
    bad = host.record_hand({"bids": {"Ann": 3}})
    assert not bad and heard.take() == []


def test_the_events_say_whether_their_own_session_hears_them():
    """A change of who may see what reaches its own session too (its screen is admitted again);
    a saved hand does not (that screen shows it already)."""
    assert not GameChanged.to_self and not GamesChanged.to_self and not EntryChanged.to_self
    assert SharingChanged.to_self and PenMoved.to_self
