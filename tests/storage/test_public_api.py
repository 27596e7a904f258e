"""The storage package's public surface: the repository, its parts and its types, re-exported from __init__."""
from __future__ import annotations

import inspect

import scorekeeper.storage as storage
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.storage import Exchange, GameChangedError, NewerSchemaError, Repository, StorageError, Trash

#: the repository's own methods, and its parts' (``repo.trash.restore``, ``repo.exchange.import_game``)
API_METHODS = {
    "create_game": ["rules", "players", "teams", "team_names", "first_dealer"],
    "get": ["game_id"],
    "record_hand": ["game_id", "hand", "expected_version"],
    "replace_hand": ["game_id", "number", "hand", "expected_version"],
    "record_misdeal": ["game_id", "expected_version"],
    "undo": ["game_id"], "redo": ["game_id"],
    "list_games": [], "player_stats": [],
}
PART_METHODS = {
    Trash: {"delete": ["game_id"], "restore": ["game_id"], "list_games": [], "empty": []},
    Exchange: {"import_game": ["data"], "export_game": ["game_id"], "raw_record": ["game_id"]},
}


def test_all_names_exactly_what_the_package_exports():
    public = {name for name in dir(storage) if not name.startswith("_")} - {
        "atomic", "errors", "exchange", "files", "games", "history", "index", "locking", "migrations", "paths",
        "repository", "stats", "summaries", "trash"}
    assert set(storage.__all__) == public


def test_errors_by_meaning():
    assert issubclass(StorageError, ScorekeeperError)
    assert issubclass(GameChangedError, StorageError) and issubclass(NewerSchemaError, StorageError)


def test_repository_methods_take_the_documented_arguments():
    for owner, methods in [(Repository, API_METHODS), *PART_METHODS.items()]:
        for name, params in methods.items():
            signature = inspect.signature(getattr(owner, name))
            assert list(signature.parameters)[1: 1 + len(params)] == params, name


def test_a_repository_holds_its_parts(tmp_path):
    repo = Repository(tmp_path)
    assert isinstance(repo.trash, Trash) and isinstance(repo.exchange, Exchange)
    assert repo.notices is repo.folder.notices and repo.data_dir == repo.folder.data_dir
