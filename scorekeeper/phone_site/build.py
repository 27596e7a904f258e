"""Write the phone's own build of the app: a static site (`scorekeeper phone-app OUT_DIR`).

What the site holds, and why (README, "The phone is the scorepad"):

- Flet's web client as `flet publish --no-cdn` takes it from flet-web, less what the app never
  loads: the dart2wasm build and its skwasm / wimp engines (the site runs the CanvasKit build, as
  Flet's own publish does for Pyodide apps), source maps and symbols, Flet's Python worker and
  service worker, fonts and scripts of plugins the app does not use;
- Pyodide's runtime (from flet-web), without micropip, its tools and its package lock;
- `app.tar.gz`: the app's Python (scorekeeper without the server, its guard, its pictures, the
  command line and Pillow's picture of the sheet) and every package it imports (flet, flet-charts,
  tinydb, platformdirs, repath, six, and msgpack built for Pyodide: `vendor/`), so that nothing is
  installed at run time;
- the app's page, manifest and icons (assets/, tools/make_web_app.py), with the page's loader and
  its watchdog (`web/python.js`), the worker (`web/python-worker.js`) and a cache-first service
  worker listing every file (`web/sw.js`).

Every address in it is relative to the page, so the folder can be served from any path.  Nothing
here needs a network: every file comes from the installed packages and this one.
"""
from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import tarfile
import zipfile
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from ..engine.errors import ScorekeeperError

HERE = Path(__file__).resolve().parent
WEB = HERE / "web"
VENDOR = HERE / "vendor"
PACKAGE = HERE.parent  # scorekeeper/
ASSET_PLACES = (PACKAGE / "assets", PACKAGE.parent / "assets")  # installed, or a checkout's (as gui/serve.py)
#: the Flet the site's client and Python come from (the app's pinned version: pyproject.toml)
FLET_VERSION = "1.0.5"
#: marks a folder this command wrote (it may write over it again; it will not clear any other)
MARK = ".spades-phone-app"

DESCRIPTION = ("The scorepad for a Spades table, on this phone alone: bids and tricks each hand, the "
               "sheet, bags and every house rule kept, with or without a network.")

#: Flet's web client: the files the app loads (the CanvasKit build), as flet-web ships them
CLIENT = (
    "main.dart.js",
    "assets/AssetManifest.bin", "assets/AssetManifest.bin.json",
    "assets/fonts/MaterialIcons-Regular.otf", "assets/fonts/roboto.woff2",
    "assets/packages/cupertino_icons/assets/CupertinoIcons.ttf",
    "assets/packages/wakelock_plus/assets/no_sleep.js",  # the screen kept awake during a game
    "assets/shaders/ink_sparkle.frag", "assets/shaders/stretch_effect.frag",
)
#: CanvasKit: Chromium's smaller build where the browser has what it needs, else the full one
#: (the same choice as Flutter's loader); a phone loads one, and its service worker keeps that one
CANVASKIT = {"chromium": ("canvaskit/chromium/canvaskit.js", "canvaskit/chromium/canvaskit.wasm"),
             "full": ("canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm")}
#: in the site, never loaded by the app (the licences of Flutter's packages, for whoever looks)
NOT_LOADED = ("assets/NOTICES",)
PYODIDE = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
           "pyodide/python_stdlib.zip")
#: the app's own web files (assets/): page, manifest, icons, fonts, Rive's stand-in
OWN = ("favicon.png", "icons/icon-192.png", "icons/icon-512.png", "icons/icon-maskable-192.png",
       "icons/icon-maskable-512.png", "icons/apple-touch-icon-192.png", "icons/loading-animation.png",
       "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf", "fonts/DejaVu-LICENSE.txt",
       "fonts/Twemoji.woff2", "fonts/Twemoji-LICENSE.txt",  # (every piece of Noto Color Emoji: sw.js)
       "rive-not-served.js")

#: the packages the app imports in the browser (distribution name -> what of it is left out)
PACKAGES = {
    "flet": ("flet/testing/", "flet/fastapi/", "flet/cli.py", "flet/pytest_plugin.py"),
    "flet-charts": (),
    "tinydb": (),
    "platformdirs": (),
    "repath": (),
    "six": (),
}
MSGPACK = "msgpack-1.2.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl"
#: scorekeeper's modules the phone's build never imports: the server and what only it needs
#: (sharing a table's guard, its limits on the network's connections and QR pictures, the screens of
#: a shared table, Pillow's picture of the sheet), the command line, Ctrl+C's handler, this builder
LEFT_OUT = ("scorekeeper/gui/serve.py", "scorekeeper/gui/guard.py", "scorekeeper/gui/pictures.py",
            "scorekeeper/gui/sockets.py", "scorekeeper/interrupt.py",
            "scorekeeper/gui/views/share_table.py", "scorekeeper/gui/views/table.py", "scorekeeper/gui/views/join.py",
            "scorekeeper/gui/__main__.py", "scorekeeper/gui/models/sheet_picture.py",
            "scorekeeper/__main__.py", "scorekeeper/phone_site/", "scorekeeper/assets/")


class BuildError(ScorekeeperError):
    """The site cannot be written (said in one sentence: what is missing, what to do)."""


@dataclass
class Site:
    """What was written: the folder, its files (path -> bytes) and the build's id."""

    folder: Path
    files: dict[str, int] = field(default_factory=dict)
    build: str = ""

    @property
    def size(self) -> int:
        return sum(self.files.values())


# -- where the parts come from ------------------------------------------------------------
def flet_web_dir() -> Path:
    """flet-web's web client (read as data; flet-web is installed with flet[all])."""
    try:
        dist = distribution("flet-web")
    except PackageNotFoundError:
        raise BuildError(f"flet-web is not installed, and the site is made from its web client: "
                         f"pip install 'flet[all]=={FLET_VERSION}'") from None
    if dist.version != FLET_VERSION:
        raise BuildError(f"flet-web {dist.version} is installed; the app is built and tested with "
                         f"{FLET_VERSION}: pip install 'flet[all]=={FLET_VERSION}'")
    return Path(dist.locate_file("flet_web/web"))


def assets_dir() -> Path:
    for place in ASSET_PLACES:
        if all((place / name).is_file() for name in (*OWN, "index.html", "manifest.json",
                                                     "assets/FontManifest.json")):
            return place
    looked = " and ".join(str(p) for p in ASSET_PLACES)
    raise BuildError(f"the app's web files are missing (looked in {looked}): reinstall scorekeeper")


def pyodide_version(web: Path) -> str:
    return json.loads((web / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]


# -- the Python of the app -------------------------------------------------------------------
def _distribution_files(name: str, left_out: tuple[str, ...]) -> list[tuple[str, Path]]:
    try:
        dist = distribution(name)
    except PackageNotFoundError:
        raise BuildError(f"{name} is not installed, and the phone's build carries it: "
                         f"pip install -e . (or pip install scorekeeper)") from None
    out = []
    for entry in dist.files or ():
        path = str(entry)
        if (path.endswith((".pyc", "RECORD", "INSTALLER", "REQUESTED", "direct_url.json")) or "__pycache__" in path
                or path.startswith(("..", "/")) or path.startswith(left_out)):
            continue
        out.append((path, Path(dist.locate_file(entry))))
    return out


def _own_files() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE.parent).as_posix()
        if "__pycache__" in name or name.startswith(LEFT_OUT) or name.startswith("scorekeeper/cli/"):
            continue
        out.append((name, path))
    return out


def app_archive() -> bytes:
    """app.tar.gz: every module the app imports in the browser, with the files' own times (the
    bytecode the browser keeps is checked against them)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=tarfile.GNU_FORMAT, compresslevel=9) as tar:
        for dist, left_out in PACKAGES.items():
            for name, path in _distribution_files(dist, left_out):
                tar.add(path, arcname=name, recursive=False, filter=_plain)
        with zipfile.ZipFile(VENDOR / MSGPACK) as wheel:
            for info in wheel.infolist():
                if info.filename.endswith("/RECORD"):
                    continue
                data = wheel.read(info)
                member = tarfile.TarInfo(info.filename)
                member.size, member.mode = len(data), 0o644
                member.mtime = int(_zip_time(info))
                tar.addfile(member, io.BytesIO(data))
        for name, path in _own_files():
            tar.add(path, arcname=name, recursive=False, filter=_plain)
    return buffer.getvalue()


def _plain(member: tarfile.TarInfo) -> tarfile.TarInfo:
    member.uid = member.gid = 0
    member.uname = member.gname = ""
    member.mode = 0o644
    return member


def _zip_time(info: zipfile.ZipInfo) -> float:
    import datetime as dt
    return dt.datetime(*info.date_time, tzinfo=dt.timezone.utc).timestamp()


# -- the page and its scripts --------------------------------------------------------------------
def _replace_once(text: str, old: str, new: str, where: str) -> str:
    if text.count(old) != 1:
        raise BuildError(f"{where} no longer has {old!r} once (a Flet upgrade?): update "
                         f"scorekeeper/phone_site/build.py")
    return text.replace(old, new)


#: the page's settings for Flet's client: every address relative to the page (any path prefix),
#: the routes after "#" (a static server has no page at /game/ID), Python in the browser
CONFIG = """<script>
    // the phone's own build (scorekeeper phone-app): every address is the page's own folder
    (() => {
      const here = new URL(".", document.baseURI).pathname;
      Object.assign(flet, {
        pyodide: true, noCdn: true, webRenderer: "canvaskit", routeUrlStrategy: "hash",
        entrypointBaseUrl: here, assetBase: here, canvasKitBaseUrl: here + "canvaskit/",
        fontFallbackBaseUrl: here + "assets/fonts/", pyodideUrl: here + "pyodide/pyodide.mjs",
        appPackageUrl: "app.tar.gz", pythonModuleName: "scorekeeper.gui.phone.start",
      });
    })();
  </script>"""


def index_html(own: Path) -> str:
    page = (own / "index.html").read_text(encoding="utf-8")
    where = "assets/index.html"
    page = _replace_once(page, '<base href="/">', '<base href="./">', where)
    page = _replace_once(page, "<!-- fletAppConfig -->", CONFIG, where)
    page = re.sub(r'<meta name="description" content="[^"]*">', f'<meta name="description" content="{DESCRIPTION}">',
                  page, count=1)
    return page


def manifest(own: Path) -> str:
    made = json.loads((own / "manifest.json").read_text(encoding="utf-8"))
    made.update(description=DESCRIPTION, start_url="./", scope="./", id="./", display="standalone")
    return json.dumps(made, indent=2) + "\n"


def font_manifest(own: Path) -> str:
    """The app's fonts (the suits' DejaVu Sans first), and Flet's Roboto from the site: Flutter
    fetches a Roboto it is not given from a fonts host (as `flet publish --no-cdn` gives it)."""
    fonts = json.loads((own / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
    if not any(f["family"] == "Roboto" for f in fonts):
        fonts.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
    return json.dumps(fonts, indent=1) + "\n"


def bootstrap(web: Path) -> str:
    """Flutter's loader as Flet ships it, without its wait on a service worker (up to 4 s on every
    online start; the site's own is registered once the app runs) and with only the CanvasKit
    build the site holds."""
    text = (web / "flutter_bootstrap.js").read_text(encoding="utf-8")
    text = re.sub(r"\n//# sourceMappingURL=\S+", "", text)
    text = re.sub(r'_flutter\.buildConfig = \{.*?\};', lambda m: "_flutter.buildConfig = " + json.dumps(_js_build(m.group(0))) + ";",
                  text, count=1, flags=re.S)
    text, found = re.subn(r"\n\s*serviceWorkerSettings:\s*\{[^}]*\},", "", text, count=1)
    if not found:
        raise BuildError("Flet's flutter_bootstrap.js no longer names serviceWorkerSettings (a Flet upgrade?): "
                         "update scorekeeper/phone_site/build.py")
    return text


def _js_build(assignment: str) -> dict:
    config = json.loads(assignment.split("=", 1)[1].strip().rstrip(";"))
    config["builds"] = [b for b in config["builds"] if b.get("compileTarget") == "dart2js"]
    if not config["builds"]:
        raise BuildError("Flet's client has no dart2js build any more (a Flet upgrade?): "
                         "update scorekeeper/phone_site/build.py")
    return config


def worker(web: Path, app: bytes) -> str:
    """The worker, with the `info` of Pyodide's own lock (its version added: flet-web's lock has
    none, and Pyodide checks both), so that nothing is fetched from Pyodide's package repository."""
    lock = json.loads((web / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    info = {**lock.get("info", {}), "version": pyodide_version(web)}
    text = (WEB / "python-worker.js").read_text(encoding="utf-8")
    line = re.search(r"\n  info: \{[^\n]*\},\n", text)
    if line is None:
        raise BuildError("scorekeeper/phone_site/web/python-worker.js has no lock info line: reinstall scorekeeper")
    text = _replace_once(text, "%APP_DIGEST%", hashlib.sha256(app).hexdigest()[:16], "python-worker.js")
    return text.replace(line.group(0), f"\n  info: {json.dumps(info)},\n")


def service_worker(build: str, files: list[str]) -> str:
    common = [f for f in files if f not in NOT_LOADED and f not in sum(CANVASKIT.values(), ())]
    text = (WEB / "sw.js").read_text(encoding="utf-8")
    return (text.replace("%BUILD%", build)
            .replace("%FILES%", json.dumps(["./", *sorted(common)], indent=1))
            .replace("%CANVASKIT%", json.dumps({k: list(v) for k, v in CANVASKIT.items()})))


# -- writing ------------------------------------------------------------------------------------
def _clear(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise BuildError(f"{out} is a file: give a folder for the site")
    if out.is_dir() and any(out.iterdir()):
        if not (out / MARK).is_file():
            raise BuildError(f"{out} holds other files: give an empty or new folder (the site is "
                             f"written over only a folder this command wrote before)")
        shutil.rmtree(out)


def build_site(out: Path | str) -> Site:
    """Write the site into `out` (a new or empty folder, or one this wrote before)."""
    out = Path(out)
    web, own = flet_web_dir(), assets_dir()
    missing = [name for name in (*CLIENT, *sum(CANVASKIT.values(), ()), *NOT_LOADED, *PYODIDE,
                                 "flutter_bootstrap.js", "pyodide/package.json", "pyodide/pyodide-lock.json")
               if not (web / name).is_file()]
    if missing:
        raise BuildError(f"flet-web's web client lacks {', '.join(missing[:3])} (a damaged install?): "
                         f"pip install --force-reinstall 'flet-web=={FLET_VERSION}'")
    if not (VENDOR / MSGPACK).is_file():
        raise BuildError(f"{VENDOR / MSGPACK} is missing: reinstall scorekeeper")
    app = app_archive()
    made: dict[str, bytes] = {
        "index.html": index_html(own).encode(),
        "manifest.json": manifest(own).encode(),
        "assets/FontManifest.json": font_manifest(own).encode(),
        "flutter_bootstrap.js": bootstrap(web).encode(),
        "python.js": (WEB / "python.js").read_bytes(),
        "python-worker.js": worker(web, app).encode(),
        "app.tar.gz": app,
    }
    copied = {name: web / name for name in (*CLIENT, *sum(CANVASKIT.values(), ()), *NOT_LOADED, *PYODIDE)}
    copied.update({name: own / name for name in OWN})
    digest = hashlib.sha256()
    for name in sorted({*made, *copied}):
        digest.update(name.encode())
        digest.update(made[name] if name in made else hashlib.sha256(copied[name].read_bytes()).digest())
    build = digest.hexdigest()[:16]
    _clear(out)
    out.mkdir(parents=True, exist_ok=True)
    site = Site(out, build=build)
    for name, source in copied.items():
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)  # the files' own times: a browser may keep them unasked
        site.files[name] = target.stat().st_size
    for name, data in made.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)
        site.files[name] = len(data)
    sw = service_worker(build, sorted(site.files)).encode()
    (out / "sw.js").write_bytes(sw)
    site.files["sw.js"] = len(sw)
    (out / MARK).write_text(f"Spades Scorekeeper's phone app, build {build}: `scorekeeper phone-app` "
                            f"writes over this folder.\n", encoding="utf-8")
    return site


def gzipped_size(path: Path) -> int:
    """The file's size gzipped (as a static host sends it)."""
    return len(gzip.compress(path.read_bytes(), compresslevel=6))
