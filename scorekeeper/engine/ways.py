"""This hand scored each other way: one line's rule under every other value of the options that change it.

A line of a breakdown names its rule (``Line.rule``); ``rule_keys.RULE_KEYS`` lists the options that
change that rule.  ``other_ways(game, key, hand=N)`` takes each of those options that the game's
table uses, and each value the option offers (on/off for a switch, ``Option.offered`` otherwise)
other than the game's own, and re-scores the whole record under the game's rules with that one
value changed (``compare.what_if``).  Each way says, for every side, the points of this hand and the
score after it, beside what the sheet says now, then the game's totals and result that way.

A value that makes no valid rule set with the game's other options (double nil beside separate
nils) is left out; a value under which an earlier or later hand breaks a rule is listed as not
possible, with the engine's reason.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .compare import WhatIf, WhatIfRow, what_if
from .errors import LineNotFound, ScorekeeperError
from .record import Game
from .rule_keys import explain_rule, find_rule
from .rules import Kind, Option, RuleSet
from .scoring import HandScore, Scoresheet, score_game
from .text import format_value, game_result, plural


@dataclass(frozen=True)
class SideWay:
    """One side in this hand: under the other way, and as the sheet says now."""

    side: str
    points: int | None  # this hand under the other way (None: not scored, the game was over before it)
    score: int | None  # the score after this hand under the other way
    sheet_points: int  # this hand as scored now
    sheet_score: int  # the score after it as scored now

    @property
    def difference(self) -> int | None:
        """The other way's points minus the sheet's, this hand (None when the hand is not scored there)."""
        return None if self.points is None else self.points - self.sheet_points

    def to_json(self) -> dict:
        return {"points": self.points, "score": self.score,
                "sheet": {"points": self.sheet_points, "score": self.sheet_score}}


@dataclass(frozen=True)
class OtherWay:
    """The game's rules with one option at another value: this hand and the game's end that way."""

    option: str  # the option's key (a ``RuleSet`` field)
    label: str  # the option as screens name it
    value: Any  # the other value
    value_text: str  # ... in words ("on", "off", "150")
    current: Any  # the game's own value
    current_text: str
    error: str | None  # why the record cannot be scored this way (the engine's reason); None when it can
    sides: tuple[SideWay, ...] = ()
    scores: tuple[tuple[str, int], ...] = ()  # each side's total this way
    finished: bool = False
    winner: str | None = None
    result: str = ""  # the game's result this way, in words
    unscored: int = 0  # hands recorded after the game would have ended this way

    @property
    def possible(self) -> bool:
        return self.error is None

    @property
    def changes_hand(self) -> bool:
        """Whether this hand's points differ this way for any side."""
        return any(s.points != s.sheet_points for s in self.sides)

    @property
    def status(self) -> str:
        return "finished" if self.finished else "in_progress"

    def to_json(self) -> dict:
        data = {"option": self.option, "label": self.label, "value": _json_value(self.value),
                "value_text": self.value_text, "current": _json_value(self.current),
                "current_text": self.current_text, "possible": self.possible, "error": self.error}
        if self.possible:
            data.update(sides={s.side: s.to_json() for s in self.sides}, scores=dict(self.scores),
                        status=self.status, winner=self.winner, result=self.result, unscored=self.unscored)
        return data


@dataclass(frozen=True)
class OtherWays:
    """A line's rule in one hand, and that hand scored each other way."""

    rule: str  # the rule key
    title: str  # the rule's title under the game's rules
    deal: int  # the deal's position in the record
    number: int | None  # the hand as the table counts it (None: a misdeal or a thrown-out hand)
    label: str  # "Hand 4", "Misdeal"
    sides: tuple[str, ...]
    hand: tuple[tuple[str, int, int], ...]  # each side's points this hand and score after it, as scored now
    scores: tuple[tuple[str, int], ...]  # the sheet's totals now
    result: str  # the sheet's result now, in words
    ways: tuple[OtherWay, ...]

    def to_json(self) -> dict:
        return {"rule": self.rule, "title": self.title, "deal": self.deal, "number": self.number,
                "label": self.label, "hand": {side: {"points": points, "score": score}
                                              for side, points, score in self.hand},
                "scores": dict(self.scores), "result": self.result,
                "ways": [way.to_json() for way in self.ways]}


def _json_value(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def offered_values(option: Option, current: Any) -> tuple[Any, ...]:
    """The values an option offers other than ``current``: the other side of a switch, else its
    ``offered`` values (an option that offers none has no other way)."""
    values = (False, True) if option.kind is Kind.BOOL else option.offered
    return tuple(v for v in values if v != current)


def _find_deal(sheet: Scoresheet, hand: int | None, deal: int | None) -> HandScore:
    """The deal asked for, by the table's hand number or by its position in the record."""
    if (hand is None) == (deal is None):
        raise TypeError("name the hand (the table's count) or the deal (its position in the record), one of them")
    if deal is not None:
        if not 1 <= deal <= len(sheet.hands):
            raise LineNotFound(f"no deal {deal}: the record has {plural(len(sheet.hands), 'deal')}")
        return sheet.hands[deal - 1]
    found = next((h for h in sheet.hands if h.number == hand), None)
    if found is None:
        raise LineNotFound(f"no hand {hand}: the sheet has {_hands_range(sheet.hands_played)}")
    return found


def _hands_range(count: int) -> str:
    return {0: "no hands yet", 1: "only hand 1"}.get(count, f"hands 1 to {count}")


def _check_key_in_deal(scored: HandScore, key: str) -> None:
    """A key must name a line of the deal (a misdeal's one line is the misdeal rule)."""
    keys = list(dict.fromkeys(str(line.rule) for s in scored.sides.values() for line in s.lines))
    if scored.misdeal:
        keys.append("misdeal")
    if key not in keys:
        raise LineNotFound(f"{scored.label.lower()} has no line by the rule {key!r}; "
                           f"its lines' rules: {', '.join(keys) or 'none'}")


def _way(option: Option, current: Any, value: Any, compared: WhatIf, row: WhatIfRow) -> OtherWay:
    base = dict(option=option.key, label=option.label, value=value, value_text=format_value(value),
                current=current, current_text=format_value(current))
    other = compared.other
    if other is None:
        return OtherWay(error=compared.error, **base)
    sides = tuple(SideWay(s, row.other[s], row.other_score[s], row.real[s], row.real_score[s]) for s in other.sides)
    if other.finished:
        result = game_result(other.winner, other.reason, "what_if")
    else:
        result = f"still playing after {other.hands_text}"
    return OtherWay(error=None, sides=sides, scores=tuple(other.scores.items()), finished=other.finished,
                    winner=other.winner, result=result, unscored=other.unscored, **base)


def _rules_with(rules: RuleSet, key: str, value: Any) -> RuleSet | None:
    """The game's rules with one option changed; None when that makes no valid rule set."""
    try:
        return rules.with_options({key: value})
    except ScorekeeperError:
        return None


def other_ways(game: Game, key: str, *, hand: int | None = None, deal: int | None = None,
               sheet: Scoresheet | None = None) -> OtherWays:
    """The hand (the table's count) or deal (its position in the record) scored each other way
    the options of rule ``key`` allow; ``sheet``: the game's own sheet, when the caller has it.

    Raises ``RuleOptionError`` for an unknown key, ``LineNotFound`` for a hand the sheet does not
    have or a key that names no line of that hand."""
    rule = find_rule(key)
    sheet = sheet if sheet is not None else score_game(game)
    scored = _find_deal(sheet, hand, deal)
    _check_key_in_deal(scored, str(rule.key))
    rules = game.rules
    explained = explain_rule(rule.key, rules)
    ways = []
    for option, current in explained.options:
        for value in offered_values(option, current):
            other_rules = _rules_with(rules, option.key, value)
            if other_rules is None:
                continue
            compared = what_if(game, other_rules, real=sheet)
            ways.append(_way(option, current, value, compared, compared.rows[scored.deal - 1]))
    now = (game_result(sheet.winner, sheet.reason, "what_if") if sheet.finished
           else f"still playing after {sheet.hands_text}")
    return OtherWays(rule=str(rule.key), title=explained.title, deal=scored.deal, number=scored.number,
                     label=scored.label, sides=tuple(sheet.sides),
                     hand=tuple((s, scored.sides[s].points, scored.sides[s].score) for s in sheet.sides),
                     scores=tuple(sheet.scores.items()),
                     result=now, ways=tuple(ways))
