"""`scorekeeper edit ID DEAL HAND [--later end|keep]`, `undo ID`, `redo ID`: correcting a saved
game from the command line, with the same ways out as the app when the edit ends the game sooner."""
from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main
from scorekeeper.storage import Repository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
AC, BD = "Ann & Cat", "Bob & Dan"
SET = {"bids": {"Ann": 3, "Cat": 2, "Bob": 2, "Dan": 2}, "tricks": {AC: 4, BD: 9}}
MADE = {"bids": {"Ann": 3, "Cat": 3, "Bob": 2, "Dan": 2}, "tricks": {AC: 6, BD: 7}}
FIXED = json.dumps({"bids": {"Ann": 3, "Cat": 2, "Bob": 2, "Dan": 2}, "tricks": {AC: 5, BD: 8}})


@pytest.fixture
def game(tmp_path):
    data = tmp_path / "data"
    repo = Repository(data)
    gid = repo.create_game({"preset": "standard", "options": {"win_score": 300}}, PLAYERS)
    for hand in [SET] + [MADE] * 6:
        repo.record_hand(gid, hand)
    return str(data), gid, repo


def test_an_edit_that_moves_the_end_asks_for_a_way_and_changes_nothing(game, capsys):
    data, gid, repo = game
    assert main(["edit", gid, "1", FIXED, "--data", data]) == 2
    err = capsys.readouterr().err
    assert err.startswith("scorekeeper edit: With this change Ann & Cat reached 350 after hand 6: the game ended")
    assert "--later end (End the game after hand 6" in err and "--later keep (Keep hand 7" in err
    assert len(repo.exchange.export_game(gid)["hands"]) == 7


def test_end_then_undo_then_redo(game, capsys):
    data, gid, repo = game
    assert main(["edit", gid, "1", FIXED, "--later", "end", "--data", data]) == 0
    assert "Ann & Cat reached 350" in capsys.readouterr().out
    assert len(repo.exchange.export_game(gid)["hands"]) == 6
    assert main(["undo", gid, "--data", data]) == 0
    assert capsys.readouterr().out.startswith("Edit of hand 1 taken back from the command line")
    assert len(repo.exchange.export_game(gid)["hands"]) == 7
    assert main(["redo", gid, "--data", data]) == 0
    assert len(repo.exchange.export_game(gid)["hands"]) == 6
    assert main(["redo", gid, "--data", data]) == 2
    assert "there is nothing to redo" in capsys.readouterr().err


def test_keep(game, capsys):
    data, gid, repo = game
    assert main(["edit", gid, "1", FIXED, "--later", "keep", "--data", data]) == 0
    assert "Keep hand 7: the table played on" in capsys.readouterr().out
    assert repo.exchange.export_game(gid)["hands"][5]["played_on"] is True


@pytest.mark.parametrize("args, said", [
    (["1", "nope"], "HAND is not JSON"),
    (["1", "[1]"], "HAND must be a JSON object"),
    (["9", FIXED], "has 7 deals, so there is no deal 9"),
    (["2", '{"bids": {}}'], 'hand not changed: hand 2: the hand has no "tricks"'),
])
def test_bad_input_is_one_sentence(game, capsys, args, said):
    data, gid, _ = game
    assert main(["edit", gid, *args, "--data", data]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err and err.count("\n") == 1
