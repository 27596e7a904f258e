"""The storage package's public surface is the Storage section of API.md, re-exported from __init__."""
from __future__ import annotations

import inspect

import scorekeeper.storage as storage
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.storage import GameChangedError, NewerSchemaError, Repository, StorageError

API_METHODS = {
    "create_game": ["rules", "players", "teams", "team_names", "first_dealer"],
    "get": ["game_id"],
    "record_hand": ["game_id", "hand", "expected_version"],
    "replace_hand": ["game_id", "number", "hand", "expected_version"],
    "record_misdeal": ["game_id", "expected_version"],
    "undo": ["game_id"], "redo": ["game_id"],
    "delete_game": ["game_id"], "restore_game": ["game_id"], "list_trash": [], "empty_trash": [],
    "list_games": [], "player_stats": [],
    "import_game": ["data"], "export_game": ["game_id"],
}


def test_all_names_exactly_what_the_package_exports():
    public = {name for name in dir(storage) if not name.startswith("_")} - {
        "atomic", "errors", "locking", "migrations", "paths", "repository"}
    assert set(storage.__all__) == public


def test_errors_by_meaning():
    assert issubclass(StorageError, ScorekeeperError)
    assert issubclass(GameChangedError, StorageError) and issubclass(NewerSchemaError, StorageError)


def test_repository_methods_take_the_documented_arguments():
    for name, params in API_METHODS.items():
        signature = inspect.signature(getattr(Repository, name))
        assert list(signature.parameters)[1: 1 + len(params)] == params, name
