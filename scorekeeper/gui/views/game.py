"""The table screen: totals and bags on top, the sheet, the next hand's entry.

Phone: the totals and the Hand/Sheet switch stay pinned above, Save below; on
the Hand tab a whole hand is entered without scrolling.  Desktop: the sheet and
the entry side by side.
"""
from __future__ import annotations

import math

import flet as ft

from .. import exchange, theme
from ..components import sheet as sheetui
from ..components.chips import chip
from ..components.entry import EntryPanel
from ..models.live import deal_words, longest_deal_line
from ..testid import tid
from .base import GameScreen
from .share_table import share as share_table

MUTED = ft.Colors.ON_SURFACE_VARIANT
#: the deal line on a phone (14 px text): at most this many px a character, this many a line
CHAR_PX, LINE_PX = 7.6, 20
#: a phone's entry: px left and right of it (seven 48 px chips fit a line on a 360 px phone)
PHONE_SIDE = 6


class Screen(GameScreen):
    def __init__(self, app, game_id: str):
        super().__init__(app, game_id)
        self.tab = "sheet" if self.route_query.get("tab") == "sheet" else "hand"
        self.panel: EntryPanel | None = None

    # -- building ---------------------------------------------------------------
    def build(self) -> ft.View:
        self.open_game(self.game_id)
        rules = self.session.game.rules
        self.title = rules.title or rules.name
        self.totals = ft.Container()
        self.sheet_box = ft.Column(spacing=0, tight=True)
        self.entry_box = ft.Column(spacing=12, tight=True)
        self.info_box = ft.Container()
        self.kept_box = ft.Container(visible=False)
        self.bar_box = ft.Container(padding=ft.Padding.only(left=10, right=10, top=6, bottom=6),
                                    bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)
        self.tabs_box = ft.Container()
        self.undo_button = tid("undo", ft.IconButton(ft.Icons.UNDO, tooltip="Undo",
                                                     size_constraints=theme.TAP_SIZE,
                                                     on_click=lambda e: self.undo()))
        self.redo_button = tid("redo", ft.IconButton(ft.Icons.REDO, tooltip="Redo",
                                                     size_constraints=theme.TAP_SIZE,
                                                     on_click=lambda e: self.redo()))
        self.new_draft()
        self.fill()
        return self.layout()

    def actions(self) -> list[ft.Control]:
        menu = ft.PopupMenuButton(icon=ft.Icons.MORE_VERT, tooltip="More",
                                  size_constraints=theme.TAP_SIZE, padding=12, items=[
            *self.reading_items(),
            ft.PopupMenuItem(content="Share result", icon=ft.Icons.SHARE,
                             on_click=lambda e: self.page.run_task(self.share)),
            ft.PopupMenuItem(content="Export record", icon=ft.Icons.SAVE_ALT,
                             on_click=lambda e: self.page.run_task(self.export)),
            *([ft.PopupMenuItem(content="Share this table", icon=ft.Icons.QR_CODE_2,
                                on_click=lambda e: self.share_table())]
              if self.is_host else []),
        ])
        return [self.undo_button, self.redo_button, tid("game-menu", menu)]

    def layout(self) -> ft.View:
        appbar = self.appbar()
        if self.wide:
            left = ft.Column([self.totals, self.sheet_box], spacing=12,
                             scroll=ft.ScrollMode.AUTO, expand=3)
            self.scroller = ft.Column([self.kept_box, self.info_box, self.entry_box], spacing=12,
                                      scroll=ft.ScrollMode.AUTO, expand=True)
            right = ft.Column([self.scroller, self.bar_box], spacing=0, expand=2)
            body = ft.Row([left, ft.VerticalDivider(width=1), right], expand=True,
                          vertical_alignment=ft.CrossAxisAlignment.START, spacing=16)
            return ft.View(appbar=appbar, controls=[ft.Container(body, padding=12, expand=True)],
                           padding=0)
        scroller = ft.Column([self.kept_box, self.info_box, self.entry_box, self.sheet_box], spacing=6,
                             scroll=ft.ScrollMode.AUTO, expand=True)
        self.scroller = scroller
        top = ft.Container(ft.Column([self.totals, self.tabs_box], spacing=6, tight=True),
                           padding=ft.Padding.only(left=10, right=10, top=6))
        return ft.View(appbar=appbar, controls=[top, ft.Container(
            scroller, padding=ft.Padding.symmetric(horizontal=PHONE_SIDE), expand=True), self.bar_box],
            padding=0, spacing=0)

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
        self.totals.content = sheetui.header(sheet, game.rules, sides, compact, self.totals_keeper)
        self.undo_button.content.disabled = not s.can_undo
        self.redo_button.content.disabled = not s.can_redo
        show_sheet = self.wide or self.tab == "sheet"
        show_entry = self.wide or self.tab == "hand"
        self.sheet_box.controls = [sheetui.table(sheet, game, sides, self.sheet_compact, self.open_hand,
                                                 cache=self.sheet_cache)] if show_sheet else []
        self.sheet_box.visible = show_sheet
        if not self.wide:
            self.tabs_box.content = self.tabs()
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
        """Hand | Sheet (N): N scored hands (a misdeal is not a hand)."""
        s = self.session
        title = [] if s.sheet.finished else [
            tid("hand-title", ft.Text(s.hand_title, size=16, weight=ft.FontWeight.BOLD))]
        return ft.Row([
            chip("Hand", self.tab == "hand", lambda: self.switch_tab("hand"), "tab-hand",
                 width=96),
            chip(f"Sheet ({s.sheet.hands_played})", self.tab == "sheet",
                 lambda: self.switch_tab("sheet"), "tab-sheet", width=116),
            *title,
        ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def switch_tab(self, tab: str) -> None:
        if tab == "hand":  # a message left from the sheet would cover Save
            self.app.clear_message()
        self.tab = tab
        self.fill()
        self.page.update()

    def next_info(self) -> ft.Control:
        """Who deals and leads, the pass (who bids first is marked on its row); on a wide
        screen 'Hand 7 of 12' first (a phone has it beside the Hand/Sheet switch)."""
        s = self.session
        bits = deal_words(s)
        spans = [ft.TextSpan(" \u00b7 ".join(bits), ft.TextStyle(size=14))]
        label = f"{s.hand_title}: {' · '.join(bits)}"
        if self.wide:
            spans.insert(0, ft.TextSpan(s.hand_title + "  ", ft.TextStyle(
                size=18, weight=ft.FontWeight.BOLD)))
            return tid("next-hand", ft.Text(spans=spans), label=label)
        # a phone: the line keeps one height all game (the dealer and the pass change every
        # hand), so the entry under it never moves between hands
        lines = max(1, math.ceil(longest_deal_line(s) * CHAR_PX / max(1, self.entry_width)))
        return tid("next-hand", ft.Container(ft.Text(spans=spans), height=lines * LINE_PX), label=label)

    def game_over(self) -> ft.Control:
        return super().game_over([
            *([tid("rematch", ft.FilledButton("Rematch", icon=ft.Icons.REPLAY, height=48,
                                              on_click=lambda e: self.rematch()))]
              if self.is_host else []),
            ft.OutlinedButton("Share", icon=ft.Icons.SHARE, height=48,
                              on_click=lambda e: self.page.run_task(self.share)),
        ])

    def sheet_parts(self) -> list[ft.Control]:
        return [self.totals, self.tabs_box, self.info_box, self.sheet_box,
                self.undo_button, self.redo_button]

    def refresh(self, update: bool = True) -> None:
        self.fill()
        if update:
            # only the parts that change: a whole-page diff costs tens of ms
            self.page.update(*self.sheet_parts(), self.entry_box, self.bar_box)

    def refit(self) -> None:
        if not self.wide and not self.session.sheet.finished:  # the deal line's height is the width's
            self.info_box.content = self.next_info()
            self.info_box.update()

    @property
    def entry_width(self) -> float:
        return self.width - 2 * PHONE_SIDE

    # -- actions -----------------------------------------------------------
    def new_draft(self) -> None:
        self.panel = EntryPanel(self.session.draft(), self.save, on_misdeal=self.ask_misdeal,
                                one_line=not self.wide, width=self.entry_width,
                                on_change=self.session.seat.show_entry)
        self.entry_version = self.session.version  # the game the entry is made on

    def save(self, draft) -> str | None:
        res = self.session.record_hand(draft.to_hand(), version=self.entry_version)
        if res.conflict:
            self.after_change(keep=False)
            self.saved_elsewhere_first(draft, res.message)
            return None
        if not res:
            return res.message
        self.after_change(res.message, keep=False)
        return None

    def after_change(self, message: str | None = None, keep: bool = True) -> None:
        """The new line on the sheet first, then the entry for the next hand: this device's
        entry carried over to it (`keep`, and it still fits), or cleared.  `message` shows
        beside Save (where it covers nothing); on a finished game, at the bottom."""
        self.fill_sheet()
        self.page.update(*self.sheet_parts())
        self.next_entry(message, keep)
        self.page.update(self.entry_box, self.bar_box, self.kept_box)
        self.page.run_task(self.scroll_top)

    def next_entry(self, message: str | None, keep: bool) -> None:
        s = self.session
        old = self.panel.draft if self.panel is not None else None
        if s.sheet.finished:
            self.new_draft()
            if old is not None and keep and not old.is_empty():
                self.keep_in_sight(old, f"{message}: the game is over" if message else "The game is over")
            elif message:
                self.app.message(message)
        else:
            carried = old.carried_to(s.game, s.next) if keep and old and not old.is_empty() else None
            if keep and old is not None and not old.is_empty() and carried is None:
                self.keep_in_sight(old, f"{message}: what you entered no longer fits {s.hand_title}"
                                   if message else f"What you entered no longer fits {s.hand_title}")
                message = None  # said above, with the numbers
            if carried is not None and message:
                message = f"{message}; your entry is kept for {s.hand_title}"
            draft = carried or s.draft()
            if self.panel is None:
                self.new_draft()
            self.panel.reset(draft, notice=message)  # same chips: a small update
            self.entry_version = s.version
        self.fill_entry()

    def notify(self, text: str) -> bool:
        """Beside Save while the entry is on screen (a message at the bottom would cover it)."""
        if self.panel is None or self.session.sheet.finished or not self.bar_box.visible:
            return False
        self.panel.show(text)
        return True

    def changed_elsewhere(self, game_id: str, change: str | None) -> None:
        """Another device changed this game: the sheet follows; this device's entry stays."""
        if game_id != self.game_id:
            return
        if change is None:  # this device's own change, or nothing new
            return
        self.fill_sheet()
        self.page.update(*self.sheet_parts())
        self.next_entry(f"{change} on another device", keep=True)
        self.page.update(self.entry_box, self.bar_box, self.kept_box)

    def reconnected(self) -> None:
        """Back online: the sheet as saved now (the session read it again); this device's
        entry stays."""
        self.fill()
        self.page.update()

    def keep_in_sight(self, draft, why: str) -> None:
        """What this device had entered, shown until dismissed (it was not saved)."""
        def dismiss(e) -> None:
            self.kept_box.content = None
            self.kept_box.visible = False
            self.kept_box.update()

        self.kept_box.content = tid("kept-entry", ft.Container(ft.Column([
            ft.Text(why, size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER),
            tid("kept-numbers", ft.Text(f"Not saved: {draft.summary()}", size=14,
                                        color=ft.Colors.ON_TERTIARY_CONTAINER)),
            ft.Row([tid("kept-dismiss", ft.TextButton("Dismiss", height=48, on_click=dismiss))],
                   alignment=ft.MainAxisAlignment.END),
        ], spacing=4, tight=True), padding=ft.Padding.only(left=12, right=6, top=8),
            border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER), live_region=True)
        self.kept_box.visible = True

    def saved_elsewhere_first(self, draft, message: str) -> None:
        """Both devices saved this hand: the second is asked, its numbers kept in sight."""
        s = self.session
        carried = draft.carried_to(s.game, s.next)

        def save_next(e) -> None:
            self.page.pop_dialog()
            res = s.record_hand(carried.to_hand(), version=s.version)
            if not res:
                self.keep_in_sight(draft, res.message)
                self.page.update(self.kept_box)
                return
            self.after_change(res.message, keep=False)

        def discard(e) -> None:
            self.page.pop_dialog()
            self.panel.show(f"Your entry was discarded; {s.hand_title} is next")

        fits = (f"Save them as {s.hand_title}, or discard them." if carried is not None else
                f"They do not fit {s.hand_title} (a blind bid is no longer allowed): discard them.")
        actions = [tid("conflict-discard", ft.TextButton("Discard mine", height=48, on_click=discard))]
        if carried is not None:
            actions.append(tid("conflict-save-next", ft.FilledButton(
                f"Save as {s.hand_title}", height=48, on_click=save_next)))
        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(message),
            content=tid("conflict-numbers", ft.Text(f"Your numbers: {draft.summary()}. {fits}")),
            actions=actions))

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
                self.panel.show(res.message, error=True)
                return
            self.after_change(res.message, keep=False)

        self.page.show_dialog(ft.AlertDialog(
            title=ft.Text("Misdeal?"),
            content=ft.Text(f"The hand scores nothing, is not counted as a hand, and the deal "
                            f"passes from {self.session.next.dealer} to the next dealer."),
            actions=[ft.TextButton("Cancel", height=48, on_click=lambda e: self.page.pop_dialog()),
                     tid("confirm-misdeal", ft.FilledButton("Misdeal", height=48, on_click=confirm))]))

    def undo(self) -> None:
        self.step(self.session.undo())

    def redo(self) -> None:
        self.step(self.session.redo())

    def step(self, res) -> None:
        """After undo/redo: the entry carried to the hand that is next now; what was done
        beside Save (a message at the bottom would cover it)."""
        if not res:
            self.app.error(res.message)
        self.after_change(res.message if res else None, keep=True)

    def rematch(self) -> None:
        res, new_id = self.session.games.rematch(self.game_id)
        if not res:
            self.app.error(res.message)
            return
        self.app.go(f"/game/{new_id}")

    def share_table(self) -> None:
        if share_table(self.app, self.game_id):
            self.app.go(f"/game/{self.game_id}/share")

    async def share(self) -> None:
        await exchange.share_result(self.app, self.game_id)

    async def export(self) -> None:
        await exchange.export_record(self.app, self.game_id)
