"""What if: the same hands re-scored under another preset or with options switched.

Every number is the engine's (`what_if`): per hand the real points beside the
other points and the difference, the final scores and who would win, or the
engine's sentence saying why the record cannot be played under those rules.
The choice survives a theme switch (Flet's session store).
"""
from __future__ import annotations

from typing import Any

import flet as ft

from ...engine import plural
from .. import theme
from ..models import figures, options as house, whatif
from ..testid import tid
from .base import AT_THE_TABLE, BaseScreen
from ..theme import MUTED

HAND_COL = 38
GAME_RULES = "__game__"  # the Dropdown key of "this game's rules"


def _diff_colour(points: int | None):
    if not points:
        return MUTED
    return theme.MADE if points > 0 else theme.SET


class Screen(BaseScreen):
    title = "What if"
    roles = AT_THE_TABLE  # a viewer: those of its table's game only

    def __init__(self, app, **params):
        super().__init__(app, **params)
        self.game_id = params.get("game_id")
        self.choice: whatif.WhatIfChoice = self.recall(f"{self.game_id}:choice") or whatif.WhatIfChoice()
        self._more_open = False
        self.pinned = ft.Column(spacing=4, tight=True)
        self.options_box = ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.table_box = ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    # -- layout ---------------------------------------------------------------
    def build(self) -> ft.View:
        res = self.session.open(self.game_id)
        if not res:
            return self.view([tid("whatif-error", ft.Text(res.message, color=ft.Colors.ERROR))])
        self.game = self.session.game
        self.fill_options()
        self.fill_result()
        pinned = tid("whatif-pinned", ft.Container(
            self.pinned, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            bgcolor=ft.Colors.SECONDARY_CONTAINER))
        intro = ft.Text(f"The {plural(self.session.sheet.hands_played, 'hand')} of this game re-scored under "
                        "other rules, beside the real sheet.", size=14, color=MUTED)
        options = ft.Column([intro, self.preset_picker(), self.options_box], spacing=8, tight=True,
                            horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        if self.wide:
            main = tid("whatif-wide", ft.Row([
                ft.Container(ft.Column([options], scroll=ft.ScrollMode.AUTO), expand=2, padding=12),
                ft.Container(ft.Column([self.table_box], scroll=ft.ScrollMode.AUTO), expand=3, padding=12),
            ], expand=True, vertical_alignment=ft.CrossAxisAlignment.START), expand=True)
        else:
            main = ft.Column([ft.Container(ft.Column([options, self.table_box], spacing=12, tight=True,
                                                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                                           padding=12)],
                             scroll=ft.ScrollMode.AUTO, expand=True,
                             horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        return self.view([ft.Column([pinned, main], spacing=0, expand=True,
                                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH)], scroll=False)

    def layout_key(self) -> bool:  # phone <-> wide layout
        return self.wide

    def preset_picker(self) -> ft.Control:
        rules = self.game.rules
        options = [ft.DropdownOption(key=GAME_RULES, text=f"This game's rules ({house.preset_title(rules.name)})")]
        options += [ft.DropdownOption(key=name, text=f"Preset: {house.preset_title(name)}")
                    for name in whatif.presets_for(rules)]
        return tid("whatif-preset", ft.Dropdown(
            label="Compare with", value=self.choice.preset or GAME_RULES, options=options,
            expand=True, on_select=lambda e: self.pick_preset(e.control.value)))

    # -- the switches ------------------------------------------------------------
    def fill_options(self) -> None:
        rules = self.game.rules
        first, rest = house.ordered_options(rules)
        self._labels: dict[str, ft.Text] = {}
        self._head = ft.Text(size=13, expand=True, color=MUTED)
        self._reset = ft.TextButton("Reset", icon=ft.Icons.RESTART_ALT, height=theme.TARGET,
                                    on_click=lambda e: self.pick_preset(GAME_RULES))
        head = ft.Row([self._head, tid("whatif-reset", self._reset)],
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
        open_more = self._more_open or any(k in self.choice.changes for k in rest)
        more = ft.ExpansionTile(
            title=ft.Text("More options", weight=ft.FontWeight.BOLD),
            subtitle=ft.Text(f"{len(rest)} other house rules", size=13),
            controls=[self.option_control(k) for k in rest] if open_more else [ft.Text("…")],
            maintain_state=True, expanded=open_more,
            min_tile_height=56, tile_padding=ft.Padding.symmetric(horizontal=4),
            on_change=lambda e: self.fill_more(e.control, rest, e.data))
        self.options_box.controls = [head, *[self.option_control(k) for k in first],
                                     tid("whatif-more", more)]
        self.mark_changes()

    def mark_changes(self) -> None:
        """What is compared, in words, and the options that differ from the game's own in colour."""
        rules = self.game.rules
        differ = self.choice.differences(rules)
        self._head.value = self.choice.describe(rules) + (
            f" \u00b7 {plural(len(differ), 'option')} {'differs' if len(differ) == 1 else 'differ'} from this game's"
            if self.choice.preset and differ else "")
        self._reset.disabled = not self.choice.changes and not self.choice.preset
        for key, label in self._labels.items():
            changed = key in differ
            label.weight = ft.FontWeight.BOLD if changed else None
            label.color = ft.Colors.PRIMARY if changed else None

    def fill_more(self, tile: ft.ExpansionTile, keys: list[str], expanded) -> None:
        """The other options are built when first opened (they are many)."""
        self._more_open = expanded in (True, "true")
        if self._more_open and len(tile.controls) != len(keys):
            tile.controls = [self.option_control(k) for k in keys]
            tile.update()

    def option_control(self, key: str) -> ft.Control:
        rules = self.game.rules
        value = self.choice.value(key, rules)
        label = house.option_label(key)
        self._labels[key] = title = ft.Text(label, size=15)  # coloured by mark_changes
        text = ft.Column([
            title,
            ft.Text(house.option_help(key), size=12, color=MUTED),
        ], spacing=0, tight=True)
        if house.is_switch(key):
            control = tid(f"whatif-opt-{key}", ft.Switch(
                value=bool(value), height=theme.TARGET, on_change=lambda e, k=key: self.set_option(k, bool(e.control.value))),
                label=label)
        else:
            values = house.choices(key, value, getattr(rules, key))
            texts = [house.value_text(key, v) for v in values]
            long = max(len(t) for t in texts) > 9
            control = tid(f"whatif-opt-{key}", ft.Dropdown(
                value=house.encode(value), width=None if long else 128, dense=True, expand=long,
                options=[ft.DropdownOption(key=house.encode(v), text=t) for v, t in zip(values, texts)],
                on_select=lambda e, k=key: self.set_option(k, house.decode(e.control.value))), expand=long)
            if long:
                return ft.Container(ft.Column([text, ft.Row([control])], spacing=4, tight=True),
                                    padding=ft.Padding.symmetric(vertical=4))
        text.expand = True
        row = ft.Row([text, control], vertical_alignment=ft.CrossAxisAlignment.CENTER)
        return ft.Container(row, padding=ft.Padding.symmetric(vertical=4))

    # -- the result ----------------------------------------------------------------
    def fill_result(self) -> None:
        comparison = whatif.compare(self.game, self.choice)
        result = comparison.result
        summary_colour = ft.Colors.ERROR if comparison.error else ft.Colors.ON_SECONDARY_CONTAINER
        self.pinned.controls = [
            tid("whatif-summary", ft.Text(comparison.summary, size=15, weight=ft.FontWeight.BOLD,
                                          color=summary_colour)),
            tid("whatif-real", ft.Text(self.real_text(), size=13, color=ft.Colors.ON_SECONDARY_CONTAINER)),
        ]
        if comparison.error:
            self.table_box.controls = [tid("whatif-error", ft.Container(ft.Column([
                ft.Text("These hands cannot be re-scored under these rules:", size=15,
                        weight=ft.FontWeight.BOLD),
                ft.Text(comparison.error, color=ft.Colors.ERROR, size=15),
                ft.Text("Switch the option back, or pick other rules.", size=13, color=MUTED),
            ], spacing=6, tight=True), padding=12, border_radius=12,
                border=ft.Border.all(1, ft.Colors.ERROR)))]
            return
        if not result.rows:
            self.table_box.controls = [ft.Text("No hands yet: nothing to re-score.", size=15)]
            return
        self.table_box.controls = [self.table(result)]

    def real_text(self) -> str:
        sheet = self.session.sheet
        scores = ", ".join(f"{s} {sheet.scores[s]}" for s in sheet.sides)
        if sheet.status == "finished":
            return f"Real game: {scores}; {figures.outcome(sheet)}"
        return f"Real game: {scores} (in progress)"

    def table(self, result) -> ft.Control:
        sides = list(result.real.sides)
        self.number_size = 14 if len(sides) < 3 or self.wide else 13
        header = ft.Container(ft.Row([
            ft.Text("Hand", size=12, width=HAND_COL, color=MUTED),
            *[ft.Column([ft.Text(side, size=13, weight=ft.FontWeight.BOLD, max_lines=1,
                                 overflow=ft.TextOverflow.ELLIPSIS),
                         ft.Text("real \u2192 if (\u00b1)", size=11, color=MUTED)],
                        spacing=0, tight=True, expand=True) for side in sides],
        ], spacing=4), padding=ft.Padding.symmetric(vertical=6, horizontal=6))
        rows: list[ft.Control] = [header, ft.Divider(height=1)]
        for i, row in enumerate(result.rows):
            misdeal = result.real.hands[i].misdeal
            rows.append(self.hand_row(row, sides, misdeal))
        rows.append(ft.Divider(height=1))
        rows.append(self.total_row(result, sides))
        return tid("whatif-table", ft.Container(ft.Column(rows, spacing=0, tight=True),
                                                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                                                border_radius=12,
                                                clip_behavior=ft.ClipBehavior.ANTI_ALIAS))

    def cell(self, real: Any, other: Any, diff: int | None, bold: bool = False) -> ft.Control:
        # three sides on a phone: a smaller size, and "real -> other" may wrap (never cut)
        return ft.Column([
            ft.Text(f"{figures.plain(real)} \u2192 {figures.plain(other)}", size=self.number_size,
                    weight=ft.FontWeight.BOLD if bold else None),
            ft.Text(figures.signed(diff), size=13, color=_diff_colour(diff),
                    weight=ft.FontWeight.BOLD if diff else None),
        ], spacing=0, tight=True, expand=True)

    def hand_row(self, row, sides: list[str], misdeal: bool) -> ft.Control:
        differs = any(row.difference.get(s) for s in sides)
        if misdeal:
            cells = [ft.Text("misdeal", size=13, color=MUTED, expand=True)]
        else:
            cells = [self.cell(row.real.get(s), row.other.get(s), row.difference.get(s)) for s in sides]
        return tid(f"whatif-row-{row.deal}", ft.Container(
            ft.Row([ft.Text("" if row.number is None else str(row.number), size=14, width=HAND_COL), *cells],
                   spacing=4),
            padding=ft.Padding.symmetric(vertical=6, horizontal=6),
            bgcolor=ft.Colors.with_opacity(0.12, ft.Colors.AMBER) if differs else None))

    def total_row(self, result, sides: list[str]) -> ft.Control:
        cells = [self.cell(result.real.scores[s], result.other.scores[s], result.difference.get(s), bold=True)
                 for s in sides]
        return tid("whatif-total", ft.Container(
            ft.Row([ft.Text("Total", size=13, width=HAND_COL, weight=ft.FontWeight.BOLD), *cells], spacing=4),
            padding=ft.Padding.symmetric(vertical=8, horizontal=6),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH))

    # -- events ---------------------------------------------------------------------
    def pick_preset(self, key: str | None) -> None:
        self.choice.pick_preset(None if key in (None, GAME_RULES) else key)
        self.remember(f"{self.game_id}:choice", self.choice)
        self.app.refresh()  # the switches follow the preset

    def set_option(self, key: str, value: Any) -> None:
        self.choice.set(key, value, self.game.rules)
        self.remember(f"{self.game_id}:choice", self.choice)
        self.mark_changes()  # the switches themselves are as the user left them
        self.fill_result()
        self.page.update()
