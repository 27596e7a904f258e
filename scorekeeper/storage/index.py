"""The index: a cache of every game's summary, so the games list does not open each game file.

The game files are the truth; the index is only a cache of their summaries, checked against
each game file's (inode, size, mtime) whenever the list is read and refreshed from the game
files that changed, so recording a hand writes one small file and a crash at any moment cannot
make the list lie.
"""
from __future__ import annotations

import os
from pathlib import Path

from scorekeeper.engine import rules_from_spec
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.storage.errors import NewerSchemaError, StorageError, UnreadableGameError
from scorekeeper.storage.files import GAME_SUFFIX, ID_RE, DataFolder, os_errors_of, raw_game_doc, refused_write
from scorekeeper.storage.games import load, why_unreadable
from scorekeeper.storage.summaries import GameSummary, is_current, summarize, unreadable_summary


class SummaryIndex:
    """The summaries of the games in one data folder (and in its trash), kept in ``index.json``."""

    def __init__(self, folder: DataFolder):
        self.folder = folder

    @os_errors_of
    def list_games(self) -> list[GameSummary]:
        """All games: in progress first, then finished; each group most recently changed first."""
        summaries = sorted(self.summaries()[0], key=lambda s: (s.updated, s.id), reverse=True)
        return sorted(summaries, key=lambda s: s.status != "in_progress")

    def summaries(self) -> tuple[list[GameSummary], list[GameSummary]]:
        """(games, trash) from the index, refreshed from every game file whose signature changed."""
        if not self.folder.exists():
            return [], []
        with self.folder.lock:
            index = self.folder.open_index()
            result = []
            changed = False
            for table_name, folder in (("games", self.folder.games_dir), ("trash", self.folder.trash_dir)):
                entries, table_changed = self._refresh(index.table(table_name), folder)
                changed |= table_changed
                result.append([GameSummary.from_dict(e["id"], e["summary"]) for e in entries])
            if changed:
                try:
                    index.commit()
                except OSError as err:  # a full disk, a read-only folder: the list is right all the
                    if not refused_write(err):  # same (the cache is written the next time it can be)
                        raise
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
            if not ID_RE.match(game_id):
                continue
            seen.add(game_id)
            try:
                stat = entry.stat()
            except FileNotFoundError:
                continue
            signature = [stat.st_ino, stat.st_size, stat.st_mtime_ns]
            old = cached.get(game_id)
            if old is not None and old.get("sig") == signature and is_current(old["summary"]):
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
            db, doc = self.folder.open_game(game_id, folder)
        except NewerSchemaError as err:
            reason = f"saved by a newer version of scorekeeper (data schema {err.found}, this version " \
                     f"reads up to {err.supported})"
            return unreadable_summary(game_id, raw_game_doc(err.path), reason)
        except StorageError:  # damaged beyond repair: already moved aside, and a notice says where
            return None
        summary = doc.get("summary")
        if is_current(summary, doc["version"]):
            try:  # a later release may stamp the same engine and still use an option this one lacks
                rules_from_spec(doc["record"].get("rules"))
            except ScorekeeperError as err:
                return unreadable_summary(game_id, doc, why_unreadable(err))
        else:
            try:
                scored = load(game_id, doc)
            except UnreadableGameError as err:
                return unreadable_summary(game_id, doc, err.reason)
            summary = summarize(scored, doc["created"], doc["updated"], doc["version"])
        return summary
