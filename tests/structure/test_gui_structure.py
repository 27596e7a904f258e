"""The GUI's knowledge runs one way: models < components < views; the router and
the screens know nothing of the app; the models import no flet.

Imports are read from the source (relative ones resolved), so a late import
inside a function counts too.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from .imports import imports_in as imports_of

GUI = Path(__file__).resolve().parents[2] / "scorekeeper" / "gui"


def gui_files(folder: str = "") -> list[Path]:
    return sorted((GUI / folder).rglob("*.py"))


def test_the_models_import_no_flet_and_nothing_of_the_gui_above_them():
    for path in gui_files("models"):
        for name in imports_of(path):
            assert not name.startswith(("flet", "flet_charts")), f"{path.name} imports {name}"
            if name.startswith("scorekeeper.gui."):
                assert name.startswith("scorekeeper.gui.models"), f"{path.name} imports {name}"


def test_components_do_not_import_screens_or_the_app():
    for path in gui_files("components"):
        for name in imports_of(path):
            assert not name.startswith(("scorekeeper.gui.views", "scorekeeper.gui.app", "scorekeeper.gui.serve",
                                        "scorekeeper.gui.router")), f"{path.name} imports {name}"


def test_screens_and_the_router_do_not_import_the_app():
    for path in [*gui_files("views"), GUI / "router.py", GUI / "screen.py"]:
        for name in imports_of(path):
            assert not name.startswith(("scorekeeper.gui.app", "scorekeeper.gui.serve")), f"{path.name} imports {name}"
            assert not name.startswith("scorekeeper.gui.router") or path.name == "router.py", name


def test_the_router_names_no_screen_and_nobody_asks_a_screen_by_hasattr():
    router = (GUI / "router.py").read_text()
    for module in ("games", "new_game", "edit_hand", "breakdown", "whatif", "chart", "stats"):
        assert f'"{module}"' not in router, f"router.py names the {module} screen"
    for path in gui_files():
        assert "hasattr(" not in path.read_text(), f"{path.name} asks by hasattr"
    for path in gui_files("views"):
        assert ".router" not in path.read_text(), f"{path.name} reaches into the router"


def test_every_screen_has_what_the_app_asks_of_it():
    import importlib

    from scorekeeper.gui.models import Role
    from scorekeeper.gui.routes import ROUTES
    from scorekeeper.gui.screen import Screen

    for _, module in ROUTES:
        screen = importlib.import_module(f"scorekeeper.gui.views.{module}").Screen
        for name in ("keep_awake", "roles", *(n for n in vars(Screen) if not n.startswith("_") and
                                              callable(getattr(Screen, n)))):
            assert hasattr(screen, name), f"{module}.Screen has no {name}"
    awake = {m for _, m in ROUTES
             if importlib.import_module(f"scorekeeper.gui.views.{m}").Screen.keep_awake}
    # table: a viewer watching the game; line_rule: the table settling an argument mid-game
    assert awake == {"game", "edit_hand", "breakdown", "line_rule", "table"}
    opened_by = {role: {m for _, m in ROUTES
                        if role in importlib.import_module(f"scorekeeper.gui.views.{m}").Screen.roles}
                 for role in Role}
    assert opened_by[Role.GUEST] == {"join"}
    assert opened_by[Role.VIEWER] == {"join", "table", "game", "breakdown", "edit_hand", "rules", "whatif", "chart",
                                    "line_rule", "history"}
    assert opened_by[Role.HOST] == {m for _, m in ROUTES} - {"join"}


#: how a route of the app begins: a route written out by hand (a builder of routes.py makes it)
ROUTE_START = re.compile(r"^/(game|table|join|host|new|stats|rules)(/|\?|$)")
#: the calls that go to a route (the app's `go`, the router's `show`, Flet's `push_route`)
GOING = {"go", "show", "push_route"}


def route_literals(source: str) -> list[str]:
    """The routes written out in `source`: every string (or f-string's first piece) that begins
    as a route does, and "/" handed to a call (`go("/")`, home); docstrings are left alone."""
    tree = ast.parse(source)
    docs = {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    inside_fstrings = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                       for part in node.values}
    home_args = {id(arg) for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and getattr(node.func, "attr", getattr(node.func, "id", "")) in GOING for arg in node.args
                 if isinstance(arg, ast.Constant) and arg.value == "/"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
            text = str(node.values[0].value)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                and id(node) not in inside_fstrings:
            text = node.value
        else:
            continue
        if ROUTE_START.match(text) or id(node) in home_args:
            found.append(f"line {node.lineno}: {text!r}")
    return sorted(found, key=lambda line: int(line.split(":")[0].split()[1]))


def test_no_route_is_written_out_but_in_routes_py():
    """Issue 27: every route is built by `routes.py` (its templates and builders), so a route
    renamed there is renamed everywhere."""
    package = GUI.parent
    found = {str(path.relative_to(package)): route_literals(path.read_text())
             for path in sorted(package.rglob("*.py")) if path != GUI / "routes.py"}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_route_check_sees_routes_written_out():
    source = 'go(f"/game/{gid}/edit/{n}")\ngo("/stats")\ngo("/")\nx = "/rules?preset=solo"\n' \
             '"""A docstring may name /game/ID."""\nserve("/assets/x.png")\n'
    assert route_literals(source) == ["line 1: '/game/'", "line 2: '/stats'", "line 3: '/'",
                                      "line 4: '/rules?preset=solo'"]


def test_only_the_routes_module_reads_a_route():
    """Every route is read by `routes.py` (on ft.TemplateRoute): nobody else splits one by hand."""
    for path in gui_files():
        if path.name != "routes.py":
            text = path.read_text()
            assert "TemplateRoute" not in text and '.split("/")' not in text, f"{path.name} reads a route"


def test_screens_announce_nothing_the_session_publishes_each_change():
    """Views and components only subscribe: no pubsub, no hand-made announcement; the events a
    session sends are the types of models/events.py, sent by the app's one publisher."""
    for path in [*gui_files("views"), *gui_files("components")]:
        text = path.read_text()
        for word in ("pubsub", "broadcast(", "table_event(", "publish_entry(", "publish("):
            assert word not in text, f"{path.name} announces a change itself ({word})"
    app = (GUI / "app.py").read_text()
    assert app.count("send_all") + app.count("send_others") == 2, "one publisher in the app"
