"""What the dispute screens (rules, what if, chart, stats) show, without flet.

Plain Python, tested without a browser (tests/gui/test_dispute_state.py).
No scoring arithmetic: every number comes from the engine or the repository;
this module only searches text, picks values to offer, and turns numbers
into the strings the screens show.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from ...engine import (OPTION_HELP, OPTION_KEYS, PRESET_SUMMARY, PRESETS, RuleSet, ScorekeeperError,
                       WhatIf, describe_rules, format_value, what_if)

# ---------------------------------------------------------------------------
# Option names and the order they are offered in
# ---------------------------------------------------------------------------
#: the house rules tables argue about most, offered first on the what-if screen
ARGUED: tuple[str, ...] = (
    "nil_tricks_count_for_partner", "blind_nil", "blind_bids", "ten_for_200", "moon",
    "count_bags", "double_nil", "no_trump", "bemo", "aces", "win_score",
)

_LABELS = {
    "nil_tricks_count_for_partner": "Failed nil's tricks help the partner",
    "blind_nil": "Blind nil",
    "blind_bids": "Blind bids",
    "ten_for_200": "10 for 200 (Wheels)",
    "moon": "Moon (Boston)",
    "count_bags": "Count bags (3 players)",
    "double_nil": "Double nil",
    "no_trump": "No trump bids",
    "bemo": "Bemo",
    "aces": "Aces bids",
    "win_score": "Winning score",
    "lose_score": "Losing score",
    "behind_limit": "Too far behind",
    "max_hands": "Hand limit",
    "bag_limit": "Bags for the penalty",
    "bag_penalty": "Bag penalty",
    "nil_value": "Nil worth",
    "ten_value": "10 for 200 worth",
    "ten_bid": "10 for 200 bid",
    "side_min_bid": "Smallest side bid",
    "player_min_bid": "Smallest player bid",
    "three_player_no_exact_total": "3 bids may not total the tricks",
}

#: options that only mean something with 3 players / only with partners
_THREE_ONLY = {"count_bags", "overtrick_cost", "three_player_no_exact_total"}
_PARTNERS_ONLY = {"double_nil", "double_nil_made", "double_nil_failed", "double_nil_bonus",
                  "blind_double_nil", "partnership_bidding", "nil_tricks_count_for_partner"}

#: values offered for the options that are not on/off, besides the presets' own
_EXTRA_CHOICES: dict[str, tuple[Any, ...]] = {
    "win_score": (250, 300, 350, 400, 500, 600, 750, 1000),
    "moon": (None, 200, 250, 300, 500, "win"),
    "lose_score": (None, -200, -250, -300, -500, -1000),
    "behind_limit": (None, 300, 400, 500, 1000),
    "max_hands": (None, 8, 10, 12, 15, 20),
    "bag_limit": (5, 7, 10),
    "bag_penalty": (50, 100, 150, 200),
    "nil_value": (50, 100, 200),
    "ten_value": (100, 200, 250),
    "double_nil_made": (200, 500, "win"),
    "double_nil_failed": (-200, -250, -500, "lose"),
    "bid_first": ("left_of_dealer", "non_dealer_side"),
    "blind_behind": (100, 200, 300),
    "overtrick_cost": (1, 5, 10),
}


def option_label(key: str) -> str:
    """A short human name for a rule option ("nil_value" -> "Nil worth")."""
    return _LABELS.get(key) or key.replace("_", " ").capitalize()


def option_help(key: str) -> str:
    return OPTION_HELP.get(key, "")


def relevant(key: str, rules: RuleSet) -> bool:
    """Whether switching `key` can matter for a game of `rules` (its player count)."""
    if key in _THREE_ONLY:
        return rules.players == 3
    if key in _PARTNERS_ONLY:
        return rules.players != 3
    return True


def is_switch(key: str, rules: RuleSet) -> bool:
    """On/off options get a switch; the others a list of values."""
    return isinstance(getattr(rules, key), bool)


def ordered_options(rules: RuleSet) -> tuple[list[str], list[str]]:
    """(the most argued options, every other option) that matter for `rules`."""
    first = [k for k in ARGUED if relevant(k, rules)]
    rest = [k for k in OPTION_KEYS if k not in first and relevant(k, rules)]
    return first, rest


def _sort_key(value: Any) -> tuple:
    if value is None:
        return (0, 0, "")
    if isinstance(value, int):
        return (1, value, "")
    return (2, 0, str(value))


def choices(key: str, *current: Any) -> list[Any]:
    """Values to offer for a non-switch option: the presets' values, some common
    ones and the `current` value(s), without repeats, in a readable order."""
    seen: list[Any] = []
    values: Iterable[Any] = [*(getattr(p, key) for p in PRESETS.values()),
                             *_EXTRA_CHOICES.get(key, ()), *current]
    for value in values:
        if isinstance(value, list):
            value = tuple(value)
        if value not in seen:
            seen.append(value)
    try:
        return sorted(seen, key=_sort_key)
    except TypeError:  # tuples among ints: keep the order found
        return seen


def encode(value: Any) -> str:
    """A Dropdown key for an option value (JSON: null, 500, "win", [5, 10])."""
    return json.dumps(list(value) if isinstance(value, tuple) else value)


def decode(key: str) -> Any:
    return json.loads(key)


def value_text(key: str, value: Any) -> str:
    """An option value as the screens show it (the engine's words, prettier names)."""
    if key == "bid_first":
        return {"left_of_dealer": "left of the dealer",
                "non_dealer_side": "side without the dealer"}.get(value, str(value))
    return format_value(value)


# ---------------------------------------------------------------------------
# The rules screen: search in the rules' sentences and the options
# ---------------------------------------------------------------------------
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'])")


def sentences(text: str) -> list[str]:
    """Split a section's text into sentences."""
    return [s for s in (part.strip() for part in _SENTENCE_END.split(text)) if s]


def words(query: str) -> list[str]:
    return [w for w in query.casefold().split() if w]


def matches(text: str, query: str) -> bool:
    """Every word of `query` is in `text` (case-insensitive); an empty query matches all."""
    folded = text.casefold()
    return all(w in folded for w in words(query))


def highlight(text: str, query: str) -> list[tuple[str, bool]]:
    """`text` cut into (piece, is_a_match) for showing the query's words in bold."""
    ws = words(query)
    if not ws:
        return [(text, False)]
    pattern = re.compile("|".join(re.escape(w) for w in sorted(ws, key=len, reverse=True)),
                         re.IGNORECASE)
    pieces: list[tuple[str, bool]] = []
    pos = 0
    for m in pattern.finditer(text):
        if m.start() > pos:
            pieces.append((text[pos:m.start()], False))
        pieces.append((m.group(0), True))
        pos = m.end()
    if pos < len(text):
        pieces.append((text[pos:], False))
    return pieces


@dataclass(frozen=True)
class Section:
    title: str
    sentences: list[str]


def rule_sections(rules: RuleSet, query: str = "") -> list[Section]:
    """The rule set in plain words (the engine's `describe_rules`), only what matches `query`.

    A section whose title matches keeps all its sentences; otherwise only the
    sentences that match (each sentence must hold every word of the query)."""
    found = []
    for title, text in describe_rules(rules):
        parts = sentences(text)
        if not matches(title, query):
            parts = [s for s in parts if matches(s, query)]
        if parts:
            found.append(Section(title, parts))
    return found


@dataclass(frozen=True)
class OptionLine:
    key: str
    label: str
    value: str
    help: str
    changed: bool  # differs from the preset the rules started from


def option_lines(rules: RuleSet, query: str = "") -> list[OptionLine]:
    """Every option that matters for `rules` (its player count) with its value and
    one-line help, only those matching `query` (in the key, the name, the value or the help)."""
    changed = rules.changed_options() if rules.name in PRESETS else {}
    lines = []
    for key, value in rules.options().items():
        if not relevant(key, rules):
            continue
        line = OptionLine(key, option_label(key), value_text(key, value), option_help(key),
                          key in changed)
        if matches(" ".join((key, key.replace("_", " "), line.label, line.value, line.help)), query):
            lines.append(line)
    return lines


def changes_text(rules: RuleSet) -> str:
    """The house changes to the preset, e.g. "Blind nil: on; Winning score: 300" ('' if none)."""
    if rules.name not in PRESETS:
        return ""
    return "; ".join(f"{option_label(k)}: {value_text(k, v)}" for k, v in rules.changed_options().items())


def preset_summary(name: str) -> str:
    return PRESET_SUMMARY.get(name, "")


# ---------------------------------------------------------------------------
# The what-if screen
# ---------------------------------------------------------------------------
@dataclass
class WhatIfChoice:
    """The other rules picked on the what-if screen: a preset (None: the game's
    own rules) and options switched on top of it."""

    preset: str | None = None
    changes: dict[str, Any] = field(default_factory=dict)

    def base(self, game_rules: RuleSet) -> RuleSet:
        return game_rules if self.preset is None else PRESETS[self.preset]

    def rules(self, game_rules: RuleSet) -> RuleSet:
        """The rules to compare with; RuleOptionError when the switches do not fit together."""
        return self.base(game_rules).with_options(self.changes)

    def value(self, key: str, game_rules: RuleSet) -> Any:
        return self.changes.get(key, getattr(self.base(game_rules), key))

    def pick_preset(self, name: str | None) -> None:
        self.preset = name or None
        self.changes = {}

    def set(self, key: str, value: Any, game_rules: RuleSet) -> None:
        if isinstance(value, list):
            value = tuple(value)
        if getattr(self.base(game_rules), key) == value:
            self.changes.pop(key, None)
        else:
            self.changes[key] = value

    def differences(self, game_rules: RuleSet) -> set[str]:
        """The options whose value here is not the game's own (empty when the switches clash)."""
        try:
            other = self.rules(game_rules)
        except ScorekeeperError:
            return set(self.changes)
        return {k for k, v in other.options().items() if getattr(game_rules, k) != v}

    def describe(self, game_rules: RuleSet) -> str:
        """What is being compared, in words: "ihop rules, with Blind nil: off"."""
        head = (f"this game's rules ({game_rules.name})" if self.preset is None
                else f"the {self.preset} rules")
        if not self.changes:
            return head[0].upper() + head[1:]
        changed = "; ".join(f"{option_label(k)}: {value_text(k, v)}" for k, v in self.changes.items())
        return f"{head[0].upper()}{head[1:]}, with {changed}"


def presets_for(game_rules: RuleSet) -> list[str]:
    """The presets a game of `game_rules` can be re-scored under (the same table: players, partners)."""
    return [name for name, preset in PRESETS.items()
            if preset.players == game_rules.players and preset.partners == game_rules.partners]


@dataclass(frozen=True)
class Comparison:
    """The result shown on the what-if screen."""

    result: WhatIf | None
    error: str | None  # the switches do not fit together, or the record cannot be played so

    @property
    def summary(self) -> str:
        if self.result is None:
            return f"These rules do not fit together: {self.error}"
        return self.result.summary


def compare(game, choice: WhatIfChoice) -> Comparison:
    """Re-score `game` under the rules of `choice` (the engine's `what_if`)."""
    try:
        rules = choice.rules(game.rules)
    except ScorekeeperError as exc:
        return Comparison(None, str(exc))
    result = what_if(game, rules)
    return Comparison(result, result.error)


def signed(points: int | None) -> str:
    """+79, 0, -40; a dash for a hand that is not scored."""
    if points is None:
        return "\u2014"
    return f"+{points}" if points > 0 else str(points)


def plain(points: int | None) -> str:
    return "\u2014" if points is None else str(points)


def outcome(sheet) -> str:
    """Who won a scoresheet and why, or that it goes on."""
    if sheet is None:
        return ""
    if sheet.status == "finished":
        who = f"{sheet.winner} wins" if sheet.winner else "Nobody wins"
        return f"{who} ({sheet.reason})" if sheet.reason else who
    return "Game still in progress"


# ---------------------------------------------------------------------------
# The chart and the stats
# ---------------------------------------------------------------------------
def score_series(sheet) -> dict[str, list[tuple[int, int]]]:
    """Each side's score after each hand: {side: [(0, 0), (1, score after hand 1), ...]}.

    Every score is the engine's `hands[i].sides[side].score`; (0, 0) is the start."""
    series: dict[str, list[tuple[int, int]]] = {side: [(0, 0)] for side in sheet.sides}
    for hand in sheet.hands:
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
    return f"Score by hand, after hand {sheet.hands[-1].number}: {parts}"


def win_rate_text(rate: float | None) -> str:
    """The repository's win rate (0..1) as a percentage: 0.5 -> '50%'."""
    return "\u2014" if rate is None else f"{rate:.0%}"


@dataclass(frozen=True)
class StatsLine:
    name: str
    games: str
    wins: str
    win_rate: str
    nils: str  # "made/failed"
    times_set: str


def stats_lines(stats: Iterable) -> list[StatsLine]:
    """The repository's PlayerStats as the strings of the stats table (in its order)."""
    return [StatsLine(s.name, str(s.games), str(s.wins), win_rate_text(s.win_rate),
                      f"{s.nils_made}/{s.nils_failed}", str(s.times_set)) for s in stats]
