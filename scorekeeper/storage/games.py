"""The game files and their history: start a game, read it, record or replace a hand, undo, redo.

A game file holds the record (what happened at the table), its version (one more with every
change), its undo and redo lists, its history (who changed what, when: ``history``) and a summary
the engine computed when it was written. Scores
are never read back as truth: ``get`` always rescores with the engine. Each change writes that
one small file (``files.Db``), under the folder's lock.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from enum import StrEnum
from pathlib import Path

from tinydb.table import Document

from scorekeeper.engine import (Game, Scored, Scoresheet, new_game, read_game, record_hand, replace_hand,
                                score_game, take_back_hand)
from scorekeeper.engine.errors import RecordError, RuleOptionError, ScorekeeperError
from scorekeeper.storage.errors import GameChangedError, StorageError, UnreadableGameError
from scorekeeper.storage.files import GAME_TABLE, DataFolder, Db, os_errors_of
from scorekeeper.storage.history import Actor, changed_fields, entry
from scorekeeper.storage.summaries import summarize


class Change(StrEnum):
    """A change kept in a game's undo / redo history (stored as its value)."""

    RECORD = "record"  # a hand (or a misdeal) added after the last
    REPLACE = "replace"  # a past hand edited: both versions are kept
    RULES = "rules"  # the game's house rules changed: both versions are kept


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


def why_unreadable(err: ScorekeeperError) -> str:
    """Why the engine refuses a saved record, in one short line (an unknown option without the list)."""
    return err.short if isinstance(err, RuleOptionError) else str(err)


def load(game_id: str, doc: dict) -> Scored:
    """The game of a game file's document, read and scored by the engine."""
    try:
        return read_game(doc["record"])
    except ScorekeeperError as err:  # a record from a later release, or one this engine refuses
        raise UnreadableGameError(game_id, why_unreadable(err)) from None


def _stored(game_id: str, doc: dict, scored: Scored) -> StoredGame:
    return StoredGame(id=game_id, game=scored.game, sheet=scored.sheet, record=doc["record"],
                      created=doc["created"],
                      updated=doc["updated"], version=doc["version"], can_undo=bool(doc["undo"]),
                      can_redo=bool(doc["redo"]))


def _check_version(game_id: str, doc: dict, expected_version: int | None) -> None:
    if expected_version is not None and expected_version != doc["version"]:
        raise GameChangedError(game_id, expected_version, doc["version"])


def note_in(folder: DataFolder, where: Path, game_id: str, change: str, by: Actor | None) -> None:
    """Add an entry to the game file in ``where`` (the games or the trash); the caller holds the lock."""
    db, doc = folder.open_game(game_id, where)
    Games._note(db, doc, entry(_now(), by, change))


class Games:
    """The games of one data folder, each with its undo / redo history.

    The engine's reading of each game file it last read or wrote is kept (``_read``): a game
    read again unchanged (its version and its record the same) is not read and scored again
    from its first hand, so a save scores only the new hand whatever the game's length.
    """

    def __init__(self, folder: DataFolder):
        self.folder = folder
        #: game id -> (version, record, the engine's reading of that record)
        self._scored: dict[str, tuple[int, dict, Scored]] = {}

    def _read(self, game_id: str, doc: dict) -> Scored:
        """``load(game_id, doc)``, or the same reading kept from the last time this file was
        read or written here, if it still holds that record (another process's change, an
        import or a restore, changes the version or the record)."""
        kept = self._scored.get(game_id)
        if kept is not None and kept[0] == doc.get("version") and kept[1] == doc["record"]:
            return kept[2]
        scored = load(game_id, doc)
        self._keep(game_id, doc, scored)
        return scored

    def _keep(self, game_id: str, doc: dict, scored: Scored) -> None:
        self._scored[game_id] = (doc.get("version"), doc["record"], scored)

    @os_errors_of
    def create_game(self, rules, players, teams=None, team_names=None, first_dealer=None, *,
                    by: Actor | None = None) -> str:
        """Start a game (validated by the engine); return its id."""
        game = new_game(rules, players, teams=teams, team_names=team_names, first_dealer=first_dealer)
        return self.add(Scored(game, score_game(game)), by=by)

    @os_errors_of
    def add(self, scored: Scored, *, by: Actor | None = None, change: str = "created") -> str:
        """Save a game read or started by the engine as a new game; return its id. Its history
        starts with ``change`` (``created``, or ``imported``) by ``by``."""
        if not self.folder.exists():
            self.folder.make()
        with self.folder.lock:
            game_id = self.folder.new_id()
            now = _now()
            doc = {"id": game_id, "record": scored.game.to_dict(), "created": now, "updated": now, "version": 1,
                   "undo": [], "redo": [], "history": [entry(now, by, change)],
                   "summary": summarize(scored, now, now, 1)}
            db = Db(self.folder.game_path(game_id, must_exist=False), "game", backup=True)
            db.table(GAME_TABLE).upsert(Document(doc, doc_id=1))
            db.commit()
            return game_id

    @os_errors_of
    def get(self, game_id: str) -> StoredGame:
        self.folder.no_game_yet(game_id)
        with self.folder.lock:
            db, doc = self.folder.open_game(game_id)
            return _stored(game_id, doc, self._read(game_id, doc))

    @os_errors_of
    def record_hand(self, game_id: str, hand: dict, expected_version: int | None = None, *,
                    by: Actor | None = None) -> StoredGame:
        def change(scored: Scored, doc: dict):
            new = record_hand(scored.game, hand, sheet=scored.sheet)
            return new, {"op": Change.RECORD, "hand": new.game.hands[-1].to_dict()}
        return self._change(game_id, expected_version, change, by)

    @os_errors_of
    def record_misdeal(self, game_id: str, expected_version: int | None = None, *,
                       by: Actor | None = None) -> StoredGame:
        return self.record_hand(game_id, {"misdeal": True}, expected_version, by=by)

    @os_errors_of
    def replace_hand(self, game_id: str, number: int, hand: dict,
                     expected_version: int | None = None, *, by: Actor | None = None,
                     later: str | None = None) -> StoredGame:
        """Edit hand ``number``; ``later`` ("end" or "keep", engine.Later): what to do with the
        hands after the end when the edit ends the game sooner (the engine decides; without it
        such an edit is refused).  The hands as they were are kept in the undo list: Undo brings
        back hands the edit dropped."""
        def change(scored: Scored, doc: dict):
            game = scored.game
            if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(game.hands):
                raise RecordError(f"game {game_id} has {len(game.hands)} hands, so there is no hand "
                                  f"{number} to replace", hand=None)
            before = doc["record"]["hands"][number - 1]
            new = replace_hand(game, number, hand, later=later)
            after = new.game.hands[number - 1].to_dict()
            op = {"op": Change.REPLACE, "number": number, "before": before, "after": after}
            hands_after = [h.to_dict() for h in new.game.hands]
            if hands_after[:number - 1] + hands_after[number:] != \
                    doc["record"]["hands"][:number - 1] + doc["record"]["hands"][number:]:
                op.update(later=str(later), hands_before=doc["record"]["hands"], hands_after=hands_after)
            return new, op
        return self._change(game_id, expected_version, change, by)

    @os_errors_of
    def change_rules(self, game_id: str, rules, expected_version: int | None = None, *,
                     by: Actor | None = None) -> StoredGame:
        """Play the game under other house rules (a preset name or ``{"preset", "options"}``): every
        hand is scored again from the first; undo puts the old rules back. The engine refuses rules
        a recorded hand breaks (a blind bid where there are none ...), and nothing changes."""
        def change(scored: Scored, doc: dict):
            before = doc["record"]["rules"]
            new = read_game({**doc["record"], "rules": rules})
            return new, {"op": Change.RULES, "before": before, "after": new.game.to_dict()["rules"]}
        return self._change(game_id, expected_version, change, by)

    @os_errors_of
    def undo(self, game_id: str, expected_version: int | None = None, *, by: Actor | None = None) -> StoredGame:
        """Take back the last change (a recorded hand, a misdeal or a replaced hand)."""
        return self._step(game_id, expected_version, "undo", "redo", by)

    @os_errors_of
    def redo(self, game_id: str, expected_version: int | None = None, *, by: Actor | None = None) -> StoredGame:
        """Put back the last change that was undone (until a new change is made)."""
        return self._step(game_id, expected_version, "redo", "undo", by)

    @os_errors_of
    def history(self, game_id: str) -> list[dict]:
        """The game's history entries, oldest first (``storage.history`` describes them)."""
        self.folder.no_game_yet(game_id)
        with self.folder.lock:
            db, doc = self.folder.open_game(game_id)
            return [dict(e) for e in doc.get("history", [])]

    @os_errors_of
    def add_note(self, game_id: str, change: str, *, by: Actor | None = None, **fields) -> None:
        """Add an entry that changes nothing else (e.g. the pen given: ``"pen-given", to=NAME``).
        The game's version stays: a device entering a hand on it is not told it changed."""
        self.folder.no_game_yet(game_id)
        with self.folder.lock:
            db, doc = self.folder.open_game(game_id)
            Games._note(db, doc, entry(_now(), by, change, **fields))

    @staticmethod
    def _note(db: Db, doc: dict, note: dict) -> None:
        db.table(GAME_TABLE).upsert(Document({**doc, "history": doc.get("history", []) + [note]}, doc_id=1))
        db.commit()

    def _change(self, game_id: str, expected_version: int | None,
                change: Callable[[Scored, dict], tuple[Scored, dict]], by: Actor | None) -> StoredGame:
        """A new change: applied, pushed on the undo list; the redo list is cleared."""
        self.folder.no_game_yet(game_id)
        with self.folder.lock:
            db, doc = self.folder.open_game(game_id)
            _check_version(game_id, doc, expected_version)
            new, op = change(self._read(game_id, doc), doc)
            return self._save(db, doc, new, undo=doc["undo"] + [op], redo=[],
                              note=lambda at: entry(at, by, **_what(op, new.sheet)))

    def _step(self, game_id: str, expected_version: int | None, source: str, target: str,
              by: Actor | None) -> StoredGame:
        self.folder.no_game_yet(game_id)
        with self.folder.lock:
            db, doc = self.folder.open_game(game_id)
            _check_version(game_id, doc, expected_version)
            if not doc[source]:
                raise StorageError(f"game {game_id}: there is nothing to {source}")
            game, sheet = self._read(game_id, doc)
            op = doc[source][-1]
            forward = source == "redo"
            if op["op"] == Change.RECORD:
                new = record_hand(game, op["hand"], sheet=sheet) if forward else take_back_hand(game)
            elif op["op"] == Change.RULES:
                new = read_game({**doc["record"], "rules": op["after"] if forward else op["before"]})
            elif op["op"] == Change.REPLACE and "hands_before" in op:  # an edit that moved the end
                new = read_game({**doc["record"], "hands": op["hands_after"] if forward else op["hands_before"]})
            elif op["op"] == Change.REPLACE:
                new = replace_hand(game, op["number"], op["after"] if forward else op["before"])
            else:
                raise StorageError(f"game {game_id}: unknown change {op['op']!r} in its history")
            lists = {source: doc[source][:-1], target: doc[target] + [op]}
            what = _what(op, new.sheet if forward else sheet)
            step = {"change": "redone" if forward else "undone", ("redid" if forward else "undid"): what["change"],
                    "deal": what["deal"], "number": what["number"]}
            return self._save(db, doc, new, undo=lists["undo"], redo=lists["redo"],
                              note=lambda at: entry(at, by, **step))

    def _save(self, db: Db, doc: dict, scored: Scored, *, undo: list, redo: list,
              note: Callable[[str], dict]) -> StoredGame:
        version = doc["version"] + 1
        updated = _now()
        new_doc = {**doc, "record": scored.game.to_dict(), "updated": updated, "version": version,
                   "undo": undo, "redo": redo, "history": doc.get("history", []) + [note(updated)],
                   "summary": summarize(scored, doc["created"], updated, version)}
        db.table(GAME_TABLE).upsert(Document(new_doc, doc_id=1))
        db.commit()
        self._keep(doc["id"], new_doc, scored)
        return _stored(doc["id"], new_doc, scored)


def _what(op: dict, sheet: Scoresheet) -> dict:
    """A history entry's ``change`` and fields for an undo-list change; ``sheet``: the game's with
    the change made (a recorded hand is its last deal), which gives the table's hand number."""
    if op["op"] == Change.RULES:
        return {"change": "rules", "deal": None, "number": None, "old": op["before"], "new": op["after"]}
    deal = len(sheet.hands) if op["op"] == Change.RECORD else op["number"]
    number = sheet.hands[deal - 1].number if 0 < deal <= len(sheet.hands) else None
    if op["op"] == Change.RECORD:
        if op["hand"].get("misdeal"):
            return {"change": "misdeal", "deal": deal, "number": None}
        return {"change": "entered", "deal": deal, "number": number, "hand": op["hand"]}
    out = {"change": "edited", "deal": deal, "number": number, "before": op["before"], "after": op["after"],
           "fields": changed_fields(op["before"], op["after"])}
    if "hands_before" in op:  # the edit moved the end of the game: what became of the later hands
        before, after = op["hands_before"], op["hands_after"]
        if op.get("later") == "end":
            out.update(later="end", ended_after=sheet.hands_played if deal <= len(sheet.hands) else None,
                       dropped=before[len(after):])
        else:
            marked = [n for n, (b, a) in enumerate(zip(before, after), start=1)
                      if a.get("played_on") and not b.get("played_on")]
            out.update(later="keep", played_on=[sheet.hands[d - 1].number for d in marked
                                                if d <= len(sheet.hands)])
    return out
