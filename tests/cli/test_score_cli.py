"""`scorekeeper score` and `scorekeeper rules`, run as a user runs them."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True,
                          input=stdin, cwd=ROOT, timeout=60)


def test_a_good_record_prints_the_sheet_with_totals():
    done = run("score", str(EXAMPLES / "standard-game.json"))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert "Us" in lines[0] and "Them" in lines[0]
    assert "misdeal" in done.stdout
    total = next(line for line in lines if line.strip().startswith("total"))
    assert total.split() == ["total", "|", "213", "3", "|", "163", "3"]


def test_a_bad_hand_exits_2_with_one_line_naming_the_hand():
    done = run("score", str(EXAMPLES / "bad-hand.json"))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == "scorekeeper: hand 3: tricks add up to 12, the ihop rules deal 13"
    assert "Traceback" not in done.stderr


def test_json_output_has_exactly_the_documented_shape(capsys):
    assert main(["score", str(EXAMPLES / "standard-game.json"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["sides", "hands", "scores", "bags", "status", "winner", "reason"]
    assert out["sides"] == ["Us", "Them"]
    hand = out["hands"][0]
    assert list(hand) == ["number", "deal", "dealer", "misdeal", "sides"]
    assert list(hand["sides"]["Us"]) == ["points", "score", "bags", "lines"]
    assert hand["sides"]["Us"]["points"] == sum(line["points"] for line in hand["sides"]["Us"]["lines"])
    assert out["scores"] == {"Us": 213, "Them": 163}
    assert out["bags"] == {"Us": 3, "Them": 3}
    assert (out["status"], out["winner"], out["reason"]) == ("in_progress", None, None)
    assert out["hands"][3]["misdeal"] is True


def test_rescoring_under_other_rules_settles_what_if(capsys):
    # Hand 5: Bob's failed nil trick is a bag under standard rules, but helps Dan under IHOP rules.
    assert main(["score", str(EXAMPLES / "standard-game.json"), "--json", "--rules", "ihop"]) == 0
    ihop = json.loads(capsys.readouterr().out)
    assert main(["score", str(EXAMPLES / "standard-game.json"), "--json"]) == 0
    standard = json.loads(capsys.readouterr().out)
    assert standard["hands"][4]["sides"]["Them"]["points"] == -59
    assert ihop["hands"][4]["sides"]["Them"]["points"] == -59  # 40 + 1 overtrick - 100
    assert main(["score", str(EXAMPLES / "standard-game.json"), "--json", "--option", "win_score=200"]) == 0
    short = json.loads(capsys.readouterr().out)
    assert short["status"] == "finished" and short["winner"] == "Them" and short["reason"] == "Them reached 222"


@pytest.mark.parametrize("content, message", [
    ("not json at all", "game.json: not JSON (Expecting value at line 1 column 1)"),
    ("[1, 2]", "a game record must be a JSON object"),
    ('{"format": "spades-game/9"}', "unknown format 'spades-game/9'"),
    ('{"format": "spades-game/1", "rules": "poker", "players": []}', "unknown rules 'poker'"),
    ('{"format": "spades-game/1", "rules": "ihop", "players": "Ann"}', '"players" must be a list of names'),
    ('{"format": "spades-game/1", "rules": "ihop", "players": ["A", "B", "C", "D"], '
     '"hands": [{"bids": {"A & C": 5, "B & D": 4}, "tricks": {"A & C": 7, "Zed": 6}}]}',
     "hand 1: the tricks name 'Zed'"),
    ('{"format": "spades-game/1", "rules": "ihop", "players": ["A", "B", "C", "D"], '
     '"hands": [{"bids": {"A & C": 5, "B & D": 4}, "tricks": {"A & C": 14, "B & D": 0}}]}',
     "hand 1: tricks add up to 14, the ihop rules deal 13"),
    ('{"format": "spades-game/1", "rules": "ihop", "players": ["A", "B", "C", "D"], '
     '"hands": [{"bids": {"A & C": "5", "B & D": 4}, "tricks": {"A & C": 7, "B & D": 6}}]}',
     "hand 1: \"bids\" of A & C: '5' is not a number of tricks"),
], ids=["not-json", "not-an-object", "unknown-format", "unknown-preset", "players-wrong-type", "unknown-name",
        "too-many-tricks", "bid-wrong-type"])
def test_bad_files_exit_2_with_one_line(tmp_path, content, message):
    path = tmp_path / "game.json"
    path.write_text(content)
    done = run("score", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert message in done.stderr, done.stderr


def test_a_hand_after_the_game_ended_is_refused(tmp_path):
    record = json.loads((EXAMPLES / "standard-game.json").read_text())
    record["rules"] = {"preset": "standard", "options": {"win_score": 200}}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    done = run("score", str(path))
    assert done.returncode == 2
    assert done.stderr.startswith("scorekeeper: hand 4: the game was over after hand 3 (Them reached 222)")


def test_missing_file_and_bad_option_are_one_line_errors(tmp_path):
    done = run("score", str(tmp_path / "nope.json"))
    assert (done.returncode, done.stderr.strip()) == (2, f"scorekeeper: {tmp_path / 'nope.json'}: no such file")
    done = run("score", str(EXAMPLES / "standard-game.json"), "--option", "bags")
    assert done.returncode == 2 and "KEY=VALUE" in done.stderr
    done = run("score", str(EXAMPLES / "standard-game.json"), "--rules", "ihop-3")
    assert done.returncode == 2 and "the ihop-3 rules are for 3 players" in done.stderr


def test_rules_prints_each_preset_in_plain_words(capsys):
    assert main(["rules"]) == 0
    listing = capsys.readouterr().out
    for name in ("ihop", "ihop-3", "ihop-6", "standard"):
        assert f"  {name} " in listing
    assert main(["rules", "ihop", "--options"]) == 0
    text = capsys.readouterr().out
    assert "Wheels" in text and "Boston" in text and "blind" in text.lower()
    assert "win_score = 500" in text
    done = run("rules", "bridge")
    assert done.returncode == 2
    assert "unknown rules 'bridge'; the presets are: standard, ihop, ihop-3, ihop-6, solo" in done.stderr


def test_version_says_which_copy_runs():
    import scorekeeper
    done = run("--version")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == (f"scorekeeper {scorekeeper.__version__} ({ROOT / 'scorekeeper'}, "
                           f"Python {sys.version.split()[0]})\n")


def test_a_broken_storage_command_module_fails_loudly_instead_of_vanishing():
    # Before: an ImportError of cli/games.py was swallowed and `games`, `export`, `import` disappeared.
    code = ("import sys; sys.modules['scorekeeper.storage'] = None  # what cli/games.py imports\n"
            "from scorekeeper.cli import main")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 1
    assert "cli/games.py" in done.stderr
    assert done.stderr.splitlines()[-1] == ("ModuleNotFoundError: import of scorekeeper.storage halted; "
                                            "None in sys.modules")


def test_in_progress_counts_scored_hands_and_names_misdeals_apart():
    done = run("score", str(EXAMPLES / "standard-game.json"))
    assert done.stdout.splitlines()[-1] == "In progress after 4 hands, 1 misdeal; rules: standard"
    assert "(s)" not in done.stdout


def test_rescoring_that_ends_the_game_early_counts_the_later_hands_in_words(tmp_path):
    done = run("score", str(EXAMPLES / "standard-game.json"), "--option", "win_score=200")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == ("Under these rules the game ends after hand 3; "
                                            "the 2 later hands are not scored.")
