"""A minimal Flet page served the way the app is served: one button whose click changes one text.

    python benchmarks/minimal_flet.py [--host 127.0.0.1] [--port 8000]

The same stack as `python -m scorekeeper.gui --serve`: Flet's web app (no CDN, the app's assets
folder, the app's theme and font) behind the app's guard, by uvicorn on a socket bound first
(`scorekeeper.gui.serve.bind` and `_serve`), with the renderer $FLET_WEB_RENDERER names (none: Flet's
default).  Only the page differs.  `benchmarks/bench_gui.py` measures its tap -> new text as the
floor under the app's save -> sheet.  Test ids: the button is "tap", the text "text"; a click
makes it read "Tapped N".
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import flet as ft  # noqa: E402

from scorekeeper.gui import theme  # noqa: E402
from scorekeeper.gui.serve import _serve, assets_or_warn, bind  # noqa: E402


def page_main(page: ft.Page) -> None:
    page.title = "Minimal Flet page"
    page.theme = theme.light()
    page.theme_mode = ft.ThemeMode.LIGHT
    taps = 0
    text = ft.Text("Not tapped yet", size=20)

    def tapped(e) -> None:
        nonlocal taps
        taps += 1
        text.value = f"Tapped {taps}"
        text.update()

    page.add(ft.Semantics(identifier="tap", content=ft.FilledButton("Tap", height=56, on_click=tapped)),
             ft.Semantics(identifier="text", content=text))


def main() -> int:
    parser = argparse.ArgumentParser(prog="minimal_flet.py")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--data", help="ignored (the harness gives every server one)")
    args = parser.parse_args()
    assets = assets_or_warn()
    sock = bind(args.host, args.port)
    print(f"Minimal Flet page served at http://{args.host}:{sock.getsockname()[1]}/", flush=True)
    _serve(ft.run(page_main, export_asgi_app=True, assets_dir=str(assets) if assets else None,
                  no_cdn=True, name=""), sock)
    return 0


if __name__ == "__main__":
    sys.exit(main())
