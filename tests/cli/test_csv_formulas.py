"""`scorekeeper export ID --csv` writes no cell that a spreadsheet would run (issue 25, point 3).

A name such as ``=HYPERLINK("http://x","y")``, ``+1+1`` or ``@SUM(A1)`` is a fine name at the table;
in a CSV file opened by a spreadsheet a cell starting with ``= + - @`` (or a tab or a carriage
return) is a formula.  OWASP's advice: such a cell is written as text, with a leading ``'``; the
numbers (a set's -60, a bag penalty's -100) stay numbers.
"""
from __future__ import annotations

import csv
import io
import re

from scorekeeper.cli.games import main
from scorekeeper.cli.text import csv_cell
from scorekeeper.storage import Repository

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"[+-]?\d+")
PLAYERS = ['=HYPERLINK("http://x","y")', "+1+1", "@SUM(A1)", "-2+3"]


def exported_cells(tmp_path, capsys) -> list[list[str]]:
    repo = Repository(tmp_path / "data")
    game_id = repo.create_game({"preset": "standard", "options": {"win_score": 100_000}}, PLAYERS,
                               team_names=["=1+2", "@Them"])
    a, b, c, d = PLAYERS
    repo.record_hand(game_id, {"bids": {a: 4, c: 3, b: 3, d: 3}, "tricks": {"=1+2": 5, "@Them": 8}})  # set: -70
    repo.record_hand(game_id, {"bids": {a: 2, c: 2, b: 4, d: 4}, "tricks": {"=1+2": 5, "@Them": 8}})
    capsys.readouterr()
    assert main(["export", game_id, "--csv", "--data", str(tmp_path / "data")]) == 0
    return list(csv.reader(io.StringIO(capsys.readouterr().out)))


def test_no_cell_of_the_csv_starts_a_formula_and_the_numbers_stay_numbers(tmp_path, capsys):
    rows = exported_cells(tmp_path, capsys)
    cells = [cell for row in rows[1:] for cell in row]
    running = [cell for cell in cells if cell.startswith(FORMULA_START) and not NUMBER.fullmatch(cell)]
    assert running == [], f"{len(running)} of {len(cells)} cells would run in a spreadsheet: {running[:6]}"
    header = rows[0]
    points = [row[header.index("points")] for row in rows[1:]]
    assert "-70" in points, points  # a negative number is still a number
    assert all(NUMBER.fullmatch(p) for p in points), points
    # the names are there, as text
    players = {row[header.index("players")] for row in rows[1:]}
    assert players == {"'=HYPERLINK(\"http://x\",\"y\") & @SUM(A1)", "'+1+1 & -2+3"}
    assert {row[header.index("side")] for row in rows[1:]} == {"'=1+2", "'@Them"}
    explanation = rows[1][header.index("explanation")]
    assert explanation.startswith("'") and "-70" in explanation


def test_a_cell_is_made_text_only_when_a_spreadsheet_would_run_it():
    assert csv_cell("=cmd|' /C calc'!A0") == "'=cmd|' /C calc'!A0"
    assert csv_cell("\tx") == "'\\tx" and csv_cell("\rx") == "'\\rx"  # (and the control shown escaped)
    assert csv_cell("Ann & Cat") == "Ann & Cat"
    assert csv_cell(-100) == -100 and csv_cell("-100") == "-100" and csv_cell("+3") == "+3"
    assert csv_cell("") == "" and csv_cell(None) is None
