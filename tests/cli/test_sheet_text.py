"""The text sheet of `scorekeeper score` cuts no cell, says why a tied game goes on, and
`scorekeeper rules NAME --options` lists every option in a form `--option` takes back."""
from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main
from scorekeeper.engine import OPTION_KEYS, PRESETS

LONG = ["Alexandria Featherstonehaugh", "Bob", "Cat", "Maximiliana Oppenheimer-Ruiz"]


def write(tmp_path, record) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    return str(path)


def test_no_cell_is_cut(tmp_path, capsys):
    alex, maxi = LONG[0], LONG[3]
    both_nil = {"bids": {alex: "nil", "Cat": "nil", "Them": 9}}
    record = {"format": "spades-game/1",
              "rules": {"preset": "ihop", "options": {"double_nil": True, "blind_double_nil": True}},
              "players": LONG, "team_names": ["The Extremely Long Team Name", "Them"], "first_dealer": maxi,
              "hands": [dict(both_nil, tricks={alex: 0, "Cat": 3, "Them": 10}),
                        # 100+ behind now: a blind double nil
                        dict(both_nil, blind=[alex, "Cat"], tricks={alex: 0, "Cat": 0, "Them": 13})]}
    assert main(["score", write(tmp_path, record)]) == 0
    out = capsys.readouterr().out
    assert "blind double nil" in out
    assert "The Extremely Long Team Name" in out
    assert maxi in out and alex in out  # the dealers of hands 1 and 2, in full
    rows = [line for line in out.splitlines() if "|" in line]
    assert len(rows) == 2 + 2 + 1 and {line.count("|") for line in rows} == {2}


def test_a_tie_that_plays_on_is_explained(tmp_path, capsys):
    plain = {"bids": {"Ann": 3, "Cat": 3, "Bob": 3, "Dan": 3}}
    record = {"format": "spades-game/1", "rules": {"preset": "standard", "options": {"win_score": 100}},
              "players": ["Ann", "Bob", "Cat", "Dan"],
              "hands": [dict(plain, tricks={"Ann & Cat": 7, "Bob & Dan": 6}),
                        dict(plain, tricks={"Ann & Cat": 6, "Bob & Dan": 7})]}
    assert main(["score", write(tmp_path, record)]) == 0
    out = capsys.readouterr().out
    assert "In progress after 2 hands" in out
    assert "tied at 121" in out and "another hand" in out


@pytest.mark.parametrize("preset", list(PRESETS))
def test_rules_options_lists_every_option_and_each_value_goes_back_in(preset, capsys):
    assert main(["rules", preset, "--options"]) == 0
    out = capsys.readouterr().out
    listed = {}
    for line in out.splitlines():
        if line.startswith("  ") and " = " in line and not line.startswith("      "):
            key, value = line.strip().split(" = ", 1)
            listed[key] = value
    assert set(listed) == set(OPTION_KEYS)
    # every value printed is one --option accepts (so a table can copy it and change it)
    args = ["rules", preset]
    for key, value in listed.items():
        args += ["--option", f"{key}={value}"]
    assert main(args) == 0, capsys.readouterr().err
