"""The picture of the sheet on the phone's own build: drawn by the client, not by Pillow.

The phone's build carries no Pillow (none is built for Pyodide here), so the picture is the app's
own sheet as Flutter draws it: a dialog shows the rules, the totals and the sheet in the light
theme, and "Share the picture" takes it as a PNG (`ft.Screenshot.capture`) about 1080 px wide,
then shares or saves it as the served app does (`exchange.send_picture`).
"""
from __future__ import annotations

import logging
from typing import Awaitable, Callable

import flet as ft

from ...engine.text import game_result
from .. import theme
from ..components import sheet as sheetui
from ..models.options import rules_in_words
from ..testid import tid

log = logging.getLogger(__name__)

#: the picture's width in pixels (as Pillow's: a phone shows it across its screen), and the width
#: its sheet is laid out at (a phone's sheet, whatever room the dialog has: it scrolls across)
PICTURE_WIDTH, LAID_OUT = 1080, 400


def sheet_picture(session) -> ft.Control:
    """The open game's rules, totals and sheet, as the picture shows them."""
    game, sheet = session.game, session.sheet
    sides = list(sheet.sides)
    lines: list[ft.Control] = [
        ft.Text(f"\u2660 {' v '.join(sides)}", size=17, weight=ft.FontWeight.BOLD),
        ft.Text(f"{rules_in_words(game.rules)} \u00b7 {sheet.hands_text}", size=12,
                color=ft.Colors.ON_SURFACE_VARIANT),
        sheetui.header(sheet, game.rules, sides, compact=True),
        sheetui.table(sheet, game, sides, compact=True, on_tap=lambda deal: None),
    ]
    if sheet.finished:
        lines.append(ft.Text(game_result(sheet.winner, sheet.reason, "share"), size=14,
                             weight=ft.FontWeight.BOLD))
    return ft.Column(lines, spacing=8, tight=True)


async def show_picture(app, game_id: str, name: str,
                       send: Callable[[object, str, bytes], Awaitable[None]]) -> None:
    """The picture in a dialog; "Share the picture" captures it and hands it to `send`."""
    page = app.page
    shot = ft.Screenshot(ft.Container(
        sheet_picture(app.session), width=LAID_OUT, padding=12, bgcolor=ft.Colors.WHITE,
        theme=theme.light(), theme_mode=ft.ThemeMode.LIGHT))  # light, whatever the app's

    async def share(e) -> None:
        try:
            png = await shot.capture(pixel_ratio=PICTURE_WIDTH / LAID_OUT)
        except Exception as exc:  # the client could not draw it (a page being closed, ...)
            log.warning("no picture: %s", exc)
            app.error("Cannot draw the picture here: share the result as text instead")
            return
        page.pop_dialog()
        await send(app, name, png)

    page.show_dialog(ft.AlertDialog(
        title=ft.Text("Picture of the sheet"), actions_overflow_button_spacing=8,
        content=tid("picture", ft.Column([ft.Row([shot], scroll=ft.ScrollMode.AUTO)], tight=True,
                                         scroll=ft.ScrollMode.AUTO)),
        actions=[ft.TextButton("Cancel", height=48, on_click=lambda e: page.pop_dialog()),
                 tid("picture-share", ft.FilledButton("Share the picture", icon=ft.Icons.SHARE,
                                                      height=48, on_click=share))]))
