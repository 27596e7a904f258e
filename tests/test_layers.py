"""One direction of knowledge: the engine imports neither flet nor tinydb; only storage imports tinydb;
only the GUI imports flet.  And the public surface is what __all__ says."""
from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper.engine as engine

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_storage_package_imports_tinydb_and_only_the_gui_imports_flet():
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).parts
        used = imports_of(path)
        if "tinydb" in used:
            assert parts[0] == "storage", f"{path} imports tinydb"
        if {"flet", "flet_charts"} & used:
            assert parts[0] == "gui", f"{path} imports flet"


def test_the_engine_does_no_io():
    for path in (PACKAGE / "engine").rglob("*.py"):
        used = imports_of(path)
        assert not used & {"flet", "tinydb", "os", "pathlib", "sqlite3", "socket"}, path


def test_the_engine_exports_what_all_names():
    public = {name for name in dir(engine) if not name.startswith("_") and name not in
              {"actions", "bids", "compare", "errors", "generate", "record", "rules", "scoring", "table",
               "text"}}
    assert set(engine.__all__) == public
