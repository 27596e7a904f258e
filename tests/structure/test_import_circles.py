"""No import circle in scorekeeper/ (issue 27): the modules import one another one way only, so any
of them can be read, tested and imported first on its own.

Every import counts, those inside functions too (an import moved into a function to dodge a
circle is still the circle), except those under `if TYPE_CHECKING:` (never run).  `from . import
theme` is an import of the module `theme`, not of the package around it."""
from __future__ import annotations

import ast
from pathlib import Path

from .imports import PACKAGE, module_name


def _resolved(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    package = module if is_package else module.rpartition(".")[0]
    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
    return f"{base}.{node.module}" if node.module else base


def _run_imports(tree: ast.AST):
    """The import statements of a module that can run (none under `if TYPE_CHECKING:`)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    return [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) and id(n) not in skipped]


def graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of `package` and the modules of it that it imports."""
    paths = {module_name(p) if package == PACKAGE else _name_in(p, package): p for p in package.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        for node in _run_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _resolved(node, name, path.name == "__init__.py")
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in paths else base for a in node.names]
            for target in targets:
                while target and target not in paths:  # a name in a module: the module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.add(target)
        edges[name] = found
    return edges


def _name_in(path: Path, package: Path) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_import_circle_in_the_package():
    assert circles(graph()) == []


def test_the_check_sees_a_circle_through_a_function_and_not_one_under_type_checking(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def later():\n    from .a import x\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import y\n")
    (pkg / "d.py").write_text("from . import c\n")
    assert circles(graph(pkg)) == [["pkg.a", "pkg.b"]]
