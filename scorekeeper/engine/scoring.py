"""Scoring: a hand becomes lines of points per side; a game becomes a scoresheet.

Every point is a ``Line`` (points + the rule it applies, in words); a side's
points for a hand are the sum of its lines.  Scoring a game also checks every
rule that depends on the score (blind bids, the end of the game), so
``score_game`` is where a record is fully validated; ``actions.py`` builds the
check / record functions on top of it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from . import text
from .bids import Penalties, SideBid, read_hand, read_penalties
from .errors import HandError, RecordError
from .record import Game, Hand
from .rule_keys import Rule
from .rules import LOSE, WIN, RuleSet

#: Goes up whenever the engine may score the same record differently (cached summaries
#: stamped with an older version are scored again).
ENGINE_VERSION = 3


class Status(StrEnum):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


class AfterEnd(StrEnum):
    """What ``score_game`` does with a hand recorded after the game was over."""

    ERROR = "error"  # the record is wrong: raise, naming the hand
    IGNORE = "ignore"  # re-scoring under other rules: leave it unscored


class EndReason(StrEnum):
    """Why a game is over (RULES.md, "End of the game", in its order)."""

    THIRD_RENEG = "third_reneg"
    BID_WON = "bid_won"  # a made blind Boston, or a Moon / double nil set to win the game
    BID_LOST = "bid_lost"  # a failed bid set to lose the game
    FELL = "fell"  # a side at or below the losing score
    BEHIND = "behind"  # a side too far behind the leader
    REACHED = "reached"  # the winning score
    HAND_LIMIT = "hand_limit"
    DRAW = "draw"  # a tie at the top when the game would end (tie_ends_in_draw)


@dataclass(frozen=True)
class End:
    """The end of a game as a value: why, who won (None for a draw), and the sentence."""

    reason: EndReason
    winner: str | None
    text: str
    side: str | None = None  # the side the reason is about (who fell, reneged, made the bid ...)


@dataclass(frozen=True)
class Loss:
    """A side out of the game (a third reneg, a bid that loses it, fell, too far behind): why, and in words."""

    reason: EndReason
    text: str


class ContractKind(StrEnum):
    PLAIN = "plain"
    TEN = "ten"  # 10 for 200 / Wheels
    MOON = "moon"  # all the tricks: Moon / Boston


@dataclass(slots=True)
class Line:
    """An addend of a side's points in a hand: the points, the rule in words, and the rule's key
    (``rule_keys.RULE_KEYS``: its title, its options and where it comes from)."""

    points: int
    text: str
    rule: Rule

    def to_json(self) -> dict:
        return {"points": self.points, "text": self.text, "rule": str(self.rule)}


@dataclass(slots=True)
class SideScore:
    points: int = 0
    score: int = 0
    bags: int = 0
    lines: list[Line] = field(default_factory=list)
    bid_text: str = "\u2014"
    tricks: int | None = None
    made: bool | None = None  # the trick contract: made, set, or None (no contract)
    set: bool = False
    nils: dict[str, bool] = field(default_factory=dict)
    blind: bool = False
    bag_penalty: bool = False
    bag_warning: bool = False
    aces: bool | None = None  # bid aces: made or missed
    renegs: int = 0  # renegs recorded against the side in this hand
    penalty_bags: int = 0  # penalty bags (renegs, unplayed cards) in this hand
    bags_taken: int = 0  # the bags this hand added (overtricks, nil tricks, penalties), before any bag limit
    blind_nils: tuple[str, ...] = ()  # the side's nil bidders who bid blind
    kind: ContractKind | None = None  # the trick contract's kind (10 for 200, Boston), None without one
    #: a contract set only because the nil bidder's tricks do not count toward it
    #: (``nil_tricks_count_for_partner`` off): those tricks; else 0
    uncounted: int = 0

    def to_json(self) -> dict:
        return {"points": self.points, "score": self.score, "bags": self.bags,
                "lines": [line.to_json() for line in self.lines]}


@dataclass(slots=True)
class HandScore:
    """One deal of the record, scored.

    ``deal`` is its position in the record (1, 2, 3, ... counting misdeals); ``number`` is the hand
    number as the table counts it, None for a deal that is not a hand (a misdeal, a thrown-out hand).
    """
    deal: int
    dealer: str
    misdeal: bool
    sides: dict[str, SideScore]
    thrown_out: bool = False
    note: str | None = None  # why a hand was thrown out
    plays_on: str | None = None  # why the game did not end after this hand (a tie at the top)
    number: int | None = None

    @property
    def label(self) -> str:
        """'Hand 9', 'Misdeal' or 'Thrown out': what the table calls this deal."""
        if self.number is not None:
            return f"Hand {self.number}"
        return "Misdeal" if self.misdeal else "Thrown out"

    def to_json(self) -> dict:
        return {"number": self.number, "deal": self.deal, "dealer": self.dealer, "misdeal": self.misdeal,
                "sides": {name: s.to_json() for name, s in self.sides.items()}}


@dataclass
class Scoresheet:
    sides: list[str]
    hands: list[HandScore]
    scores: dict[str, int]
    bags: dict[str, int]
    renegs: dict[str, int] = field(default_factory=dict)
    end: End | None = None
    hands_played: int = 0  # scored hands: misdeals and thrown-out hands do not count
    misdeals: int = 0  # hands recorded as a misdeal
    thrown_out: int = 0  # hands thrown out because a reneg would have won the game
    unscored: int = 0  # hands recorded after the end (only when re-scoring with AfterEnd.IGNORE)
    #: sides that lost by a third reneg or a bid that loses the game, while the others were tied
    out: dict[str, Loss] = field(default_factory=dict)

    @classmethod
    def start(cls, sides: tuple[str, ...] | list[str]) -> "Scoresheet":
        names = list(sides)
        return cls(sides=names, hands=[], scores=dict.fromkeys(names, 0), bags=dict.fromkeys(names, 0),
                   renegs=dict.fromkeys(names, 0))

    def copy(self) -> "Scoresheet":
        """A sheet to go on from: its own lists and dicts (the hands already scored are shared)."""
        return replace(self, hands=list(self.hands), scores=dict(self.scores), bags=dict(self.bags),
                       renegs=dict(self.renegs), out=dict(self.out))

    @property
    def status(self) -> Status:
        return Status.FINISHED if self.end is not None else Status.IN_PROGRESS

    @property
    def finished(self) -> bool:
        return self.end is not None

    @property
    def winner(self) -> str | None:
        return self.end.winner if self.end is not None else None

    @property
    def reason(self) -> str | None:
        """The end of the game in words, e.g. "Them fell to -520"."""
        return self.end.text if self.end is not None else None

    @property
    def note(self) -> str | None:
        """Why the game goes on although it could have ended (a tie at the top), after the last hand."""
        if self.end is not None:
            return None
        last = next((h for h in reversed(self.hands) if not h.misdeal and not h.thrown_out), None)
        return last.plays_on if last is not None else None

    @property
    def hands_text(self) -> str:
        """'4 hands, 1 misdeal': scored hands, and the deals that were not scored, named apart."""
        return text.hands_count(self.hands_played, self.misdeals, self.thrown_out)

    def to_json(self) -> dict:
        return {"sides": list(self.sides), "hands": [h.to_json() for h in self.hands],
                "scores": dict(self.scores), "bags": dict(self.bags), "status": str(self.status),
                "winner": self.winner, "reason": self.reason}


# ---------------------------------------------------------------------------
# Points of one side in one hand
# ---------------------------------------------------------------------------
@dataclass(slots=True)
class _Outcome:
    lines: list[Line] = field(default_factory=list)
    points: int = 0  # the sum of the lines
    bags: int = 0
    made: bool | None = None
    nils: dict[str, bool] = field(default_factory=dict)  # nil bidder -> made?
    aces: bool | None = None  # an aces bid: made or missed
    kind: ContractKind | None = None  # the trick contract's kind, None without a contract
    wins: str | None = None  # a reason when a bid wins the game outright
    loses: str | None = None  # a reason when a bid loses the game outright

    def add(self, rule: Rule, points: int, words: str, news: bool = False) -> None:
        """A line of points by ``rule``; a line worth 0 only when the rule itself is the news."""
        if points or news:
            self.lines.append(Line(points, words, rule))
            self.points += points

    def add_bags(self, rule: Rule, count: int, value: int, words: str) -> None:
        self.bags += count
        self.add(rule, value * count, words, news=True)


#: The rule of a trick contract by its kind: (set, made)
_CONTRACT_RULES = {ContractKind.PLAIN: (Rule.CONTRACT_SET, Rule.CONTRACT_MADE),
                   ContractKind.TEN: (Rule.WHEELS_SET, Rule.WHEELS_MADE),
                   ContractKind.MOON: (Rule.MOON_SET, Rule.MOON_MADE)}


def _made_rule(made: Rule, failed: Rule, ok: bool, reneged_by: str | None) -> Rule:
    """The rule of a bid's line: made, failed, or made because another side reneged."""
    if reneged_by is not None:
        return Rule.RENEG_COUNTS_AS_MADE
    return made if ok else failed


def _contract_value(rules: RuleSet, sb: SideBid) -> tuple[ContractKind, int]:
    """The kind of contract and its base value (before blind and no-trump multipliers)."""
    c = sb.contract
    if sb.raised == 0:  # Wheels and Boston count only when bid in the first round
        if rules.moon is not None and c == rules.tricks:
            return ContractKind.MOON, rules.moon if rules.moon != WIN else rules.trick_value * c
        if rules.ten_for_200 and c == rules.ten_bid:
            return ContractKind.TEN, rules.ten_value
    return ContractKind.PLAIN, rules.trick_value * c


def _multipliers(rules: RuleSet, sb: SideBid) -> tuple[int, int]:
    if sb.no_trump is not None:
        if sb.blind:
            return rules.blind_no_trump_multiplier, rules.blind_no_trump_failed_multiplier
        return rules.no_trump_multiplier, rules.no_trump_failed_multiplier
    if sb.blind:
        return rules.blind_multiplier, rules.blind_failed_multiplier
    return 1, 1


def _score_contract(out: _Outcome, rules: RuleSet, sb: SideBid, counted: int, helped: int,
                    reneged_by: str | None) -> None:
    """Rules 1, 2, 5, 6 and 9: the trick contract, made or set, and its overtricks."""
    kind, base = _contract_value(rules, sb)
    out.kind = kind
    mult, fail_mult = _multipliers(rules, sb) if sb.blind or sb.no_trump is not None else (1, 1)
    made = reneged_by is not None or (counted >= sb.contract and sb.no_trump is not False)
    out.made = made
    failed_rule, made_rule = _CONTRACT_RULES[kind]
    if not made:
        out.add(failed_rule, -base * fail_mult, text.contract_set(sb, kind, counted, fail_mult, rules))
        return
    # a contract of 0 (side_min_bid 0) is worth nothing, but its line says why its tricks are bags
    out.add(_made_rule(made_rule, failed_rule, True, reneged_by), base * mult,
            text.contract_made(sb, kind, counted, mult, rules, reneged_by, helped), news=sb.contract == 0)
    if reneged_by is None:
        over = counted - sb.contract
        if over > 0:
            if rules.counts_bags:
                out.add_bags(Rule.OVERTRICK_BAGS, over, rules.bag_value, text.overtricks(over, rules))
            else:
                out.add(Rule.OVERTRICK_COST, -rules.overtrick_cost * over, text.overtricks_cost(over, rules))
    if kind is ContractKind.MOON:
        if sb.blind and rules.blind_moon_wins:
            out.wins = text.reason_blind_moon(sb.side.name, rules)
        elif rules.moon == WIN:
            out.wins = text.reason_moon(sb.side.name, rules)


def _score_double_nil(out: _Outcome, rules: RuleSet, sb: SideBid, reneged_by: str | None) -> None:
    """Rule 3, double nil: one bid for the side, made only if neither partner takes a trick."""
    name = sb.side.name
    made = reneged_by is not None or sb.tricks == 0
    out.nils = {p: made for p in sb.nils}
    if sb.blind_nils:
        if made:
            out.wins = text.reason_blind_double_nil(name)
        else:
            out.loses = text.reason_blind_double_nil_failed(name)
        rule = _made_rule(Rule.BLIND_DOUBLE_NIL_MADE, Rule.BLIND_DOUBLE_NIL_FAILED, made, reneged_by)
        out.add(rule, 0, text.blind_double_nil(name, made, reneged_by), news=True)
    elif made:
        rule = _made_rule(Rule.DOUBLE_NIL_MADE, Rule.DOUBLE_NIL_FAILED, made, reneged_by)
        if rules.double_nil_made == WIN:
            out.wins = text.reason_double_nil(name)
            out.add(rule, 0, text.double_nil_made(name, None, reneged_by), news=True)
        else:
            out.add(rule, rules.double_nil_made, text.double_nil_made(name, rules.double_nil_made, reneged_by))
    else:
        takers = [p for p in sb.nils if sb.nil_tricks(p) > 0]
        if rules.double_nil_failed == LOSE:
            out.loses = text.reason_double_nil_failed(name)
            out.add(Rule.DOUBLE_NIL_FAILED, 0, text.double_nil_failed(name, takers, None), news=True)
        else:
            out.add(Rule.DOUBLE_NIL_FAILED, rules.double_nil_failed,
                    text.double_nil_failed(name, takers, rules.double_nil_failed))


#: The rules of a nil, by whether it was bid blind: (made, failed)
_NIL_RULES = {False: (Rule.NIL_MADE, Rule.NIL_FAILED), True: (Rule.BLIND_NIL_MADE, Rule.BLIND_NIL_FAILED)}


def _score_nils(out: _Outcome, rules: RuleSet, sb: SideBid, counts_for_partner: bool,
                reneged_by: str | None) -> None:
    """Rule 3, each nil on its own (and with separate_nils, both partners' nils)."""
    for player in sb.nils:
        took = sb.nil_tricks(player) if sb.partnered else sb.tricks
        blind = player in sb.blind_nils
        made = reneged_by is not None or took == 0
        if made:
            points = rules.blind_nil_made if blind else rules.nil_value
        else:
            points = rules.blind_nil_failed if blind else -rules.nil_value
        out.nils[player] = made
        rule = _made_rule(*_NIL_RULES[blind], made, reneged_by)
        out.add(rule, points, text.nil(player, made, took, blind, reneged_by))
        if made or sb.all_nil:
            continue
        if not sb.partnered:  # a player alone: the tricks are bags, or nothing as in ihop-3 and solo
            if rules.failed_nil_bags:
                out.add_bags(Rule.FAILED_NIL_BAGS, took, rules.bag_value, text.failed_nil_bags(player, took, False))
        elif not counts_for_partner:
            if rules.failed_nil_tricks_are_bags:
                out.add_bags(Rule.FAILED_NIL_BAGS, took, rules.bag_value, text.failed_nil_bags(player, took))
            else:
                out.add(Rule.FAILED_NIL_VOID, 0, text.failed_nil_tricks_void(player, took), news=True)


def _score_all_nil_tricks(out: _Outcome, rules: RuleSet, sb: SideBid, reneged_by: str | None) -> None:
    """The tricks of a side whose partners all bid nil: bags, or nothing (both_nil_tricks_are_bags)."""
    if reneged_by is not None or sb.tricks == 0:
        return
    if rules.both_nil_tricks_are_bags:
        out.add_bags(Rule.ALL_NIL_BAGS, sb.tricks, rules.bag_value, text.all_nil_bags(sb.side.name, sb.tricks))
    else:
        out.add(Rule.ALL_NIL_VOID, 0, text.all_nil_tricks_void(sb.side.name, sb.tricks), news=True)


def _score_side(rules: RuleSet, sb: SideBid, reneged_by: str | None) -> _Outcome:
    """The lines of one side; ``reneged_by`` names the reneging side(s) when this side scores as made."""
    out = _Outcome()
    counts_for_partner = rules.nil_tricks_count_for_partner or not sb.partnered
    helped = sum(sb.nil_tricks(p) for p in sb.nils) if sb.partnered else 0
    counted = sb.tricks if counts_for_partner else sb.tricks - helped
    if sb.contract is not None:
        _score_contract(out, rules, sb, counted, helped if counts_for_partner else 0, reneged_by)
    if sb.double_nil:
        _score_double_nil(out, rules, sb, reneged_by)
    else:
        _score_nils(out, rules, sb, counts_for_partner, reneged_by)
    if sb.all_nil:
        _score_all_nil_tricks(out, rules, sb, reneged_by)
    # Aces and bemo, on top of the trick bid (rules 4 and 7)
    if sb.aces is not None:
        made = out.aces = reneged_by is not None or sb.aces
        out.add(_made_rule(Rule.ACES_MADE, Rule.ACES_FAILED, made, reneged_by),
                rules.aces_value if made else -rules.aces_value, text.aces(made, reneged_by))
    if sb.bemo is not None:
        big = sb.bemo.size == "big"
        value = rules.big_bemo_value if big else rules.little_bemo_value
        need = rules.big_bemo_tricks if big else rules.little_bemo_tricks
        made = reneged_by is not None or sb.bemo.made
        out.add(_made_rule(Rule.BEMO_MADE, Rule.BEMO_FAILED, made, reneged_by),
                value if made else -value, text.bemo(big, need, made, reneged_by))
    return out


# ---------------------------------------------------------------------------
# The end of the game
# ---------------------------------------------------------------------------
def _top(scores: dict[str, int], candidates: list[str]) -> list[str]:
    """The candidates with the best score (more than one: a tie)."""
    best = max(scores[s] for s in candidates)
    return [s for s in candidates if scores[s] == best]


def _end_of_game(rules: RuleSet, scores: dict[str, int], out: dict[str, Loss],
                 wins: dict[str, str], hands_played: int) -> tuple[End | None, str | None]:
    """(the end, or None) and, when the game goes on only because of a tie at the top, why.

    Checked in RULES.md's order: a third reneg, a bid that wins (or loses) the game, the losing
    score or too far behind, the winning score, the hand limit.  ``out``: the sides that have
    lost by a third reneg or by a bid that loses the game, with the reason.
    """
    leader = max(scores.values())
    if (not out and not wins and leader < rules.win_score
            and (rules.max_hands is None or hands_played < rules.max_hands)
            and (rules.lose_score is None or min(scores.values()) > rules.lose_score)
            and (rules.behind_limit is None or leader - min(scores.values()) < rules.behind_limit)):
        return None, None  # most hands: nothing can end the game
    names = list(scores)
    reneged_out = any(loss.reason is EndReason.THIRD_RENEG for loss in out.values())
    if wins and not reneged_out:
        side = next(iter(wins))
        return End(EndReason.BID_WON, side, wins[side], side), None
    losers = dict(out)
    for side in names:
        if side in losers:
            continue
        if rules.lose_score is not None and scores[side] <= rules.lose_score:
            losers[side] = Loss(EndReason.FELL, text.reason_fell(side, scores[side]))
        elif rules.behind_limit is not None and leader - scores[side] >= rules.behind_limit:
            losers[side] = Loss(EndReason.BEHIND, text.reason_behind(side, leader - scores[side]))
    if losers:
        loser = next(iter(losers))
        why = losers[loser].text
        others = [s for s in names if s not in losers] or names  # every side lost: the best of them wins
        top = _top(scores, others)
        if len(top) == 1:
            return End(losers[loser].reason, top[0], why, loser), None
        if rules.tie_ends_in_draw:
            return End(EndReason.DRAW, None, text.reason_draw_after_loss(why, top, scores[top[0]]), loser), None
        return None, text.plays_on_after_loss(loser, why, top, scores[top[0]])
    top = _top(scores, names)
    if leader >= rules.win_score:
        if len(top) == 1:
            return End(EndReason.REACHED, top[0], text.reason_reached(top[0], leader), top[0]), None
        if rules.tie_ends_in_draw:
            return End(EndReason.DRAW, None, text.reason_draw_reached(top, leader)), None
        return None, text.plays_on_reached(top, leader)
    if rules.max_hands is not None and hands_played >= rules.max_hands:
        if len(top) == 1:
            return End(EndReason.HAND_LIMIT, top[0], text.reason_hand_limit(top[0], rules.max_hands, leader),
                       top[0]), None
        if rules.tie_ends_in_draw:
            return End(EndReason.DRAW, None, text.reason_draw_hand_limit(top, rules.max_hands, leader)), None
        return None, text.plays_on_hand_limit(top, rules.max_hands, leader)
    return None, None


def behind_leader(scores: dict[str, int]) -> dict[str, int]:
    """How far each side is behind the leader (0 for the leader, and for sides tied with it)."""
    best = max(scores.values())
    return {side: best - score for side, score in scores.items()}


# ---------------------------------------------------------------------------
# A whole game
# ---------------------------------------------------------------------------
def score_game(game: Game, *, after_end: AfterEnd = AfterEnd.ERROR) -> Scoresheet:
    """The scoresheet of a game; raises RecordError (naming the hand) for a hand the rules forbid.

    A hand after the end of the game is an error; with ``after_end=AfterEnd.IGNORE`` (re-scoring a
    record under other house rules) such hands are left unscored and counted in ``Scoresheet.unscored``.
    """
    sheet = Scoresheet.start(game.side_names)
    for index, hand in enumerate(game.hands):
        if sheet.end is not None and after_end == AfterEnd.IGNORE:
            sheet.unscored = len(game.hands) - index
            break
        score_hand(sheet, game, hand, index + 1)
    return sheet


def score_hand(sheet: Scoresheet, game: Game, hand: Hand, deal: int) -> HandScore:
    """Score deal ``deal`` (its position in the record) of ``game`` on top of ``sheet``.

    ``sheet`` (the sheet of the deals before it) is changed in place; the error names the hand
    (by the table's count and its position) when the rules forbid it.
    """
    number = sheet.hands_played + 1  # the table's count: misdeals and thrown-out hands are not hands
    if sheet.end is not None:
        raise HandError(f"the game was over after hand {sheet.hands_played} ({sheet.reason}); "
                        "no more hands can be recorded", deal, number=number)
    dealer = game.dealer_of(deal)
    if hand.misdeal:
        scored = _score_misdeal(sheet, deal, dealer)
    else:
        try:
            scored = _score_played(sheet, game, hand, deal, dealer)
        except RecordError as exc:
            if exc.hand == deal and exc.number is None:
                raise exc.counted_as(number) from None
            raise
    sheet.hands.append(scored)
    return scored


def _score_misdeal(sheet: Scoresheet, deal: int, dealer: str) -> HandScore:
    """A misdeal: nothing scored, the deal passes on (it is not a hand)."""
    sheet.misdeals += 1
    return HandScore(deal, dealer, True, {
        s: SideScore(0, sheet.scores[s], sheet.bags[s], bid_text="misdeal") for s in sheet.sides})


def _score_played(sheet: Scoresheet, game: Game, hand: Hand, number: int, dealer: str) -> HandScore:
    """A hand that was played (not a misdeal), scored on top of ``sheet``; ``number`` is its deal.

    In phases: the bids and the penalties read, each side's lines, each side's total (its bags
    counted), the sides out of the game, the end of the game; or the hand thrown out, when its
    reneg would win the game for the side that reneged.
    """
    rules = game.rules
    read = read_hand(game, hand, number, sheet.scores, dealer)
    if hand.penalties:
        renegs = dict(sheet.renegs)
        penalties = read_penalties(game, hand, number, renegs)
        offenders = penalties.offenders
    else:  # most hands: nothing to read, nothing changes
        renegs, penalties, offenders = sheet.renegs, None, ()
    outcomes = _score_sides(rules, sheet.sides, read, offenders)
    results = {s: _total(rules, s, read[s], outcomes[s], penalties, sheet.scores[s], sheet.bags[s])
               for s in sheet.sides}
    out_now = _sides_out(rules, sheet.out, renegs, outcomes, offenders)
    new_scores = {s: result.score for s, result in results.items()}
    wins = {s: o.wins for s, o in outcomes.items() if o.wins}
    end, plays_on = _end_of_game(rules, new_scores, out_now, wins, sheet.hands_played + 1)
    if _reneg_would_win(rules, end, offenders, renegs):
        return _throw_out(sheet, read, penalties, renegs, number, dealer, end.winner)
    if end is not None and hand.played_on:  # the table played on past this end (see edits.py)
        end, plays_on = None, text.played_on(end.text)
    sheet.scores, sheet.renegs, sheet.out = new_scores, renegs, out_now
    sheet.bags = {s: result.bags for s, result in results.items()}
    sheet.hands_played += 1
    sheet.end = end
    return HandScore(number, dealer, False, results, plays_on=plays_on, number=sheet.hands_played)


def _score_sides(rules: RuleSet, names: list[str], read: dict[str, SideBid],
                 offenders: list[str] | tuple[()]) -> dict[str, _Outcome]:
    """Each side's lines for its bids; a side that did not reneg scores as made when another side did."""
    reneged_by = " and ".join(offenders) if offenders and len(offenders) < len(names) else None
    outcomes = {s: _score_side(rules, read[s], reneged_by if s not in offenders else None) for s in names}
    if rules.double_nil and not offenders:
        _add_double_nil_bonus(rules, names, read, outcomes)
    return outcomes


def _add_double_nil_bonus(rules: RuleSet, names: list[str], read: dict[str, SideBid],
                          outcomes: dict[str, _Outcome]) -> None:
    """A double nil failed with both partners taking tricks: a bonus to every other side."""
    for s in names:
        sb = read[s]
        if sb.double_nil and not sb.blind_nils and all(sb.nil_tricks(p) > 0 for p in sb.nils):
            for other in names:
                if other != s:
                    outcomes[other].add(Rule.DOUBLE_NIL_BONUS, rules.double_nil_bonus,
                                        text.double_nil_bonus(s, rules.double_nil_bonus))


def _total(rules: RuleSet, s: str, sb: SideBid, out: _Outcome, penalties: Penalties | None,
           score: int, bags: int) -> SideScore:
    """One side's hand in total: its lines and its penalties' lines, its bags counted on from ``bags``."""
    lines = out.lines
    points = out.points
    penalty_bags = 0
    if penalties is not None and penalties.offences[s]:
        for extra, words, rule in penalties.offences[s]:  # a penalty bag costs what a bag costs
            lines.append(Line(rules.bag_value * extra, words, rule))
            points += rules.bag_value * extra
        penalty_bags = penalties.bags[s]
    count = bags + out.bags + penalty_bags if (rules.counts_bags or penalty_bags) else bags
    count_taken = count - bags
    penalty_hit = count >= rules.bag_limit
    count, lost = _pay_bag_limit(rules, count, lines)
    points -= lost
    return SideScore(
        points=points, score=score + points, bags=count, lines=lines, bid_text=text.bid_text(sb),
        tricks=sb.tricks, made=out.made, set=out.made is False, nils=out.nils,
        blind=sb.blind or bool(sb.blind_nils), bag_penalty=penalty_hit,
        bag_warning=rules.counts_bags and count >= rules.bag_limit - 2,
        aces=out.aces,
        renegs=penalties.renegs[s] if penalties is not None else 0, penalty_bags=penalty_bags,
        bags_taken=count_taken, blind_nils=tuple(p for p in sb.nils if p in sb.blind_nils), kind=out.kind,
        uncounted=(sum(sb.nil_tricks(p) for p in sb.nils)
                   if sb.partnered and sb.contract is not None and not rules.nil_tricks_count_for_partner
                   and out.made is False and sb.tricks >= sb.contract else 0),
    )


def _pay_bag_limit(rules: RuleSet, count: int, lines: list[Line]) -> tuple[int, int]:
    """Bags at the bag limit: the bag penalty (a line in ``lines``) for each limit reached.

    Returns (the bags left, the points the penalties cost)."""
    lost = 0
    while count >= rules.bag_limit:
        if rules.bag_penalty:
            lines.append(Line(-rules.bag_penalty, text.bag_penalty(rules), Rule.BAG_PENALTY))
            lost += rules.bag_penalty
        count -= rules.bag_limit
    return count, lost


def _sides_out(rules: RuleSet, out: dict[str, Loss], renegs: dict[str, int],
               outcomes: dict[str, _Outcome], offenders: list[str] | tuple[()]) -> dict[str, Loss]:
    """The sides out of the game after this hand: those out before (``out``, unchanged), then a third
    reneg, then a bid that loses the game."""
    if not (offenders or (rules.double_nil and any(o.loses for o in outcomes.values()))):
        return out
    out = dict(out)
    for s in outcomes:
        if renegs[s] >= rules.reneg_losses:
            out.setdefault(s, Loss(EndReason.THIRD_RENEG, text.reason_third_reneg(s)))
    for s, outcome in outcomes.items():
        if outcome.loses:
            out.setdefault(s, Loss(EndReason.BID_LOST, outcome.loses))
    return out


def _reneg_would_win(rules: RuleSet, end: End | None, offenders: list[str] | tuple[()],
                     renegs: dict[str, int]) -> bool:
    """Whether the hand ends the game in favour of a side that reneged (short of the reneg that loses)."""
    return bool(offenders) and end is not None and end.winner in offenders and not any(
        renegs[s] >= rules.reneg_losses for s in offenders)


def _throw_out(sheet: Scoresheet, read: dict[str, SideBid], penalties: Penalties, renegs: dict[str, int],
               number: int, dealer: str, winner: str) -> HandScore:
    """The reneg would hand the game to the side that reneged: the hand is thrown out (the offence counts)."""
    note = text.thrown_out(winner)
    sheet.renegs = renegs
    sheet.thrown_out += 1
    return HandScore(number, dealer, False, {
        s: SideScore(0, sheet.scores[s], sheet.bags[s], [Line(0, note, Rule.HAND_THROWN_OUT)],
                     bid_text=text.bid_text(read[s]), tricks=read[s].tricks, renegs=penalties.renegs[s])
        for s in sheet.sides},
        thrown_out=True, note=note)
