"""`scorekeeper score FILE --other-ways HAND:KEY`: one hand scored each other way a line's rule allows.

Words and layout only: every figure is the engine's (``other_ways``); nothing is added up here.
"""
from __future__ import annotations

import re

from .user_io import UserError, option_value_text
from ..engine import Game, OtherWay, OtherWays, Scoresheet, other_ways

#: HAND:KEY, or dDEAL:KEY for a deal by its place in the record (a misdeal is a deal, not a hand)
_ASKED = re.compile(r"\s*([dD]?)(\d+)\s*:\s*(\S+)\s*")
NOW = "the sheet now"
DASH = "\u2014"


def ways_of(game: Game, sheet: Scoresheet, asked: str) -> OtherWays:
    """The other ways of ``HAND:KEY`` (the table's hand number, a rule key as `--explain` shows it),
    or of ``dDEAL:KEY`` (the deal's place in the record: a misdeal's ``d5:misdeal``)."""
    found = _ASKED.fullmatch(asked)
    if found is None:
        raise UserError(f"--other-ways {asked!r}: write it as HAND:KEY, e.g. --other-ways 4:nil-failed "
                        "(the hand as the sheet numbers it, the key `score --explain` shows in brackets), "
                        "or dDEAL:KEY for a deal by its place in the record (d4:misdeal)")
    key, number = found.group(3), int(found.group(2))
    if found.group(1):
        return other_ways(game, key, deal=number, sheet=sheet)
    return other_ways(game, key, hand=number, sheet=sheet)


def _label(way: OtherWay) -> str:
    return f"{way.label}: {way.value_text} (now {way.current_text})"


def _hand_cells(points: int | None, score: int | None) -> str:
    if points is None:
        return f"{DASH:>5} {DASH:>6}"
    return f"{points:+5d} {score:6d}"


def ways_text(result: OtherWays, rules_name: str) -> str:
    """This hand each other way beside the sheet, then the game's totals and result each way."""
    labels = [NOW, *(_label(way) for way in result.ways)]
    width = max(len(label) for label in labels)
    side_width = max(12, *(len(side) for side in result.sides))
    out = [f"{result.label}, rule {result.rule} ({result.title}), {rules_name} rules: each other way"]
    if not result.ways:
        out.append("No other way: no option that changes this rule offers another value here.")
        return "\n".join(out)
    out.append(_row("", width, [f"{side:^{side_width}}" for side in result.sides], side_width))
    out.append(_row("", width, ["pts  score"] * len(result.sides), side_width))
    out.append(_row(NOW, width, [_hand_cells(points, score) for _, points, score in result.hand], side_width))
    for way in result.ways:
        if not way.possible:
            out.append(f"{_label(way):{width}} | not possible: {way.error}")
            continue
        cells = [_hand_cells(s.points, s.score) for s in way.sides]
        note = "  (the game was over before this hand)" if way.sides[0].points is None else ""
        out.append(_row(_label(way), width, cells, side_width) + note)
    out.append("")
    out.append("Totals each way:")
    totals = [(NOW, dict(result.scores), result.result)]
    totals += [(_label(way), dict(way.scores), way.result) for way in result.ways if way.possible]
    digits = max(len(str(score)) for _, scores, _ in totals for score in scores.values())
    for label, scores, words in totals:
        cells = [f"{side} {scores[side]:>{digits}}" for side in result.sides]
        out.append(f"{label:{width}}" + "".join(f" | {cell}" for cell in cells) + f" | {words}")
    way = result.ways[0]
    out.append(f"\nA way hand by hand: scorekeeper score FILE --option KEY=VALUE "
               f"(e.g. --option {way.option}={option_value_text(way.value)})")
    return "\n".join(out)


def _row(label: str, width: int, cells: list[str], side_width: int) -> str:
    return (f"{label:{width}}" + "".join(f" | {cell:>{side_width}}" for cell in cells)).rstrip()

