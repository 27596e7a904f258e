"""The session's state over the repository and the engine.  No flet, no arithmetic.

`SharedRepository` is one per server process (every browser tab shares it);
`Session` is one per tab: which game is open, its stored record, its
scoresheet and what the next hand looks like.  Every change goes through the
repository, which asks the engine whether it is valid; a refusal comes back as
a `Result` with the engine's message, never as an exception in a view.
"""
from __future__ import annotations

import functools
import json
import logging
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Concatenate, Iterator, ParamSpec, TypeVar

from ...engine import (Game, Lock, NextHand, RuleSet, Scoresheet, ScorekeeperError, lock_status, next_hand,
                       verify_hand)
from ...storage import GameChangedError, GameSummary, PlayerStats, Repository, StoredGame, UnreadableGameError
from .draft import HandDraft
from .options import readable
from .sharing import NotAllowed, Role, Tables

log = logging.getLogger(__name__)

#: how long a phone's name for the table may be ("Bob's phone")
PEN_NAME_LENGTH = 30

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True)
class Result:
    """What a change did: `ok`, and the message to show (the reason when refused).

    `hand`: the hand the engine's refusal names (an edit of hand 2 can be refused because
    of hand 4), or None.
    `conflict`: refused because another device changed the game first (the game
    shown is now the saved one; the change can be entered again on top of it).
    """

    ok: bool
    message: str = ""
    hand: int | None = None
    conflict: bool = False

    def __bool__(self) -> bool:
        return self.ok


class StorageUnavailable(ScorekeeperError):
    """The data folder could not be opened when the server started."""


def _forward(method: Callable[Concatenate[Repository, P], T]) -> Callable[Concatenate["SharedRepository", P], T]:
    """`Repository.method`, called on the shared repository under its lock (same signature)."""
    @functools.wraps(method)
    def call(self: "SharedRepository", *args: P.args, **kwargs: P.kwargs) -> T:
        with self.using() as repo:
            return getattr(repo, method.__name__)(*args, **kwargs)
    return call


class SharedRepository:
    """The process-wide repository, used under one lock (sessions run concurrently).

    Its methods are the `Repository`'s own (same names, same signatures), each
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
    list_trash = _forward(Repository.list_trash)
    player_stats = _forward(Repository.player_stats)
    create_game = _forward(Repository.create_game)
    import_game = _forward(Repository.import_game)
    export_game = _forward(Repository.export_game)
    raw_record = _forward(Repository.raw_record)
    delete_game = _forward(Repository.delete_game)
    restore_game = _forward(Repository.restore_game)
    record_hand = _forward(Repository.record_hand)
    record_misdeal = _forward(Repository.record_misdeal)
    replace_hand = _forward(Repository.replace_hand)
    undo = _forward(Repository.undo)
    redo = _forward(Repository.redo)

    def notices(self) -> list[str]:
        with self.lock:
            notices = list(getattr(self.repo, "notices", []) or [])
        return ([self.problem] if self.problem else []) + notices


def _change_between(longer: tuple[Game, Scoresheet], shorter: tuple[Game, Scoresheet]) -> str:
    """The change that makes `longer` of `shorter`, in words: "Hand 5" (scored hands, as the
    sheet counts them), "Misdeal", or "The edit of hand 2"."""
    (game, sheet), (other, _) = longer, shorter
    if len(game.hands) > len(other.hands):
        return "Misdeal" if game.hands[-1].misdeal else f"Hand {sheet.hands_played}"
    changed = next((n for n, (a, b) in enumerate(zip(game.hands, other.hands), start=1) if a != b),
                   None)
    return f"The edit of {_lower(sheet.hands[changed - 1].label)}" if changed else "The last change"


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
                 client: str = "local"):
        self.shared = shared
        self.tables = tables if tables is not None else Tables()
        self.role = role
        self.client = client  # this device (kept across reloads by the app)
        self.table: str | None = None  # the game a viewer joined
        self.table_code: str | None = None
        self.game_id: str | None = None
        self.stored: StoredGame | None = None  # the open game as saved
        self.sheet: Scoresheet | None = None   # its scoresheet
        self.next: NextHand | None = None      # who deals, leads, bids first ... next
        self._notices_shown = False

    # -- helpers -----------------------------------------------------------
    def notices(self) -> list[str]:
        if self._notices_shown:
            return []
        self._notices_shown = True
        return self.shared.notices()

    def close(self) -> None:
        self.game_id = None

    # -- roles ----------------------------------------------------------------
    def become_host(self, token: str | None) -> bool:
        """This session came through the host link (``token`` is the server's secret)."""
        if not self.tables.is_host_token(token):
            return False
        self.role, self.table, self.table_code = Role.HOST, None, None
        return True

    def join(self, code: str, where: str | None = None) -> Result:
        """Join a shared table by its code: this session then views that one game."""
        if self.role is Role.HOST:
            return Result(False, "This device keeps score: it does not need a code")
        try:
            game_id = self.tables.join(code, where or self.client)
        except ScorekeeperError as exc:
            return Result(False, str(exc))
        self.role, self.table, self.table_code = Role.VIEWER, game_id, self.tables.code_of(game_id)
        self.game_id = self.stored = None
        return Result(True, "Joined the table")

    def leave(self) -> None:
        """Back to a guest (the table stopped sharing, or the viewer left it)."""
        if self.role is Role.VIEWER:
            self.role, self.table, self.table_code = Role.GUEST, None, None
            self.game_id = self.stored = self.sheet = self.next = None

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

    def _need_host(self) -> None:
        if self.role is not Role.HOST:
            raise NotAllowed("Only the scorekeeper's device can do that")

    def _need_pen(self, game_id: str | None) -> None:
        if not self.holds_pen(game_id):
            if self.role is Role.HOST:
                raise NotAllowed("Another phone holds the pen for this game: take it back to enter hands")
            raise NotAllowed("This phone is viewing the game: ask for the pen to enter hands")

    def _allowed(self, check: Callable[[], None]) -> Result | None:
        try:
            check()
        except NotAllowed as exc:
            log.warning("refused for a %s session: %s", self.role, exc)
            return Result(False, str(exc))
        return None

    def _attempt(self, action: Callable[[], Any], done: str | Callable[[], str] = "",
                 changed_elsewhere: str = "") -> Result:
        """Run a change; a refusal or a storage error becomes a Result, and the
        open game is reloaded from what was last saved.  `done` is the message (or
        makes it from the changed game); `changed_elsewhere` the one when another
        device changed the game first."""
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
        return Result(True, done() if callable(done) else done)

    def _set(self, stored: StoredGame) -> None:
        # the repository scored the game once when it read or changed it; next_hand reuses that sheet
        self.stored = stored
        self.sheet = stored.sheet
        self.next = next_hand(stored.game, stored.sheet)

    # -- the list of games ---------------------------------------------------
    def list_games(self) -> list[GameSummary]:
        self._need_host()
        return self.shared.list_games()

    def player_stats(self) -> list[PlayerStats]:
        self._need_host()
        return self.shared.player_stats()

    def list_trash(self) -> list[GameSummary]:
        self._need_host()
        return self.shared.list_trash()

    def delete(self, game_id: str) -> Result:
        if (refused := self._allowed(self._need_host)) is not None:
            return refused
        res = self._attempt(lambda: self.shared.delete_game(game_id), "Game deleted")
        if res:
            self.tables.stop(game_id)
            if self.game_id == game_id:
                self.close()
        return res

    def restore(self, game_id: str) -> Result:
        if (refused := self._allowed(self._need_host)) is not None:
            return refused
        return self._attempt(lambda: self.shared.restore_game(game_id), "Game restored")

    # -- sharing the open game (the host) -------------------------------------------
    def share(self, game_id: str) -> tuple[Result, str | None]:
        if (refused := self._allowed(self._need_host)) is not None:
            return refused, None
        return Result(True), self.tables.share(game_id)

    def stop_sharing(self, game_id: str) -> Result:
        if (refused := self._allowed(self._need_host)) is not None:
            return refused
        self.tables.stop(game_id)
        return Result(True, "The table stopped sharing: its code no longer works")

    def ask_pen(self, name: str) -> Result:
        """Ask for the pen of the table this phone views; ``name`` is how the table calls it."""
        if self.role is not Role.VIEWER or not self.table_open:
            return Result(False, "Only a phone viewing a shared table can ask for its pen")
        name = " ".join(name.split())
        if not name:
            return Result(False, "Name this phone for the table, like Bob's phone")
        if len(name) > PEN_NAME_LENGTH:
            return Result(False, f"A name for the table has at most {PEN_NAME_LENGTH} characters: "
                                 f"{name[:PEN_NAME_LENGTH]}\u2026 is longer")
        try:
            self.tables.ask_pen(self.table, self.client, name)
        except NotAllowed as exc:
            return Result(False, str(exc))
        return Result(True, "Asked for the pen")

    def give_pen(self, game_id: str, client: str | None = None) -> Result:
        """The pen goes to ``client``, the device whose request this one was shown (None: the
        request waiting first); this one views."""
        request = self.tables.request_for(game_id)
        if request is None:
            return Result(False, "Nobody is asking for the pen")
        if (refused := self._allowed(lambda: self._need_pen(game_id))) is not None:
            return refused
        try:
            given = self.tables.give_pen(game_id, client or request.client)
        except NotAllowed as exc:
            return Result(False, str(exc))
        return Result(True, f"{given.name} has the pen")

    def keep_pen(self, game_id: str, client: str) -> Result:
        """Keep the pen: ``client``'s request is answered."""
        if (refused := self._allowed(lambda: self._need_pen(game_id))) is not None:
            return refused
        self.tables.keep_pen(game_id, client)
        return Result(True)

    def take_pen(self, game_id: str) -> Result:
        """The host takes the pen back, whoever holds it."""
        if (refused := self._allowed(self._need_host)) is not None:
            return refused
        self.tables.take_pen(game_id)
        return Result(True, "You have the pen again")

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

    # -- starting a game ---------------------------------------------------------
    def create_game(self, rules: RuleSet | dict | str, players: list[str], team_names: list[str] | None = None,
                    first_dealer: str | None = None, teams=None) -> tuple[Result, str | None]:
        """Start a game; `rules` is a RuleSet or a record's rules spec."""
        if (refused := self._allowed(self._need_host)) is not None:
            return refused, None
        spec = rules.spec() if isinstance(rules, RuleSet) else rules
        try:
            game_id = self.shared.create_game(spec, players, teams=teams,
                                       team_names=team_names or None, first_dealer=first_dealer)
        except ScorekeeperError as exc:
            return Result(False, readable(str(exc))), None
        except OSError as exc:
            return Result(False, f"Could not save the new game: {exc}"), None
        return Result(True, "Game started"), game_id

    def rematch(self, game_id: str) -> tuple[Result, str | None]:
        """A new game with the same players, seats, teams and rules; the first deal passes to
        the next player (the dealer of the old game's second hand)."""
        if (refused := self._allowed(self._need_host)) is not None:
            return refused, None
        try:
            stored = self.shared.get(game_id)
        except ScorekeeperError as exc:
            return Result(False, readable(str(exc))), None
        record = stored.record
        res, new_id = self.create_game(record["rules"], list(record["players"]),
                                       team_names=record.get("team_names"), teams=record.get("teams"),
                                       first_dealer=stored.game.dealer_of(2))
        if res:
            res = Result(True, f"Rematch: {stored.game.dealer_of(2)} deals first")
        return res, new_id

    def import_record(self, text: str | bytes, file_name: str | None = None) -> tuple[Result, str | None]:
        """Add a game from a record: text pasted in the box, or a file's bytes (`file_name`)."""
        if (refused := self._allowed(self._need_host)) is not None:
            return refused, None
        where = f"The file {file_name}" if file_name else "The pasted text"
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8-sig")
            except UnicodeDecodeError:
                return Result(False, f"{where} is not a game record: it is not text"), None
        if not text.strip():
            return Result(False, f"{where} is empty: paste the record of an exported game"), None
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # the parser's own words help nobody here
            return Result(False, f"{where} is not a game record: a record is the JSON text "
                                 "of an exported game, from its first { to its last }"), None
        try:
            game_id = self.shared.import_game(data)
        except (ScorekeeperError, OSError, ValueError, RecursionError) as exc:
            return Result(False, f"Not imported. {readable(str(exc))}"), None
        return Result(True, "Game imported"), game_id

    def export_record(self, game_id: str) -> tuple[Result, str]:
        if not self.may_see(game_id):
            return Result(False, "Join a table with its code to see it"), ""
        note = ""
        try:
            try:
                record = self.shared.export_game(game_id)
            except UnreadableGameError as exc:  # the way out: the record as saved, unchecked
                record = self.shared.raw_record(game_id)
                note = f"This version can't open the game ({exc.reason}): this is its record as saved"
        except ScorekeeperError as exc:
            return Result(False, str(exc)), ""
        return Result(True, note), json.dumps(record, indent=2, ensure_ascii=False)

    # -- changing the open game ----------------------------------------------------
    def record_hand(self, hand: dict, version: int | None = None) -> Result:
        """Save the next hand.  `version`: the version of the game the hand was entered on
        (default: the one open now); if another device saved in between, a conflict."""
        gid, version = self.game_id, self.version if version is None else version
        if (refused := self._allowed(lambda: self._need_pen(gid))) is not None:
            return refused
        title = self.hand_title
        return self._attempt(
            lambda: self.shared.record_hand(gid, hand, expected_version=version),
            self._saved_words,
            changed_elsewhere=f"{title} was saved on another device first")

    def _saved_words(self) -> str:
        """What the last save did: 'Hand 9 saved', or why the hand was thrown out."""
        last = self.sheet.hands[-1]
        return last.note if last.thrown_out and last.note else f"{last.label} saved"

    def replace_hand(self, number: int, hand: dict, version: int | None = None) -> Result:
        gid, version = self.game_id, self.version if version is None else version
        if (refused := self._allowed(lambda: self._need_pen(gid))) is not None:
            return refused
        return self._attempt(lambda: self.shared.replace_hand(gid, number, hand,
                                                                   expected_version=version),
                             lambda: f"{self.hand_label(number)} changed; the hands after it are scored again",
                             changed_elsewhere="This game was changed on another device "
                                               "while you edited it")

    def misdeal(self) -> Result:
        gid, version = self.game_id, self.version
        if (refused := self._allowed(lambda: self._need_pen(gid))) is not None:
            return refused
        return self._attempt(lambda: self.shared.record_misdeal(gid, expected_version=version),
                             lambda: f"Misdeal: the deal passes to {self.next.dealer}",
                             changed_elsewhere="The game was changed on another device first: "
                                               "nothing was recorded, look again")

    def undo(self) -> Result:
        gid, before = self.game_id, (self.game, self.sheet)
        if (refused := self._allowed(lambda: self._need_pen(gid))) is not None:
            return refused
        return self._attempt(lambda: self.shared.undo(gid),
                             lambda: _change_between(before, (self.game, self.sheet)) + " undone")

    def redo(self) -> Result:
        gid, before = self.game_id, (self.game, self.sheet)
        if (refused := self._allowed(lambda: self._need_pen(gid))) is not None:
            return refused
        return self._attempt(lambda: self.shared.redo(gid),
                             lambda: _change_between((self.game, self.sheet), before) + " redone")

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

    def lock(self, draft: HandDraft, raises: dict[str, int] | None = None) -> Lock:
        """The engine's lock status for the draft's first-round side bids (IHOP), with `raises` made."""
        return lock_status(draft.game, draft.bids.lock_bids(raises), draft.next.number)


def _refusal(game: Game, sheet: Scoresheet | None = None) -> Callable[[dict], str | None]:
    """Why the engine would refuse ``hand`` as the next hand of ``game``, in the words Save uses."""
    def check(hand: dict) -> str | None:
        try:
            verify_hand(game, hand, sheet=sheet)
        except ScorekeeperError as exc:
            return readable(str(exc))
        return None
    return check
