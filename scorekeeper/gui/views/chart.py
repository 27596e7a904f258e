"""Each side's score by hand, as a line chart (flet_charts), with a legend of side names.

The points are the engine's scores after each hand (`score_game(...).hands[i]
.sides[side].score`); the dashed line is the rule set's winning score.
"""
from __future__ import annotations

import flet as ft
import flet_charts as fch

from ..models.figures import chart_description, outcome, score_series
from ..testid import tid
from .base import AT_THE_TABLE, BaseScreen
from ..theme import MUTED

#: one colour per side, readable on light and dark backgrounds
SIDE_COLOURS = (ft.Colors.BLUE_500, ft.Colors.DEEP_ORANGE_400, ft.Colors.PURPLE_300)


def _label(text: str, size: float = 11) -> ft.Text:
    return ft.Text(text, size=size, color=MUTED)


class Screen(BaseScreen):
    title = "Score chart"
    roles = AT_THE_TABLE  # a viewer: those of its table's game only

    def __init__(self, app, **params):
        super().__init__(app, **params)
        self.game_id = params.get("game_id")

    def layout_key(self) -> int:  # the chart's height follows the window (two sizes)
        return self.chart_height()

    def body(self) -> list[ft.Control]:
        res = self.session.open(self.game_id)
        if not res:
            return [tid("chart-error", ft.Text(res.message, color=ft.Colors.ERROR))]
        sheet = self.session.sheet
        rules = self.session.game.rules
        legend = tid("chart-legend", ft.Row([
            tid(f"legend-{side}", ft.Row([
                ft.Container(width=14, height=14, border_radius=7, bgcolor=SIDE_COLOURS[i % 3]),
                ft.Text(f"{side}  {sheet.scores[side]}", size=15, weight=ft.FontWeight.BOLD),
            ], spacing=6, tight=True))
            for i, side in enumerate(sheet.sides)
        ] + [ft.Row([
            ft.Container(width=18, height=2, bgcolor=MUTED),
            _label(f"{rules.win_score} wins", 13),
        ], spacing=6, tight=True)], wrap=True, spacing=16, run_spacing=6))
        controls: list[ft.Control] = [legend]
        if not sheet.hands:
            controls.append(tid("chart-empty", ft.Text("No hands yet: the chart starts after the first hand.",
                                                       size=15)))
            return controls
        controls.append(tid("chart", ft.Container(self.chart(sheet, rules), height=self.chart_height(),
                                                  padding=ft.Padding.only(right=12, top=8)),
                            label=chart_description(sheet)))
        controls.append(tid("chart-status", ft.Text(outcome(sheet), size=14, color=MUTED)))
        return controls

    def chart_height(self) -> int:
        height = self.page.height or 700
        return 320 if height < 700 else 420

    def chart(self, sheet, rules) -> fch.LineChart:
        series = score_series(sheet)
        last = max(1, sheet.hands_played)  # the table's count: a misdeal adds no hand to the axis
        lines = [
            fch.LineChartData(
                points=[fch.LineChartDataPoint(x, y, tooltip=f"{side} {y}") for x, y in series[side]],
                color=SIDE_COLOURS[i % 3], stroke_width=3, curved=False,
                point=fch.ChartCirclePoint(radius=3, color=SIDE_COLOURS[i % 3],
                                           stroke_width=0),
            )
            for i, side in enumerate(sheet.sides)
        ]
        lines.append(fch.LineChartData(
            points=[fch.LineChartDataPoint(0, rules.win_score, show_tooltip=False),
                    fch.LineChartDataPoint(last, rules.win_score, show_tooltip=False)],
            color=MUTED, stroke_width=1, dash_pattern=[6, 4], point=False))
        step = 1 if last <= 10 else (2 if last <= 20 else 5)
        return fch.LineChart(
            data_series=lines, min_x=0, max_x=last,
            left_axis=fch.ChartAxis(label_size=44, show_min=False, show_max=True,
                                    title=_label("Score", 12), title_size=18),
            bottom_axis=fch.ChartAxis(
                label_size=26, title=_label("Hand", 12), title_size=18,
                labels=[fch.ChartAxisLabel(value=n, label=_label(str(n)))
                        for n in range(0, last + 1, step)]),
            horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1,
                                                     dash_pattern=[2, 4]),
            vertical_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1,
                                                   dash_pattern=[2, 4], interval=step),
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            tooltip=fch.LineChartTooltip(bgcolor=ft.Colors.INVERSE_SURFACE, fit_inside_horizontally=True,
                                         fit_inside_vertically=True),
            expand=True,
        )
