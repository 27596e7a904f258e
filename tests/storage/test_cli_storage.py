"""`scorekeeper games`, `export ID [--csv] [--out FILE]`, `import FILE`, each with --data."""
from __future__ import annotations

import csv
import io
import json

import pytest

from scorekeeper.cli.games import main
from scorekeeper.storage import Repository

from .conftest import PLAYERS, hand, rules


@pytest.fixture
def data(tmp_path):
    return tmp_path / "data"


def _one_game(data, hands=2):
    repo = Repository(data)
    game_id = repo.create_game(rules(), PLAYERS)
    for _ in range(hands):
        repo.record_hand(game_id, hand())
    return game_id


def _one_error_line(capsys, code):
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err.strip()


def test_games_on_an_empty_folder(data, capsys):
    assert main(["games", "--data", str(data)]) == 0
    assert capsys.readouterr().out == f"No games saved in {data}.\n"


def test_games_lists_id_status_rules_hands_and_scores(data, capsys):
    game_id = _one_game(data)
    assert main(["games", "--data", str(data)]) == 0
    header, line = capsys.readouterr().out.splitlines()
    assert header.split()[:3] == ["ID", "STATUS", "RULES"]
    assert line.startswith(game_id) and "in progress" in line and "standard" in line and "2 hands" in line
    assert "Ann & Cat 80" in line and "Bob & Dan 180" in line


def test_games_takes_the_folder_from_the_environment(data, capsys, monkeypatch):
    game_id = _one_game(data)
    monkeypatch.setenv("SCOREKEEPER_DATA", str(data))
    assert main(["games"]) == 0
    assert game_id in capsys.readouterr().out


def test_games_trash(data, capsys):
    game_id = _one_game(data)
    Repository(data).trash.delete(game_id)
    main(["games", "--data", str(data)])
    assert "No games saved" in capsys.readouterr().out
    main(["games", "--trash", "--data", str(data)])
    assert game_id in capsys.readouterr().out


def test_export_prints_the_record_and_import_reads_it_back(data, tmp_path, capsys):
    game_id = _one_game(data)
    assert main(["export", game_id, "--data", str(data)]) == 0
    exported = capsys.readouterr().out
    record = json.loads(exported)
    assert record == Repository(data).exchange.export_game(game_id)
    path = tmp_path / "game.json"
    path.write_text(exported)
    other = tmp_path / "other"
    assert main(["import", str(path), "--data", str(other)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"imported {path} as game ") and "Ann & Cat vs Bob & Dan, in progress" in out
    [imported] = Repository(other).list_games()
    assert Repository(other).exchange.export_game(imported.id) == record


def test_importing_the_same_record_twice_names_the_saved_game_unless_copy_is_asked(data, tmp_path, capsys):
    game_id = _one_game(data)
    path = tmp_path / "game.json"
    assert main(["export", game_id, "--out", str(path), "--data", str(data)]) == 0
    capsys.readouterr()
    line = _one_error_line(capsys, main(["import", str(path), "--data", str(data)]))
    assert line == (f"scorekeeper import: {path}: this record is already saved as game {game_id} "
                    f"(Ann & Cat vs Bob & Dan, in progress, 2 hands); nothing was added "
                    f"(--copy imports it as another game)")
    assert [s.id for s in Repository(data).list_games()] == [game_id]
    assert main(["import", str(path), "--copy", "--data", str(data)]) == 0
    assert capsys.readouterr().out.startswith(f"imported {path} as game ")
    assert len(Repository(data).list_games()) == 2


def test_export_csv_to_a_file(data, tmp_path, capsys):
    game_id = _one_game(data, hands=3)
    target = tmp_path / "sheet.csv"
    assert main(["export", game_id, "--csv", "--out", str(target), "--data", str(data)]) == 0
    out, err = capsys.readouterr()
    assert out == "" and str(target) in err
    rows = list(csv.DictReader(io.StringIO(target.read_text())))
    assert len(rows) == 6 and rows[-1]["score"] == "270"


def test_export_of_an_unknown_game_is_one_line_exit_2(data, capsys):
    _one_game(data)
    code = main(["export", "nosuchid", "--data", str(data)])
    assert "no game nosuchid" in _one_error_line(capsys, code)


def test_import_of_a_file_that_is_not_json(data, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope")
    line = _one_error_line(capsys, main(["import", str(bad), "--data", str(data)]))
    assert line.startswith(f"scorekeeper import: {bad}: not JSON (Expecting property name")


def test_import_of_a_record_that_breaks_a_rule_names_file_and_hand(data, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "spades-game/1", "rules": "standard", "players": PLAYERS,
                               "hands": [hand(), hand(us_tricks=20)]}))
    line = _one_error_line(capsys, main(["import", str(bad), "--data", str(data)]))
    assert f"{bad}: hand 2:" in line
    assert Repository(data).list_games() == []


def test_import_of_a_missing_file(data, tmp_path, capsys):
    line = _one_error_line(capsys, main(["import", str(tmp_path / "none.json"), "--data", str(data)]))
    assert line == f"scorekeeper import: {tmp_path / 'none.json'}: no such file"


def test_a_damaged_index_is_reported_on_stderr_and_the_command_works(data, capsys):
    game_id = _one_game(data)
    Repository(data).list_games()
    (data / "index.json").write_text("broken")
    assert main(["games", "--data", str(data)]) == 0
    out, err = capsys.readouterr()
    assert game_id in out
    assert err.startswith("note: ") and "index.json.damaged-" in err


def test_a_newer_data_folder_is_refused_in_one_line(data, capsys):
    _one_game(data)
    Repository(data).list_games()
    index = json.loads((data / "index.json").read_text())
    index["meta"]["1"]["schema"] = 99
    (data / "index.json").write_text(json.dumps(index))
    line = _one_error_line(capsys, main(["games", "--data", str(data)]))
    assert "newer version of scorekeeper" in line


@pytest.mark.parametrize("command", [["games"], ["games", "--trash"], ["export", "abc123"],
                                     ["export", "abc123", "--csv"]], ids=" ".join)
def test_listing_or_exporting_from_a_new_folder_creates_nothing(tmp_path, capsys, command):
    data = tmp_path / "new" / "data"
    code = main([*command, "--data", str(data)])
    out, err = capsys.readouterr()
    if command[0] == "games":
        where = "in the trash" if "--trash" in command else "saved"
        assert (code, out, err) == (0, f"No games {where} in {data}.\n", "")
    else:
        assert (code, out) == (2, "")
        assert err == f"scorekeeper export: there is no game abc123 in {data}\n"
    assert list(tmp_path.iterdir()) == [], "no folder, lock file or index just to say there is nothing"


def test_listing_a_folder_that_holds_something_else_leaves_it_as_it_was(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("not a game")
    assert main(["games", "--data", str(tmp_path)]) == 0
    assert capsys.readouterr().out == f"No games saved in {tmp_path}.\n"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
