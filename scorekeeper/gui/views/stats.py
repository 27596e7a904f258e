"""The season's stats: players and partnerships, head to head, filtered by rule set and period,
and a chart of one player's or partnership's win rate over their games.

Every figure is the repository's (`Repository.season_stats()`, through `models/season.py`, which
writes them as text); this screen only lays them out. A phone gets compact tables that fit 360 px
(the other figures on the card of the one the chart follows); a wide window gets every column.
"""
from __future__ import annotations

from datetime import date

import flet as ft
import flet_charts as fch

from ..components.chips import chip
from ..models import season
from ..testid import tid
from .base import BaseScreen

MUTED = ft.Colors.ON_SURFACE_VARIANT
#: (heading, what it means, FigureLine field, width on a phone (0: not on a phone), width on a wide page):
#: fixed widths, so the table is laid out the same before and after the font has loaded
COLUMNS = (
    ("Player", "", "name", 72, 140), ("G", "games", "games", 24, 32), ("W", "wins", "wins", 24, 32),
    ("D", "draws", "draws", 22, 32), ("Win", "win rate", "win_rate", 42, 48),
    ("Nil \u2713/\u2717", "nils made / failed", "nils", 50, 60), ("Set", "times their side was set", "sets", 30, 36),
    # a wide window only
    ("Pts/hand", "points per hand", "points_per_hand", 0, 64), ("Bags/game", "bags per game", "bags_per_game", 0, 76),
    ("Blind nil", "blind nils made / failed", "blind_nils", 0, 64),
    ("10/200", "10 for 200 (Wheels) bids made", "ten_for_two_hundred", 0, 52),
    ("Boston", "Boston (Moon) bids made", "boston", 0, 52),
)
#: the partnerships' table on a phone: a wider name, the same figures but nils
PAIR_PHONE = {"name": 116, "nils": 0}
SERIES_COLOUR = ft.Colors.BLUE_500


class Screen(BaseScreen):
    title = "Season stats"

    def layout_key(self) -> bool:  # a narrower or wider table
        return self.wide

    # -- the choices, kept across rebuilds -------------------------------------------
    @property
    def rules(self) -> str:
        return self.recall("rules", season.ALL_RULES)

    @property
    def period(self) -> str:
        return self.recall("period", "all")

    def choose(self, name: str, value: str | None) -> None:
        if value is not None:
            self.remember(name, value)
            self.app.refresh()

    def load(self):
        """The repository's stats for the choices, or the sentence saying why there are none."""
        try:
            self.which = season.stats_filter(self.rules, self.period, date.today(),
                                             self.recall("since", ""), self.recall("until", ""))
            return self.session.games.season_stats(self.which), None
        except Exception as exc:  # a typed day that is no date, storage trouble: say so, keep the screen
            return None, str(exc)

    def body(self) -> list[ft.Control]:
        stats, problem = self.load()
        controls: list[ft.Control] = [self.filters()]
        if problem:
            return controls + [tid("stats-error", ft.Text(problem, color=ft.Colors.ERROR, size=15))]
        controls.append(tid("stats-scope", ft.Text(season.scope_text(stats, self.rules, self.period, self.which),
                                                   size=14, color=MUTED)))
        if not stats.games:
            return controls + [tid("stats-empty", ft.Text(
                "No finished games here yet. Stats count the games that have a winner or have ended.",
                size=15))]
        narrow = not self.wide
        controls += [self.heading("Players"), self.table("stats-table", season.player_lines(stats), narrow)]
        pairs = season.partnership_lines(stats)
        if pairs:
            controls += [self.heading("Partnerships"), self.table("stats-pairs", pairs, narrow, pairs=True)]
        legend = " \u00b7 ".join(f"{h} {m}" for h, m, _, phone, _ in COLUMNS[1:] if phone or not narrow)
        tail = ". Finished games only." + (" Tap a row for all its figures." if narrow else "")
        controls.append(tid("stats-legend", ft.Text(legend + tail, size=12, color=MUTED)))
        meetings = season.head_to_head_lines(stats)
        if meetings:
            controls += [self.heading("Head to head"), self.head_to_head(meetings)]
        self.stats = stats
        self.follow_box = ft.Column(self.follow(stats), spacing=12, tight=True)
        controls.append(self.follow_box)
        return [tid("stats-narrow" if narrow else "stats-wide", ft.Column(controls, spacing=12, tight=True))]

    # -- filters -------------------------------------------------------------------------
    def filters(self) -> ft.Control:
        rules = tid("stats-rules", ft.Dropdown(
            label="Rule set", value=self.rules, width=280,
            options=[ft.DropdownOption(key=key, text=text) for key, text in season.rule_choices()],
            on_select=lambda e: self.choose("rules", e.control.value)))
        periods = ft.Row([chip(label, key == self.period, lambda key=key: self.choose("period", key),
                               f"stats-period-{key}", width=None, size=14)
                          for key, label in season.PERIODS], spacing=8, wrap=True, run_spacing=8)
        shown = [rules, tid("stats-periods", periods)]
        if self.period == "range":
            shown.append(self.date_range())
        return ft.Column(shown, spacing=8, tight=True)

    def date_range(self) -> ft.Control:
        """From and To (YYYY-MM-DD, either may stay empty), shown on Show or the keyboard's Enter."""
        fields = [tid(f"stats-{name}", ft.TextField(
            label=label, value=self.recall(name, ""), width=170, hint_text="2026-11-30",
            keyboard_type=ft.KeyboardType.DATETIME, on_submit=lambda e: self.show_range()))
            for name, label in (("since", "From"), ("until", "To"))]
        self.range_fields = [f.content for f in fields]
        show = tid("stats-range-show", ft.OutlinedButton("Show", height=48, on_click=lambda e: self.show_range()))
        return ft.Row([*fields, show], spacing=8, wrap=True, run_spacing=8,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def show_range(self) -> None:
        for name, field in zip(("since", "until"), self.range_fields):
            self.remember(name, field.value or "")
        self.app.refresh()

    @staticmethod
    def heading(text: str) -> ft.Control:
        return ft.Text(text, size=17, weight=ft.FontWeight.BOLD)

    # -- tables ------------------------------------------------------------------------------
    def columns(self, narrow: bool, pairs: bool) -> list[tuple[str, str, str, int]]:
        """(heading, meaning, field, width) of the columns shown."""
        shown = []
        for heading, meaning, field, phone, wide in COLUMNS:
            width = (PAIR_PHONE.get(field, phone) if pairs else phone) if narrow else wide
            if pairs and field == "name":
                heading = "Partnership"
            if width:
                shown.append((heading, meaning, field, width))
        return shown

    def table(self, testid: str, lines: list[season.FigureLine], narrow: bool, pairs: bool = False) -> ft.Control:
        columns = self.columns(narrow, pairs)
        table = ft.DataTable(
            columns=[ft.DataColumn(self.cell(h, w, i == 0, heading=True), numeric=i > 0, tooltip=meaning or None)
                     for i, (h, meaning, _, w) in enumerate(columns)],
            rows=[ft.DataRow(cells=[ft.DataCell(
                tid(f"{'stats-pair' if pairs else 'stats'}-{line.name}", self.cell(getattr(line, f), w, True))
                if i == 0 else self.cell(getattr(line, f), w, False))
                for i, (_, _, f, w) in enumerate(columns)],
                on_select_change=lambda e, key=line.key: self.page.run_task(self.tapped, key))
                for line in lines],
            column_spacing=8 if narrow else 12, horizontal_margin=8 if narrow else 16,
            heading_row_height=40, data_row_min_height=48, data_row_max_height=56, divider_thickness=0.5,
        )
        return tid(testid, ft.Row([table], scroll=ft.ScrollMode.AUTO,
                                  alignment=ft.MainAxisAlignment.START if narrow else ft.MainAxisAlignment.CENTER))

    @staticmethod
    def cell(text: str, width: int, first: bool, heading: bool = False) -> ft.Text:
        return ft.Text(text, size=12 if heading else 14, width=width, max_lines=1, no_wrap=True,
                       overflow=ft.TextOverflow.ELLIPSIS, weight=ft.FontWeight.BOLD if heading or first else None,
                       text_align=ft.TextAlign.START if first else ft.TextAlign.END)

    def head_to_head(self, meetings: list[season.MeetingLine]) -> ft.Control:
        rows = []
        for n, m in enumerate(meetings):
            detail = " \u00b7 ".join(part for part in (m.games, m.draws, m.others) if part)
            rows.append(tid(f"stats-h2h-{n}", ft.Container(ft.Column([
                ft.Row([
                    ft.Text(m.first, size=14, weight=ft.FontWeight.BOLD, expand=True, text_align=ft.TextAlign.END),
                    ft.Text(m.score, size=16, weight=ft.FontWeight.BOLD, width=64, text_align=ft.TextAlign.CENTER),
                    ft.Text(m.second, size=14, weight=ft.FontWeight.BOLD, expand=True),
                ], vertical_alignment=ft.CrossAxisAlignment.CENTER),
                ft.Text(detail, size=11, color=MUTED, text_align=ft.TextAlign.CENTER),
            ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                padding=ft.Padding.symmetric(vertical=4))))
        return tid("stats-h2h", ft.Column(rows, spacing=2, tight=True))

    # -- the one followed: its card and its chart ------------------------------------------------
    def follow(self, stats) -> list[ft.Control]:
        found = season.followed(stats, self.recall("follow"))
        if found is None:
            return []
        key, name, figures = found
        picker = tid("stats-follow", ft.Dropdown(
            label="Chart of", value=key, width=280,
            options=[ft.DropdownOption(key=k, text=text) for k, text in season.follow_choices(stats)],
            on_select=lambda e: self.follow_other(e.control.value)))
        line = next(line for line in season.player_lines(stats) + season.partnership_lines(stats) if line.key == key)
        tiles = [ft.Container(ft.Column([ft.Text(label, size=11, color=MUTED),
                                         ft.Text(value, size=16, weight=ft.FontWeight.BOLD)],
                                        spacing=0, tight=True), width=150 if self.wide else 104)
                 for label, value in season.card_figures(line)]
        card = tid("stats-card", ft.Container(key=ft.ScrollKey("stats-card"), content=ft.Column([
            ft.Text(name, size=16, weight=ft.FontWeight.BOLD),
            ft.Row(tiles, wrap=True, spacing=8, run_spacing=8),
        ], spacing=8, tight=True), padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW))
        chart = tid("stats-chart", ft.Container(self.chart(figures), height=260 if not self.wide else 320,
                                                padding=ft.Padding.only(right=12, top=8)),
                    label=season.chart_description(name, figures))
        return [self.heading("Over time"), picker, card, chart]

    async def tapped(self, key: str) -> None:
        """A row tapped: its player's (or partnership's) card and chart, every figure (a phone's
        table has no room for points per hand or bags per game), scrolled into view."""
        self.follow_other(key)
        view = self.page.views[-1] if self.page.views else None
        if view is not None:
            await view.scroll_to(scroll_key="stats-card", duration=300)

    def follow_other(self, key: str | None) -> None:
        """Another player or partnership on the card and the chart, drawn in place (the page
        stays where it was scrolled to)."""
        if key is None:
            return
        self.remember("follow", key)
        self.follow_box.controls = self.follow(self.stats)
        self.follow_box.update()

    def chart(self, figures) -> fch.LineChart:
        points = season.win_rate_points(figures)
        last = max(1, len(points))
        step = 1 if last <= 10 else (2 if last <= 20 else (5 if last <= 50 else 10 * (1 + last // 100)))
        label = lambda text: ft.Text(text, size=11, color=MUTED)  # noqa: E731
        return fch.LineChart(
            data_series=[fch.LineChartData(
                points=[fch.LineChartDataPoint(p.x, p.y, tooltip=p.tooltip) for p in points],
                color=SERIES_COLOUR, stroke_width=3, curved=False,
                point=fch.ChartCirclePoint(radius=3, color=SERIES_COLOUR, stroke_width=0))],
            min_x=1 if last > 1 else 0, max_x=last, min_y=0, max_y=100,
            left_axis=fch.ChartAxis(label_size=40, title=ft.Text("Win rate %", size=12, color=MUTED), title_size=18,
                                    labels=[fch.ChartAxisLabel(value=v, label=label(str(v)))
                                            for v in (0, 25, 50, 75, 100)]),
            bottom_axis=fch.ChartAxis(label_size=26, title=ft.Text("Game", size=12, color=MUTED), title_size=18,
                                      labels=[fch.ChartAxisLabel(value=n, label=label(str(n)))
                                              for n in range(1, last + 1, step)]),
            horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1, dash_pattern=[2, 4],
                                                     interval=25),
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            tooltip=fch.LineChartTooltip(bgcolor=ft.Colors.INVERSE_SURFACE, fit_inside_horizontally=True,
                                         fit_inside_vertically=True),
            expand=True,
        )
