"""The host's "Save hand" -> sheet while the picture route and half-sent requests are flooded.

    python benchmarks/bench_attacks.py [--hands 10]

The app is served as in the tests; the host keeps score in headless Chromium (desktop) and saves
`--hands` hands in each of three phases, one run, one server:
- quiet: nobody else connected;
- pictures: 16 clients, each from an address of its own (127.0.7.x), ask for QR pictures as fast
  as they can, of the shared table's code and of codes no table has (issue 25, point 1);
- half-sent: 3 addresses (127.0.8.x) keep up to 400 connections each open with half a request,
  opening a new one whenever the server closes one (point 2).
Prints each phase's median save -> sheet, its ratio to the quiet one, and what the attackers got.
Not a test: it measures and prints.  Needs /usr/bin/chromium.
"""
from __future__ import annotations

import argparse
import http.client
import socket
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "gui"))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from bench_flood import save_times  # noqa: E402
from bench_gui import chromium_here, served_game  # noqa: E402
from flet_client import FletClient  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS, DESKTOP, Driver, only_local  # noqa: E402


def share(server, game_id: str) -> str:
    """Share the game from a host's client (as the share screen does); its code."""
    host = FletClient(server.url)
    try:
        host.register(f"/host/{server.token}")
        assert host.pump(30, until="new-game")
        host.settle()
        host.go(f"/game/{game_id}/share")
        assert host.pump(30, until="share-")
        host.settle()
        if "share-again" in host.identifiers:
            host.click("share-again")
            assert host.pump(30, until="share-code")
            host.settle()
        return next(t for t in reversed(host.texts) if len(t) == 6 and t.isalnum() and t.isupper())
    finally:
        host.close()


class Attack(threading.Thread):
    """One attacker thread; `stop` ends it; `counts` what it got."""

    def __init__(self):
        super().__init__(daemon=True)
        self.stop = threading.Event()
        self.counts: dict[str, int] = {}

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1


class Pictures(Attack):
    def __init__(self, port: int, code: str, n: int):
        super().__init__()
        self.port, self.code, self.n = port, code, n

    def run(self) -> None:
        conn, k = None, 0
        while not self.stop.is_set():
            try:
                if conn is None:
                    conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                                      source_address=(f"127.0.7.{self.n + 2}", 0))
                k += 1
                asked = self.code if k % 2 else "".join("ABCDEFGHJK"[(self.n * 7 + k * 3 + i) % 10] for i in range(6))
                conn.request("GET", f"/qr/join/{asked}.png")
                answer = conn.getresponse()
                answer.read()
                self.count(str(answer.status))
            except (OSError, http.client.HTTPException):
                self.count("broken")
                if conn is not None:
                    conn.close()
                conn = None


class HalfSent(Attack):
    def __init__(self, port: int, address: str, most: int = 400):
        super().__init__()
        self.port, self.address, self.most = port, address, most
        self.open: list[socket.socket] = []

    def run(self) -> None:
        while not self.stop.is_set():
            self.open = [s for s in self.open if not _closed(s)]
            while len(self.open) < self.most and not self.stop.is_set():
                sock = socket.socket()
                sock.settimeout(5)
                try:
                    sock.bind((self.address, 0))
                    sock.connect(("127.0.0.1", self.port))
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                    self.open.append(sock)
                    self.count("opened")
                except OSError:
                    sock.close()
                    self.count("refused")
                    break
            time.sleep(0.2)  # then look again which the server closed
        for sock in self.open:
            sock.close()


def _closed(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        sock.setblocking(True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    if not chromium_here():
        return 1
    from playwright.sync_api import sync_playwright

    _, game_id, server = served_game("bench-attacks-")
    phases: dict[str, tuple[list[float], list[Attack]]] = {}
    try:
        code = share(server, game_id)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(**DESKTOP)
            context.route("**/*", only_local)
            from bench_gui import WIRETAP
            context.add_init_script(WIRETAP)
            d = Driver(context, server, "bench", False)
            d.open(f"game/{game_id}")
            d.wait_id("save-hand")
            hand = 1
            attacks = {"quiet": lambda: [],
                       "pictures": lambda: [Pictures(server.port, code, n) for n in range(16)],
                       "half-sent": lambda: [HalfSent(server.port, f"127.0.8.{n + 2}") for n in range(3)]}
            for name, make in attacks.items():
                attackers = make()
                for a in attackers:
                    a.start()
                if attackers:
                    time.sleep(2.0)  # the flood under way before the first save
                phases[name] = (save_times(d, hand, args.hands), attackers)
                hand += args.hands
                for a in attackers:
                    a.stop.set()
                for a in attackers:
                    a.join(30)
            browser.close()
    finally:
        server.stop()
    quiet = statistics.median(phases["quiet"][0])
    print(f"Host's save -> sheet while the picture route and half-sent requests are flooded (desktop 1280x860, "
          f"headless Chromium, this machine; {args.hands} hands a phase)")
    for name, (times, attackers) in phases.items():
        med = statistics.median(times)
        line = (f"  {name:9s} median {med:.0f} ms (min {min(times):.0f}, max {max(times):.0f}; "
                f"{med / quiet:.2f} x quiet)")
        if attackers:
            got: dict[str, int] = {}
            for a in attackers:
                for k, v in a.counts.items():
                    got[k] = got.get(k, 0) + v
            line += f"; the attackers got {', '.join(f'{v:,} {k}' for k, v in sorted(got.items()))}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
