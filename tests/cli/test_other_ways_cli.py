"""`scorekeeper score FILE --other-ways HAND:KEY` (issue 17): one hand scored each other way a line's rule
allows, beside the sheet, then the totals each way; `--json` gives the same; a wrong hand or key is one
line on stderr and exit code 2."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "standard-game.json")


def test_a_failed_nil_each_other_way_beside_the_sheet(capsys):
    # hand 4 (deal 5): Bob's failed nil, his trick a bag under standard rules
    assert main(["score", EXAMPLE, "--other-ways", "4:failed-nil-bags"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("Hand 4, rule failed-nil-bags (A failed nil's tricks are bags), standard rules: "
                      "each other way")
    assert [row.split(" | ")[0].rstrip() for row in out[3:7]] == [
        "the sheet now", "Failed nil's tricks help the partner: on (now off)",
        "Failed nil's tricks are bags: off (now on)", "Bag worth: 0 (now 1)"]
    assert out[1].split() == ["|", "Us", "|", "Them"] and out[2].split() == ["|", "pts", "score"] * 2
    assert out[3].split()[-5:] == ["+71", "213", "|", "-59", "163"]
    assert out[4].split()[-5:] == ["+71", "213", "|", "-59", "163"]  # his trick helps Dan: -100 + 40 + 1
    assert out[5].split()[-5:] == ["+71", "213", "|", "-60", "162"]
    assert out[6].split()[-5:] == ["+70", "210", "|", "-60", "160"]
    totals = out[out.index("Totals each way:") + 1:]
    assert totals[0].split(" | ")[1:] == ["Us 213", "Them 163", "still playing after 4 hands, 1 misdeal"]
    assert totals[3].split(" | ")[1:] == ["Us 210", "Them 160", "still playing after 4 hands, 1 misdeal"]
    assert out[-1] == ("A way hand by hand: scorekeeper score FILE --option KEY=VALUE "
                       "(e.g. --option nil_tricks_count_for_partner=true)")


def test_a_value_that_breaks_an_earlier_hand_is_not_possible(capsys):
    assert main(["score", EXAMPLE, "--other-ways", "1:contract-made"]) == 0
    out = capsys.readouterr().out
    assert "Points a trick bid: 5 (now 10)" in out
    assert ("Smallest side bid: 5 (now 1)                       | not possible: hand 2: Us's contract of 4 is "
            "below the standard minimum of 5") in out
    totals = out[out.index("Totals each way:"):]
    assert "Smallest side bid: 5" not in totals  # no totals for a way the game could not be played
    assert "Points a trick bid: 5 (now 10)                     | Us 158 | Them  33 |" in totals


def test_json_gives_the_same(capsys):
    assert main(["score", EXAMPLE, "--other-ways", "4:failed-nil-bags", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["rule"], data["number"], data["deal"], data["label"]) == ("failed-nil-bags", 4, 5, "Hand 4")
    assert data["hand"] == {"Us": {"points": 71, "score": 213}, "Them": {"points": -59, "score": 163}}
    assert data["scores"] == {"Us": 213, "Them": 163}
    assert [(w["option"], w["value"]) for w in data["ways"]] == [
        ("nil_tricks_count_for_partner", True), ("failed_nil_tricks_are_bags", False), ("bag_value", 0)]
    void = data["ways"][1]
    assert void["sides"]["Them"] == {"points": -60, "score": 162, "sheet": {"points": -59, "score": 163}}
    assert (void["scores"], void["status"], void["winner"]) == ({"Us": 213, "Them": 162}, "in_progress", None)


def test_other_ways_of_a_rescored_sheet(capsys):
    # under IHOP rules Bob's trick helps Dan: the failed nil's line is nil-failed, its other ways IHOP's
    assert main(["score", EXAMPLE, "--rules", "ihop", "--other-ways", "4:nil-failed", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    options = {w["option"]: w for w in data["ways"]}
    assert options["nil_tricks_count_for_partner"]["current"] is True
    assert set(options) == {"nil", "nil_value", "nil_tricks_count_for_partner", "failed_nil_tricks_are_bags"}


@pytest.mark.parametrize("asked, message", [
    ("9:contract-made", "scorekeeper: no hand 9: the sheet has hands 1 to 4"),
    ("1:nil-failed", "scorekeeper: hand 1 has no line by the rule 'nil-failed'; its lines' rules: "
                     "contract-made, overtrick-bags"),
    ("x", "scorekeeper: --other-ways 'x': write it as HAND:KEY, e.g. --other-ways 4:nil-failed (the hand as "
          "the sheet numbers it, the key `score --explain` shows in brackets), or dDEAL:KEY for a deal by its "
          "place in the record (d4:misdeal)"),
])
def test_a_wrong_hand_or_key_is_one_line_exit_2(capsys, asked, message):
    assert main(["score", EXAMPLE, "--other-ways", asked]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == message + "\n"


def test_an_unknown_key_is_one_line_exit_2_as_run():
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "score", EXAMPLE, "--other-ways", "4:nil-faild"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("scorekeeper: unknown rule key 'nil-faild'; known: contract-made, ")


def test_a_misdeal_by_its_place_in_the_record(capsys):
    # deal 4 is the example's misdeal: no hand number, so it is asked for as d4
    assert main(["score", EXAMPLE, "--other-ways", "d4:misdeal", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["rule"], data["number"], data["deal"], data["label"]) == ("misdeal", None, 4, "Misdeal")
    assert data["hand"] == {"Us": {"points": 0, "score": data["hand"]["Us"]["score"]},
                            "Them": {"points": 0, "score": data["hand"]["Them"]["score"]}}
    # the same deal by a hand number is hand 4 (the deal after it), which has no misdeal line
    assert main(["score", EXAMPLE, "--other-ways", "4:misdeal"]) == 2
    assert "hand 4 has no line by the rule 'misdeal'" in capsys.readouterr().err.lower()
