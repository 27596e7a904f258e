"""A game's history, newest first: when, which device (and its role), and what changed, in the
words `scorekeeper history ID` prints.  Viewers read it too; nobody changes it here."""
from __future__ import annotations

import flet as ft

from .. import theme
from ..testid import tid
from .base import AT_THE_TABLE, BaseScreen, full_width


class Screen(BaseScreen):
    title = "History"
    roles = AT_THE_TABLE  # a viewer: its table's game only (access.admit)

    def __init__(self, app, game_id: str):
        super().__init__(app, game_id=game_id)
        self.game_id = game_id

    def build(self) -> ft.View:
        return self.view(full_width(self.body()))

    def body(self) -> list[ft.Control]:
        self.open_game(self.game_id)
        rows, why = self.session.dispute.history()
        if why:
            return [ft.Text(why, size=16)]
        if not rows:
            return [ft.Text("Nothing recorded yet.", color=theme.MUTED)]
        out: list[ft.Control] = [ft.Text("Newest first. Each change names the device that made it.",
                                         color=theme.MUTED, size=13)]
        for n, row in enumerate(rows):
            out.append(tid(f"history-{n}", ft.Container(ft.Column([
                ft.Text(row.when, size=12, color=theme.MUTED) if row.when else ft.Container(),
                ft.Text(row.text, size=15),
            ], spacing=2, tight=True), padding=ft.Padding.symmetric(vertical=6, horizontal=4),
                border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)))))
        return out
