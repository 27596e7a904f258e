"""A shared table under load: 20 phones watch while the scorekeeper enters 12 hands.

    python benchmarks/bench_table.py [--viewers 20] [--hands 12] [--log]

One app server (as `scorekeeper --web` runs it) and one headless Chromium with a context per
device: the host (a desktop tab on the host link) shares an IHOP game; each viewer is a phone
(390x844, touch) that opens the table's join link, as scanning the QR code does.  Then the host
taps in 12 hands.  Prints:
- the server's memory (RSS, from /proc) with the host alone and with every viewer watching;
- save -> each viewer's sheet: from the host's pointer going down on "Save hand" to the new row
  in a viewer's page and the frame after it, over every (hand, viewer): median, 90th percentile,
  worst.  Both ends are read from the pages' clocks (performance.timeOrigin + now(): one machine,
  one clock), so Playwright's own round trips are not counted;
- bid -> each viewer's card: the same, from the tap on a bid chip to the bid shown on the viewer's
  card of the hand being entered;
- that every viewer ends with the engine's totals for the 12 hands.

Not a test: it measures and prints.  Needs /usr/bin/chromium (see tools/install_browser.py).
"""
from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "gui"))

from harness import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, Driver, Server, only_local  # noqa: E402

from scorekeeper.engine import new_game, score_game  # noqa: E402
from scorekeeper.storage import Repository  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
AC, BD = "Ann & Cat", "Bob & Dan"

#: in a viewer: note when `selector` appears (and the frame after it), on the page's clock
WATCH = """([selector, label]) => { window.__seen = null;
    const found = () => [...document.querySelectorAll(selector)].some(
        e => !label || (e.getAttribute('aria-label') || e.innerText || '').includes(label));
    const done = () => { const t = performance.timeOrigin + performance.now();
        requestAnimationFrame(() => { window.__seen = [t, performance.timeOrigin + performance.now()]; }); };
    if (found()) { done(); return; }
    const obs = new MutationObserver(() => { if (found()) { obs.disconnect(); done(); } });
    obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true}); }"""
#: in the host's page: when the next pointer goes down, on the page's clock
ARM = """() => { window.__down = null; window.addEventListener('pointerdown',
    () => { window.__down = performance.timeOrigin + performance.now(); }, {capture: true, once: true}); }"""


def hands(count: int) -> list[dict]:
    """Plain IHOP hands that keep the game going (a set now and then, so nobody reaches 500)."""
    pattern = [({BD: 4, AC: 5}, {AC: 7, BD: 6}), ({AC: 4, BD: 5}, {AC: 3, BD: 10}),
               ({BD: 5, AC: 4}, {AC: 6, BD: 7}), ({AC: 6, BD: 4}, {AC: 4, BD: 9})]
    out, game = [], new_game("ihop", PLAYERS)
    for n in range(count):
        assert not score_game(game).finished, f"the benchmark's game ended before hand {n + 1}"
        bids, tricks = pattern[n % len(pattern)]
        hand = {"bids": dict(bids), "tricks": dict(tricks)}
        game = game.with_hand(hand)
        out.append(hand)
    return out


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def seen(viewers: list[Driver], timeout: float = 30.0) -> list[list[float] | None]:
    """Each viewer's [seen, frame] once its watch fired (None: not within `timeout`)."""
    out = []
    deadline = time.monotonic() + timeout
    for v in viewers:
        left = max(0.1, deadline - time.monotonic())
        try:
            v.page.wait_for_function("() => window.__seen !== null", timeout=left * 1000)
            out.append(v.page.evaluate("() => window.__seen"))
        except Exception:
            out.append(None)
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--viewers", type=int, default=20)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--log", action="store_true", help="print the end of the server's log")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"no Chromium at {CHROMIUM}: run python tools/install_browser.py")
        return 1
    from playwright.sync_api import sync_playwright

    plan = hands(args.hands)
    tmp = Path(tempfile.mkdtemp(prefix="bench-table-"))
    data = tmp / "data"
    game_id = Repository(data).create_game("ihop", PLAYERS)
    server = Server(data, tmp / "server.log", renderer=None, host="0.0.0.0")
    saves: list[float] = []
    bids: list[float] = []
    missed = 0
    wrong: list[str] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

            def device(options: dict, name: str, host: bool) -> Driver:
                context = browser.new_context(**options)
                context.route("**/*", only_local)
                return Driver(context, server, name, options is PHONE, host=host)

            host = device(DESKTOP, "host", True)
            host.open(f"game/{game_id}")
            host.wait_id("save-hand")
            host.tap("game-menu")
            host.tap_menu("Share this table")
            code = re.search(r"Table code ((?:\w ){5}\w)", host.text_of("share-code")).group(1).replace(" ", "")
            host.tap("share-back")
            host.wait_id("save-hand")
            rss_host = rss_mb(server.proc.pid)

            started = time.perf_counter()
            viewers = []
            for i in range(args.viewers):
                v = device(PHONE, f"viewer-{i + 1}", False)
                v.open(f"join/{code}")
                v.wait_id("live-hand", timeout=60_000)
                viewers.append(v)
            joined = time.perf_counter() - started
            rss_viewers = rss_mb(server.proc.pid)

            def timed(tap: str, selector: str, label: str, into: list[float]) -> int:
                """Tap `tap` on the host; each viewer's delay until `selector` shows `label`;
                how many viewers did not show it."""
                for v in viewers:
                    v.page.evaluate(WATCH, [selector, label])
                host.page.evaluate(ARM)
                host.tap(tap)
                down = host.page.evaluate("() => window.__down")
                got = seen(viewers)
                into.extend(g[1] - down for g in got if g is not None)
                return sum(g is None for g in got)

            for n, hand in enumerate(plan, start=1):
                for side, bid in hand["bids"].items():
                    missed += timed(f"bid-{side}-{bid}", f'[flt-semantics-identifier="live-bid-{side}"]',
                                    f"{side}: {bid}", bids)
                host.tap(f"tricks-{hand['tricks'][AC]}")
                missed += timed("save-hand", f'[flt-semantics-identifier="sheet-row-{n}"]', "", saves)

            game = new_game("ihop", PLAYERS)
            for hand in plan:
                game = game.with_hand(hand)
            sheet = score_game(game)
            for v in viewers:
                for side in (AC, BD):
                    shown = v.text_of(f"score-{side}").split()
                    if not shown or shown[0] != str(sheet.scores[side]):
                        wrong.append(f"{v.name} shows {side} {shown[:1]}, the engine says {sheet.scores[side]}")
            browser.close()
    finally:
        server.stop()
        if args.log:
            print((tmp / "server.log").read_text()[-3000:])

    def figures(values: list[float]) -> str:
        ordered = sorted(values)
        p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
        return (f"median {statistics.median(ordered):.0f} ms, 90th percentile {p90:.0f} ms, "
                f"worst {ordered[-1]:.0f} ms over {len(ordered)}")

    print(f"Shared table benchmark: {args.viewers} viewer phones (390x844) + the host (desktop), "
          f"{args.hands} IHOP hands, one headless Chromium, this machine")
    print(f"  viewers joined:   {joined:.1f} s for all {args.viewers} (each: page load, join link, table shown)")
    print(f"  server memory:    {rss_host:.0f} MB RSS with the host alone, {rss_viewers:.0f} MB with "
          f"{args.viewers} viewers ({(rss_viewers - rss_host) / max(1, args.viewers):.1f} MB a viewer)")
    print(f"  save -> sheet:    {figures(saves)} (host's tap on Save -> the new row on a viewer's page, "
          f"and its frame)")
    print(f"  bid -> card:      {figures(bids)} (host's tap on a bid -> the bid on a viewer's card)")
    if missed:
        print(f"  NOT SEEN:         {missed} (viewer, update) pairs within 30 s")
    print("  totals:           " + ("every viewer shows the engine's totals "
                                     f"({AC} {sheet.scores[AC]}, {BD} {sheet.scores[BD]})" if not wrong
                                     else "WRONG: " + "; ".join(wrong)))
    return 1 if wrong or missed else 0


if __name__ == "__main__":
    sys.exit(main())
