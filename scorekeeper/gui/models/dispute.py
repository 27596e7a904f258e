"""Settling an argument: a breakdown line's rule with this hand scored each other way, playing
the game that way, and who changed what (`session.dispute`).  No flet here.

Every line of a breakdown names its rule (the engine's `Line.rule`); `rule_of(deal, key)` gives
the rule in the app's words for the open game's rules and the engine's `other_ways` for that
hand; `play(option, value)` re-scores the open game from the first hand with one option at
another value (the pen holder only; undone like any change, and written in the game's history).
`history()` and `changes_of(deal)` read the game's history in words (`history_words`), for
anyone who may see the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...engine import ScorekeeperError
from ...engine.rule_keys import RuleText, explain_rule
from ...engine.text import format_value
from ...engine.ways import OtherWay, OtherWays, offered_values, other_ways
from .history_words import entry_text, when
from .events import GameChanged
from .figures import signed
from .guards import Result, pen_holder
from .options import option_label, readable, value_text

if TYPE_CHECKING:
    from .session import Session


@dataclass(frozen=True)
class LineRule:
    """What a tapped breakdown line opens: its rule here, and the hand each other way."""

    rule: RuleText
    ways: OtherWays

    @property
    def options_text(self) -> list[str]:
        """Each option that changes the rule, with its value in this game: "Nil: on"."""
        return [f"{option.label}: {format_value(value)}" for option, value in self.rule.options]

    @property
    def ways_in_order(self) -> list[OtherWay]:
        """The other ways, those that change this hand first, those not possible last."""
        return sorted(self.ways.ways, key=lambda w: (not w.possible, not w.changes_hand))

    @property
    def unoffered(self) -> list[str]:
        """The options that change the rule but offer no list of values (a multiplier, a bonus's
        worth): no other way is shown for them; What if takes any value."""
        return [option.label for option, value in self.rule.options if not offered_values(option, value)]

    def now_text(self) -> list[str]:
        """Each side in this hand as the sheet says now: "Ann & Cat: -100 (score 40)"."""
        return [f"{side}: {signed(points)} (score {score})" for side, points, score in self.ways.hand]


def way_lines(way: OtherWay) -> list[str]:
    """One other way, side by side with the sheet: each side's points this hand and score after
    it, that way and now ("Ann & Cat: +40 (score 180), now -100 (score 40)")."""
    lines = []
    for s in way.sides:
        that = "not played (the game was over)" if s.points is None else f"{signed(s.points)} (score {s.score})"
        lines.append(f"{s.side}: {that}, now {signed(s.sheet_points)} (score {s.sheet_score})")
    return lines


def way_totals(way: OtherWay) -> str:
    """The game's totals and result that way: "Totals 320 / 210: Ann & Cat win"."""
    totals = " / ".join(f"{side} {score}" for side, score in way.scores)
    more = f"; {way.unscored} hand(s) after the end not played" if way.unscored else ""
    return f"Totals that way: {totals}. {way.result[:1].upper()}{way.result[1:]}{more}"


@dataclass(frozen=True)
class HistoryRow:
    """One entry of a game's history, in words."""

    when: str  # "2026-12-01 21:30" ("" for where the history starts)
    text: str
    deal: int | None  # the deal it is about, when it is about one
    change: str


class Dispute:
    """`session.dispute`: a line's rule and other ways, playing the game so, and its history."""

    def __init__(self, session: "Session"):
        self.session = session

    def rule_of(self, deal: int, key: str) -> tuple[LineRule | None, str]:
        """The rule of a line of deal ``deal`` (its position in the record) of the open game, and
        that hand each other way; (None, why) when the game has no such line."""
        s = self.session
        if s.game is None:
            return None, "No game is open"
        try:
            ways = other_ways(s.game, key, deal=deal, sheet=s.sheet)
        except ScorekeeperError as exc:
            return None, readable(str(exc))
        return LineRule(explain_rule(key, s.game.rules), ways), ""

    @pen_holder
    def play(self, option: str, value: Any) -> Result:
        """Play the open game from its first hand with ``option`` at ``value``: every hand scored
        again; undo puts the rules back."""
        s = self.session
        gid, version, by = s.game_id, s.version, s.seat.actor
        try:
            spec = s.game.rules.with_options({option: value}).spec()
        except ScorekeeperError as exc:
            return Result(False, readable(str(exc)))
        return s._attempt(lambda: s.shared.change_rules(gid, spec, expected_version=version, by=by),
                          f"House rules changed ({option_label(option)}: {value_text(option, value)}): "
                          "every hand scored again",
                          event=GameChanged(gid),
                          changed_elsewhere="The game was changed on another device first: look again")

    # -- the history ---------------------------------------------------------------
    def _entries(self) -> tuple[list[dict], str]:
        """The open game's history entries, oldest first, and why they cannot be read ("" when they can)."""
        s = self.session
        if s.game_id is None or not s.may_see(s.game_id):
            return [], "No game is open"
        try:
            return s.shared.history(s.game_id), ""
        except (ScorekeeperError, OSError) as exc:
            return [], f"The history cannot be read: {exc}"

    def history(self) -> tuple[list[HistoryRow], str]:
        """The open game's history, newest first, and why it cannot be read ("" when it can)."""
        entries, why = self._entries()
        return [_row(e) for e in reversed(entries)], why

    def edited_deals(self) -> frozenset[int]:
        """The deals of the open game that were edited after they were entered (the sheet's
        pencil: read on every redraw of the sheet, so nothing is worded here)."""
        entries, _ = self._entries()
        return frozenset(e["deal"] for e in entries if e.get("change") == "edited" and e.get("deal") is not None)

    def changes_of(self, deal: int) -> list[HistoryRow]:
        """Everything the history says about deal ``deal`` after it was entered (edits, and
        their undo and redo), oldest first."""
        entries, _ = self._entries()
        return [_row(e) for e in entries if e.get("deal") == deal and e.get("change") in ("edited", "undone", "redone")]


def _row(entry: dict) -> HistoryRow:
    return HistoryRow("" if entry.get("change") == "not-recorded" else when(entry.get("at")), entry_text(entry),
                      entry.get("deal"), str(entry.get("change")))

