"""The hand being entered: what was tapped so far, turned into a record's hand dict.

No flet, no scoring: whether the hand is legal and what it scores is the
engine's answer (the repository asks it when the hand is saved).  The draft
only knows *what can be entered* under the game's rule set (from `RuleSet`
and `next_hand()`), so the screen offers the right chips.

A `HandDraft` is made of parts, one job each:
- `HandShape` (`draft.shape`): what this hand's entry offers: who bids, in which rows, which
  numbers, nil, blind (the engine's answer, with its reason);
- `Bids` (`draft.bids`): the numbers, nils, blind bids and lock raises tapped;
- `Tricks` (`draft.tricks`): the trick counts tapped, the one filled in, the count the chips enter;
- `Specials` (`draft.specials`): aces, no trump, bemo, renegs and unplayed cards.
The draft itself turns them into the record's hand and back, and says what is still to tap.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

# the counting the entry needs is the engine's: N minus the others, the lock raise
from ...engine import tricks_left, with_raise, without_raise

NIL = "nil"
NOBODY = "\x00nobody"  # `Tricks.counting` when no count is chosen (every one is known)


@dataclass(frozen=True)
class HandShape:
    """What the entry of this hand offers under the game's rules: the same whatever is tapped."""

    game: Any
    next: Any  # engine NextHand for this hand

    @property
    def rules(self):
        return self.game.rules

    @property
    def partnership(self) -> bool:
        return bool(self.rules.partnership_bidding) and self.rules.partners

    @property
    def sides(self):
        return self.game.sides

    def side_named(self, name: str):
        for side in self.sides:
            if side.name == name:
                return side
        raise KeyError(name)

    def side_of_bidder(self, bidder: str):
        """The side a bidder (a side under partnership bidding, else a player) is in."""
        return self.side_named(bidder) if self.partnership else self.game.side_of(bidder)

    @property
    def bidders(self) -> list[str]:
        """Who states a number, in bidding order (the engine's): sides or players."""
        return list(self.next.bid_order)

    @property
    def rows(self) -> list[str]:
        """The bidders in the order the entry shows them, the same every hand: the sides,
        or the players in their seats.  Who bids first is `first_bidder`, a mark."""
        if self.partnership:
            return [s.name for s in self.sides]
        return list(self.game.players)

    @property
    def first_bidder(self) -> str:
        return self.next.bid_order[0]

    def bid_range(self, bidder: str, blind: bool = False) -> range:
        """The numbers offered for `bidder` (the rules' minimum up to N); `blind`: a side's blind
        bid (partnership bidding), from the smallest blind bid (one less with no trump, which
        may come with it)."""
        low = self.next.min_side_bid if self.partnership else self.next.min_player_bid
        if blind and self.partnership and self.rules.blind_bids:
            low = max(int(low), self.rules.blind_min - (1 if self.rules.no_trump else 0))
        return range(int(low), int(self.next.max_bid) + 1)

    def nil_allowed(self) -> bool:
        return bool(self.rules.nil)

    def blind_chance(self, side: str):
        """The engine's answer: may `side` bid blind this hand, and if not, why."""
        return self.next.blind.get(side) if self.next.blind else None

    def blind_offered(self) -> bool:
        """Whether these rules have blind bids of any kind (else nothing is shown)."""
        return bool(self.rules.blind_bids or self.rules.blind_nil)

    def blind_allowed(self, side: str) -> bool:
        chance = self.blind_chance(side)
        return bool(chance and chance.allowed)

    def blind_note(self, side: str) -> str | None:
        """One short line for `side`: what it may bid blind this hand, or why it may not
        (the engine's full sentence is `blind_chance(side).reason`)."""
        if not self.blind_offered():
            return None
        r = self.rules
        chance = self.blind_chance(side)
        if chance is None or not chance.allowed:
            # short enough for one line beside a side's nil toggles on a 360 px phone (the full
            # sentence is its tooltip and label)
            behind = f" ({chance.behind} now)" if chance is not None and chance.behind else ""
            return f"Blind from {r.blind_behind} behind{behind}"
        if r.blind_bids:
            return f"May bid blind, at least {r.blind_min}" + (
                " or blind nil" if r.blind_nil and self.nil_allowed() else "")
        return "May bid blind nil"


@dataclass
class Bids:
    """The bids tapped.

    numbers: bidder (a side under partnership bidding, else a player) -> int or None.
    nils: players who bid nil (partnership bidding: besides the side's number).
    blind: bidders (sides or players) whose bid was blind; blind_nils: players.
    raised: side -> its raise in the lock round (IHOP).
    """

    shape: HandShape = field(repr=False, compare=False)
    numbers: dict[str, int | None] = field(default_factory=dict)
    nils: set[str] = field(default_factory=set)
    blind: set[str] = field(default_factory=set)
    blind_nils: set[str] = field(default_factory=set)
    raised: dict[str, int] = field(default_factory=dict)

    def set(self, bidder: str, value: int | None) -> None:
        """A number tapped for `bidder` (a nil is `toggle_nil`)."""
        self.numbers[bidder] = value
        if not self.shape.partnership:
            self.nils.discard(bidder)
            self.blind_nils.discard(bidder)
        self.raised.pop(bidder, None)

    def toggle_nil(self, player: str, blind: bool = False) -> None:
        """Player bids nil (or blind nil); tapping again takes it back."""
        if player in self.nils and (player in self.blind_nils) == blind:
            self.nils.discard(player)
            self.blind_nils.discard(player)
        else:
            self.nils.add(player)
            if blind:
                self.blind_nils.add(player)
            else:
                self.blind_nils.discard(player)
            if not self.shape.partnership:
                self.numbers.pop(player, None)

    def toggle_blind(self, bidder: str) -> None:
        """Blind on or off; a number below the smallest blind bid is taken back (it is not offered)."""
        if bidder in self.blind:
            self.blind.discard(bidder)
        else:
            self.blind.add(bidder)
            number = self.numbers.get(bidder)
            if isinstance(number, int) and number not in self.shape.bid_range(bidder, blind=True):
                self.numbers[bidder] = None

    def of(self, bidder: str) -> int | str | None:
        """`bidder`'s bid: a number, NIL (a player's nil, bidding alone) or None."""
        if not self.shape.partnership and bidder in self.nils:
            return NIL
        return self.numbers.get(bidder)

    def side_has_nil(self, side) -> bool:
        return any(p in self.nils for p in side.players)

    def double_nil(self, side) -> bool:
        return len(side.players) > 1 and all(p in self.nils for p in side.players)

    def awaited(self) -> str | None:
        """The first bidder, in bidding order, still to bid (a double nil side has bid)."""
        for bidder in self.shape.bidders:
            if self.shape.partnership:
                side = self.shape.side_named(bidder)
                if not self.double_nil(side) and self.numbers.get(bidder) is None:
                    return bidder
            elif self.of(bidder) is None:
                return bidder
        return None

    def complete(self) -> bool:
        return self.awaited() is None

    def special(self, bidder: str) -> str | None:
        """Wheels / Boston (Moon), recognised from the number `bidder` bid."""
        r = self.shape.rules
        bid = self.numbers.get(bidder)
        if not isinstance(bid, int) or (not self.shape.partnership and bidder in self.nils):
            return None
        if r.moon is not None and bid == r.tricks:
            return f"{r.moon_name}: all the tricks" + (" (wins the game)" if r.moon == "win" else "")
        if r.ten_for_200 and bid == r.ten_bid:
            return f"{r.ten_name}: {r.ten_bid} for {r.ten_value}" if r.ten_name != "10 for 200" else r.ten_name
        return None

    # -- the lock round (IHOP) ----------------------------------------------
    def side_bids(self) -> dict[str, int]:
        """First-round side numbers (partnership bidding)."""
        return {b: v for b, v in self.numbers.items() if isinstance(v, int)}

    def lock_bids(self, raises: dict[str, int] | None = None) -> dict[str, int]:
        """Each side's trick bid (0 when none yet) after `raises`, as the engine's lock_status takes them."""
        first = self.side_bids()
        raises = raises or {}
        return {s.name: with_raise(first.get(s.name, 0), raises.get(s.name, 0)) for s in self.shape.sides}

    def set_raise(self, side: str, k: int) -> None:
        if k:
            self.raised[side] = k
        else:
            self.raised.pop(side, None)

    # -- the record's hand ------------------------------------------------------
    def to_hand(self) -> dict:
        """The record's "bids", and "raised" and "blind" when there are any."""
        shape = self.shape
        bids: dict[str, Any] = {}
        blind: list[str] = []
        if shape.partnership:
            for bidder in shape.bidders:
                side = shape.side_named(bidder)
                if not self.double_nil(side) and self.numbers.get(bidder) is not None:
                    bids[bidder] = with_raise(self.numbers[bidder], self.raised.get(bidder, 0))
                for p in side.players:
                    if p in self.nils:
                        bids[p] = NIL
                if bidder in self.blind:
                    blind.append(bidder)
        else:
            for bidder in shape.bidders:
                value = self.of(bidder)
                if value is not None:
                    bids[bidder] = value
                if bidder in self.blind and value != NIL:
                    blind.append(bidder)
        blind.extend(p for p in shape.game.players if p in self.blind_nils and p not in blind)
        hand: dict[str, Any] = {"bids": bids}
        if self.raised:
            hand["raised"] = dict(self.raised)
        if blind:
            hand["blind"] = blind
        return hand

    def read(self, hand: dict) -> None:
        """Take the bids of a recorded hand (to edit it)."""
        raised = dict(hand.get("raised") or {})
        sides = {s.name for s in self.shape.sides}
        for name, value in (hand.get("bids") or {}).items():
            if value == NIL:
                self.nils.add(name)
            elif name in sides and self.shape.partnership:
                self.numbers[name] = without_raise(value, raised.get(name, 0))
            else:
                self.numbers[name] = value
        self.raised = raised
        for name in hand.get("blind") or []:
            if name in self.nils:
                self.blind_nils.add(name)
            else:
                self.blind.add(name)


@dataclass
class Tricks:
    """The trick counts tapped, and which count the one set of trick chips enters.

    counts: side or player -> int (a player only for a side with a nil bidder).
    """

    shape: HandShape = field(repr=False, compare=False)
    bids: Bids = field(repr=False, compare=False)  # whose tricks are counted follows the nils
    counts: dict[str, int | None] = field(default_factory=dict)
    filled: str | None = None  # the trick key the app filled in (not tapped)
    touched: list[str] = field(default_factory=list)  # trick keys tapped, the latest last
    counting: str | None = None  # the trick key the tricks chips enter (None: the first; NOBODY: none)

    def keys(self) -> list[str]:
        """Who the tricks are counted for: each side, or each player of a side with a nil."""
        keys: list[str] = []
        for side in self.shape.sides:
            if len(side.players) > 1 and self.bids.side_has_nil(side):
                keys.extend(side.players)
            else:
                keys.append(side.name if len(side.players) > 1 else side.players[0])
        return keys

    def reshape(self) -> None:
        """Whose tricks are counted changed (a nil): forget the counts of keys no longer counted."""
        keys = self.keys()
        self.counts = {k: v for k, v in self.counts.items() if k in keys}
        self.touched = [k for k in self.touched if k in keys]
        if self.filled not in keys:
            self.filled = None
        if self.counting not in keys and self.counting != NOBODY:
            self.counting = None

    @property
    def counted(self) -> str | None:
        """The trick key the tricks chips enter now: None once every count is known, until a
        count is tapped (a tap never changes a count that is not visibly chosen)."""
        if self.counting == NOBODY:
            return None
        return self.counting or self.keys()[0]

    def count_for(self, key: str) -> None:
        """The tricks chips now enter `key`'s count."""
        self.counting = key

    def set(self, key: str, value: int) -> None:
        """Tricks tapped for `key`.  The others stay consistent with the deal size: when one
        count is left to know, it is filled in (N minus the rest, the engine's `tricks_left`):
        the one never tapped, or else the one tapped longest ago (tap either side of two,
        the other follows).  Then the chips go on to the next count still empty."""
        keys = self.keys()
        self.counts[key] = value
        self.touched = [k for k in self.touched if k != key] + [key]
        if key == self.filled:
            self.filled = None
        untapped = [k for k in keys if k not in self.touched]
        if untapped:
            last = untapped[0] if len(untapped) == 1 else None
        else:
            last = next((k for k in self.touched if k != key), None) if len(keys) > 1 else None
        if last is not None:
            rest = {k: self.counts[k] for k in keys if k != last}
            left = tricks_left(self.shape.rules, rest) if None not in rest.values() else None
            if left is not None:  # None: the rest come to more than N (problem() says so)
                self.counts[last] = left
                self.filled = last
                self.touched = [k for k in self.touched if k != last]
        empty = [k for k in keys if self.counts.get(k) is None and k != key]
        if empty:
            self.counting = empty[0]
        elif self.problem() is None:
            self.counting = NOBODY  # all known: nothing is chosen until a count is tapped
        else:
            self.counting = key  # they do not add up: the count tapped stays chosen, to tap again

    def problem(self) -> str | None:
        """Why the counts tapped cannot be right (more than N, or all in and not N), or None."""
        keys = self.keys()
        known = {k: v for k in keys if (v := self.counts.get(k)) is not None}
        if not known:
            return None
        rules = self.shape.rules
        if tricks_left(rules, known) is None:
            return f"The tricks come to more than {rules.tricks}: tap a count again"
        if len(known) == len(keys) and tricks_left(rules, known) != 0:
            return f"The tricks do not add up to {rules.tricks}: tap a count again"
        return None

    def awaited(self) -> str | None:
        """The first key whose count is still to tap."""
        return next((key for key in self.keys() if self.counts.get(key) is None), None)

    def to_hand(self) -> dict[str, int]:
        """The record's "tricks": the counts known, of the keys counted."""
        return {k: self.counts[k] for k in self.keys() if self.counts.get(k) is not None}

    def read(self, hand: dict) -> None:
        """Take the counts of a recorded hand (after its bids: the nils say whose are counted)."""
        self.counts = dict(hand.get("tricks") or {})
        self.touched = [k for k in self.keys() if k in self.counts]  # as if tapped


@dataclass
class Specials:
    """Special bids and penalties, each by side: aces / no_trump (True made, False missed),
    bemo ((size, made)), renegs and unplayed cards (counts)."""

    aces: dict[str, bool] = field(default_factory=dict)
    no_trump: dict[str, bool] = field(default_factory=dict)
    bemo: dict[str, tuple[str, bool]] = field(default_factory=dict)
    renegs: dict[str, int] = field(default_factory=dict)
    unplayed: dict[str, int] = field(default_factory=dict)

    def set(self, kind: str, side: str, value: Any) -> None:
        """kind: aces / no_trump (bool or None) / bemo ((size, made) or None)."""
        target = {"aces": self.aces, "no_trump": self.no_trump, "bemo": self.bemo}[kind]
        if value is None:
            target.pop(side, None)
        else:
            target[side] = value

    def set_penalty(self, kind: str, side: str, count: int) -> None:
        """kind: reneg / unplayed; a count of 0 clears it."""
        target = self.renegs if kind == "reneg" else self.unplayed
        if count:
            target[side] = count
        else:
            target.pop(side, None)

    def any(self) -> bool:
        """Whether any special or penalty is entered."""
        return bool(self.aces or self.no_trump or self.bemo or self.renegs or self.unplayed)

    def summary(self, sides: list[str]) -> str:
        """What is entered, in words, side by side ("Ann & Cat: aces taken, 1 reneg"); "" when nothing."""
        parts = []
        for side in sides:
            said = []
            if side in self.aces:
                said.append("aces taken" if self.aces[side] else "aces missed")
            if side in self.no_trump:
                said.append("no trump made" if self.no_trump[side] else "no trump trumped")
            if side in self.bemo:
                size, made = self.bemo[side]
                said.append(f"{size} bemo {'made' if made else 'failed'}")
            for count, one in ((self.renegs.get(side, 0), "reneg"), (self.unplayed.get(side, 0), "unplayed card")):
                if count:
                    said.append(f"{count} {one}{'' if count == 1 else 's'}")
            if said:
                parts.append(f"{side}: {', '.join(said)}")
        return " \u00b7 ".join(parts)

    def to_hand(self) -> dict:
        """The record's "aces", "no_trump", "bemo" and "penalties", each only when there is one."""
        hand: dict[str, Any] = {}
        if self.aces:
            hand["aces"] = dict(self.aces)
        if self.no_trump:
            hand["no_trump"] = dict(self.no_trump)
        if self.bemo:
            hand["bemo"] = {s: {"size": size, "made": made} for s, (size, made) in self.bemo.items()}
        penalties = [{"side": s, "reneg": n} for s, n in self.renegs.items()]
        penalties += [{"side": s, "unplayed_cards": n} for s, n in self.unplayed.items()]
        if penalties:
            hand["penalties"] = penalties
        return hand

    def read(self, hand: dict) -> None:
        """Take the specials and penalties of a recorded hand (to edit it)."""
        self.aces = dict(hand.get("aces") or {})
        self.no_trump = dict(hand.get("no_trump") or {})
        self.bemo = {s: (b["size"], b["made"]) for s, b in (hand.get("bemo") or {}).items()}
        for p in hand.get("penalties") or []:
            if p.get("reneg"):
                self.renegs[p["side"]] = p["reneg"]
            if p.get("unplayed_cards"):
                self.unplayed[p["side"]] = p["unplayed_cards"]


@dataclass
class HandDraft:
    """One hand being entered (or a past hand being edited), in parts: `shape` (what can be
    entered), `bids`, `tricks`, `specials`."""

    game: Any
    next: Any  # engine NextHand for this hand
    #: why the engine would refuse the hand as it stands (None: it would take it); the session
    #: sets it, so "Ready to save" is never shown for a hand that Save refuses
    check: Callable[[dict], str | None] | None = field(default=None, repr=False, compare=False)
    shape: HandShape = field(init=False, repr=False)
    bids: Bids = field(init=False)
    tricks: Tricks = field(init=False)
    specials: Specials = field(init=False)

    def __post_init__(self) -> None:
        self.shape = HandShape(self.game, self.next)
        self.bids = Bids(self.shape)
        self.tricks = Tricks(self.shape, self.bids)
        self.specials = Specials()

    @property
    def rules(self):
        return self.game.rules

    @property
    def partnership(self) -> bool:
        return self.shape.partnership

    # -- a bid: a nil changes whose tricks are counted --------------------------
    def set_bid(self, bidder: str, value: int | str | None) -> None:
        if value == NIL:
            self.toggle_nil(bidder)
            return
        self.bids.set(bidder, value)

    def toggle_nil(self, player: str, blind: bool = False) -> None:
        """Player bids nil (or blind nil); tapping again takes it back."""
        self.bids.toggle_nil(player, blind)
        self.tricks.reshape()

    # -- the record ------------------------------------------------------------
    def to_hand(self) -> dict:
        """The hand as GAME_FORMAT's hand object (the engine validates it on save)."""
        return {**self.bids.to_hand(), "tricks": self.tricks.to_hand(), **self.specials.to_hand()}

    @classmethod
    def from_hand(cls, game, next_hand, hand: dict) -> "HandDraft":
        """A draft holding a recorded hand (to edit it)."""
        draft = cls(game, next_hand)
        draft.bids.read(hand)
        draft.tricks.read(hand)
        draft.specials.read(hand)
        return draft

    def carried_to(self, game, next_hand) -> "HandDraft | None":
        """This entry, for the next hand of `game` after another device saved: None if it no
        longer fits (a blind bid no longer allowed, or the game is over)."""
        if next_hand.finished:
            return None
        hand = self.to_hand()
        carried = HandDraft.from_hand(game, next_hand, hand)
        for name in hand.get("blind", []):
            side = carried.shape.side_named(name).name if name in {s.name for s in self.shape.sides} \
                else game.side_of(name).name
            if not carried.shape.blind_allowed(side):
                return None
        carried.tricks.touched = list(self.tricks.touched)
        carried.tricks.filled, carried.tricks.counting = self.tricks.filled, self.tricks.counting
        return carried

    # -- what the entry says ------------------------------------------------------
    def missing(self) -> str | None:
        """What is still to be tapped before the hand can be saved, in words."""
        if (bidder := self.bids.awaited()) is not None:
            return f"Bid for {bidder}"
        if (key := self.tricks.awaited()) is not None:
            return f"Tricks for {key}"
        return None

    def status(self) -> str:
        """The line under the entry: what is still to tap, why the counts cannot be right, or ready."""
        missing = self.missing()
        if missing:
            return f"Still to enter: {missing}"
        problem = self.tricks.problem()
        if problem is None and self.check is not None:
            problem = self.check(self.to_hand())
        return problem or "Ready to save"

    def is_empty(self) -> bool:
        """Nothing tapped yet."""
        return self.to_hand() == {"bids": {}, "tricks": {}}

    def summary(self) -> str:
        """What was entered, in words, to keep it in sight: "Bob & Dan 5, Ann & Cat blind 6;
        took Ann & Cat 7, Bob & Dan 6"."""
        hand = self.to_hand()
        blind = set(hand.get("blind", []))
        raised = hand.get("raised", {})
        bids = []
        for name, value in hand["bids"].items():
            words = ("blind " if name in blind else "") + str(value)
            bids.append(f"{name} {words}" + (f" (raised {raised[name]})" if name in raised else ""))
        took = ", ".join(f"{k} {v}" for k, v in hand["tricks"].items())
        return "; ".join(part for part in (", ".join(bids), f"took {took}" if took else "") if part) \
            or "nothing yet"
