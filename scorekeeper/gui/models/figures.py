"""Engine and repository numbers as the screens write them: +79, 50%, the chart's series.  No flet, no sums."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import Status

from ...engine.text import game_result, hands_count, nth, plural

def signed(points: int | None) -> str:
    """+79, 0, -40; a dash for a hand that is not scored."""
    if points is None:
        return "\u2014"
    return f"+{points}" if points > 0 else str(points)


def shows_bags(sheet, rules) -> bool:
    """Whether bags are counted at this table: overtricks are bags, or a penalty gave a side some
    (without partners and without "count bags" each overtrick costs 10 and is no bag)."""
    return rules.counts_bags or any(sheet.bags.values()) or any(
        ss.bags for hand in sheet.hands for ss in hand.sides.values())


def renegs_text(count: int, rules, short: bool = False) -> str:
    """A side's renegs so far: '1 reneg: the 3rd loses the game' (`short`, for a narrow card:
    '1 reneg: 3rd loses')."""
    if short:
        return f"{plural(count, 'reneg')}: {nth(rules.reneg_losses)} loses"
    return f"{plural(count, 'reneg')}: the {nth(rules.reneg_losses)} loses the game"


def plain(points: int | None) -> str:
    return "\u2014" if points is None else str(points)


def outcome(sheet) -> str:
    """Who won a scoresheet and why (a game over without a winner is a draw), or that it goes on."""
    if sheet is None:
        return ""
    if sheet.status == Status.FINISHED:
        return game_result(sheet.winner, sheet.reason, "line")
    return "Game still in progress"


def game_status(summary: Any) -> str:
    """The games list's line for a saved game: 'Won by Ann & Cat', 'Draw', 'In progress'."""
    if summary.status == Status.FINISHED:
        return game_result(summary.winner, form="status")
    return "In progress"


def hands_text(summary: Any) -> str:
    """The games list's count of a saved game's deals: '4 hands, 1 misdeal' (the engine's words)."""
    return hands_count(summary.hands_played, summary.misdeals, summary.thrown_out)



def score_series(sheet) -> dict[str, list[tuple[int, int]]]:
    """Each side's score after each hand: {side: [(0, 0), (1, score after hand 1), ...]}.

    Every score is the engine's `hands[i].sides[side].score`; (0, 0) is the start; x is the hand
    as the table counts it (a misdeal or a thrown-out hand is no point of its own)."""
    series: dict[str, list[tuple[int, int]]] = {side: [(0, 0)] for side in sheet.sides}
    for hand in sheet.hands:
        if hand.number is None:
            continue
        for side in sheet.sides:
            score = hand.sides.get(side)
            if score is not None and score.score is not None:
                series[side].append((hand.number, score.score))
    return series


def chart_description(sheet) -> str:
    """The chart in words (for screen readers and the tests)."""
    if not sheet.hands:
        return "No hands yet"
    parts = ", ".join(f"{side} {sheet.scores[side]}" for side in sheet.sides)
    return f"Score by hand, after hand {sheet.hands_played}: {parts}"


def win_rate_text(rate: float | None) -> str:
    """The repository's win rate (0..1) as a percentage: 0.5 -> '50%'."""
    return "\u2014" if rate is None else f"{rate:.0%}"
