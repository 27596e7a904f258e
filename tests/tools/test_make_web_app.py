"""tools/make_web_app.py: the web app's files in assets/ are what it makes from the installed Flet's
(a Flet upgrade, or a change of the app's colours, shows up here), and Flet's client still fetches
Rive's runtime from where index.html sends it to the local stand-in.  No browser: the browser
tests read the same files as served (tests/gui/test_web_app.py)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import make_web_app  # noqa: E402

ASSETS = ROOT / "assets"
REMAKE = "run `python tools/make_web_app.py`"


def test_the_manifest_is_flets_as_this_apps():
    assert json.loads((ASSETS / "manifest.json").read_text()) == make_web_app.manifest(), REMAKE


def test_the_page_is_flets_as_this_apps():
    assert (ASSETS / "index.html").read_text() == make_web_app.index_html(), REMAKE
    assert (ASSETS / make_web_app.RIVE_STAND_IN).read_text() == make_web_app.STAND_IN, REMAKE


@pytest.mark.parametrize("name", sorted(make_web_app.PICTURES))
def test_each_picture_is_a_png_of_its_size(name):
    size, kind = make_web_app.PICTURES[name]
    image = Image.open(ASSETS / name)
    assert (image.format, image.size) == ("PNG", (size, size))
    alpha = image.convert("RGBA").getchannel("A")
    if kind == "full":
        assert alpha.getextrema() == (255, 255), "drawn to every edge: the phone cuts its own shape"
    else:
        assert alpha.getpixel((0, 0)) == 0, "transparent corners"


def test_flets_client_fetches_rive_from_where_the_page_sends_it_to_the_stand_in():
    """Both of Flet's builds (JavaScript and WebAssembly) name the CDN the page's script
    watches for; if a Flet upgrade moves it, the browser test of requests fails too."""
    import flet_web

    web = Path(flet_web.__file__).parent / "web"
    for build in ("main.dart.js", "main.dart.wasm"):
        assert make_web_app.RIVE_CDN.encode() in (web / build).read_bytes(), build
    assert f'"{make_web_app.RIVE_CDN}"' in (ASSETS / "index.html").read_text()
