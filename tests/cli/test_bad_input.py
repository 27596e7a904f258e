"""Every bad input to `score` and `import`: one line on stderr naming what is wrong, exit 2, nothing
on stdout, and nothing written to the data folder."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.engine import MAX_NAME_LENGTH

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True,
                          input=stdin, cwd=ROOT, timeout=60)
    done.stdout, done.stderr = done.stdout.decode(), done.stderr.decode()
    return done


def refused(command: str, path: Path, data: Path) -> str:
    """Run `command` on `path`; check the one-line refusal and that nothing was written; return the line."""
    args = ("score", str(path)) if command == "score" else ("import", str(path), "--data", str(data))
    done = run(*args)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr and "unexpected error" not in done.stderr
    assert not data.exists(), "a refused input must not create the data folder"
    return done.stderr.strip()


def record(**fields) -> dict:
    return {"format": "spades-game/1", "rules": "standard", "players": PLAYERS, "hands": [], **fields}


COMMANDS = pytest.mark.parametrize("command", ["score", "import"])


@COMMANDS
def test_a_program_is_not_a_text_file(tmp_path, command):
    program = tmp_path / "python-binary"
    program.write_bytes(Path(sys.executable).resolve().read_bytes()[:65536])
    line = refused(command, program, tmp_path / "data")
    assert f"{program}: not a text file (a game record is JSON)" in line


@COMMANDS
@pytest.mark.parametrize("brackets", ["[" * 100_000, "[" * 100_000 + "]" * 100_000, '{"a":' * 100_000],
                         ids=["open", "closed", "objects"])
def test_a_hundred_thousand_nested_brackets_are_not_a_game_record(tmp_path, command, brackets):
    path = tmp_path / "deep.json"
    path.write_text(brackets)
    line = refused(command, path, tmp_path / "data")
    assert f"{path}: not a game record" in line


@COMMANDS
def test_a_record_nested_deeper_than_any_game_record_is_refused_before_the_engine(tmp_path, command):
    deep: list = []
    for _ in range(300):  # Python reads this, but writing it back would recurse 300 levels
        deep = [deep]
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(record(notes=deep)))
    line = refused(command, path, tmp_path / "data")
    assert f"{path}: not a game record (its JSON is nested 302 levels deep" in line


@COMMANDS
@pytest.mark.parametrize("where", ["players", "team_names"])
def test_a_name_of_a_hundred_thousand_characters_is_refused_in_one_line(tmp_path, command, where):
    long_name = "Q" * 100_000
    fields = {"players": [long_name, *PLAYERS[1:]]} if where == "players" else \
        {"team_names": ["Us", long_name]}
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record(**fields)))
    line = refused(command, path, tmp_path / "data")
    assert f'"{where}" has a name of 100000 characters' in line
    assert f"at most {MAX_NAME_LENGTH}" in line
    assert len(line) < 300, "the message quotes a little of the name, not all of it"


@COMMANDS
def test_a_line_break_in_a_refused_name_stays_on_the_one_line(tmp_path, command):
    path = tmp_path / "newline.json"
    path.write_text(json.dumps(record(players=["Ann\nBob" + "x" * MAX_NAME_LENGTH, "Bob", "Cat", "Dan"])))
    line = refused(command, path, tmp_path / "data")
    assert "Ann\\nBob" in line and f"at most {MAX_NAME_LENGTH}" in line


def test_a_name_of_the_longest_allowed_length_is_imported(tmp_path):
    name = "N" * MAX_NAME_LENGTH
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(record(players=[name, "Bob", "Cat", "Dan"])))
    done = run("import", str(path), "--data", str(tmp_path / "data"))
    assert done.returncode == 0, done.stderr
    assert f"{name} & Cat vs Bob & Dan" in done.stdout


def test_score_reads_standard_input_with_the_same_checks():
    done = run("score", "-", stdin=b"\xff\xfe\x00binary")
    assert (done.returncode, done.stderr.strip()) == (
        2, "scorekeeper: standard input: not a text file (a game record is JSON)")
    done = run("score", "-", stdin=b"[" * 100_000)
    assert done.returncode == 2 and "standard input: not a game record" in done.stderr


def test_import_of_json_that_is_not_a_record_names_the_file(tmp_path):
    path = tmp_path / "list.json"
    path.write_text("[1, 2]")
    assert refused("import", path, tmp_path / "data") == \
        f"scorekeeper import: {path}: a game record must be a JSON object"
