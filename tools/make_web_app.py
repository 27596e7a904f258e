"""Build the web app's own files: what a phone shows when it adds the app to its home screen.

    python tools/make_web_app.py

Run at build time only (needs Pillow: the test extras have it); the app serves the files this
writes, committed in assets/.  Flet serves an index.html, manifest.json or picture found in the
app's assets folder instead of its own (flet_web's FletStaticFiles), so these take the place of
Flet's "Flet" name, pink theme and Flet logos.  It writes

- assets/manifest.json: Flet's manifest with the app's name, short name, description and colours
  (theme.PRIMARY, theme.BACKGROUND), the same icons listed, and the server's root as start and
  scope: the icon opens the app at /, where the browser's kept host link or table leads it (a
  phone that joined a table sees that table; the scorekeeper's browser keeps score while the host
  link holds, see README, "Sharing a table").
- assets/index.html: Flet's page with the app's title, home-screen title, description and theme
  colour, no swipe to Back or Forward (`NO_SWIPE_BACK`), the loading screen in the app's
  background colour, and one script: Flet's client
  loads Rive's runtime (rive_native.js, for Rive animations, which the app never shows) from a
  public CDN as it starts; the script gives it instead a local stand-in
  (assets/rive-not-served.js) that says the runtime is not there, so that no phone at the table
  asks a third party for anything.
- assets/icons/*.png and assets/favicon.png: the ♠ of the app's font (assets/fonts/DejaVuSans.ttf)
  in the background colour on the theme colour, in every size the manifest lists (maskable:
  the whole square drawn, the ♠ inside the middle circle a phone keeps), the home-screen icon
  of iPhones, the favicon, and the picture of the loading screen.

A Flet upgrade that changes index.html or manifest.json shows up in tests/tools/test_web_app_files.py
(this tool then either writes the new files or says which part of Flet's page it no longer finds).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.gui import theme  # noqa: E402

ASSETS = ROOT / "assets"
FONT = ASSETS / "fonts" / "DejaVuSans.ttf"
NAME = "Spades Scorekeeper"
SHORT_NAME = "Spades"
DESCRIPTION = ("The scorepad for a Spades table: bids and tricks each hand, the sheet, bags and every "
               "house rule kept, watched live on every phone at the table.")
SPADE = "\u2660"
#: where Flet's client fetches Rive's runtime from (flet_web/web/main.dart.js and .wasm)
RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/"
RIVE_STAND_IN = "rive-not-served.js"

#: picture (path in assets/) -> (size, kind): "any" a rounded square with transparent corners,
#: "full" the whole square (maskable; iPhones round their own), "mark" the ♠ alone
PICTURES = {
    "icons/icon-192.png": (192, "any"),
    "icons/icon-512.png": (512, "any"),
    "icons/icon-maskable-192.png": (192, "full"),
    "icons/icon-maskable-512.png": (512, "full"),
    "icons/apple-touch-icon-192.png": (192, "full"),
    "favicon.png": (32, "any"),
    "icons/loading-animation.png": (512, "mark"),
}


def flet_web_file(name: str) -> str:
    """A file of the web client the installed flet-web ships (read as data, not imported)."""
    from importlib.metadata import distribution

    return Path(distribution("flet-web").locate_file(f"flet_web/web/{name}")).read_text(encoding="utf-8")


def manifest() -> dict:
    """Flet's manifest.json as this app's."""
    made = json.loads(flet_web_file("manifest.json"))
    made.update(name=NAME, short_name=SHORT_NAME, description=DESCRIPTION, start_url=".", scope=".",
                theme_color=theme.PRIMARY, background_color=theme.BACKGROUND)
    listed = {icon["src"] for icon in made["icons"]}
    assert listed <= set(PICTURES), f"Flet's manifest lists icons this tool does not draw: {listed - set(PICTURES)}"
    return made


STAND_IN = f"""// Served in place of Rive's runtime (rive_native.js), which Flet's client fetches from a
// public CDN as it starts (index.html sends it here): this app shows no Rive animation, and asks
// nothing of a third party.  Rive finds no runtime and stays unused.
window.RiveNative = () => Promise.reject(new Error("{NAME} does not serve Rive's runtime"));
"""

#: the script index.html runs before Flet's client: a script element pointed at Rive's CDN is
#: pointed at the local stand-in instead, before the browser asks for anything
REDIRECT = f"""  <script>
    // Flet's client loads Rive's runtime from a public CDN as it starts; the app shows no Rive
    // animation: the local stand-in says so (tools/make_web_app.py), and nothing is asked of a
    // third party.
    (() => {{
      const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
      Object.defineProperty(HTMLScriptElement.prototype, "src", {{
        ...src,
        set(url) {{
          src.set.call(this, String(url).startsWith("{RIVE_CDN}") ? "{RIVE_STAND_IN}" : url);
        }},
      }});
    }})();
  </script>

  <script src="python.js"></script>"""


#: a sideways swipe (a trackpad's two fingers, a mouse's tilt wheel) that a list at its end does
#: not take is the browser's Back or Forward in Chromium: across a row of bid chips it took the
#: table to the game shown before.  The page itself never scrolls (Flutter scrolls its lists).
NO_SWIPE_BACK = """  <style>
    html, body { overscroll-behavior: none; }
  </style>"""


def index_html() -> str:
    """Flet's index.html as this app's page."""
    page = flet_web_file("index.html")
    for old, new in (
        ('<meta name="description" content="Flet application.">',
         f'<meta name="description" content="{DESCRIPTION}">\n  <meta name="theme-color" content="{theme.PRIMARY}">'),
        ('<meta name="apple-mobile-web-app-title" content="Flet">',
         f'<meta name="apple-mobile-web-app-title" content="{SHORT_NAME}">'),
        ("<title>Flet</title>", f"<title>{NAME}</title>\n{NO_SWIPE_BACK}"),
        ("background: #ffffff;", f"background: {theme.BACKGROUND};"),
        ('  <script src="python.js"></script>', REDIRECT),
    ):
        if page.count(old) != 1:
            raise SystemExit(f"Flet's index.html no longer has {old!r} once: update tools/make_web_app.py")
        page = page.replace(old, new)
    return page


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def picture(size: int, kind: str):
    """The ♠ of the app's font, `size` pixels square, drawn 4 times larger and scaled down."""
    from PIL import Image, ImageDraw, ImageFont

    big = size * 4
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if kind == "any":
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 0.22, fill=_rgb(theme.PRIMARY))
    elif kind == "full":
        draw.rectangle((0, 0, big, big), fill=_rgb(theme.PRIMARY))
    # the ♠ as tall as this share of the square: a maskable icon keeps only the middle circle
    # (80 % across), so its ♠ stays well inside it
    share = {"any": 0.62, "full": 0.5, "mark": 0.8}[kind]
    font = ImageFont.truetype(str(FONT), size=round(big * share * 1.3))
    left, top, right, bottom = font.getbbox(SPADE)
    scale = big * share / (bottom - top)
    font = ImageFont.truetype(str(FONT), size=round(font.size * scale))
    left, top, right, bottom = font.getbbox(SPADE)
    where = ((big - (right - left)) / 2 - left, (big - (bottom - top)) / 2 - top)
    draw.text(where, SPADE, font=font, fill=_rgb(theme.PRIMARY if kind == "mark" else theme.BACKGROUND))
    image = image.resize((size, size), Image.LANCZOS)
    return image.convert("RGB") if kind == "full" else image


def main() -> int:
    (ASSETS / "manifest.json").write_text(json.dumps(manifest(), indent=2) + "\n", encoding="utf-8")
    (ASSETS / "index.html").write_text(index_html(), encoding="utf-8")
    (ASSETS / RIVE_STAND_IN).write_text(STAND_IN, encoding="utf-8")
    for name, (size, kind) in PICTURES.items():
        path = ASSETS / name
        path.parent.mkdir(parents=True, exist_ok=True)
        picture(size, kind).save(path, optimize=True)
        print(f"assets/{name}: {size}x{size}, {path.stat().st_size:,} bytes")
    print("assets/manifest.json, assets/index.html, assets/" + RIVE_STAND_IN)
    return 0


if __name__ == "__main__":
    sys.exit(main())
