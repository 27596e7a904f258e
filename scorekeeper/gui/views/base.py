"""What every screen shares: the app bar with back and theme, a scrolling body."""
from __future__ import annotations

from typing import Any, Hashable

import flet as ft

from .. import routes, theme
from ...engine.text import game_result
from ..components import sheet as sheetui
from ..keep import Keeper
from ..models import Kind, Role
from ..screen import Host
from ..testid import tid

#: who may open a screen (`roles`): the host only, or the host and a viewer of the game's table
HOST = frozenset({Role.HOST})
AT_THE_TABLE = frozenset({Role.HOST, Role.VIEWER})


def full_width(controls: list[ft.Control]) -> list[ft.Control]:
    """A screen's cards each as wide as its column, however short their text."""
    return [ft.Column(controls, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)]


class BaseScreen:
    """A screen (`screen.Screen`): `build()` returns the ft.View the router puts on the page.

    A subclass gives `body()` (or its own `build()`), `actions()` for the app
    bar, `keep_awake = True` when the table uses it during a game, `roles` when more than
    the host may open it, and `layout_key()` when its layout depends on the window's size.
    """

    title = "Spades Scorekeeper"
    back = True  # show a back arrow in the app bar
    keep_awake = False
    #: the roles that may open this screen (`access.admit`; a viewer only its own table's game)
    roles: frozenset[Role] = HOST

    def __init__(self, app: Host, **params: str):
        self.app = app
        self.page = app.page
        self.session = app.session
        self.params = params
        self.route_query = dict(app.query)  # "/game/ID?tab=sheet" -> {"tab": "sheet"}
        self._built_for = self.layout_key()  # again once built (`built`): the game is open then

    def body(self) -> list[ft.Control]:
        """The controls of the scrolling body."""
        return []

    def actions(self) -> list[ft.Control]:
        """Buttons of the app bar (before the theme switch)."""
        return []

    def build(self) -> ft.View:
        return self.view(self.body())

    def layout_key(self) -> Hashable:
        """What the layout depends on besides the data (the width class, ...): a change rebuilds."""
        return None

    def built(self) -> None:
        """What the layout was built for, read once the screen has opened its game (a game
        screen's sheet layout depends on its sides)."""
        self._built_for = self.layout_key()

    def take_over(self, previous: Any) -> None:
        """Built again in place of `previous`: nothing to carry over (the game screen carries the
        hand being entered)."""

    def resized(self) -> None:
        if self.layout_key() != self._built_for:
            self.app.refresh()
            return
        panel = getattr(self, "panel", None)  # a hand's entry: its lines of chips fit the new width
        if panel is not None:
            panel.refit(self.entry_width)
        self.refit()

    def refit(self) -> None:
        """The width changed within one layout: what is sized by the width follows (the game
        screen's deal line)."""

    @property
    def entry_width(self) -> float:
        """The width a hand's entry has on this screen (the view's padding taken off)."""
        return self.width - 24

    def notify(self, text: str) -> bool:
        return False

    def changed_elsewhere(self, game_id: str, change: str | None) -> None:
        """Another device changed a game: rebuild if this screen shows it (or all games)."""
        if self.params.get("game_id", game_id) == game_id:
            self.app.refresh()

    def table_changed(self, game_id: str, what: Kind) -> None:
        """The sharing or the pen of a game changed, or its entry (nothing here shows them)."""

    def reconnected(self) -> None:
        """Back online: built again from the game as saved now."""
        self.app.refresh()

    @property
    def is_host(self) -> bool:
        """This device keeps score (came through the host link, or is the app's own window)."""
        return self.session.role is Role.HOST

    @property
    def may_share(self) -> bool:
        """This device may share a table: the host, where tables are shared at all (the phone's
        own build has no server, so nothing to share)."""
        return self.is_host and self.app.served.shares_tables

    def recall(self, name: str, default: Any = None) -> Any:
        """A value this tab kept with `remember` (survives a rebuild of the screen)."""
        try:
            found = self.page.session.store.get(f"{type(self).__module__}:{name}")
        except Exception:  # no session (a page being torn down)
            found = None
        return default if found is None else found

    def remember(self, name: str, value: Any) -> None:
        try:
            self.page.session.store.set(f"{type(self).__module__}:{name}", value)
        except Exception:  # no session (a page being torn down)
            pass

    def open_game(self, game_id: str, hand: int | None = None) -> None:
        """Open the game (and check that hand ``hand`` exists); LookupError with the reason otherwise."""
        res = self.session.open(game_id)
        if not res:
            raise LookupError(res.message)
        if hand is not None and not 1 <= hand <= len(self.session.game.hands):
            raise LookupError(f"this game has no hand {hand}")

    def appbar(self) -> ft.AppBar:
        leading = None
        if self.back:
            leading = tid("back", ft.IconButton(ft.Icons.ARROW_BACK, tooltip="Back",
                                                size_constraints=theme.TAP_SIZE,
                                                on_click=lambda e: self.app.back()))
        self.theme_button = ft.IconButton(size_constraints=theme.TAP_SIZE,
                                          on_click=lambda e: self.app.toggle_theme())
        self.theme_changed()
        theme_button = tid("theme", self.theme_button)
        # a phone: a smaller title, nearer the back arrow, on two lines when "IHOP 6 players" does
        # not fit beside four buttons (a 360 px phone)
        narrow = not self.wide
        return ft.AppBar(
            leading=leading, automatically_imply_leading=False,
            title=ft.Text(self.title, overflow=ft.TextOverflow.ELLIPSIS, max_lines=2 if narrow else 1,
                          size=17 if narrow else None),
            title_spacing=4 if narrow and self.back else None,
            actions=[*self.actions(), theme_button],
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            # a phone on its side: the buttons' own 48 px, not Material's 56 (with the lock's line
            # beside Save, a 740x360 phone holds a hand of six players: it was cut at the foot)
            toolbar_height=theme.TARGET if self.landscape else None,
        )

    def theme_changed(self) -> None:
        """The theme switch shows the theme it leads to."""
        self.theme_button.icon = ft.Icons.LIGHT_MODE if self.app.dark else ft.Icons.DARK_MODE
        self.theme_button.tooltip = "Light theme" if self.app.dark else "Dark theme"

    def view(self, controls: list[ft.Control], scroll: bool = True, **kw) -> ft.View:
        return ft.View(
            appbar=self.appbar(),
            controls=[ft.Container(
                ft.Column(controls, spacing=12, tight=True),
                padding=ft.Padding.all(12), width=900 if self.wide else None,
            )] if scroll else controls,
            scroll=ft.ScrollMode.AUTO if scroll else None,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            padding=0,
            **kw,
        )

    @property
    def width(self) -> float:
        return self.page.width or 400

    @property
    def wide(self) -> bool:
        return self.width >= theme.WIDE

    @property
    def landscape(self) -> bool:
        """A phone on its side: too low for a phone's screen one part over the other."""
        height = self.page.height or 0
        return not self.wide and 0 < height < theme.LOW and self.width > height


class HandScreen(BaseScreen):
    """A screen about one deal of a game (route /game/:game_id/.../:number).

    The route's number is the deal's position in the record (a misdeal has one too); what the
    screen shows is the hand's number as the table counts it (`open_deal`)."""

    title_prefix = "Hand"
    keep_awake = True
    roles = AT_THE_TABLE  # the edit: only while this device holds the pen (access.admit)

    def __init__(self, app: Host, game_id: str, number: str):
        super().__init__(app, game_id=game_id, number=number)
        self.game_id = game_id
        self.number = int(number)  # the deal's position
        self.title = self.title_prefix

    def open_deal(self):
        """Open the game and return this deal's HandScore; the title names it as the table does."""
        self.open_game(self.game_id, self.number)
        hs = self.session.sheet.hands[self.number - 1]
        self.title = self.hand_title(hs)
        return hs

    def hand_title(self, hs) -> str:
        if hs.number is None:
            return hs.label
        return f"{self.title_prefix} {hs.number}"


class GameScreen(BaseScreen):
    """A screen of one game's sheet: the game screen (the pen's) and the read-only table."""

    title = "Game"
    keep_awake = True
    roles = AT_THE_TABLE  # the entry or read-only, as the pen decides (access.admit)

    def __init__(self, app: Host, game_id: str):
        super().__init__(app, game_id=game_id)
        self.game_id = game_id
        self.back = self.is_host  # a phone at the table has only this game
        self.sheet_cache: dict = {}  # the sheet's rows: a save sends only the new one
        self.totals_keeper = Keeper()  # the totals: a save sends only the numbers that changed

    def layout_key(self) -> tuple[bool, bool, bool]:
        return self.wide, self.sheet_compact, self.landscape

    @property
    def sheet_compact(self) -> bool:
        """The sheet two lines a side (a phone; a desktop without room for every column of every side)."""
        if not self.wide or self.session.sheet is None:
            return True
        return (self.width * 0.6 - 40) / len(self.session.sheet.sides) < sheetui.WIDE_SIDE

    def reading_items(self) -> list[ft.PopupMenuItem]:
        """The game menu's screens that only read the game (a viewer has them too)."""
        go = self.app.go
        return [
            ft.PopupMenuItem(content="Rules of this game", icon=ft.Icons.MENU_BOOK,
                             on_click=lambda e: go(routes.game_rules(self.game_id))),
            ft.PopupMenuItem(content="What if (other rules)", icon=ft.Icons.COMPARE_ARROWS,
                             on_click=lambda e: go(routes.what_if(self.game_id))),
            ft.PopupMenuItem(content="Chart", icon=ft.Icons.SHOW_CHART,
                             on_click=lambda e: go(routes.chart(self.game_id))),
            ft.PopupMenuItem(content="History (who changed what)", icon=ft.Icons.HISTORY,
                             on_click=lambda e: go(routes.history(self.game_id))),
        ]

    def game_over(self, buttons: list[ft.Control] | None = None) -> ft.Control:
        """The end of the game: who won and why (the engine's words), with `buttons` below."""
        sheet = self.session.sheet
        lines: list[ft.Control] = [
            ft.Text("\u2660 Game over", size=18, color=ft.Colors.ON_SURFACE_VARIANT),
            tid("winner", ft.Text(game_result(sheet.winner),
                                  size=26, weight=ft.FontWeight.BOLD)),
            tid("reason", ft.Text(sheet.reason or "", size=16)),
        ]
        if buttons:
            lines.append(ft.Row(buttons, wrap=True, spacing=10))
        return tid("game-over", ft.Container(ft.Column(lines, spacing=8, tight=True), padding=16,
                                             border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER))

    def open_hand(self, number: int) -> None:
        """A sheet row tapped: that hand's breakdown."""
        self.app.go(routes.hand(self.game_id, number))
