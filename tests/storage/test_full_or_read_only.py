"""A full disk and a read-only data folder (issue 25, point 5): reading never needs writing.  Every game
is listed, opened, exported and shown, by the command line and by the app's session; a change is
refused with one sentence that says why saving fails and what to do, and nothing saved changes.

The disk is a small tmpfs made for the test (filled to its last byte, or mounted again read-only);
a folder read-only for an unprivileged user is checked by running the command line as ``nobody``.
The games list is stale when the fault comes (a hand was saved after it was last written): listing
must not need to write it.
"""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from scorekeeper.gui.models import Role, Session, SharedRepository
from scorekeeper.storage import Repository, StorageError
from tests import faults

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HAND = {"bids": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 3}, "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}
RECORD = {"format": "spades-game/1", "rules": "standard", "players": ["Eve", "Fay", "Gus", "Hal"], "hands": []}
#: what the refusal says, by fault: why saving fails (and `WHAT_TO_DO`: what to do)
WHY = {"full": "is full", "read-only": "read-only"}
WHAT_TO_DO = {"full": "free some space", "read-only": "--data"}


def seed(data: Path) -> dict[str, str]:
    """Three games (one finished), listed once, then a hand saved: the games list is stale."""
    repo = Repository(data)
    games = {"playing": repo.create_game("standard", PLAYERS),
             "finished": repo.create_game({"preset": "standard", "options": {"win_score": 100}}, PLAYERS),
             "new": repo.create_game("ihop", ["Ivy", "Jon", "Kim", "Lou"])}
    repo.record_hand(games["finished"], HAND)
    repo.record_hand(games["finished"], HAND)
    repo.record_hand(games["playing"], HAND)
    assert len(repo.list_games()) == 3
    repo.record_hand(games["playing"], HAND)  # after the list was written: listing refreshes it
    return games


def snapshot(data: Path) -> dict[str, str]:
    return {str(p.relative_to(data)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(data.rglob("*")) if p.is_file() and p.name != ".lock"}


@pytest.fixture(params=["full", "read-only"])
def faulty(request):
    """(the fault, the data folder on a disk that has it, the games)."""
    with faults.tmpfs("2m") as disk:
        games = seed(disk / "data")
        if request.param == "full":
            faults.fill(disk)
        else:
            faults.read_only(disk)
        yield request.param, disk / "data", games


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def reads_everything(run, data: Path, games: dict[str, str]) -> None:
    """`games`, `stats`, `export` (JSON and CSV) and `history` answer as on a healthy disk."""
    done = run("games", "--data", str(data))
    assert done.returncode == 0, done.stderr
    for game_id in games.values():
        assert game_id in done.stdout, f"game {game_id} is not listed: {done.stdout}"
    done = run("stats", "--data", str(data))
    assert done.returncode == 0 and "Ann" in done.stdout, (done.stdout, done.stderr)
    for game_id in games.values():
        done = run("export", game_id, "--data", str(data))
        assert done.returncode == 0 and json.loads(done.stdout)["format"] == "spades-game/1", done.stderr
        done = run("export", game_id, "--csv", "--data", str(data))
        assert done.returncode == 0, done.stderr
        done = run("history", game_id, "--data", str(data))
        assert done.returncode == 0 and "Game started" in done.stdout, (done.stdout, done.stderr)


def test_the_command_line_reads_every_game_and_refuses_a_change_in_one_sentence(faulty, tmp_path):
    fault, data, games = faulty
    before = snapshot(data)
    reads_everything(cli, data, games)
    record = tmp_path / "record.json"
    record.write_text(json.dumps(RECORD))
    done = cli("import", str(record), "--data", str(data))
    assert done.returncode == 2 and done.stdout == "", done.stdout
    said = done.stderr.strip()
    assert len(said.splitlines()) == 1 and "Traceback" not in said, said
    assert WHY[fault] in said and WHAT_TO_DO[fault] in said and str(data) in said, said
    assert snapshot(data) == before


def test_the_storage_refuses_a_save_with_the_sentence_and_keeps_the_game(faulty):
    fault, data, games = faulty
    repo = Repository(data)
    version = repo.get(games["playing"]).version
    with pytest.raises(StorageError) as refused:
        repo.record_hand(games["playing"], HAND)
    said = str(refused.value)
    assert WHY[fault] in said and WHAT_TO_DO[fault] in said, said
    assert repo.get(games["playing"]).version == version
    assert {s.id for s in repo.list_games()} == set(games.values())
    assert repo.read_only() is not None and WHY[fault] in repo.read_only()


def test_the_apps_session_lists_opens_and_exports_and_a_save_says_why_it_failed(faulty):
    fault, data, games = faulty
    shared = SharedRepository(data)
    assert shared.problem is None, shared.problem
    host = Session(shared, role=Role.HOST)
    assert {s.id for s in host.games.list_games()} == set(games.values())
    why = host.games.read_only()
    assert why is not None and WHY[fault] in why and WHAT_TO_DO[fault] in why, why
    assert len(why.split(". ")) <= 3 and "\n" not in why, "one sentence (or two short ones)"
    for game_id in games.values():
        assert host.open(game_id), game_id
        res, text = host.games.export_record(game_id)
        assert res and json.loads(text)["format"] == "spades-game/1"
    host.open(games["playing"])
    hands = len(host.game.hands)
    res = host.record_hand(HAND)
    assert not res and WHY[fault] in res.message and WHAT_TO_DO[fault] in res.message, res.message
    assert "Errno" not in res.message and ".tmp" not in res.message, res.message
    assert len(host.game.hands) == hands


def test_a_folder_read_only_for_an_unprivileged_user(tmp_path):
    """The same folder on an ordinary disk, its files root's, read by the user nobody."""
    why_not = faults.nobody_can_run_python()
    if why_not is not None:
        pytest.skip(f"the check runs as the user nobody, and {why_not}; the read-only tmpfs above checks the same")
    base = Path(tempfile.mkdtemp(prefix="scorekeeper-ro-"))
    try:
        games = seed(base / "data")
        faults.open_to_all_but_writing(base)
        before = snapshot(base / "data")
        reads_everything(lambda *args: faults.run_as_nobody(list(args)), base / "data", games)
        record = base / "record.json"
        record.write_text(json.dumps(RECORD))
        record.chmod(0o644)
        done = faults.run_as_nobody(["import", str(record), "--data", str(base / "data")])
        assert done.returncode == 2 and "read-only" in done.stderr and "--data" in done.stderr, done.stderr
        assert snapshot(base / "data") == before
    finally:
        subprocess.run(["rm", "-rf", str(base)], check=False)
