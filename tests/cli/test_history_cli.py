"""`scorekeeper history ID [--json]`: who changed a saved game, and what, one line per change."""
from __future__ import annotations

import json

from scorekeeper.cli import main
from scorekeeper.storage import Actor, Repository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
US, THEM = "Ann & Cat", "Bob & Dan"
HOST = Actor("this computer", "host")
BOB = Actor("Bob's phone", "viewer with the pen")


def _hand(us: int = 4) -> dict:
    return {"bids": {"Ann": 2, "Cat": 2, "Bob": 4, "Dan": 5}, "tricks": {US: us, THEM: 13 - us}}


def _game(data) -> str:
    repo = Repository(data)
    game_id = repo.create_game("standard", PLAYERS, by=HOST)
    repo.record_hand(game_id, _hand(), by=HOST)
    repo.record_misdeal(game_id, by=BOB)
    repo.record_hand(game_id, _hand(), by=BOB)
    repo.replace_hand(game_id, 3, _hand(6), by=BOB)
    repo.undo(game_id, by=HOST)
    repo.add_note(game_id, "pen-taken", by=HOST, **{"from": "Bob's phone"})
    return game_id


def test_history_prints_one_line_per_change_oldest_first(tmp_path, capsys):
    game_id = _game(tmp_path)
    assert main(["history", game_id, "--data", str(tmp_path)]) == 0
    lines = [line.split("  ", 1)[1] for line in capsys.readouterr().out.splitlines()]
    assert lines == [
        "Game started by this computer (host)",
        f"Hand 1 entered by this computer (host): bid Ann 2, Cat 2, Bob 4, Dan 5; tricks {US} 4, {THEM} 9",
        "Misdeal (deal 2) recorded by Bob's phone (viewer with the pen)",
        f"Hand 2 entered by Bob's phone (viewer with the pen): bid Ann 2, Cat 2, Bob 4, Dan 5; "
        f"tricks {US} 4, {THEM} 9",
        f"Hand 2 edited by Bob's phone (viewer with the pen): tricks {US} 4 -> 6; tricks {THEM} 9 -> 7",
        "Edit of hand 2 taken back by this computer (host)",
        "Pen taken back from Bob's phone by this computer (host)"]


def test_history_json_is_the_list_of_entries(tmp_path, capsys):
    game_id = _game(tmp_path)
    assert main(["history", game_id, "--json", "--data", str(tmp_path)]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert entries == Repository(tmp_path).history(game_id)
    edit = entries[4]
    assert {k: edit[k] for k in ("change", "device", "role", "deal", "number")} == {
        "change": "edited", "device": "Bob's phone", "role": "viewer with the pen", "deal": 3, "number": 2}
    assert edit["fields"][0] == {"field": "tricks", "key": US, "old": 4, "new": 6}


def test_an_import_from_the_command_line_says_so(tmp_path, capsys):
    record = tmp_path / "game.json"
    record.write_text(json.dumps({"format": "spades-game/1", "rules": "standard", "players": PLAYERS,
                                  "hands": [_hand()]}))
    assert main(["import", str(record), "--data", str(tmp_path / "d")]) == 0
    game_id = capsys.readouterr().out.split(" as game ")[1].split()[0]
    assert main(["history", game_id, "--data", str(tmp_path / "d")]) == 0
    assert capsys.readouterr().out.split("  ", 1)[1] == "Game imported from the command line\n"


def test_an_unknown_game_is_one_line_and_exit_2(tmp_path, capsys):
    _game(tmp_path)
    assert main(["history", "nosuchgame", "--data", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "nosuchgame" in err and "Traceback" not in err


def test_a_game_saved_before_histories_says_where_its_history_starts(tmp_path, capsys):
    repo = Repository(tmp_path)
    game_id = repo.create_game("standard", PLAYERS)
    path = repo.games_dir / f"{game_id}.json"
    data = json.loads(path.read_text())
    del data["game"]["1"]["history"]
    data["meta"]["1"]["schema"] = 1
    path.write_text(json.dumps(data))
    assert main(["history", game_id, "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("History kept from ") and out.endswith(": earlier changes were not recorded\n")


def test_a_change_of_rules_and_its_undo_in_words(tmp_path, capsys):
    repo = Repository(tmp_path)
    game_id = repo.create_game("standard", PLAYERS, by=HOST)
    repo.change_rules(game_id, {"preset": "standard", "options": {"win_score": 300, "blind_nil": True}}, by=HOST)
    repo.undo(game_id, by=BOB)
    assert main(["history", game_id, "--data", str(tmp_path)]) == 0
    lines = [line.split("  ", 1)[1] for line in capsys.readouterr().out.splitlines()]
    assert lines[1:] == [
        "House rules changed by this computer (host): Winning score 500 -> 300; Blind nil off -> on",
        "Change of house rules taken back by Bob's phone (viewer with the pen)"]
