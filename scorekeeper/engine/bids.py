"""Reading one hand of a record: who bid what, per side, checked against the rules.

``read_hand`` turns a recorded ``Hand`` into one ``SideBid`` per side, in the
order the rules are written (RULES.md): the bids, the IHOP lock round, blind
bids, the tricks, the special bids; ``read_penalties`` reads its penalties
(IHOP: renegs and unplayed cards).  Each phase raises the error that names
the hand (``BidError`` for a bid the rules forbid, ``HandError`` for a hand
that cannot have happened).  Scoring the sides is ``scoring.py``'s work.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import text
from .errors import BidError, HandError
from .record import NIL, Game, Hand, Side
from .rule_keys import Rule
from .rules import RuleSet


@dataclass(slots=True)
class SideBid:
    """One side's part of one hand: its bids, blind marks, tricks and special bids."""

    side: Side
    partnered: bool = True  # a side of partners (else one player)
    contract: int | None = None  # the trick bid (None: the side bid no tricks)
    side_form: bool = False  # the side stated one partnership bid
    player_bids: dict[str, Any] = field(default_factory=dict)
    nils: list[str] = field(default_factory=list)
    blind_nils: set[str] = field(default_factory=set)
    blind: bool = False  # the contract was bid blind
    all_nil: bool = False  # every partner bid nil (a double nil, or two separate nils)
    double_nil: bool = False  # every partner bid nil, as the double nil special bid
    raised: int = 0
    tricks: int = 0
    player_tricks: dict[str, int] | None = None
    aces: bool | None = None
    no_trump: bool | None = None
    bemo: Any = None

    def nil_tricks(self, player: str) -> int:
        return self.player_tricks[player] if self.player_tricks is not None else 0


class _Reading:
    """The state shared by the phases of reading one hand."""

    __slots__ = ("game", "rules", "hand", "number", "n", "sides", "side_of")

    def __init__(self, game: Game, hand: Hand, number: int):
        self.game = game
        self.rules: RuleSet = game.rules
        self.hand = hand
        self.number = number
        self.n = game.rules.tricks
        partnered = game.rules.partners
        self.sides = sides = {s.name: SideBid(s, partnered) for s in game.sides}
        self.side_of = {p: sides[name] for p, name in game.seats.items()}

    def is_side(self, name: str) -> bool:
        """A name that stands for a whole partnership (without partners, a side's name is its player's)."""
        return self.rules.partners and name in self.sides

    def bad(self, message: str) -> HandError:
        return HandError(message, self.number)

    def refused(self, message: str) -> BidError:
        return BidError(message, self.number)


def read_hand(game: Game, hand: Hand, number: int, scores: dict[str, int], dealer: str) -> dict[str, SideBid]:
    """Each side's bids, tricks and special bids in hand ``number``, checked against every rule.

    ``scores``: each side's score when the hand started (a side far enough behind may bid blind).
    """
    reading = _Reading(game, hand, number)
    _read_bids(reading)
    _check_lock_round(reading, dealer)
    _read_blind(reading, scores)
    _read_tricks(reading)
    _read_special_bids(reading)
    return reading.sides


def _read_bids(r: _Reading) -> None:
    """One hand, one side: each bid given to its side, then each side's bids read together."""
    rules, n = r.rules, r.n
    sides, side_of, partners = r.sides, r.side_of, rules.partners
    for name, bid in r.hand.bids.items():
        if partners and name in sides:  # a side's one partnership bid
            sb = sides[name]
            if bid == NIL:
                raise r.refused(f"{name} is a side; a side bids a number of tricks, and nil is bid by a player")
            if sb.side_form:
                raise r.refused(f"{name} bid twice")
            sb.side_form = True
            sb.contract = bid
        elif name in side_of:
            sb = side_of[name]
            sb.player_bids[name] = bid
            if bid == NIL:
                sb.nils.append(name)
        else:
            raise r.bad(f"the bids name {name!r}, who is neither a player nor a side of this game")
    for sb in r.sides.values():
        _read_side_bid(r, sb)
    if not rules.partners and rules.three_player_no_exact_total:
        total = sum(sb.contract or 0 for sb in r.sides.values())
        if total == n:
            raise r.refused(f"the {len(r.sides)} bids total {n}; these rules do not allow that")


def _read_side_bid(r: _Reading, sb: SideBid) -> None:
    """One side's bids read together: its contract (the side's bid, or the sum of its players'), its nils."""
    rules, n = r.rules, r.n
    name = sb.side.name
    ints = {p: b for p, b in sb.player_bids.items() if b != NIL} if sb.player_bids else {}
    if sb.side_form and ints:
        raise r.refused(f"{name} bid as a side and {next(iter(ints))} bid on their own: give one or the other")
    sb.all_nil = sb.partnered and len(sb.nils) == len(sb.side.players)
    if sb.side_form and sb.all_nil:
        raise r.refused(f"both partners of {name} bid nil, so {name} has no trick bid to make")
    if not sb.side_form:
        if len(sb.player_bids) < len(sb.side.players):
            missing = [p for p in sb.side.players if p not in sb.player_bids]
            if len(missing) == len(sb.side.players):
                raise r.refused(f"{name} made no bid")
            raise r.refused(f"{missing[0]} of {name} made no bid")
        for player, bid in ints.items():
            if bid < rules.player_min_bid:
                raise r.refused(
                    f"{player} bid {bid}; the {rules.name} rules ask at least {rules.player_min_bid}"
                    + (' (bid "nil" for nil)' if bid == 0 and rules.nil else ""))
            if bid > n:
                raise r.refused(f"{player} bid {bid}; a hand has only {n} tricks")
        if ints:
            sb.contract = sum(ints.values())
    if rules.suicide:
        _check_suicide(r, sb)
    if sb.nils and not rules.nil:
        raise r.refused(f"{sb.nils[0]} bid nil, which the {rules.name} rules do not allow")
    if sb.all_nil:
        if rules.double_nil:
            sb.double_nil = True
        elif not rules.separate_nils:
            raise r.refused(f"both partners of {name} bid nil, which these rules do not allow (switch on "
                            "double_nil for a double nil, or separate_nils to score each nil on its own)")
    if sb.contract is not None:
        if sb.contract < rules.side_min_bid:
            what = "contract" if sb.partnered else "bid"
            raise r.refused(f"{name}'s {what} of {sb.contract} is below the {rules.name} minimum of "
                            f"{rules.side_min_bid}")
        if sb.contract > n:
            raise r.refused(f"{name} bid {sb.contract}; a hand has only {n} tricks")


def _check_suicide(r: _Reading, sb: SideBid) -> None:
    """Suicide: exactly one partner of the side bids nil (blind or not), the other at least the suicide bid."""
    name, least = sb.side.name, r.rules.suicide_min_bid
    if not sb.nils:
        raise r.refused(f"suicide: {name} has no nil (one partner of each side bids nil)")
    if len(sb.nils) > 1:
        raise r.refused(f"suicide: both partners of {name} bid nil (exactly one partner of each side bids "
                        f"nil, the other at least {least})")
    if sb.contract is None or sb.contract < least:
        nil_bidder = sb.nils[0]
        bidder = name if sb.side_form else f"{next(p for p in sb.side.players if p != nil_bidder)} of {name}"
        raise r.refused(f"suicide: {bidder} bid {sb.contract or 0} beside {nil_bidder}'s nil (the partner of "
                        f"the nil bids at least {least})")


def _check_lock_round(r: _Reading, dealer: str) -> None:
    """IHOP lock: raises only while the bids total less than N; the dealer's side only to lock at exactly N."""
    raised = r.hand.raised
    if not raised:
        return
    rules, n = r.rules, r.n
    for name, k in raised.items():
        if name not in r.sides:
            raise r.bad(f"the raises name {name!r}, which is not a side of this game")
        if not rules.lock:
            raise r.refused(f"{name} raised its bid, but the {rules.name} rules have no lock round")
        sb = r.sides[name]
        if sb.contract is None:
            raise r.refused(f"{name} raised, but it has no trick bid to raise")
        if sb.contract - k < rules.side_min_bid:
            raise r.refused(f"{name} raised by {k} from {sb.contract - k}, below the minimum of "
                            f"{rules.side_min_bid}")
        sb.raised = k
    total = sum(sb.contract or 0 for sb in r.sides.values())
    first = total - sum(raised.values())
    if first >= n:
        raise r.refused(f"the first-round bids total {first}: the hand was locked, so nobody may raise")
    if total > n:
        raise r.refused(f"the raises bring the total to {total}; raising may not pass {n}")
    dealer_side = r.side_of[dealer].side.name
    if dealer_side in raised and total != n:
        raise r.refused(f"{dealer_side}, the dealer's side, may only raise to lock the hand at exactly {n}; "
                        f"the bids total {total}")


def _read_blind(r: _Reading, scores: dict[str, int]) -> None:
    """Blind: only a side far enough behind may bid blind; a blind trick bid covers the whole contract."""
    rules, hand = r.rules, r.hand
    if not hand.blind:
        return
    for name in hand.blind:
        if r.is_side(name):
            sb = r.sides[name]
            if sb.all_nil:
                sb.blind_nils.update(sb.nils)
            elif sb.contract is None:
                raise r.refused(f"{name} is marked blind but has no trick bid")
            else:
                sb.blind = True
        elif name in r.side_of:
            sb = r.side_of[name]
            bid = sb.player_bids.get(name)
            if bid is None:
                raise r.refused(f"{name} is marked blind but made no bid of their own")
            if bid == NIL:
                sb.blind_nils.add(name)
            else:
                sb.blind = True
        else:
            raise r.bad(f"\"blind\" names {name!r}, who is neither a player nor a side of this game")
    for sb in r.sides.values():
        name = sb.side.name
        if sb.blind and not sb.side_form:
            not_blind = [p for p, b in sb.player_bids.items()
                         if b != NIL and p not in hand.blind and name not in hand.blind]
            if not_blind:
                raise r.refused(f"only part of {name}'s bid is marked blind ({not_blind[0]} is not); "
                                "a blind bid covers the whole contract")
        if not (sb.blind or sb.blind_nils):
            continue
        if sb.double_nil:
            if len(sb.blind_nils) != len(sb.nils):
                raise r.refused(f"only one partner of {name}'s double nil is marked blind")
            if not rules.blind_double_nil:
                raise r.refused(f"{name} bid a blind double nil, which these rules do not allow")
        else:
            if sb.blind_nils and not rules.blind_nil:
                raise r.refused(f"{sorted(sb.blind_nils)[0]} bid blind nil, which these rules do not allow")
            if sb.blind and not rules.blind_bids:
                raise r.refused(f"{name} bid blind, but the {rules.name} rules "
                                + ("allow blind bids only as blind nil" if rules.blind_nil else "have no blind bids"))
        gap = max(scores.values()) - scores[name]  # behind the leader
        if gap < rules.blind_behind:
            raise r.refused(text.blind_refused(name, gap, rules.blind_behind))


def _read_tricks(r: _Reading) -> None:
    """Tricks: every side covered once (each player of a side with a nil), adding up to N."""
    covered: dict[str, str] = {}
    sides, side_of, partners = r.sides, r.side_of, r.rules.partners
    for name, count in r.hand.tricks.items():
        if partners and name in sides:
            sb = sides[name]
            if name in covered:
                raise r.bad(f"the tricks of {name} are given twice")
            covered[name] = "side"
            sb.tricks = count
        elif name in side_of:
            sb = side_of[name]
            if covered.get(sb.side.name) == "side":
                raise r.bad(f"the tricks of {sb.side.name} are given twice (as a side and for {name})")
            covered[sb.side.name] = "players"
            if sb.player_tricks is None:
                sb.player_tricks = {}
            sb.player_tricks[name] = count
        else:
            raise r.bad(f"the tricks name {name!r}, who is neither a player nor a side of this game")
    total = 0
    for sb in sides.values():
        name = sb.side.name
        if name not in covered:
            raise r.bad(f"the tricks of {name} are missing")
        if sb.player_tricks is not None:
            missing = [p for p in sb.side.players if p not in sb.player_tricks]
            if missing:
                raise r.bad(f"the tricks of {missing[0]} ({name}) are missing")
            sb.tricks = sum(sb.player_tricks.values())
        elif sb.nils and sb.partnered:
            raise r.bad(f"{name} has a nil bidder, so give the tricks of each of its players, not the side's")
        total += sb.tricks
    if total != r.n:
        raise r.bad(f"tricks add up to {total}, the {r.rules.name} rules deal {r.n}")


_SPECIALS = (("aces", "aces", "aces"), ("no_trump", "no_trump", "no trump"), ("bemo", "bemo", "bemo"))


def _read_special_bids(r: _Reading) -> None:
    """Aces, no trump and bemo (special bids of the sides), and the smallest blind bid they allow."""
    rules, hand = r.rules, r.hand
    if not (hand.aces or hand.no_trump or hand.bemo or hand.blind):
        return  # no special bid, and no blind bid whose smallest value they change
    for key, option, what in _SPECIALS:
        for name, outcome in getattr(r.hand, key).items():
            if name not in r.sides:
                raise r.bad(f'"{key}" names {name!r}, which is not a side of this game')
            if not getattr(rules, option):
                raise r.refused(f"{name} bid {what}, which is off in these rules (switch on the {option} option)")
            setattr(r.sides[name], key, outcome)
    for name, sb in r.sides.items():
        if sb.no_trump is not None:
            if sb.contract is None:
                raise r.refused(f"{name} bid no trump without a trick bid")
            if sb.blind and sb.contract < rules.blind_min - 1:
                raise r.refused(f"{name} bid blind no trump {sb.contract}; the minimum is {rules.blind_min - 1}")
        elif sb.blind and sb.contract is not None and sb.contract < rules.blind_min:
            raise r.refused(f"{name} bid blind {sb.contract}; the minimum blind bid is {rules.blind_min}")


@dataclass(slots=True)
class Penalties:
    """The penalties (IHOP: renegs and unplayed cards) of one hand, per side.

    Each offence is (its penalty bags, the sentence, its rule); scoring gives the bags their points."""

    offenders: list[str] = field(default_factory=list)  # the sides that reneged, in the record's order
    bags: dict[str, int] = field(default_factory=dict)
    renegs: dict[str, int] = field(default_factory=dict)  # renegs in this hand
    offences: dict[str, list[tuple[int, str, Rule]]] = field(default_factory=dict)


def read_penalties(game: Game, hand: Hand, number: int, renegs: dict[str, int]) -> Penalties:
    """Each penalty of hand ``number``: its side, its bags, its words; ``renegs`` (the game's running
    count per side) goes up."""
    rules = game.rules
    names = game.side_names
    found = Penalties(bags=dict.fromkeys(names, 0), renegs=dict.fromkeys(names, 0),
                      offences={s: [] for s in names})
    for penalty in hand.penalties:
        if penalty.side in names:
            side = penalty.side
        elif penalty.side in game.players:
            side = game.side_of(penalty.side).name
        else:
            raise HandError(f"the penalty names {penalty.side!r}, who is neither a player nor a side "
                            "of this game", number)
        if not rules.penalties:
            raise BidError(f"a penalty is recorded for {side}, but the {rules.name} rules have no "
                           "penalties (switch on the penalties option)", number)
        for _ in range(penalty.reneg):
            renegs[side] += 1
            found.renegs[side] += 1
            nth = renegs[side]
            if side not in found.offenders:
                found.offenders.append(side)
            if nth >= rules.reneg_losses:
                found.offences[side].append((0, text.reneg_loss(nth), Rule.RENEG_LOSES_GAME))
            else:
                extra = rules.reneg_bags[min(nth, len(rules.reneg_bags)) - 1] if rules.reneg_bags else 0
                found.bags[side] += extra
                found.offences[side].append((extra, text.reneg(nth, extra, rules), Rule.RENEG_PENALTY))
        if penalty.unplayed_cards:
            extra = rules.unplayed_card_bags * penalty.unplayed_cards
            found.bags[side] += extra
            found.offences[side].append((extra, text.unplayed(penalty.unplayed_cards, extra, rules),
                                         Rule.UNPLAYED_CARDS))
    return found
