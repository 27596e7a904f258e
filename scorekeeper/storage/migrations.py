"""Schema versions of the saved data, and one migration step per version.

Every database file (the index and each game file) has a ``meta`` table
whose document 1 holds ``{"schema": N, "kind": "index" | "game"}``. Opening a
file runs ``MIGRATIONS[k]`` for k = its version .. SCHEMA_VERSION - 1, each
turning version k into k + 1, and the caller writes the result back
atomically. A file from a newer version is refused with ``NewerSchemaError``
and never written.

Version history:
- 0: a file written before schema versions existed (no ``meta`` table).
- 1: ``meta`` table; one game per file (tables ``meta`` and ``game``) plus an
  ``index`` file caching each game's summary.
- 2: each game keeps its ``history`` (who changed what, when: ``storage.history``); a game
  from version 1 gets one that says its earlier changes were not recorded.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorekeeper.storage.errors import DamagedFileError, NewerSchemaError
from scorekeeper.storage.history import not_recorded

SCHEMA_VERSION = 2
META_TABLE = "meta"

Data = dict[str, dict[str, Any]]


def _v0_to_v1(data: Data, kind: str) -> Data:
    """Version 0 had the same tables and no ``meta`` table: add it."""
    data = dict(data)
    data[META_TABLE] = {"1": {"schema": 1, "kind": kind}}
    return data


def _v1_to_v2(data: Data, kind: str) -> Data:
    """A game's history starts at its last save: what came before was not recorded."""
    if kind != "game":
        return data
    data = dict(data)
    data["game"] = {key: _with_history(doc) for key, doc in data.get("game", {}).items()}
    return data


def _with_history(doc: Any) -> Any:
    if not isinstance(doc, dict) or isinstance(doc.get("history"), list):
        return doc  # damage is found (and named) where the document is read
    since = doc.get("updated") if isinstance(doc.get("updated"), str) else None
    return {**doc, "history": [not_recorded(since)]}


#: MIGRATIONS[k] turns a version-k database into version k + 1.
MIGRATIONS: dict[int, Callable[[Data, str], Data]] = {
    0: _v0_to_v1,
    1: _v1_to_v2,
}


def meta_of(kind: str) -> dict[str, Any]:
    return {"schema": SCHEMA_VERSION, "kind": kind}


def schema_version(data: Data, path: Path) -> int:
    meta = data.get(META_TABLE, {}).get("1")
    if meta is None:
        return 0
    version = meta.get("schema")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise DamagedFileError(path, f"its schema version {version!r} is not a whole number")
    return version


def migrate(data: Data, kind: str, path: Path) -> tuple[Data, bool]:
    """Bring ``data`` up to SCHEMA_VERSION; return (data, whether it changed).

    Raises ``NewerSchemaError`` (nothing is changed) for a newer file and
    ``DamagedFileError`` for a file of another kind.
    """
    version = schema_version(data, path)
    if version > SCHEMA_VERSION:
        raise NewerSchemaError(path, version, SCHEMA_VERSION)
    found_kind = data.get(META_TABLE, {}).get("1", {}).get("kind", kind)
    if found_kind != kind:
        raise DamagedFileError(path, f"it holds a {found_kind!r} database where a {kind!r} one belongs")
    changed = False
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise DamagedFileError(path, f"no migration from schema version {version}")
        data = step(data, kind)
        version += 1
        data.setdefault(META_TABLE, {})["1"] = {**data.get(META_TABLE, {}).get("1", {}),
                                                 "schema": version, "kind": kind}
        changed = True
    return data, changed
