"""`scorekeeper` on a machine with no display: it serves the app and prints the address, and only
once the port is bound; a taken port is one line and exit 2; missing fonts are said in one line."""
from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path

from served import Started, fonts_the_page_asks_for, get, no_display_env

from scorekeeper.gui import serve, theme

ROOT = Path(__file__).resolve().parents[2]


def test_the_address_is_printed_once_the_port_answers_and_every_font_is_served(tmp_path):
    data = tmp_path / "data"
    server = Started([sys.executable, "-m", "scorekeeper", "--port", "0", "--data", str(data)],
                     cwd=ROOT, env=no_display_env())
    try:
        status, page = get(server.url)  # at once, no retry: the port was bound before the address was printed
        assert status == 200 and b"<html" in page.lower()
        fonts = fonts_the_page_asks_for(server.url)
        ours = {url for url in fonts.values() if "DejaVu" in url}
        assert ours == set(theme.FONTS.values()), "the page loads both faces of the font with the suits"
        for url in fonts.values():  # ours and Flutter's own icon fonts
            status, body = get(server.url + url.lstrip("/"))
            assert status == 200 and body, url
            if url in ours:
                assert body == (ROOT / "assets" / url.lstrip("/")).read_bytes(), url
        assert server.proc.stdout.readline() == ("No display here: open the host link below in a browser to "
                                                 "keep score. Ctrl+C stops.\n")
        # the host link: the page, at a secret address (a guest opening the address above joins a table)
        assert server.proc.stdout.readline().startswith("Host link")
        link = server.proc.stdout.readline().rstrip("\n")
        assert re.fullmatch(re.escape(server.url) + r"host/[A-Za-z0-9_-]{32}", link), link
        status, page = get(link)
        assert status == 200 and b"<html" in page.lower()
        assert "scorekeeper --web" in server.proc.stdout.readline()  # no QR code: no phone can open 127.0.0.1
    finally:
        code = server.stop()
    assert (code, server.stderr) == (130, ""), "Ctrl+C stops it quietly, with the shell's code for it"


def test_a_taken_port_is_one_line_naming_it_and_how_to_choose_another(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "scorekeeper", "--port", str(port),
                               "--data", str(tmp_path / "data")],
                              cwd=ROOT, env=no_display_env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == "", "no address is printed for a port the app does not have"
    [line] = done.stderr.splitlines()
    assert line.startswith(f"scorekeeper: port {port} on 127.0.0.1 is taken")
    assert "choose another with --port, e.g. --port " in line
    assert not (tmp_path / "data").exists()


def test_an_address_that_is_not_this_machines_is_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--host", "192.0.2.1", "--port", "0",
                           "--data", str(tmp_path / "data")],
                          cwd=ROOT, env=no_display_env(), capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("scorekeeper: cannot serve on 192.0.2.1: not an address of this machine; "
                           "choose another with --host\n")


def test_a_host_token_that_is_no_secret_is_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--port", "0", "--data", str(tmp_path / "data")],
                          cwd=ROOT, env=no_display_env(SCOREKEEPER_HOST_TOKEN="1234"), capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("scorekeeper: SCOREKEEPER_HOST_TOKEN must be 16 to 200 letters, digits, '-' or '_' "
                           "(it is the secret of the host link; it has 4 characters): unset it for a random one\n")


def test_a_lan_address_that_is_no_address_is_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--web", "--port", "0", "--data", str(tmp_path / "data")],
                          cwd=ROOT, env=no_display_env(SCOREKEEPER_LAN_ADDRESS="http://192.168.1.20:8000"),
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("scorekeeper: SCOREKEEPER_LAN_ADDRESS must be the address or the name phones reach "
                           "this computer by (192.168.1.20, mylaptop.local), without http:// or a port; it is "
                           "'http://192.168.1.20:8000': unset it to use the address found\n")
    assert not (tmp_path / "data").exists()

def test_the_checkout_finds_its_fonts_at_the_top_of_the_repository():
    assert serve.ASSETS_DIR == ROOT / "assets"


def test_missing_fonts_are_said_in_one_line(tmp_path, capsys):
    empty = (tmp_path / "a", tmp_path / "b")
    (tmp_path / "a" / "fonts").mkdir(parents=True)  # a folder without the fonts is no assets folder
    assert serve.assets_or_warn(empty) is None
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"scorekeeper: the app's fonts are missing (looked in {empty[0]} and {empty[1]}); "
                   f"suit symbols will show as empty boxes: reinstall scorekeeper to restore them\n")
