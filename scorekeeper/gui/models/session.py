"""The session's state over the repository and the engine.  No flet, no arithmetic.

`SharedRepository` is one per server process (every browser tab shares it);
`Session` is one per tab: which game is open, its stored record, its
scoresheet and what the next hand looks like.  Every change goes through the
repository, which asks the engine whether it is valid; a refusal comes back as
a `Result` with the engine's message, never as an exception in a view.
"""
from __future__ import annotations

import functools
import logging
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Concatenate, Iterator, ParamSpec, TypeVar

from ...engine import Game, NextHand, Scoresheet, ScorekeeperError, next_hand, verify_hand
from ...storage import Exchange, GameChangedError, Repository, StoredGame, Trash
from .dispute import Dispute
from .draft import HandDraft
from .events import Event, GameChanged, Publish, nowhere
from .guards import Result, pen_holder
from .library import Library
from .live import LiveBoard
from .options import readable
from .seat import Seat
from .sharing import Role, Tables

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")
S = TypeVar("S")


class StorageUnavailable(ScorekeeperError):
    """The data folder could not be opened when the server started."""


def _forward(method: Callable[Concatenate[S, P], T], part: Callable[[Repository], S] | None = None
             ) -> Callable[Concatenate["SharedRepository", P], T]:
    """`Repository.method` (or the method of one of its parts: `part(repo)`, e.g. its trash), called
    on the shared repository under its lock (same signature)."""
    @functools.wraps(method)
    def call(self: "SharedRepository", *args: P.args, **kwargs: P.kwargs) -> T:
        with self.using() as repo:
            return getattr(part(repo) if part else repo, method.__name__)(*args, **kwargs)
    return call


class SharedRepository:
    """The process-wide repository, used under one lock (sessions run concurrently).

    Its methods are the `Repository`'s own and its parts' (same signatures), each
    run under the lock; when the data folder could not be opened they raise
    `StorageUnavailable` with the reason.
    """

    def __init__(self, data_dir: Path):
        self.data_dir = Path(data_dir)
        self.lock = threading.RLock()
        self.repo: Repository | None = None
        self.problem: str | None = None
        try:
            self.repo = Repository(self.data_dir)
        except Exception as exc:  # unreadable data folder, ...: say so, keep running
            log.error("cannot open the saved games in %s: %s", self.data_dir, exc)
            self.problem = f"Cannot open the saved games in {self.data_dir}: {exc}"

    @contextmanager
    def using(self) -> Iterator[Repository]:
        """The repository, held under the lock for the `with` block."""
        if self.repo is None:
            raise StorageUnavailable(self.problem or "no storage")
        with self.lock:
            yield self.repo

    get = _forward(Repository.get)
    list_games = _forward(Repository.list_games)
    list_trash = _forward(Trash.list_games, lambda repo: repo.trash)
    season_stats = _forward(Repository.season_stats)
    create_game = _forward(Repository.create_game)
    import_game = _forward(Exchange.import_game, lambda repo: repo.exchange)
    export_game = _forward(Exchange.export_game, lambda repo: repo.exchange)
    raw_record = _forward(Exchange.raw_record, lambda repo: repo.exchange)
    delete_game = _forward(Trash.delete, lambda repo: repo.trash)
    restore_game = _forward(Trash.restore, lambda repo: repo.trash)
    record_hand = _forward(Repository.record_hand)
    record_misdeal = _forward(Repository.record_misdeal)
    replace_hand = _forward(Repository.replace_hand)
    change_rules = _forward(Repository.change_rules)
    undo = _forward(Repository.undo)
    redo = _forward(Repository.redo)
    history = _forward(Repository.history)
    add_note = _forward(Repository.add_note)

    def read_only(self) -> str | None:
        """Why nothing can be saved now (a full disk, a read-only folder: `Repository.read_only`), or None."""
        if self.repo is None:
            return None
        with self.lock:
            return self.repo.read_only()

    def notices(self) -> list[str]:
        with self.lock:
            notices = list(getattr(self.repo, "notices", []) or [])
        return ([self.problem] if self.problem else []) + notices


def _change_between(longer: tuple[Game, Scoresheet], shorter: tuple[Game, Scoresheet]) -> str:
    """The change that makes `longer` of `shorter`, in words: "Hand 5" (scored hands, as the
    sheet counts them), "Misdeal", or "The edit of hand 2"."""
    (game, sheet), (other, _) = longer, shorter
    if game.rules != other.rules and game.hands == other.hands:
        return "The change of house rules"
    if len(game.hands) > len(other.hands):
        return "Misdeal" if game.hands[-1].misdeal else f"Hand {sheet.hands_played}"
    changed = next((n for n, (a, b) in enumerate(zip(game.hands, other.hands), start=1) if a != b),
                   None)
    return f"The edit of {_lower(sheet.hands[changed - 1].label)}" if changed else "The last change"


def _saved_words(sheet: Scoresheet) -> str:
    """What the last save did: 'Hand 9 saved', or why the hand was thrown out."""
    last = sheet.hands[-1]
    return last.note if last.thrown_out and last.note else f"{last.label} saved"


def _lower(label: str) -> str:
    """'Hand 3' -> 'hand 3', to go inside a sentence."""
    return label[:1].lower() + label[1:]


class Session:
    """One tab's view of the data: the open game and what to show of it.

    ``role``: the host may do everything; a viewer sees the one table it joined and changes it
    only while it holds that table's pen; a guest sees nothing but the join page.  Every read
    and change checks the role here, on the server, whatever the page shows.
    """

    def __init__(self, shared: SharedRepository, tables: Tables | None = None, *, role: Role = Role.HOST,
                 client: str = "local", board: LiveBoard | None = None, publish: Publish = nowhere,
                 device: str = "this computer"):
        self.shared = shared
        #: where each change this session makes is announced (the app: to the other sessions)
        self.publish = publish
        self.tables = tables if tables is not None else Tables()
        self.role = role
        self.client = client  # this device (kept across reloads by the app)
        #: how the game's history names this device as the host: "this computer" (the app's own
        #: window) or "host link browser"; a viewer is named by the name it gave for the pen
        self.device = device
        self.table: str | None = None  # the game a viewer joined
        self.table_code: str | None = None
        self.game_id: str | None = None
        self.stored: StoredGame | None = None  # the open game as saved
        self.sheet: Scoresheet | None = None   # its scoresheet
        self.next: NextHand | None = None      # who deals, leads, bids first ... next
        self._notices_shown = False
        self.games = Library(self)     # the list of games: start, import, delete, restore ...
        self.seat = Seat(self, board)  # this tab at a shared table: sharing, the pen
        self.dispute = Dispute(self)  # a line's rule, the other ways, playing so; the history

    # -- helpers -----------------------------------------------------------
    def notices(self) -> list[str]:
        if self._notices_shown:
            return []
        self._notices_shown = True
        return self.shared.notices()

    def close(self) -> None:
        self.game_id = None

    @property
    def table_open(self) -> bool:
        """A viewer's table is still shared under the code it joined with."""
        return (self.role is Role.VIEWER and self.table is not None and self.table_code is not None
                and self.tables.still_open(self.table, self.table_code))

    def may_see(self, game_id: str | None) -> bool:
        if self.role is Role.HOST:
            return True
        return self.role is Role.VIEWER and game_id is not None and game_id == self.table and self.table_open

    def holds_pen(self, game_id: str | None) -> bool:
        """Whether this device enters the hands of ``game_id`` now."""
        if game_id is None:
            return False
        holder = self.tables.pen_holder(game_id)
        if self.role is Role.HOST:
            return holder is None
        return self.may_see(game_id) and holder == self.client

    @property
    def may_keep_score(self) -> bool:
        """Whether the open game's hands can be entered, edited, undone from this device."""
        return self.holds_pen(self.game_id)

    def _attempt(self, action: Callable[[], Any], done: str | Callable[[], str] = "",
                 changed_elsewhere: str = "", event: Event | None = None) -> Result:
        """Run a change; a refusal or a storage error becomes a Result, and the
        open game is reloaded from what was last saved.  `done` is the message (or
        makes it from the changed game); `changed_elsewhere` the one when another
        device changed the game first; `event` is published once the change is made."""
        try:
            stored = action()
        except GameChangedError as exc:
            log.info("changed elsewhere: %s", exc)
            self.reload()
            return Result(False, changed_elsewhere or readable(str(exc)), conflict=True)
        except ScorekeeperError as exc:
            log.info("refused: %s", exc)
            self.reload()
            return Result(False, readable(str(exc)), getattr(exc, "hand", None))
        except OSError as exc:
            log.error("storage trouble: %s", exc)
            self.reload()
            return Result(False, f"Could not save: {exc}. The game is as it was last saved.")
        if isinstance(stored, StoredGame) and stored.id == self.game_id:
            self._set(stored)
        if event is not None:
            self.publish(event)
        return Result(True, done() if callable(done) else done)

    def _set(self, stored: StoredGame) -> None:
        # the repository scored the game once when it read or changed it; next_hand reuses that sheet
        self.stored = stored
        self.sheet = stored.sheet
        self.next = next_hand(stored.game, stored.sheet)

    # -- the open game ----------------------------------------------------------
    def open(self, game_id: str) -> Result:
        if not self.may_see(game_id):
            self.game_id = None
            self.stored = self.sheet = self.next = None
            if self.role is Role.VIEWER and not self.table_open:
                return Result(False, "This table stopped sharing")
            return Result(False, "Join a table with its code to see it")
        if self.game_id == game_id and self.stored is not None:
            return Result(True)
        self.game_id = game_id
        try:
            self._set(self.shared.get(game_id))
        except ScorekeeperError as exc:
            self.game_id = None
            self.stored = self.sheet = self.next = None
            return Result(False, str(exc))
        return Result(True)

    def reload(self) -> str | None:
        """Read the open game again from storage (after another device changed it); what
        changed, in words ("Hand 4 was saved"), or None when nothing did."""
        if self.game_id is None or self.stored is None:
            return None
        before = (self.game, self.sheet)
        try:
            self._set(self.shared.get(self.game_id))
        except ScorekeeperError as exc:
            log.warning("cannot reload %s: %s", self.game_id, exc)
            return None
        after = (self.game, self.sheet)
        if after[0].hands == before[0].hands:
            return None
        if len(after[0].hands) < len(before[0].hands):
            return _change_between(before, after) + " was undone"
        return _change_between(after, before) + (" was recorded" if after[0].hands[-1].misdeal
                                                 and len(after[0].hands) > len(before[0].hands)
                                                 else " was saved")

    @property
    def game(self) -> Game | None:
        return self.stored.game if self.stored is not None else None

    @property
    def hand_title(self) -> str:
        """'Hand 7 of 12', or 'Hand 7' without a hand limit: the scored hand about to be
        played (misdeals and thrown-out hands are not hands)."""
        # the one count made here; the engine's NextHand.hand_of (on main) gives it
        number = self.sheet.hands_played + 1
        limit = self.game.rules.max_hands
        return f"Hand {number} of {limit}" if limit else f"Hand {number}"

    def hand_label(self, deal: int) -> str:
        """What the table calls the deal at position ``deal``: 'Hand 8' (misdeals are not counted),
        'Misdeal', 'Thrown out'."""
        hands = self.sheet.hands if self.sheet is not None else []
        return hands[deal - 1].label if 1 <= deal <= len(hands) else f"Hand {deal}"

    def hand_name(self, deal: int) -> str:
        """`hand_label` inside a sentence: 'hand 8'."""
        return _lower(self.hand_label(deal))

    @property
    def version(self) -> int | None:
        return self.stored.version if self.stored is not None else None

    # -- changing the open game (each publishes GameChanged) ---------------------------
    @pen_holder
    def record_hand(self, hand: dict, version: int | None = None) -> Result:
        """Save the next hand.  `version`: the version of the game the hand was entered on
        (default: the one open now); if another device saved in between, a conflict."""
        gid, version, by = self.game_id, self.version if version is None else version, self.seat.actor
        title = self.hand_title
        return self._attempt(
            lambda: self.shared.record_hand(gid, hand, expected_version=version, by=by),
            lambda: _saved_words(self.sheet), event=GameChanged(gid),
            changed_elsewhere=f"{title} was saved on another device first")

    @pen_holder
    def replace_hand(self, number: int, hand: dict, version: int | None = None) -> Result:
        gid, version, by = self.game_id, self.version if version is None else version, self.seat.actor
        return self._attempt(lambda: self.shared.replace_hand(gid, number, hand,
                                                                   expected_version=version, by=by),
                             lambda: f"{self.hand_label(number)} changed; the hands after it are scored again",
                             event=GameChanged(gid),
                             changed_elsewhere="This game was changed on another device "
                                               "while you edited it")

    @pen_holder
    def misdeal(self) -> Result:
        gid, version, by = self.game_id, self.version, self.seat.actor
        return self._attempt(lambda: self.shared.record_misdeal(gid, expected_version=version, by=by),
                             lambda: f"Misdeal: the deal passes to {self.next.dealer}",
                             event=GameChanged(gid),
                             changed_elsewhere="The game was changed on another device first: "
                                               "nothing was recorded, look again")

    @pen_holder
    def undo(self) -> Result:
        gid, before, by = self.game_id, (self.game, self.sheet), self.seat.actor
        return self._attempt(lambda: self.shared.undo(gid, by=by),
                             lambda: _change_between(before, (self.game, self.sheet)) + " undone",
                             event=GameChanged(gid))

    @pen_holder
    def redo(self) -> Result:
        gid, before, by = self.game_id, (self.game, self.sheet), self.seat.actor
        return self._attempt(lambda: self.shared.redo(gid, by=by),
                             lambda: _change_between((self.game, self.sheet), before) + " redone",
                             event=GameChanged(gid))

    @property
    def can_undo(self) -> bool:
        return bool(self.stored is not None and self.stored.can_undo)

    @property
    def can_redo(self) -> bool:
        return bool(self.stored is not None and self.stored.can_redo)

    # -- for the entry and edit screens ---------------------------------------------
    def draft(self) -> HandDraft:
        """A fresh draft for the next hand of the open game."""
        return HandDraft(self.game, self.next, check=_refusal(self.game, self.sheet))

    def draft_for(self, number: int, kept: dict | None = None) -> tuple[HandDraft, dict]:
        """A draft holding recorded hand `number` (1-based), to edit it, and the hand as recorded.

        `kept`: an edit of that hand not saved yet (refused because of a later hand), to go on with."""
        game = self.game
        before = game
        while len(before.hands) >= number:
            before = before.without_last_hand()
        hand = game.hands[number - 1].to_dict()
        draft = HandDraft.from_hand(game, next_hand(before), kept or hand)
        draft.check = _refusal(before)  # the hand itself, as it stands after the hands before it
        return draft, hand


def _refusal(game: Game, sheet: Scoresheet | None = None) -> Callable[[dict], str | None]:
    """Why the engine would refuse ``hand`` as the next hand of ``game``, in the words Save uses."""
    def check(hand: dict) -> str | None:
        try:
            verify_hand(game, hand, sheet=sheet)
        except ScorekeeperError as exc:
            return readable(str(exc))
        return None
    return check
