"""House rules as data: one frozen RuleSet holds every threshold and point value.

A preset is a named RuleSet in ``PRESETS``; a table's house rules are
``preset.with_options({...})``.  No point value lives in the scoring code.

Each option has one home: its ``RuleSet`` field, whose metadata (an ``Option``)
says what kind of value it takes, its label and help line, which tables it
applies to, and which values a screen offers.  Every list of options (the
record reader, ``scorekeeper rules --options``, the new-game screen, what-if)
is derived from those fields.  The rules a line of points applies, each by its key, with the
options that change it, are in ``rule_keys.py`` beside this module.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Mapping

from .errors import RuleOptionError

WIN = "win"
LOSE = "lose"


class BidFirst(StrEnum):
    LEFT_OF_DEALER = "left_of_dealer"
    NON_DEALER_SIDE = "non_dealer_side"


class Kind(StrEnum):
    """The kind of value an option takes (and how a record spells it)."""

    BOOL = "bool"
    INT = "int"
    COUNT = "count"  # 0 or more
    POSITIVE = "positive"
    INT_OR_OFF = "int or off"
    POSITIVE_OR_OFF = "positive or off"
    MOON = "moon"
    DOUBLE_NIL_MADE = "double nil made"
    DOUBLE_NIL_FAILED = "double nil failed"
    INTS = "ints"
    BID_FIRST = "bid first"

    def accepts(self, value: Any) -> bool:
        return _ACCEPTS[self](value)

    @property
    def words(self) -> str:
        return _KIND_WORDS[self]


class Table(StrEnum):
    """Which tables an option means something for."""

    ANY = "any"
    PARTNERS = "partners"  # sides of two partners (ihop, ihop-6, standard)
    ALONE = "alone"  # every player a side (ihop-3, solo, two, cutthroat, five)


@dataclass(frozen=True)
class Option:
    """What the app knows about one option: the metadata of its ``RuleSet`` field."""

    kind: Kind
    label: str  # a short name for screens: "Blind nil", "Winning score"
    help: str  # one line in the app's own words
    table: Table = Table.ANY
    offered: tuple[Any, ...] = ()  # values a screen offers besides the presets' own (not for on/off)
    common: bool = False  # on the new-game screen (the rest: what-if and the rules screen)
    argued: bool = False  # among the house rules tables argue about most (offered first)
    key: str = ""  # the field's name, filled in below

    def applies_to(self, rules: "RuleSet") -> bool:
        if self.table is Table.PARTNERS:
            return rules.partners
        if self.table is Table.ALONE:
            return not rules.partners
        return True

    @property
    def switch(self) -> bool:
        """On/off options get a switch; the others a choice among values."""
        return self.kind is Kind.BOOL


# A value the record format once accepted stays accepted: an option's kind is never narrowed,
# a default never changed under a name a record already uses, unless ``_MIGRATIONS`` reads the
# old value as one that keeps every hand's score (tests/compat holds what each release wrote).
def option(default: Any, kind: Kind, label: str, help: str, **more: Any) -> Any:
    return field(default=default, metadata={"option": Option(kind, label, help, **more)})


@dataclass(frozen=True)
class RuleSet:
    """Every rule of one game.  ``name`` is the preset it started from.

    The fields before the options describe the table and the preset (they are
    not options); every field made with ``option(...)`` is an option.
    """

    name: str
    title: str = ""  # the preset as the screens name it: "IHOP 3 players"
    summary: str = ""  # the preset in one sentence
    players: int = 4
    partners: bool = True  # False: every player is a side of their own (3 players, solo, two, cutthroat, five)
    must_beat: bool = False  # Solo's play rule: each player beats the highest card so far when able (no score)
    ten_name: str = "10 for 200"  # a bid of exactly ten_bid, when ten_for_200 is on
    moon_name: str = "Moon"  # a bid of all the tricks, when moon is on

    # The deck
    jokers: bool = option(False, Kind.BOOL, "Jokers",
                          "Play with the two jokers as the top spades (3 players: 18 tricks a hand).",
                          common=True)
    # Bidding
    partnership_bidding: bool = option(
        False, Kind.BOOL, "Partnership bidding",
        "Each side agrees on one bid for both partners instead of two separate bids.",
        table=Table.PARTNERS, common=True)
    side_min_bid: int = option(1, Kind.COUNT, "Smallest side bid",
                               "The smallest trick bid a side may make (IHOP: 4, 'going board'); at 0 a "
                               "side may bid no tricks, as beside a nil: it makes that with any tricks, "
                               "and each trick it takes is a bag.",
                               offered=(0, 1, 2, 3, 4, 5))
    player_min_bid: int = option(1, Kind.COUNT, "Smallest player bid",
                                 "The smallest number a player may bid; 0 tricks is bid as nil (at 0, a "
                                 "player may also bid 0 as a number, which is not a nil).",
                                 offered=(1, 2))
    nil: bool = option(True, Kind.BOOL, "Nil", "Players may bid nil: to take no tricks at all.", common=True)
    three_player_no_exact_total: bool = option(
        False, Kind.BOOL, "Bids may not total the tricks",
        "Without partners: the bids of all the players may not add up to the tricks in a hand.",
        table=Table.ALONE, common=True)
    bid_first: BidFirst = option(BidFirst.LEFT_OF_DEALER, Kind.BID_FIRST, "Who bids first",
                                 "Who bids first: the player left of the dealer, or the side without the dealer.",
                                 offered=tuple(BidFirst))
    lock: bool = option(False, Kind.BOOL, "Lock and raise",
                        "If the bids total less than the tricks in a hand, the sides may raise "
                        "(non-dealers first).", table=Table.PARTNERS, common=True)
    passing: bool = option(False, Kind.BOOL, "Passing",
                           "Cards are passed after bidding: left, right, across, then no pass.",
                           table=Table.PARTNERS, common=True)
    # Points
    trick_value: int = option(10, Kind.INT, "Points a trick bid", "Points per trick of a made or failed contract.",
                              offered=(5, 10))
    bag_value: int = option(1, Kind.INT, "Bag worth", "Points for each overtrick (bag).", offered=(0, 1))
    bag_limit: int = option(10, Kind.POSITIVE, "Bags for the penalty", "How many bags cost the bag penalty.",
                            offered=(5, 7, 10))
    bag_penalty: int = option(100, Kind.INT, "Bag penalty", "What the bag penalty costs.",
                              offered=(0, 50, 100, 150, 200))
    count_bags: bool = option(
        True, Kind.BOOL, "Count bags",
        "Without partners: overtricks are bags (1 point, penalty at 10) instead of costing 10 each.",
        table=Table.ALONE, common=True, argued=True)
    overtrick_cost: int = option(10, Kind.INT, "Overtrick cost",
                                 "Without partners and without counting bags: what each trick over the bid costs.",
                                 table=Table.ALONE, offered=(1, 5, 10))
    nil_value: int = option(100, Kind.INT, "Nil worth", "Points won for a made nil and lost for a failed one.",
                            offered=(50, 100, 200))
    nil_tricks_count_for_partner: bool = option(
        False, Kind.BOOL, "Failed nil's tricks help the partner",
        "Tricks taken by a failed nil bidder help the partner make the side's bid "
        "(otherwise they are bags, or nothing: see the next option).",
        table=Table.PARTNERS, common=True, argued=True)
    failed_nil_tricks_are_bags: bool = option(
        True, Kind.BOOL, "Failed nil's tricks are bags",
        "When a failed nil bidder's tricks do not help the partner: they are bags (on) or score nothing (off).",
        table=Table.PARTNERS, common=True, argued=True)
    separate_nils: bool = option(
        False, Kind.BOOL, "Both partners may bid nil",
        "Both partners of a side may bid nil, each nil scored on its own; the side then has no trick bid.",
        table=Table.PARTNERS, common=True, argued=True)
    both_nil_tricks_are_bags: bool = option(
        True, Kind.BOOL, "Tricks of an all-nil side are bags",
        "When both partners bid nil (double nil or two nils): their side's tricks are bags (on) or "
        "score nothing (off).", table=Table.PARTNERS)
    # off in ihop-3 and solo (as every release before it scored them), on in two, cutthroat and five
    lone_nil_tricks_are_bags: bool = option(
        False, Kind.BOOL, "Failed nil's tricks are bags",
        "Without partners, when bags are counted: the tricks a failed nil bidder takes are bags (on) or "
        "score nothing (off).", table=Table.ALONE, common=True, argued=True)
    suicide: bool = option(
        False, Kind.BOOL, "Suicide",
        "Every hand, one partner of each side bids nil (blind nil counts) and the other bids at least "
        "4 (the suicide bid); the scoring is unchanged.", table=Table.PARTNERS, common=True)
    suicide_min_bid: int = option(4, Kind.POSITIVE, "Suicide bid",
                                  "With suicide: the smallest bid of the partner beside the nil.",
                                  table=Table.PARTNERS, offered=(3, 4, 5))
    ten_for_200: bool = option(False, Kind.BOOL, "10 for 200 (Wheels)",
                               "A bid of exactly 10 tricks scores 200 made and loses 200 failed (IHOP: Wheels).",
                               common=True, argued=True)
    ten_bid: int = option(10, Kind.POSITIVE, "10 for 200 bid", "The bid that scores as 10 for 200 / Wheels.")
    ten_value: int = option(200, Kind.INT, "10 for 200 worth", "What 10 for 200 / Wheels is worth.",
                            offered=(100, 200, 250))
    moon: int | str | None = option(
        None, Kind.MOON, "Moon (Boston)",
        "Bidding all the tricks (Boston / Moon): its points, 'win' to win the game, or off.",
        offered=(None, 200, 250, 300, 500, WIN), common=True, argued=True)
    aces: bool = option(False, Kind.BOOL, "Aces bids",
                        "A side may bid that its tricks will hold all four aces: +100 or -100 on top of its bid.",
                        common=True, argued=True)
    aces_value: int = option(100, Kind.INT, "Aces worth", "What an aces bid is worth.", offered=(50, 100))
    # Blind
    blind_bids: bool = option(False, Kind.BOOL, "Blind bids",
                              "A side 100 or more behind may bid tricks blind, before seeing its cards: "
                              "made doubles.", common=True, argued=True)
    blind_nil: bool = option(False, Kind.BOOL, "Blind nil",
                             "A player whose side is 100 or more behind may bid nil blind.",
                             common=True, argued=True)
    blind_behind: int = option(100, Kind.INT, "Behind to bid blind",
                               "How far behind the leader a side must be to bid blind.", offered=(100, 200, 300))
    blind_min: int = option(6, Kind.POSITIVE, "Smallest blind bid", "The smallest blind trick bid.",
                            offered=(4, 5, 6, 7))
    blind_multiplier: int = option(2, Kind.INT, "Blind made times",
                                   "A made blind bid is worth this many times its ordinary value.")
    blind_failed_multiplier: int = option(1, Kind.INT, "Blind failed times",
                                          "A failed blind bid costs this many times its ordinary value.")
    blind_nil_made: int = option(200, Kind.INT, "Blind nil made", "Points for a made blind nil.")
    blind_nil_failed: int = option(-200, Kind.INT, "Blind nil failed", "Points for a failed blind nil (negative).",
                                   offered=(-100, -200))
    blind_moon_wins: bool = option(False, Kind.BOOL, "Blind Boston wins",
                                   "A made blind bid of all the tricks wins the game at once.")
    # Special action bids
    no_trump: bool = option(
        False, Kind.BOOL, "No trump bids",
        "Special bid: promise to win no trick by trumping; the contract counts double, made or failed.",
        common=True, argued=True)
    no_trump_multiplier: int = option(2, Kind.INT, "No trump made times",
                                      "What a made no-trump contract is multiplied by.")
    no_trump_failed_multiplier: int = option(2, Kind.INT, "No trump failed times",
                                             "What a failed no-trump contract is multiplied by.", offered=(1, 2))
    blind_no_trump_multiplier: int = option(3, Kind.INT, "Blind no trump made times",
                                            "What a made blind no-trump contract is multiplied by.")
    blind_no_trump_failed_multiplier: int = option(3, Kind.INT, "Blind no trump failed times",
                                                   "What a failed blind no-trump contract is multiplied by.")
    double_nil: bool = option(
        False, Kind.BOOL, "Double nil",
        "Special bid: both partners bid nil together: +500 made, -250 failed, "
        "+100 to the opponents if both partners take a trick.", table=Table.PARTNERS, common=True, argued=True)
    double_nil_made: int | str = option(500, Kind.DOUBLE_NIL_MADE, "Double nil made",
                                        "What a made double nil is worth, or 'win'.",
                                        table=Table.PARTNERS, offered=(200, 500, WIN))
    double_nil_failed: int | str = option(-250, Kind.DOUBLE_NIL_FAILED, "Double nil failed",
                                          "What a failed double nil costs (negative), or 'lose'.",
                                          table=Table.PARTNERS, offered=(-200, -250, -500, LOSE))
    double_nil_bonus: int = option(100, Kind.INT, "Double nil bonus",
                                   "What the opponents get when both partners of a double nil take a trick.",
                                   table=Table.PARTNERS)
    blind_double_nil: bool = option(False, Kind.BOOL, "Blind double nil",
                                    "Special bid: a blind double nil wins the game made and loses it failed.",
                                    table=Table.PARTNERS)
    bemo: bool = option(False, Kind.BOOL, "Bemo",
                        "Special bid on top of the trick bid: win the first 6 tricks (little, 60) or 9 (big, 90).",
                        common=True, argued=True)
    little_bemo_tricks: int = option(6, Kind.POSITIVE, "Little bemo tricks",
                                     "Tricks a little bemo must win from the start.")
    little_bemo_value: int = option(60, Kind.INT, "Little bemo worth", "What a little bemo is worth.")
    big_bemo_tricks: int = option(9, Kind.POSITIVE, "Big bemo tricks", "Tricks a big bemo must win from the start.")
    big_bemo_value: int = option(90, Kind.INT, "Big bemo worth", "What a big bemo is worth.")
    # Penalties
    penalties: bool = option(False, Kind.BOOL, "Penalties", "Renegs and unplayed cards are penalised with bags.",
                             common=True)
    reneg_bags: tuple[int, ...] = option((5, 10), Kind.INTS, "Reneg penalty bags",
                                         "Penalty bags for a side's 1st, 2nd, ... reneg in a game.",
                                         offered=((3, 3), (5, 10)))
    reneg_losses: int = option(3, Kind.POSITIVE, "Reneg that loses", "The reneg that loses the game (IHOP: the 3rd).",
                               offered=(2, 3, 4))
    unplayed_card_bags: int = option(3, Kind.INT, "Unplayed card bags",
                                     "Penalty bags for each card a player failed to play.")
    # End of the game
    win_score: int = option(500, Kind.INT, "Winning score", "The score that wins the game.",
                            offered=(250, 300, 400, 500, 1000), common=True, argued=True)
    lose_score: int | None = option(None, Kind.INT_OR_OFF, "Losing score",
                                    "The score at or below which a side loses; it can be switched off.",
                                    offered=(None, -200, -300, -500, -1000), common=True)
    behind_limit: int | None = option(None, Kind.INT_OR_OFF, "Too far behind",
                                      "A side this far behind the leader loses; it can be switched off.",
                                      offered=(None, 300, 400, 500, 1000))
    max_hands: int | None = option(None, Kind.POSITIVE_OR_OFF, "Hand limit",
                                   "The game ends after this many hands are scored; it can be switched off.",
                                   offered=(None, 8, 10, 12, 15, 20), common=True)
    tie_ends_in_draw: bool = option(
        False, Kind.BOOL, "A tie at the end is a draw",
        "A tie at the top when the game would end is a draw, instead of playing another hand.",
        common=True, argued=True)

    # ---- derived facts -------------------------------------------------
    @property
    def tricks(self) -> int:
        """N: tricks in one hand."""
        if self.players == 3:
            return 18 if self.jokers else 17
        if self.players == 6:
            return 17
        if self.players == 5:
            return 10  # the 2 of clubs and the 2 of diamonds are out: 50 cards
        return 13  # 4 players; 2 players draw their 13 from the pack

    @property
    def sides(self) -> int:
        """How many sides sit at the table."""
        return self.players // 2 if self.partners else self.players

    @property
    def counts_bags(self) -> bool:
        """Whether overtricks are bags (else, without partners, each costs ``overtrick_cost``)."""
        return self.partners or self.count_bags

    @property
    def failed_nil_bags(self) -> bool:
        """Whether the tricks a failed nil bidder takes are bags: with partners, when they do not
        help the partner and ``failed_nil_tricks_are_bags``; without, ``lone_nil_tricks_are_bags``
        where bags are counted."""
        if self.partners:
            return not self.nil_tricks_count_for_partner and self.failed_nil_tricks_are_bags
        return self.lone_nil_tricks_are_bags and self.count_bags

    # ---- options -------------------------------------------------------
    def options(self) -> dict[str, Any]:
        """Every option and its value."""
        return {key: getattr(self, key) for key in OPTION_KEYS}

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from the preset this rule set started from."""
        base = PRESETS.get(self.name)
        if base is None:
            return self.options()
        return {k: v for k, v in self.options().items() if getattr(base, k) != v}

    def relevant_options(self) -> list[Option]:
        """The options that mean something at this table (its partners or not)."""
        return [o for o in OPTIONS.values() if o.applies_to(self)]

    def with_options(self, options: Mapping[str, Any]) -> "RuleSet":
        changes = {key: _check_option(key, value) for key, value in options.items()}
        result = replace(self, **changes)
        _check_consistent(result)
        return result

    def spec(self) -> str | dict:
        """What a game record stores in its ``rules`` field for this rule set."""
        changed = self.changed_options()
        if not changed:
            return self.name
        return {"preset": self.name, "options": {k: _to_json(v) for k, v in changed.items()}}


#: every option, in the order of the RuleSet's fields
OPTIONS: dict[str, Option] = {
    f.name: replace(f.metadata["option"], key=f.name)
    for f in dataclasses.fields(RuleSet) if "option" in f.metadata
}
OPTION_KEYS: tuple[str, ...] = tuple(OPTIONS)


def _to_json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def is_int(value: Any) -> bool:
    """A whole number (and not True or False, which Python counts as ints)."""
    return isinstance(value, int) and not isinstance(value, bool)


_ACCEPTS = {
    Kind.BOOL: lambda v: isinstance(v, bool),
    Kind.INT: is_int,
    Kind.COUNT: lambda v: is_int(v) and v >= 0,
    Kind.POSITIVE: lambda v: is_int(v) and v >= 1,
    Kind.INT_OR_OFF: lambda v: v is None or is_int(v),
    Kind.POSITIVE_OR_OFF: lambda v: v is None or (is_int(v) and v >= 1),
    Kind.MOON: lambda v: v is None or v == WIN or is_int(v),
    Kind.DOUBLE_NIL_MADE: lambda v: v == WIN or is_int(v),
    Kind.DOUBLE_NIL_FAILED: lambda v: v == LOSE or is_int(v),
    Kind.INTS: lambda v: isinstance(v, (list, tuple)) and all(is_int(x) and x >= 0 for x in v),
    Kind.BID_FIRST: lambda v: v in tuple(BidFirst),
}
_KIND_WORDS = {
    Kind.BOOL: "true or false", Kind.INT: "a whole number", Kind.COUNT: "a whole number of 0 or more",
    Kind.POSITIVE: "a whole number of 1 or more",
    Kind.INT_OR_OFF: "a whole number or null", Kind.POSITIVE_OR_OFF: "a whole number of 1 or more, or null",
    Kind.MOON: 'null, its points as a whole number, or "win"', Kind.DOUBLE_NIL_MADE: 'its points or "win"',
    Kind.DOUBLE_NIL_FAILED: 'its (negative) points or "lose"', Kind.INTS: "a list of whole numbers",
    Kind.BID_FIRST: " or ".join(f'"{v}"' for v in BidFirst),
}


def _no_bid_below_0(value: Any) -> Any:
    """A minimum bid under 0 (accepted by the release of 2026-11-29, whose kind was any whole number)
    means what 0 means: no bid is below 0."""
    return max(value, 0) if is_int(value) else value


# Old values read as today's equivalent, keeping every hand's score (see the note at ``option``).
_MIGRATIONS = {"side_min_bid": _no_bid_below_0, "player_min_bid": _no_bid_below_0}


def _check_option(key: str, value: Any) -> Any:
    meta = OPTIONS.get(key)
    if meta is None:
        raise RuleOptionError(f"unknown rule option {key!r}", f"the options are: {', '.join(OPTION_KEYS)}")
    if key in _MIGRATIONS:
        value = _MIGRATIONS[key](value)
    if not meta.kind.accepts(value):
        raise RuleOptionError(f"rule option {key!r} must be {meta.kind.words}, not {value!r}")
    if meta.kind is Kind.INTS:
        return tuple(value)
    if meta.kind is Kind.BID_FIRST:
        return BidFirst(value)
    return value


def _check_consistent(rules: RuleSet) -> None:
    if not rules.partners:
        for key in ("double_nil", "partnership_bidding", "suicide"):
            if getattr(rules, key):
                raise RuleOptionError(f"rule option {key!r} needs partners; in the {rules.name} game "
                                      "every player is a side")
    if rules.suicide and not rules.nil:
        raise RuleOptionError("rule option 'suicide' needs 'nil': with suicide one partner of each side bids nil")
    if rules.double_nil and rules.separate_nils:
        raise RuleOptionError("rule options 'double_nil' and 'separate_nils' cannot both be on: two nils on "
                              "a side are either one double nil or two separate nils")
    if rules.win_score <= (rules.lose_score if rules.lose_score is not None else rules.win_score - 1):
        raise RuleOptionError(
            f"rule option 'win_score' ({rules.win_score}) must be above 'lose_score' ({rules.lose_score})")


def _presets() -> dict[str, RuleSet]:
    standard = RuleSet(
        name="standard", title="Standard",
        summary="Standard Spades, 4 players in two partnerships: each player bids 1-13 or nil, "
                "10 bags cost 100, first to 500 wins.")
    ihop = RuleSet(
        name="ihop", title="IHOP", ten_name="Wheels", moon_name="Boston",
        summary="IHOP house rules, 4 players in two partnerships: sides bid together (4 at least), "
                "Wheels, Boston, aces, blind bids when 100 behind, renegs cost bags; 500 wins, -500 loses, "
                "12 hands.",
        partnership_bidding=True, side_min_bid=4, bid_first=BidFirst.NON_DEALER_SIDE, lock=True, passing=True,
        nil_tricks_count_for_partner=True, ten_for_200=True, moon=300, aces=True, blind_bids=True,
        blind_nil=True, blind_nil_failed=-100, blind_moon_wins=True, penalties=True,
        lose_score=-500, behind_limit=500, max_hands=12)
    ihop3 = RuleSet(
        name="ihop-3", title="IHOP 3 players", players=3, partners=False, ten_name="Wheels", moon_name="Boston",
        summary="IHOP house rules for 3 players, each for themselves: 17 tricks, every trick over your bid "
                "costs 10; first past 500 wins.",
        nil=False, count_bags=False, penalties=True)
    return {
        "standard": standard,
        "ihop": ihop,
        "ihop-3": ihop3,
        # the 6-player game is the 4-player game with three partnerships (two packs, 17 tricks)
        "ihop-6": replace(ihop, name="ihop-6", title="IHOP 6 players", players=6,
                          summary="IHOP house rules for 6 players in three partnerships: two packs, 17 tricks "
                                  "a hand, otherwise as the 4-player game."),
        # Solo Spades is scored exactly as the 3-player game, with four players and 13 tricks
        "solo": replace(ihop3, name="solo", title="Solo Spades", players=4, must_beat=True,
                        summary="Solo Spades, 4 players each for themselves: 13 tricks, scored as the 3-player "
                                "game (every trick over your bid costs 10); first past 500 wins."),
        **_every_player_a_side(),
    }


def _every_player_a_side() -> dict[str, RuleSet]:
    """Two, four and five players each for themselves, scored by the standard rules without partners:
    overtricks are bags, nil is allowed and a failed nil's tricks are bags."""
    two = RuleSet(
        name="two", title="Two-handed Spades", players=2, partners=False, lone_nil_tricks_are_bags=True,
        summary="Two-handed Spades, each for themselves: 13 tricks drawn from the pack, each bids 1-13 or nil, "
                "overtricks are bags (10 cost 100); first to 500 wins.")
    return {
        "two": two,
        "cutthroat": replace(
            two, name="cutthroat", title="Cutthroat Spades", players=4,
            summary="Cutthroat Spades, 4 players each for themselves: 13 tricks, each bids 1-13 or nil, "
                    "overtricks are bags (10 cost 100), unlike Solo; first to 500 wins."),
        "five": replace(
            two, name="five", title="Five-player Spades", players=5,
            summary="Five-player Spades, each for themselves: the 2s of clubs and diamonds out, 10 tricks, "
                    "each bids 1-10 or nil, overtricks are bags (10 cost 100); first to 500 wins."),
    }


PRESETS: dict[str, RuleSet] = _presets()
PRESET_SUMMARY: dict[str, str] = {name: preset.summary for name, preset in PRESETS.items()}


def find_preset(name: str) -> RuleSet:
    """The preset called ``name``; a clear error that lists the valid names otherwise."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise RuleOptionError(f"unknown rules {name!r}", f"the presets are: {', '.join(PRESETS)}") from None


def rules_from_spec(spec: Any) -> RuleSet:
    """A record's ``rules`` field: a preset name or ``{"preset": NAME, "options": {...}}``."""
    if isinstance(spec, str):
        return find_preset(spec)
    if isinstance(spec, dict):
        unknown = set(spec) - {"preset", "options"}
        if unknown:
            word = "fields" if len(unknown) > 1 else "field"
            raise RuleOptionError(f"the rules object has an unknown {word}: {', '.join(sorted(unknown))}")
        if "preset" not in spec:
            raise RuleOptionError('the rules object needs a "preset"')
        options = spec.get("options", {})
        if not isinstance(options, dict):
            raise RuleOptionError('the rules "options" must be an object of KEY: VALUE')
        return find_preset(spec["preset"]).with_options(options)
    raise RuleOptionError(f'"rules" must be a preset name or an object, not {spec!r}')


def parse_option_value(text: str, key: str | None = None) -> Any:
    """A value typed on the command line: ``true``, ``false``, ``null``, a number or a word.

    With the option's ``key``, "off" means null for the options that can be switched off
    (``--option lose_score=off``)."""
    lowered = text.strip().lower()
    meta = OPTIONS.get(key) if key else None
    if meta is not None and meta.kind.accepts(None) and lowered in ("off", "no", "none", "null"):
        return None
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
