"""The table screen: totals and bags on top, the sheet, the next hand's entry.

Phone: the totals stay pinned; "Hand" and "Sheet" switch below them.
Desktop: the sheet and the entry side by side.
"""
from __future__ import annotations

import flet as ft

from .. import theme
from ..components import sheet as sheetui
from ..components.entry import EntryPanel
from .. import exchange
from ..testid import tid
from .base import BaseScreen

MUTED = ft.Colors.ON_SURFACE_VARIANT


class Screen(BaseScreen):
    title = "Game"
    keep_awake = True

    def __init__(self, app, game_id: str):
        super().__init__(app, game_id=game_id)
        self.game_id = game_id
        self.tab = "hand"
        self.panel: EntryPanel | None = None
        self.sheet_cache: dict = {}
        self.recent_cache: dict = {}

    # -- building ---------------------------------------------------------------
    def build(self) -> ft.View:
        self.open_game(self.game_id)
        rules = self.session.game.rules
        self.title = theme.PRESET_TITLES.get(rules.name, rules.name)
        self.totals = ft.Container()
        self.sheet_box = ft.Column(spacing=0, tight=True)
        self.entry_box = ft.Column(spacing=12, tight=True)
        self.info_box = ft.Container()
        self.recent_box = ft.Container()
        self.bar_box = ft.Container(padding=ft.Padding.only(left=10, right=10, top=6, bottom=8),
                                    bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)
        self.tabs_box = ft.Container()
        self.undo_button = tid("undo", ft.IconButton(ft.Icons.UNDO, tooltip="Undo",
                                                     on_click=lambda e: self.undo()))
        self.redo_button = tid("redo", ft.IconButton(ft.Icons.REDO, tooltip="Redo",
                                                     on_click=lambda e: self.redo()))
        self.new_draft()
        self.fill()
        return self.layout()

    def actions(self) -> list[ft.Control]:
        menu = ft.PopupMenuButton(icon=ft.Icons.MORE_VERT, tooltip="More", items=[
            ft.PopupMenuItem(content="Rules of this game", icon=ft.Icons.MENU_BOOK,
                             on_click=lambda e: self.app.go(f"/game/{self.game_id}/rules")),
            ft.PopupMenuItem(content="What if (other rules)", icon=ft.Icons.COMPARE_ARROWS,
                             on_click=lambda e: self.app.go(f"/game/{self.game_id}/whatif")),
            ft.PopupMenuItem(content="Chart", icon=ft.Icons.SHOW_CHART,
                             on_click=lambda e: self.app.go(f"/game/{self.game_id}/chart")),
            ft.PopupMenuItem(content="Share result", icon=ft.Icons.SHARE,
                             on_click=lambda e: self.page.run_task(self.share)),
            ft.PopupMenuItem(content="Export record", icon=ft.Icons.SAVE_ALT,
                             on_click=lambda e: self.page.run_task(self.export)),
        ])
        return [self.undo_button, self.redo_button, tid("game-menu", menu)]

    def layout(self) -> ft.View:
        appbar = self.appbar()
        if self.wide:
            left = ft.Column([self.totals, self.sheet_box], spacing=12,
                             scroll=ft.ScrollMode.AUTO, expand=3)
            self.scroller = ft.Column([self.info_box, self.entry_box], spacing=12,
                                      scroll=ft.ScrollMode.AUTO, expand=True)
            right = ft.Column([self.scroller, self.bar_box], spacing=0, expand=2)
            body = ft.Row([left, ft.VerticalDivider(width=1), right], expand=True,
                          vertical_alignment=ft.CrossAxisAlignment.START, spacing=16)
            return ft.View(appbar=appbar, controls=[ft.Container(body, padding=12, expand=True)],
                           padding=0)
        scroller = ft.Column([self.recent_box, self.info_box, self.entry_box, self.sheet_box],
                             spacing=12,
                             scroll=ft.ScrollMode.AUTO, expand=True)
        self.scroller = scroller
        top = ft.Container(ft.Column([self.totals, self.tabs_box], spacing=8, tight=True),
                           padding=ft.Padding.only(left=10, right=10, top=8))
        return ft.View(appbar=appbar, controls=[top, ft.Container(
            scroller, padding=ft.Padding.symmetric(horizontal=10), expand=True), self.bar_box],
            padding=0, spacing=0)

    def layout_key(self) -> bool:
        return self.wide

    # -- content ------------------------------------------------------------------
    def fill(self) -> None:
        self.fill_sheet()
        self.fill_entry()

    def fill_sheet(self) -> None:
        """Totals, the sheet, undo/redo and what the next hand is."""
        s = self.session
        game, sheet = s.game, s.sheet
        sides = list(sheet.sides)
        compact = not self.wide
        self.totals.content = sheetui.header(sheet, game.rules, sides, compact)
        self.undo_button.content.disabled = not s.can_undo
        self.redo_button.content.disabled = not s.can_redo
        show_sheet = self.wide or self.tab == "sheet"
        show_entry = self.wide or self.tab == "hand"
        self.sheet_box.controls = [sheetui.table(sheet, game.rules, sides, compact, self.open_hand,
                                                 cache=self.sheet_cache)] if show_sheet else []
        self.sheet_box.visible = show_sheet
        if not self.wide:
            self.tabs_box.content = self.tabs()
            recent = self.tab == "hand" and bool(sheet.hands)
            self.recent_box.content = sheetui.table(
                sheet, game.rules, sides, True, self.open_hand, last_only=1,
                cache=self.recent_cache) if recent else None
            self.recent_box.visible = recent
        self.info_box.content = self.game_over() if sheet.finished else self.next_info()
        self.info_box.visible = show_entry or sheet.finished

    def fill_entry(self) -> None:
        sheet = self.session.sheet
        show_entry = self.wide or self.tab == "hand"
        if sheet.finished:
            self.entry_box.controls = []
            self.bar_box.content = None
        else:
            self.entry_box.controls = [self.panel.control] if show_entry else []
            self.bar_box.content = self.panel.bar
        self.entry_box.visible = show_entry
        self.bar_box.visible = show_entry and not sheet.finished

    def tabs(self) -> ft.Control:
        hands = len(self.session.sheet.hands)
        return ft.Row([
            tid("tab-hand", ft.SegmentedButton(
                segments=[ft.Segment(value="hand", label=ft.Text("Hand")),
                          ft.Segment(value="sheet", label=ft.Text(f"Sheet ({hands})"))],
                selected=[self.tab], on_change=self.switch_tab, width=260,
                show_selected_icon=False)),
        ])

    def switch_tab(self, e) -> None:
        chosen = list(e.control.selected or [])
        self.tab = chosen[0] if chosen else "hand"
        self.fill()
        self.page.update()

    def next_info(self) -> ft.Control:
        n = self.session.next
        bits = [f"{n.dealer} deals", n.lead_text, f"{n.bid_order[0]} bids first"]
        if n.pass_text:
            bits.append(n.pass_text)
        return tid("next-hand", ft.Container(ft.Column([
            ft.Text(f"Hand {n.number}", size=20, weight=ft.FontWeight.BOLD),
            ft.Text(" \u00b7 ".join(bits), size=14),
        ], spacing=2, tight=True), padding=10, border_radius=12,
            bgcolor=ft.Colors.SECONDARY_CONTAINER))

    def game_over(self) -> ft.Control:
        sheet = self.session.sheet
        return tid("game-over", ft.Container(ft.Column([
            ft.Text("\u2660 Game over", size=18, color=MUTED),
            tid("winner", ft.Text(f"{sheet.winner} won" if sheet.winner else "No winner",
                                  size=26, weight=ft.FontWeight.BOLD)),
            tid("reason", ft.Text(sheet.reason or "", size=16)),
            ft.Row([
                tid("rematch", ft.FilledButton("Rematch", icon=ft.Icons.REPLAY, height=48,
                                               on_click=lambda e: self.rematch())),
                ft.OutlinedButton("Share", icon=ft.Icons.SHARE, height=48,
                                  on_click=lambda e: self.page.run_task(self.share)),
            ], wrap=True, spacing=10),
        ], spacing=8, tight=True), padding=16, border_radius=12,
            bgcolor=ft.Colors.TERTIARY_CONTAINER))

    def sheet_parts(self) -> list[ft.Control]:
        return [self.totals, self.tabs_box, self.recent_box, self.info_box, self.sheet_box,
                self.undo_button, self.redo_button]

    def refresh(self, update: bool = True) -> None:
        self.fill()
        if update:
            # only the parts that change: a whole-page diff costs tens of ms
            self.page.update(*self.sheet_parts(), self.entry_box, self.bar_box)

    # -- actions -----------------------------------------------------------
    def new_draft(self) -> None:
        self.panel = EntryPanel(self.session.draft(), self.save,
                                on_misdeal=self.ask_misdeal, lock=self.session.lock)

    def save(self, draft) -> str | None:
        res = self.session.record_hand(draft.to_hand())
        if not res:
            return res.message
        self.after_change(res.message)
        return None

    def after_change(self, message: str = "") -> None:
        """The new line on the sheet first, then the entry cleared for the next hand."""
        self.fill_sheet()
        self.page.update(*self.sheet_parts())
        if self.panel is not None and not self.session.sheet.finished:
            self.panel.reset(self.session.draft())  # same chips, cleared: a small update
        else:
            self.new_draft()
        self.fill_entry()
        self.page.update(self.entry_box, self.bar_box)
        self.app.broadcast(self.game_id)
        self.page.run_task(self.scroll_top)

    async def scroll_top(self) -> None:
        try:
            await self.scroller.scroll_to(offset=0, duration=150)
        except Exception:  # the screen was left meanwhile
            pass

    def ask_misdeal(self) -> None:
        def confirm(e):
            self.page.pop_dialog()
            res = self.session.misdeal()
            if not res:
                self.app.error(res.message)
                return
            self.after_change()
            self.app.message(res.message)

        self.page.show_dialog(ft.AlertDialog(
            title=ft.Text("Misdeal?"),
            content=ft.Text("The hand scores nothing and the deal passes to the next dealer."),
            actions=[ft.TextButton("Cancel", on_click=lambda e: self.page.pop_dialog()),
                     tid("confirm-misdeal", ft.FilledButton("Misdeal", on_click=confirm))]))

    def undo(self) -> None:
        res = self.session.undo()
        if not res:
            self.app.error(res.message)
        self.after_change()
        if res:
            self.app.message(res.message)

    def redo(self) -> None:
        res = self.session.redo()
        if not res:
            self.app.error(res.message)
        self.after_change()

    def open_hand(self, number: int) -> None:
        self.app.go(f"/game/{self.game_id}/hand/{number}")

    def rematch(self) -> None:
        res, new_id = self.session.rematch(self.game_id)
        if not res:
            self.app.error(res.message)
            return
        self.app.go(f"/game/{new_id}")

    async def share(self) -> None:
        await exchange.share_result(self.app, self.game_id)

    async def export(self) -> None:
        await exchange.export_record(self.app, self.game_id)
