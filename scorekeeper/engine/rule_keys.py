"""Every rule a line of points applies, by its stable key: its words, the options that change it, its source.

Each ``Line`` of a breakdown names its rule by a key of ``RULE_KEYS`` (``Line.rule``): lower-case
words joined by ``-``, the same key for the same rule under every preset, and no number that an
option changes (GAME_FORMAT.md).  This table is the one home of what the app says about those rules:
a title and a paragraph in the app's own words (templates filled in from a rule set, so the text
is always that game's rules), the options (``RuleSet`` fields, see ``rules.OPTIONS``) that would
change the rule, and where the rule comes from.  ``explain_rule(key, rules)`` gives it all for one game.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .errors import RuleOptionError
from .rules import LOSE, OPTIONS, WIN, Option, RuleSet, Table
from .text import format_value, nth


class Rule(StrEnum):
    """The key of each rule a line of points can apply."""

    CONTRACT_MADE = "contract-made"
    CONTRACT_SET = "contract-set"
    WHEELS_MADE = "wheels-made"  # a bid of exactly ten_bid: Wheels / 10 for 200
    WHEELS_SET = "wheels-set"
    MOON_MADE = "moon-made"  # a bid of all the tricks: Boston / Moon
    MOON_SET = "moon-set"
    OVERTRICK_BAGS = "overtrick-bags"
    OVERTRICK_COST = "overtrick-cost"
    BAG_PENALTY = "bag-penalty"
    NIL_MADE = "nil-made"
    NIL_FAILED = "nil-failed"
    BLIND_NIL_MADE = "blind-nil-made"
    BLIND_NIL_FAILED = "blind-nil-failed"
    FAILED_NIL_BAGS = "failed-nil-bags"
    FAILED_NIL_VOID = "failed-nil-void"
    ALL_NIL_BAGS = "all-nil-bags"
    ALL_NIL_VOID = "all-nil-void"
    DOUBLE_NIL_MADE = "double-nil-made"
    DOUBLE_NIL_FAILED = "double-nil-failed"
    DOUBLE_NIL_BONUS = "double-nil-bonus"
    BLIND_DOUBLE_NIL_MADE = "blind-double-nil-made"
    BLIND_DOUBLE_NIL_FAILED = "blind-double-nil-failed"
    ACES_MADE = "aces-made"
    ACES_FAILED = "aces-failed"
    BEMO_MADE = "bemo-made"
    BEMO_FAILED = "bemo-failed"
    RENEG_PENALTY = "reneg-penalty"
    RENEG_LOSES_GAME = "reneg-loses-game"
    RENEG_COUNTS_AS_MADE = "reneg-counts-as-made"
    UNPLAYED_CARDS = "unplayed-cards"
    HAND_THROWN_OUT = "hand-thrown-out"
    MISDEAL = "misdeal"


class Source(StrEnum):
    """Where a rule comes from (RULES.md: the IHOP house rules, standard Spades, other tables)."""

    BOTH = "both"
    STANDARD = "standard"
    IHOP = "ihop"
    IHOP_AND_VARIANT = "ihop-and-variant"
    IHOP_SPECIAL = "ihop-special"
    ALONE = "alone"
    OTHER_TABLES = "other-tables"

    @property
    def words(self) -> str:
        return _SOURCE_WORDS[self]


_SOURCE_WORDS = {
    Source.BOTH: "Standard Spades; the IHOP house rules score it the same way.",
    Source.STANDARD: "Standard Spades (under the IHOP house rules a failed nil's tricks help the partner instead).",
    Source.IHOP: "The IHOP house rules; any other table can switch it on as an option.",
    Source.IHOP_AND_VARIANT: "The IHOP house rules, and a variant that many standard Spades tables play.",
    Source.IHOP_SPECIAL: "One of the special action bids of the IHOP house rules: off in every preset until "
                         "a table switches it on.",
    Source.ALONE: "The IHOP house rules for 3 players; Solo Spades is scored the same way.",
    Source.OTHER_TABLES: "A convention of other tables, in neither the IHOP house rules nor standard Spades: "
                         "off unless a table switches it on.",
}


@dataclass(frozen=True)
class RuleKey:
    """One rule: its key, title and words (templates, see ``_context``), the options that change it.

    ``when``: the conditions for the rule to be in play at a table, each the name of a ``RuleSet``
    field or property that must be on, or ``!name`` for one that must be off (``side_min_bid`` is
    off at 0).  ``notes``: (a condition, a sentence added to the words when it holds).
    """

    key: Rule
    title: str
    words: str
    options: tuple[str, ...]
    source: Source
    table: Table = Table.ANY
    when: tuple[str, ...] = ()
    notes: tuple[tuple[str, str], ...] = ()


def _key(key: Rule, title: str, words: str, options: tuple[str, ...], source: Source, **more: Any) -> RuleKey:
    return RuleKey(key, title, words, options, source, **more)


_BLIND_MADE = ("blind_bids", "Bid blind, a made contract scores {blind_times}.")
_BLIND_SET = ("blind_bids", "Bid blind, a failed contract costs {blind_failed_times}.")
_BEMO = ("bemo", "little_bemo_tricks", "little_bemo_value", "big_bemo_tricks", "big_bemo_value")
_LOCK = ("lock", "It counts only when bid in the first round: a contract that reaches it through a raise in "
                 "the lock round scores as an ordinary contract.")

#: Every rule a line can apply, in the order of RULES.md.
RULE_KEYS: dict[Rule, RuleKey] = {k.key: k for k in (
    _key(Rule.CONTRACT_MADE, "Contract made",
         "A side that wins as many tricks as it bid, or more, has made its contract: it scores {trick_value} "
         "for each trick it bid.",
         ("trick_value", "nil_tricks_count_for_partner", "blind_bids", "blind_multiplier", "no_trump",
          "no_trump_multiplier", "blind_no_trump_multiplier", "side_min_bid"), Source.BOTH,
         notes=(("partners&nil&nil_tricks_count_for_partner",
                 "A failed nil bidder's tricks count toward the partner's contract."),
                ("partners&!side_min_bid",
                 "A side that bid no tricks at all makes that with any tricks it takes, and each of them is a bag."),
                _BLIND_MADE,
                ("no_trump", "A no-trump contract counts {no_trump_multiplier} times when made, "
                             "{blind_no_trump_multiplier} times when also bid blind."))),
    _key(Rule.CONTRACT_SET, "Contract set",
         "A side that takes fewer tricks than it bid is set: it loses {trick_value} for each trick it bid.",
         ("trick_value", "nil_tricks_count_for_partner", "failed_nil_tricks_are_bags", "blind_bids",
          "blind_failed_multiplier", "no_trump", "no_trump_failed_multiplier", "blind_no_trump_failed_multiplier"),
         Source.BOTH,
         notes=(("partners&nil&!nil_tricks_count_for_partner",
                 "Only the tricks of the partners who did not bid nil count toward the contract."),
                _BLIND_SET,
                ("no_trump", "A no-trump contract costs {no_trump_failed_multiplier} times when set, "
                             "{blind_no_trump_failed_multiplier} times when also bid blind; a single trick won "
                             "by trumping sets it, however many tricks the side took."))),
    _key(Rule.WHEELS_MADE, "{ten_name} made",
         "A contract of exactly {ten_bid} tricks is a special bid ({ten_name}): made, it scores {ten_value} "
         "instead of {ten_plain}.",
         ("ten_for_200", "ten_bid", "ten_value", "blind_multiplier", "lock"), Source.IHOP_AND_VARIANT,
         when=("ten_for_200",), notes=(_LOCK, _BLIND_MADE)),
    _key(Rule.WHEELS_SET, "{ten_name} set",
         "A contract of exactly {ten_bid} tricks ({ten_name}) that falls short costs {ten_value} instead "
         "of {ten_plain}.",
         ("ten_for_200", "ten_bid", "ten_value", "blind_failed_multiplier", "lock"), Source.IHOP_AND_VARIANT,
         when=("ten_for_200",), notes=(_LOCK, _BLIND_SET)),
    _key(Rule.MOON_MADE, "{moon_name} made",
         "A contract of all {tricks} tricks ({moon_name}) {moon_made}.",
         ("moon", "blind_moon_wins", "blind_multiplier", "lock"), Source.IHOP_AND_VARIANT,
         when=("moon",),
         notes=(_LOCK, ("blind_moon_wins", "Made blind, it wins the game on the spot."))),
    _key(Rule.MOON_SET, "{moon_name} set",
         "A contract of all {tricks} tricks ({moon_name}) that falls short {moon_set}.",
         ("moon", "blind_failed_multiplier", "lock"), Source.IHOP_AND_VARIANT,
         when=("moon",), notes=(_LOCK, _BLIND_SET)),
    _key(Rule.OVERTRICK_BAGS, "Overtricks are bags",
         "Each trick a side takes beyond its contract is a bag, worth {bag_value} now; bags add up over the "
         "game toward the bag penalty. Blind and no-trump multipliers never apply to them.",
         ("bag_value", "count_bags"), Source.BOTH, when=("counts_bags",)),
    _key(Rule.OVERTRICK_COST, "Overtricks cost points",
         "Without partners and without counting bags, each trick a player takes beyond the bid costs "
         "{overtrick_cost}.",
         ("count_bags", "overtrick_cost"), Source.ALONE, table=Table.ALONE, when=("!counts_bags",)),
    _key(Rule.BAG_PENALTY, "Bag penalty",
         "Each time a side's bags reach {bag_limit}, it loses {bag_penalty} and {bag_limit} bags come off its "
         "count, in the same hand.",
         ("bag_limit", "bag_penalty", "count_bags", "penalties"), Source.BOTH,
         notes=(("penalties", "Penalty bags for renegs and unplayed cards count toward it as well."),)),
    _key(Rule.NIL_MADE, "Nil made",
         "A player who bids nil and takes no trick at all scores {nil_value} for the side.",
         ("nil", "nil_value"), Source.BOTH, when=("nil",),
         notes=(("partners", "It comes on top of whatever the partner's contract scores."),)),
    _key(Rule.NIL_FAILED, "Nil failed",
         "A player who bids nil and takes a trick loses {nil_value} for the side.",
         ("nil", "nil_value", "nil_tricks_count_for_partner", "failed_nil_tricks_are_bags",
          "lone_nil_tricks_are_bags"), Source.BOTH,
         when=("nil",),
         notes=(("partners&nil_tricks_count_for_partner",
                 "The tricks that player took still help the partner make the side's contract."),)),
    _key(Rule.BLIND_NIL_MADE, "Blind nil made",
         "A nil bid before the bidder looks at the cards, allowed only when the side is {blind_behind} or more "
         "behind the leader: taking no trick scores {blind_nil_made}.",
         ("blind_nil", "blind_nil_made", "blind_behind"), Source.IHOP_AND_VARIANT, when=("blind_nil",)),
    _key(Rule.BLIND_NIL_FAILED, "Blind nil failed",
         "A blind nil whose bidder takes a trick scores {blind_nil_failed}.",
         ("blind_nil", "blind_nil_failed", "blind_behind"), Source.IHOP_AND_VARIANT, when=("blind_nil",)),
    _key(Rule.FAILED_NIL_BAGS, "A failed nil's tricks are bags",
         "{failed_nil_bags_words}",
         ("nil_tricks_count_for_partner", "failed_nil_tricks_are_bags", "lone_nil_tricks_are_bags", "count_bags",
          "bag_value"), Source.STANDARD, when=("nil", "failed_nil_bags")),
    _key(Rule.FAILED_NIL_VOID, "A failed nil's tricks score nothing",
         "The tricks a failed nil bidder takes neither help the partner nor count as bags: they are worth "
         "nothing.",
         ("nil_tricks_count_for_partner", "failed_nil_tricks_are_bags"), Source.OTHER_TABLES,
         table=Table.PARTNERS, when=("nil", "!nil_tricks_count_for_partner", "!failed_nil_tricks_are_bags")),
    _key(Rule.ALL_NIL_BAGS, "An all-nil side's tricks are bags",
         "When both partners bid nil (a double nil, or two separate nils), the side has no contract and each "
         "trick it takes is a bag worth {bag_value}.",
         ("both_nil_tricks_are_bags", "double_nil", "separate_nils", "bag_value"), Source.IHOP_SPECIAL,
         table=Table.PARTNERS, when=("double_nil|separate_nils", "both_nil_tricks_are_bags")),
    _key(Rule.ALL_NIL_VOID, "An all-nil side's tricks score nothing",
         "When both partners bid nil (a double nil, or two separate nils), the tricks their side takes are "
         "worth nothing, not even bags.",
         ("both_nil_tricks_are_bags", "double_nil", "separate_nils"), Source.OTHER_TABLES,
         table=Table.PARTNERS, when=("double_nil|separate_nils", "!both_nil_tricks_are_bags")),
    _key(Rule.DOUBLE_NIL_MADE, "Double nil made",
         "Both partners bid nil as one bid; if neither of them takes a trick, the side {double_nil_made_words}.",
         ("double_nil", "double_nil_made"), Source.IHOP_SPECIAL, table=Table.PARTNERS, when=("double_nil",)),
    _key(Rule.DOUBLE_NIL_FAILED, "Double nil failed",
         "Both partners bid nil as one bid; if either of them takes a trick, the side "
         "{double_nil_failed_words}.",
         ("double_nil", "double_nil_failed", "double_nil_bonus"), Source.IHOP_SPECIAL, table=Table.PARTNERS,
         when=("double_nil",)),
    _key(Rule.DOUBLE_NIL_BONUS, "Double nil bonus",
         "When both partners of a double nil take at least one trick each, every other side gets "
         "{double_nil_bonus}.",
         ("double_nil", "double_nil_bonus"), Source.IHOP_SPECIAL, table=Table.PARTNERS, when=("double_nil",)),
    _key(Rule.BLIND_DOUBLE_NIL_MADE, "Blind double nil made",
         "A double nil bid blind, before either partner looks at the cards, wins the game if neither takes "
         "a trick.",
         ("blind_double_nil", "double_nil"), Source.IHOP_SPECIAL, table=Table.PARTNERS,
         when=("double_nil", "blind_double_nil")),
    _key(Rule.BLIND_DOUBLE_NIL_FAILED, "Blind double nil failed",
         "A double nil bid blind loses the game as soon as either partner takes a trick.",
         ("blind_double_nil", "double_nil"), Source.IHOP_SPECIAL, table=Table.PARTNERS,
         when=("double_nil", "blind_double_nil")),
    _key(Rule.ACES_MADE, "Aces made",
         "A side that bid aces and finds all four aces in its tricks scores {aces_value}, on top of its "
         "contract.", ("aces", "aces_value"), Source.IHOP, when=("aces",)),
    _key(Rule.ACES_FAILED, "Aces failed",
         "A side that bid aces loses {aces_value} when any ace ends up in another side's tricks.",
         ("aces", "aces_value"), Source.IHOP, when=("aces",)),
    _key(Rule.BEMO_MADE, "Bemo made",
         "A side that bid bemo scores, on top of its contract, {little_bemo_value} for winning each of the "
         "first {little_bemo_tricks} tricks (little bemo), or {big_bemo_value} for the first "
         "{big_bemo_tricks} (big bemo).",
         _BEMO, Source.IHOP_SPECIAL, when=("bemo",)),
    _key(Rule.BEMO_FAILED, "Bemo failed",
         "A side that bid bemo and lets another side win one of the first {little_bemo_tricks} tricks "
         "(little bemo) loses {little_bemo_value}; one of the first {big_bemo_tricks} (big bemo), "
         "{big_bemo_value}.",
         _BEMO, Source.IHOP_SPECIAL, when=("bemo",)),
    _key(Rule.RENEG_PENALTY, "Reneg penalty",
         "A side that reneges (makes an illegal play) takes penalty bags: {reneg_bags_words}. "
         "Each is worth {bag_value} and counts toward the bag penalty.",
         ("penalties", "reneg_bags", "bag_value", "bag_limit"), Source.IHOP, when=("penalties",)),
    _key(Rule.RENEG_LOSES_GAME, "The reneg that loses the game",
         "A side's {reneg_losses_nth} reneg in one game loses it the game.",
         ("penalties", "reneg_losses"), Source.IHOP, when=("penalties",)),
    _key(Rule.RENEG_COUNTS_AS_MADE, "Made because of a reneg",
         "In a hand where another side reneged, every bid of a side that played fairly (its contract, nils, "
         "aces, bemo) counts as made at its full value, and it takes no bags that hand.",
         ("penalties",), Source.IHOP, when=("penalties",)),
    _key(Rule.UNPLAYED_CARDS, "Unplayed cards",
         "Each card a player failed to play gives the side {unplayed_card_bags} penalty bags, worth "
         "{bag_value} each and counted toward the bag penalty.",
         ("penalties", "unplayed_card_bags", "bag_value"), Source.IHOP, when=("penalties",)),
    _key(Rule.HAND_THROWN_OUT, "Hand thrown out",
         "If a reneg's penalty would hand the game to the very side that reneged, the hand is thrown out: "
         "nobody scores it, but the reneg still counts against that side.",
         ("penalties", "reneg_losses"), Source.IHOP, when=("penalties",)),
    _key(Rule.MISDEAL, "Misdeal",
         "A deal that is thrown in scores nothing for anybody; the next player deals, and the misdeal is not "
         "counted as a hand (not toward the hand limit, not in the passing order).",
         ("max_hands", "passing"), Source.BOTH),
)}


@dataclass(frozen=True)
class RuleText:
    """One rule for one game's rules: what ``scorekeeper rules PRESET --rule KEY`` prints."""

    key: str
    title: str
    words: str
    options: tuple[tuple[Option, Any], ...]  # each option that changes the rule, and its value here
    source: str
    in_play: bool  # whether these rules use it at all (else an option must be switched first)


def find_rule(key: str) -> RuleKey:
    """The rule called ``key``; an error that lists the known keys otherwise."""
    try:
        return RULE_KEYS[Rule(key)]
    except ValueError:
        raise RuleOptionError(f"unknown rule key {key!r}", f"known: {', '.join(RULE_KEYS)}") from None


def _holds(condition: str, rules: RuleSet) -> bool:
    """Whether ``condition`` holds under ``rules``: ``name``, ``!name``, ``a&b`` (both) or ``a|b`` (either)."""
    if "&" in condition:
        return all(_holds(part, rules) for part in condition.split("&"))
    if "|" in condition:
        return any(_holds(part, rules) for part in condition.split("|"))
    name = condition.removeprefix("!")
    value = getattr(rules, name)
    on = value is not None and value is not False and value != 0
    return on if name == condition else not on


def _times(mult: int) -> str:
    return {1: "no more than usual", 2: "twice as much"}.get(mult, f"{mult} times as much")


def _reneg_bags(bags: tuple[int, ...]) -> str:
    """'5 for its 1st reneg of the game, 10 for its 2nd and any later one'."""
    if not bags:
        return "none"
    parts = [f"{b} for its {nth(i)}" for i, b in enumerate(bags, start=1)]
    parts[0] += " reneg of the game"
    parts[-1] += " and any later one"
    return ", ".join(parts)


def _context(rules: RuleSet) -> dict[str, Any]:
    """What the templates can name: every option's value in words, and a few facts made from them."""
    values: dict[str, Any] = {key: format_value(value) for key, value in rules.options().items()}
    moon = rules.moon
    values.update(
        tricks=rules.tricks, ten_name=rules.ten_name, moon_name=rules.moon_name,
        ten_plain=rules.trick_value * rules.ten_bid,
        moon_made={WIN: "wins the game when made", None: "has no special value (off in these rules)"}.get(
            moon, f"scores {moon} when made"),
        moon_set=(f"costs {rules.trick_value} for each trick bid, like any contract" if moon in (WIN, None)
                  else f"costs {moon}"),
        blind_times=_times(rules.blind_multiplier), blind_failed_times=_times(rules.blind_failed_multiplier),
        double_nil_made_words=("wins the game" if rules.double_nil_made == WIN
                               else f"scores {rules.double_nil_made}"),
        double_nil_failed_words=("loses the game" if rules.double_nil_failed == LOSE
                                 else f"scores {rules.double_nil_failed}"),
        reneg_bags_words=_reneg_bags(rules.reneg_bags),
        failed_nil_bags_words=(
            "The tricks a failed nil bidder takes do not help the partner: each one is a bag for the side, "
            f"worth {rules.bag_value}, and the partner's contract stands on the partner's own tricks."
            if rules.partners else
            f"Each trick a player who bid nil takes is a bag, worth {rules.bag_value} and counted toward the "
            "bag penalty like an overtrick."),
        reneg_losses_nth=nth(rules.reneg_losses),
    )
    return values


def rule_in_play(key: str, rules: RuleSet) -> bool:
    """Whether a game under ``rules`` can score a line by this rule."""
    rule = find_rule(key)
    table = rule.table is Table.ANY or rules.partners == (rule.table is Table.PARTNERS)
    return table and all(_holds(condition, rules) for condition in rule.when)


def explain_rule(key: str, rules: RuleSet) -> RuleText:
    """The rule ``key`` for a game under ``rules``: its words filled in, its options and their values."""
    rule = find_rule(key)
    context = _context(rules)
    words = [rule.words] + [note for condition, note in rule.notes if _holds(condition, rules)]
    options = tuple((OPTIONS[name], getattr(rules, name)) for name in rule.options
                    if OPTIONS[name].applies_to(rules))
    return RuleText(key=str(rule.key), title=rule.title.format_map(context),
                    words=" ".join(words).format_map(context), options=options, source=rule.source.words,
                    in_play=rule_in_play(key, rules))
