"""The hand being entered, as the table's other phones see it while it is tapped in.

Whoever holds a shared game's pen sends what it has entered after each tap (`LiveHand`:
plain data, the record's partial hand); the server keeps the latest one per game
(`LiveBoard`), so a phone that joins or reconnects mid-hand sees it too.  A viewer turns
it into words with `watched(session, live)`: the dealer, each bid as it stands, the lock
line, the tricks, what is still to enter.  No flet; the words come from the draft and
the engine (`HandDraft`, `lock_status`), never from arithmetic here.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field

from ...engine import pass_direction
from ...engine.table import PASS_CYCLE
from .draft import NIL, HandDraft
from .lock import draft_lock

NO_BID = "\u2014"  # an em dash: not bid yet


@dataclass(frozen=True)
class LiveHand:
    """What the pen holder has entered of the next hand of ``game_id`` (saved ``version``)."""

    game_id: str
    version: int
    hand: dict = field(compare=False)  # HandDraft.to_hand(): bids and tricks tapped so far
    by: str = "The scorekeeper"  # who holds the pen: "The scorekeeper", "Bob's phone"


class LiveBoard:
    """The latest `LiveHand` of each game (one board per server process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latest: dict[str, LiveHand] = {}

    def put(self, live: LiveHand) -> None:
        with self._lock:
            self._latest[live.game_id] = live

    def latest(self, game_id: str, version: int | None) -> LiveHand | None:
        """The entry made on saved ``version`` of the game (an older one is stale: a hand was
        saved since, and its entry started afresh)."""
        with self._lock:
            live = self._latest.get(game_id)
        return live if live is not None and live.version == version else None

    def drop(self, game_id: str) -> None:
        with self._lock:
            self._latest.pop(game_id, None)


@dataclass(frozen=True)
class Watched:
    """What a viewer's card of the hand being entered says."""

    title: str  # "Hand 3 of 12"
    deal: str  # "Ann deals · Bob leads · pass left"
    bids: tuple[tuple[str, str], ...]  # (row: side or player, "4" / "blind 6" / "nil" / "—")
    first: str  # who bids first
    first_words: str  # "bid first" (a side of two), "bids first"
    lock: str | None  # the lock line (IHOP), None under rules without a lock
    tricks: str | None  # "Ann & Cat 7, Bob & Dan 6", None until a count is tapped
    status: str  # "Still to enter: Bid for Bob & Dan", "Ready to save"
    by: str  # who is entering it
    started: bool  # anything tapped yet

    @property
    def text(self) -> str:
        """All of it in one line (for a screen reader, and the tests)."""
        bids = ", ".join(f"{row} {bid}" for row, bid in self.bids)
        parts = [self.title, self.deal, f"bids: {bids}"]
        if self.lock:
            parts.append(self.lock)
        if self.tricks:
            parts.append(f"took {self.tricks}")
        parts.append(self.status)
        return ". ".join(parts)


def _bid_words(draft: HandDraft, hand: dict, row: str) -> str:
    """One row's bid as the table says it: "4", "blind 6", "8 (raised 1)", "Ann nil, 4", "—"."""
    bids, blind, raised = hand.get("bids", {}), set(hand.get("blind", [])), hand.get("raised", {})
    words: list[str] = []
    players = draft.shape.side_named(row).players if draft.partnership else (row,)
    for player in players:
        if bids.get(player) == NIL and (draft.partnership or player == row):
            words.append(("blind nil" if player in blind else "nil") if player == row
                         else f"{player} {'blind nil' if player in blind else 'nil'}")
    if row in bids and bids[row] != NIL:
        number = ("blind " if row in blind else "") + str(bids[row])
        if raised.get(row):
            number += f" (raised {raised[row]})"
        words.append(number)
    return ", ".join(words) or NO_BID


def deal_words(session) -> list[str]:
    """What the table is told before the next hand: who deals and leads, the pass, a play rule
    to remember (Solo), why the game goes on (a tie at the top)."""
    n = session.next
    words = [f"{n.dealer} deals", n.lead_text]
    if n.pass_text:
        words.append(n.pass_text)
    if n.reminder:  # Solo: a play rule that changes no score
        words.append(n.reminder)
    note = session.sheet.note
    if note:
        words.append(note[:1].upper() + note[1:])
    return words


def longest_deal_line(session) -> int:
    """The most characters `deal_words` joined with ' · ' can have in any hand of this game as it
    stands (any dealer and leader, any pass of the cycle): a phone keeps the line that tall."""
    n, game = session.next, session.game
    words = deal_words(session)
    longest_name = max(len(p) for p in game.players)
    passes = [len(text or "") for _, text in (pass_direction(game, k) for k in range(len(PASS_CYCLE)))]
    now = sum(len(w) for w in words) + 3 * (len(words) - 1)
    return (now - len(n.pass_text or "") + max(passes) - len(n.dealer) - (len(n.leader) if n.leader else 0)
            + 2 * longest_name)


def watched(session, live: LiveHand | None, by: str = "The scorekeeper") -> Watched:
    """The viewer's card of the next hand of the session's open game, from ``live`` when it
    was made on the game as this session has it (else nothing tapped yet); ``by``: who holds
    the pen, when nothing has been tapped."""
    game, n = session.game, session.next
    if live is not None and live.version != session.version:
        live = None  # made on another version of the game: a hand was saved since
    draft = HandDraft.from_hand(game, n, live.hand) if live is not None else HandDraft(game, n)
    hand = draft.to_hand()
    deal = deal_words(session)
    lock = None
    if draft.rules.lock and draft.partnership:
        lock = (draft_lock(draft, draft.bids.raised).text if draft.bids.complete()
                else "Lock: once every side has bid")
    took = ", ".join(f"{k} {v}" for k, v in hand["tricks"].items()) or None
    shape = draft.shape
    return Watched(
        title=session.hand_title, deal=" \u00b7 ".join(deal),
        bids=tuple((row, _bid_words(draft, hand, row)) for row in shape.rows),
        first=shape.first_bidder, lock=lock,
        first_words="bid first" if draft.partnership and len(shape.side_named(shape.first_bidder).players) > 1
        else "bids first", tricks=took, status=draft.status(),
        by=live.by if live is not None else by, started=not draft.is_empty())
