"""The house-rule options as the screens offer them: names, the values to offer, one line each.

No flet, no arithmetic: the values and their help come from the engine
(`RuleSet`, `OPTION_HELP`, `format_value`); this module names and orders them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable

from ...engine import OPTION_HELP, OPTION_KEYS, PRESET_SUMMARY, PRESETS, RuleSet, format_value
from .search import matches

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
