"""A tiny Flet app that shows the harness's own checks at work (tests/gui/test_harness_checks.py).

Served exactly as the real app is (`Server(..., command=[sys.executable, *PROBE, "--serve"])`: the same flags, fonts, guard and
uvicorn), one page per route:

- `/cover`: buttons "plain", "show-message" (a SnackBar, id "message", as `App.message` shows)
  and "under" at the bottom of the screen, where the message goes; every tap is written in "log".
- `/squeezed`: a text squeezed one letter a line ("letters"), one running past the screen's right
  edge ("past"), and one in a row that scrolls across ("across", meant to run on); `/plain`: the
  first and the last of them only.
- `/broken`: Flutter's error box (what expands in a row that wraps), under a text ("above");
  it fits the screen, so no semantics node is tall: only its grey shows it.
- `/cut`: short scrolling lists, each with one tappable control cut by the list's far edge:
  a 20x20 one ("small") and a 48x48 one ("big") in lists going down, and the same across
  ("small-across", "big-across"); and a 48x48 one in a list the wheel does not reach, so it
  cannot be scrolled in and measured whole ("big-stuck").
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import flet as ft

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's scorekeeper, as `-m` has it
from scorekeeper.gui.serve import _serve, assets_or_warn, bind  # noqa: E402


def cover(page: ft.Page) -> list[ft.Control]:
    log = ft.Text("", selectable=False)

    def tapped(name: str):
        def on_click(e) -> None:
            log.value = f"{log.value} {name}".strip()
            log.update()
        return on_click

    def show_message(e) -> None:
        tapped("show-message")(e)
        page.show_dialog(ft.SnackBar(ft.Semantics(identifier="message", content=ft.Text("A message")),
                                     duration=ft.Duration(seconds=60)))

    def button(identifier: str, text: str, on_click) -> ft.Control:
        return ft.Semantics(identifier=identifier, content=ft.FilledButton(text, height=48, on_click=on_click))

    return [
        button("plain", "Plain", tapped("plain")),
        button("show-message", "Show message", show_message),
        ft.Semantics(identifier="log", content=log),
        ft.Container(expand=True),
        ft.Semantics(identifier="under", content=ft.FilledButton("Under", height=48, width=300,
                                                                   on_click=tapped("under"))),
    ]


def cut(page: ft.Page) -> list[ft.Control]:
    def tappable(identifier: str, size: int) -> ft.Control:
        return ft.Semantics(identifier=identifier, button=True, label=identifier, content=ft.Container(
            width=size, height=size, bgcolor=ft.Colors.PRIMARY, on_click=lambda e: None))

    # each control starts half its size before the list's far edge: half of it is cut off
    def down(identifier: str, size: int) -> ft.Control:
        return ft.Container(height=200, width=100, border=ft.Border.all(1, ft.Colors.OUTLINE), content=ft.ListView(
            [ft.Container(height=200 - size // 2), ft.Row([tappable(identifier, size)]), ft.Container(height=400)],
            spacing=0, padding=0))

    def across(identifier: str, size: int) -> ft.Control:
        return ft.Container(width=300, border=ft.Border.all(1, ft.Colors.OUTLINE), content=ft.Row(
            [ft.Container(width=300 - size // 2, height=size), tappable(identifier, size), ft.Container(width=400)],
            spacing=0, scroll=ft.ScrollMode.HIDDEN))

    # a list the wheel does not reach (a pane lies over it): its control stays cut
    stuck = ft.Stack([down("big-stuck", 48),
                      ft.Container(width=100, height=200, bgcolor=ft.Colors.with_opacity(0.1, ft.Colors.BLACK))])
    return [ft.Row([down("small", 20), down("big", 48), stuck]), across("small-across", 20), across("big-across", 48)]


def broken(page: ft.Page) -> list[ft.Control]:
    # a control that expands in a row that wraps has no width to fill: Flutter draws its error box
    return [ft.Semantics(identifier="above", content=ft.Text("Above the box")),
            ft.Row([ft.Container(ft.Text("wide"), expand=True)], wrap=True)]


def squeezed(page: ft.Page) -> list[ft.Control]:
    # a line squeezed into 12 px (one letter a line), a line too long for its row (it runs past
    # the screen's right edge), and a long line in a row that scrolls across (meant to run on)
    return [ft.Semantics(identifier="fine", content=ft.Text("A line that fits")),
            ft.Row([ft.Container(ft.Semantics(identifier="letters", content=ft.Text("Blind from 100 behind")),
                                 width=12)]),
            ft.Row([ft.Semantics(identifier="past", content=ft.Text("Past the edge " * 30, no_wrap=True))]),
            ft.Row([ft.Semantics(identifier="across", content=ft.Text("Scrolls across " * 30, no_wrap=True))],
                   scroll=ft.ScrollMode.HIDDEN)]


def plain(page: ft.Page) -> list[ft.Control]:
    return [ft.Semantics(identifier="fine", content=ft.Text("A line that fits")),
            ft.Row([ft.Semantics(identifier="across", content=ft.Text("Scrolls across " * 30, no_wrap=True))],
                   scroll=ft.ScrollMode.HIDDEN)]


PAGES = {"/cover": cover, "/cut": cut, "/broken": broken, "/squeezed": squeezed, "/plain": plain}


def main(page: ft.Page) -> None:
    page.title = "probe"

    def show(e=None) -> None:
        page.controls.clear()
        page.add(ft.Column(PAGES.get(page.route, cover)(page), expand=True))

    page.on_route_change = show
    show()


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", action="store_true")  # the real app's flags, as Server gives them
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--data")
    args = parser.parse_args()
    assets = assets_or_warn()
    sock = bind(args.host, args.port)
    _serve(ft.run(main, export_asgi_app=True, assets_dir=str(assets) if assets else None,
                  no_cdn=True, name=""), sock)


if __name__ == "__main__":
    run()
