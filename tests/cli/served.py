"""The app started as a user starts it (`scorekeeper` with no display), and what a browser would
ask of it, without a browser: the page over Flet's websocket and the files it names over HTTP.

Shared by test_serve.py (the checkout) and test_wheel.py (an installed wheel).
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import msgpack
from websockets.sync.client import connect

ADDRESS = re.compile(r"^Spades Scorekeeper is served at (http://127\.0\.0\.1:(\d+)/)$")
REGISTER_CLIENT = 1  # Flet's MessageAction: the first message a client sends, and its answer


def no_display_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return {**env, "PYTHONUNBUFFERED": "1", **extra}


class Started:
    """`command` run until `stop()`; `url` is the address it printed on its first line."""

    def __init__(self, command: list[str], cwd: Path, env: dict[str, str]):
        self.proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.first_line = self.proc.stdout.readline().rstrip("\n")
        match = ADDRESS.match(self.first_line)
        if match is None:
            self.stop()
            raise AssertionError(f"the app printed {self.first_line!r}, then: {self.stderr!r}")
        self.url = match.group(1)
        self.port = int(match.group(2))

    def stop(self) -> int:
        """Ctrl+C, as a user stops it; returns the exit code (stderr is kept in `self.stderr`)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            _, self.stderr = self.proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, self.stderr = self.proc.communicate()
        return self.proc.returncode


def get(url: str) -> tuple[int, bytes]:
    """One plain GET, no retries: the server must already answer."""
    try:
        with urllib.request.urlopen(url, timeout=15) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as err:
        return err.code, b""


def fonts_the_page_asks_for(port: int, timeout: float = 20) -> dict[str, str]:
    """Open a session as Flet's web client does and return the page's `fonts` (name -> URL) from
    the patches the server sends: what a browser would then fetch."""
    register = [REGISTER_CLIENT, {"session_id": "", "page_name": "",
                                  "page": {"route": "/", "web": True, "width": 1280.0, "height": 860.0}}]
    deadline = time.monotonic() + timeout
    with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=timeout) as ws:
        ws.send(b"\x00" + msgpack.packb(register))
        while time.monotonic() < deadline:
            frame = ws.recv(timeout=max(0.1, deadline - time.monotonic()))
            if frame[:1] != b"\x00":
                continue
            fonts = _find_fonts(msgpack.unpackb(frame[1:], strict_map_key=False))
            if fonts is not None:
                return fonts
    raise AssertionError(f"the page set no fonts within {timeout} s")


def _find_fonts(value) -> dict | None:
    """`fonts` in a Flet message: a page property (`{"fonts": {...}}`) or a patch op (`[..., "fonts", {...}]`)."""
    if isinstance(value, dict):
        if isinstance(value.get("fonts"), dict):
            return value["fonts"]
        children = list(value.values())
    elif isinstance(value, list):
        for key, new in zip(value, value[1:]):
            if key == "fonts" and isinstance(new, dict):
                return new
        children = value
    else:
        return None
    for child in children:
        found = _find_fonts(child)
        if found is not None:
            return found
    return None
