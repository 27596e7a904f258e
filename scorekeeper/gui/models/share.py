"""The game as text for the group chat, and a file name for its record.  No flet, no arithmetic.

Every number is the engine's scoresheet's; this module only writes them down:
the rules in words, every hand (bid, took, points, score), the totals and bags,
and who won or why the game goes on.
"""
from __future__ import annotations

import re

from ...engine import Game, Scoresheet, Status
from ...engine.text import game_result, shown
from .figures import signed
from .options import rules_in_words

SUIT = "\u2660"
DOT = " \u00b7 "


def sheet_text(game: Game, sheet: Scoresheet) -> str:
    """The whole sheet as plain text (a misdeal is named, never counted as a hand)."""
    lines = [f"{SUIT} Spades: {rules_in_words(game.rules)}",
             f"{' vs '.join(sheet.sides)}, {sheet.hands_text}", ""]
    for hand in sheet.hands:
        if hand.misdeal:
            lines.append(f"Misdeal ({hand.dealer} dealt): no scores")
            continue
        if hand.thrown_out:
            lines.append(f"Thrown out ({hand.dealer} dealt): {hand.note or 'no scores'}")
            continue
        sides = DOT.join(_side(name, hand.sides[name]) for name in sheet.sides)
        lines.append(f"Hand {hand.number} ({hand.dealer} dealt): {sides}")
    lines.append("")
    bags = game.rules.counts_bags
    lines.append("Totals: " + DOT.join(
        f"{side} {sheet.scores[side]}" + (f" ({sheet.bags[side]} bags)" if bags else "") for side in sheet.sides))
    lines.append(_result(sheet))
    return "\n".join(shown(line) for line in lines)  # an old record's control characters, escaped


def _side(name: str, score) -> str:
    took = "" if score.tricks is None else f", took {score.tricks}"
    return f"{name} bid {score.bid_text}{took}: {signed(score.points)} ({score.score})"


def _result(sheet: Scoresheet) -> str:
    if sheet.status == Status.FINISHED:
        return game_result(sheet.winner, sheet.reason, "share")
    return f"In progress after {sheet.hands_text}." + (f" {sheet.note}" if sheet.note else "")


def record_file_name(game: Game, date: str) -> str:
    """'spades-2026-11-30-ann-cat-vs-bob-dan.json': the file an exported record is saved as."""
    sides = "-vs-".join(game.side_names)
    slug = re.sub(r"[^a-z0-9]+", "-", sides.casefold()).strip("-")[:60] or "game"
    return f"spades-{date[:10]}-{slug}.json" if date else f"spades-{slug}.json"
