"""The app started as a user starts it for the table: the console command `scorekeeper --web` that
pip installs (pyproject's [project.scripts]), on any free port (`--port 0`) with a data folder of
its own (`--data`).  The test chooses nothing else: it reads the address and the host link from
what the command prints, opens the host link in Chromium (the games list), opens the plain address
as a guest (the join page), and stops the command with Ctrl+C.

Phones are told the address $SCOREKEEPER_LAN_ADDRESS names (README, "Sharing a table"): lan.test,
which the tests' Chromium resolves to 127.0.0.1, so no network is needed.  $PYTHONPATH names this
checkout, so the command runs it even where the installed package is another checkout's editable
install (`scorekeeper --version` must say it runs this one).
"""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import sysconfig
import time
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from conftest import _need_browser
from harness import LAN_NAME, ROOT, CommandServer
from scorekeeper.gui.models import links
from scorekeeper.storage import Repository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def installed_command() -> list[str]:
    """The console script pip installed beside this Python (what `scorekeeper` on the PATH of its
    environment runs), after checking it is the entry point pyproject declares."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["scorekeeper"]
    script = Path(sysconfig.get_path("scripts")) / "scorekeeper"
    found = [e.value for e in entry_points(group="console_scripts", name="scorekeeper")]
    if not script.is_file() or declared not in found:
        message = (f"no `scorekeeper` command for {declared} beside {sys.executable} (found {found}): "
                   f"install the checkout (pip install -e '.[test]')")
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message)
        pytest.skip(message)
    return [str(script)]


def user_env() -> dict[str, str]:
    """The environment of a user's shell: no display, none of the tests' settings of the app (its
    host token, data folder, renderer, CDN), this checkout first on the path, phones told LAN_NAME."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY") and not k.startswith(("SCOREKEEPER_", "FLET_"))}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    env["SCOREKEEPER_LAN_ADDRESS"] = LAN_NAME
    return env


@pytest.fixture
def server(tmp_path):
    """`scorekeeper --web --port 0 --data DIR` (this module's make_driver opens it), its data
    folder holding one game."""
    _need_browser()
    command, env = installed_command(), user_env()
    version = subprocess.run([*command, "--version"], env=env, capture_output=True, text=True, timeout=60)
    assert f"({ROOT / 'scorekeeper'}, Python" in version.stdout, "the command runs this checkout"
    data = tmp_path / "data"
    game_id = Repository(data).create_game("ihop", PLAYERS)
    srv = CommandServer([*command, "--web", "--port", "0", "--data", str(data)], data,
                        tmp_path / "server.log", env)
    srv.game_id = game_id
    yield srv
    srv.stop()


def test_scorekeeper_web_serves_the_host_link_it_prints_and_a_guest_the_join_page(make_driver, server):
    # what it printed: the address phones open (the LAN's), what to do, the host link and its QR code
    assert server.url == f"http://{LAN_NAME}:{server.port}/"
    lines = server.printed().splitlines()
    assert lines[1].startswith("Keep score from the host link below (scan its QR code with your phone")
    assert re.fullmatch(re.escape(server.url) + r"host/[A-Za-z0-9_-]{32}", server.host_link)
    qr = links.qr_text(server.host_link).rstrip("\n")
    for _ in range(50):  # printed with the link, read by another thread
        if qr in server.printed():
            break
        time.sleep(0.1)
    assert qr in server.printed(), "the host link's QR code, for the scorekeeper's phone"

    # the host link leads to the games list, with the game of its data folder
    host = make_driver(name="web-host")
    host.open()
    assert host.page.url.startswith(server.url)
    host.wait_id(f"game-{server.game_id}")
    assert "Ann & Cat" in host.text_of(f"game-{server.game_id}")

    # a guest at the plain address gets the join page, and nothing of the games
    guest = make_driver(phone=True, name="web-guest", host=False)
    guest.open()
    guest.wait_id("join-code")
    guest.page.wait_for_function("() => location.pathname === '/join'")
    for identifier in ("new-game", "import", "stats", f"game-{server.game_id}"):
        assert not guest.by_id(identifier).count(), identifier

    # Ctrl+C stops it cleanly: the shell's code for it, nothing on stderr, the port closed
    assert server.stop() == 130
    assert server.stderr() == ""
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", server.port)) != 0
    assert [g.id for g in Repository(server.data_dir).list_games()] == [server.game_id]
