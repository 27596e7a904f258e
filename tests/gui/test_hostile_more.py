"""The second round of attacks (issue 25): the app served as `scorekeeper --web` serves it, attacked
from the table's network (other 127.x.y.z addresses of this machine stand for other devices) with
what no browser sends: pictures asked for in a loop, requests never finished, guests that come
and go by the thousand, codes guessed from many addresses, FastAPI's own pages.  No Chromium here.

A load is bounded (a few seconds, a few hundred connections) and the host's round trip is measured
beside the same round trip on the quiet server, in the same test.
"""
from __future__ import annotations

import http.client
import re
import resource
import socket
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from flet_client import FletClient
from harness import Server
from test_hostile import seed


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile-more")
    games = seed(base / "data")
    srv = Server(base / "data", base / "server.log", host="127.0.0.1")
    srv.games = games
    yield srv
    srv.stop()


def get(url: str, path: str, source: str | None = None, timeout: float = 10) -> tuple[int, dict, bytes]:
    """One GET (from the local address ``source``): its status, headers and body."""
    parts = urllib.request.urlparse(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout,
                                      source_address=(source, 0) if source else None)
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


# -- 9: FastAPI's own pages ------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"])
def test_fastapis_pages_are_off(served, path):
    status, headers, body = get(served.url, path)
    text = body.decode("utf-8", "replace").lower()
    for word in ("swagger", "redoc", "openapi", "fastapi"):
        assert word not in text, f"{path} answers with FastAPI's {word!r} page ({status}): {text[:200]!r}"
    assert not re.search(r"""(src|href)\s*=\s*["']?https?://""", text), f"{path} loads from another site"
    assert "application/json" not in headers.get("content-type", "")


# -- 4: guests that come and go ---------------------------------------------------------------------
def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid``, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for process {pid}")


def guests(url: str, count: int, network: int, workers: int = 4) -> int:
    """``count`` guests, each from an address of its own kind (127.NETWORK.x.y, 50 guests an
    address: within what one address may open), open the app, see the join page and go; how
    many were shown it."""
    shown = [0] * workers

    def come_and_go(worker: int) -> None:
        for n in range(worker, count, workers):
            guest = FletClient(url, source=f"127.{network}.{n // 50}.{n % 50 + 1}")
            try:
                guest.register("/")
                shown[worker] += guest.pump(20, until="join-code")
            finally:
                guest.close()

    threads = [threading.Thread(target=come_and_go, args=(w,), daemon=True) for w in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)
    return sum(shown)


@pytest.mark.slow
def test_guests_that_come_and_go_leave_the_servers_memory_as_it_was(tmp_path):
    """1,000 guests come and go, then 1,000 more: the second thousand leaves the server's memory
    within a few MB of what the first left (each guest's session, its app and every record kept
    for it are dropped when it goes).  The first 200 warm the server up (Flet's caches)."""
    seed(tmp_path / "data")
    srv = Server(tmp_path / "data", tmp_path / "server.log", host="127.0.0.1")
    try:
        assert guests(srv.url, 200, 10) == 200
        after = []
        for network in (11, 12):
            assert guests(srv.url, 1000, network) == 1000
            after.append(rss_mb(srv.proc.pid))
        grown = after[1] - after[0]
        print(f"server memory after 1,000 guests: {after[0]:.0f} MB; after 1,000 more: {after[1]:.0f} MB")
        assert grown < 10, (f"1,000 guests came and went and the server kept {grown:.0f} MB more "
                            f"({after[0]:.0f} -> {after[1]:.0f} MB)")
        host = FletClient(srv.url)  # and the host is served as ever
        host.register(f"/host/{srv.token}")
        assert host.pump(20, until="new-game")
        host.close()
    finally:
        srv.stop()


# -- 8: codes guessed from many addresses -------------------------------------------------------------
def shared_code(host: FletClient, game_id: str) -> str:
    """Share ``game_id`` from the host's client; its code."""
    n = len(host.raw)
    host.go(f"/game/{game_id}/share")
    assert host.pump(10, until="share-")
    host.settle()
    if any(b"share-again" in data for data in host.raw[n:]):  # not shared yet
        host.click("share-again")
        assert host.pump(10, until="share-code")
    host.settle()
    return next(t for t in reversed(host.texts) if len(t) == 6 and t.isalnum() and t.isupper())


def answer_to(guesser: FletClient, wrong: str, before: str) -> str:
    """What the join page says to the guess ``wrong``: its answer, or the refusal it said before
    (said again, the same text sends nothing new)."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        guesser.settle(quiet=0.3)
        said = " ".join(guesser.texts)
        if wrong in said or "Too many wrong codes" in said:
            return said
        if "Too many wrong codes" in before and not guesser.texts:
            return before
    raise AssertionError(f"no answer to the guess {wrong}: {guesser.texts[-3:]}")


def test_guessing_a_code_from_many_addresses_is_limited_and_the_scorekeeper_told(tmp_path):
    games = seed(tmp_path / "data")
    srv = Server(tmp_path / "data", tmp_path / "server.log", host="127.0.0.1")
    made: list[FletClient] = []
    try:
        host = FletClient(srv.url)
        made.append(host)
        host.register(f"/host/{srv.token}")
        assert host.pump(20, until="new-game")
        host.settle()
        code = shared_code(host, games[0])
        landed, refused = 0, 0
        for device in range(8):  # 8 devices on the network, 5 guesses each: within each one's limit
            guesser = FletClient(srv.url, source=f"127.0.9.{device + 2}")
            made.append(guesser)
            guesser.register("/")
            assert guesser.pump(20, until="join-code")
            guesser.settle()
            answer = ""
            for n in range(5):
                wrong = "QQQQ" + "ABCDEFGHJKMNPRSTUVWXYZ2345"[device] + "ABCDE"[n]
                guesser.texts.clear()
                guesser.type_into("join-code", wrong)
                answer = answer_to(guesser, wrong, answer)
                landed += f"No table has the code {wrong}" in answer
                refused += "Too many wrong codes" in answer
        assert landed <= 20, f"{landed} wrong codes from 8 devices were tried within a minute"
        assert refused, "the table's limit refused the later guesses"
        assert host.pump(10, until="Someone may be guessing"), "the scorekeeper is told"
        late = FletClient(srv.url, source="127.0.9.99")  # even the right code waits now
        made.append(late)
        late.register(f"/join/{code}")
        assert late.pump(20, until="join-code")
        late.settle()
        assert "ask-pen" not in late.identifiers, "the join link opened the table while codes wait"
        late.texts.clear()
        late.type_into("join-code", code)
        assert "Too many wrong codes" in answer_to(late, code, "")
        assert "ask-pen" not in late.identifiers
    finally:
        for c in made:
            c.close()
        srv.stop()


# -- 1 and 2: floods of HTTP, with the host's round trip measured -------------------------------------
def host_round_trips(host: FletClient, count: int) -> list[float]:
    """``count`` round trips of the host (a screen asked for, and shown): seconds each."""
    times = []
    for n in range(count):
        route, shown = ("/new", "start-game") if n % 2 == 0 else ("/", "new-game")
        start = time.monotonic()
        host.go(route)
        assert host.pump(60, until=shown), f"the host's {route} was not shown within 60 s"
        times.append(time.monotonic() - start)
        host.settle(quiet=0.2)
    return times


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def fine_beside(flooded: list[float], quiet: list[float]) -> tuple[bool, str]:
    """Whether the host's round trips under a flood are within what a loaded 2-core machine gives
    anyway: three times the quiet median, or 300 ms more; and the figures, in words."""
    bound = max(3 * median(quiet), median(quiet) + 0.3)
    words = (f"host round trip median {median(quiet) * 1000:.0f} ms quiet, {median(flooded) * 1000:.0f} ms "
             f"flooded (slowest {max(flooded) * 1000:.0f} ms; bound {bound * 1000:.0f} ms)")
    return median(flooded) <= bound, words


class Flood:
    """Threads running ``attack(number, stop)`` until stopped (a bounded load: `stop()` ends it)."""

    def __init__(self, attack, threads: int):
        self.halt = threading.Event()
        self.threads = [threading.Thread(target=attack, args=(n, self.halt), daemon=True) for n in range(threads)]

    def __enter__(self) -> "Flood":
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc) -> None:
        self.halt.set()
        for t in self.threads:
            t.join(30)


@pytest.fixture
def host_of_own(tmp_path):
    """A server of its own (its loads must not slow the other tests), its host and a shared code."""
    games = seed(tmp_path / "data")
    srv = Server(tmp_path / "data", tmp_path / "server.log", host="127.0.0.1")
    host = FletClient(srv.url)
    try:
        host.register(f"/host/{srv.token}")
        assert host.pump(30, until="new-game")
        host.settle()
        code = shared_code(host, games[0])
        host.go("/")
        assert host.pump(30, until="new-game")
        host.settle()
        yield srv, host, code
    finally:
        host.close()
        srv.stop()


def test_pictures_asked_for_in_a_loop_do_not_stall_the_host(host_of_own):
    """16 clients (each its own address) ask for QR pictures as fast as they can, of the shared
    table's code and of codes no table has, while the host's round trips are measured."""
    srv, host, code = host_of_own
    quiet = host_round_trips(host, 10)
    answers: dict[int, int] = {}
    lock = threading.Lock()

    def ask(n: int, stop: threading.Event) -> None:
        parts = urllib.request.urlparse(srv.url)
        conn = None
        k = 0
        while not stop.is_set():
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30,
                                                      source_address=(f"127.0.7.{n + 2}", 0))
                k += 1
                asked = code if k % 2 else "".join("ABCDEFGHJK"[(n * 7 + k * 3 + i) % 10] for i in range(6))
                conn.request("GET", f"/qr/join/{asked}.png")
                status = conn.getresponse()
                status.read()
                with lock:
                    answers[status.status] = answers.get(status.status, 0) + 1
            except (OSError, http.client.HTTPException):
                if conn is not None:
                    conn.close()
                conn = None

    with Flood(ask, 16):
        flooded = host_round_trips(host, 10)
    ok, words = fine_beside(flooded, quiet)
    print(f"pictures: {words}; answers {answers}")
    assert ok, f"the picture route stalls the host: {words}; the 16 clients got {answers}"
    assert sum(answers.values()) > 0, "the flood asked for pictures"


def half_sent(address: str, port: int) -> socket.socket | None:
    """A connection from ``address`` that sends the start of a request and never ends it."""
    sock = socket.socket()
    sock.settimeout(5)
    try:
        sock.bind((address, 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    except OSError:
        sock.close()
        return None
    return sock


def closed_by_server(sock: socket.socket, wait: float) -> bool:
    """Whether the server closes ``sock`` within ``wait`` seconds (waiting for the close itself)."""
    sock.settimeout(wait)
    try:
        return sock.recv(1024) == b"" or True  # (an answer, then the close, counts as closing it)
    except (TimeoutError, socket.timeout):
        return False
    except OSError:
        return True


def test_half_sent_requests_use_up_nothing_the_host_needs(host_of_own):
    """1,200 half-sent requests from 3 addresses against a server allowed 1,024 open files (Debian's
    default): the host still connects and is served, and a half-sent request is closed."""
    srv, host, code = host_of_own
    resource.prlimit(srv.proc.pid, resource.RLIMIT_NOFILE, (1024, 1024))
    quiet = host_round_trips(host, 6)
    held: list[socket.socket] = []
    try:
        for n in range(1200):
            sock = half_sent(f"127.0.8.{n % 3 + 2}", srv.port)
            if sock is not None:
                held.append(sock)
        newcomer_start = time.monotonic()
        try:
            newcomer = FletClient(srv.url)  # the host's browser opens a new tab
            newcomer.register(f"/host/{srv.token}")
            came = newcomer.pump(30, until="new-game")
            newcomer.close()
        except Exception as err:  # refused, timed out, closed before its first answer
            came = False
            print("the new tab could not connect:", repr(err))
        took = time.monotonic() - newcomer_start
        flooded = host_round_trips(host, 6)
        ok, words = fine_beside(flooded, quiet)
        print(f"half-sent: {len(held)} of 1,200 connected; a new host tab in {took:.1f} s; {words}")
        assert came, f"with {len(held)} half-sent requests open, the host's new tab was not served in 30 s"
        assert ok, words
        assert closed_by_server(held[0], 60), "a half-sent request is closed within a minute"
    finally:
        for sock in held:
            sock.close()
