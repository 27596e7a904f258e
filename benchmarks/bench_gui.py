"""How fast the table app answers, measured in the real browser (headless Chromium).

    python benchmarks/bench_gui.py [--hands 20] [--loads 5] [--phone] [--mbit 20]

Prints:
- server ready: from starting the app's process to its first HTTP answer;
- first frame: from opening the page to Flutter's first frame (the loading
  screen gone), median over `--loads` fresh browser tabs;
- first text: from opening the page to the first of the top bar's screenshots
  (taken as fast as the browser gives them) that shows the title's text, median
  over the same loads, and on how many of them the title's \u2660 was drawn, as it
  stays, in that same screenshot (before the app's font has arrived it is an
  empty box; the font is loaded before Flutter's first frame, through
  assets/assets/FontManifest.json);
- suits drawn: from opening the page to the top bar drawn as it stays, its
  "\u2660 Spades Scorekeeper" title in the app's font: the first of the same
  screenshots that equals the last one, median over the same loads;
- save -> sheet: from the pointer going down on "Save hand" to the saved hand on
  screen and the next frame painted, median over `--hands` hands (target: under
  100 ms).  On a desktop that is the new row of the sheet; on a phone, whose Hand
  tab shows no sheet, the totals and "Sheet (N)" of the same update.  Both ends are
  taken inside the page (performance.now()), so Playwright's own overhead is not
  counted;
- where that time goes, from the page's websocket: input (pointer down to the
  tap's message sent), server (to the last message of its answer; the app's
  handler, Flet's diff and the transfer, on this machine's loopback), Flutter
  (from that message to the frame showing it), and the bytes received;
- minimal page: the same measure, in the same run and browser, on a minimal Flet
  page served the same way (benchmarks/minimal_flet.py: one button whose click
  changes one text): from the pointer going down on the button to the new text in
  the page's semantics and the next frame painted, one tap after each hand saved
  (so both see the same load on the machine), median over as many taps as hands,
  split the same way; then the app's save -> sheet median as a multiple of it (what
  the app costs above the floor of Flet and Flutter on this machine).

Not a test: it measures and prints.  Needs /usr/bin/chromium (see
tools/install_browser.py).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MINIMAL = Path(__file__).resolve().parent / "minimal_flet.py"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "gui"))

from harness import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, Driver, Server, load_timeline, only_local  # noqa: E402

from scorekeeper.storage import Repository  # noqa: E402

#: before the app loads: note when the page sends and receives on its websocket
WIRETAP = """(() => {
    window.__wire = [];
    const Real = window.WebSocket;
    window.WebSocket = function (...args) {
        const ws = new Real(...args);
        const send = ws.send.bind(ws);
        ws.send = (data) => { window.__wire.push(['out', performance.now(), data.byteLength || data.length || 0]); send(data); };
        ws.addEventListener('message', (e) => window.__wire.push(
            ['in', performance.now(), e.data.byteLength || e.data.size || e.data.length || 0]));
        return ws;
    };
    window.WebSocket.prototype = Real.prototype;
    Object.assign(window.WebSocket, Real);
})();"""

#: arm before the tap: resolves with [down, seen+frame] once `seen()` holds after a pointer down
WATCH = """(target) => { window.__wire = []; window.__bench = new Promise(resolve => {
    let start = null;
    const down = () => { start = performance.now(); };
    window.addEventListener('pointerdown', down, {capture: true, once: true});
    const done = () => { const seen = performance.now();
        requestAnimationFrame(() => resolve([start, seen, performance.now()])); };
    setTimeout(() => resolve(null), 10000);  // a lost tap: counted apart
    const seen = () => target.kind === 'id'
        ? document.querySelector(`[flt-semantics-identifier="${target.value}"]`)
        : [...document.querySelectorAll('[aria-label]')].some(e => e.getAttribute('aria-label') === target.value)
          || [...document.querySelectorAll('flt-semantics')].some(e => e.innerText === target.value);
    const obs = new MutationObserver(() => {
        if (start !== null && seen()) { obs.disconnect(); done(); }
    });
    obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}); }"""


def split(times: list[float], wire: list[list]) -> dict[str, float]:
    """input / server / flutter for one save, from the wire log and [down, seen, frame]."""
    down, seen, frame = times
    sent = next((t for kind, t, _ in wire if kind == "out" and t >= down), None)
    answers = [(t, n) for kind, t, n in wire if kind == "in" and sent is not None and sent <= t <= seen]
    if sent is None or not answers:
        return {}
    last = answers[-1][0]
    return {"input": sent - down, "server": last - sent, "flutter": frame - last,
            "bytes": sum(n for _, n in answers)}


def timed_tap(d: Driver, identifier: str, target: dict) -> tuple[float, dict] | None:
    """Tap `identifier`; the ms from the pointer going down to `target` in the page and the next
    frame painted, and where they went (`split`); None when it was not seen within 10 s."""
    d.page.evaluate(WATCH, target)
    d.tap(identifier)
    took = d.page.evaluate("() => window.__bench")
    if took is None:
        return None
    return took[2] - took[0], split(took, d.page.evaluate("() => window.__wire"))


class MinimalPage:
    """The minimal Flet page (minimal_flet.py), served as the app is, in its own tab of `browser`:
    `tap()` times one tap on its button, to the new text it shows ("Tapped N")."""

    def __init__(self, browser, options: dict, phone: bool):
        tmp = Path(tempfile.mkdtemp(prefix="bench-minimal-"))
        self.server = Server(tmp / "data", tmp / "server.log", renderer=None, command=[sys.executable, str(MINIMAL)])
        self.times: list[float] = []
        self.parts: list[dict] = []
        self.lost = self.taps = 0
        context = browser.new_context(**options)
        context.route("**/*", only_local)
        context.add_init_script(WIRETAP)
        self.d = Driver(context, self.server, "minimal", phone, host=False)
        self.d.open()
        self.d.wait_id("tap")

    def tap(self) -> None:
        self.taps += 1
        took = timed_tap(self.d, "tap", {"kind": "label", "value": f"Tapped {self.taps}"})
        if took is None:
            self.lost += 1
        else:
            self.times.append(took[0])
            self.parts.append(took[1])
        self.d.page.get_by_text(f"Tapped {self.taps}", exact=True).first.wait_for(state="attached")

    def stop(self) -> None:
        self.d.context.close()
        self.server.stop()


def where_it_goes(parts: list[dict]) -> str:
    parts = [p for p in parts if p]
    if not parts:
        return "not measured (no websocket message seen)"
    med = {k: statistics.median(p[k] for p in parts) for k in parts[0]}
    return (f"input {med['input']:.0f} ms, server {med['server']:.0f} ms (handler, diff, loopback), "
            f"Flutter {med['flutter']:.0f} ms (medians; {received(med['bytes'])} received)")


def received(size: float) -> str:
    return f"{size / 1024:.1f} kB" if size >= 1024 else f"{size:.0f} bytes"


def enter_hand(d: Driver) -> None:
    bidders = d.page.evaluate(
        "() => [...document.querySelectorAll('[flt-semantics-identifier^=\"bidder-\"]')]"
        ".map(e => e.getAttribute('flt-semantics-identifier').slice(7))")
    for name in bidders:
        d.tap(f"bid-{name}-4")
    # every hand sets both sides: no end score is reached, a long game
    d.tap("tricks-7" if d.by_id("tricks-7").count() else "tricks-Ann & Cat-7")


def chromium_here() -> bool:
    """Whether the benchmarks' browser is installed (if not, says how to get it)."""
    if Path(CHROMIUM).exists():
        return True
    print(f"no Chromium at {CHROMIUM}: run python tools/install_browser.py")
    return False


def served_game(prefix: str) -> tuple[Path, str, Server]:
    """A new temporary folder holding one standard game, and the app served on it with the
    renderer users get."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    game_id = Repository(tmp / "data").create_game("standard", ["Ann", "Bob", "Cat", "Dan"])
    return tmp, game_id, Server(tmp / "data", tmp / "server.log", renderer=None)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--mbit", type=float, default=None,
                        help="page loads over a network of that many Mbit/s (20 ms latency) instead of loopback")
    parser.add_argument("--phone", action="store_true")
    parser.add_argument("--log", action="store_true", help="print the end of the server's log")
    args = parser.parse_args()
    if not chromium_here():
        return 1
    from playwright.sync_api import sync_playwright

    tmp, game_id, server = served_game("bench-gui-")
    options = PHONE if args.phone else DESKTOP
    minimal = None
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            timelines = []
            for i in range(args.loads):
                context = browser.new_context(**options)
                context.route("**/*", only_local)
                # the scorekeeper's own page: the games list
                timelines.append(load_timeline(context, server.host_link, args.mbit))
                context.close()
            loads = [t["first_frame"] for t in timelines]
            suits = [t["drawn"] for t in timelines]
            texts = [t["first_text"] for t in timelines if t["first_text"] is not None]
            context = browser.new_context(**options)
            context.route("**/*", only_local)
            context.add_init_script(WIRETAP)
            d = Driver(context, server, "bench", args.phone)
            d.open(f"game/{game_id}")
            d.wait_id("save-hand")
            minimal = MinimalPage(browser, options, args.phone)
            times, parts = [], []
            lost = 0
            for n in range(1, args.hands + 1):
                enter_hand(d)
                target = ({"kind": "label", "value": f"Sheet ({n})"} if args.phone
                          else {"kind": "id", "value": f"sheet-row-{n}"})
                took = timed_tap(d, "save-hand", target)
                if took is None:
                    lost += 1
                else:
                    times.append(took[0])
                    parts.append(took[1])
                try:
                    (d.page.get_by_role("button", name=f"Sheet ({n})") if args.phone
                     else d.by_id(f"sheet-row-{n}")).first.wait_for(state="attached")
                except Exception:
                    print("hand", n, "not saved; see", d.screenshot("bench-failed", check=False))
                    raise
                minimal.tap()
            floor, floor_parts, floor_lost = minimal.times, minimal.parts, minimal.lost
            minimal.stop()
            minimal = None
            browser.close()
    finally:
        if minimal is not None:
            minimal.server.stop()
        server.stop()
        if args.log:
            print((tmp / "server.log").read_text()[-3000:])
    where = "phone 390x844" if args.phone else "desktop 1280x860"
    if args.mbit:
        where += f", pages loaded at {args.mbit:g} Mbit/s"
    print(f"GUI benchmark ({where}, headless Chromium, this machine)")
    print(f"  server ready:     {server.ready_after * 1000:.0f} ms (process start -> first HTTP answer)")
    print(f"  first frame:      median {statistics.median(loads) * 1000:.0f} ms over {len(loads)} loads "
          f"(min {min(loads) * 1000:.0f}, max {max(loads) * 1000:.0f})")
    print(f"  first text:       median {statistics.median(texts) * 1000:.0f} ms over {len(texts)} loads "
          f"(page open -> the title's text first drawn; its \u2660 drawn in that same frame on "
          f"{sum(t['suits_in_first_text'] for t in timelines)} of {len(timelines)} loads)" if texts else
          f"  first text:       the title was not drawn on any of {len(timelines)} loads")
    print(f"  suits drawn:      median {statistics.median(suits) * 1000:.0f} ms over {len(suits)} loads "
          f"(min {min(suits) * 1000:.0f}, max {max(suits) * 1000:.0f}; page open -> top bar as it stays)")
    print(f"  save -> sheet:    median {statistics.median(times):.0f} ms over {len(times)} hands "
          f"(min {min(times):.0f}, max {max(times):.0f}; target < 100 ms)"
          + (f"; {lost} not seen within 10 s" if lost else ""))
    print(f"    where it goes:  {where_it_goes(parts)}")
    print(f"  minimal page:     tap -> text median {statistics.median(floor):.0f} ms over {len(floor)} taps "
          f"(min {min(floor):.0f}, max {max(floor):.0f}; one button, one text, served the same way, "
          f"a tap after each hand)" + (f"; {floor_lost} not seen within 10 s" if floor_lost else ""))
    print(f"    where it goes:  {where_it_goes(floor_parts)}")
    print(f"  app / minimal:    {statistics.median(times) / statistics.median(floor):.2f} times "
          f"(save -> sheet median {statistics.median(times):.0f} ms / minimal tap -> text median "
          f"{statistics.median(floor):.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
