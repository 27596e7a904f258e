"""Every rule in the app's own words: the lines of a breakdown, the end of a game, the rules screen.

The CLI and the GUI show exactly these sentences.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules import LOSE, WIN, RuleSet

if TYPE_CHECKING:  # pragma: no cover
    from .scoring import SideBid


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def hands_count(hands: int, misdeals: int = 0, thrown_out: int = 0) -> str:
    """'1 hand', '4 hands, 1 misdeal', '12 hands, 2 misdeals, 1 thrown out'."""
    parts = [plural(hands, "hand")]
    if misdeals:
        parts.append(plural(misdeals, "misdeal"))
    if thrown_out:
        parts.append(f"{thrown_out} thrown out")
    return ", ".join(parts)


def _ihop(rules: RuleSet) -> bool:
    return rules.name.startswith("ihop")


def ten_name(rules: RuleSet) -> str:
    return "Wheels" if _ihop(rules) else "10 for 200"


def moon_name(rules: RuleSet) -> str:
    return "Boston" if _ihop(rules) else "Moon"


_TIMES = {1: "", 2: "doubled", 3: "tripled"}


def _times(mult: int) -> str:
    return _TIMES.get(mult, f"times {mult}")


def _why_multiplied(sb: "SideBid") -> str:
    if sb.no_trump is not None and sb.blind:
        return "blind no trump"
    if sb.no_trump is not None:
        return "no trump"
    return "bidding blind"


# ---- the trick contract ---------------------------------------------------
def _contract_words(sb: "SideBid", kind: str, rules: RuleSet) -> str:
    c = sb.contract
    if kind == "moon":
        return f"{moon_name(rules)} (all {c} tricks)"
    if kind == "ten":
        return f"{ten_name(rules)} (bid {c})"
    return f"contract of {c}" if len(sb.side.players) > 1 else f"bid of {c}"


def contract_made(sb: "SideBid", kind: str, counted: int, mult: int, rules: RuleSet,
                  as_made_for: str | None, nil_tricks_counted: int) -> str:
    words = _contract_words(sb, kind, rules)
    if as_made_for is not None:
        head = f"{words[0].upper()}{words[1:]} counts as made because {as_made_for} reneged"
    else:
        head = f"{words[0].upper()}{words[1:]} made with {plural(counted, 'trick')}"
        if nil_tricks_counted:
            verb = "counts" if nil_tricks_counted == 1 else "count"
            head += f" (the failed nil's {plural(nil_tricks_counted, 'trick')} {verb} for the side)"
    if kind == "moon":
        value = "the whole game" if rules.moon == WIN else f"worth {rules.moon}"
        rule = f"{moon_name(rules)} is {value}"
    elif kind == "ten":
        rule = f"{ten_name(rules)} is worth {rules.ten_value}"
    else:
        rule = f"{rules.trick_value} a trick bid"
    if mult != 1:
        rule += f", {_times(mult)} for {_why_multiplied(sb)}"
    return f"{head}: {rule}"


def contract_set(sb: "SideBid", kind: str, counted: int, fail_mult: int, rules: RuleSet) -> str:
    words = _contract_words(sb, kind, rules)
    if sb.no_trump is False:
        head = f"Set: {words} bid as no trump, but the side won a trick by trumping"
    else:
        head = f"Set: {words}, took only {counted}"
    if kind == "moon":
        value = f"{moon_name(rules)} lost costs {rules.moon}" if rules.moon != WIN else \
            f"{rules.trick_value} a trick bid"
    elif kind == "ten":
        value = f"{ten_name(rules)} lost costs {rules.ten_value}"
    else:
        value = f"minus {rules.trick_value} a trick bid"
    if fail_mult != 1:
        value += f", {_times(fail_mult)} for {_why_multiplied(sb)}"
    elif sb.blind:
        value += " (a failed blind bid is not doubled)"
    return f"{head}: {value}"


def overtricks(over: int, rules: RuleSet) -> str:
    return f"{plural(over, 'overtrick')}, each a bag worth {rules.bag_value}"


def overtricks_cost(over: int, rules: RuleSet) -> str:
    return (f"{plural(over, 'trick')} over the bid, each costing {rules.overtrick_cost} "
            "(3-player sandbag rule)")


def bag_penalty(rules: RuleSet) -> str:
    return f"Bag penalty: {rules.bag_limit} bags reached, they cost {rules.bag_penalty} and are taken off"


# ---- nil ------------------------------------------------------------------
def nil(player: str, made: bool, took: int, blind: bool, as_made_for: str | None) -> str:
    what = "Blind nil" if blind else "Nil"
    if as_made_for is not None:
        return f"{what} by {player} counts as made because {as_made_for} reneged"
    if made:
        return f"{what} by {player} made: no tricks taken"
    return f"{what} by {player} failed: took {plural(took, 'trick')}"


def failed_nil_bags(player: str, took: int) -> str:
    verb = "is a bag" if took == 1 else "are bags"
    return (f"{player}'s {plural(took, 'trick')} as a failed nil bidder {verb}, "
            "not toward the partner's bid")


def double_nil_made(side: str, points: int | None, as_made_for: str | None) -> str:
    head = (f"Double nil by {side} counts as made because {as_made_for} reneged" if as_made_for
            else f"Double nil by {side} made: neither partner took a trick")
    return head + (": it wins the game" if points is None else "")


def double_nil_failed(side: str, takers: list[str], points: int | None) -> str:
    who = " and ".join(takers) if takers else "a partner"
    return f"Double nil by {side} failed: {who} took a trick" + (": it loses the game" if points is None else "")


def double_nil_bags(side: str, tricks: int) -> str:
    return f"{side} bid no tricks at all, so its {plural(tricks, 'trick')} are bags"


def double_nil_bonus(side: str, bonus: int) -> str:
    return f"Both partners of {side}'s double nil took tricks: {bonus} to each opponent"


def blind_double_nil(side: str, made: bool, as_made_for: str | None) -> str:
    if as_made_for is not None:
        return f"Blind double nil by {side} counts as made because {as_made_for} reneged: it wins the game"
    if made:
        return f"Blind double nil by {side} made: it wins the game"
    return f"Blind double nil by {side} failed: it loses the game"


# ---- specials -------------------------------------------------------------
def aces(made: bool, as_made_for: str | None) -> str:
    if as_made_for is not None:
        return f"Aces counts as made because {as_made_for} reneged"
    if made:
        return "Aces made: all four aces are in the side's tricks"
    return "Aces failed: an ace is in another side's tricks"


def bemo(big: bool, need: int, made: bool, as_made_for: str | None) -> str:
    what = "Big bemo" if big else "Little bemo"
    if as_made_for is not None:
        return f"{what} counts as made because {as_made_for} reneged"
    if made:
        return f"{what} made: the side won the first {need} tricks"
    return f"{what} failed: the side did not win all of the first {need} tricks"


# ---- penalties ------------------------------------------------------------
_NTH = {1: "1st", 2: "2nd", 3: "3rd"}


def nth(count: int) -> str:
    return _NTH.get(count, f"{count}th")


def reneg(count: int, bags: int, rules: RuleSet) -> str:
    return f"Reneg, the side's {nth(count)} this game: {plural(bags, 'penalty bag')}, {rules.bag_value} point each"


def reneg_loss(count: int) -> str:
    return f"Reneg, the side's {nth(count)} this game: it loses the game"


def unplayed(cards: int, bags: int, rules: RuleSet) -> str:
    return (f"{plural(cards, 'card')} left unplayed: {plural(bags, 'penalty bag')}, "
            f"{rules.bag_value} point each")


def thrown_out(side: str) -> str:
    return f"Hand thrown out: with the reneg penalty it would have won {side} the game"


# ---- the end of the game --------------------------------------------------
def reason_third_reneg(side: str) -> str:
    return f"{side} reneged for the third time"


def reason_blind_moon(side: str) -> str:
    return f"{side} made a blind Boston"


def reason_moon(side: str) -> str:
    return f"{side} shot the moon"


def reason_double_nil(side: str) -> str:
    return f"{side} made a double nil"


def reason_double_nil_failed(side: str) -> str:
    return f"{side} failed a double nil"


def reason_blind_double_nil(side: str) -> str:
    return f"{side} made a blind double nil"


def reason_blind_double_nil_failed(side: str) -> str:
    return f"{side} failed a blind double nil"


def reason_fell(side: str, score: int) -> str:
    return f"{side} fell to {score}"


def reason_behind(side: str, gap: int) -> str:
    return f"{side} fell {gap} behind"


def reason_reached(side: str, score: int) -> str:
    return f"{side} reached {score}"


def reason_hand_limit(side: str, hands: int, score: int) -> str:
    return f"all {hands} hands were played; {side} leads with {score}"


# ---- the table --------------------------------------------------------------
def blind_refused(side: str, gap: int, need: int) -> str:
    if gap <= 0:
        return f"{side} may not bid blind: blind needs the side {need} behind, and it is not behind"
    return f"{side} may not bid blind: blind needs the side {need} behind, and it is {gap} behind"


def bid_text(sb: "SideBid") -> str:
    """A side's bid as a scoresheet shows it: '5', 'B6', 'nil + 4', 'double nil', '5 NT'."""
    parts = []
    for player in sb.nils:
        parts.append("blind nil" if player in sb.blind_nils else "nil")
    if sb.double_nil:
        parts = ["blind double nil" if sb.blind_nils else "double nil"]
    if sb.contract is not None:
        bid = f"B{sb.contract}" if sb.blind else str(sb.contract)
        if sb.no_trump is not None:
            bid += " NT"
        if sb.raised:
            bid += f" (+{sb.raised})"
        parts.append(bid)
    if sb.aces is not None:
        parts.append("aces")
    if sb.bemo is not None:
        parts.append(f"{sb.bemo.size} bemo")
    return " + ".join(parts) if parts else "—"


# ---- the rules in plain words -----------------------------------------------
OPTION_HELP: dict[str, str] = {
    "jokers": "Play with the two jokers as the top spades (3 players: 18 tricks a hand).",
    "partnership_bidding": "Each side agrees on one bid for both partners instead of two separate bids.",
    "side_min_bid": "The smallest trick bid a side may make (IHOP: 4, 'going board').",
    "player_min_bid": "The smallest number a player may bid; 0 tricks is bid as nil.",
    "nil": "Players may bid nil: to take no tricks at all.",
    "three_player_no_exact_total": "3 players: the three bids may not add up to the number of tricks.",
    "bid_first": "Who bids first: the player left of the dealer, or the side without the dealer.",
    "lock": "If the bids total less than the tricks in a hand, the sides may raise (non-dealers first).",
    "passing": "Cards are passed after bidding: left, right, across, then no pass.",
    "trick_value": "Points per trick of a made or failed contract.",
    "bag_value": "Points for each overtrick (bag).",
    "bag_limit": "How many bags cost the bag penalty.",
    "bag_penalty": "What the bag penalty costs.",
    "count_bags": "3 players: overtricks are bags (1 point, penalty at 10) instead of costing 10 each.",
    "overtrick_cost": "3 players, without counting bags: what each trick over the bid costs.",
    "nil_value": "Points won for a made nil and lost for a failed one.",
    "nil_tricks_count_for_partner": "Tricks taken by a failed nil bidder help the partner make the side's bid "
                                    "(otherwise they are only bags).",
    "ten_for_200": "A bid of exactly 10 tricks scores 200 made and loses 200 failed (IHOP: Wheels).",
    "ten_bid": "The bid that scores as 10 for 200 / Wheels.",
    "ten_value": "What 10 for 200 / Wheels is worth.",
    "moon": "Bidding all the tricks (Boston / Moon): its points, 'win' to win the game, or off.",
    "aces": "A side may bid that its tricks will hold all four aces: +100 or -100 on top of its bid.",
    "aces_value": "What an aces bid is worth.",
    "blind_bids": "A side 100 or more behind may bid tricks blind, before seeing its cards: made doubles.",
    "blind_nil": "A player whose side is 100 or more behind may bid nil blind.",
    "blind_behind": "How far behind the leader a side must be to bid blind.",
    "blind_min": "The smallest blind trick bid.",
    "blind_multiplier": "A made blind bid is worth this many times its ordinary value.",
    "blind_failed_multiplier": "A failed blind bid costs this many times its ordinary value.",
    "blind_nil_made": "Points for a made blind nil.",
    "blind_nil_failed": "Points for a failed blind nil (negative).",
    "blind_moon_wins": "A made blind bid of all the tricks wins the game at once.",
    "no_trump": "Special bid: promise to win no trick by trumping; the contract counts double, made or failed.",
    "no_trump_multiplier": "What a made no-trump contract is multiplied by.",
    "no_trump_failed_multiplier": "What a failed no-trump contract is multiplied by.",
    "blind_no_trump_multiplier": "What a made blind no-trump contract is multiplied by.",
    "blind_no_trump_failed_multiplier": "What a failed blind no-trump contract is multiplied by.",
    "double_nil": "Special bid: both partners bid nil together: +500 made, -250 failed, "
                  "+100 to the opponents if both partners take a trick.",
    "double_nil_made": "What a made double nil is worth, or 'win'.",
    "double_nil_failed": "What a failed double nil costs (negative), or 'lose'.",
    "double_nil_bonus": "What the opponents get when both partners of a double nil take a trick.",
    "blind_double_nil": "Special bid: a blind double nil wins the game made and loses it failed.",
    "bemo": "Special bid on top of the trick bid: win the first 6 tricks (little, 60) or 9 (big, 90).",
    "little_bemo_tricks": "Tricks a little bemo must win from the start.",
    "little_bemo_value": "What a little bemo is worth.",
    "big_bemo_tricks": "Tricks a big bemo must win from the start.",
    "big_bemo_value": "What a big bemo is worth.",
    "penalties": "Renegs and unplayed cards are penalised with bags.",
    "reneg_bags": "Penalty bags for a side's 1st, 2nd, ... reneg in a game.",
    "reneg_losses": "The reneg that loses the game (IHOP: the 3rd).",
    "unplayed_card_bags": "Penalty bags for each card a player failed to play.",
    "win_score": "The score that wins the game.",
    "lose_score": "The score at or below which a side loses; it can be switched off.",
    "behind_limit": "A side this far behind the leader loses; it can be switched off.",
    "max_hands": "The game ends after this many hands are scored; it can be switched off.",
}


def _sign(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def describe_rules(rules: RuleSet) -> list[tuple[str, str]]:
    """The rule set as sections of plain text, for the rules screen and `scorekeeper rules`."""
    n = rules.tricks
    sections: list[tuple[str, str]] = []
    if rules.players == 3:
        table = (f"3 players, each for themselves; {n} tricks a hand"
                 + (" (54-card pack with the jokers)." if rules.jokers else " (one card is left out)."))
    elif rules.players == 6:
        table = f"6 players in three partnerships, partners opposite; two packs, {n} tricks a hand."
    else:
        table = (f"4 players in two partnerships, partners opposite; {n} tricks a hand"
                 + (" (jokers in, two cards discarded)." if rules.jokers else "."))
    deal = "The deal moves one seat to the left each hand; the player left of the dealer leads."
    if rules.passing:
        deal += (" After bidding, pass three cards: hand 1 left, 2 right, 3 across, 4 no pass (a nil bidder "
                 "then passes two to the partner), and again.")
    sections.append(("The table", f"{table} {deal}"))

    if rules.partnership_bidding:
        bidding = f"Each side agrees on one bid for the partnership, at least {rules.side_min_bid}."
    elif rules.players == 3:
        bidding = f"Each player bids 1 to {n} tricks."
    else:
        bidding = f"Each player bids 1 to {n} tricks" + (" or nil" if rules.nil else "") + \
                  "; a side's contract is the sum of the partners' bids."
    if rules.bid_first == "non_dealer_side":
        bidding += " The side without the dealer bids first."
    else:
        bidding += " Bidding starts left of the dealer."
    if rules.three_player_no_exact_total:
        bidding += f" The three bids may not total {n}."
    if rules.lock:
        bidding += (f" If the bids total less than {n}, the hand is open: the side without the dealer may raise "
                    f"up to {n}, then the dealer's side may raise to exactly {n} (a 'loaded' lock). "
                    f"{ten_name(rules)} and {moon_name(rules)} count only when bid in the first round.")
    sections.append(("Bidding", bidding))

    points = (f"A side that takes at least its contract scores {rules.trick_value} a trick bid; "
              f"short of it, it loses {rules.trick_value} a trick bid (it is set).")
    if rules.players == 3 and not rules.count_bags:
        points += f" Every trick over the bid costs {rules.overtrick_cost}."
    else:
        points += (f" Each overtrick is a bag worth {rules.bag_value}; bags add up over the game and every time "
                   f"a side's count reaches {rules.bag_limit} it loses {rules.bag_penalty} and the count "
                   f"drops by {rules.bag_limit}.")
    if rules.ten_for_200:
        points += (f" {ten_name(rules)}: a bid of exactly {rules.ten_bid} is worth {rules.ten_value} "
                   f"(failed: -{rules.ten_value}).")
    if rules.moon is not None:
        worth = "wins the game" if rules.moon == WIN else f"is worth {rules.moon} (failed: -{rules.moon})"
        points += f" {moon_name(rules)}: a bid of all {n} tricks {worth}."
    sections.append(("Points", points))

    if rules.nil:
        nil_text = (f"A player may bid nil, to take no trick: {_sign(rules.nil_value)} made, "
                    f"-{rules.nil_value} failed, on top of the partner's contract. ")
        if rules.nil_tricks_count_for_partner:
            nil_text += "Tricks a failed nil bidder takes still count toward the side's contract."
        else:
            nil_text += "Tricks a failed nil bidder takes do not help the partner: each is a bag."
        sections.append(("Nil", nil_text))

    if rules.blind_bids or rules.blind_nil:
        blind = f"Only a side at least {rules.blind_behind} behind the leader when the hand starts may bid blind."
        if rules.blind_bids:
            blind += (f" A blind trick bid is at least {rules.blind_min}; made, it scores "
                      f"{_times(rules.blind_multiplier) or 'its usual value'}; failed, "
                      + ("it costs the usual amount." if rules.blind_failed_multiplier == 1
                         else f"it costs {_times(rules.blind_failed_multiplier)}.")
                      + " Overtricks are never multiplied.")
        if rules.blind_nil:
            blind += f" Blind nil: {_sign(rules.blind_nil_made)} made, {rules.blind_nil_failed} failed."
        if rules.blind_moon_wins:
            blind += f" A made blind {moon_name(rules)} wins the game on the spot."
        sections.append(("Blind", blind))

    specials = []
    if rules.aces:
        specials.append(f"Aces: a side bids that its tricks will hold all four aces: +{rules.aces_value} "
                        f"or -{rules.aces_value}, on top of its bid.")
    if rules.no_trump:
        specials.append(f"No trump: the side promises not to win a trick by trumping; its contract counts "
                        f"{_times(rules.no_trump_multiplier)} made and {_times(rules.no_trump_failed_multiplier) or 'once'} "
                        f"failed, {_times(rules.blind_no_trump_multiplier)} blind. A trick won by trumping "
                        "sets it.")
    if rules.double_nil:
        made = "wins the game" if rules.double_nil_made == WIN else f"{_sign(rules.double_nil_made)}"
        failed = "loses the game" if rules.double_nil_failed == LOSE else f"{rules.double_nil_failed}"
        specials.append(f"Double nil: both partners bid nil; made {made}, failed {failed}; if both partners "
                        f"take a trick the opponents get +{rules.double_nil_bonus}. Its tricks are bags.")
    if rules.bemo:
        specials.append(f"Bemo, on top of the bid: little bemo wins the first {rules.little_bemo_tricks} tricks "
                        f"(±{rules.little_bemo_value}), big bemo the first {rules.big_bemo_tricks} "
                        f"(±{rules.big_bemo_value}).")
    if specials:
        sections.append(("Special bids", " ".join(specials)))

    if rules.penalties:
        bags = ", ".join(str(b) for b in rules.reneg_bags)
        sections.append(("Penalties", (
            f"A reneg (an illegal play) costs the offending side penalty bags ({bags} for its first offences; "
            f"penalty bags score {rules.bag_value} each and count toward the bag penalty), and its "
            f"{nth(rules.reneg_losses)} reneg loses the game. In that hand every other side scores as if all "
            "its bids were made, with no bags. If the penalty would win the game for the side that reneged, "
            f"the hand is thrown out. Each card a player failed to play costs {rules.unplayed_card_bags} bags.")))

    end = f"The first side to reach {rules.win_score} wins; a tie at the top plays another hand."
    if rules.lose_score is not None:
        end += f" A side at {rules.lose_score} or below loses."
    if rules.behind_limit is not None:
        end += f" A side {rules.behind_limit} or more behind the leader loses."
    if rules.max_hands is not None:
        end += f" After {rules.max_hands} scored hands the highest score wins (a tie plays on)."
    end += " A misdeal scores nothing, the deal moves on, and it does not count as a hand."
    sections.append(("Winning", end))
    return sections


def format_value(value: Any) -> str:
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)
