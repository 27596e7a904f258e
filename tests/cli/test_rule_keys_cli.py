"""Every point names its rule, on the command line (issue 17): `score --json` gives each line's `rule`,
`score --explain` shows it, and `scorekeeper rules PRESET --rule KEY` explains it."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from scorekeeper.cli import main
from scorekeeper.engine import RULE_KEYS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "standard-game.json"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_json_gives_every_line_its_rule(capsys):
    assert main(["score", str(EXAMPLE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    lines = [line for hand in out["hands"] for side in hand["sides"].values() for line in side["lines"]]
    assert lines and all(list(line) == ["points", "text", "rule"] for line in lines)
    assert {line["rule"] for line in lines} <= set(RULE_KEYS)
    first = out["hands"][0]["sides"]["Us"]["lines"]  # Us bid 5, took 6
    assert [line["rule"] for line in first] == ["contract-made", "overtrick-bags"]


def test_json_names_the_rule_of_the_sheet_it_rescores(capsys):
    # hand 4 (deal 5): Bob's failed nil; under standard rules his trick is a bag, under IHOP rules it helps Dan
    assert main(["score", str(EXAMPLE), "--json"]) == 0
    standard = json.loads(capsys.readouterr().out)["hands"][4]["sides"]["Them"]["lines"]
    assert main(["score", str(EXAMPLE), "--json", "--rules", "ihop"]) == 0
    ihop = json.loads(capsys.readouterr().out)["hands"][4]["sides"]["Them"]["lines"]
    assert "failed-nil-bags" in [line["rule"] for line in standard]
    assert "failed-nil-bags" not in [line["rule"] for line in ihop]
    assert "nil-failed" in [line["rule"] for line in standard] and "nil-failed" in [line["rule"] for line in ihop]


def test_explain_shows_each_lines_key_to_look_up(capsys):
    assert main(["score", str(EXAMPLE), "--explain"]) == 0
    out = capsys.readouterr().out
    explained = [line for line in out.splitlines() if re.match(r"\s+(Us|Them): [+-]\d+  ", line)]
    assert explained
    for line in explained:
        key = re.search(r"  \[([a-z-]+)\]$", line)
        assert key and key.group(1) in RULE_KEYS, line
    assert "Us: +50  Contract of 5 made with 6 tricks: 10 a trick bid  [contract-made]" in out
    assert "misdeal: no score, the deal moves on  [misdeal]" in out


def test_the_sheet_without_explain_shows_no_keys(capsys):
    assert main(["score", str(EXAMPLE)]) == 0
    assert "[" not in capsys.readouterr().out


def test_rules_rule_prints_the_rule_for_the_presets_rules():
    done = run("rules", "ihop", "--rule", "nil-failed")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert out.startswith("nil-failed: Nil failed (ihop rules)\n")
    assert "loses 100" in out and "still help the partner" in out
    assert "  nil_value = 100\n" in out and "  nil_tricks_count_for_partner = true\n" in out
    assert "Where it comes from: " in out
    assert "Not in play" not in out


def test_the_same_key_under_other_rules_says_their_values(capsys):
    assert main(["rules", "standard", "--rule", "nil-failed"]) == 0
    standard = capsys.readouterr().out
    assert "  nil_tricks_count_for_partner = false\n" in standard
    assert "still help the partner" not in standard
    assert main(["rules", "standard", "--rule", "bag-penalty", "--option", "bag_penalty=150"]) == 0
    changed = capsys.readouterr().out
    assert "loses 150" in changed and "  bag_penalty = 150\n" in changed
    assert main(["rules", "standard", "--rule", "wheels-made"]) == 0
    assert "Not in play under these rules" in capsys.readouterr().out


def test_an_unknown_rule_key_is_one_line_naming_it_exit_2():
    done = run("rules", "ihop", "--rule", "contract-maid")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("scorekeeper: unknown rule key 'contract-maid'; known: contract-made, ")
    assert "Traceback" not in done.stderr


def test_a_rule_key_needs_a_rule_set():
    done = run("rules", "--rule", "contract-made")
    assert done.returncode == 2
    assert done.stdout == "" and done.stderr.count("\n") == 1
    assert "scorekeeper rules PRESET --rule KEY" in done.stderr


def test_rules_keys_lists_every_key(capsys):
    assert main(["rules", "ihop", "--keys"]) == 0
    out = capsys.readouterr().out
    listed = [line.split()[0] for line in out.splitlines()[1:]]
    assert listed == list(RULE_KEYS)
    assert re.search(r"^  wheels-made +Wheels made$", out, re.M)
    assert re.search(r"^  failed-nil-bags +A failed nil's tricks are bags \(not in play\)$", out, re.M)
