"""Ctrl+C stops `scorekeeper --web` from the first instant of the program: exit 130, no traceback.

A Ctrl+C once the server had printed its address always worked; one in the first second or two
did not: while the app was still importing it printed a traceback, and one that came just before
uvicorn took the signal over was swallowed and the server still listened minutes later.  Here the
signal is sent at instants spread over the whole start, counted from the moment the program's
own code runs (Python's `-X importtime` says when `scorekeeper.interrupt`, the first module the
program imports, is in): before that the interpreter itself is starting (its site packages,
which on some machines import more), and a Ctrl+C there is Python's to handle.
"""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from served import no_display_env

ROOT = Path(__file__).resolve().parents[2]
#: seconds after the program's first module is in (the whole start takes about 1-3 s here)
INSTANTS = [0.0, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.5]


def _ctrl_c_at(delay: float, data: Path) -> tuple[int | None, str, float]:
    """Start the server, send SIGINT `delay` s after its first own module is in; (exit code or
    None if it is still running 20 s later, stderr without the import times, seconds it took)."""
    proc = subprocess.Popen([sys.executable, "-X", "importtime", "-m", "scorekeeper", "--web", "--port", "0",
                             "--data", str(data)], cwd=ROOT, env=no_display_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines = []
    for line in proc.stderr:  # each module's line comes once it is imported
        lines.append(line)
        if line.rstrip().endswith("scorekeeper.interrupt"):
            break
    else:
        raise AssertionError("the program never imported scorekeeper.interrupt: " + "".join(lines[-20:]))
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    sent = time.monotonic()
    try:
        _, rest = proc.communicate(timeout=20)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        proc.kill()
        _, rest = proc.communicate()
        code = None
    said = [line for line in rest.splitlines() if not line.startswith("import time:")]
    return code, "\n".join(said), time.monotonic() - sent


@pytest.mark.slow
def test_ctrl_c_at_any_instant_of_the_start_stops_the_server_with_130_and_no_traceback(tmp_path):
    seen = {}
    for delay in INSTANTS:
        code, said, took = _ctrl_c_at(delay, tmp_path / "data")
        seen[delay] = (code, said[-300:], round(took, 1))
    wrong = {delay: found for delay, found in seen.items() if found[0] != 130 or found[1]}
    assert not wrong, f"Ctrl+C so many seconds into the start: (exit code, stderr, seconds to stop): {wrong}"
    assert max(took for _, _, took in seen.values()) < 10, seen
