"""A new game: preset, house-rule switches, names in seating order, first dealer."""
from __future__ import annotations

import random

import flet as ft

from ..components.chips import chip, section
from ...engine import OPTION_HELP, PRESET_SUMMARY, PRESETS, ScorekeeperError, format_value
from .. import theme
from ..testid import tid
from .base import BaseScreen

MUTED = ft.Colors.ON_SURFACE_VARIANT
PRESET_ORDER = ("standard", "ihop", "ihop-3", "ihop-6")
PRESET_TITLES = {"standard": "Standard (4)", "ihop": "IHOP (4)", "ihop-3": "IHOP 3 players",
                 "ihop-6": "IHOP 6 players"}  # on the preset chips
#: options shown as switches (the rest keep the preset's values; the rules screen lists all)
SWITCHES = ("nil", "blind_nil", "blind_bids", "ten_for_200", "nil_tricks_count_for_partner",
            "aces", "penalties", "lock", "passing", "partnership_bidding", "count_bags",
            "three_player_no_exact_total", "jokers", "no_trump", "double_nil", "bemo")
#: options chosen among a few values
CHOICES = {
    "win_score": (300, 400, 500, 1000),
    "lose_score": (None, -200, -500),
    "max_hands": (None, 10, 12, 15),
    "moon": (None, 200, 300, "win"),
}
DEALER_DRAW = "\u2660 Draw for the deal"


class Screen(BaseScreen):
    title = "New game"

    def __init__(self, app, **params):
        super().__init__(app, **params)
        self.preset = "standard"
        self.options: dict = {}
        self.names: dict[int, str] = {}
        self.team_names: dict[int, str] = {}
        self.dealer: int | str = 0  # seat index, or "draw"
        self.error: str | None = None
        self.show_options = False
        self.column = ft.Column(spacing=16, tight=True)

    def body(self) -> list[ft.Control]:
        self.redraw(update=False)
        return [self.column]

    def redraw(self, update: bool = True) -> None:
        self.column.controls = self.controls()
        if update:
            self.page.update()

    def tap(self, action):
        def run(*_):
            action()
            self.error = None
            self.redraw()
        return run

    # -- the parts ----------------------------------------------------------------
    @property
    def base(self):
        return PRESETS[self.preset]

    def rules(self):
        return self.base.with_options(self.options) if self.options else self.base

    def controls(self) -> list[ft.Control]:
        presets = ft.Row([chip(PRESET_TITLES.get(name, name), name == self.preset,
                               lambda n=name: self.tap(lambda: self.pick_preset(n))(),
                               f"preset-{name}", width=None) for name in PRESET_ORDER],
                         wrap=True, spacing=6, run_spacing=6)
        out: list[ft.Control] = [section("Rules", [
            presets, tid("preset-summary", ft.Text(PRESET_SUMMARY.get(self.preset, ""), size=14)),
            tid("read-rules", ft.TextButton("Read the rules", icon=ft.Icons.MENU_BOOK, height=48,
                                            on_click=lambda e: self.app.go("/rules")))])]
        out.append(self.players_section())
        out.append(self.dealer_section())
        out.append(self.options_section())
        if self.error:
            out.append(tid("new-game-error", ft.Text(self.error, color=ft.Colors.ERROR, size=15)))
        out.append(tid("start-game", ft.FilledButton(
            "Start game", icon=ft.Icons.PLAY_ARROW, height=56, on_click=lambda e: self.start(),
            style=ft.ButtonStyle(text_style=theme.text_style(17, True)))))
        return out

    def pick_preset(self, name: str) -> None:
        self.preset = name
        self.options = {}
        if isinstance(self.dealer, int) and self.dealer >= self.base.players:
            self.dealer = 0

    def players_section(self) -> ft.Control:
        n = self.base.players
        fields: list[ft.Control] = []
        for i in range(n):
            fields.append(ft.TextField(
                label=f"Player {i + 1}", value=self.names.get(i, ""), dense=True,
                on_change=lambda e, i=i: self.names.__setitem__(i, e.control.value),
                capitalization=ft.TextCapitalization.WORDS))
        controls: list[ft.Control] = [ft.ResponsiveRow(
            [ft.Container(f, col={"xs": 12, "sm": 6}) for f in fields], run_spacing=4)]
        if n != 3:
            teams = []
            sides = n // 2
            for t in range(sides):
                partners = " & ".join(f"Player {i + 1}" for i in range(t, n, sides))
                teams.append(ft.Container(ft.TextField(
                    label=f"Team {t + 1} name (optional)", hint_text=partners, dense=True,
                    value=self.team_names.get(t, ""),
                    on_change=lambda e, t=t: self.team_names.__setitem__(t, e.control.value)),
                    col={"xs": 12, "sm": 6}))
            controls.append(ft.ResponsiveRow(teams, run_spacing=4))
        subtitle = "In seating order, clockwise." + (
            " Partners sit opposite." if n != 3 else "")
        return section("Players", controls, subtitle=subtitle, identifier="players")

    def dealer_section(self) -> ft.Control:
        n = self.base.players
        chips = [chip(self.names.get(i) or f"Player {i + 1}", self.dealer == i,
                      lambda i=i: self.tap(lambda: setattr(self, "dealer", i))(),
                      f"dealer-{i}", width=None) for i in range(n)]
        chips.append(chip(DEALER_DRAW, self.dealer == "draw",
                          self.tap(lambda: setattr(self, "dealer", "draw")), "dealer-draw",
                          width=None))
        return section("First dealer", [ft.Row(chips, wrap=True, spacing=6, run_spacing=6)])

    def options_section(self) -> ft.Control:
        toggle = tid("options-toggle", ft.TextButton(
            ("Hide house rules" if self.show_options else "House rules (optional)"), height=48,
            icon=ft.Icons.EXPAND_LESS if self.show_options else ft.Icons.TUNE,
            on_click=self.tap(lambda: setattr(self, "show_options", not self.show_options))))
        if not self.show_options:
            return toggle
        rules = self.rules()
        rows: list[ft.Control] = [toggle]
        for key, values in CHOICES.items():
            current = getattr(rules, key)
            rows.append(ft.Column([
                ft.Text(OPTION_HELP.get(key, key), size=13),
                ft.Row([chip(format_value(v), v == current,
                             lambda v=v, k=key: self.tap(lambda: self.set_option(k, v))(),
                             f"option-{key}-{format_value(v)}", width=None) for v in values],
                       wrap=True, spacing=6, run_spacing=6)], spacing=4, tight=True))
        for key in SWITCHES:
            if key in ("count_bags", "three_player_no_exact_total") and rules.players != 3:
                continue
            if key in ("lock", "passing", "partnership_bidding") and rules.players == 3:
                continue
            rows.append(tid(f"option-{key}", ft.Switch(
                label=OPTION_HELP.get(key, key), value=bool(getattr(rules, key)),
                on_change=lambda e, k=key: self.tap(lambda: self.set_option(k, e.control.value))())))
        return tid("options", ft.Column(rows, spacing=8, tight=True))

    def set_option(self, key: str, value) -> None:
        trial = dict(self.options, **{key: value})
        try:
            self.base.with_options(trial)
        except ScorekeeperError as exc:
            self.error = str(exc)
            return
        self.options = trial

    # -- start ----------------------------------------------------------------------
    def start(self) -> None:
        n = self.base.players
        players = [(self.names.get(i) or "").strip() or f"Player {i + 1}" for i in range(n)]
        teams = None
        if n != 3:
            given = [(self.team_names.get(t) or "").strip() for t in range(n // 2)]
            teams = given if any(given) else None
            if teams:
                sides = n // 2
                teams = [name or " & ".join(players[i] for i in range(t, n, sides))
                         for t, name in enumerate(given)]
        dealer = random.choice(players) if self.dealer == "draw" else players[int(self.dealer)]
        try:
            rules = self.rules()
        except ScorekeeperError as exc:
            self.error = str(exc)
            self.redraw()
            return
        res, game_id = self.session.create_game(rules, players, team_names=teams,
                                                first_dealer=dealer)
        if not res:
            self.error = res.message
            self.redraw()
            return
        if self.dealer == "draw":
            self.app.message(f"{dealer} drew the deal")
        self.app.go(f"/game/{game_id}")
