"""Every function of the app reads in one sitting: none in scorekeeper/ is longer than 60 lines
(the engine's first, issue 27: the whole package).

A longer one is a list of phases with comments standing in for their names; split it into
functions named after the phases (as ``bids.read_hand`` reads a hand).  Counted from the ``def``
line to the function's last line (decorators and the docstring included)."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
MAX_LINES = 60


def long_functions(folder: Path, limit: int) -> list[str]:
    """'scoring.py::_score_played is 82 lines' for each function (nested ones too) over ``limit``."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > limit:
                    found.append(f"{path.relative_to(folder).as_posix()}::{node.name} is {length} lines")
    return found


def test_no_function_in_the_package_is_over_60_lines():
    assert long_functions(PACKAGE, MAX_LINES) == []


def test_the_count_sees_a_long_function(tmp_path):
    (tmp_path / "long.py").write_text("def long():\n" + "    x = 1\n" * 60 + "\n\ndef short():\n    pass\n")
    assert long_functions(tmp_path, MAX_LINES) == ["long.py::long is 61 lines"]
