"""A sheet over a phone's hand entry (its specials, its lock round): a title and Done above the
panel's own rows, so a tap in it is the panel's tap; closing it (Done, a tap outside, Back) redraws
the panel."""
from __future__ import annotations

import flet as ft

from ..testid import tid


class EntrySheet:
    """One part of an `EntryPanel` (`p`) that a phone shows in a bottom sheet."""

    def __init__(self, panel) -> None:
        self.p = panel
        self.sheet: ft.BottomSheet | None = None  # when open

    def show(self, title: str, body: ft.Control, done_id: str) -> None:
        page = self.p.column.page
        if page is None or self.sheet is not None:
            return
        done = tid(done_id, ft.FilledButton("Done", icon=ft.Icons.CHECK, height=48,
                                            on_click=lambda e: self.close()))
        self.sheet = ft.BottomSheet(
            ft.Container(ft.Column([
                ft.Row([ft.Text(title, size=16, weight=ft.FontWeight.BOLD, expand=True), done],
                       vertical_alignment=ft.CrossAxisAlignment.CENTER),
                body], spacing=8, tight=True, scroll=ft.ScrollMode.AUTO),
                padding=ft.Padding.only(left=12, right=12, top=8, bottom=16)),
            on_dismiss=lambda e: self._closed(), show_drag_handle=True,
            scrollable=True,  # as tall as its rows (Flutter's default stops at 9/16 of the screen)
            # a phone on its side: the screen's whole width (Material stops at 640 px)
            size_constraints=ft.BoxConstraints(max_width=page.width) if self.p.landscape and page.width else None)
        page.show_dialog(self.sheet)

    def close(self) -> None:
        page = self.p.column.page
        if page is not None and self.sheet is not None:
            page.pop_dialog()
        self._closed()

    def _closed(self) -> None:
        if self.sheet is None:
            return
        self.sheet = None
        self.p.redraw()
