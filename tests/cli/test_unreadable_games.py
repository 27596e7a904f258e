"""`scorekeeper games` over a folder holding a game from a later release: exit 0, every game listed,
the unreadable one named with its reason and the way out; `export ID` writes its raw record."""
from __future__ import annotations

import json

from scorekeeper.cli import main
from tests.compat.later_release import UNKNOWN_OPTION, later_release_folder


def test_games_lists_every_game_and_names_the_unreadable_one(tmp_path, capsys):
    data = tmp_path / "data"
    ids = later_release_folder(data)
    assert main(["games", "--data", str(data)]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    for game_id in ids["readable"]:
        assert any(line.startswith(game_id) and "in progress" in line for line in lines), game_id
    for game_id, title in ((ids["later"], "North vs South"), (ids["same_stamp"], "East vs West")):
        row = next(line for line in lines if line.startswith(f"{game_id} "))
        assert "can't open" in row and row.endswith(title)
        note = next(line for line in lines if line.startswith(f"{game_id}:"))
        assert note.startswith(f"{game_id}: Can't open with this version: unknown rule option "
                               f"{UNKNOWN_OPTION!r}. {title} (Lou, Max, Ned, Ola).")
        assert f"scorekeeper export {game_id}" in note and "trash" in note
    assert "Traceback" not in err


def test_export_writes_the_raw_record_of_an_unreadable_game_with_a_note(tmp_path, capsys):
    data = tmp_path / "data"
    ids = later_release_folder(data)
    out_file = tmp_path / "later.json"
    assert main(["export", ids["later"], "--data", str(data), "--out", str(out_file)]) == 0
    record = json.loads(out_file.read_text())
    assert record["rules"]["options"] == {UNKNOWN_OPTION: True}
    _, err = capsys.readouterr()
    assert f"game {ids['later']} can't be opened with this version (unknown rule option {UNKNOWN_OPTION!r})" in err
    assert "raw record" in err


def test_score_and_import_of_a_later_release_record_refuse_it_in_one_line(tmp_path, capsys):
    data = tmp_path / "data"
    ids = later_release_folder(data)
    main(["export", ids["later"], "--data", str(data), "--out", str(tmp_path / "later.json")])
    capsys.readouterr()
    assert main(["import", str(tmp_path / "later.json"), "--data", str(data)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and f"unknown rule option {UNKNOWN_OPTION!r}" in err
