"""The what-if choice (another preset, options switched) and its comparison (the engine's `what_if`).  No flet."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine import PRESETS, RuleSet, ScorekeeperError, WhatIf, what_if
from .options import normalized, option_label, preset_title, readable, value_text


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
        value = normalized(key, value)
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
        """What is being compared, in words: "The IHOP rules, with Blind nil: off"."""
        head = (f"this game's rules ({preset_title(game_rules.name)})" if self.preset is None
                else f"the {preset_title(self.preset)} rules")
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
        return Comparison(None, readable(str(exc)))
    result = what_if(game, rules)
    return Comparison(result, readable(result.error) if result.error else None)
