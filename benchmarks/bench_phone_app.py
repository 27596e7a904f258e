"""How fast the phone's own app starts, against a minimal Flet app built by stock `flet publish`.

    python benchmarks/bench_phone_app.py [--rounds 3] [--cold-loads 0]

Two static sites, each served on 127.0.0.1 by a counting copy of `python3 -m http.server`:
- **this app**: `scorekeeper phone-app` (scorekeeper/phone_site);
- **minimal**: a one-text Flet app (benchmarks/phone_minimal/main.py) built by `flet publish
  --no-cdn` with only what it needs to build and start on this machine (/work/shared/phone-app.md,
  "Four things ..."): 1. a local Python build manifest (`FLET_PYTHON_BUILD_MANIFEST`), 2. a filled
  Flet cache of flet-web's own Pyodide runtime with the version in its lock (`FLET_CACHE_DIR`),
  3. the page's Pyodide address made relative (`./pyodide/pyodide.mjs`), 4. a real cache-first
  `flutter_service_worker.js` (Flet's removes itself); and, since nothing may come from PyPI here,
  flet and its imports in the app's `__pypackages__` (flet, repath, six, and msgpack's Pyodide
  wheel, as scorekeeper/phone_site/vendor has it).

Each round, alternating the two sites (A B, then B A): a **cold** first load in a Chromium with a
fresh persistent profile on a 390x844 touch phone, then (once its service worker is active) a
**warm** start in a new tab of the same profile.  For each load it prints: the time from the start
of navigation to the first screen's text in the page (this app: the games list's "New game"; the
minimal app: its text), the bytes the server sent (and the same files gzipped, as static hosts
send them), and, for this app, the app's own first screen (Python's `App.start`, from the page's
start timeline) and how many tries the start's watchdog took.  Then the medians, the ratios this
app / minimal (goals, issue 23: warm <= 0.8, cold <= 1.0, a first load under 15 MB gzipped, the
app's own first screen under 0.5 s), each site's size (and gzipped), and the load average.
`--cold-loads N`: N more cold loads of this app alone, counting starts that hung (goal: 0 in 20).

Not a test: it measures and prints.  Needs /usr/bin/chromium (tools/install_browser.py).
"""
from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "gui"))

from harness import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

from scorekeeper.phone_site import build_site  # noqa: E402
from scorekeeper.phone_site.build import MSGPACK, VENDOR, flet_web_dir, pyodide_version  # noqa: E402

MINIMAL_APP = Path(__file__).resolve().parent / "phone_minimal" / "main.py"
BUDGET = 420  # seconds a load may take before it counts as hung
VERBOSE = False

#: in every page: switch on Flutter's semantics tree as soon as it can be, and note (performance.now(),
#: from the start of navigation) when the first screen's text is there
WATCH = """(() => {
    const want = %s;
    const look = () => {
        const placeholder = document.querySelector('flt-semantics-placeholder');
        if (placeholder && !window.__semanticsOn) {
            window.__semanticsOn = true;
            const r = placeholder.getBoundingClientRect();
            const o = {bubbles: true, cancelable: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2};
            placeholder.dispatchEvent(new PointerEvent('pointerdown', o));
            placeholder.dispatchEvent(new PointerEvent('pointerup', o));
            placeholder.dispatchEvent(new MouseEvent('click', o));
        }
        if (document.querySelector(want)) { window.__shown = performance.now(); return; }
        setTimeout(look, 20);
    };
    look();
})();"""
SHOWN = {"app": '[flt-semantics-identifier="new-game"]', "minimal": '[flt-semantics-identifier="text"]'}

#: workaround 4 for the minimal app: a cache-first service worker in place of Flet's, which removes
#: itself; it keeps what it serves (Flutter's loader waits for it, so it serves nearly every file)
MINIMAL_SW = """'use strict';
const CACHE = 'minimal-v1';
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET' || new URL(e.request.url).origin !== location.origin) return;
  e.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = e.request.mode === 'navigate' ? new URL('./', self.registration.scope).href : e.request.url.split('?')[0];
    const kept = await cache.match(key);
    if (kept) return kept;
    const got = await fetch(e.request);
    if (got.ok) await cache.put(key, got.clone());
    return got;
  })());
});
"""


# -- the two sites ------------------------------------------------------------------------------
def build_minimal(out: Path, work: Path) -> None:
    """`flet publish --no-cdn` of the minimal app, with the four workarounds (see the docstring)."""
    web = flet_web_dir()
    version = pyodide_version(web)
    manifest = work / "python-build-manifest.json"  # 1
    manifest.write_text(json.dumps({"default_python_version": "3.14", "pythons": {"3.14": {
        "full_version": "3.14.2", "pyodide_version": version, "android_abis": []}}}))
    cache = work / "flet-cache" / "pyodide" / version  # 2
    shutil.copytree(web / "pyodide", cache)
    lock = json.loads((cache / "pyodide-lock.json").read_text())
    lock["info"]["version"] = version
    (cache / "pyodide-lock.json").write_text(json.dumps(lock))
    app = work / "minimal"
    shutil.copytree(MINIMAL_APP.parent, app, ignore=shutil.ignore_patterns("__pycache__"))
    packages = app / "__pypackages__"  # nothing from PyPI here: flet and its imports in the app
    from importlib.metadata import distribution
    for name in ("flet", "repath", "six"):
        dist = distribution(name)
        for entry in dist.files or ():
            path = str(entry)
            if path.endswith(".pyc") or "__pycache__" in path or path.startswith(("..", "/")):
                continue
            target = packages / path
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(dist.locate_file(entry), target)
    with zipfile.ZipFile(VENDOR / MSGPACK) as wheel:
        wheel.extractall(packages)
    env = {**os.environ, "FLET_PYTHON_BUILD_MANIFEST": str(manifest), "FLET_CACHE_DIR": str(work / "flet-cache")}
    done = subprocess.run(["flet", "publish", str(app / "main.py"), "--no-cdn", "--distpath", str(out)],
                          env=env, capture_output=True, text=True, timeout=600)
    if done.returncode:
        raise SystemExit(f"flet publish failed:\n{done.stdout}\n{done.stderr}")
    page = (out / "index.html").read_text()  # 3
    page, found = re.subn(r'flet\.pyodideUrl="pyodide/pyodide\.mjs"', 'flet.pyodideUrl="./pyodide/pyodide.mjs"', page)
    if not found:
        raise SystemExit("flet publish's index.html no longer names pyodide/pyodide.mjs: update this benchmark")
    (out / "index.html").write_text(page)
    (out / "flutter_service_worker.js").write_text(MINIMAL_SW)  # 4


def site_size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)


class Counting(http.server.SimpleHTTPRequestHandler):
    """python3 -m http.server's handler, counting what it sends (body bytes and the same gzipped)."""

    def log_message(self, *args) -> None:
        pass

    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        outputfile.write(data)
        zipped = self.server.gzip_size(self.path.split("?")[0], data)  # (slow: before the lock)
        with self.server.lock:
            self.server.sent += len(data)
            self.server.gzipped += zipped
            self.server.paths.append(self.path)


def serve(folder: Path) -> http.server.ThreadingHTTPServer:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(folder)))
    server.sent = server.gzipped = 0
    server.paths = []
    server.lock = threading.Lock()
    sizes: dict[str, int] = {}

    def gzip_size(path: str, data: bytes) -> int:
        if path not in sizes:
            sizes[path] = len(gzip.compress(data, 6))
        return sizes[path]

    server.gzip_size = gzip_size
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# -- one load -----------------------------------------------------------------------------------
def load(context, server, kind: str) -> dict:
    """Open the site in a new tab of `context`; the time to its first screen's text and the bytes."""
    server.sent = server.gzipped = 0
    server.paths.clear()
    page = context.new_page()
    page.add_init_script(WATCH % json.dumps(SHOWN[kind]))
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    page.goto(url)
    deadline = time.monotonic() + BUDGET
    shown = None
    while time.monotonic() < deadline:
        shown = page.evaluate("() => window.__shown || null")
        if shown:
            break
        start = page.evaluate("() => window.scorekeeperStart || null")
        if start and start.get("failed"):
            break
        time.sleep(0.1)
    start = page.evaluate("() => window.scorekeeperStart || null")
    time.sleep(1.0)  # the first screen's note arrives just after it (this app)
    start = page.evaluate("() => window.scorekeeperStart || null") or start
    own = None
    for _, what in (start or {}).get("timeline", []):
        m = re.fullmatch(r"first screen (\d+) ms", what)
        if m:
            own = int(m.group(1)) / 1000
    if VERBOSE and start:
        print(f"    ({kind}: shown at {shown / 1000 if shown else None} s; start: {start['timeline']})")
    result = {"seconds": shown / 1000 if shown else None, "sent": server.sent, "gzipped": server.gzipped,
              "requests": len(server.paths), "own": own, "tries": (start or {}).get("tries"), "page": page,
              "hung": not shown}
    return result


def sw_active(page, timeout: float = 300) -> bool:
    try:
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller &&"
                               " navigator.serviceWorker.controller.state === 'activated'",
                               timeout=timeout * 1000, polling=250)
        return True
    except Exception:
        return False


def one_round(pw, kind: str, server, work: Path) -> dict:
    """A cold first load in a fresh profile, then a warm start in a new tab of it."""
    profile = Path(tempfile.mkdtemp(prefix=f"bench-{kind}-", dir=work))
    context = pw.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE)
    try:
        cold = load(context, server, kind)
        ready = sw_active(cold["page"])
        time.sleep(3)  # (the service worker finishes filling its cache; the app keeps its bytecode)
        cold["page"].close()
        warm = load(context, server, kind)
        warm["page"].close()
        warm["sw"] = ready
        return {"cold": cold, "warm": warm}
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


def show(kind: str, r: dict) -> str:
    def one(x):
        secs = "hung" if x["hung"] else f"{x['seconds']:.1f} s"
        own = f", own first screen {x['own']:.2f} s" if x.get("own") is not None else ""
        tries = f", tries {x['tries']}" if x.get("tries") else ""
        return f"{secs}, {mb(x['sent'])} sent ({mb(x['gzipped'])} gzipped, {x['requests']} files){own}{tries}"
    return f"  {kind:8} cold: {one(r['cold'])}\n  {kind:8} warm: {one(r['warm'])}"


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cold-loads", type=int, default=0, help="more cold loads of this app, counting hangs")
    parser.add_argument("--verbose", action="store_true", help="print each start's timeline (this app)")
    args = parser.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="bench-phone-"))
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    app_site, minimal_site = work / "app", work / "minimal-site"
    build_site(app_site)
    build_minimal(minimal_site, work)
    servers = {"app": serve(app_site), "minimal": serve(minimal_site)}
    results: dict[str, list] = {"app": [], "minimal": []}
    with sync_playwright() as pw:
        for n in range(args.rounds):
            order = ("app", "minimal") if n % 2 == 0 else ("minimal", "app")
            print(f"round {n + 1} ({' then '.join(order)}), load average {os.getloadavg()[0]:.2f}:")
            for kind in order:
                r = one_round(pw, kind, servers[kind], work)
                results[kind].append(r)
                print(show(kind, r), flush=True)
        hung = tried_again = 0
        for n in range(args.cold_loads):
            profile = Path(tempfile.mkdtemp(prefix="bench-cold-", dir=work))
            context = pw.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM,
                                                            args=CHROMIUM_ARGS, **PHONE)
            cold = load(context, servers["app"], "app")
            context.close()
            shutil.rmtree(profile, ignore_errors=True)
            hung += cold["hung"]
            tried_again += (cold["tries"] or 1) > 1
            print(f"  cold load {n + 1}: " + ("hung" if cold["hung"] else f"{cold['seconds']:.1f} s, tries {cold['tries']}"),
                  flush=True)
    print()
    print(f"medians over {args.rounds} rounds (load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}):")
    for phase in ("cold", "warm") if args.rounds else ():  # no rounds: no medians, nothing hung
        a = median([r[phase]["seconds"] for r in results["app"]])
        m = median([r[phase]["seconds"] for r in results["minimal"]])
        a_gz = median([r[phase]["gzipped"] for r in results["app"]])
        m_gz = median([r[phase]["gzipped"] for r in results["minimal"]])
        a_b = median([r[phase]["sent"] for r in results["app"]])
        m_b = median([r[phase]["sent"] for r in results["minimal"]])
        ratio = f"{a / m:.2f}" if a and m else "-"
        print(f"  {phase}: this app {a:.1f} s, minimal {m:.1f} s, ratio {ratio}; sent {mb(a_b)} ({mb(a_gz)} gzipped)"
              f" vs {mb(m_b)} ({mb(m_gz)} gzipped)" if a and m else f"  {phase}: a load hung")
    own = median([r["cold"]["own"] for r in results["app"]] + [r["warm"]["own"] for r in results["app"]])
    if own is not None:
        print(f"  this app's own first screen (App.start in the browser): median {own:.2f} s")
    for kind, folder in (("this app", app_site), ("minimal", minimal_site)):
        size, zipped = site_size(folder)
        print(f"  site size, {kind}: {mb(size)} ({mb(zipped)} gzipped)")
    if args.cold_loads:
        print(f"  {args.cold_loads} more cold loads of this app: {hung} hung, {tried_again} started on a second try")
    for server in servers.values():
        server.shutdown()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
