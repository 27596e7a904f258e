"""The app served as `python -m scorekeeper.gui --serve` serves it, with its three beats timed and
profiled inside the server: a save (`EntryPanel._save`), a tap on the entry's chips (the handler
`EntryPanel.tap` makes) and the phone's Hand/Sheet switch (`Screen.switch_tab`).

    SCOREKEEPER_PROFILE=/tmp/prof python benchmarks/profiled_app.py --serve --port 8000 --data DIR

Each handled beat adds a line to $SCOREKEEPER_PROFILE.log (beat, ms in the handler: the app's
work, Flet's diff and the hand-off of the messages to the socket), and the beats' cProfile
statistics are written to $SCOREKEEPER_PROFILE.<beat>.pstats after each one (read them with
`python -m pstats`).  `benchmarks/bench_gui.py --profile` serves the app this way and prints the
handlers' medians and their top functions.  Not used by the app itself.
"""
from __future__ import annotations

import cProfile
import functools
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.gui.__main__ import main  # noqa: E402
from scorekeeper.gui.components.entry import EntryPanel  # noqa: E402
from scorekeeper.gui.views.game import Screen  # noqa: E402

OUT = os.environ.get("SCOREKEEPER_PROFILE", "/tmp/scorekeeper-profile")
PROFILES: dict[str, cProfile.Profile] = {}


def timed(beat: str, handler):
    """`handler`, timed and profiled as `beat` (nested beats: only the outer one counts)."""
    @functools.wraps(handler)
    def run(*args, **kwargs):
        if timed.busy:
            return handler(*args, **kwargs)
        timed.busy = True
        profile = PROFILES.setdefault(beat, cProfile.Profile())
        start = time.perf_counter()
        profile.enable()
        try:
            return handler(*args, **kwargs)
        finally:
            profile.disable()
            took = (time.perf_counter() - start) * 1000
            timed.busy = False
            with open(f"{OUT}.log", "a") as log:
                log.write(f"{beat} {took:.2f}\n")
            profile.dump_stats(f"{OUT}.{beat}.pstats")
    return run


timed.busy = False

EntryPanel._save = timed("save", EntryPanel._save)
Screen.switch_tab = timed("switch", Screen.switch_tab)
_tap = EntryPanel.tap
EntryPanel.tap = lambda self, action: timed("tap", _tap(self, action))

if __name__ == "__main__":
    sys.exit(main())
