"""What the command line prints of saved games: their state and hands in words, and a scoresheet as CSV.

Words and layout only: every figure is the engine's (the repository's summaries and the
engine's scoresheet); nothing is added up here.
"""
from __future__ import annotations

import csv
import io
import re

from scorekeeper.engine import Game, Scoresheet
from scorekeeper.engine.text import hands_count, outcome, shown
from scorekeeper.storage import GameSummary

CSV_COLUMNS = ["hand", "deal", "dealer", "side", "players", "bid", "tricks", "made", "set", "nils",
               "points", "score", "bags", "misdeal", "explanation"]


def hands_text(summary: GameSummary) -> str:
    """'4 hands, 1 misdeal' (the engine's words); nothing for a game this version cannot open."""
    if summary.unreadable is not None:
        return ""
    return hands_count(summary.hands_played, summary.misdeals, summary.thrown_out)


def status_text(summary: GameSummary) -> str:
    """'in progress', 'won by Us' or 'finished' (a draw); for a game this version cannot open,
    "can't open with this version: " and the reason."""
    if summary.unreadable is not None:
        return f"can't open with this version: {summary.unreadable}"
    return outcome(summary.status, summary.winner)


def _blank(value) -> object:
    return "" if value is None else value


#: how a cell a spreadsheet runs as a formula begins (OWASP, CSV injection)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+")


def csv_cell(value: object) -> object:
    """A cell as a spreadsheet will only show it: text that starts with ``= + - @``, a tab or a
    carriage return (a formula to a spreadsheet: a name like ``=HYPERLINK(...)``, an explanation
    like "-70 Set: ...") gets a leading ``'``, as OWASP advises; numbers stay numbers.  A control
    character or an override (in a name an earlier release let in) is written escaped (`shown`)."""
    if not isinstance(value, str):
        return value
    text = shown(value)  # a control character of a name an earlier release let in, escaped
    return "'" + text if value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value) else text


def scoresheet_csv(game: Game, sheet: Scoresheet) -> str:
    """One row per deal per side. Every number is the engine's; nothing is added up here. A text
    cell a spreadsheet would run as a formula is written as text (`csv_cell`).

    ``hand`` is the table's count (empty for a misdeal or a thrown-out hand), ``deal`` the position."""
    out = io.StringIO()
    writer = _Cells(csv.writer(out, lineterminator="\n"))  # no cell a spreadsheet runs
    writer.writerow(CSV_COLUMNS)
    yes_no = {True: "yes", False: "no", None: ""}
    for hand in sheet.hands:
        for side in game.sides:
            score = hand.sides.get(side.name)
            if score is None:
                writer.writerow([_blank(hand.number), hand.deal, hand.dealer, side.name, " & ".join(side.players),
                                 "", "", "", "", "", "", "", "", yes_no[hand.misdeal], ""])
                continue
            nils = "; ".join(f"{player} {'made' if made else 'failed'} nil"
                             for player, made in score.nils.items())
            explanation = "; ".join(f"{line.points:+d} {line.text}" for line in score.lines)
            writer.writerow([_blank(hand.number), hand.deal, hand.dealer, side.name, " & ".join(side.players),
                             score.bid_text, "" if score.tricks is None else score.tricks, yes_no[score.made], yes_no[bool(score.set)],
                             nils, score.points, score.score, score.bags, yes_no[hand.misdeal], explanation])
    return out.getvalue()


class _Cells:
    """A csv writer whose every cell goes through `csv_cell`."""

    def __init__(self, writer):
        self.writer = writer

    def writerow(self, row: list) -> None:
        self.writer.writerow([csv_cell(cell) for cell in row])
