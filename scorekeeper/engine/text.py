"""Every rule in the app's own words: the lines of a breakdown, the end of a game, the rules screen.

The CLI and the GUI show exactly these sentences.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .record import escaped
from .rules import LOSE, OPTIONS, WIN, BidFirst, RuleSet

if TYPE_CHECKING:  # pragma: no cover
    from .bids import SideBid


def shown(text: str) -> str:
    """``text`` as it may leave the app (a terminal, a picture, a CSV cell, the group chat): a control
    character or a bidirectional override in a name an earlier release let in is written escaped
    (`record.escaped`), so it rings no bell, sends no escape sequence and reverses nothing."""
    return escaped(text)


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


def outcome(status: str, winner: str | None) -> str:
    """A game's state inside a sentence: 'in progress', 'won by Us' or 'finished' (a draw)."""
    if status == "finished":
        return f"won by {winner}" if winner else "finished"
    return "in progress"


def signed(points: int) -> str:
    """+52, 0, -40."""
    return f"+{points}" if points > 0 else str(points)


def names(sides: list[str]) -> str:
    """'Us', 'Us and Them', 'Us, Them and You'."""
    return sides[0] if len(sides) == 1 else ", ".join(sides[:-1]) + " and " + sides[-1]


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
        return f"{rules.moon_name} (all {c} tricks)"
    if kind == "ten":
        return f"{rules.ten_name} (bid {c})"
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
        rule = f"{rules.moon_name} is {value}"
    elif kind == "ten":
        rule = f"{rules.ten_name} is worth {rules.ten_value}"
    elif sb.contract == 0:
        rule = "a bid of no tricks is made by any number of tricks"
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
        value = f"{rules.moon_name} lost costs {rules.moon}" if rules.moon != WIN else \
            f"{rules.trick_value} a trick bid"
    elif kind == "ten":
        value = f"{rules.ten_name} lost costs {rules.ten_value}"
    else:
        value = f"minus {rules.trick_value} a trick bid"
    if fail_mult != 1:
        value += f", {_times(fail_mult)} for {_why_multiplied(sb)}"
    elif sb.blind:
        value += " (a failed blind bid is not doubled)"
    return f"{head}: {value}"


def _worth(count: int, value: int, thing: str) -> str:
    """'a bag worth 1', 'bags worth 1 point each' (the words agree with the count)."""
    if count == 1:
        return f"a {thing} worth {value}"
    return f"{thing}s worth {plural(value, 'point')} each"


def overtricks(over: int, rules: RuleSet) -> str:
    return f"{plural(over, 'overtrick')}: {_worth(over, rules.bag_value, 'bag')}"


def overtricks_cost(over: int, rules: RuleSet) -> str:
    cost = (f"costs {rules.overtrick_cost}" if over == 1
            else f"cost {rules.overtrick_cost} each")
    return f"{plural(over, 'trick')} over the bid {cost} (the sandbag rule without partners)"


def bag_penalty(rules: RuleSet) -> str:
    return (f"Bag penalty: {plural(rules.bag_limit, 'bag')} reached, they cost {rules.bag_penalty} "
            "and are taken off")


# ---- nil ------------------------------------------------------------------
def nil(player: str, made: bool, took: int, blind: bool, as_made_for: str | None) -> str:
    what = "Blind nil" if blind else "Nil"
    if as_made_for is not None:
        return f"{what} by {player} counts as made because {as_made_for} reneged"
    if made:
        return f"{what} by {player} made: no tricks taken"
    return f"{what} by {player} failed: took {plural(took, 'trick')}"


def failed_nil_bags(player: str, took: int, partnered: bool = True) -> str:
    verb = "is a bag" if took == 1 else "are bags"
    return (f"{player}'s {plural(took, 'trick')} as a failed nil bidder {verb}"
            + (", not toward the partner's bid" if partnered else ""))


def failed_nil_tricks_void(player: str, took: int) -> str:
    verb = "scores" if took == 1 else "score"
    return (f"{player}'s {plural(took, 'trick')} as a failed nil bidder {verb} nothing: "
            "neither a bag nor toward the partner's bid")


def double_nil_made(side: str, points: int | None, as_made_for: str | None) -> str:
    head = (f"Double nil by {side} counts as made because {as_made_for} reneged" if as_made_for
            else f"Double nil by {side} made: neither partner took a trick")
    return head + (": it wins the game" if points is None else "")


def double_nil_failed(side: str, takers: list[str], points: int | None) -> str:
    who = " and ".join(takers) if takers else "a partner"
    return f"Double nil by {side} failed: {who} took a trick" + (": it loses the game" if points is None else "")


def all_nil_bags(side: str, tricks: int) -> str:
    verb = "is a bag" if tricks == 1 else "are bags"
    return f"{side} bid no tricks at all, so its {plural(tricks, 'trick')} {verb}"


def all_nil_tricks_void(side: str, tricks: int) -> str:
    verb = "scores" if tricks == 1 else "score"
    return f"{side} bid no tricks at all, and its {plural(tricks, 'trick')} {verb} nothing (not bags)"


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
    return f"Reneg, the side's {nth(count)} this game: {plural(bags, 'penalty bag')}{_each(bags, rules)}"


def _each(bags: int, rules: RuleSet) -> str:
    if bags == 0:
        return ""
    return f" worth {rules.bag_value}" if bags == 1 else f", {plural(rules.bag_value, 'point')} each"


def reneg_loss(count: int) -> str:
    return f"Reneg, the side's {nth(count)} this game: it loses the game"


def unplayed(cards: int, bags: int, rules: RuleSet) -> str:
    return f"{plural(cards, 'card')} left unplayed: {plural(bags, 'penalty bag')}{_each(bags, rules)}"


def thrown_out(side: str) -> str:
    return f"Hand thrown out: with the reneg penalty it would have won {side} the game"


# ---- the end of the game --------------------------------------------------
def reason_third_reneg(side: str) -> str:
    return f"{side} reneged for the third time"


def reason_blind_moon(side: str, rules: RuleSet) -> str:
    return f"{side} made a blind {rules.moon_name}"


def reason_moon(side: str, rules: RuleSet) -> str:
    return f"{side} made {rules.moon_name}: all {rules.tricks} tricks"


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


def _all_hands(hands: int) -> str:
    return "the only hand was played" if hands == 1 else f"all {hands} hands were played"


def reason_hand_limit(side: str, hands: int, score: int) -> str:
    return f"{_all_hands(hands)}; {side} leads with {score}"


def _tied(top: list[str], score: int) -> str:
    return f"{names(top)} are tied at {score}"


def reason_draw_reached(top: list[str], score: int) -> str:
    return f"{_tied(top, score)}, past the winning score: a draw"


def reason_draw_hand_limit(top: list[str], hands: int, score: int) -> str:
    return f"{_all_hands(hands)} and {_tied(top, score)}: a draw"


def reason_draw_after_loss(why: str, top: list[str], score: int) -> str:
    return f"{why}, and {_tied(top, score)}: a draw"


def plays_on_reached(top: list[str], score: int) -> str:
    return f"{_tied(top, score)}, past the winning score: a tie plays another hand"


def plays_on_hand_limit(top: list[str], hands: int, score: int) -> str:
    return f"{_all_hands(hands)}, but {_tied(top, score)}: a tie plays another hand"


def plays_on_after_loss(side: str, why: str, top: list[str], score: int) -> str:
    return f"{why}: {side} is out, but {_tied(top, score)}, so play goes on"


#: The result of a finished game, in the form each place shows it: (a side won, a draw).  The part
#: in [brackets] says the reason, and is left out when there is none (or the place shows it apart).
RESULT_FORMS = {
    "headline": ("{winner} won", "A draw"),  # the game-over panel; the reason is the line below
    "line": ("{winner} wins[ ({reason})]", "A draw[ ({reason})]"),  # a game's outcome in one line
    "status": ("Won by {winner}", "Draw"),  # the games list
    "share": ("Winner: {winner}.[ {reason}]", "A draw.[ {reason}]"),  # the text a game is shared as
    "report": ("Winner: {winner}[ ({reason})]", "Game over[: {reason}]"),  # the command line's sheet
    "what_if": ("{winner} wins[ ({reason})]", "nobody wins[ ({reason})]"),  # a game under other rules
}


def game_result(winner: str | None, reason: str | None = None, form: str = "headline") -> str:
    """Who won a finished game (no winner: a draw), and why, worded as ``form`` (RESULT_FORMS):
    'Us won', 'Us wins (Us reached 512)', 'Won by Us', 'A draw. ...'."""
    won, draw = RESULT_FORMS[form]
    head, _, because = (won if winner else draw).partition("[")
    template = head + because.removesuffix("]") if reason else head
    return template.format(winner=winner, reason=reason)


# ---- the table --------------------------------------------------------------
def blind_refused(side: str, gap: int, need: int) -> str:
    if gap <= 0:
        return f"{side} may not bid blind: blind needs the side {need} behind, and it is not behind"
    return f"{side} may not bid blind: blind needs the side {need} behind, and it is {gap} behind"


def bid_text(sb: "SideBid") -> str:
    """A side's bid as a scoresheet shows it: '5', 'B6', 'nil + 4', '3 + 4' (each partner's own bid,
    in seating order), 'double nil', '5 NT', '4 (+2)' (raised in the lock round), '6 + aces'."""
    if (sb.contract is not None and not sb.nils and not sb.blind and not sb.raised and sb.no_trump is None
            and sb.aces is None and sb.bemo is None and (sb.side_form or not sb.partnered)):
        return str(sb.contract)  # most bids: one number
    if sb.double_nil:
        parts = ["blind double nil" if sb.blind_nils else "double nil"]
    elif sb.partnered and not sb.side_form:
        parts = []
        for player in sb.side.players:
            bid = sb.player_bids[player]
            if bid == "nil":
                parts.append("blind nil" if player in sb.blind_nils else "nil")
            else:
                parts.append(f"B{bid}" if sb.blind else str(bid))
        if sb.no_trump is not None:
            parts[-1] += " NT"
    else:
        parts = ["blind nil" if player in sb.blind_nils else "nil" for player in sb.nils]
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
    return " + ".join(parts) if parts else "\u2014"


# ---- the rules in plain words -----------------------------------------------
#: every option's help line (its home is the option's RuleSet field)
OPTION_HELP: dict[str, str] = {key: option.help for key, option in OPTIONS.items()}


#: how the pack is played at each table without partners, after "N tricks a hand" (jokers: with them in)
_ALONE_PACK = {
    (2, False): " (each player draws a hand of 13 from the pack; the 26 cards left are never played).",
    (2, True): " (each player draws a hand of 13 from the pack with the jokers; the cards left are never played).",
    (3, False): " (one card is left out).",
    (3, True): " (54-card pack with the jokers).",
    (5, False): " (the 2 of clubs and the 2 of diamonds are taken out: 50 cards).",
    (5, True): " (with the jokers in, four cards are taken out: 50 cards).",
}


def _the_table(rules: RuleSet) -> str | None:
    n = rules.tricks
    if not rules.partners:
        each = "each for themselves" if rules.players in (2, 3) else "each for themselves (no partners)"
        table = (f"{rules.players} players, {each}; {n} tricks a hand"
                 + _ALONE_PACK.get((rules.players, rules.jokers), "."))
    elif rules.players == 6:
        table = f"6 players in three partnerships, partners opposite; two packs, {n} tricks a hand."
    else:
        table = (f"4 players in two partnerships, partners opposite; {n} tricks a hand"
                 + (" (jokers in, two cards discarded)." if rules.jokers else "."))
    if rules.players == 3:
        deal = ("The deal moves one seat to the left each hand; whoever holds the 2 of clubs (the 3 when "
                "the 2 is out of play) leads the first trick, and bidding starts left of the dealer.")
    elif rules.players == 2:
        deal = "The deal alternates; the player who did not deal bids first and leads."
    else:
        deal = "The deal moves one seat to the left each hand; the player left of the dealer leads."
    if rules.passing:
        deal += (" After bidding, pass three cards: hand 1 left, 2 right, 3 across, 4 no pass (a nil bidder "
                 "then passes two to the partner), and again.")
    if rules.must_beat:
        deal += (" In play, each player must beat the highest card played to the trick so far when they can "
                 "(this changes no score).")
    return f"{table} {deal}"


def _bidding(rules: RuleSet) -> str | None:
    n = rules.tricks
    if rules.partnership_bidding:
        if rules.side_min_bid == 0:
            bidding = ("Each side agrees on one bid for the partnership, which may be 0 (as beside a nil): "
                       "any number of tricks makes a bid of 0, and each trick it takes is a bag.")
        else:
            bidding = f"Each side agrees on one bid for the partnership, at least {rules.side_min_bid}."
    elif not rules.partners:
        bidding = f"Each player bids {rules.player_min_bid} to {n} tricks" + (" or nil." if rules.nil else ".")
    else:
        bidding = f"Each player bids {rules.player_min_bid} to {n} tricks" + (" or nil" if rules.nil else "") + \
                  "; a side's contract is the sum of the partners' bids."
    if rules.bid_first == BidFirst.NON_DEALER_SIDE:
        bidding += " The side without the dealer bids first."
    elif rules.players != 2:  # two players: the table's section says who bids first
        bidding += " Bidding starts left of the dealer."
    if rules.three_player_no_exact_total and not rules.partners:
        bidding += f" The {rules.players} bids may not total {n}."
    if rules.suicide and rules.partners:
        bidding += (f" Suicide: in every hand one partner of each side bids nil (a blind nil counts) and the other "
                    f"bids at least {rules.suicide_min_bid}; a hand bid otherwise is refused.")
    if rules.lock:
        bidding += (f" If the bids total less than {n}, the hand is open: the side without the dealer may raise "
                    f"up to {n}, then the dealer's side may raise to exactly {n} (a 'loaded' lock). "
                    f"{rules.ten_name} and {rules.moon_name} count only when bid in the first round.")
    return bidding


def _points(rules: RuleSet) -> str | None:
    n = rules.tricks
    points = (f"A side that takes at least its contract scores {rules.trick_value} a trick bid; "
              f"short of it, it loses {rules.trick_value} a trick bid (it is set).")
    if not rules.counts_bags:
        points += f" Every trick over the bid costs {rules.overtrick_cost}."
    else:
        points += (f" Each overtrick is a bag worth {rules.bag_value}; bags add up over the game and every time "
                   f"a side's count reaches {rules.bag_limit} it loses {rules.bag_penalty} and the count "
                   f"drops by {rules.bag_limit}.")
    if rules.ten_for_200:
        points += (f" {rules.ten_name}: a bid of exactly {rules.ten_bid} is worth {rules.ten_value} "
                   f"(failed: -{rules.ten_value}).")
    if rules.moon is not None:
        worth = "wins the game" if rules.moon == WIN else f"is worth {rules.moon} (failed: -{rules.moon})"
        points += f" {rules.moon_name}: a bid of all {n} tricks {worth}."
    return points


def _nil(rules: RuleSet) -> str | None:
    if not rules.nil:
        return None
    text = (f"A player may bid nil, to take no trick: {signed(rules.nil_value)} made, "
            f"-{rules.nil_value} failed" + (", on top of the partner's contract. " if rules.partners else ". "))
    if not rules.partners:
        if rules.failed_nil_bags:
            text += "Tricks a failed nil bidder takes are bags."
        return text.strip()
    if rules.nil_tricks_count_for_partner:
        text += "Tricks a failed nil bidder takes still count toward the side's contract."
    elif rules.failed_nil_tricks_are_bags:
        text += "Tricks a failed nil bidder takes do not help the partner: each is a bag."
    else:
        text += "Tricks a failed nil bidder takes score nothing: they neither help the partner nor count as bags."
    if rules.separate_nils:
        text += (" Both partners may bid nil; each nil is scored on its own, and the side has no trick bid, "
                 "so no smallest side bid applies.")
    if rules.separate_nils or rules.double_nil:
        text += (" When both partners bid nil, the tricks their side takes are "
                 + ("bags." if rules.both_nil_tricks_are_bags else "worth nothing (not bags)."))
    return text


def _blind(rules: RuleSet) -> str | None:
    if not (rules.blind_bids or rules.blind_nil):
        return None
    blind = f"Only a side at least {rules.blind_behind} behind the leader when the hand starts may bid blind."
    if rules.blind_bids:
        blind += (f" A blind trick bid is at least {rules.blind_min}; made, it scores "
                  f"{_times(rules.blind_multiplier) or 'its usual value'}; failed, "
                  + ("it costs the usual amount." if rules.blind_failed_multiplier == 1
                     else f"it costs {_times(rules.blind_failed_multiplier)}.")
                  + " Overtricks are never multiplied.")
    if rules.blind_nil:
        blind += f" Blind nil: {signed(rules.blind_nil_made)} made, {rules.blind_nil_failed} failed."
    if rules.blind_moon_wins:
        blind += f" A made blind {rules.moon_name} wins the game on the spot."
    return blind


def _special_bids(rules: RuleSet) -> str | None:
    specials = []
    if rules.aces:
        specials.append(f"Aces: a side bids that its tricks will hold all four aces: +{rules.aces_value} "
                        f"or -{rules.aces_value}, on top of its bid.")
    if rules.no_trump:
        specials.append(f"No trump: the side promises not to win a trick by trumping; its contract counts "
                        f"{_times(rules.no_trump_multiplier)} made and "
                        f"{_times(rules.no_trump_failed_multiplier) or 'once'} failed, "
                        f"{_times(rules.blind_no_trump_multiplier)} blind. A trick won by trumping sets it.")
    if rules.double_nil:
        made = "wins the game" if rules.double_nil_made == WIN else f"{signed(rules.double_nil_made)}"
        failed = "loses the game" if rules.double_nil_failed == LOSE else f"{rules.double_nil_failed}"
        specials.append(f"Double nil: both partners bid nil; made {made}, failed {failed}; if both partners "
                        f"take a trick the opponents get +{rules.double_nil_bonus}.")
    if rules.bemo:
        specials.append(f"Bemo, on top of the bid: little bemo wins the first {rules.little_bemo_tricks} tricks "
                        f"(\u00b1{rules.little_bemo_value}), big bemo the first {rules.big_bemo_tricks} "
                        f"(\u00b1{rules.big_bemo_value}).")
    return " ".join(specials) or None


def _penalties(rules: RuleSet) -> str | None:
    if not rules.penalties:
        return None
    bags = ", ".join(str(b) for b in rules.reneg_bags)
    return (f"A reneg (an illegal play) costs the offending side penalty bags ({bags} for its first offences; "
            f"penalty bags score {rules.bag_value} each and count toward the bag penalty), and its "
            f"{nth(rules.reneg_losses)} reneg loses the game. In that hand every other side scores as if all "
            "its bids were made, with no bags. If the penalty would win the game for the side that reneged, "
            f"the hand is thrown out. Each card a player failed to play costs "
            f"{plural(rules.unplayed_card_bags, 'bag')}.")


def _winning(rules: RuleSet) -> str | None:
    tie = "is a draw" if rules.tie_ends_in_draw else "plays another hand"
    end = f"The first side to reach {rules.win_score} wins; a tie at the top {tie}."
    if rules.lose_score is not None:
        end += f" A side at {rules.lose_score} or below loses."
    if rules.behind_limit is not None:
        end += f" A side {rules.behind_limit} or more behind the leader loses."
    if rules.max_hands is not None:
        end += f" After {plural(rules.max_hands, 'scored hand')} the highest score wins (a tie {tie})."
    if rules.sides > 2 and (rules.lose_score is not None or rules.behind_limit is not None or rules.penalties):
        end += (" When a side is out and the sides left are tied at the top, "
                + ("the game is a draw." if rules.tie_ends_in_draw else "play goes on."))
    end += " A misdeal scores nothing, the deal moves on, and it does not count as a hand."
    return end


#: the sections of the rules screen and `scorekeeper rules`, in order: (title, the words or None)
SECTIONS: tuple[tuple[str, Callable[[RuleSet], str | None]], ...] = (
    ("The table", _the_table), ("Bidding", _bidding), ("Points", _points), ("Nil", _nil), ("Blind", _blind),
    ("Special bids", _special_bids), ("Penalties", _penalties), ("Winning", _winning),
)


def describe_rules(rules: RuleSet) -> list[tuple[str, str]]:
    """The rule set as sections of plain text, for the rules screen and `scorekeeper rules`."""
    return [(title, words) for title, section in SECTIONS if (words := section(rules))]


def format_value(value: Any) -> str:
    """An option's value in words: on / off, numbers, lists."""
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, BidFirst):
        return {BidFirst.LEFT_OF_DEALER: "left of the dealer",
                BidFirst.NON_DEALER_SIDE: "side without the dealer"}[value]
    return str(value)
