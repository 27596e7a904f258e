"""Scoring: a hand becomes lines of points per side; a game becomes a scoresheet.

Every point is a ``Line`` (points + the rule it applies, in words); a side's
points for a hand are the sum of its lines.  Scoring a game also checks every
rule that depends on the score (blind bids, the end of the game), so
``score_game`` is the one place a record is fully validated.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from . import text
from .errors import BidError, HandError
from .record import NIL, Game, Hand, Side
from .rules import LOSE, WIN, RuleSet


#: Goes up whenever the engine may score the same record differently (cached summaries
#: stamped with an older version are scored again).
ENGINE_VERSION = 2


class Status(StrEnum):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


@dataclass(slots=True)
class Line:
    points: int
    text: str

    def to_json(self) -> dict:
        return {"points": self.points, "text": self.text}


@dataclass(slots=True)
class SideScore:
    points: int = 0
    score: int = 0
    bags: int = 0
    lines: list[Line] = field(default_factory=list)
    bid_text: str = "—"
    tricks: int | None = None
    made: bool | None = None  # the trick contract: made, set, or None (no contract)
    set: bool = False
    nils: dict[str, bool] = field(default_factory=dict)
    blind: bool = False
    bag_penalty: bool = False
    bag_warning: bool = False

    def to_json(self) -> dict:
        return {"points": self.points, "score": self.score, "bags": self.bags,
                "lines": [line.to_json() for line in self.lines]}


@dataclass(slots=True)
class HandScore:
    number: int
    dealer: str
    misdeal: bool
    sides: dict[str, SideScore]
    thrown_out: bool = False
    note: str | None = None

    def to_json(self) -> dict:
        return {"number": self.number, "dealer": self.dealer, "misdeal": self.misdeal,
                "sides": {name: s.to_json() for name, s in self.sides.items()}}


@dataclass
class Scoresheet:
    sides: list[str]
    hands: list[HandScore]
    scores: dict[str, int]
    bags: dict[str, int]
    status: Status = Status.IN_PROGRESS
    winner: str | None = None
    reason: str | None = None
    renegs: dict[str, int] = field(default_factory=dict)
    hands_played: int = 0  # scored hands: misdeals and thrown-out hands do not count
    misdeals: int = 0  # hands recorded as a misdeal
    thrown_out: int = 0  # hands thrown out because a reneg would have won the game
    unscored: int = 0  # hands recorded after the end (only when re-scoring with after_end="ignore")

    @property
    def finished(self) -> bool:
        return self.status is Status.FINISHED

    @property
    def hands_text(self) -> str:
        """'4 hands, 1 misdeal': scored hands, and the deals that were not scored, named apart."""
        return text.hands_count(self.hands_played, self.misdeals, self.thrown_out)

    def to_json(self) -> dict:
        return {"sides": list(self.sides), "hands": [h.to_json() for h in self.hands],
                "scores": dict(self.scores), "bags": dict(self.bags), "status": self.status,
                "winner": self.winner, "reason": self.reason}


# ---------------------------------------------------------------------------
# Reading a hand: who bid what, per side
# ---------------------------------------------------------------------------
@dataclass(slots=True)
class SideBid:
    side: Side
    contract: int | None = None  # the trick bid (None: the side bid no tricks)
    side_form: bool = False
    player_bids: dict[str, Any] = field(default_factory=dict)
    nils: list[str] = field(default_factory=list)
    blind_nils: set[str] = field(default_factory=set)
    blind: bool = False  # the contract was bid blind
    raised: int = 0
    tricks: int = 0
    player_tricks: dict[str, int] | None = None
    aces: bool | None = None
    no_trump: bool | None = None
    bemo: Any = None

    @property
    def double_nil(self) -> bool:
        return len(self.side.players) > 1 and len(self.nils) == len(self.side.players)

    def nil_tricks(self, player: str) -> int:
        return self.player_tricks[player] if self.player_tricks is not None else 0


def _read_hand(game: Game, hand: Hand, number: int, behind: dict[str, int], dealer: str) -> dict[str, SideBid]:
    rules = game.rules
    n = rules.tricks
    solo = rules.players == 3
    sides = {s.name: SideBid(s) for s in game.sides}
    side_of = {p: sides[s.name] for s in game.sides for p in s.players}

    def fail(message: str) -> HandError:
        return HandError(message, number)

    def bid_fail(message: str) -> BidError:
        return BidError(message, number)

    def side_for(name: str, what: str) -> SideBid:
        if name in sides:
            return sides[name]
        if name in side_of:
            return side_of[name]
        raise fail(f"{what} names {name!r}, who is neither a player nor a side of this game")

    # Bids
    for name, bid in hand.bids.items():
        if name in sides and not solo:
            sb = sides[name]
            if bid == NIL:
                raise bid_fail(f'{name} is a side; a side bids a number of tricks, and nil is bid by a player')
            if sb.side_form:
                raise bid_fail(f"{name} bid twice")
            sb.side_form = True
            sb.contract = bid
        elif name in side_of:
            sb = side_of[name]
            sb.player_bids[name] = bid
            if bid == NIL:
                sb.nils.append(name)
        else:
            raise fail(f"the bids name {name!r}, who is neither a player nor a side of this game")
    for sb in sides.values():
        name = sb.side.name
        ints = {p: b for p, b in sb.player_bids.items() if b != NIL}
        if sb.side_form and ints:
            raise bid_fail(f"{name} bid as a side and {next(iter(ints))} bid on their own: give one or the other")
        if sb.side_form and sb.double_nil:
            raise bid_fail(f"both partners of {name} bid nil, so {name} has no trick bid to make")
        if not sb.side_form:
            missing = [p for p in sb.side.players if p not in sb.player_bids]
            if missing:
                if len(missing) == len(sb.side.players):
                    raise bid_fail(f"{name} made no bid")
                raise bid_fail(f"{missing[0]} of {name} made no bid")
            if ints:
                for player, bid in ints.items():
                    if bid < rules.player_min_bid:
                        raise bid_fail(
                            f"{player} bid {bid}; the {rules.name} rules ask at least {rules.player_min_bid}"
                            + (' (bid "nil" for nil)' if bid == 0 and rules.nil else ""))
                    if bid > n:
                        raise bid_fail(f"{player} bid {bid}; a hand has only {n} tricks")
                sb.contract = sum(ints.values())
        if sb.nils and not rules.nil:
            raise bid_fail(f"{sb.nils[0]} bid nil, which the {rules.name} rules do not allow")
        if sb.double_nil and not rules.double_nil:
            raise bid_fail(f"both partners of {name} bid nil: double nil is off in these rules "
                           "(switch on the double_nil option)")
        if sb.contract is not None:
            if sb.contract < rules.side_min_bid:
                what = "contract" if not solo else "bid"
                raise bid_fail(f"{name}'s {what} of {sb.contract} is below the {rules.name} minimum of "
                               f"{rules.side_min_bid}")
            if sb.contract > n:
                raise bid_fail(f"{name} bid {sb.contract}; a hand has only {n} tricks")
    # Raises in the lock round
    for name, k in hand.raised.items():
        if name not in sides:
            raise fail(f"the raises name {name!r}, which is not a side of this game")
        if not rules.lock:
            raise bid_fail(f"{name} raised its bid, but the {rules.name} rules have no lock round")
        sb = sides[name]
        if sb.contract is None:
            raise bid_fail(f"{name} raised, but it has no trick bid to raise")
        if sb.contract - k < rules.side_min_bid:
            raise bid_fail(f"{name} raised by {k} from {sb.contract - k}, below the minimum of {rules.side_min_bid}")
        sb.raised = k
    if hand.raised:
        total = sum(sb.contract or 0 for sb in sides.values())
        first = total - sum(hand.raised.values())
        if first >= n:
            raise bid_fail(f"the first-round bids total {first}: the hand was locked, so nobody may raise")
        if total > n:
            raise bid_fail(f"the raises bring the total to {total}; raising may not pass {n}")
        dealer_side = side_of[dealer].side.name
        if dealer_side in hand.raised and total != n:
            raise bid_fail(f"{dealer_side}, the dealer's side, may only raise to lock the hand at exactly {n}; "
                           f"the bids total {total}")
    if solo and rules.three_player_no_exact_total:
        total = sum(sb.contract or 0 for sb in sides.values())
        if total == n:
            raise bid_fail(f"the three bids total {n}; these rules do not allow that")

    # Blind
    for name in hand.blind:
        if name in sides and not solo:
            sb = sides[name]
            if sb.contract is None and not sb.double_nil:
                raise bid_fail(f"{name} is marked blind but has no trick bid")
            if sb.double_nil:
                sb.blind_nils.update(sb.nils)
            else:
                sb.blind = True
        elif name in side_of:
            sb = side_of[name]
            bid = sb.player_bids.get(name)
            if bid is None:
                raise bid_fail(f"{name} is marked blind but made no bid of their own")
            if bid == NIL:
                sb.blind_nils.add(name)
            else:
                sb.blind = True
        else:
            raise fail(f"\"blind\" names {name!r}, who is neither a player nor a side of this game")
    for sb in sides.values():
        name = sb.side.name
        if sb.blind and not sb.side_form:
            int_bidders = [p for p, b in sb.player_bids.items() if b != NIL]
            not_blind = [p for p in int_bidders if p not in hand.blind and name not in hand.blind]
            if not_blind:
                raise bid_fail(f"only part of {name}'s bid is marked blind ({not_blind[0]} is not); "
                               "a blind bid covers the whole contract")
        if not (sb.blind or sb.blind_nils):
            continue
        if sb.double_nil:
            if len(sb.blind_nils) != len(sb.nils):
                raise bid_fail(f"only one partner of {name}'s double nil is marked blind")
            if not rules.blind_double_nil:
                raise bid_fail(f"{name} bid a blind double nil, which these rules do not allow")
        else:
            if sb.blind_nils and not rules.blind_nil:
                raise bid_fail(f"{next(iter(sb.blind_nils))} bid blind nil, which these rules do not allow")
            if sb.blind and not rules.blind_bids:
                raise bid_fail(f"{name} bid blind, but the {rules.name} rules allow blind bids "
                               + ("only as blind nil" if rules.blind_nil else "not at all"))
        gap = behind[name]
        if gap < rules.blind_behind:
            raise bid_fail(text.blind_refused(name, gap, rules.blind_behind))
    # Tricks
    covered: dict[str, str] = {}
    for name, count in hand.tricks.items():
        if name in sides and not solo:
            sb = sides[name]
            if sb.side.name in covered:
                raise fail(f"the tricks of {name} are given twice")
            covered[sb.side.name] = "side"
            sb.tricks = count
        elif name in side_of:
            sb = side_of[name]
            if covered.get(sb.side.name) == "side":
                raise fail(f"the tricks of {sb.side.name} are given twice (as a side and for {name})")
            covered[sb.side.name] = "players"
            if sb.player_tricks is None:
                sb.player_tricks = {}
            sb.player_tricks[name] = count
        else:
            raise fail(f"the tricks name {name!r}, who is neither a player nor a side of this game")
    total = 0
    for sb in sides.values():
        name = sb.side.name
        if name not in covered:
            raise fail(f"the tricks of {name} are missing")
        if sb.player_tricks is not None:
            missing = [p for p in sb.side.players if p not in sb.player_tricks]
            if missing:
                raise fail(f"the tricks of {missing[0]} ({name}) are missing")
            sb.tricks = sum(sb.player_tricks.values())
        elif sb.nils and len(sb.side.players) > 1:
            raise fail(f"{name} has a nil bidder, so give the tricks of each of its players, not the side's")
        total += sb.tricks
    if total != n:
        raise fail(f"tricks add up to {total}, the {rules.name} rules deal {n}")
    # Special bids
    for key, rule_on, what in (("aces", rules.aces, "aces"), ("no_trump", rules.no_trump, "no trump"),
                               ("bemo", rules.bemo, "bemo")):
        outcomes = getattr(hand, key)
        for name, outcome in outcomes.items():
            if name not in sides:
                raise fail(f'"{key}" names {name!r}, which is not a side of this game')
            if not rule_on:
                raise bid_fail(f"{name} bid {what}, which is off in these rules (switch on the {key} option)")
            setattr(sides[name], key, outcome)
    for name, sb in sides.items():
        if sb.no_trump is not None:
            if sb.contract is None:
                raise bid_fail(f"{name} bid no trump without a trick bid")
            if sb.blind and sb.contract < rules.blind_min - 1:
                raise bid_fail(f"{name} bid blind no trump {sb.contract}; the minimum is {rules.blind_min - 1}")
        elif sb.blind and sb.contract is not None and sb.contract < rules.blind_min:
            raise bid_fail(f"{name} bid blind {sb.contract}; the minimum blind bid is {rules.blind_min}")
    return sides


# ---------------------------------------------------------------------------
# Points of one side in one hand
# ---------------------------------------------------------------------------
@dataclass(slots=True)
class _Outcome:
    lines: list[Line] = field(default_factory=list)
    bags: int = 0
    made: bool | None = None
    nils: dict[str, bool] = field(default_factory=dict)  # nil bidder -> made?
    wins: str | None = None  # a reason when a bid wins the game outright
    loses: str | None = None  # a reason when a bid loses the game outright


def _contract_value(rules: RuleSet, sb: SideBid) -> tuple[str, int]:
    """The kind of contract and its base value (before blind and no-trump multipliers)."""
    c = sb.contract
    if sb.raised == 0:
        if rules.moon is not None and c == rules.tricks:
            return "moon", rules.moon if rules.moon != WIN else rules.trick_value * c
        if rules.ten_for_200 and c == rules.ten_bid:
            return "ten", rules.ten_value
    return "plain", rules.trick_value * c


def _multipliers(rules: RuleSet, sb: SideBid) -> tuple[int, int]:
    if sb.no_trump is not None:
        if sb.blind:
            return rules.blind_no_trump_multiplier, rules.blind_no_trump_failed_multiplier
        return rules.no_trump_multiplier, rules.no_trump_failed_multiplier
    if sb.blind:
        return rules.blind_multiplier, rules.blind_failed_multiplier
    return 1, 1


def _score_side(rules: RuleSet, sb: SideBid, as_made_for: str | None) -> _Outcome:
    """The lines of one side; ``as_made_for`` names the reneging side when this side scores as made."""
    out = _Outcome()
    lines = out.lines
    name = sb.side.name
    counts_for_partner = rules.nil_tricks_count_for_partner or len(sb.side.players) == 1
    nil_tricks = sum(sb.nil_tricks(p) for p in sb.nils)
    counted = sb.tricks if counts_for_partner else sb.tricks - nil_tricks

    # The trick contract
    if sb.contract is not None:
        kind, base = _contract_value(rules, sb)
        mult, fail_mult = _multipliers(rules, sb)
        made = as_made_for is not None or (counted >= sb.contract and sb.no_trump is not False)
        out.made = made
        if made:
            pts = base * mult
            lines.append(Line(pts, text.contract_made(sb, kind, counted, mult, rules, as_made_for,
                                                      nil_tricks if counts_for_partner else 0)))
            if as_made_for is None:
                over = counted - sb.contract
                if over > 0:
                    if rules.players == 3 and not rules.count_bags:
                        lines.append(Line(-rules.overtrick_cost * over, text.overtricks_cost(over, rules)))
                    else:
                        lines.append(Line(rules.bag_value * over, text.overtricks(over, rules)))
                        out.bags += over
            if sb.blind and kind == "moon" and rules.blind_moon_wins:
                out.wins = text.reason_blind_moon(name)
            elif kind == "moon" and rules.moon == WIN:
                out.wins = text.reason_moon(name)
        else:
            pts = -base * fail_mult
            lines.append(Line(pts, text.contract_set(sb, kind, counted, fail_mult, rules)))

    # Nil
    if sb.double_nil:
        blind = bool(sb.blind_nils)
        made = as_made_for is not None or sb.tricks == 0
        takers = [p for p in sb.nils if sb.nil_tricks(p) > 0]
        out.nils = {p: made for p in sb.nils}
        if blind:
            if made:
                out.wins = text.reason_blind_double_nil(name)
                lines.append(Line(0, text.blind_double_nil(name, True, as_made_for)))
            else:
                out.loses = text.reason_blind_double_nil_failed(name)
                lines.append(Line(0, text.blind_double_nil(name, False, as_made_for)))
        elif made:
            if rules.double_nil_made == WIN:
                out.wins = text.reason_double_nil(name)
                lines.append(Line(0, text.double_nil_made(name, None, as_made_for)))
            else:
                lines.append(Line(rules.double_nil_made, text.double_nil_made(name, rules.double_nil_made,
                                                                              as_made_for)))
        else:
            if rules.double_nil_failed == LOSE:
                out.loses = text.reason_double_nil_failed(name)
                lines.append(Line(0, text.double_nil_failed(name, takers, None)))
            else:
                lines.append(Line(rules.double_nil_failed, text.double_nil_failed(name, takers,
                                                                                  rules.double_nil_failed)))
        if as_made_for is None and sb.tricks > 0:
            lines.append(Line(rules.bag_value * sb.tricks, text.double_nil_bags(name, sb.tricks)))
            out.bags += sb.tricks
    else:
        for player in sb.nils:
            took = sb.nil_tricks(player) if len(sb.side.players) > 1 else sb.tricks
            blind = player in sb.blind_nils
            made = as_made_for is not None or took == 0
            if made:
                pts = rules.blind_nil_made if blind else rules.nil_value
            else:
                pts = rules.blind_nil_failed if blind else -rules.nil_value
            out.nils[player] = made
            lines.append(Line(pts, text.nil(player, made, took, blind, as_made_for)))
            if not made and not counts_for_partner:
                lines.append(Line(rules.bag_value * took, text.failed_nil_bags(player, took)))
                out.bags += took

    # Aces and bemo, on top of the trick bid
    if sb.aces is not None:
        made = as_made_for is not None or sb.aces
        lines.append(Line(rules.aces_value if made else -rules.aces_value, text.aces(made, as_made_for)))
    if sb.bemo is not None:
        big = sb.bemo.size == "big"
        value = rules.big_bemo_value if big else rules.little_bemo_value
        need = rules.big_bemo_tricks if big else rules.little_bemo_tricks
        made = as_made_for is not None or sb.bemo.made
        lines.append(Line(value if made else -value, text.bemo(big, need, made, as_made_for)))
    return out


# ---------------------------------------------------------------------------
# A whole game
# ---------------------------------------------------------------------------
def _winner_among(scores: dict[str, int], candidates: list[str]) -> str | None:
    if not candidates:
        return None
    best = max(scores[s] for s in candidates)
    top = [s for s in candidates if scores[s] == best]
    return top[0] if len(top) == 1 else None


def _end_of_game(rules: RuleSet, scores: dict[str, int], third_reneg: list[str], wins: dict[str, str],
                 loses: dict[str, str], hands_played: int) -> tuple[str | None, str] | None:
    """(winner, reason) when the game is over after this hand, else None (RULES.md order)."""
    names = list(scores)
    # 1. A third reneg loses the game.
    if third_reneg:
        others = [s for s in names if s not in third_reneg]
        return _winner_among(scores, others), text.reason_third_reneg(third_reneg[0])
    # 2. A bid that wins or loses the game outright.
    if wins:
        side = next(iter(wins))
        return side, wins[side]
    if loses:
        side = next(iter(loses))
        others = [s for s in names if s not in loses]
        return _winner_among(scores, others), loses[side]
    # 3. Too low, or too far behind.
    losers: dict[str, str] = {}
    leader = max(scores.values())
    for s in names:
        if rules.lose_score is not None and scores[s] <= rules.lose_score:
            losers[s] = text.reason_fell(s, scores[s])
        elif rules.behind_limit is not None and leader - scores[s] >= rules.behind_limit:
            losers[s] = text.reason_behind(s, leader - scores[s])
    if losers:
        others = [s for s in names if s not in losers] or names
        winner = _winner_among(scores, others)
        if winner is not None:
            return winner, next(iter(losers.values()))
    # 4. The winning score.
    if leader >= rules.win_score:
        winner = _winner_among(scores, names)
        if winner is not None:
            return winner, text.reason_reached(winner, scores[winner])
    # 5. The hand limit.
    if rules.max_hands is not None and hands_played >= rules.max_hands:
        winner = _winner_among(scores, names)
        if winner is not None:
            return winner, text.reason_hand_limit(winner, rules.max_hands, scores[winner])
    return None


def behind_leader(scores: dict[str, int]) -> dict[str, int]:
    """How far each side is behind the best of the other sides (0 when it leads or ties)."""
    out = {}
    for side, score in scores.items():
        best_other = max((v for k, v in scores.items() if k != side), default=score)
        out[side] = max(0, best_other - score)
    return out


def score_game(game: Game, *, after_end: str = "error") -> Scoresheet:
    """The scoresheet of a game; raises RecordError (naming the hand) for a hand the rules forbid.

    A hand after the end of the game is an error; with ``after_end="ignore"`` (re-scoring a record
    under other house rules) such hands are left unscored and counted in ``Scoresheet.unscored``.
    """
    rules = game.rules
    names = list(game.side_names)
    scores = dict.fromkeys(names, 0)
    bags = dict.fromkeys(names, 0)
    renegs = dict.fromkeys(names, 0)
    sheet = Scoresheet(sides=names, hands=[], scores=scores, bags=bags, renegs=renegs)
    counting_bags = rules.count_bags or rules.players != 3
    finished_after: int | None = None
    for index, hand in enumerate(game.hands):
        number = index + 1
        if finished_after is not None:
            if after_end == "ignore":
                sheet.unscored = len(game.hands) - index
                break
            raise HandError(f"the game was over after hand {finished_after} ({sheet.reason}); "
                            "no more hands can be recorded", number)
        dealer = game.dealer_of(number)
        if hand.misdeal:
            sheet.misdeals += 1
            sheet.hands.append(HandScore(number, dealer, True, {
                s: SideScore(0, scores[s], bags[s], bid_text="misdeal") for s in names}))
            continue
        behind = behind_leader(scores)
        read = _read_hand(game, hand, number, behind, dealer)

        # Penalties: renegs and unplayed cards
        offenders: list[str] = []
        penalty_bags = dict.fromkeys(names, 0)
        penalty_lines: dict[str, list[Line]] = {s: [] for s in names}
        third_reneg: list[str] = []
        for penalty in hand.penalties:
            side = penalty.side if penalty.side in read else (
                game.side_of(penalty.side).name if penalty.side in game.players else None)
            if side is None:
                raise HandError(f"the penalty names {penalty.side!r}, who is neither a player nor a side "
                                "of this game", number)
            if not rules.penalties:
                raise BidError(f"a penalty is recorded for {side}, but the {rules.name} rules have no "
                               "penalties (switch on the penalties option)", number)
            for _ in range(penalty.reneg):
                renegs[side] += 1
                nth = renegs[side]
                if side not in offenders:
                    offenders.append(side)
                if nth >= rules.reneg_losses:
                    third_reneg.append(side)
                    penalty_lines[side].append(Line(0, text.reneg_loss(nth)))
                else:
                    extra = rules.reneg_bags[min(nth, len(rules.reneg_bags)) - 1] if rules.reneg_bags else 0
                    penalty_bags[side] += extra
                    penalty_lines[side].append(Line(rules.bag_value * extra, text.reneg(nth, extra, rules)))
            if penalty.unplayed_cards:
                extra = rules.unplayed_card_bags * penalty.unplayed_cards
                penalty_bags[side] += extra
                penalty_lines[side].append(Line(rules.bag_value * extra,
                                                text.unplayed(penalty.unplayed_cards, extra, rules)))

        outcomes: dict[str, _Outcome] = {}
        offender_text = " and ".join(offenders) if offenders else None
        all_offend = len(offenders) == len(names)
        for s in names:
            as_made = offender_text if offenders and s not in offenders and not all_offend else None
            outcomes[s] = _score_side(rules, read[s], as_made)
        # Double nil failed with both partners taking tricks: a bonus to every other side.
        for s in names:
            sb = read[s]
            if sb.double_nil and not sb.blind_nils and s not in offenders and not offenders:
                if all(sb.nil_tricks(p) > 0 for p in sb.nils):
                    for o in names:
                        if o != s:
                            outcomes[o].lines.append(Line(rules.double_nil_bonus,
                                                          text.double_nil_bonus(s, rules.double_nil_bonus)))

        new_scores = dict(scores)
        new_bags = dict(bags)
        results: dict[str, SideScore] = {}
        for s in names:
            out = outcomes[s]
            lines = out.lines + penalty_lines[s]
            hand_bags = out.bags + penalty_bags[s]
            count = bags[s] + hand_bags if (counting_bags or penalty_bags[s]) else bags[s]
            penalty_hit = False
            while count >= rules.bag_limit:
                lines.append(Line(-rules.bag_penalty, text.bag_penalty(rules)))
                count -= rules.bag_limit
                penalty_hit = True
            points = sum(line.points for line in lines)
            new_scores[s] = scores[s] + points
            new_bags[s] = count
            sb = read[s]
            results[s] = SideScore(
                points=points, score=new_scores[s], bags=count, lines=lines, bid_text=text.bid_text(sb),
                tricks=sb.tricks, made=out.made, set=out.made is False,
                nils=out.nils,
                blind=sb.blind or bool(sb.blind_nils), bag_penalty=penalty_hit,
                bag_warning=counting_bags and count >= rules.bag_limit - 2,
            )
        wins = {s: outcomes[s].wins for s in names if outcomes[s].wins}
        loses = {s: outcomes[s].loses for s in names if outcomes[s].loses}
        end = _end_of_game(rules, new_scores, third_reneg, wins, loses, sheet.hands_played + 1)
        if offenders and end is not None and end[0] in offenders and not third_reneg:
            # The reneg would hand the game to the side that reneged: throw the hand out.
            note = text.thrown_out(end[0])
            sheet.thrown_out += 1
            sheet.hands.append(HandScore(number, dealer, False, {
                s: SideScore(0, scores[s], bags[s], [Line(0, note)], bid_text=text.bid_text(read[s]),
                             tricks=read[s].tricks) for s in names}, thrown_out=True, note=note))
            continue
        scores.update(new_scores)
        bags.update(new_bags)
        sheet.hands_played += 1
        sheet.hands.append(HandScore(number, dealer, False, results))
        if end is not None:
            sheet.status = Status.FINISHED
            sheet.winner, sheet.reason = end
            finished_after = number
    return sheet
