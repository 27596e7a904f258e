"""Saved games: crash-safe TinyDB files, one per game, in the user's data folder.

The only package that imports tinydb. It does no scoring: the engine validates
every record and computes every score; and no wording for people beyond its error
messages: the screens and the command line word what it returns.

``Repository`` is the way in; its parts (``repo.games``, ``repo.index``, ``repo.trash``,
``repo.exchange``) are named here for the types.
"""
from scorekeeper.storage.atomic import AtomicJSONStorage
from scorekeeper.storage.errors import (DamagedFileError, DuplicateGameError, GameChangedError, NewerSchemaError,
                                        SavingOffError, StorageError, UnreadableGameError)
from scorekeeper.storage.exchange import Exchange
from scorekeeper.storage.games import Games, StoredGame
from scorekeeper.storage.history import COMMAND_LINE, Actor
from scorekeeper.storage.index import SummaryIndex
from scorekeeper.storage.migrations import SCHEMA_VERSION
from scorekeeper.storage.paths import default_data_dir
from scorekeeper.storage.repository import Repository
from scorekeeper.storage.stats import Figures, HeadToHead, PlayerStats, SeasonStats, StatsFilter
from scorekeeper.storage.summaries import GameSummary
from scorekeeper.storage.trash import Trash

__all__ = [
    "Actor",
    "COMMAND_LINE",
    "AtomicJSONStorage",
    "DamagedFileError",
    "DuplicateGameError",
    "Exchange",
    "Figures",
    "GameChangedError",
    "GameSummary",
    "HeadToHead",
    "Games",
    "NewerSchemaError",
    "PlayerStats",
    "Repository",
    "SavingOffError",
    "SCHEMA_VERSION",
    "SeasonStats",
    "StatsFilter",
    "StorageError",
    "StoredGame",
    "SummaryIndex",
    "Trash",
    "UnreadableGameError",
    "default_data_dir",
]
