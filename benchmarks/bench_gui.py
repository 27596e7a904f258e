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
import io
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MINIMAL = Path(__file__).resolve().parent / "minimal_flet.py"
#: the app served with its handlers timed and profiled (`--profile`)
PROFILED = [sys.executable, str(Path(__file__).resolve().parent / "profiled_app.py"), "--serve"]
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
        : target.kind === 'css' ? document.querySelector(target.value)
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


def bidders(d: Driver) -> list[str]:
    return d.page.evaluate(
        "() => [...document.querySelectorAll('[flt-semantics-identifier^=\"bidder-\"]')]"
        ".map(e => e.getAttribute('flt-semantics-identifier').slice(7))")


def chip_selected(identifier: str) -> dict:
    """The target of a tap on a chip: that chip drawn selected."""
    return {"kind": "css", "value": f'[flt-semantics-identifier="{identifier}"][aria-current="true"]'}


def enter_hand(d: Driver, timed_bid: Beats | None = None) -> None:
    """Every bidder bids 4 and a side takes 7: every hand sets both sides, so no end score is
    reached (a long game).  `timed_bid`: the first bid's tap -> chip selected goes there."""
    for i, name in enumerate(bidders(d)):
        chip_id = f"bid-{name}-4"
        if i == 0 and timed_bid is not None:
            timed_bid.add(timed_tap(d, chip_id, chip_selected(chip_id)))
        else:
            d.tap(chip_id)
        d.page.locator(chip_selected(chip_id)["value"]).first.wait_for(state="attached")
    d.tap("tricks-7" if d.by_id("tricks-7").count() else "tricks-Ann & Cat-7")


class Beats:
    """One beat's timings at one point of the game (ms, pointer down -> answer drawn), with
    where they went (`split`) and how many were lost (not seen within 10 s)."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.parts: list[dict] = []
        self.lost = 0

    def add(self, took: tuple[float, dict] | None) -> None:
        if took is None:
            self.lost += 1
        else:
            self.times.append(took[0])
            self.parts.append(took[1])

    @property
    def median(self) -> float | None:
        return statistics.median(self.times) if self.times else None

    def bytes(self) -> float | None:
        sizes = [p["bytes"] for p in self.parts if p]
        return statistics.median(sizes) if sizes else None


def windows(points: list[int], width: int, hands: int) -> dict[int, range]:
    """The hands measured for each point of the game: `width` hands around it, inside 1..hands."""
    out = {}
    for n in points:
        first = max(1, min(n - width // 2, hands - width + 1))
        out[n] = range(first, min(hands, first + width - 1) + 1)
    return out


def switch_beat(d: Driver, phone: bool, n: int) -> tuple[float, dict] | None:
    """A screen change, timed, and back.  A phone: Hand -> Sheet (the saved hand's row on
    screen); a desktop, whose sheet is always beside the entry: a sheet row -> its breakdown."""
    if phone:
        took = timed_tap(d, "tab-sheet", {"kind": "id", "value": f"sheet-row-{n}"})
        d.wait_id(f"sheet-row-{n}")
        d.tap("tab-hand")
    else:
        took = timed_tap(d, f"sheet-row-{n}", {"kind": "id", "value": "back-to-sheet"})
        d.wait_id("back-to-sheet")
        d.tap("back-to-sheet")
    d.wait_id("save-hand")
    d.page.wait_for_timeout(150)  # the screen settled before the next tap
    return took


def play(browser, server: Server, game_id: str, phone: bool, hands: int,
         points: dict[int, range]) -> dict:
    """A long game played in one tab, a minimal page's tap after each save in another; the
    beats at each point of the game."""
    options = PHONE if phone else DESKTOP
    context = browser.new_context(**options)
    context.route("**/*", only_local)
    context.add_init_script(WIRETAP)
    d = Driver(context, server, "bench", phone)
    d.open(f"game/{game_id}")
    d.wait_id("save-hand")
    minimal = MinimalPage(browser, options, phone)
    at = {n: {"save": Beats(), "bid": Beats(), "switch": Beats(), "minimal": Beats()} for n in points}
    every = Beats()
    try:
        for n in range(1, hands + 1):
            here = next((at[p] for p, window in points.items() if n in window), None)
            enter_hand(d, here["bid"] if here else None)
            target = ({"kind": "label", "value": f"Sheet ({n})"} if phone
                      else {"kind": "id", "value": f"sheet-row-{n}"})
            took = timed_tap(d, "save-hand", target)
            every.add(took)
            if here:
                here["save"].add(took)
            try:
                (d.page.get_by_role("button", name=f"Sheet ({n})") if phone
                 else d.by_id(f"sheet-row-{n}")).first.wait_for(state="attached")
            except Exception:
                print("hand", n, "not saved; see", d.screenshot("bench-failed", check=False))
                raise
            before = len(minimal.times), minimal.lost
            minimal.tap()
            if here:
                here["minimal"].add((minimal.times[-1], minimal.parts[-1]) if len(minimal.times) > before[0]
                                    else None)
                here["switch"].add(switch_beat(d, phone, n))
    finally:
        minimal.stop()
        d.context.close()
    return {"at": at, "every": every, "minimal": minimal}


def beats_report(where: str, result: dict, points: dict[int, range]) -> list[str]:
    """The beats at each point of the game beside the minimal page's tap in the same run."""
    switch = "hand -> sheet" if where.startswith("phone") else "row -> breakdown"
    lines = [f"  beats ({where}; medians; each beside the minimal page's tap at the same hands):"]
    for n, window in points.items():
        b = result["at"][n]
        floor = b["minimal"].median
        lines.append(f"    hand {n} (hands {window.start}-{window.stop - 1}): minimal page tap "
                     + (f"{floor:.0f} ms" if floor else "not measured"))
        for name, label in (("save", "save -> sheet"), ("bid", "bid tap -> chip"), ("switch", switch)):
            beat = b[name]
            if beat.median is None:
                lines.append(f"      {label:17s} not seen ({beat.lost} lost)")
                continue
            ratio = f", {beat.median / floor:.2f}x minimal" if floor else ""
            size = beat.bytes()
            lines.append(f"      {label:17s} {beat.median:4.0f} ms{ratio}"
                         + (f", {received(size)} received" if size is not None else "")
                         + (f"; {beat.lost} lost" if beat.lost else "")
                         + f"  [{where_it_goes(beat.parts)}]")
    return lines


def profile_report(path: Path, points: dict[int, range], top: int = 12) -> list[str]:
    """The handlers' own times inside the server (benchmarks/profiled_app.py) and where a
    save's time went."""
    import pstats
    log = Path(f"{path}.log")
    if not log.exists():
        return ["  profile: no beat was handled"]
    by_beat: dict[str, list[float]] = {}
    for line in log.read_text().split("\n"):
        if line.strip():
            beat, ms = line.split()
            by_beat.setdefault(beat, []).append(float(ms))
    saves = by_beat.get("save", [])
    lines = ["  in the server's handlers (ms, medians):"]
    for n, window in points.items():
        inside = [saves[i - 1] for i in window if i <= len(saves)]
        if inside:
            lines.append(f"    save, hands {window.start}-{window.stop - 1}: {statistics.median(inside):.1f}")
    for beat in ("tap", "switch"):
        if by_beat.get(beat):
            lines.append(f"    {beat}: {statistics.median(by_beat[beat]):.1f} over {len(by_beat[beat])}")
    stats_file = Path(f"{path}.save.pstats")
    if stats_file.exists():
        out = io.StringIO()
        pstats.Stats(str(stats_file), stream=out).sort_stats("cumulative").print_stats(top)
        lines.append("    every save, cProfile, by cumulative time:")
        lines += ["      " + line for line in out.getvalue().splitlines() if line.strip()][-top - 1:]
    return lines


def chromium_here() -> bool:
    """Whether the benchmarks' browser is installed (if not, says how to get it)."""
    if Path(CHROMIUM).exists():
        return True
    print(f"no Chromium at {CHROMIUM}: run python tools/install_browser.py")
    return False


def served_game(prefix: str, command: list[str] | None = None) -> tuple[Path, str, Server]:
    """A new temporary folder holding one standard game, and the app served on it with the
    renderer users get (`command`: what serves it, the app's own command if None)."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    game_id = Repository(tmp / "data").create_game("standard", ["Ann", "Bob", "Cat", "Dan"])
    return tmp, game_id, Server(tmp / "data", tmp / "server.log", renderer=None, command=command)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=40, help="hands of the long game")
    parser.add_argument("--at", default="1,12,40", help="the hands the beats are reported at")
    parser.add_argument("--window", type=int, default=5, help="hands measured around each of those")
    parser.add_argument("--loads", type=int, default=5, help="page loads measured (0: none)")
    parser.add_argument("--mbit", type=float, default=None,
                        help="page loads over a network of that many Mbit/s (20 ms latency) instead of loopback")
    parser.add_argument("--phone", action="store_true", help="a phone only")
    parser.add_argument("--desktop", action="store_true", help="a desktop only (neither flag: both)")
    parser.add_argument("--profile", action="store_true",
                        help="serve the app with its handlers timed and profiled (profiled_app.py)")
    parser.add_argument("--log", action="store_true", help="print the end of the server's log")
    args = parser.parse_args()
    if not chromium_here():
        return 1
    from playwright.sync_api import sync_playwright

    points = windows([int(n) for n in args.at.split(",") if int(n) <= args.hands], args.window, args.hands)
    kinds = [True] if args.phone else [False] if args.desktop else [False, True]
    print(f"GUI benchmark (headless Chromium, this machine; load average before: {loadavg()})")
    for phone in kinds:
        run_one(sync_playwright, phone, args, points)
    print(f"  load average after: {loadavg()}")
    return 0


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def run_one(sync_playwright, phone: bool, args, points: dict[int, range]) -> None:
    profile = Path(tempfile.mkdtemp(prefix="bench-profile-")) / "beats" if args.profile else None
    if profile is not None:
        os.environ["SCOREKEEPER_PROFILE"] = str(profile)
    tmp, game_id, server = served_game("bench-gui-", PROFILED if profile else None)
    options = PHONE if phone else DESKTOP
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
            result = play(browser, server, game_id, phone, args.hands, points)
            browser.close()
    finally:
        server.stop()
        if args.log:
            print((tmp / "server.log").read_text()[-3000:])
    where = "phone 390x844" if phone else "desktop 1280x860"
    if args.mbit:
        where += f", pages loaded at {args.mbit:g} Mbit/s"
    print(f" {where}:")
    print(f"  server ready:     {server.ready_after * 1000:.0f} ms (process start -> first HTTP answer)")
    if timelines:
        loads = [t["first_frame"] for t in timelines]
        suits = [t["drawn"] for t in timelines]
        texts = [t["first_text"] for t in timelines if t["first_text"] is not None]
        print(f"  first frame:      median {statistics.median(loads) * 1000:.0f} ms over {len(loads)} loads "
              f"(min {min(loads) * 1000:.0f}, max {max(loads) * 1000:.0f})")
        print(f"  first text:       median {statistics.median(texts) * 1000:.0f} ms over {len(texts)} loads "
              f"(page open -> the title's text first drawn; its \u2660 drawn in that same frame on "
              f"{sum(t['suits_in_first_text'] for t in timelines)} of {len(timelines)} loads)" if texts else
              f"  first text:       the title was not drawn on any of {len(timelines)} loads")
        print(f"  suits drawn:      median {statistics.median(suits) * 1000:.0f} ms over {len(suits)} loads "
              f"(min {min(suits) * 1000:.0f}, max {max(suits) * 1000:.0f}; page open -> top bar as it stays)")
    every, minimal = result["every"], result["minimal"]
    times, floor = every.times, minimal.times
    print(f"  save -> sheet:    median {statistics.median(times):.0f} ms over {len(times)} hands "
          f"(min {min(times):.0f}, max {max(times):.0f}; target < 100 ms)"
          + (f"; {every.lost} not seen within 10 s" if every.lost else ""))
    print(f"    where it goes:  {where_it_goes(every.parts)}")
    print(f"  minimal page:     tap -> text median {statistics.median(floor):.0f} ms over {len(floor)} taps "
          f"(min {min(floor):.0f}, max {max(floor):.0f}; one button, one text, served the same way, "
          f"a tap after each hand)" + (f"; {minimal.lost} not seen within 10 s" if minimal.lost else ""))
    print(f"    where it goes:  {where_it_goes(minimal.parts)}")
    print(f"  app / minimal:    {statistics.median(times) / statistics.median(floor):.2f} times "
          f"(save -> sheet median {statistics.median(times):.0f} ms / minimal tap -> text median "
          f"{statistics.median(floor):.0f} ms)")
    for line in beats_report(where, result, points):
        print(line)
    if profile is not None:
        for line in profile_report(profile, points):
            print(line)


if __name__ == "__main__":
    sys.exit(main())
