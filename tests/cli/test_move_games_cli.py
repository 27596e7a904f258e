"""Moving every game to another computer (issue 23): `export --all` writes one file, a JSON list of
spades-game/1 records; `import` of that file adds each game, names the ones saved already (nothing
added twice) and the ones the engine refuses, on one line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from scorekeeper.engine import load_game, score_game
from scorekeeper.storage import Repository

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HAND = {"bids": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 2}, "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def two_games(data: Path) -> list[str]:
    repo = Repository(data)
    one = repo.create_game("standard", PLAYERS)
    repo.record_hand(one, HAND)
    two = repo.create_game("ihop", ["Eve", "Fay", "Gus", "Hal"])
    return [one, two]


def test_every_game_goes_out_as_one_file_and_comes_in_once(tmp_path):
    here, there = tmp_path / "here", tmp_path / "there"
    two_games(here)
    out = tmp_path / "all.json"
    done = run("export", "--all", "--data", str(here), "--out", str(out))
    assert done.returncode == 0, done.stderr
    records = json.loads(out.read_text())
    assert [r["players"] for r in records] == [["Eve", "Fay", "Gus", "Hal"], PLAYERS]  # the list's order
    assert records == Repository(here).exchange.export_games()

    done = run("import", str(out), "--data", str(there))
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 2 and done.stderr == ""
    moved = {tuple(load_game(r).players): score_game(load_game(r)).scores for r in Repository(there).exchange.export_games()}
    assert moved == {tuple(load_game(r).players): score_game(load_game(r)).scores for r in records}

    again = run("import", str(out), "--data", str(there))  # the same file again: nothing added twice
    assert again.returncode == 2 and again.stdout == ""
    assert len(again.stderr.splitlines()) == 1, again.stderr
    assert "2 of 2 games not imported" in again.stderr and "already saved as game" in again.stderr
    assert len(Repository(there).list_games()) == 2


def test_a_file_of_games_with_a_bad_one_adds_the_others_and_names_it(tmp_path):
    here = tmp_path / "here"
    two_games(here)
    records = Repository(here).exchange.export_games()
    records[1]["hands"] = [{**HAND, "tricks": {"Ann & Cat": 7, "Bob & Dan": 5}}]
    path = tmp_path / "some.json"
    path.write_text(json.dumps(records))
    done = run("import", str(path), "--data", str(tmp_path / "there"))
    assert done.returncode == 2
    assert done.stdout.count("imported") == 1
    assert len(done.stderr.splitlines()) == 1 and "game 2: hand 1: tricks add up to 12" in done.stderr, done.stderr


def test_export_wants_one_id_or_all(tmp_path):
    done = run("export", "--data", str(tmp_path / "none"))
    assert done.returncode == 2 and done.stderr.strip() == "scorekeeper export: name one game's ID, or --all for every game"


def test_a_file_of_games_longer_than_one_record_imports_within_its_own_limits(tmp_path):
    here = tmp_path / "here"
    two_games(here)
    records = Repository(here).exchange.export_games()
    long, too_many = tmp_path / "long.json", tmp_path / "many.json"
    long.write_text(json.dumps(records) + " " * 1_200_000)
    too_many.write_text(json.dumps(records * 501))
    done = run("import", str(long), "--data", str(tmp_path / "there"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("imported") == 2
    done = run("import", str(too_many), "--data", str(tmp_path / "there"))
    assert done.returncode == 2
    assert done.stderr.strip().endswith("the file has 1,002 games; a file of several games may have at most 1,000")
    assert len(done.stderr.splitlines()) == 1
