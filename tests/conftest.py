"""The suite's order: the longest test files first, so that no worker is left with a long one at the end.

pytest-xdist hands out whole files (`--dist loadfile`) in the order they were collected (with
`--no-loadscope-reorder`; its own order puts the files with the most tests first, which put the
engine's hundreds of quick cases first and a twenty-second browser test last).  A worker that
takes a four-minute file near the end keeps the run going while the other waits: the files are
sorted here by their time in an earlier run, `tests/file_seconds.json`, longest first (a file not
there yet counts 8 s for each of its tests that drives a browser or a server, 0.05 s for the
rest).  The order changes only when each file's tests run, never what they do.

    SCOREKEEPER_FILE_SECONDS=tests/file_seconds.json python -m pytest

writes each file's time in this run to that file (setup, call and teardown of each test).
"""
from __future__ import annotations

import json
import os
from collections import defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).parent
RECORDED = HERE / "file_seconds.json"
RECORD_ENV = "SCOREKEEPER_FILE_SECONDS"

#: a file's guessed seconds a test, when an earlier run did not time it
GUESS_SLOW = 8.0
GUESS_QUICK = 0.05


def _file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def _recorded() -> dict[str, float]:
    try:
        data = json.loads(RECORDED.read_text())
    except (OSError, ValueError):
        return {}
    return {name: float(seconds) for name, seconds in data.items() if isinstance(seconds, (int, float))}


@pytest.hookimpl(trylast=True)  # after the folders' conftests have marked their tests `slow`
def pytest_collection_modifyitems(config, items):
    recorded = _recorded()
    groups: dict[str, list] = {}
    for item in items:
        groups.setdefault(_file_of(item.nodeid), []).append(item)

    def weight(name: str) -> float:
        if name in recorded:
            return recorded[name]
        return sum(GUESS_SLOW if item.get_closest_marker("slow") else GUESS_QUICK for item in groups[name])

    order = sorted(groups, key=lambda name: (-weight(name), name))
    items[:] = [item for name in order for item in groups[name]]


class _FileClock:
    """Adds up each test file's seconds (in the process that sees every report) and writes them at the end."""

    def __init__(self, path: Path):
        self.path = path
        self.seconds: dict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report):
        self.seconds[_file_of(report.nodeid)] += report.duration

    def pytest_sessionfinish(self, session):
        if not self.seconds:
            return
        kept = {name: round(seconds, 1) for name, seconds in sorted(self.seconds.items())}
        self.path.write_text(json.dumps(kept, indent=1) + "\n")


def pytest_configure(config):
    path = os.environ.get(RECORD_ENV)
    worker = hasattr(config, "workerinput")  # xdist's workers send their reports to the controller
    if path and not worker:
        config.pluginmanager.register(_FileClock(Path(path)), "scorekeeper-file-clock")
