"""One tab's seat at a shared table: the host link, joining with a code, sharing a game, the
pen (asked for, given, kept, taken back), the hand the pen holder is entering, and who this
tab is in a game's history (`actor`; the pen given or taken back is an entry there).  Each
change publishes one event (`SharingChanged`, `PenMoved`, `EntryChanged`; `CodesGuessed` when a
code refused is the first of a wave of guessing).  No flet here.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ...engine import ScorekeeperError
from ...engine.record import character_words, escaped, hidden_character
from ...storage import Actor
from .draft import HandDraft
from .events import CodesGuessed, EntryChanged, PenMove, PenMoved, SharingChanged
from .guards import Result, host_only, pen_holder
from .live import LiveBoard, LiveHand
from .sharing import JoinError, NotAllowed, Role

if TYPE_CHECKING:
    from .session import Session

#: how long a phone's name for the table may be ("Bob's phone")
PEN_NAME_LENGTH = 30

log = logging.getLogger(__name__)


class Seat:
    """`session.seat`: who this tab is at the table, and what it does about the pen."""

    def __init__(self, session: "Session", board: LiveBoard | None = None):
        self.session = session
        self.board = board if board is not None else LiveBoard()

    # -- who this tab is ----------------------------------------------------------
    def become_host(self, token: str | None) -> bool:
        """This session came through the host link (``token`` is the server's secret)."""
        s = self.session
        if not s.tables.is_host_token(token):
            return False
        s.role, s.table, s.table_code = Role.HOST, None, None
        return True

    def join(self, code: str, where: str | None = None) -> Result:
        """Join a shared table by its code: this session then views that one game."""
        s = self.session
        if s.role is Role.HOST:
            return Result(False, "This device keeps score: it does not need a code")
        try:
            game_id = s.tables.join(code, where or s.client)
        except JoinError as exc:
            if exc.alarm is not None:  # the scorekeeper's devices are told
                s.publish(CodesGuessed("", text=exc.alarm))
            return Result(False, str(exc))
        except ScorekeeperError as exc:
            return Result(False, str(exc))
        s.role, s.table, s.table_code = Role.VIEWER, game_id, s.tables.code_of(game_id)
        s.game_id = s.stored = None
        return Result(True, "Joined the table")

    def leave(self) -> None:
        """Back to a guest (the table stopped sharing, or the viewer left it)."""
        s = self.session
        if s.role is Role.VIEWER:
            s.role, s.table, s.table_code = Role.GUEST, None, None
            s.game_id = s.stored = s.sheet = s.next = None

    # -- sharing a game (the host) ----------------------------------------------------
    @host_only(pair=True)
    def share(self, game_id: str) -> tuple[Result, str | None]:
        code = self.session.tables.share(game_id)
        self.session.publish(SharingChanged(game_id, shared=True))
        return Result(True), code

    @host_only
    def stop_sharing(self, game_id: str) -> Result:
        tables = self.session.tables
        holder, name = tables.pen_holder(game_id), tables.pen_name(game_id)
        tables.stop(game_id)
        if holder is not None:  # the pen is the host's again
            self.note(game_id, "pen-taken", **{"from": name})
        self.board.drop(game_id)
        self.session.publish(SharingChanged(game_id, shared=False))
        return Result(True, "The table stopped sharing: its code no longer works")

    # -- who this tab is in a game's history ----------------------------------------------
    @property
    def actor(self) -> Actor:
        """Who this session is in a game's history: the host by its device, a viewer holding
        the pen by the name it gave when it asked for it."""
        s = self.session
        if s.role is Role.HOST:
            return Actor(s.device, "host")
        name = s.tables.pen_name(s.table) if s.table is not None and s.holds_pen(s.table) else None
        return Actor(name or "a viewer", "viewer with the pen")

    def note(self, game_id: str, change: str, by: Actor | None = None, **fields) -> None:
        """Add an entry to the game's history that changes nothing else (the pen given, ...), by
        ``by`` (default: this tab); a history that cannot be written now does not stop what the
        entry tells of."""
        try:
            self.session.shared.add_note(game_id, change, by=by or self.actor, **fields)
        except (ScorekeeperError, OSError) as exc:
            log.warning("game %s: could not add %s to its history: %s", game_id, change, exc)

    # -- the pen ------------------------------------------------------------------------
    def ask_pen(self, name: str) -> Result:
        """Ask for the pen of the table this phone views; ``name`` is how the table calls it."""
        s = self.session
        if s.role is not Role.VIEWER or not s.table_open:
            return Result(False, "Only a phone viewing a shared table can ask for its pen")
        name = " ".join(name.split())
        if not name:
            return Result(False, "Name this phone for the table, like Bob's phone")
        if len(name) > PEN_NAME_LENGTH:
            return Result(False, f"A name for the table has at most {PEN_NAME_LENGTH} characters: "
                                 f"{escaped(name[:PEN_NAME_LENGTH])}\u2026 is longer")
        if (ch := hidden_character(name)) is not None:  # it goes in the game's history, and on screens
            return Result(False, f"A name for the table holds {character_words(ch)}: type it without")
        try:
            s.tables.ask_pen(s.table, s.client, name)
        except NotAllowed as exc:
            return Result(False, str(exc))
        s.publish(PenMoved(s.table, PenMove.ASKED, s.client))
        return Result(True, "Asked for the pen")

    @pen_holder
    def give_pen(self, game_id: str, client: str | None = None) -> Result:
        """The pen goes to ``client``, the device whose request this one was shown (None: the
        request waiting first); this one views."""
        s = self.session
        request = s.tables.request_for(game_id)
        if request is None:
            return Result(False, "Nobody is asking for the pen")
        by = self.actor  # the giver, named before the pen moves
        try:
            given = s.tables.give_pen(game_id, client or request.client)
        except NotAllowed as exc:
            return Result(False, str(exc))
        self.note(game_id, "pen-given", by, to=given.name)
        s.publish(PenMoved(game_id, PenMove.GIVEN, client or request.client))
        return Result(True, f"{given.name} has the pen")

    @pen_holder
    def keep_pen(self, game_id: str, client: str) -> Result:
        """Keep the pen: ``client``'s request is answered."""
        self.session.tables.keep_pen(game_id, client)
        self.session.publish(PenMoved(game_id, PenMove.KEPT, client))
        return Result(True)

    @host_only
    def take_pen(self, game_id: str) -> Result:
        """The host takes the pen back, whoever holds it."""
        s = self.session
        holder, name = s.tables.pen_holder(game_id), s.tables.pen_name(game_id)
        s.tables.take_pen(game_id)
        if holder is not None:
            self.note(game_id, "pen-taken", **{"from": name})
        s.publish(PenMoved(game_id, PenMove.TAKEN, holder))
        return Result(True, "You have the pen again")

    def show_entry(self, draft: HandDraft) -> None:
        """The pen holder tapped: the game's viewers see the hand as entered so far."""
        s, game_id = self.session, self.session.game_id
        if game_id is None or not s.tables.is_shared(game_id) or not s.holds_pen(game_id):
            return
        self.board.put(LiveHand(game_id, s.version, draft.to_hand(), by=s.tables.pen_name(game_id)))
        s.publish(EntryChanged(game_id))
