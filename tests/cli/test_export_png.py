"""`scorekeeper export ID --png [--out FILE]`: the picture of a saved game's scoresheet."""
from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from scorekeeper.cli import main
from scorekeeper.engine import read_game
from scorekeeper.gui.models.sheet_picture import sheet_png
from scorekeeper.storage import Repository

RECORD = Path(__file__).resolve().parents[1] / "models" / "data" / "picture-game.json"


def saved_game(data: Path) -> str:
    assert main(["import", str(RECORD), "--data", str(data)]) == 0
    (summary,) = Repository(data).list_games()
    return summary.id


def test_the_picture_is_written_where_out_says(tmp_path, capsys):
    game_id = saved_game(tmp_path)
    capsys.readouterr()
    out = tmp_path / "sheet.png"
    assert main(["export", game_id, "--png", "--out", str(out), "--data", str(tmp_path)]) == 0
    assert capsys.readouterr().out == f"wrote the picture of game {game_id} to {out}\n"
    scored = read_game(RECORD.read_text())
    assert out.read_bytes() == sheet_png(scored.game, scored.sheet)  # the saved game's sheet, drawn
    assert Image.open(out).size[0] == 1080


def test_without_out_it_is_named_after_the_game_in_this_folder(tmp_path, capsys, monkeypatch):
    game_id = saved_game(tmp_path / "data")
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    assert main(["export", game_id, "--png", "--data", str(tmp_path / "data")]) == 0
    assert [p.name for p in here.iterdir()] == [f"spades-{game_id}.png"]
    assert f"to spades-{game_id}.png" in capsys.readouterr().out


def test_out_dash_writes_the_picture_to_standard_output(tmp_path, capfdbinary):
    game_id = saved_game(tmp_path)
    capfdbinary.readouterr()
    assert main(["export", game_id, "--png", "--out", "-", "--data", str(tmp_path)]) == 0
    picture = Image.open(io.BytesIO(capfdbinary.readouterr().out))
    assert picture.format == "PNG" and picture.size[0] == 1080


def test_an_unknown_id_is_one_line_and_no_file(tmp_path, capsys, monkeypatch):
    saved_game(tmp_path)
    capsys.readouterr()
    monkeypatch.chdir(tmp_path)
    assert main(["export", "nosuchid", "--png", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nosuchid" in err and "Traceback" not in err, err
    assert not list(tmp_path.glob("*.png"))


def test_a_folder_that_cannot_be_written_is_one_line(tmp_path, capsys):
    game_id = saved_game(tmp_path)
    capsys.readouterr()
    out = tmp_path / "no" / "such" / "folder" / "sheet.png"
    assert main(["export", game_id, "--png", "--out", str(out), "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(out) in err and "Traceback" not in err, err


def test_a_game_this_version_cannot_open_has_no_picture_and_says_why(tmp_path, capsys, monkeypatch):
    from tests.compat.later_release import UNKNOWN_OPTION, later_release_folder

    ids = later_release_folder(tmp_path / "data")
    monkeypatch.chdir(tmp_path)
    assert main(["export", ids["later"], "--png", "--data", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and UNKNOWN_OPTION in err and "Traceback" not in err, err
    assert not list(tmp_path.glob("*.png"))
