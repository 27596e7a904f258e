"""The rules in plain words, with a search box: a game's rule set, or any preset (/rules).

The sentences are the engine's (`describe_rules`, `OPTION_HELP`); the search
only filters text.  What was typed survives a theme switch (Flet's session store).
"""
from __future__ import annotations

import flet as ft

from ...engine import PRESETS
from .. import theme
from ..models import options as house
from ..models.search import Section, highlight, rule_sections
from ..testid import tid
from .base import AT_THE_TABLE, BaseScreen
from ..theme import MUTED
from .. import routes


def _slug(text: str) -> str:
    return "-".join(text.casefold().split())


def rich(text: str, query: str, size: float = 15, **kw) -> ft.Text:
    """`text` with the query's words in bold on a tint."""
    pieces = highlight(text, query)
    if len(pieces) == 1 and not pieces[0][1]:
        return ft.Text(text, size=size, **kw)
    mark = ft.TextStyle(weight=ft.FontWeight.BOLD, bgcolor=ft.Colors.with_opacity(0.30, ft.Colors.AMBER))
    return ft.Text(spans=[ft.TextSpan(piece, style=mark if hit else None) for piece, hit in pieces],
                   size=size, **kw)


class Screen(BaseScreen):
    title = "Rules"
    roles = AT_THE_TABLE  # a viewer: those of its table's game only

    def __init__(self, app, **params):
        super().__init__(app, **params)
        self.game_id = params.get("game_id")
        self.query = self.recall(f"{self.game_id}:query", "")
        # /rules?preset=solo (the new-game screen's "Read the rules"), else the one last shown
        self.preset = self.route_query.get("preset") or self.recall(f"{self.game_id}:preset", "ihop")
        self.results = ft.Column(spacing=12, tight=True,
                                 horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.count = ft.Text("", size=13, color=MUTED)

    def layout_key(self) -> bool:  # phone <-> wide page (what was typed is kept)
        return self.wide

    # -- the rule set shown ----------------------------------------------------
    def rules(self):
        if self.game_id is not None:
            return self.session.game.rules
        return PRESETS.get(self.preset) or next(iter(PRESETS.values()))

    def body(self) -> list[ft.Control]:
        if self.game_id is not None:
            res = self.session.open(self.game_id)
            if not res:
                return [tid("rules-error", ft.Text(res.message, color=ft.Colors.ERROR))]
            self.title = "Rules of this game"
        else:
            self.title = "Rules"
        rules = self.rules()
        search = tid("rules-search", ft.TextField(
            label="Search the rules", value=self.query, prefix_icon=ft.Icons.SEARCH,
            hint_text="e.g. nil, bags, blind", dense=False, autofocus=False,
            on_change=lambda e: self.search(e.control.value),
            suffix=ft.IconButton(ft.Icons.CLEAR, tooltip="Clear the search", size_constraints=theme.TAP_SIZE,
                                 on_click=lambda e: self.clear(search_field)),
        ))
        search_field = search.content
        self.fill_results(rules)
        return [ft.Column([self.header(rules), search, self.count, self.results], spacing=12, tight=True,
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH)]

    def header(self, rules) -> ft.Control:
        lines: list[ft.Control] = []
        if self.game_id is None:
            lines.append(tid("rules-preset", ft.Dropdown(
                label="Preset", value=self.preset, expand=True,
                options=[ft.DropdownOption(key=name, text=house.preset_title(name)) for name in PRESETS],
                on_select=lambda e: self.pick(e.control.value))))
        else:
            lines.append(ft.Text(f"Preset: {house.preset_title(rules.name)}", size=16, weight=ft.FontWeight.BOLD))
        lines.append(tid("rules-summary", ft.Text(house.preset_summary(rules.name), size=14)))
        changes = house.changes_text(rules)
        if changes:
            lines.append(tid("rules-changes", ft.Text(f"House changes: {changes}", size=14,
                                                      weight=ft.FontWeight.BOLD)))
        elif self.game_id is not None:
            lines.append(ft.Text("No house changes to the preset.", size=13, color=MUTED))
        return ft.Container(ft.Column(lines, spacing=6, tight=True), padding=12, border_radius=12,
                            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)

    def fill_results(self, rules) -> None:
        query = self.query
        sections = rule_sections(rules, query)
        options = house.option_lines(rules, query)
        controls: list[ft.Control] = [self.section_card(s, query) for s in sections]
        controls.append(self.options_block(options, query))
        if query.strip() and not sections and not options:
            controls = [tid("rules-nothing", ft.Text(
                f"Nothing about \u201c{query.strip()}\u201d in these rules.", size=15))]
        self.results.controls = controls
        if query.strip():
            self.count.value = (f"{len(sections)} section{'s' if len(sections) != 1 else ''} and "
                                f"{len(options)} option{'s' if len(options) != 1 else ''} match")
        else:
            self.count.value = ""
        self.count.visible = bool(query.strip())

    def section_card(self, section: Section, query: str) -> ft.Control:
        body = [ft.Text(section.title, size=17, weight=ft.FontWeight.BOLD)]
        body += [rich(s, query, selectable=False) for s in section.sentences]
        return tid(f"rules-section-{_slug(section.title)}", ft.Container(
            ft.Column(body, spacing=6, tight=True), padding=12, border_radius=12,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)))

    def options_block(self, options: list[house.OptionLine], query: str) -> ft.Control:
        rows = [self.option_row(o, query) for o in options]
        if query.strip():
            if not options:
                return ft.Container(visible=False)
            return tid("rules-options", ft.Column(
                [ft.Text("Option values", size=17, weight=ft.FontWeight.BOLD), *rows],
                spacing=4, tight=True))
        return tid("rules-options", ft.ExpansionTile(
            title=ft.Text(f"All {len(options)} option values", weight=ft.FontWeight.BOLD),
            subtitle=ft.Text("Each house-rule switch, its value and what it does", size=13),
            controls=rows, min_tile_height=56, maintain_state=False,
            shape=ft.RoundedRectangleBorder(radius=12),
            collapsed_shape=ft.RoundedRectangleBorder(radius=12),
            controls_padding=ft.Padding.symmetric(horizontal=8)))

    def option_row(self, o: house.OptionLine, query: str) -> ft.Control:
        value = ft.Text(o.value, size=15, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.PRIMARY if o.changed else None)
        return tid(f"option-{o.key}", ft.Container(ft.Column([
            ft.Row([rich(o.label + (" (house)" if o.changed else ""), query, size=15, expand=True),
                    value], vertical_alignment=ft.CrossAxisAlignment.START),
            rich(o.help, query, size=13, color=MUTED),
        ], spacing=2, tight=True), padding=ft.Padding.symmetric(vertical=6)))

    # -- events -------------------------------------------------------------
    def search(self, text: str) -> None:
        self.query = text or ""
        self.remember(f"{self.game_id}:query", self.query)
        self.fill_results(self.rules())
        self.results.update()
        self.count.update()

    def clear(self, field: ft.TextField) -> None:
        field.value = ""
        field.update()
        self.search("")

    def pick(self, name: str | None) -> None:
        if name in PRESETS:
            self.preset = name
            self.remember(f"{self.game_id}:preset", name)
            self.app.go(routes.rules(name))  # the route names the preset shown
