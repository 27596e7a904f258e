"""The house-rule options as the screens offer them, derived from the engine's `Option` metadata.

Each option has one home: its `RuleSet` field (label, help, which tables it
applies to, the values to offer, whether the new-game screen shows it and
whether tables argue about it most).  This module only orders those facts for
the screens and writes values in words.  No flet, no arithmetic.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Iterable

from ...engine import OPTIONS, PRESETS, BidFirst, Kind, Option, RuleSet, format_value
from .search import matches


def option_label(key: str) -> str:
    """A short human name for a rule option ("nil_value" -> "Nil worth")."""
    return OPTIONS[key].label


def option_help(key: str) -> str:
    return OPTIONS[key].help


def relevant(key: str, rules: RuleSet) -> bool:
    """Whether `key` means something at a table of `rules` (its partners or not)."""
    return OPTIONS[key].applies_to(rules)


def is_switch(key: str) -> bool:
    """On/off options get a switch; the others a choice among values."""
    return OPTIONS[key].switch


def ordered_options(rules: RuleSet) -> tuple[list[str], list[str]]:
    """(the options tables argue about most, every other option) that matter for `rules`."""
    shown = rules.relevant_options()
    return [o.key for o in shown if o.argued], [o.key for o in shown if not o.argued]


def new_game_options(rules: RuleSet) -> tuple[list[Option], list[Option]]:
    """The options of the new-game screen for `rules`: (choices among values, switches)."""
    shown = [o for o in rules.relevant_options() if o.common]
    return [o for o in shown if not o.switch], [o for o in shown if o.switch]


def _sort_key(value: Any) -> tuple:
    if value is None:
        return (0, 0, "")
    if isinstance(value, int):
        return (1, value, "")
    return (2, 0, str(value))


def choices(key: str, *current: Any) -> list[Any]:
    """Values to offer for a non-switch option: the presets' values, the option's own offered
    values and the `current` value(s), without repeats, in a readable order."""
    seen: list[Any] = []
    values: Iterable[Any] = [*(getattr(p, key) for p in PRESETS.values()), *OPTIONS[key].offered, *current]
    for value in values:
        value = normalized(key, value)
        if value not in seen:
            seen.append(value)
    try:
        return sorted(seen, key=_sort_key)
    except TypeError:  # tuples among ints: keep the order found
        return seen


def normalized(key: str, value: Any) -> Any:
    """A value as the rule set holds it (a list read back from JSON is a tuple, ...)."""
    if isinstance(value, list):
        return tuple(value)
    if OPTIONS[key].kind is Kind.BID_FIRST and isinstance(value, str):
        return BidFirst(value)
    return value


def encode(value: Any) -> str:
    """A Dropdown key for an option value (JSON: null, 500, "win", [5, 10])."""
    return json.dumps(list(value) if isinstance(value, tuple) else value)


def decode(key: str) -> Any:
    return json.loads(key)


def value_text(key: str, value: Any) -> str:
    """An option value in the engine's words ("on", "off", "side without the dealer", ...)."""
    return format_value(normalized(key, value))


_QUOTED_KEY = re.compile(r"'([a-z0-9_]+)'")


def readable(message: str) -> str:
    """An engine message for a person: option keys become their labels, and a capital first.

    "rule options 'double_nil' and 'separate_nils' cannot ..." ->
    "Rule options “Double nil” and “Both partners may bid nil” cannot ..."
    """
    text = _QUOTED_KEY.sub(lambda m: f"\u201c{OPTIONS[m.group(1)].label}\u201d" if m.group(1) in OPTIONS
                           else m.group(0), message)
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class OptionLine:
    key: str
    label: str
    value: str
    help: str
    changed: bool  # differs from the preset the rules started from


def option_lines(rules: RuleSet, query: str = "") -> list[OptionLine]:
    """Every option that matters for `rules` with its value and one-line help, only those
    matching `query` (in the key, the name, the value or the help)."""
    changed = rules.changed_options() if rules.name in PRESETS else {}
    lines = []
    for option in rules.relevant_options():
        key = option.key
        line = OptionLine(key, option.label, value_text(key, getattr(rules, key)), option.help, key in changed)
        if matches(" ".join((key, key.replace("_", " "), line.label, line.value, line.help)), query):
            lines.append(line)
    return lines


def changes_text(rules: RuleSet) -> str:
    """The house changes to the preset, e.g. "Blind nil: on; Winning score: 300" ('' if none)."""
    if rules.name not in PRESETS:
        return ""
    return "; ".join(f"{option_label(k)}: {value_text(k, v)}" for k, v in rules.changed_options().items())


def rules_in_words(rules: RuleSet) -> str:
    """The rules a game is played by, as a person says it: "IHOP house rules", "IHOP house rules,
    3 players", "Standard Spades, with Blind nil: on" (from the preset's title and the changes)."""
    title = preset_title(rules.name) if not rules.title else rules.title
    if title.startswith("IHOP"):
        rest = title[len("IHOP"):].strip()
        name = "IHOP house rules" + (f", {rest}" if rest else "")
    else:
        name = title if "Spades" in title else f"{title} Spades"
    changes = changes_text(rules)
    return f"{name}, with {changes}" if changes else name


def preset_title(name: str) -> str:
    """A preset as the screens name it ("IHOP 3 players"): the engine's `RuleSet.title`."""
    preset = PRESETS.get(name)
    return preset.title if preset is not None and preset.title else name


def preset_summary(name: str) -> str:
    preset = PRESETS.get(name)
    return preset.summary if preset is not None else ""
