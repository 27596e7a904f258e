"""The host's "Save hand" -> sheet while a guest on the network floods the server.

    python benchmarks/bench_flood.py [--hands 12]

The app is served as in the tests; the host keeps score in headless Chromium (desktop) and saves
`--hands` hands in each of three phases, one run, one server:
- quiet: nobody else connected;
- flood: a guest (tests/gui/flet_client.py, Flet's protocol without a browser) sends events for
  control ids it does not have as fast as it can, reconnecting each time the server closes it;
- paced: the same guest keeps just under the guard's message rate, so it is never closed and
  every one of its events is read and dropped.
Prints each phase's median save -> sheet, its ratio to the quiet one, and what the guest sent.
Not a test: it measures and prints.  Needs /usr/bin/chromium.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "gui"))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from bench_gui import WATCH, WIRETAP, chromium_here, enter_hand, served_game  # noqa: E402
from flet_client import EVENT, FletClient, pack  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS, DESKTOP, Driver, only_local  # noqa: E402
from scorekeeper.gui.guard import Limits  # noqa: E402


class Flooder(threading.Thread):
    """A guest sending events for controls it does not have; `pace`: messages a second (None:
    as fast as it can)."""

    def __init__(self, url: str, pace: float | None):
        super().__init__(daemon=True)
        self.url, self.pace = url, pace
        self.stop = threading.Event()
        self.events = self.connections = self.refused = 0

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                guest = FletClient(self.url)
            except Exception:  # refused: this address opened too many connections
                self.refused += 1
                continue
            self.connections += 1
            guest.register("/")
            guest.pump(1.0, until="join-code")
            started, sent = time.monotonic(), 0
            while not self.stop.is_set():
                if not guest.send(pack(EVENT, {"target": 900_000 + self.events, "name": "click", "data": ""})):
                    break
                self.events += 1
                sent += 1
                if self.pace:
                    ahead = sent / self.pace - (time.monotonic() - started)
                    if ahead > 0:
                        time.sleep(ahead)
            guest.close()


def save_times(d: Driver, first: int, hands: int) -> list[float]:
    times = []
    for n in range(first, first + hands):
        enter_hand(d)
        d.page.evaluate(WATCH, {"kind": "id", "value": f"sheet-row-{n}"})
        d.tap("save-hand")
        took = d.page.evaluate("() => window.__bench")
        d.by_id(f"sheet-row-{n}").first.wait_for(state="attached", timeout=30_000)
        if took is not None:
            times.append(took[2] - took[0])
    return times


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=12)
    args = parser.parse_args()
    if not chromium_here():
        return 1
    from playwright.sync_api import sync_playwright

    _, game_id, server = served_game("bench-flood-")
    phases: dict[str, tuple[list[float], Flooder | None]] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(**DESKTOP)
            context.route("**/*", only_local)
            context.add_init_script(WIRETAP)
            d = Driver(context, server, "bench", False)
            d.open(f"game/{game_id}")
            d.wait_id("save-hand")
            hand = 1
            for name, pace in (("quiet", None), ("flood", 0.0), ("paced", Limits().rate * 0.9)):
                flooder = None
                if name != "quiet":
                    flooder = Flooder(server.url, pace or None)
                    flooder.start()
                    time.sleep(1.0)
                phases[name] = (save_times(d, hand, args.hands), flooder)
                hand += args.hands
                if flooder is not None:
                    flooder.stop.set()
                    flooder.join(5)
            browser.close()
    finally:
        server.stop()
    quiet = statistics.median(phases["quiet"][0])
    print(f"Host's save -> sheet while a guest floods (desktop 1280x860, headless Chromium, this machine; "
          f"{args.hands} hands a phase)")
    for name, (times, flooder) in phases.items():
        med = statistics.median(times)
        line = (f"  {name:6s} median {med:.0f} ms (min {min(times):.0f}, max {max(times):.0f}; "
                f"{med / quiet:.2f} x quiet)")
        if flooder is not None:
            line += (f"; the guest sent {flooder.events:,} events over {flooder.connections} connections "
                     f"({flooder.refused:,} more refused)")
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
