"""How fast a saved hand shows on the phone's own app (Python in the browser, Pyodide), against a
minimal Flet app built the same way.

    python benchmarks/bench_phone_save.py [--hands 40] [--at 1,12,40] [--window 5]

Two static sites, built and served on 127.0.0.1 as benchmarks/bench_phone_app.py builds and serves
them: **this app** (`scorekeeper phone-app`) and **minimal** (stock `flet publish` of
benchmarks/phone_minimal/main.py: one button whose tap changes one text).  Each opens in its own
context of one Chromium, a 390x844 touch phone (2 device px a css px), drawn as the phone build is drawn in
the tests (CanvasKit; no WebGL here).

In the app, a standard game of four is started from the New game form; every hand each bidder bids
4 and a side takes 7 (both sides set: the game goes on to `--hands`).  For each hand it times, inside
the page (performance.now()), from the pointer going down to the answer in the page's semantics and
the next frame painted:
- **save -> sheet**: "Save hand" -> the totals and "Sheet (N)" of the saved hand (a phone's Hand tab
  shows no sheet: the same target as benchmarks/bench_gui.py's phone);
- **bid tap -> chip**: the hand's first bid -> that chip drawn selected;
- **Hand -> Sheet**: the switch to the Sheet tab -> the saved hand's row (then back);
and after each hand one tap on the minimal app's button -> "Tapped N" (both see the same load).
At each hand of `--at` (a window of `--window` hands around it): the medians, each beside the
minimal app's tap in the same window, and the ratio (goal, issue 28: save -> sheet within 3 times).

Not a test: it measures and prints.  Needs /usr/bin/chromium (tools/install_browser.py); each site's
first start takes 20-120 s here (Pyodide).
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "gui"))
sys.path.insert(0, str(ROOT / "tests" / "phone"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_gui import Beats, chromium_here, enter_hand, loadavg, switch_beat, timed_tap, windows  # noqa: E402
from bench_phone_app import build_minimal, serve  # noqa: E402
from harness import CHROMIUM, PHONE, PHONE_BUILD_CHROMIUM_ARGS, Driver  # noqa: E402
from phonekit import start_game, wait_started  # noqa: E402

from scorekeeper.phone_site import build_site  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def opened(context, url: str, name: str, app: bool) -> Driver:
    """A tab of `context` on `url`, started, semantics on: tests/gui/harness.Driver's taps on it."""
    shim = types.SimpleNamespace(renderer="canvaskit", url=url, host_link=url)
    d = Driver(context, shim, name, phone=True, host=False)
    d.page.goto(url)
    if app:
        wait_started(d.page)
    d.page.wait_for_function("() => !document.getElementById('loading')", timeout=420_000)
    d.enable_semantics()
    d.wait_id("new-game" if app else "tap", timeout=420_000)
    return d


def play(app: Driver, minimal: Driver, hands: int, points: dict[int, range]) -> dict:
    at = {n: {"save": Beats(), "bid": Beats(), "switch": Beats(), "minimal": Beats()} for n in points}
    every, floor = Beats(), Beats()
    for n in range(1, hands + 1):
        here = next((at[p] for p, window in points.items() if n in window), None)
        enter_hand(app, here["bid"] if here else None)
        took = timed_tap(app, "save-hand", {"kind": "label", "value": f"Sheet ({n})"})
        every.add(took)
        if here:
            here["save"].add(took)
        app.page.get_by_role("button", name=f"Sheet ({n})").first.wait_for(state="attached", timeout=30_000)
        tap = timed_tap(minimal, "tap", {"kind": "label", "value": f"Tapped {n}"})
        minimal.page.get_by_text(f"Tapped {n}", exact=True).first.wait_for(state="attached", timeout=30_000)
        floor.add(tap)
        if here:
            here["minimal"].add(tap)
            here["switch"].add(switch_beat(app, True, n))
        print(f"  hand {n}: save " + (f"{took[0]:.0f} ms" if took else "lost") + ", minimal tap "
              + (f"{tap[0]:.0f} ms" if tap else "lost"), flush=True)
    return {"at": at, "every": every, "floor": floor}


def report(result: dict, points: dict[int, range]) -> None:
    every, floor = result["every"], result["floor"]
    if every.median and floor.median:
        print(f"  every save: median {every.median:.0f} ms over {len(every.times)} hands "
              f"(min {min(every.times):.0f}, max {max(every.times):.0f}); minimal tap median "
              f"{floor.median:.0f} ms: {every.median / floor.median:.2f} times (goal: within 3)")
    for n, window in points.items():
        b = result["at"][n]
        base = b["minimal"].median
        print(f"  hand {n} (hands {window.start}-{window.stop - 1}): minimal tap "
              + (f"{base:.0f} ms" if base else "not measured"))
        for name, label in (("save", "save -> sheet"), ("bid", "bid tap -> chip"), ("switch", "Hand -> Sheet")):
            beat = b[name]
            if beat.median is None:
                print(f"    {label:16s} not seen ({beat.lost} lost)")
                continue
            ratio = f", {beat.median / base:.2f}x minimal" if base else ""
            print(f"    {label:16s} {beat.median:5.0f} ms{ratio}" + (f"; {beat.lost} lost" if beat.lost else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40, help="hands of the long game")
    parser.add_argument("--at", default="1,12,40", help="the hands the beats are reported at")
    parser.add_argument("--window", type=int, default=5, help="hands measured around each of those")
    args = parser.parse_args()
    if not chromium_here():
        return 1
    from playwright.sync_api import sync_playwright

    points = windows([int(n) for n in args.at.split(",") if int(n) <= args.hands], args.window, args.hands)
    work = Path(tempfile.mkdtemp(prefix="bench-phone-save-"))
    print(f"phone build: save -> sheet (load average before: {loadavg()})")
    app_site, minimal_site = work / "app", work / "minimal-site"
    build_site(app_site)
    build_minimal(minimal_site, work)
    servers = {"app": serve(app_site), "minimal": serve(minimal_site)}
    url = {kind: f"http://127.0.0.1:{s.server_address[1]}/" for kind, s in servers.items()}
    try:
        with sync_playwright() as pw:
            # one browser, a context each (as benchmarks/bench_gui.py's minimal page): two tabs of
            # one context took 2 s a tap on the one not in front
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=PHONE_BUILD_CHROMIUM_ARGS)
            started = time.monotonic()
            minimal = opened(browser.new_context(**PHONE), url["minimal"], "minimal", app=False)
            app = opened(browser.new_context(**PHONE), url["app"], "app", app=True)
            print(f"  both started in {time.monotonic() - started:.0f} s")
            start_game(app, PLAYERS)
            result = play(app, minimal, args.hands, points)
            browser.close()
    finally:
        for server in servers.values():
            server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    report(result, points)
    print(f"  load average after: {loadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
