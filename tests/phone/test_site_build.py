"""What `scorekeeper phone-app OUT_DIR` writes (issue 23), read without a browser: the app's own name,
icons and manifest; every address relative to the page; what the app never loads left out; the
Python of the app and every package it imports inside the site, the server's modules not; a service
worker that lists every file the app loads; built with no network.  (tests/phone/test_phone_alone.py
runs the site in Chromium.)"""
from __future__ import annotations

import ast
import io
import json
import re
import shutil
import socket
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from scorekeeper.phone_site import BuildError, build_site
from scorekeeper.phone_site.build import CANVASKIT, MARK, NOT_LOADED

ROOT = Path(__file__).resolve().parents[2]
#: what the phone's build must never carry: the server, its guard and QR pictures, Pillow, uvicorn
SERVER_ONLY = ("scorekeeper/gui/serve.py", "scorekeeper/gui/guard.py", "scorekeeper/gui/pictures.py",
               "scorekeeper/gui/sockets.py",
               "scorekeeper/gui/views/share_table.py", "scorekeeper/gui/views/table.py", "scorekeeper/gui/views/join.py",
               "scorekeeper/gui/models/sheet_picture.py", "PIL/", "uvicorn/", "qrcode/", "scorekeeper/cli/")
#: third-party packages the app imports in the browser, all inside app.tar.gz
PACKAGES = {"flet", "flet_charts", "tinydb", "platformdirs", "msgpack", "repath", "six"}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """Built with every socket refused: the build needs no network."""
    out = tmp_path_factory.mktemp("built") / "site"
    real = socket.socket.connect

    def refused(*args, **kwargs):
        raise OSError("the build tried the network")

    socket.socket.connect = refused
    try:
        build_site(out)
    finally:
        socket.socket.connect = real
    return out


@pytest.fixture(scope="module")
def archive(site) -> dict[str, bytes]:
    with tarfile.open(site / "app.tar.gz") as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}


def site_files(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}


def test_the_site_has_the_apps_own_name_icons_and_manifest(site):
    manifest = json.loads((site / "manifest.json").read_text())
    assert manifest["name"] == "Spades Scorekeeper" and manifest["short_name"] == "Spades"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./" and manifest["display"] == "standalone"
    assert "on this phone alone" in manifest["description"]
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file(), icon
    page = (site / "index.html").read_text()
    assert "<title>Spades Scorekeeper</title>" in page and '<link rel="manifest" href="manifest.json">' in page


def test_every_address_in_the_page_is_relative_to_it(site):
    page = (site / "index.html").read_text()
    assert '<base href="./">' in page
    assert not re.findall(r'(?:src|href)="/', page), "an address from the host's root"
    assert 'routeUrlStrategy: "hash"' in page  # a static server has no page at /game/ID
    for setting in ("canvasKitBaseUrl", "pyodideUrl", "fontFallbackBaseUrl", "entrypointBaseUrl", "assetBase"):
        assert re.search(rf"{setting}: here( \+ \"[\w/.]+\")?,", page), setting
    for own in ("python.js", "python-worker.js", "sw.js"):
        text = (site / own).read_text()
        assert "http://" not in text and "https://" not in text, own


def test_what_the_app_never_loads_is_left_out(site):
    files = site_files(site)
    assert not {f for f in files if f.endswith((".map", ".symbols", ".whl", ".d.ts"))}
    assert not {f for f in files if re.search(r"(main\.dart\.(wasm|mjs)|skwasm|wimp|webparagraph|katex|media_kit|"
                                              r"pyodide-lock\.json|flutter_service_worker|python\.exe|version\.json)",
                                              f)}
    size = sum((site / f).stat().st_size for f in files)
    assert size < 45_000_000, f"the site holds {size / 1e6:.1f} MB"


def test_the_python_of_the_app_and_its_packages_are_inside_and_the_servers_are_not(archive):
    names = set(archive)
    assert "scorekeeper/gui/phone/start.py" in names and "scorekeeper/engine/scoring.py" in names
    assert any(re.fullmatch(r"msgpack/_cmsgpack\.cpython-3\d+-wasm32-emscripten\.so", n) for n in names)
    for package in PACKAGES:
        assert any(n.startswith(f"{package}/") or n == f"{package}.py" for n in names), package
    assert not [n for n in names if n.startswith(SERVER_ONLY)]
    assert not [n for n in names if n.endswith(".pyc") or "__pycache__" in n]


def _top_level_imports(source: bytes, module: str, package: bool) -> set[str]:
    """The modules a module imports as it is loaded (not inside a function: those load later, if ever)."""
    here = module if package else module.rpartition(".")[0]
    found = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(here.split(".")[: len(here.split(".")) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
                found.add(target)
                found.update(f"{target}.{a.name}" for a in node.names)
            else:
                found.add(node.module)
    return found


def test_every_module_the_app_loads_is_in_the_site(archive):
    """Each scorekeeper module in the site imports, as it loads, only modules in the site or the
    standard library: none of the server's (those are imported inside functions the phone never
    calls, and the site does not carry them)."""
    modules = {n[:-3].removesuffix("/__init__").replace("/", "."): n for n in archive if n.endswith(".py")}
    missing = []
    for module, name in modules.items():
        if not module.startswith("scorekeeper"):
            continue
        for target in _top_level_imports(archive[name], module, name.endswith("__init__.py")):
            top = target.split(".")[0]
            if top == "scorekeeper":
                parts = target.split(".")
                if not any(".".join(parts[:n]) in modules for n in (len(parts), len(parts) - 1)):
                    missing.append(f"{module} imports {target}")
            elif top not in sys.stdlib_module_names and top not in PACKAGES and top != "__future__":
                missing.append(f"{module} imports {target}")
    assert missing == []


def test_the_service_worker_keeps_every_file_the_app_loads(site):
    text = (site / "sw.js").read_text()
    listed = set(json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S).group(1)))
    canvaskit = json.loads(re.search(r"const CANVASKIT = (\{.*?\});", text).group(1))
    assert canvaskit == {k: list(v) for k, v in CANVASKIT.items()}
    files = site_files(site)
    every = listed | {f for v in canvaskit.values() for f in v}
    assert every - {"./"} <= files, "it lists a file the site lacks"
    assert files - every == {"sw.js", MARK, *NOT_LOADED}, "a file of the site it would not keep"
    assert re.search(r'const BUILD = "[0-9a-f]{16}";', text)


def test_it_writes_over_only_a_folder_it_wrote(site, tmp_path):
    again = tmp_path / "again"
    shutil.copytree(site, again)
    (again / "stale.txt").write_text("from an older build")
    build_site(again)
    assert not (again / "stale.txt").exists() and (again / "index.html").is_file()
    other = tmp_path / "photos"
    other.mkdir()
    (other / "holiday.jpg").write_bytes(b"\xff\xd8")
    with pytest.raises(BuildError, match="holds other files: give an empty or new folder"):
        build_site(other)
    assert (other / "holiday.jpg").exists()


def test_the_command_says_where_and_how_or_one_line(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "scorekeeper", "phone-app", *args], capture_output=True,
                              text=True, cwd=ROOT, timeout=300, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    done = run(str(tmp_path / "taken"))
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1, done.stderr
    assert "holds other files" in done.stderr
    if shutil.which("unshare") and subprocess.run(["unshare", "-n", "true"]).returncode == 0:
        done = subprocess.run(["unshare", "-n", sys.executable, "-m", "scorekeeper", "phone-app",
                               str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT, timeout=300,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        assert done.returncode == 0, done.stderr  # in a network namespace with no network at all
        assert done.stdout.startswith(f"The phone app is in {tmp_path / 'out'}/")
        assert "Add to Home Screen" in done.stdout
