"""The one reader of imports for the structure tests: every module a source file imports, as an
absolute dotted name, relative imports and imports inside functions included."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module (or name in a module) that `source`, the text of `module`, imports, as an
    absolute dotted name: `from ..storage import Repository` in scorekeeper.engine.record gives
    scorekeeper.storage and scorekeeper.storage.Repository."""
    package = module if is_package else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module
            names.add(target)
            names.update(f"{target}.{alias.name}" for alias in node.names)  # `from . import views`
    return names


def imports_in(path: Path) -> set[str]:
    """Every module the file at `path` (in the package) imports."""
    return imports_of(path.read_text(), module_name(path), path.name == "__init__.py")
