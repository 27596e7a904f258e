"""The table screen: totals and bags on top, the sheet, the next hand's entry.

Phone: the totals and the Hand/Sheet switch stay pinned above, Save below; on
the Hand tab a whole hand is entered without scrolling.  Desktop: the sheet and
the entry side by side.
"""
from __future__ import annotations

import flet as ft

from .. import exchange, theme
from ..components import sheet as sheetui
from ..components.deal_line import deal_line
from ..components.entry import EntryPanel, flush
from ..components.hand_tabs import hand_tabs
from ..components.kept_entry import KeptEntry
from ..keep import Keeper
from ..components.misdeal_dialog import ask_misdeal
from ..testid import tid
from .base import GameScreen
from .. import routes

#: a phone's entry: px left and right of it (seven 48 px chips fit a line on a 360 px phone)
PHONE_SIDE = 6
#: a phone on its side: the column right of the entry (totals, Hand | Sheet, the deal, Save), px
SIDE_COLUMN = 232


class Screen(GameScreen):
    #: the hand being entered on the screen this one was built in place of, and the game's
    #: version it was entered on (`take_over`); used once, by the first `new_draft`
    carried: tuple | None = None

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
        self.kept = KeptEntry(self.page, self.session)  # what this device entered and did not save
        self.bar_box = ft.Container(padding=ft.Padding.only(left=10, right=10, top=6, bottom=6),
                                    bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)
        self.tabs_box = ft.Container()
        self.tabs_keeper = Keeper()  # Hand | Sheet (N): a switch or a save sends what changed
        self.deal_keeper = Keeper()  # the deal line: a save sends its new words
        self.undo_button = tid("undo", ft.IconButton(ft.Icons.UNDO, tooltip="Undo",
                                                     size_constraints=theme.TAP_SIZE,
                                                     on_click=lambda e: self.step(self.session.undo())))
        self.redo_button = tid("redo", ft.IconButton(ft.Icons.REDO, tooltip="Redo",
                                                     size_constraints=theme.TAP_SIZE,
                                                     on_click=lambda e: self.step(self.session.redo())))
        # what a save, an undo or another device's change updates of the sheet's side
        self.sheet_parts = [self.totals, self.tabs_box, self.info_box, self.sheet_box,
                            self.undo_button, self.redo_button]
        self.new_draft()
        self.fill()
        if self.tab == "hand":  # a message left at the bottom by the screen before would cover Save
            self.app.clear_message()
        return self.layout()

    def actions(self) -> list[ft.Control]:
        menu = ft.PopupMenuButton(icon=ft.Icons.MORE_VERT, tooltip="More",
                                  size_constraints=theme.TAP_SIZE, padding=12, items=[
            *self.reading_items(),
            ft.PopupMenuItem(content="Share result", icon=ft.Icons.SHARE,
                             on_click=lambda e: self.page.run_task(exchange.share_result, self.app,
                                                                   self.game_id)),
            ft.PopupMenuItem(content="Picture of the sheet", icon=ft.Icons.IMAGE_OUTLINED,
                             on_click=lambda e: self.page.run_task(exchange.share_picture, self.app,
                                                                   self.game_id)),
            ft.PopupMenuItem(content="Export record", icon=ft.Icons.SAVE_ALT,
                             on_click=lambda e: self.page.run_task(exchange.export_record, self.app,
                                                                   self.game_id)),
            *([ft.PopupMenuItem(content="Share this table", icon=ft.Icons.QR_CODE_2,
                                on_click=lambda e: self.share_table())]
              if self.may_share else []),
        ])
        return [self.undo_button, self.redo_button, tid("game-menu", menu)]

    def layout(self) -> ft.View:
        appbar = self.appbar()
        if self.wide:
            left = ft.Column([self.totals, self.sheet_box], spacing=12,
                             scroll=ft.ScrollMode.AUTO, expand=3)
            self.scroller = ft.Column([self.kept.box, self.info_box, self.entry_box], spacing=12,
                                      scroll=ft.ScrollMode.AUTO, expand=True)
            right = ft.Column([self.scroller, self.bar_box], spacing=0, expand=2)
            body = ft.Row([left, ft.VerticalDivider(width=1), right], expand=True,
                          vertical_alignment=ft.CrossAxisAlignment.START, spacing=16)
            return ft.View(appbar=appbar, controls=[ft.Container(body, padding=12, expand=True)],
                           padding=0)
        if self.landscape:  # a phone on its side: the entry left, all the rest in a column right
            self.scroller = ft.Column([self.kept.box, self.entry_box, self.sheet_box], spacing=6,
                                      scroll=ft.ScrollMode.AUTO, expand=True)
            # Hand | Sheet pinned at the column's head and Save at its foot; the totals and the deal
            # line between them scroll if a table of many sides and a long deal line need it
            # (nothing there is tapped, so no target is ever cut)
            middle = ft.Column([self.totals, self.info_box], spacing=6, scroll=ft.ScrollMode.AUTO,
                               expand=True)
            side = ft.Container(ft.Column([
                ft.Container(self.tabs_box, padding=ft.Padding.only(left=6, right=6, top=6)),
                ft.Container(middle, padding=ft.Padding.symmetric(horizontal=6), expand=True),
                self.bar_box], spacing=6), width=SIDE_COLUMN)
            # (2 px above the entry: a table of six's second line of trick counts fits 390 px)
            body = ft.Row([ft.Container(self.scroller, padding=ft.Padding.only(left=PHONE_SIDE, right=PHONE_SIDE, top=2),
                                        expand=True),
                           ft.VerticalDivider(width=1), side], spacing=0, expand=True,
                          vertical_alignment=ft.CrossAxisAlignment.STRETCH)
            return ft.View(appbar=appbar, controls=[body], padding=0, spacing=0)
        scroller = ft.Column([self.kept.box, self.info_box, self.entry_box, self.sheet_box], spacing=6,
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
        landscape = self.landscape
        self.totals.content = sheetui.header(sheet, game.rules, sides, compact, self.totals_keeper,
                                             across=(2 if len(sides) <= 4 else 3) if landscape else None)
        self.undo_button.content.disabled = not s.can_undo
        self.redo_button.content.disabled = not s.can_redo
        show_sheet = self.wide or self.tab == "sheet"
        show_entry = self.wide or self.tab == "hand"
        # on a phone's Hand tab too, hidden: a save sends its one new row, and the switch to the
        # Sheet tab only shows it (it would otherwise send every row again, more as the game goes on)
        self.sheet_box.controls = [sheetui.table(sheet, game, sides, self.sheet_compact, self.open_hand,
                                                 cache=self.sheet_cache,
                                                 edited=s.dispute.edited_deals())]
        self.sheet_box.visible = show_sheet
        if not self.wide:
            self.tabs_box.content = hand_tabs(s, self.tab, self.switch_tab, self.tabs_keeper,
                                              titled=not landscape)
        if sheet.finished and landscape:  # the game over in the entry's place (fill_entry)
            self.info_box.content = None
        else:
            self.info_box.content = (self.game_over() if sheet.finished
                                     else deal_line(s, self.wide or landscape, self.entry_width, self.deal_keeper))
        self.info_box.visible = (show_entry or sheet.finished) and self.info_box.content is not None

    def fill_entry(self) -> None:
        sheet = self.session.sheet
        show_entry = self.wide or self.tab == "hand"
        if sheet.finished:
            # a phone on its side: who won where the entry was (its column right is narrow)
            self.entry_box.controls = [self.game_over()] if self.landscape else []
            self.bar_box.content = None
        else:
            self.entry_box.controls = [self.panel.control]  # hidden on the Sheet tab, not sent again
            self.bar_box.content = self.panel.bar
        self.entry_box.visible = show_entry
        self.bar_box.visible = show_entry and not sheet.finished

    def switch_tab(self, tab: str) -> None:
        if tab == "hand":  # a message left from the sheet would cover Save
            self.app.clear_message()
        self.tab = tab
        self.fill()
        # what the switch shows and hides; the rest of the page is as it was
        self.page.update(self.tabs_box, self.info_box, self.sheet_box, self.entry_box, self.bar_box)
        flush(self.panel)

    def game_over(self) -> ft.Control:
        return super().game_over([
            *([tid("rematch", ft.FilledButton("Rematch", icon=ft.Icons.REPLAY, height=48,
                                              on_click=lambda e: self.rematch()))]
              if self.is_host else []),
            ft.OutlinedButton("Share", icon=ft.Icons.SHARE, height=48,
                              on_click=lambda e: self.page.run_task(exchange.share_result, self.app,
                                                                    self.game_id)),
        ])

    def refresh(self, update: bool = True) -> None:
        self.fill()
        if update:
            # only the parts that change: a whole-page diff costs tens of ms
            self.page.update(*self.sheet_parts, self.entry_box, self.bar_box)
            flush(self.panel)

    def refit(self) -> None:
        if not self.wide and not self.landscape and not self.session.sheet.finished:  # the deal line's height is the width's
            self.info_box.content = deal_line(self.session, self.wide, self.entry_width, self.deal_keeper)
            self.info_box.update()

    @property
    def entry_width(self) -> float:
        if self.landscape:
            return self.width - SIDE_COLUMN - 1 - 2 * PHONE_SIDE
        return self.width - 2 * PHONE_SIDE

    # -- actions -----------------------------------------------------------
    def take_over(self, previous) -> None:
        """The screen rebuilt (a resize across layouts, a theme switch ...): the hand being
        entered goes on in the new one while the game is as it was."""
        if previous.game_id == self.game_id:
            self.carried = (previous.panel.draft, previous.entry_version)

    def new_draft(self) -> None:
        carried, self.carried = self.carried, None
        s = self.session
        if carried is not None and carried[1] == s.version:
            draft = carried[0]
        else:  # what this device entered and did not save (a reload, Back, a server restart)
            fresh = s.draft()
            draft = self.app.drafts.restore(self.game_id, s.game, s.next, check=fresh.check) or fresh
        self.panel = EntryPanel(draft, self.save,
                                on_misdeal=lambda: ask_misdeal(self.page, self.session.next.dealer,
                                                               self.misdeal),
                                one_line=not self.wide, width=self.entry_width, landscape=self.landscape,
                                on_change=lambda d: _entry_changed(self, d))
        self.entry_version = self.session.version  # the game the entry is made on

    def save(self, draft) -> str | None:
        res = self.session.record_hand(draft.to_hand(), version=self.entry_version)
        if res.conflict:
            self.after_change(keep=False)
            self.kept.saved_elsewhere_first(draft, res.message,
                                            saved=lambda message: self.after_change(message, keep=False),
                                            discarded=lambda message: self.panel.show(message))
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
        self.page.update(*self.sheet_parts)
        self.next_entry(message, keep)
        self.page.update(self.entry_box, self.bar_box, self.kept.box)
        flush(self.panel)
        self.page.run_task(self.scroll_top)

    def next_entry(self, message: str | None, keep: bool) -> None:
        s = self.session
        old = self.panel.draft if self.panel is not None else None
        if s.sheet.finished:
            self.new_draft()
            if old is not None and keep and not old.is_empty():
                self.kept.keep(old, f"{message}: the game is over" if message else "The game is over")
            elif message:
                self.app.message(message)
        else:
            carried = old.carried_to(s.game, s.next) if keep and old and not old.is_empty() else None
            if keep and old is not None and not old.is_empty() and carried is None:
                self.kept.keep(old, f"{message}: what you entered no longer fits {s.hand_title}"
                               if message else f"What you entered no longer fits {s.hand_title}")
                message = None  # said above, with the numbers
            if carried is not None and message:
                message = f"{message}; your entry is kept for {s.hand_title}"
            draft = carried or s.draft()
            if self.panel is None:
                self.new_draft()
            self.panel.reset(draft, notice=message)  # same chips: a small update
            self.entry_version = s.version
        self.app.drafts.put(self.game_id, self.panel.draft)  # saved: an empty entry, dropped
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
        self.page.update(*self.sheet_parts)
        self.next_entry(f"{change} on another device", keep=True)
        self.page.update(self.entry_box, self.bar_box, self.kept.box)
        flush(self.panel)

    def reconnected(self) -> None:
        """Back online: the sheet as saved now (the session read it again); this device's
        entry stays."""
        self.fill()
        self.page.update()
        flush(self.panel)

    async def scroll_top(self) -> None:
        try:
            await self.scroller.scroll_to(offset=0, duration=150)
        except Exception:  # the screen was left meanwhile
            pass

    def misdeal(self) -> None:
        res = self.session.misdeal()
        if not res:
            self.panel.show(res.message, error=True)
            return
        self.after_change(res.message, keep=False)

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
        self.app.go(routes.game(new_id))

    def share_table(self) -> None:
        from .share_table import share as share_table  # (a served app's: the phone's own build has none)
        if share_table(self.app, self.game_id):
            self.app.go(routes.share(self.game_id))


def _entry_changed(screen: Screen, draft) -> None:
    """A tap: the game's viewers follow, and this device keeps the entry until it is saved."""
    screen.session.seat.show_entry(draft)
    screen.app.drafts.put(screen.game_id, draft)
