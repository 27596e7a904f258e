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
