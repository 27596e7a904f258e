"""Join a table: the one screen a guest sees (a code field and a button, nothing else).

A guest is any browser that came neither through the host link nor with a table's code;
every route it asks for leads here.  The code is the one the scorekeeper's share screen
shows (or its QR code, which opens /join/CODE and skips this screen).
"""
from __future__ import annotations

import flet as ft

from .. import theme
from ..models.sharing import CODE_LENGTH, Role
from ..testid import tid
from .base import BaseScreen
from ..theme import MUTED
from .. import routes


class Screen(BaseScreen):
    title = theme.suit_title("Spades Scorekeeper")
    back = False
    roles = frozenset({Role.GUEST, Role.VIEWER})  # the host asking for it is sent home

    def __init__(self, app, code: str | None = None):
        super().__init__(app)
        self.code = code or ""

    def body(self) -> list[ft.Control]:
        self.field = ft.TextField(
            label="Table code", value=self.code, autofocus=not self.code,
            capitalization=ft.TextCapitalization.CHARACTERS, max_length=CODE_LENGTH + 4,
            counter="", text_size=24, expand=True,  # no hint: it would change the field's label
            on_submit=lambda e: self.join(), on_change=self.typed)
        self.problem = ft.Container(visible=False)
        out: list[ft.Control] = [
            tid("join-title", ft.Text("Join a table", size=26, weight=ft.FontWeight.BOLD)),
            ft.Text(f"Type the code on the scorekeeper's screen ({CODE_LENGTH} letters and digits, like "
                    "K7MQ2X), or scan its QR code with the camera: you will see the score sheet live, "
                    "as it is kept.", size=16, color=MUTED),
        ]
        if self.app.table_notice:
            out.append(tid("join-notice", ft.Container(
                ft.Text(self.app.table_notice, size=16, color=ft.Colors.ON_TERTIARY_CONTAINER),
                bgcolor=ft.Colors.TERTIARY_CONTAINER, padding=12, border_radius=12), live_region=True))
        out += [
            ft.Row([tid("join-code", self.field, expand=True)]),
            self.problem,
            ft.Row([tid("join-button", ft.FilledButton(
                "Join", icon=ft.Icons.LOGIN, height=56, expand=True,
                style=ft.ButtonStyle(text_style=theme.text_style(18, True)),
                on_click=lambda e: self.join()), expand=True)]),
        ]
        return out

    def take_over(self, previous) -> None:
        """Built again in place (a notice came, the theme changed): the code typed so far stays."""
        self.code = previous.code or self.code

    def typed(self, e) -> None:
        """Kept as typed: a screen built again (a notice, the theme) shows it, not an empty field."""
        self.code = e.control.value or ""
        self.clear_error()

    def clear_error(self) -> None:
        if self.problem.visible:
            self.problem.visible = False
            self.problem.update()

    def join(self) -> None:
        res = self.app.join_table(self.field.value or "")
        if res:
            self.app.go(routes.table(self.session.table))
            return
        self.problem.content = tid("join-error", ft.Row([
            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ON_ERROR_CONTAINER),
            ft.Text(res.message, color=ft.Colors.ON_ERROR_CONTAINER, size=15, expand=True),
        ]), live_region=True)
        self.problem.bgcolor = ft.Colors.ERROR_CONTAINER
        self.problem.padding = 12
        self.problem.border_radius = 12
        self.problem.visible = True
        self.problem.update()
