"""The saved games: in progress first; resume, delete (with undo), rematch, import, export."""
from __future__ import annotations

import flet as ft

from .. import exchange, theme
from ..models.figures import game_status, hands_text
from ..models.options import preset_title
from ..testid import tid
from .base import BaseScreen
from .. import routes


def _date(iso: str | None) -> str:
    return (iso or "")[:10]


class Screen(BaseScreen):
    title = "\u2660 Spades Scorekeeper"
    back = False

    def actions(self) -> list[ft.Control]:
        return [tid("stats", ft.IconButton(ft.Icons.INSIGHTS, tooltip="Season stats",
                                           size_constraints=theme.TAP_SIZE,
                                           on_click=lambda e: self.app.go(routes.stats()))),
                # every game as one file, to move them to another phone or computer (Import reads it)
                tid("export-all", ft.IconButton(ft.Icons.SAVE_ALT, tooltip="Export all games",
                                                size_constraints=theme.TAP_SIZE,
                                                on_click=lambda e: self.app.page.run_task(exchange.export_all,
                                                                                          self.app)))]

    def body(self) -> list[ft.Control]:
        new = tid("new-game", ft.FilledButton(
            "New game", icon=ft.Icons.ADD, height=56, expand=True,
            on_click=lambda e: self.app.go(routes.new_game())), expand=True)
        imp = tid("import", ft.OutlinedButton(
            "Import", icon=ft.Icons.FILE_OPEN, height=56,
            on_click=lambda e: self.app.page.run_task(self.import_record)))
        controls: list[ft.Control] = [ft.Row([new, imp], spacing=12)]
        if (read_only := self.session.games.read_only()) is not None:  # a full disk, a read-only folder
            controls.append(tid("read-only", ft.Text(read_only, color=ft.Colors.ERROR, size=14)))
        try:
            games = self.session.games.list_games()
        except Exception as exc:  # storage trouble: say so, keep the screen
            controls.append(ft.Text(str(exc), color=ft.Colors.ERROR))
            return controls
        if not games:
            controls.append(ft.Container(
                ft.Text("No games yet. Tap \u201cNew game\u201d, type the players' names, "
                        "and start.", size=16),
                padding=ft.Padding.symmetric(vertical=24)))
        for summary in games:
            controls.append(self.game_card(summary))
        return controls

    def game_card(self, g) -> ft.Control:
        if g.unreadable is not None:
            return self.unreadable_card(g)
        scores = "   ".join(f"{side} {g.scores.get(side, 0)}" for side in g.sides)
        status = f"{game_status(g)} \u00b7 {hands_text(g)}"
        menu = ft.PopupMenuButton(
            size_constraints=theme.TAP_SIZE, padding=12,  # a 48 px target around the icon
            icon=ft.Icons.MORE_VERT, tooltip="More",
            items=[
                ft.PopupMenuItem(content="Rematch (same players)", icon=ft.Icons.REPLAY,
                                 on_click=lambda e, i=g.id: self.rematch(i)),
                ft.PopupMenuItem(content="Share result", icon=ft.Icons.SHARE,
                                 on_click=lambda e, i=g.id: self.app.page.run_task(exchange.share_result,
                                                                                   self.app, i)),
                ft.PopupMenuItem(content="Picture of the sheet", icon=ft.Icons.IMAGE_OUTLINED,
                                 on_click=lambda e, i=g.id: self.app.page.run_task(exchange.share_picture,
                                                                                   self.app, i)),
                ft.PopupMenuItem(content="Export record", icon=ft.Icons.SAVE_ALT,
                                 on_click=lambda e, i=g.id: self.app.page.run_task(self.export, i)),
                ft.PopupMenuItem(content="Delete", icon=ft.Icons.DELETE_OUTLINE,
                                 on_click=lambda e, i=g.id: self.delete(i)),
            ])
        tile = ft.ListTile(
            title=ft.Text(scores, weight=ft.FontWeight.BOLD, size=16),
            subtitle=tid(f"game-status-{g.id}", ft.Text(
                f"{status} \u00b7 {preset_title(g.rules)} \u00b7 {_date(g.updated or g.created)}")),
            trailing=tid(f"game-menu-{g.id}", menu),
            on_click=lambda e, i=g.id: self.app.go(routes.game(i)),
        )
        return tid(f"game-{g.id}", ft.Card(tile, margin=0))

    def unreadable_card(self, g) -> ft.Control:
        """A game this version cannot open: its names and date, why, and the way out (export, delete)."""
        names = ", ".join(g.players)
        why = f"Can't open with this version: {g.unreadable}"
        menu = ft.PopupMenuButton(
            size_constraints=theme.TAP_SIZE, padding=12, icon=ft.Icons.MORE_VERT, tooltip="More",
            items=[
                ft.PopupMenuItem(content="Export record", icon=ft.Icons.SAVE_ALT,
                                 on_click=lambda e, i=g.id: self.app.page.run_task(self.export, i)),
                ft.PopupMenuItem(content="Delete (to the trash)", icon=ft.Icons.DELETE_OUTLINE,
                                 on_click=lambda e, i=g.id: self.delete(i)),
            ])
        tile = ft.ListTile(
            title=ft.Text(g.title, weight=ft.FontWeight.BOLD, size=16),
            subtitle=tid(f"game-status-{g.id}", ft.Text(
                f"{why}\n{names} \u00b7 {preset_title(g.rules)} \u00b7 {_date(g.updated or g.created)}\n"
                "Export its record or delete it: its menu, at the right", color=ft.Colors.ERROR)),
            trailing=tid(f"game-menu-{g.id}", menu),
            on_click=lambda e: self.app.error(f"{why}. {g.title} ({names}) is kept as it was saved: "
                                              "export its record, or delete it to the trash, from its menu."),
        )
        return tid(f"game-{g.id}", ft.Card(tile, margin=0))

    # -- actions ------------------------------------------------------------
    def delete(self, game_id: str) -> None:
        res = self.session.games.delete(game_id)
        if not res:
            self.app.error(res.message)
            return
        self.app.refresh()
        self.app.message("Game deleted", action="Undo",
                         on_action=lambda: self.undo_delete(game_id))

    def undo_delete(self, game_id: str) -> None:
        res = self.session.games.restore(game_id)
        if not res:
            self.app.error(res.message)
        self.app.refresh()

    def rematch(self, game_id: str) -> None:
        res, new_id = self.session.games.rematch(game_id)
        if not res:
            self.app.error(res.message)
            return
        self.app.go(routes.game(new_id))
        self.app.message(res.message)

    async def export(self, game_id: str) -> None:
        await exchange.export_record(self.app, game_id)

    async def import_record(self) -> None:
        await exchange.import_record(self.app)
