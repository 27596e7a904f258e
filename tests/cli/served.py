"""The app started as a user starts it (`scorekeeper` with no display), and what a browser would
ask of it, without a browser: the page and the files it names (its font manifest, the fonts) over HTTP.

Shared by test_serve.py (the checkout) and test_wheel.py (an installed wheel).
"""
from __future__ import annotations

import json
import os
import posixpath
import re
import signal
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

ADDRESS = re.compile(r"^Spades Scorekeeper is served at (http://127\.0\.0\.1:(\d+)/)$")


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


def fonts_the_page_asks_for(url: str) -> dict[str, str]:
    """The fonts a browser loads before the first frame: every asset named in the FontManifest.json
    that the page's Flutter engine reads (family -> the URL of each face, relative to the page)."""
    status, body = get(url + "assets/FontManifest.json")
    assert status == 200, "the page's font manifest is served"
    fonts = {}
    for family in json.loads(body):
        for face in family["fonts"]:
            path = posixpath.normpath(posixpath.join("assets", face["asset"]))
            fonts[f"{family['family']} {face.get('weight', 400)}"] = "/" + path
    return fonts
