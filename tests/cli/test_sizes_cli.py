"""Tables of every size on the command line: `rules` for two, cutthroat, five and suicide, the examples
scored, and a record whose table does not fit the rules refused in one line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
TWO = EXAMPLES / "two-players.json"
FIVE = EXAMPLES / "five-players.json"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def write(tmp_path: Path, record: dict, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def test_rules_lists_the_new_presets_in_the_apps_words(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for name, words in (("two", "Two-handed Spades, each for themselves"),
                        ("cutthroat", "Cutthroat Spades, 4 players each for themselves"),
                        ("five", "Five-player Spades, each for themselves")):
        line = next(line for line in out.splitlines() if line.strip().startswith(name + " "))
        assert words in line


@pytest.mark.parametrize("preset, says", [
    ("two", ["2 players, each for themselves; 13 tricks a hand", "the player who did not deal bids first and leads",
             "Tricks a failed nil bidder takes are bags."]),
    ("cutthroat", ["4 players, each for themselves (no partners); 13 tricks a hand", "Each overtrick is a bag worth 1",
                   "Each player bids 1 to 13 tricks or nil."]),
    ("five", ["5 players, each for themselves (no partners); 10 tricks a hand",
              "the 2 of clubs and the 2 of diamonds are taken out", "Each player bids 1 to 10 tricks or nil."]),
])
def test_rules_name_prints_the_table_in_plain_words(preset, says, capsys):
    assert main(["rules", preset, "--options"]) == 0
    out = capsys.readouterr().out
    for words in says:
        assert words in out, words
    assert "  lone_nil_tricks_are_bags = true\n" in out and "  suicide = false\n" in out
    assert "beat the highest card" not in out


def test_rules_with_suicide_says_it_and_a_table_alone_refuses_it(capsys):
    assert main(["rules", "ihop", "--option", "suicide=true"]) == 0
    assert "Suicide: in every hand one partner of each side bids nil" in capsys.readouterr().out
    done = run("rules", "five", "--option", "suicide=true")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == ("scorekeeper: rule option 'suicide' needs partners; in the five game every "
                                   "player is a side")


def test_the_rule_of_a_failed_nil_alone_is_explained_with_its_options(capsys):
    assert main(["rules", "two", "--rule", "failed-nil-bags"]) == 0
    out = capsys.readouterr().out
    assert "Each trick a player who bid nil takes is a bag" in out
    assert "lone_nil_tricks_are_bags = true" in out and "nil_tricks_count_for_partner" not in out
    assert main(["rules", "five", "--keys"]) == 0
    keys = {line.split()[0]: " ".join(line.split()[1:]) for line in capsys.readouterr().out.splitlines()[1:]}
    assert keys["failed-nil-bags"] == "A failed nil's tricks are bags"
    assert keys["overtrick-cost"] == "Overtricks cost points (not in play)"
    assert keys["double-nil-made"].endswith("(not in play)")


def test_the_two_player_example_scores_as_rules_md_works_it(capsys):
    assert main(["score", str(TWO), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["sides"] == ["Ann", "Bob"]
    assert (out["scores"], out["bags"]) == ({"Ann": -7, "Bob": 31}, {"Ann": 3, "Bob": 1})
    done = run("score", str(TWO), "--explain")
    assert done.returncode == 0, done.stderr
    assert "Ann: +2  Ann's 2 tricks as a failed nil bidder are bags  [failed-nil-bags]" in done.stdout
    assert done.stdout.splitlines()[-1] == "In progress after 4 hands; rules: two"


def test_the_five_player_example_scores_ten_tricks_a_hand(capsys):
    assert main(["score", str(FIVE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["sides"] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert [h["dealer"] for h in out["hands"]] == ["Eve", "Ann", "Bob"]
    assert [h["number"] for h in out["hands"]] == [1, None, 2]
    assert out["scores"] == {"Ann": 11, "Bob": 50, "Cat": 120, "Dan": -79, "Eve": 50}


def test_the_other_ways_of_a_two_player_hand(capsys):
    assert main(["score", str(TWO), "--other-ways", "4:failed-nil-bags", "--json"]) == 0
    ways = json.loads(capsys.readouterr().out)
    found = {(w["option"], json.dumps(w["value"])): w for w in ways["ways"]}
    void = found[("lone_nil_tricks_are_bags", "false")]
    assert void["possible"] and void["sides"]["Ann"] == {"points": -100, "score": -9,
                                                          "sheet": {"points": -98, "score": -7}}


@pytest.mark.parametrize("args, said", [
    pytest.param(("--rules", "five"), "scorekeeper: the five rules are for 5 players; this game has 2",
                 id="two-players-rescored-as-five"),
    pytest.param(("--rules", "cutthroat"), "scorekeeper: the cutthroat rules are for 4 players; this game has 2",
                 id="two-players-rescored-as-cutthroat"),
    pytest.param(("--option", "suicide=true"),
                 "scorekeeper: rule option 'suicide' needs partners; in the two game every player is a side",
                 id="suicide-at-a-table-of-two"),
])
def test_a_two_player_game_under_rules_for_another_table_is_one_line(args, said):
    done = run("score", str(TWO), *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == said and "Traceback" not in done.stderr


def test_a_record_naming_two_players_for_the_five_rules_is_one_line(tmp_path):
    record = json.loads(TWO.read_text(encoding="utf-8"))
    record["rules"] = "five"
    done = run("score", write(tmp_path, record))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "scorekeeper: the five rules need 5 players; the record names 2"


def test_a_hand_that_breaks_suicide_is_one_line_naming_the_side(tmp_path):
    record = {"format": "spades-game/1", "rules": {"preset": "standard", "options": {"suicide": True}},
              "players": ["Ann", "Bob", "Cat", "Dan"], "team_names": ["Us", "Them"],
              "hands": [{"bids": {"Ann": "nil", "Cat": 4, "Bob": "nil", "Dan": 5},
                         "tricks": {"Ann": 0, "Cat": 6, "Bob": 1, "Dan": 6}},
                        {"bids": {"Ann": "nil", "Cat": 5, "Bob": 4, "Dan": 4}, "tricks": {"Ann": 0, "Cat": 5, "Them": 8}}]}
    done = run("score", write(tmp_path, record))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "scorekeeper: hand 2: suicide: Them has no nil (one partner of each side bids nil)"
    record["hands"] = record["hands"][:1]
    assert main(["score", write(tmp_path, record, "one.json"), "--json"]) == 0
