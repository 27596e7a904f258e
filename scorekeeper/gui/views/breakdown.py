"""One hand's breakdown: every line of points with the rule it applies (the CLI's text).

Each line can be tapped: it opens its rule and this hand scored each other way (`line_rule`).  A
hand changed after it was entered says so first, with each change's old and new values."""
from __future__ import annotations

import flet as ft

from .. import routes
from ..models.figures import signed
from ..testid import tid
from ..theme import MUTED, TARGET
from .base import HandScreen


class Screen(HandScreen):
    title_prefix = "Hand"

    def actions(self) -> list[ft.Control]:
        if not self.session.holds_pen(self.game_id):  # a viewer reads; the pen edits
            return []
        return [tid("edit-hand", ft.TextButton(
            "Edit", icon=ft.Icons.EDIT, height=TARGET,
            on_click=lambda e: self.app.go(routes.edit(self.game_id, self.number))))]

    def body(self) -> list[ft.Control]:
        hs = self.open_deal()
        out: list[ft.Control] = [ft.Text(f"{hs.dealer} dealt", color=MUTED), *self.changes(hs.deal)]
        if hs.misdeal:
            out.append(ft.Text("Misdeal: no scores, the deal passed on.", size=16))
        if hs.thrown_out:
            out.append(ft.Text(hs.note or "Thrown out: no scores.", size=16))
        for side, ss in hs.sides.items():
            if hs.misdeal:
                break
            seen: dict[str, int] = {}
            lines = [self.line(side, line, seen) for line in ss.lines]
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
            on_click=lambda e: self.app.go(routes.edit(self.game_id, self.number))))]
        out.append(ft.Row([
            *(edit if self.session.holds_pen(self.game_id) else []),
            tid("back-to-sheet", ft.OutlinedButton(
                "Back to the sheet", height=48,
                on_click=lambda e: self.app.go(routes.game(self.game_id, tab="sheet")))),
        ], wrap=True, spacing=10))
        return out

    def line(self, side: str, line, seen: dict[str, int]) -> ft.Control:
        """A line of points; tapped, its rule and this hand the other ways."""
        seen[line.rule] = seen.get(line.rule, 0) + 1
        suffix = "" if seen[line.rule] == 1 else f"-{seen[line.rule]}"
        route = routes.line_rule(self.game_id, self.number, str(line.rule))
        return tid(f"line-{side}-{line.rule}{suffix}", ft.Container(ft.Row([
            ft.Text(signed(line.points), width=64, text_align=ft.TextAlign.RIGHT,
                    weight=ft.FontWeight.BOLD),
            ft.Text(line.text, expand=True),
            ft.Icon(ft.Icons.CHEVRON_RIGHT, color=MUTED, size=24),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER), ink=True, border_radius=8,
            padding=ft.Padding.symmetric(vertical=(TARGET - 24) // 2),  # 48 px tall at least
            on_click=lambda e: self.app.go(route)))

    def changes(self, deal: int) -> list[ft.Control]:
        """A hand changed after it was entered: each change with its old and new values."""
        rows = self.session.dispute.changes_of(deal)
        if not rows:
            return []
        return [tid("hand-changes", ft.Container(ft.Column([
            ft.Row([ft.Icon(ft.Icons.EDIT_NOTE, color=MUTED),
                    ft.Text("Changed after it was entered", weight=ft.FontWeight.BOLD)]),
            *[ft.Text(f"{row.when}  {row.text}", size=14) for row in rows],
            ft.TextButton("The game's history", icon=ft.Icons.HISTORY, height=TARGET,
                          on_click=lambda e: self.app.go(routes.history(self.game_id))),
        ], spacing=4, tight=True), padding=12, border_radius=12,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)))]
