"""House rules as data: one frozen RuleSet holds every threshold and point value.

A preset is a named RuleSet in ``PRESETS``; a table's house rules are
``preset.with_options({...})``.  No point value lives in the scoring code.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping

from .errors import RuleOptionError

WIN = "win"
LOSE = "lose"


@dataclass(frozen=True)
class RuleSet:
    """Every rule of one game.  ``name`` is the preset it started from."""

    name: str
    players: int = 4
    # The deck
    jokers: bool = False
    # Bidding
    partnership_bidding: bool = False
    side_min_bid: int = 1
    player_min_bid: int = 1
    nil: bool = True
    three_player_no_exact_total: bool = False
    bid_first: str = "left_of_dealer"  # or "non_dealer_side"
    lock: bool = False
    passing: bool = False
    # Points
    trick_value: int = 10
    bag_value: int = 1
    bag_limit: int = 10
    bag_penalty: int = 100
    count_bags: bool = True  # 3 players: False -> each overtrick costs overtrick_cost
    overtrick_cost: int = 10
    nil_value: int = 100
    nil_tricks_count_for_partner: bool = False
    ten_for_200: bool = False
    ten_bid: int = 10
    ten_value: int = 200
    moon: int | str | None = None  # points, "win", or None (off)
    aces: bool = False
    aces_value: int = 100
    # Blind
    blind_bids: bool = False
    blind_nil: bool = False
    blind_behind: int = 100
    blind_min: int = 6
    blind_multiplier: int = 2
    blind_failed_multiplier: int = 1
    blind_nil_made: int = 200
    blind_nil_failed: int = -200
    blind_moon_wins: bool = False
    # Special action bids
    no_trump: bool = False
    no_trump_multiplier: int = 2
    no_trump_failed_multiplier: int = 2
    blind_no_trump_multiplier: int = 3
    blind_no_trump_failed_multiplier: int = 3
    double_nil: bool = False
    double_nil_made: int | str = 500  # points or "win"
    double_nil_failed: int | str = -250  # points or "lose"
    double_nil_bonus: int = 100
    blind_double_nil: bool = False
    bemo: bool = False
    little_bemo_tricks: int = 6
    little_bemo_value: int = 60
    big_bemo_tricks: int = 9
    big_bemo_value: int = 90
    # Penalties
    penalties: bool = False
    reneg_bags: tuple[int, ...] = (5, 10)
    reneg_losses: int = 3
    unplayed_card_bags: int = 3
    # End of the game
    win_score: int = 500
    lose_score: int | None = None
    behind_limit: int | None = None
    max_hands: int | None = None

    # ---- derived facts -------------------------------------------------
    @property
    def tricks(self) -> int:
        """N: tricks in one hand."""
        if self.players == 3:
            return 18 if self.jokers else 17
        if self.players == 6:
            return 17
        return 13

    @property
    def partnerships(self) -> bool:
        return self.players != 3

    @property
    def sides(self) -> int:
        return {3: 3, 4: 2, 6: 3}[self.players]

    # ---- options -------------------------------------------------------
    def options(self) -> dict[str, Any]:
        """Every option and its value (everything but the preset name and player count)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name in OPTION_KEYS}

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from the preset this rule set started from."""
        base = PRESETS.get(self.name)
        if base is None:
            return self.options()
        return {k: v for k, v in self.options().items() if getattr(base, k) != v}

    def with_options(self, options: Mapping[str, Any]) -> "RuleSet":
        changes = {key: _check_option(key, value) for key, value in options.items()}
        result = dataclasses.replace(self, **changes)
        _check_consistent(result)
        return result

    def spec(self) -> str | dict:
        """What a game record stores in its ``rules`` field for this rule set."""
        changed = self.changed_options()
        if not changed:
            return self.name
        return {"preset": self.name, "options": {k: _to_json(v) for k, v in changed.items()}}


def _to_json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


# Which kind of value each option takes: "int", "int?", "bool", "moon", "dn_made", "dn_failed", "ints", "bid_first".
_KIND = {
    "jokers": "bool", "partnership_bidding": "bool", "side_min_bid": "int", "player_min_bid": "int",
    "nil": "bool", "three_player_no_exact_total": "bool", "bid_first": "bid_first", "lock": "bool",
    "passing": "bool", "trick_value": "int", "bag_value": "int", "bag_limit": "pos", "bag_penalty": "int",
    "count_bags": "bool", "overtrick_cost": "int", "nil_value": "int",
    "nil_tricks_count_for_partner": "bool", "ten_for_200": "bool", "ten_bid": "pos", "ten_value": "int",
    "moon": "moon", "aces": "bool", "aces_value": "int", "blind_bids": "bool", "blind_nil": "bool",
    "blind_behind": "int", "blind_min": "pos", "blind_multiplier": "int", "blind_failed_multiplier": "int",
    "blind_nil_made": "int", "blind_nil_failed": "int", "blind_moon_wins": "bool", "no_trump": "bool",
    "no_trump_multiplier": "int", "no_trump_failed_multiplier": "int", "blind_no_trump_multiplier": "int",
    "blind_no_trump_failed_multiplier": "int", "double_nil": "bool", "double_nil_made": "dn_made",
    "double_nil_failed": "dn_failed", "double_nil_bonus": "int", "blind_double_nil": "bool", "bemo": "bool",
    "little_bemo_tricks": "pos", "little_bemo_value": "int", "big_bemo_tricks": "pos", "big_bemo_value": "int",
    "penalties": "bool", "reneg_bags": "ints", "reneg_losses": "pos", "unplayed_card_bags": "int",
    "win_score": "int", "lose_score": "int?", "behind_limit": "int?", "max_hands": "pos?",
}
OPTION_KEYS = tuple(_KIND)

_KIND_TEXT = {
    "bool": "true or false", "int": "a whole number", "pos": "a whole number of 1 or more",
    "int?": "a whole number or null", "pos?": "a whole number of 1 or more, or null",
    "moon": 'null, its points as a whole number, or "win"', "dn_made": 'its points or "win"',
    "dn_failed": 'its (negative) points or "lose"', "ints": "a list of whole numbers",
    "bid_first": '"left_of_dealer" or "non_dealer_side"',
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_option(key: str, value: Any) -> Any:
    kind = _KIND.get(key)
    if kind is None:
        raise RuleOptionError(f"unknown rule option {key!r}; the options are: {', '.join(OPTION_KEYS)}")
    ok = {
        "bool": lambda v: isinstance(v, bool),
        "int": _is_int,
        "pos": lambda v: _is_int(v) and v >= 1,
        "int?": lambda v: v is None or _is_int(v),
        "pos?": lambda v: v is None or (_is_int(v) and v >= 1),
        "moon": lambda v: v is None or v == WIN or _is_int(v),
        "dn_made": lambda v: v == WIN or _is_int(v),
        "dn_failed": lambda v: v == LOSE or _is_int(v),
        "ints": lambda v: isinstance(v, (list, tuple)) and all(_is_int(x) and x >= 0 for x in v),
        "bid_first": lambda v: v in ("left_of_dealer", "non_dealer_side"),
    }[kind](value)
    if not ok:
        raise RuleOptionError(f"rule option {key!r} must be {_KIND_TEXT[kind]}, not {value!r}")
    return tuple(value) if kind == "ints" else value


def _check_consistent(rules: RuleSet) -> None:
    if rules.players == 3 and rules.double_nil:
        raise RuleOptionError("rule option 'double_nil' needs partners; the 3-player game has none")
    if rules.players == 3 and rules.partnership_bidding:
        raise RuleOptionError("rule option 'partnership_bidding' needs partners; the 3-player game has none")
    if rules.win_score <= (rules.lose_score if rules.lose_score is not None else rules.win_score - 1):
        raise RuleOptionError(
            f"rule option 'win_score' ({rules.win_score}) must be above 'lose_score' ({rules.lose_score})")


PRESETS: dict[str, RuleSet] = {
    "ihop": RuleSet(
        name="ihop", players=4, partnership_bidding=True, side_min_bid=4, player_min_bid=1,
        bid_first="non_dealer_side", lock=True, passing=True, nil_tricks_count_for_partner=True,
        ten_for_200=True, moon=300, aces=True, blind_bids=True, blind_nil=True,
        blind_nil_failed=-100, blind_moon_wins=True, penalties=True,
        win_score=500, lose_score=-500, behind_limit=500, max_hands=12,
    ),
    "ihop-3": RuleSet(
        name="ihop-3", players=3, partnership_bidding=False, side_min_bid=1, player_min_bid=1,
        nil=False, count_bags=False, penalties=True, win_score=500,
    ),
    "ihop-6": RuleSet(
        name="ihop-6", players=6, partnership_bidding=True, side_min_bid=4, player_min_bid=1,
        bid_first="non_dealer_side", lock=True, passing=True, nil_tricks_count_for_partner=True,
        ten_for_200=True, moon=300, aces=True, blind_bids=True, blind_nil=True,
        blind_nil_failed=-100, blind_moon_wins=True, penalties=True,
        win_score=500, lose_score=-500, behind_limit=500, max_hands=12,
    ),
    "standard": RuleSet(name="standard", players=4, win_score=500),
}

PRESET_SUMMARY: dict[str, str] = {
    "ihop": "IHOP house rules, 4 players in two partnerships: sides bid together (4 at least), "
            "Wheels, Boston, aces, blind bids when 100 behind, renegs cost bags; 500 wins, -500 loses, 12 hands.",
    "ihop-3": "IHOP house rules for 3 players, each for themselves: 17 tricks, every trick over your bid "
              "costs 10; first past 500 wins.",
    "ihop-6": "IHOP house rules for 6 players in three partnerships: two packs, 17 tricks a hand, "
              "otherwise as the 4-player game.",
    "standard": "Standard Spades, 4 players in two partnerships: each player bids 1-13 or nil, "
                "10 bags cost 100, first to 500 wins.",
}


def find_preset(name: str) -> RuleSet:
    """The preset called ``name``; a clear error that lists the valid names otherwise."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise RuleOptionError(
            f"unknown rules {name!r}; the presets are: {', '.join(PRESETS)}") from None


def rules_from_spec(spec: Any) -> RuleSet:
    """A record's ``rules`` field: a preset name or ``{"preset": NAME, "options": {...}}``."""
    if isinstance(spec, str):
        return find_preset(spec)
    if isinstance(spec, dict):
        unknown = set(spec) - {"preset", "options"}
        if unknown:
            raise RuleOptionError(f"the rules object has unknown field(s): {', '.join(sorted(unknown))}")
        if "preset" not in spec:
            raise RuleOptionError('the rules object needs a "preset"')
        options = spec.get("options", {})
        if not isinstance(options, dict):
            raise RuleOptionError('the rules "options" must be an object of KEY: VALUE')
        return find_preset(spec["preset"]).with_options(options)
    raise RuleOptionError(f'"rules" must be a preset name or an object, not {spec!r}')


def parse_option_value(text: str) -> Any:
    """A value typed on the command line: ``true``, ``false``, ``null``, a number or a word."""
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("null", "none"):
        return None
    try:
        return int(lowered)
    except ValueError:
        pass
    if "," in text:
        try:
            return [int(part) for part in text.split(",")]
        except ValueError:
            pass
    return text.strip()
