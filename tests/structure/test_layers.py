"""One direction of knowledge: engine < storage < gui < the command line.

The engine imports nothing of storage, the GUI or the command line, and neither flet nor tinydb;
storage imports nothing of the GUI or the command line, and only storage imports tinydb; only the
GUI imports flet (and the web server under it); the GUI's components never import its screens
(views).  Relative imports count as much as absolute ones, and so do imports inside functions.
And the public surface is what __all__ says."""
from __future__ import annotations

import scorekeeper.engine as engine

from .imports import PACKAGE, imports_of, module_name

#: The layers, lowest first; a module may import its own layer and the ones below it.
#: The cli/ package (and the modules directly in scorekeeper/) is the command line.
LAYERS = ("engine", "storage", "gui", "command line")
GUI_ONLY = {"flet", "flet_charts", "flet_desktop", "flet_web", "uvicorn"}
#: Below every layer: the root package (the version) and the process's Ctrl+C (`interrupt`, which
#: every entry point takes first); they import nothing of the app (test below).
GROUND = {"scorekeeper", "scorekeeper.interrupt"}


def layer_of(name: str) -> int | None:
    """The layer of a scorekeeper module (None: the ground below them, or not scorekeeper's)."""
    parts = name.split(".")
    if parts[0] != "scorekeeper" or name in GROUND:
        return None
    return LAYERS.index(parts[1]) if parts[1] in LAYERS else LAYERS.index("command line")


def inside(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def modules() -> dict[str, set[str]]:
    return {module_name(path): imports_of(path.read_text(), module_name(path), path.name == "__init__.py")
            for path in PACKAGE.rglob("*.py")}


def upward_imports(imports: dict[str, set[str]]) -> list[str]:
    wrong = []
    for module, names in imports.items():
        here = layer_of(module)
        for name in sorted(names):
            there = layer_of(name)
            if here is not None and there is not None and there > here:
                wrong.append(f"{module} ({LAYERS[here]}) imports {name} ({LAYERS[there]})")
    return wrong


def test_the_layer_test_reads_relative_imports_and_imports_inside_functions():
    source = "from ..storage import Repository\nfrom . import scoring\ndef f():\n    from ..gui import app\n"
    found = imports_of(source, "scorekeeper.engine.record")
    assert found == {"scorekeeper.storage", "scorekeeper.storage.Repository", "scorekeeper.engine",
                     "scorekeeper.engine.scoring", "scorekeeper.gui", "scorekeeper.gui.app"}
    assert imports_of("from .views import game", "scorekeeper.gui", is_package=True) == {
        "scorekeeper.gui.views", "scorekeeper.gui.views.game"}
    assert upward_imports({"scorekeeper.engine.record": found}) == [
        "scorekeeper.engine.record (engine) imports scorekeeper.gui (gui)",
        "scorekeeper.engine.record (engine) imports scorekeeper.gui.app (gui)",
        "scorekeeper.engine.record (engine) imports scorekeeper.storage (storage)",
        "scorekeeper.engine.record (engine) imports scorekeeper.storage.Repository (storage)",
    ]


def test_knowledge_runs_one_way_engine_storage_gui_command_line():
    imports = modules()
    assert "scorekeeper.engine.record" in imports and "scorekeeper.cli" in imports
    assert upward_imports(imports) == []


def test_the_root_package_imports_nothing_of_its_own():
    assert not any(inside(name, "scorekeeper") for name in modules()["scorekeeper"])


def test_gui_components_never_import_screens():
    for module, names in modules().items():
        if inside(module, "scorekeeper.gui.components"):
            assert not any(inside(name, "scorekeeper.gui.views") for name in names), module


def test_only_the_storage_package_imports_tinydb_and_only_the_gui_imports_flet():
    for module, names in modules().items():
        tops = {name.split(".")[0] for name in names}
        if "tinydb" in tops:
            assert inside(module, "scorekeeper.storage"), f"{module} imports tinydb"
        if GUI_ONLY & tops:
            assert inside(module, "scorekeeper.gui"), f"{module} imports {GUI_ONLY & tops}"


def test_the_engine_does_no_io():
    for module, names in modules().items():
        if inside(module, "scorekeeper.engine"):
            tops = {name.split(".")[0] for name in names}
            assert not tops & {"flet", "tinydb", "os", "pathlib", "sqlite3", "socket"}, module


def test_the_engine_exports_what_all_names():
    public = {name for name in dir(engine) if not name.startswith("_") and name not in
              {"actions", "bids", "compare", "edits", "errors", "generate", "record", "rule_keys", "rules",
               "scoring", "table", "text", "ways"}}
    assert set(engine.__all__) == public


def test_the_ground_below_the_layers_imports_nothing_of_the_app():
    found = modules()
    for module in GROUND:
        assert not {name for name in found[module] if name.startswith("scorekeeper")}, module
