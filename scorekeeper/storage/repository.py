"""The games repository: every saved game, its history, the trash, the list and the stats.

Layout of the data folder (why: see ``LAYOUT`` below and the README)::

    DATA/.lock              inter-process lock, held around every read-modify-write
    DATA/index.json         TinyDB: a cache of each game's summary (title, rules, scores, ...)
    DATA/games/ID.json      TinyDB: one game (its spades-game/1 record, version, undo/redo)
    DATA/games/ID.json.bak  the previous save of that game (last good copy)
    DATA/trash/ID.json      deleted games, until the trash is emptied

The game files are the truth. A game file holds the record (what happened at
the table) and a summary the engine computed when it was written; scores are
never read back as truth: ``get`` always rescores with the engine. The index
is only a cache of the summaries, checked against each game file's
(inode, size, mtime) whenever the list is read and refreshed from the game
files that changed, so recording a hand writes one small file and a crash at
any moment cannot make the list lie.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from datetime import datetime, timedelta, timezone
from enum import StrEnum
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.table import Document

from scorekeeper.engine import (ENGINE_VERSION, Game, Scored, Scoresheet, new_game, read_game, record_hand,
                                replace_hand, rules_from_spec, score_game, take_back_hand)
from scorekeeper.engine.errors import RecordError, RuleOptionError, ScorekeeperError
from scorekeeper.storage.atomic import (
    BACKUP_SUFFIX, TEMP_SUFFIX, AtomicJSONStorage, atomic_write_bytes, fsync_dir, move_aside,
    parse_database,
)
from scorekeeper.storage.errors import (DamagedFileError, DuplicateGameError, GameChangedError, NewerSchemaError,
                                        StorageError, UnreadableGameError)
from scorekeeper.storage.locking import DataLock
from scorekeeper.storage.migrations import META_TABLE, meta_of, migrate
from scorekeeper.storage.paths import default_data_dir

GAMES_DIR = "games"
TRASH_DIR = "trash"
INDEX_FILE = "index.json"
GAME_TABLE = "game"
GAME_SUFFIX = ".json"
_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_DOC_FIELDS = {"id": str, "record": dict, "created": str, "updated": str, "version": int,
               "undo": list, "redo": list}


class Change(StrEnum):
    """A change kept in a game's undo / redo history (stored as its value)."""

    RECORD = "record"  # a hand (or a misdeal) added after the last
    REPLACE = "replace"  # a past hand edited: both versions are kept


def _os_errors(method):
    """Turn an operating-system failure (disk full, no permission, ...) into a StorageError naming the file."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except OSError as err:
            where = err.filename or self.data_dir
            raise StorageError(f"cannot use {where}: {err.strerror or err}") from err
    return wrapper


_last_stamp: datetime | None = None


def _now() -> str:
    """The time of a change, in milliseconds; later than the last one this process stamped, so
    two changes made within one millisecond (a fast disk) still list in the order they were made."""
    global _last_stamp
    now = datetime.now(timezone.utc)
    now = now.replace(microsecond=now.microsecond // 1000 * 1000)
    if _last_stamp is not None and now <= _last_stamp:
        now = _last_stamp + timedelta(milliseconds=1)
    _last_stamp = now
    return now.isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class StoredGame:
    """One saved game as read from disk; ``version`` goes up by one with every change."""

    id: str
    game: Game
    sheet: Scoresheet  # the engine's sheet of ``game``, computed once when it was read or changed
    record: dict
    created: str
    updated: str
    version: int
    can_undo: bool
    can_redo: bool


@dataclass(frozen=True)
class GameSummary:
    """What the games list shows, computed by the engine when the game was last written (``engine``
    is that engine's ``ENGINE_VERSION``), or again when it is listed under another engine.

    ``hands_played`` counts scored hands; ``misdeals`` and ``thrown_out`` count the deals that
    scored nothing, apart.
    """

    id: str
    title: str
    rules: str
    sides: tuple[str, ...]
    scores: dict[str, int]
    status: str
    winner: str | None
    hands_played: int
    created: str
    updated: str
    version: int
    reason: str | None
    players: dict[str, dict[str, Any]] = field(repr=False, compare=False)
    misdeals: int
    thrown_out: int
    engine: int
    record_digest: str = field(repr=False)
    unreadable: str | None = None  # why this version cannot open the game (then only the names and dates)

    @classmethod
    def from_dict(cls, game_id: str, data: dict[str, Any]) -> "GameSummary":
        """From a summary that ``summarize`` wrote (it holds every field but the id)."""
        values = {name: data[name] for name in _SUMMARY_FIELDS}
        return cls(id=game_id, **{**values, "sides": tuple(values["sides"]), "scores": dict(values["scores"])},
                   unreadable=data.get("unreadable"))


_SUMMARY_FIELDS = frozenset(f.name for f in fields(GameSummary)) - {"id", "unreadable"}

UNREADABLE = "unreadable"  # the status of a game this version cannot open


@dataclass(frozen=True)
class PlayerStats:
    """One player's record across finished games."""

    name: str
    games: int
    wins: int
    win_rate: float
    nils_made: int
    nils_failed: int
    times_set: int


def summarize(scored: Scored, created: str, updated: str, version: int) -> dict[str, Any]:
    """The cached summary of a game. Every number in it comes from the engine's scoresheet, and
    it is stamped with the engine's version: a summary from another engine is computed again."""
    game, sheet = scored
    side_of = {player: side.name for side in game.sides for player in side.players}
    players = {player: {"side": side_of[player], "nils_made": 0, "nils_failed": 0, "times_set": 0}
               for player in game.players}
    for hand in sheet.hands:
        if hand.misdeal or hand.thrown_out:
            continue
        for side in game.sides:
            side_score = hand.sides[side.name]
            for player, made in side_score.nils.items():
                players[player]["nils_made" if made else "nils_failed"] += 1
            if side_score.set:
                for player in side.players:
                    players[player]["times_set"] += 1
    return {
        "title": " vs ".join(sheet.sides),
        "rules": game.rules.name,
        "sides": list(sheet.sides),
        "scores": dict(sheet.scores),
        "status": sheet.status,
        "winner": sheet.winner,
        "reason": sheet.reason,
        "hands_played": sheet.hands_played,
        "misdeals": sheet.misdeals,
        "thrown_out": sheet.thrown_out,
        "created": created,
        "updated": updated,
        "version": version,
        "players": players,
        "record_digest": record_digest(game),
        "engine": ENGINE_VERSION,
    }


def _current(summary: Any, version: int | None = None) -> bool:
    """Whether a cached summary can be shown as it is: computed by this engine (for this version of
    the game), with every field a ``GameSummary`` holds today."""
    return (isinstance(summary, dict) and summary.get("engine") == ENGINE_VERSION
            and _SUMMARY_FIELDS <= summary.keys()
            and (version is None or summary.get("version") == version))


def unreadable_summary(game_id: str, doc: dict, reason: str) -> dict[str, Any]:
    """What the list shows of a game this version cannot open: its names and dates, as far as the
    file still tells them (the record's players and team names, the summary its release wrote)."""
    record = doc.get("record") if isinstance(doc.get("record"), dict) else {}
    old = doc.get("summary") if isinstance(doc.get("summary"), dict) else {}
    players = [p for p in record.get("players", []) if isinstance(p, str)] \
        if isinstance(record.get("players"), list) else []
    sides = old.get("sides") if isinstance(old.get("sides"), list) else record.get("team_names")
    sides = [s for s in sides if isinstance(s, str)] if isinstance(sides, list) else []
    rules = record.get("rules")
    preset = rules.get("preset") if isinstance(rules, dict) else rules
    text = lambda value: value if isinstance(value, str) else ""  # noqa: E731
    return {
        "title": " vs ".join(sides) or ", ".join(players) or f"game {game_id}",
        "rules": text(preset), "sides": sides, "scores": {}, "status": UNREADABLE, "winner": None,
        "reason": None, "hands_played": 0, "misdeals": 0, "thrown_out": 0,
        "created": text(doc.get("created")), "updated": text(doc.get("updated")),
        "version": doc.get("version") if isinstance(doc.get("version"), int) else 0,
        "players": {p: {"side": "", "nils_made": 0, "nils_failed": 0, "times_set": 0} for p in players},
        "record_digest": "", "engine": ENGINE_VERSION, "unreadable": reason,
    }


def record_digest(game: Game) -> str:
    """A fingerprint of the record (what happened at the table): equal for a game and its re-import."""
    text = json.dumps(game.to_dict(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class _Db:
    """A TinyDB over one file for the length of one locked operation: read once, write once.

    ``CachingMiddleware`` keeps the database in memory; ``commit`` writes it
    back (atomically) only if something changed. An operation that fails
    simply never commits, so a half-done change is never written.
    """

    def __init__(self, path: Path, kind: str, *, backup: bool):
        self.path = path
        self.kind = kind
        self.db = TinyDB(path, storage=CachingMiddleware(AtomicJSONStorage), backup=backup,
                         create_dirs=False, cleanup=False)
        raw = self.db.storage.read()  # DamagedFileError for a bad file
        if raw is None:
            self.db.storage.write({META_TABLE: {"1": meta_of(kind)}})
        else:
            raw, changed = migrate(raw, kind, path)  # NewerSchemaError: nothing written
            if changed:
                self.db.storage.write(raw)

    def table(self, name: str):
        return self.db.table(name)

    def commit(self) -> None:
        self.db.close()


class Repository:
    """Saved games in one data folder. Safe against crashes and against other processes."""

    def __init__(self, data_dir: str | os.PathLike | None = None, *, lock_timeout: float = 15.0,
                 create: bool = True):
        """Open the data folder, making it now (``create``, so a folder that cannot be used is
        reported at once) or only when the first game is saved: then listing or exporting from a
        folder that holds no games creates nothing, not even the folder or its lock file."""
        self.data_dir = default_data_dir(data_dir)
        self.games_dir = self.data_dir / GAMES_DIR
        self.trash_dir = self.data_dir / TRASH_DIR
        self.index_path = self.data_dir / INDEX_FILE
        self.notices: list[str] = []
        self._lock = DataLock(self.data_dir, lock_timeout)
        if create or self._has_folder():
            self._make_folder()

    def _has_folder(self) -> bool:
        return self.games_dir.is_dir()

    def _make_folder(self) -> None:
        try:
            for folder in (self.data_dir, self.games_dir, self.trash_dir):
                if not folder.is_dir():
                    folder.mkdir(parents=True, exist_ok=True)
                    fsync_dir(folder.parent)
        except OSError as err:
            raise StorageError(f"cannot use the data folder {self.data_dir}: {err.strerror}") from None
        self._open_folder()

    def _no_folder_yet(self, game_id: str) -> None:
        """Before the lock (which lives in the folder): a folder with no games has no game ``game_id``."""
        if not self._has_folder():
            self._path_in(self.games_dir, game_id)  # an id that is no id is named as such
            raise StorageError(f"there is no game {game_id} in {self.data_dir}")

    @_os_errors
    def _open_folder(self) -> None:
        with self._lock:
            for folder in (self.data_dir, self.games_dir, self.trash_dir):
                for leftover in folder.glob(f".*{TEMP_SUFFIX}"):
                    try:
                        leftover.unlink()
                    except FileNotFoundError:
                        pass
            self._open_index()  # refuses a newer index, moves a damaged one aside

    # ----- games ---------------------------------------------------------------------------
    @_os_errors
    def create_game(self, rules, players, teams=None, team_names=None, first_dealer=None) -> str:
        """Start a game (validated by the engine); return its id."""
        game = new_game(rules, players, teams=teams, team_names=team_names, first_dealer=first_dealer)
        return self._add(Scored(game, score_game(game)))

    @_os_errors
    def import_game(self, data: dict | str, *, copy: bool = False) -> str:
        """Add a spades-game/1 record (dict or JSON text); the engine's RecordError names the first problem.

        A record that is already saved (in the list or the trash) is a ``DuplicateGameError`` naming
        that game, and nothing is added, unless ``copy`` asks for a second game.
        """
        scored = read_game(data)
        if copy or not self._has_folder():
            return self._add(scored)
        with self._lock:  # re-entrant: no other process can save the same record in between
            self._refuse_repeat(scored.game)
            return self._add(scored)

    @_os_errors
    def get(self, game_id: str) -> StoredGame:
        self._no_folder_yet(game_id)
        with self._lock:
            db, doc = self._open_game(game_id)
            return self._stored(game_id, doc, self._load(game_id, doc, db.path))

    @_os_errors
    def record_hand(self, game_id: str, hand: dict, expected_version: int | None = None) -> StoredGame:
        def change(scored: Scored, doc: dict):
            new = record_hand(scored.game, hand, sheet=scored.sheet)
            return new, {"op": Change.RECORD, "hand": new.game.hands[-1].to_dict()}
        return self._change(game_id, expected_version, change)

    @_os_errors
    def record_misdeal(self, game_id: str, expected_version: int | None = None) -> StoredGame:
        return self.record_hand(game_id, {"misdeal": True}, expected_version)

    @_os_errors
    def replace_hand(self, game_id: str, number: int, hand: dict,
                     expected_version: int | None = None) -> StoredGame:
        def change(scored: Scored, doc: dict):
            game = scored.game
            if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(game.hands):
                raise RecordError(f"game {game_id} has {len(game.hands)} hands, so there is no hand "
                                  f"{number} to replace", hand=None)
            before = doc["record"]["hands"][number - 1]
            new = replace_hand(game, number, hand)
            after = new.game.hands[number - 1].to_dict()
            return new, {"op": Change.REPLACE, "number": number, "before": before, "after": after}
        return self._change(game_id, expected_version, change)

    @_os_errors
    def undo(self, game_id: str, expected_version: int | None = None) -> StoredGame:
        """Take back the last change (a recorded hand, a misdeal or a replaced hand)."""
        return self._step(game_id, expected_version, "undo", "redo")

    @_os_errors
    def redo(self, game_id: str, expected_version: int | None = None) -> StoredGame:
        """Put back the last change that was undone (until a new change is made)."""
        return self._step(game_id, expected_version, "redo", "undo")

    # ----- trash -----------------------------------------------------------------------------
    @_os_errors
    def delete_game(self, game_id: str) -> None:
        """Move a game to the trash (``restore_game`` brings it back until ``empty_trash``)."""
        self._no_folder_yet(game_id)
        with self._lock:
            self._game_path(game_id, must_exist=True)
            self._move(game_id, self.games_dir, self.trash_dir)

    @_os_errors
    def restore_game(self, game_id: str) -> None:
        if not self._has_folder():
            raise StorageError(f"game {game_id} is not in the trash")
        with self._lock:
            source = self._path_in(self.trash_dir, game_id)
            if not source.exists():
                raise StorageError(f"game {game_id} is not in the trash")
            if self._path_in(self.games_dir, game_id).exists():
                raise StorageError(f"game {game_id} is already in the games list")
            self._move(game_id, self.trash_dir, self.games_dir)

    @_os_errors
    def list_trash(self) -> list[GameSummary]:
        summaries = self._summaries()[1]
        return sorted(summaries, key=lambda s: (s.updated, s.id), reverse=True)

    @_os_errors
    def empty_trash(self) -> int:
        """Delete the games in the trash for good; return how many."""
        if not self._has_folder():
            return 0
        with self._lock:
            count = 0
            for path in self.trash_dir.iterdir():
                if path.name.endswith(GAME_SUFFIX):
                    count += 1
                path.unlink()
            fsync_dir(self.trash_dir)
            return count

    # ----- lists ---------------------------------------------------------------------------
    @_os_errors
    def list_games(self) -> list[GameSummary]:
        """All games: in progress first, then finished; each group most recently changed first."""
        summaries = sorted(self._summaries()[0], key=lambda s: (s.updated, s.id), reverse=True)
        return sorted(summaries, key=lambda s: s.status != "in_progress")

    @_os_errors
    def player_stats(self) -> list[PlayerStats]:
        """Per player across finished games: games, wins, win rate, nils made/failed, times set."""
        totals: dict[str, dict[str, int]] = {}
        for summary in self._summaries()[0]:
            if summary.status != "finished":
                continue
            for player, line in summary.players.items():
                total = totals.setdefault(player, {"games": 0, "wins": 0, "nils_made": 0,
                                                   "nils_failed": 0, "times_set": 0})
                total["games"] += 1
                total["wins"] += int(summary.winner is not None and line["side"] == summary.winner)
                for key in ("nils_made", "nils_failed", "times_set"):
                    total[key] += line[key]
        stats = [PlayerStats(name=name, win_rate=t["wins"] / t["games"], **t) for name, t in totals.items()]
        return sorted(stats, key=lambda s: (-s.wins, -s.win_rate, s.name.casefold()))

    # ----- import / export -------------------------------------------------------------------
    @_os_errors
    def export_game(self, game_id: str) -> dict:
        """The game as a spades-game/1 record (what ``import_game`` reads back)."""
        return self.get(game_id).game.to_dict()

    @_os_errors
    def raw_record(self, game_id: str) -> dict:
        """The record as its file holds it, unread by the engine: the way out for a game this version
        cannot open (``export_game`` checks and scores it first)."""
        self._no_folder_yet(game_id)
        with self._lock:
            try:
                return self._open_game(game_id)[1]["record"]
            except NewerSchemaError as err:
                record = _raw_game_doc(err.path).get("record")
                if not isinstance(record, dict):
                    raise
                return record

    # ----- internals ---------------------------------------------------------------------------
    def _path_in(self, folder: Path, game_id: str) -> Path:
        if not isinstance(game_id, str) or not _ID_RE.match(game_id):
            raise StorageError(f"{game_id!r} is not a game id")
        return folder / f"{game_id}{GAME_SUFFIX}"

    def _game_path(self, game_id: str, must_exist: bool = True) -> Path:
        path = self._path_in(self.games_dir, game_id)
        if must_exist and not path.exists():
            if self._path_in(self.trash_dir, game_id).exists():
                raise StorageError(f"game {game_id} is in the trash; restore it first")
            raise StorageError(f"there is no game {game_id} in {self.data_dir}")
        return path

    def _new_id(self) -> str:
        while True:
            game_id = secrets.token_hex(4)
            if not any(self._path_in(d, game_id).exists() for d in (self.games_dir, self.trash_dir)):
                return game_id

    def _add(self, scored: Scored) -> str:
        if not self._has_folder():
            self._make_folder()
        with self._lock:
            game_id = self._new_id()
            now = _now()
            doc = {"id": game_id, "record": scored.game.to_dict(), "created": now, "updated": now, "version": 1,
                   "undo": [], "redo": [], "summary": summarize(scored, now, now, 1)}
            db = _Db(self._game_path(game_id, must_exist=False), "game", backup=True)
            db.table(GAME_TABLE).upsert(Document(doc, doc_id=1))
            db.commit()
            return game_id

    def _refuse_repeat(self, game: Game) -> None:
        digest = record_digest(game)
        games, trash = self._summaries()
        for summary, in_trash in [(s, False) for s in games] + [(s, True) for s in trash]:
            if summary.record_digest == digest:
                raise DuplicateGameError(summary, in_trash)

    def _open_game(self, game_id: str, folder: Path | None = None) -> tuple[_Db, dict]:
        """Open a game file (under the lock); a damaged one is moved aside and its last good save restored."""
        path = self._game_path(game_id) if folder is None else self._path_in(folder, game_id)
        try:
            return self._read_game_file(path, game_id)
        except DamagedFileError as err:
            moved, restored = self._recover_game(path, game_id, err)
            if not restored:
                raise StorageError(f"game {game_id} could not be read ({err.reason}); "
                                   f"its file was moved to {moved}") from None
            return self._read_game_file(path, game_id)

    def _read_game_file(self, path: Path, game_id: str) -> tuple[_Db, dict]:
        if not path.exists():
            raise StorageError(f"there is no game {game_id} in {self.data_dir}")
        db = _Db(path, "game", backup=True)
        doc = db.table(GAME_TABLE).get(doc_id=1)
        _check_doc(doc, path)
        return db, dict(doc)

    def _recover_game(self, path: Path, game_id: str, err: DamagedFileError) -> tuple[Path, bool]:
        moved = move_aside(path)
        backup = path.with_name(path.name + BACKUP_SUFFIX)
        try:
            raw = backup.read_bytes()
            data, _ = migrate(parse_database(raw, backup), "game", backup)
            _check_doc(data.get(GAME_TABLE, {}).get("1"), backup)
        except (OSError, StorageError):
            self.notices.append(f"game {game_id}: its file was damaged ({err.reason}) and was moved to "
                                f"{moved}; no earlier save could be read, so the game is no longer listed")
            return moved, False
        atomic_write_bytes(path, raw)
        self.notices.append(f"game {game_id}: its file was damaged ({err.reason}) and was moved to {moved}; "
                            f"the previous save was restored, so its last change may be missing")
        return moved, True

    def _load(self, game_id: str, doc: dict, path: Path) -> Scored:
        try:
            return read_game(doc["record"])
        except ScorekeeperError as err:  # a record from a later release, or one this engine refuses
            raise UnreadableGameError(game_id, _reason(err)) from None

    @staticmethod
    def _stored(game_id: str, doc: dict, scored: Scored) -> StoredGame:
        return StoredGame(id=game_id, game=scored.game, sheet=scored.sheet, record=doc["record"],
                          created=doc["created"],
                          updated=doc["updated"], version=doc["version"], can_undo=bool(doc["undo"]),
                          can_redo=bool(doc["redo"]))

    def _change(self, game_id: str, expected_version: int | None,
                change: Callable[[Scored, dict], tuple[Scored, dict]]) -> StoredGame:
        """A new change: applied, pushed on the undo list; the redo list is cleared."""
        self._no_folder_yet(game_id)
        with self._lock:
            db, doc = self._open_game(game_id)
            self._check_version(game_id, doc, expected_version)
            new, op = change(self._load(game_id, doc, db.path), doc)
            return self._save(db, doc, new, undo=doc["undo"] + [op], redo=[])

    def _step(self, game_id: str, expected_version: int | None, source: str, target: str) -> StoredGame:
        self._no_folder_yet(game_id)
        with self._lock:
            db, doc = self._open_game(game_id)
            self._check_version(game_id, doc, expected_version)
            if not doc[source]:
                raise StorageError(f"game {game_id}: there is nothing to {source}")
            game, sheet = self._load(game_id, doc, db.path)
            op = doc[source][-1]
            forward = source == "redo"
            if op["op"] == Change.RECORD:
                new = record_hand(game, op["hand"], sheet=sheet) if forward else take_back_hand(game)
            elif op["op"] == Change.REPLACE:
                new = replace_hand(game, op["number"], op["after"] if forward else op["before"])
            else:
                raise StorageError(f"game {game_id}: unknown change {op['op']!r} in its history")
            lists = {source: doc[source][:-1], target: doc[target] + [op]}
            return self._save(db, doc, new, undo=lists["undo"], redo=lists["redo"])

    @staticmethod
    def _check_version(game_id: str, doc: dict, expected_version: int | None) -> None:
        if expected_version is not None and expected_version != doc["version"]:
            raise GameChangedError(game_id, expected_version, doc["version"])

    def _save(self, db: _Db, doc: dict, scored: Scored, *, undo: list, redo: list) -> StoredGame:
        version = doc["version"] + 1
        updated = _now()
        new_doc = {**doc, "record": scored.game.to_dict(), "updated": updated, "version": version,
                   "undo": undo, "redo": redo, "summary": summarize(scored, doc["created"], updated, version)}
        db.table(GAME_TABLE).upsert(Document(new_doc, doc_id=1))
        db.commit()
        return self._stored(doc["id"], new_doc, scored)

    def _move(self, game_id: str, source: Path, target: Path) -> None:
        # the backup first: a crash in between leaves the game itself in one place only
        for suffix in (GAME_SUFFIX + BACKUP_SUFFIX, GAME_SUFFIX):
            path = source / f"{game_id}{suffix}"
            if path.exists():
                os.replace(path, target / path.name)
        fsync_dir(target)
        fsync_dir(source)

    def _open_index(self) -> _Db:
        try:
            return _Db(self.index_path, "index", backup=False)
        except DamagedFileError as err:
            moved = move_aside(self.index_path)
            self.notices.append(f"the games list {self.index_path} was damaged ({err.reason}); it was moved "
                                f"to {moved} and rebuilt from the game files")
            return _Db(self.index_path, "index", backup=False)

    def _summaries(self) -> tuple[list[GameSummary], list[GameSummary]]:
        """(games, trash) from the index, refreshed from every game file whose signature changed."""
        if not self._has_folder():
            return [], []
        with self._lock:
            index = self._open_index()
            result = []
            changed = False
            for table_name, folder in (("games", self.games_dir), ("trash", self.trash_dir)):
                entries, table_changed = self._refresh(index.table(table_name), folder)
                changed |= table_changed
                result.append([GameSummary.from_dict(e["id"], e["summary"]) for e in entries])
            if changed:
                index.commit()
            return result[0], result[1]

    def _refresh(self, table, folder: Path) -> tuple[list[dict], bool]:
        cached = {entry["id"]: entry for entry in table.all()
                  if isinstance(entry.get("id"), str) and isinstance(entry.get("summary"), dict)}
        fresh: list[dict] = []
        unreadable: list[dict] = []
        changed = len(cached) != len(table)
        seen = set()
        with os.scandir(folder) as listing:
            files = [(e.name[: -len(GAME_SUFFIX)], e) for e in listing
                     if e.name.endswith(GAME_SUFFIX) and not e.name.startswith(".")]
        for game_id, entry in files:
            if not _ID_RE.match(game_id):
                continue
            seen.add(game_id)
            try:
                stat = entry.stat()
            except FileNotFoundError:
                continue
            signature = [stat.st_ino, stat.st_size, stat.st_mtime_ns]
            old = cached.get(game_id)
            if old is not None and old.get("sig") == signature and _current(old["summary"]):
                fresh.append(dict(old))
                continue
            summary = self._summary_from_file(folder, game_id)
            if summary is None or summary.get("unreadable") is not None:
                # an unreadable game is listed, never cached: the next version may open it
                changed |= old is not None
                if summary is not None:
                    unreadable.append({"id": game_id, "summary": summary})
                continue
            changed = True
            try:
                stat = os.stat(folder / entry.name)
            except FileNotFoundError:
                continue
            fresh.append({"id": game_id, "sig": [stat.st_ino, stat.st_size, stat.st_mtime_ns],
                          "summary": summary})
        if set(cached) - seen:
            changed = True
        if changed:
            table.truncate()
            table.insert_multiple(fresh)
        return fresh + unreadable, changed

    def _summary_from_file(self, folder: Path, game_id: str) -> dict | None:
        """The game's summary; for a game this version cannot open, what the list shows of it."""
        try:
            db, doc = self._open_game(game_id, folder)
        except NewerSchemaError as err:
            reason = f"saved by a newer version of scorekeeper (data schema {err.found}, this version " \
                     f"reads up to {err.supported})"
            return unreadable_summary(game_id, _raw_game_doc(err.path), reason)
        except StorageError:  # damaged beyond repair: already moved aside, and a notice says where
            return None
        summary = doc.get("summary")
        if _current(summary, doc["version"]):
            try:  # a later release may stamp the same engine and still use an option this one lacks
                rules_from_spec(doc["record"].get("rules"))
            except ScorekeeperError as err:
                return unreadable_summary(game_id, doc, _reason(err))
        else:
            try:
                scored = self._load(game_id, doc, db.path)
            except UnreadableGameError as err:
                return unreadable_summary(game_id, doc, err.reason)
            summary = summarize(scored, doc["created"], doc["updated"], doc["version"])
        return summary


def _reason(err: ScorekeeperError) -> str:
    """Why the engine refuses a saved record, in one short line (an unknown option without the list)."""
    return err.short if isinstance(err, RuleOptionError) else str(err)


def _raw_game_doc(path: Path) -> dict:
    """The game document of a file this version does not read, as far as it is plain JSON (names, dates)."""
    try:
        doc = json.loads(path.read_bytes()).get(GAME_TABLE, {}).get("1")
    except (OSError, ValueError, AttributeError):
        return {}
    return doc if isinstance(doc, dict) else {}


def _check_doc(doc: Any, path: Path) -> None:
    if not isinstance(doc, dict):
        raise DamagedFileError(path, "it holds no game")
    for name, kind in _DOC_FIELDS.items():
        value = doc.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise DamagedFileError(path, f"its game has no valid {name!r} field")
