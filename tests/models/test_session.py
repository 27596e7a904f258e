"""The session state under the screens: every change through the repository, every
refusal a message, nothing lost on a storage error.  No browser needed."""
from __future__ import annotations

import pytest

from scorekeeper.gui.models import Session, SharedRepository
from scorekeeper.storage import StorageError

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
PLAIN = {"bids": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 2}, "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}


@pytest.fixture
def session(tmp_path):
    return Session(SharedRepository(tmp_path / "data"))


@pytest.fixture
def game(session):
    res, game_id = session.games.create_game("standard", PLAYERS)
    assert res and game_id
    assert session.open(game_id)
    return game_id


def test_a_saved_hand_updates_the_sheet_and_the_next_hand(session, game):
    res = session.record_hand(PLAIN)
    assert res.ok and res.message == "Hand 1 saved"
    assert session.sheet.scores == {"Ann & Cat": 70, "Bob & Dan": 51}
    assert session.next.number == 2 and session.next.dealer == "Bob"
    assert session.can_undo and not session.can_redo


def test_tricks_that_do_not_add_up_are_refused_with_the_reason(session, game):
    res = session.record_hand({"bids": PLAIN["bids"], "tricks": {"Ann & Cat": 7, "Bob & Dan": 5}})
    assert not res.ok
    assert "tricks add up to 12" in res.message and res.message.startswith("Hand 1:")
    assert res.hand == 1
    assert session.game.hands == ()


def test_an_edit_that_breaks_a_later_hand_is_refused_naming_it(tmp_path):
    session = Session(SharedRepository(tmp_path))
    _, gid = session.games.create_game({"preset": "standard", "options": {"blind_nil": True}}, PLAYERS)
    session.open(gid)
    session.record_hand({"bids": {"Ann": 1, "Cat": 1, "Bob": 6, "Dan": 6},
                         "tricks": {"Ann & Cat": 1, "Bob & Dan": 12}})
    # Ann & Cat are 100+ behind, so Ann may bid blind nil in hand 2
    assert session.next.blind["Ann & Cat"].allowed
    assert session.record_hand({"bids": {"Ann": "nil", "Cat": 4, "Bob": 4, "Dan": 4},
                                "blind": ["Ann"],
                                "tricks": {"Ann": 0, "Cat": 5, "Bob & Dan": 8}})
    # making hand 1 leaves them not behind: the blind nil of hand 2 becomes illegal
    res = session.replace_hand(1, {"bids": {"Ann": 1, "Cat": 1, "Bob": 6, "Dan": 6},
                                   "tricks": {"Ann & Cat": 2, "Bob & Dan": 11}})
    assert not res.ok and res.message.startswith("Hand 2:") and "blind" in res.message
    assert res.hand == 2  # the later hand it breaks, for the screen to offer
    assert len(session.game.hands) == 2


def test_undo_and_redo_the_last_change(session, game):
    session.record_hand(PLAIN)
    assert session.undo() and session.game.hands == ()
    assert session.redo() and len(session.game.hands) == 1


def test_a_storage_error_is_a_message_and_the_game_stays_as_saved(session, game, monkeypatch):
    session.record_hand(PLAIN)
    saved = session.version

    def broken(*args, **kwargs):
        raise StorageError("disk full while writing the game")

    monkeypatch.setattr(session.shared.repo, "record_hand", broken)
    res = session.record_hand(PLAIN)
    assert not res.ok and res.message.startswith("Disk full")
    assert session.version == saved and len(session.game.hands) == 1


def test_another_phone_saved_first(session, game, tmp_path):
    other = Session(session.shared)
    other.open(game)
    assert other.record_hand(PLAIN)
    res = session.record_hand(PLAIN)  # this phone still shows the game before that save
    assert not res.ok and res.conflict
    assert res.message == "Hand 1 was saved on another device first"
    assert len(session.game.hands) == 1  # reloaded: the other phone's hand is shown
    assert session.record_hand(PLAIN)  # saved as the next hand, on purpose
    assert len(session.game.hands) == 2


def test_undo_and_redo_say_what_they_did(session, game):
    session.record_hand(PLAIN)
    session.misdeal()
    session.record_hand(PLAIN)
    assert session.undo().message == "Hand 2 undone"  # the misdeal is not a hand
    assert session.undo().message == "Misdeal undone"
    assert session.redo().message == "Misdeal redone"
    session.replace_hand(1, {**PLAIN, "tricks": {"Ann & Cat": 8, "Bob & Dan": 5}})
    assert session.undo().message == "The edit of hand 1 undone"
    assert session.hand_title == "Hand 2"


def test_rematch_keeps_players_and_rules(session, game):
    session.record_hand(PLAIN)
    res, new_id = session.games.rematch(game)
    assert res and new_id != game
    session.open(new_id)
    assert session.game.players == tuple(PLAYERS) and session.game.hands == ()


def test_a_rematch_passes_the_first_deal_to_the_next_player(session):
    _, first = session.games.create_game("ihop", PLAYERS, first_dealer="Cat", teams=[["Ann", "Bob"], ["Cat", "Dan"]])
    res, second = session.games.rematch(first)
    assert res and res.message == "Rematch: Dan deals first"
    session.open(second)
    assert session.game.first_dealer == "Dan" and session.next.dealer == "Dan"
    assert [s.players for s in session.game.sides] == [("Ann", "Bob"), ("Cat", "Dan")]
    _, third = session.games.rematch(second)
    session.open(third)
    assert session.game.first_dealer == "Ann"  # round the table

def test_import_refuses_a_bad_record_with_its_reason(session):
    res, game_id = session.games.import_record('{"format": "spades-game/1", "rules": "nope"}')
    assert not res.ok and game_id is None and "nope" in res.message


@pytest.mark.parametrize("text, name, wanted", [
    ("hello", None, "The pasted text is not a game record"),
    ("   ", None, "The pasted text is empty"),
    ('{"format": ', None, "The pasted text is not a game record"),
    (b"\xff\xfe\x00binary", "game.json", "The file game.json is not a game record: it is not text"),
    (b"[1, 2", "game.json", "The file game.json is not a game record"),
])
def test_import_of_what_is_not_a_record_says_so_without_the_parsers_words(session, text, name, wanted):
    res, game_id = session.games.import_record(text, file_name=name)
    assert not res.ok and game_id is None and res.message.startswith(wanted)
    assert "char" not in res.message and "Expecting" not in res.message and "line 1" not in res.message
    if name is None:
        assert "file" not in res.message


def test_export_then_import_round_trips(session, game, tmp_path):
    session.record_hand(PLAIN)
    res, text = session.games.export_record(game)
    assert res
    elsewhere = Session(SharedRepository(tmp_path / "other"))
    res, copy = elsewhere.games.import_record(text)
    assert res and elsewhere.open(copy) and elsewhere.game.to_dict() == session.game.to_dict()


def test_importing_a_game_that_is_already_saved_names_it_and_adds_nothing(session, game):
    session.record_hand(PLAIN)
    res, text = session.games.export_record(game)
    res, copy = session.games.import_record(text)
    assert not res.ok and copy is None
    assert res.message.startswith(f"Not imported. This record is already saved as game {game} ")


def test_an_unusable_data_folder_is_reported_not_raised(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    shared = SharedRepository(blocker / "data")
    assert shared.notices() and "Cannot open the saved games" in shared.notices()[0]
    session = Session(shared)
    res, _ = session.games.create_game("standard", PLAYERS)
    assert not res.ok


def test_ready_to_save_is_never_shown_for_a_hand_save_refuses(tmp_path):
    """Issue 15, 6: "Ready to save" showed for a blind 5 that Save then refused."""
    session = Session(SharedRepository(tmp_path))
    _, gid = session.games.create_game("ihop", PLAYERS)
    session.open(gid)
    assert session.record_hand({"bids": {"Ann & Cat": 6, "Bob & Dan": 7},
                                "tricks": {"Ann & Cat": 8, "Bob & Dan": 5}})
    assert session.next.blind["Bob & Dan"].allowed  # 100 or more behind: may bid blind
    draft = session.draft()
    draft.set_bid("Ann & Cat", 6)
    draft.bids.toggle_blind("Bob & Dan")
    draft.set_bid("Bob & Dan", 5)
    draft.tricks.set(draft.tricks.counted, 7)
    assert draft.missing() is None and draft.tricks.problem() is None
    res = session.record_hand(draft.to_hand())
    assert not res.ok and "minimum blind bid is 6" in res.message
    assert draft.status() == res.message  # the same words before Save, never "Ready to save"
    draft.set_bid("Bob & Dan", 6)
    assert draft.status() == "Ready to save"
    edit, _ = session.draft_for(1)  # an edit is checked as the hand it is (no blind then)
    assert edit.status() == "Ready to save"
    edit.bids.toggle_blind("Bob & Dan")
    assert "blind" in edit.status() and edit.status() != "Ready to save"
