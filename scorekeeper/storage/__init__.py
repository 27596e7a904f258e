"""Saved games: crash-safe TinyDB files, one per game, in the user's data folder.

The only package that imports tinydb. It does no scoring: the engine validates
every record and computes every score.
"""
from scorekeeper.storage.atomic import AtomicJSONStorage
from scorekeeper.storage.errors import (DamagedFileError, DuplicateGameError, GameChangedError, NewerSchemaError,
                                        StorageError, UnreadableGameError)
from scorekeeper.storage.migrations import SCHEMA_VERSION
from scorekeeper.storage.paths import default_data_dir
from scorekeeper.storage.repository import GameSummary, PlayerStats, Repository, StoredGame

__all__ = [
    "AtomicJSONStorage",
    "DamagedFileError",
    "DuplicateGameError",
    "GameChangedError",
    "GameSummary",
    "NewerSchemaError",
    "PlayerStats",
    "Repository",
    "SCHEMA_VERSION",
    "StorageError",
    "StoredGame",
    "UnreadableGameError",
    "default_data_dir",
]
