"""One hand's breakdown: every line of points with the rule it applies (the CLI's text)."""
from __future__ import annotations

import flet as ft

from ..models.figures import signed
from ..testid import tid
from ..theme import TARGET
from .base import HandScreen

MUTED = ft.Colors.ON_SURFACE_VARIANT


class Screen(HandScreen):
    title_prefix = "Hand"

    def actions(self) -> list[ft.Control]:
        if not self.session.holds_pen(self.game_id):  # a viewer reads; the pen edits
            return []
        return [tid("edit-hand", ft.TextButton(
            "Edit", icon=ft.Icons.EDIT, height=TARGET,
            on_click=lambda e: self.app.go(f"/game/{self.game_id}/edit/{self.number}")))]

    def body(self) -> list[ft.Control]:
        hs = self.open_deal()
        out: list[ft.Control] = [ft.Text(f"{hs.dealer} dealt", color=MUTED)]
        if hs.misdeal:
            out.append(ft.Text("Misdeal: no scores, the deal passed on.", size=16))
        if hs.thrown_out:
            out.append(ft.Text(hs.note or "Thrown out: no scores.", size=16))
        for side, ss in hs.sides.items():
            if hs.misdeal:
                break
            lines = [ft.Row([
                ft.Text(signed(line.points), width=64, text_align=ft.TextAlign.RIGHT,
                        weight=ft.FontWeight.BOLD),
                ft.Text(line.text, expand=True),
            ], vertical_alignment=ft.CrossAxisAlignment.START) for line in ss.lines]
            if not lines:
                lines = [ft.Text("No points this hand.", color=MUTED)]
            out.append(tid(f"breakdown-{side}", ft.Container(ft.Column([
                ft.Text(side, size=18, weight=ft.FontWeight.BOLD),
                ft.Text(f"bid {ss.bid_text} \u00b7 took {'' if ss.tricks is None else ss.tricks}",
                        color=MUTED),
                *lines,
                ft.Divider(height=1),
                ft.Row([ft.Text(signed(ss.points), width=64, text_align=ft.TextAlign.RIGHT,
                                weight=ft.FontWeight.BOLD),
                        ft.Text(f"this hand \u00b7 score {ss.score} \u00b7 bags {ss.bags}",
                                expand=True)]),
            ], spacing=6, tight=True), padding=12, border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)))
        edit = [tid("edit-hand-button", ft.FilledButton(
            "Edit this hand", icon=ft.Icons.EDIT, height=48,
            on_click=lambda e: self.app.go(f"/game/{self.game_id}/edit/{self.number}")))]
        out.append(ft.Row([
            *(edit if self.session.holds_pen(self.game_id) else []),
            tid("back-to-sheet", ft.OutlinedButton(
                "Back to the sheet", height=48,
                on_click=lambda e: self.app.go(f"/game/{self.game_id}?tab=sheet"))),
        ], wrap=True, spacing=10))
        return out
