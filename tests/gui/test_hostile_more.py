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
import urllib.request

import pytest

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
