"""A shared game, live and read-only: what a phone at the table sees after joining by the code.

The totals and the sheet (the game screen's own components), the hand as the pen holder
enters it (dealer, each bid as it is tapped, the lock line, the tricks), who holds the pen
and a way to ask for it.  Tap a row for its breakdown; the menu has the rules, what if and
the chart.  Nothing on this screen changes the game: the phone that holds the pen is shown
the game screen instead (`access.admit`).  The host sees this screen for a game whose pen
it gave away, with "Take the pen back".
"""
from __future__ import annotations

import flet as ft

from .. import theme
from ..components import sheet as sheetui
from ..keep import Keeper
from ..models import Kind
from ..models.live import watched
from ..testid import tid
from .base import GameScreen
from ..theme import MUTED
from .. import routes

EMPTY = "No hands yet: the sheet fills in as the hands are saved."
PEN_NAME = "pen-name"  # the name this phone asked with last (kept for the next request)


class Screen(GameScreen):
    def __init__(self, app, game_id: str):
        super().__init__(app, game_id)
        self.live_keeper = Keeper()  # the card of the hand being entered: a tap sends what changed

    # -- building -----------------------------------------------------------------------
    def build(self) -> ft.View:
        self.open_game(self.game_id)
        rules = self.session.game.rules
        self.title = rules.title or rules.name
        self.totals = ft.Container()
        self.live_box = ft.Container()
        self.last_box = ft.Container()  # a phone: the newest row, in sight above the live hand
        self.pen_box = ft.Container()
        self.sheet_box = ft.Column(spacing=0, tight=True)
        self.fill()
        if self.wide:
            left = ft.Column([self.totals, self.sheet_box], spacing=12, scroll=ft.ScrollMode.AUTO, expand=3)
            right = ft.Column([self.pen_box, self.live_box], spacing=12, scroll=ft.ScrollMode.AUTO, expand=2)
            body = ft.Row([left, ft.VerticalDivider(width=1), right], expand=True, spacing=16,
                          vertical_alignment=ft.CrossAxisAlignment.START)
            return ft.View(appbar=self.appbar(), controls=[ft.Container(body, padding=12, expand=True)],
                           padding=0)
        column = ft.Column([self.totals, self.last_box, self.live_box, self.pen_box, self.sheet_box], spacing=8,
                           scroll=ft.ScrollMode.AUTO, expand=True)
        return ft.View(appbar=self.appbar(), controls=[ft.Container(
            column, padding=ft.Padding.only(left=10, right=10, top=6), expand=True)], padding=0)

    def actions(self) -> list[ft.Control]:
        items = self.reading_items()
        if self.is_host:
            items.append(ft.PopupMenuItem(content="Share this table", icon=ft.Icons.QR_CODE_2,
                                          on_click=lambda e: self.app.go(routes.share(self.game_id))))
        else:
            items.append(ft.PopupMenuItem(content="Leave this table", icon=ft.Icons.LOGOUT,
                                          on_click=lambda e: self.app.leave_table()))
        return [tid("game-menu", ft.PopupMenuButton(icon=ft.Icons.MORE_VERT, tooltip="More",
                                                    size_constraints=theme.TAP_SIZE, padding=12,
                                                    items=items))]

    # -- content --------------------------------------------------------------------------
    def fill(self) -> None:
        self.fill_sheet()
        self.fill_live()
        self.fill_pen()

    def fill_sheet(self) -> None:
        s = self.session
        sides = list(s.sheet.sides)
        compact = not self.wide
        self.totals.content = sheetui.header(s.sheet, s.game.rules, sides, compact, self.totals_keeper)
        edited = s.dispute.edited_deals()
        self.sheet_box.controls = [sheetui.table(s.sheet, s.game, sides, self.sheet_compact, self.open_hand,
                                                 cache=self.sheet_cache, empty=EMPTY, edited=edited)]
        last = None if self.wide else sheetui.last_row(s.sheet, s.game, sides, self.sheet_compact,
                                                       self.open_hand, edited)
        self.last_box.content = tid("last-row", ft.Column([
            ft.Text("Last saved", size=12, color=MUTED), last], spacing=2, tight=True)) if last else None

    def fill_live(self) -> None:
        """The hand being entered (as the pen holder has it now), or the game's end."""
        s = self.session
        if s.sheet.finished:
            self.live_box.content = self.game_over()
            return
        tables = self.app.served.tables
        w = watched(s, self.app.served.board.latest(self.game_id, s.version),
                    by=tables.pen_name(self.game_id))
        keep = self.live_keeper.keep
        rows: list[ft.Control] = [  # the deal line under the title, whole (a phone has no room beside it)
            keep("title", ft.Text(w.title, size=18, weight=ft.FontWeight.BOLD)),
            keep("deal", tid("live-deal", keep("deal#t", ft.Text(w.deal, size=14, color=MUTED)))),
        ]
        for row, bid in w.bids:
            first = f"  {w.first_words}" if row == w.first else ""
            rows.append(keep(f"bid-{row}", tid(f"live-bid-{row}", keep(f"bid-{row}#row", ft.Row([
                keep(f"bid-{row}#name", ft.Text(spans=[
                    ft.TextSpan(row, ft.TextStyle(size=16, weight=ft.FontWeight.W_600)),
                    ft.TextSpan(first, ft.TextStyle(size=12, color=MUTED))],
                    expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)),
                keep(f"bid-{row}#bid", ft.Text(bid, size=22, weight=ft.FontWeight.BOLD)),
            ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)), label=f"{row}: {bid}")))
        if w.lock:
            rows.append(keep("lock", ft.Text(w.lock, size=14)))
        rows.append(keep("tricks", ft.Text(f"Took: {w.tricks}" if w.tricks else "Took: \u2014", size=15)))
        rows.append(keep("status", ft.Text(
            f"{w.by} is entering this hand \u00b7 {w.status}" if w.started
            else f"{w.by} enters the hands: waiting for the first bid", size=13, color=MUTED)))
        self.live_box.content = keep("card", tid("live-hand", keep("card#box", ft.Container(
            keep("card#col", ft.Column(rows, spacing=2, tight=True)),
            padding=ft.Padding.symmetric(horizontal=12, vertical=8), border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)), label=w.text, live_region=True))

    def fill_pen(self) -> None:
        """Who enters the hands, and (a viewer) ask for the pen, or (the host) take it back."""
        s = self.session
        tables = self.app.served.tables
        holder = tables.pen_name(self.game_id)
        request = tables.request_for(self.game_id)
        if self.is_host:
            line = f"{holder} has the pen: the hands it saves show here"
            button = tid("take-pen", ft.FilledButton("Take the pen back", icon=ft.Icons.EDIT, height=48,
                                                     on_click=lambda e: self.take_pen()))
        elif request is not None and request.client == s.client:
            line = f"You asked for the pen as {request.name}: waiting for {_within(holder)}"
            button = None
        else:
            line = f"{holder} keeps score; you see the game as it is kept"
            button = tid("ask-pen", ft.OutlinedButton("Ask for the pen", icon=ft.Icons.EDIT, height=48,
                                                      on_click=lambda e: self.ask_pen()))
        self.pen_box.content = ft.Column([
            tid("pen-status", ft.Text(line, size=14, color=MUTED)),
            *([button] if button is not None else []),
        ], spacing=6, tight=True)

    # -- others' changes ------------------------------------------------------------------
    def changed_elsewhere(self, game_id: str, change: str | None) -> None:
        """A hand was saved (or undone, edited): the new row, the totals, the next hand."""
        if game_id != self.game_id:
            return
        self.fill_sheet()
        self.fill_live()
        self.page.update(self.totals, *([] if self.wide else [self.last_box]), self.sheet_box, self.live_box)

    def table_changed(self, game_id: str, what: Kind) -> None:
        if game_id != self.game_id:
            return
        if what is Kind.ENTRY:
            self.fill_live()
            self.page.update(self.live_box)
        else:
            self.fill_pen()
            self.page.update(self.pen_box)

    def reconnected(self) -> None:
        self.fill()
        self.page.update()

    # -- actions (none changes the game) -------------------------------------------------------
    def ask_pen(self) -> None:
        """Name this phone for the table ("Bob's phone") and ask whoever holds the pen."""
        name = ft.TextField(label="Name this phone", value=self.recall(PEN_NAME, ""),
                            autofocus=True, max_length=30, counter="", on_submit=lambda e: ask())
        problem = ft.Text("", color=ft.Colors.ERROR, visible=False)

        def ask() -> None:
            res = self.session.seat.ask_pen(name.value or "")
            if not res:
                problem.value, problem.visible = res.message, True
                problem.update()
                return
            self.remember(PEN_NAME, name.value.strip())
            self.page.pop_dialog()

        self.page.show_dialog(ft.AlertDialog(
            title=ft.Text("Ask for the pen"),
            content=ft.Column([
                ft.Text("How should the table call this phone? Like \u201cBob's phone\u201d. Whoever "
                        "holds the pen is asked; if they give it, this phone enters the hands.", size=14),
                tid("pen-name", name), problem], tight=True, spacing=8),
            actions=[ft.TextButton("Cancel", height=48, on_click=lambda e: self.page.pop_dialog()),
                     tid("pen-ask", ft.FilledButton("Ask", height=48, on_click=lambda e: ask()))]))

    def take_pen(self) -> None:
        res = self.session.seat.take_pen(self.game_id)
        if not res:
            self.app.error(res.message)


def _within(name: str) -> str:
    """A device's name inside a sentence: "The scorekeeper" -> "the scorekeeper" (a phone's own
    name, "Bob's phone", is left as the table wrote it)."""
    return "the scorekeeper" if name == "The scorekeeper" else name
