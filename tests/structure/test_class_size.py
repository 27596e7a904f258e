"""Every class one job (issue 16): no class in scorekeeper/ has more than 25 methods.

Methods are counted from the source: every `def` and `async def` in the class body,
properties, class methods and dunders included (a nested class counts on its own).
No browser.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorekeeper"
MOST_METHODS = 25



def counts_in(source: str, where: str) -> dict[str, int]:
    """Each class in `source` ("where::Outer.Inner") and how many methods its body defines."""
    counts: dict[str, int] = {}

    def visit(node: ast.AST, outer: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = f"{outer}.{child.name}" if outer else child.name
                counts[f"{where}::{name}"] = sum(
                    isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for item in child.body)
                visit(child, name)
            else:
                visit(child, outer)

    visit(ast.parse(source), "")
    return counts


def method_counts() -> dict[str, int]:
    """Every class of the package, by "path::Class", and its number of methods."""
    counts: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        counts.update(counts_in(path.read_text(), path.relative_to(ROOT).as_posix()))
    return counts


def test_no_class_has_more_than_25_methods():
    too_many = {name: n for name, n in method_counts().items() if n > MOST_METHODS}
    assert not too_many, f"more than {MOST_METHODS} methods (split by job): {too_many}"


def test_the_count_takes_properties_and_async_methods_and_a_nested_class_apart():
    source = ("class Outer:\n    @property\n    def a(self): ...\n    async def b(self): ...\n"
              "    x = 1\n    class Inner:\n        def c(self): ...\n\n"
              "def helper():\n    class Local:\n        def d(self): ...\n")
    assert counts_in(source, "m.py") == {"m.py::Outer": 2, "m.py::Outer.Inner": 1, "m.py::Local": 1}

