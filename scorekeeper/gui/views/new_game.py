"""A new game: preset, names in seating order, who partners whom, first dealer, house rules.

The choices live in a `NewGameForm` (models/new_game.py); this screen draws it.
The name fields are made once per preset, so typing never loses the focus;
what depends on the names (the partner and dealer chips, the team hints) is
redrawn as each letter is typed.  Start stays pinned below, in reach without
scrolling on a phone.
"""
from __future__ import annotations

import threading
from typing import Any

import flet as ft

from ...engine import MAX_NAME_LENGTH, format_value
from .. import theme
from ..keep import Keeper
from ..components.chips import chip, section
from ..models.new_game import DRAW, NewGameForm, name_problem
from ..models.options import choices, new_game_options, preset_summary, preset_title
from ..testid import tid
from .base import BaseScreen
from ..theme import MUTED
from .. import routes

SUIT = "\u2660 "


def _link(label: str, icon, on_click) -> ft.TextButton:
    """A text button as tall as a finger (48 px), whatever its words."""
    return ft.TextButton(label, icon=icon, height=theme.TARGET, on_click=on_click, style=ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=12), text_style=theme.text_style(15)))


class Screen(BaseScreen):
    title = "New game"

    def __init__(self, app, **params):
        super().__init__(app, **params)
        # kept in the tab's store: a rebuild (another phone saved a game) loses nothing typed
        self.form: NewGameForm = self.recall("form") or NewGameForm()
        self.remember("form", self.form)
        self.show_options = bool(self.recall("show_options", False))
        self.error: str | None = None
        # the house rules keep their controls between redraws: a switch flipped stays the same
        # control, so the page neither scrolls nor gives the focus back to a name field
        self.keeper = Keeper()
        # Start tapped twice (a double tap, or again on a slow phone) starts one game: the
        # handlers run in threads, so the second waits for the first and then does nothing
        self._starting = threading.Lock()
        self.started: str | None = None

    # -- layout -------------------------------------------------------------------
    def build(self) -> ft.View:
        form = self.form
        # one field a seat the names may fill (the rule set's, and one after the last name typed)
        self.name_fields = [self._name_field(seat) for seat in range(form.seats())]
        self.team_fields = [self._team_field(i) for i in range(len(form.teams))] if form.partners else []
        self.presets_box = ft.Container()
        self.partners_box = ft.Container()
        self.dealer_box = ft.Container()
        self.options_box = ft.Container()
        self.error_box = ft.Container()
        self.note_box = ft.Container()
        self.fill()
        parts: list[ft.Control] = [self.presets_box, self.players_section()]
        if form.partners:
            parts.append(self.partners_box)
        parts += [self.dealer_box, self.options_box]
        body = ft.Column([ft.Container(ft.Column(parts, spacing=18, tight=True), padding=12,
                                       width=900 if self.wide else None)],
                         scroll=ft.ScrollMode.AUTO, expand=True,
                         horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        start = tid("start-game", ft.FilledButton(
            "Start game", icon=ft.Icons.PLAY_ARROW, height=56, expand=True, on_click=lambda e: self.start(),
            style=ft.ButtonStyle(text_style=theme.text_style(17, True))), expand=True)
        bar = tid("start-bar", ft.Container(
            ft.Column([self.error_box, self.note_box, ft.Row([start])], spacing=6, tight=True, width=900 if self.wide else None,
                      horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            padding=ft.Padding.only(left=12, right=12, top=8, bottom=10), alignment=ft.Alignment.TOP_CENTER,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW))
        return ft.View(appbar=self.appbar(), controls=[body, bar], padding=0, spacing=0,
                       horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def fill(self) -> None:
        """Everything but the text fields, from the form."""
        self.presets_box.content = self.rules_section()
        self.partners_box.content = self.partners_section() if self.form.partners else None
        self.dealer_box.content = self.dealer_section()
        self.options_box.content = self.options_section()
        self.error_box.content = tid("new-game-error", ft.Text(
            self.error, color=ft.Colors.ERROR, size=15)) if self.error else None
        # an empty form says what Start will do before it does it
        self.note_box.content = tid("start-note", ft.Text(
            f"No names typed: Start begins {preset_title(self.form.preset)} with "
            f"{', '.join(self.form.players()[:-1])} and {self.form.players()[-1]}", size=14, color=MUTED)) \
            if self.form.table_size() == 0 and not self.error else None
        for i, field in enumerate(self.team_fields):
            field.label = self.team_label(i)

    def redraw(self) -> None:
        self.fill()
        self.page.update(self.presets_box, self.partners_box, self.dealer_box, self.options_box,
                         self.error_box, self.note_box, *self.team_fields)

    def tap(self, action):
        def run(*_):
            self.error = action()
            self.redraw()
        return run

    # -- rules ----------------------------------------------------------------------
    def rules_section(self) -> ft.Control:
        """The rule sets that fit the names typed (`NewGameForm.offer`), in its words; the chosen
        one's summary, and what is wrong when it is not for this many players."""
        form = self.form
        chosen = form.preset
        offer = form.offer()
        presets = ft.Row([chip(preset_title(name), name == chosen, self.tap(lambda n=name: self.pick_preset(n)),
                               f"preset-{name}", width=None) for name in offer.presets],
                         wrap=True, spacing=6, run_spacing=6)
        read = tid("read-rules", _link("Read the rules", ft.Icons.MENU_BOOK,
                                       lambda e: self.app.go(routes.rules(chosen))))
        rows: list[ft.Control] = [tid("preset-offer", ft.Text(offer.words, size=14, color=MUTED)), presets]
        if form.table_size() and not form.fits():
            rows.append(tid("preset-misfit", ft.Text(
                f"{preset_title(chosen)} is chosen: it is for {form.players_count} players", size=14,
                color=ft.Colors.ERROR)))
        rows += [tid("preset-summary", ft.Text(preset_summary(chosen), size=14)), read]
        return section("Rules", rows)

    def pick_preset(self, name: str) -> None:
        if name == self.form.preset:
            return None
        form = self.form
        before = (form.seats(), form.partners, len(form.teams), dict(form.names))
        form.pick_preset(name)
        if (form.seats(), form.partners, len(form.teams), dict(form.names)) != before:
            self.app.refresh()  # other name or team fields: the form is built again
        # else the name fields stay as they are (a letter typed in one while the tap was on its way
        # is kept: a rebuild dropped it), and `tap` redraws the rest
        return None

    # -- players ----------------------------------------------------------------------
    def _name_field(self, seat: int) -> ft.TextField:
        return ft.TextField(
            label=f"Player {seat + 1}", value=self.form.names.get(seat, ""),
            # the limit is said while typing (Flutter's counter, "3/30"); the name is kept as typed
            # (no capitalization of each word: "Dan the Man" stays so)
            max_length=MAX_NAME_LENGTH, error=name_problem(self.form.names.get(seat, "")),
            capitalization=ft.TextCapitalization.SENTENCES,
            on_change=lambda e, seat=seat: self.typed(seat, e.control),
            on_submit=lambda e, seat=seat: self.next_field(seat))

    def players_section(self) -> ft.Control:
        fields = self.fields_row = ft.ResponsiveRow(
            [ft.Container(f, col={"xs": 6, "md": 3}) for f in self.name_fields], run_spacing=8, spacing=8)
        subtitle = "In seating order, clockwise." + (" Partners sit opposite unless you choose below."
                                                     if self.form.partners else "")
        return section("Players", [fields], subtitle=subtitle, identifier="players")

    def typed(self, seat: int, field: ft.TextField) -> None:
        """A letter typed: the chips and hints that show the names follow at once."""
        value = field.value or ""
        self.form.set_name(seat, value)
        # Flutter stops at max_length; say why the field takes no more letters
        full = len(value) >= MAX_NAME_LENGTH
        field.error = f"At most {MAX_NAME_LENGTH} characters" if full else name_problem(value)
        grown = False
        while len(self.name_fields) < self.form.seats():  # room for one more player (never fewer
            new = self._name_field(len(self.name_fields))  # while typing: the focus stays)
            self.name_fields.append(new)
            self.fields_row.controls.append(ft.Container(new, col={"xs": 6, "md": 3}))
            grown = True
        self.fill()
        self.page.update(field, *([self.fields_row] if grown else []), self.presets_box, self.partners_box,
                         self.dealer_box, self.note_box, *self.team_fields)

    def next_field(self, seat: int) -> None:
        """Enter moves to the next name (and from the last one to the first team's name)."""
        following = [*self.name_fields[seat + 1:], *self.team_fields]
        if following:
            self.page.run_task(following[0].focus)

    # -- partners ------------------------------------------------------------------------
    def _team_field(self, index: int) -> ft.TextField:
        return ft.TextField(
            label=self.team_label(index), value=self.form.team_names.get(index, ""), hint_text="Team name",
            max_length=MAX_NAME_LENGTH, counter="",
            on_change=lambda e, i=index: self.form.team_names.__setitem__(i, e.control.value or ""),
            on_submit=lambda e, i=index: self.next_team_field(i))

    def team_label(self, index: int) -> str:
        """'Ann & Cat': the team, as it stands, whose name the field takes (optional)."""
        return self.form.team_hint(index)

    def next_team_field(self, index: int) -> None:
        if index + 1 < len(self.team_fields):
            self.page.run_task(self.team_fields[index + 1].focus)

    def partners_section(self) -> ft.Control:
        form = self.form
        rows: list[ft.Control] = []
        for choice in form.partner_choices():
            chips = [chip(form.label(seat), seat == choice.partner,
                          self.tap(lambda s=choice.seat, p=seat: form.choose_partner(s, p)),
                          f"partner-{choice.seat}-{seat}", width=None) for seat in choice.candidates]
            rows.append(ft.Column([ft.Text(f"{form.label(choice.seat)}'s partner", size=14),
                                   ft.Row(chips, wrap=True, spacing=6, run_spacing=6)], spacing=4, tight=True))
        teams = ft.ResponsiveRow([ft.Container(f, col={"xs": 6, "md": 4}) for f in self.team_fields],
                                 run_spacing=8, spacing=8)
        return section("Partners", [*rows, ft.Text("Team names (optional)", size=14), teams],
                       identifier="partners")

    # -- dealer ----------------------------------------------------------------------------
    def dealer_section(self) -> ft.Control:
        form = self.form
        chips = [chip((SUIT + label) if seat == DRAW else label, form.dealer == seat,
                      self.tap(lambda s=seat: setattr(form, "dealer", s)), f"dealer-{seat}", width=None)
                 for seat, label in form.dealer_choices()]
        return section("First dealer", [ft.Row(chips, wrap=True, spacing=6, run_spacing=6)],
                       identifier="dealer")

    # -- house rules -------------------------------------------------------------------------
    def options_section(self) -> ft.Control:
        k = self.keeper.keep
        changed = len(self.form.options)
        words = f"House rules ({changed} changed)" if changed else "House rules (optional)"
        toggle = k("options-toggle", tid("options-toggle", k("options-toggle#link", _link(
            "Hide house rules" if self.show_options else words,
            ft.Icons.EXPAND_LESS if self.show_options else ft.Icons.TUNE, self.tap(self.toggle_options)))))
        if not self.show_options:
            return toggle
        try:
            rules = self.form.rules()
        except Exception:  # cannot happen: set_option refuses a clash
            rules = self.form.base
        valued, switches = new_game_options(rules)
        rows: list[ft.Control] = [toggle]
        for option in valued:
            current = getattr(rules, option.key)
            values = choices(option.key, current)
            key = option.key
            rows.append(k(f"{key}#col", ft.Column([
                k(f"{key}#label", ft.Text(option.label, size=15, weight=ft.FontWeight.BOLD)),
                k(f"{key}#help", ft.Text(option.help, size=13, color=MUTED)),
                k(f"{key}#row", ft.Row([
                    chip(format_value(v), v == current, self.tap(lambda key=key, v=v: self.set_option(key, v)),
                         f"option-{key}-{format_value(v)}", width=None, keeper=self.keeper) for v in values],
                    wrap=True, spacing=6, run_spacing=6))], spacing=4, tight=True)))
        for option in switches:
            key = option.key
            switch = k(f"option-{key}", tid(f"option-{key}", k(f"{key}#switch", ft.Switch(
                label=option.label, value=bool(getattr(rules, key)), height=theme.TARGET,
                on_change=lambda e, key=key: self.tap(lambda: self.set_option(key, bool(e.control.value)))()))))
            rows.append(k(f"{key}#col", ft.Column([switch, k(f"{key}#help", ft.Text(option.help, size=13, color=MUTED))],
                                                  spacing=0, tight=True)))
        return k("options", tid("options", k("options#col", ft.Column(rows, spacing=8, tight=True))))

    def toggle_options(self) -> None:
        self.show_options = not self.show_options
        self.remember("show_options", self.show_options)

    def set_option(self, key: str, value: Any) -> str | None:
        return self.form.set_option(key, value)

    # -- start --------------------------------------------------------------------------------
    def start(self) -> None:
        with self._starting:
            if self.started is None:
                self._start()

    def _start(self) -> None:
        problems = self.form.problems()
        if problems:
            self.error = problems[0]
            self.redraw()
            return
        start = self.form.to_start()
        res, game_id = self.session.games.create_game(start.rules, start.players, team_names=start.team_names,
                                                first_dealer=start.first_dealer, teams=start.teams)
        if not res:
            self.error = res.message
            self.redraw()
            return
        self.started = game_id
        self.remember("form", None)  # the next new game starts afresh
        if start.drawn:
            self.app.message(f"{start.first_dealer} drew the deal")
        self.app.go(routes.game(game_id))

