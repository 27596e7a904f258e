"""The package is whole: the wheel built from this checkout, installed into a new virtual
environment, starts the app and serves every font the page asks for, from its own copy.

Nothing is downloaded: it passes on a machine without a network.  The wheel is built without
pip's build isolation, by the setuptools of the Python running the tests (the test extras install
one that meets pyproject's build-system; pip checks that it does).  The app's dependencies (flet,
tinydb, ...) are not installed again: the new environment sees the site-packages of the Python
running the tests (all of them, a layered virtual environment's too) through a path file, which adds those folders but runs none of their own path
files, so an editable install of this checkout stays out of sight; the wheel goes in with
--no-deps --no-index, and every dependency it declares (and theirs, in turn) is then found in the
new environment at a version it allows.
"""
from __future__ import annotations

import shutil
import site as site_module
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest
from served import Started, fonts_the_page_asks_for, get, no_display_env

ROOT = Path(__file__).resolve().parents[2]
#: What the build reads; copied so that building leaves nothing in the checkout.
SOURCES = ["pyproject.toml", "setup.py", "README.md", "scorekeeper", "assets"]


def _run(*command: str | Path, cwd: Path) -> str:
    done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=600,
                          env=no_display_env(PIP_DISABLE_PIP_VERSION_CHECK="1"))
    assert done.returncode == 0, f"{' '.join(map(str, command))}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


#: Run by the new environment's Python: every requirement the installed wheel declares, and theirs in
#: turn (with the extras asked for), as pip would resolve them; prints what it found and what is wrong.
DEPENDENCIES = r"""
import json
from importlib.metadata import PackageNotFoundError, distribution
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

found, wrong, todo, seen = {}, [], [("scorekeeper", ())], set()
while todo:
    name, extras = todo.pop()
    for line in distribution(name).requires or []:
        req = Requirement(line)
        if req.marker and not any(req.marker.evaluate({"extra": extra}) for extra in (*extras, "")):
            continue
        try:
            version = distribution(req.name).version
        except PackageNotFoundError:
            wrong.append(f"{line} (for {name}): not installed")
            continue
        if not req.specifier.contains(version, prereleases=True):
            wrong.append(f"{line} (for {name}): {version} installed")
        if (key := (canonicalize_name(req.name), tuple(sorted(req.extras)))) not in seen:
            seen.add(key)
            found[key[0]] = version
            todo.append((req.name, key[1]))
print(json.dumps({"scorekeeper": str(distribution("scorekeeper").locate_file("scorekeeper")),
                  "requires": distribution("scorekeeper").requires, "found": found, "wrong": wrong}))
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    """Build the wheel, install it into a new virtual environment; the paths and timings."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    started = time.perf_counter()
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--check-build-dependencies",
         "-q", "-w", work / "dist", source, cwd=work)
    [wheel] = (work / "dist").glob("scorekeeper-*.whl")
    built = time.perf_counter()

    venv = work / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=work)
    python = venv / "bin" / "python"
    site = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=work).strip())
    # every site-packages folder the running Python reads, in its order: a virtual environment made
    # with --system-site-packages reads the system's too (the app's dependencies may be there)
    outer = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"],
                           *(path for path in sys.path
                             if Path(path).name in ("site-packages", "dist-packages") and Path(path).is_dir()),
                           *([user_site] if Path(user_site := site_module.getusersitepackages()).is_dir() else [])])
    (site / "_tests_outer_site_packages.pth").write_text("".join(f"{path}\n" for path in outer))
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q",
         "--force-reinstall", wheel, cwd=work)
    done = time.perf_counter()
    print(f"\nwheel test: build {built - started:.1f} s, new environment and install {done - built:.1f} s")
    return {"wheel": wheel, "venv": venv, "site": site, "python": python, "work": work}


@pytest.mark.slow
def test_the_wheel_holds_the_fonts_and_web_files_inside_the_package(installed):
    import zipfile
    names = zipfile.ZipFile(installed["wheel"]).namelist()
    assets = [path for path in (ROOT / "assets").rglob("*") if path.is_file() and "__pycache__" not in path.parts]
    assert {"fonts/DejaVuSans.ttf", "manifest.json", "index.html", "favicon.png",
            "icons/icon-512.png"} <= {path.relative_to(ROOT / "assets").as_posix() for path in assets}
    for path in assets:
        assert f"scorekeeper/assets/{path.relative_to(ROOT / 'assets').as_posix()}" in names
    assert not any(name.startswith("assets/") for name in names), "the assets live inside the package"
    phone = ROOT / "scorekeeper" / "phone_site"  # what `scorekeeper phone-app` writes the site from
    for path in [*(phone / "web").iterdir(), *(phone / "vendor").iterdir()]:
        assert f"scorekeeper/phone_site/{path.relative_to(phone).as_posix()}" in names


@pytest.mark.slow
def test_every_dependency_the_wheel_declares_is_in_the_new_environment(installed):
    """The wheel went in with --no-deps: what pip would have installed for it must be there."""
    import json

    from packaging.requirements import Requirement
    seen = json.loads(_run(installed["python"], "-c", DEPENDENCIES, cwd=installed["work"]))
    assert seen["scorekeeper"] == str(installed["site"] / "scorekeeper"), "the metadata read is the wheel's"
    declared = {Requirement(line).name for line in seen["requires"]}
    assert {"flet", "flet-charts", "tinydb", "platformdirs", "pillow", "uvicorn"} <= declared
    assert {"flet", "flet-desktop", "flet-web", "tinydb", "uvicorn"} <= set(seen["found"]), seen["found"]
    assert seen["wrong"] == [], "\n".join(seen["wrong"])
    print(f"wheel test: {len(seen['found'])} dependencies found in the new environment")


@pytest.mark.slow
def test_the_installed_app_runs_from_the_environment_and_serves_every_font(installed, tmp_path):
    import json
    started = time.perf_counter()
    site, work = installed["site"], installed["work"]
    package = site / "scorekeeper"
    script = installed["venv"] / "bin" / "scorekeeper"
    version = _run(script, "--version", cwd=work)
    assert f"({package}, Python" in version, "the console script runs the installed copy, not the checkout"
    where = _run(installed["python"], "-c", "from scorekeeper.gui import serve; print(serve.ASSETS_DIR)", cwd=work)
    assert where.strip() == str(package / "assets")

    server = Started([str(script), "--port", "0", "--data", str(tmp_path / "data")], cwd=work,
                     env=no_display_env())
    try:
        assert get(server.url)[0] == 200
        fonts = fonts_the_page_asks_for(server.url)
        ours = {url for url in fonts.values() if "DejaVu" in url}
        assert len(ours) == 2, "the page asks for both faces of the font with the suit symbols"
        for url in fonts.values():
            status, body = get(server.url + url.lstrip("/"))
            assert status == 200 and body, url
            if url in ours:
                assert body == (package / "assets" / url.lstrip("/")).read_bytes(), url
        # the web app's own manifest and icons (tools/make_web_app.py), from the package's copy
        status, body = get(server.url + "manifest.json")
        manifest = json.loads(body)
        assert (status, manifest["name"]) == (200, "Spades Scorekeeper")
        for path in [icon["src"] for icon in manifest["icons"]] + ["favicon.png"]:
            assert get(server.url + path) == (200, (package / "assets" / path).read_bytes()), path
    finally:
        code = server.stop()
    assert (code, server.stderr) == (130, ""), server.stderr  # no "fonts are missing" line, no traceback
    print(f"wheel test: the installed app started, served its fonts and stopped in "
          f"{time.perf_counter() - started:.1f} s")


@pytest.mark.slow
def test_the_installed_command_draws_the_picture_of_the_sheet_with_its_own_fonts(installed, tmp_path):
    work, script = installed["work"], installed["venv"] / "bin" / "scorekeeper"
    where = _run(installed["python"], "-c", "from scorekeeper.gui.models.sheet_picture import font_folder; "
                 "print(font_folder())", cwd=work)
    assert where.strip() == str(installed["site"] / "scorekeeper" / "assets" / "fonts")
    data, out = tmp_path / "data", tmp_path / "sheet.png"
    _run(script, "import", ROOT / "examples" / "standard-game.json", "--data", data, cwd=work)
    (game_id,) = [line.split()[0] for line in _run(script, "games", "--data", data, cwd=work).splitlines()[1:]]
    said = _run(script, "export", game_id, "--png", "--out", out, "--data", data, cwd=work)
    assert said == f"wrote the picture of game {game_id} to {out}\n"
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
def test_the_installed_command_writes_the_phone_app_with_no_network(installed, tmp_path):
    """`scorekeeper phone-app` from the installed wheel alone (no checkout): every part of the site
    comes from the installed packages, in a network namespace with no network where one can be made."""
    import json
    import shutil
    import tarfile
    script, out = installed["venv"] / "bin" / "scorekeeper", tmp_path / "phone"
    command = [str(script), "phone-app", str(out)]
    if shutil.which("unshare") and subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0:
        command = ["unshare", "-n", *command]
    printed = _run(*command, cwd=installed["work"])
    assert printed.startswith(f"The phone app is in {out}/")
    assert json.loads((out / "manifest.json").read_text())["name"] == "Spades Scorekeeper"
    with tarfile.open(out / "app.tar.gz") as tar:
        names = tar.getnames()
    assert "scorekeeper/gui/phone/start.py" in names and "flet/__init__.py" in names
    assert not [n for n in names if n.startswith(("scorekeeper/gui/serve.py", "PIL/", "uvicorn/"))]
