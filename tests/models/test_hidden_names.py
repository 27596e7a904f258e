"""Names with control characters or bidirectional overrides, where the app takes them in (issue 25,
point 7): the new-game form, an imported record, a phone's name for the pen; each is refused with
the field and the character named.  A game an earlier release saved with such a name still opens,
and its picture and its text for the group chat show the character escaped."""
from __future__ import annotations

import json

from scorekeeper.engine import read_game
from scorekeeper.gui.models import Role, Session, SharedRepository, Tables
from scorekeeper.gui.models.new_game import NewGameForm
from scorekeeper.gui.models.share import sheet_text
from scorekeeper.gui.models.sheet_picture import sheet_picture
from scorekeeper.storage import Repository

OLD = {"format": "spades-game/1", "rules": "standard", "players": ["Ann\x07", "Bob", "Cat", "exe.\u202eevil"],
       "hands": [{"bids": {"Ann\x07": 3, "Bob": 3, "Cat": 3, "exe.\u202eevil": 3},
                  "tricks": {"Ann\x07 & Cat": 7, "Bob & exe.\u202eevil": 6}}]}


def hidden(text: str) -> bool:
    return any(ch in text for ch in ("\x07", "\x1b", "\u202e"))


def test_the_new_game_form_names_the_seat_and_the_character():
    form = NewGameForm("standard")
    for seat, name in enumerate(["Ann", "Bo\x1b[31mb", "Cat", "Dan"]):
        form.set_name(seat, name)
    problems = form.problems()
    assert any("Player 2" in p and "U+001B" in p and "control character" in p for p in problems), problems
    assert not any(hidden(p) for p in problems)
    form.set_name(1, "Bob")
    form.team_names[1] = "\u202eThem"
    problems = form.problems()
    assert any("Team 2" in p and "U+202E" in p and "right-to-left override" in p for p in problems), problems


def test_an_imported_record_with_such_a_name_is_refused_with_nothing_added(tmp_path):
    host = Session(SharedRepository(tmp_path / "data"), role=Role.HOST)
    res, game_id = host.games.import_record(json.dumps(OLD))
    assert not res and game_id is None
    assert "players" in res.message and "U+0007" in res.message and not hidden(res.message), res.message
    assert host.games.list_games() == []


def test_a_phones_name_for_the_pen_with_an_override_is_refused(tmp_path):
    shared, tables = SharedRepository(tmp_path / "data"), Tables(host_token="secret-token")
    host = Session(shared, tables, role=Role.HOST)
    _, game_id = host.games.create_game("standard", ["Ann", "Bob", "Cat", "Dan"])
    _, code = host.seat.share(game_id)
    phone = Session(shared, tables, role=Role.GUEST, client="phone")
    assert phone.seat.join(code, where="10.0.0.2")
    res = phone.seat.ask_pen("\u202eenohp s'boB")
    assert not res and "U+202E" in res.message and not hidden(res.message), res.message
    assert tables.request_for(game_id) is None


def test_a_game_saved_with_such_names_opens_and_what_leaves_the_app_shows_them_escaped(tmp_path):
    repo = Repository(tmp_path / "data")
    game_id = repo.games.add(read_game(OLD))  # as an earlier release saved it
    host = Session(SharedRepository(tmp_path / "data"), role=Role.HOST)
    assert [g.id for g in host.games.list_games()] == [game_id]
    assert host.open(game_id)
    assert host.game.players[0] == "Ann\x07", "the record is as it was saved"
    drawn = sheet_picture(host.game, host.sheet).texts
    assert drawn and not any(hidden(t) for t in drawn), [t for t in drawn if hidden(t)]
    assert any("\\u202e" in t for t in drawn)
    text = sheet_text(host.game, host.sheet)
    assert not hidden(text) and "Ann\\x07" in text
