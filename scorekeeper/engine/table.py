"""What the table needs to know before a hand: dealer, leader, bidding order, passing, blind, the lock."""
from __future__ import annotations

from dataclasses import dataclass, field

from . import text
from .record import Game
from .rules import BidFirst
from .scoring import Scoresheet, behind_leader, score_game

PASS_CYCLE = ("left", "right", "across", "none")


@dataclass(frozen=True)
class BlindChance:
    allowed: bool
    reason: str
    behind: int = 0


@dataclass(frozen=True)
class NextHand:
    number: int  # the deal's place in the record (misdeals included); `hand_of` names it as the table counts
    dealer: str
    leader: str | None  # None when the cards decide (3 players: whoever holds the 2 of clubs)
    lead_text: str  # "Bob leads", or who leads when the cards decide
    bid_order: tuple[str, ...]
    pass_direction: str | None
    pass_text: str | None
    blind: dict[str, BlindChance]
    min_side_bid: int
    min_player_bid: int
    max_bid: int
    finished: bool
    hands_played: int  # scored hands so far (misdeals and thrown-out hands do not count)
    max_hands: int | None
    reminder: str | None  # a play rule to remind the table of (Solo: beat the highest card)
    sheet: Scoresheet = field(repr=False, compare=False, default=None)

    @property
    def hand_of(self) -> str:
        """'Hand 7 of 12', or 'Hand 7' without a hand limit: the scored hand about to be played."""
        played = self.hands_played + 1
        return f"Hand {played} of {self.max_hands}" if self.max_hands else f"Hand {played}"

    @property
    def hands_left(self) -> int | None:
        """Scored hands still to play under the hand limit, this one included (None: no limit)."""
        return None if self.max_hands is None else max(0, self.max_hands - self.hands_played)


@dataclass(frozen=True)
class Lock:
    total: int
    tricks: int
    locked: bool | None  # None: these rules have no lock round
    raiser: str | None  # the side that may raise first
    dealer_side: str
    max_raise: int
    text: str


def left_of_dealer(game: Game, number: int) -> str:
    """The player on the left of hand ``number``'s dealer."""
    dealer = game.dealer_of(number)
    return game.players[(game.players.index(dealer) + 1) % len(game.players)]


def leader_of(game: Game, number: int) -> str | None:
    """Who leads the first trick of hand ``number``: the player left of the dealer, or None with
    3 players (whoever holds the 2 of clubs, or the 3 when the 2 is out of play)."""
    if game.rules.players == 3:
        return None
    return left_of_dealer(game, number)


def lead_text(game: Game, number: int) -> str:
    leader = leader_of(game, number)
    if leader is not None:
        return f"{leader} leads"
    if game.rules.jokers:
        return "whoever holds the 2 of clubs leads"
    return "whoever holds the 2 of clubs leads (the 3 of clubs if the 2 is out of play)"


def bid_order(game: Game, number: int) -> tuple[str, ...]:
    """Who bids, in order: sides when the rule set bids by partnership, else players from the dealer's left."""
    start = game.players.index(left_of_dealer(game, number))
    seats = [game.players[(start + i) % len(game.players)] for i in range(len(game.players))]
    if game.rules.partnership_bidding:
        order: list[str] = []
        for player in seats:
            side = game.side_of(player).name
            if side not in order:
                order.append(side)
        dealer_side = game.side_of(game.dealer_of(number)).name
        if game.rules.bid_first == BidFirst.NON_DEALER_SIDE and order[-1] != dealer_side:
            order.remove(dealer_side)
            order.append(dealer_side)
        return tuple(order)
    return tuple(seats)


def pass_direction(game: Game, hands_played: int) -> tuple[str | None, str | None]:
    """The IHOP passing direction of the next scored hand, and a sentence for the table."""
    if not game.rules.passing:
        return None, None
    direction = PASS_CYCLE[hands_played % len(PASS_CYCLE)]
    if direction == "none":
        return direction, "No pass this hand (a nil bidder passes 2 cards to the partner)"
    across = "across, to the partner" if game.rules.players == 6 else "across"
    where = {"left": "to the left", "right": "to the right", "across": across}[direction]
    return direction, f"Pass 3 cards {where}"


def blind_chances(game: Game, scores: dict[str, int]) -> dict[str, BlindChance]:
    rules = game.rules
    gaps = behind_leader(scores)
    chances = {}
    for side, gap in gaps.items():
        if not (rules.blind_bids or rules.blind_nil):
            chances[side] = BlindChance(False, f"The {rules.name} rules have no blind bids", gap)
        elif gap < rules.blind_behind:
            chances[side] = BlindChance(False, text.blind_refused(side, gap, rules.blind_behind), gap)
        else:
            what = f"blind (at least {rules.blind_min})" if rules.blind_bids else "blind nil"
            if rules.blind_bids and rules.blind_nil:
                what += " or blind nil"
            chances[side] = BlindChance(True, f"{side} is {gap} behind and may bid {what}", gap)
    return chances


def next_hand(game: Game, sheet: Scoresheet | None = None) -> NextHand:
    """Everything the table must know before dealing the next hand."""
    sheet = sheet if sheet is not None else score_game(game)
    number = len(game.hands) + 1
    direction, pass_text = pass_direction(game, sheet.hands_played)
    rules = game.rules
    return NextHand(
        number=number, dealer=game.dealer_of(number), leader=leader_of(game, number),
        lead_text=lead_text(game, number), bid_order=bid_order(game, number), pass_direction=direction,
        pass_text=pass_text, blind=blind_chances(game, sheet.scores), min_side_bid=rules.side_min_bid,
        min_player_bid=rules.player_min_bid, max_bid=rules.tricks, finished=sheet.finished,
        hands_played=sheet.hands_played, max_hands=rules.max_hands, reminder=play_reminder(rules), sheet=sheet,
    )


def play_reminder(rules) -> str | None:
    """A play rule that changes no score but the table should keep in mind."""
    if rules.must_beat:
        return "Solo: each player must beat the highest card played to the trick so far, when able"
    return None


def lock_status(game: Game, bids: dict[str, int], number: int | None = None) -> Lock:
    """IHOP lock: the bids' total, whether the hand is locked, and who may raise by how much.

    ``bids`` maps each side to its trick bid (0 for a side with no trick bid).
    """
    number = number or len(game.hands) + 1
    n = game.rules.tricks
    total = sum(bids.values())
    dealer_side = game.side_of(game.dealer_of(number)).name
    if not game.rules.lock:
        return Lock(total, n, None, None, dealer_side, 0, f"Bids total {total} of {n}")
    if total >= n:
        word = "overbid" if total > n else "locked"
        return Lock(total, n, True, None, dealer_side, 0, f"Bids total {total} of {n}: {word}")
    order = bid_order(game, number)
    raiser = next((s for s in order if s != dealer_side), None)
    gap = n - total
    return Lock(total, n, False, raiser, dealer_side, gap,
                f"Bids total {total} of {n}: open. {raiser} may raise by up to {gap}; "
                f"then {dealer_side} (dealing) may raise to lock it at {n}")


def tricks_left(rules, entered: dict[str, int]) -> int | None:
    """Tricks left for the one side not yet entered (N minus the rest); None when the rest pass N."""
    left = rules.tricks - sum(entered.values())
    return left if left >= 0 else None


def with_raise(first_bid: int, raised: int) -> int:
    """A side's bid after the lock round: its first-round bid plus its raise."""
    return first_bid + raised


def without_raise(bid: int, raised: int) -> int:
    """A side's first-round bid, from its bid after the lock round."""
    return bid - raised
