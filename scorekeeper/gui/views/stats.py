"""Per-player stats across finished games, as a compact table that fits a phone.

Every figure is the repository's (`Repository.player_stats()`); this screen
only formats them (a win rate of 0.5 shows as 50%).
"""
from __future__ import annotations

import flet as ft

from ..models.figures import StatsLine, draws_by_player, stats_lines
from ..testid import tid
from .base import BaseScreen

MUTED = ft.Colors.ON_SURFACE_VARIANT
#: (heading, what it means, width on a phone, width on a wide page): fixed widths, so
#: the table is laid out the same before and after the font has loaded, and fits 360 px
COLUMNS = (
    ("Player", "", 72, 200),
    ("G", "games", 24, 48),
    ("W", "wins", 24, 48),
    ("D", "draws", 22, 48),
    ("Win", "win rate", 42, 72),
    ("Nil \u2713/\u2717", "nils made / failed", 50, 80),
    ("Set", "times their side was set", 30, 48),
)


class Screen(BaseScreen):
    title = "Player stats"

    def layout_key(self) -> bool:  # a narrower or wider table
        return self.width < 420

    def load(self):
        """The repository's stats, or the sentence saying why there are none."""
        try:
            return self.session.games.player_stats(), draws_by_player(self.session.games.list_games()), None
        except Exception as exc:  # storage trouble: say so, keep the screen
            return None, None, str(exc)

    def body(self) -> list[ft.Control]:
        stats, draws, problem = self.load()
        if problem:
            return [tid("stats-error", ft.Text(problem, color=ft.Colors.ERROR, size=15))]
        if not stats:
            return [tid("stats-empty", ft.Text(
                "No finished games yet. Stats count the games that have a winner or have ended.",
                size=15))]
        lines = stats_lines(stats, draws)
        narrow = self.layout_key()
        table = ft.DataTable(
            columns=[ft.DataColumn(self.cell(h, i, narrow, heading=True), numeric=i > 0,
                                   tooltip=meaning or None)
                     for i, (h, meaning, _, _) in enumerate(COLUMNS)],
            rows=[self.row(line, narrow) for line in lines],
            column_spacing=8 if narrow else 24, horizontal_margin=8 if narrow else 16,
            heading_row_height=40, data_row_min_height=48, data_row_max_height=56,
            divider_thickness=0.5,
        )
        legend = ft.Text(" \u00b7 ".join(f"{h} {m}" for h, m, _, _ in COLUMNS[1:]) +
                         ". Finished games only.", size=12, color=MUTED)
        return [tid("stats-narrow" if narrow else "stats-wide", ft.Column([
            tid("stats-table", ft.Row([table], scroll=ft.ScrollMode.AUTO,
                                      alignment=ft.MainAxisAlignment.CENTER if not narrow else
                                      ft.MainAxisAlignment.START)),
            tid("stats-legend", legend),
        ], spacing=12, tight=True))]

    @staticmethod
    def cell(text: str, column: int, narrow: bool, heading: bool = False) -> ft.Text:
        width = COLUMNS[column][2 if narrow else 3]
        return ft.Text(text, size=12 if heading else 14, width=width, max_lines=1, no_wrap=True,
                       overflow=ft.TextOverflow.ELLIPSIS,
                       weight=ft.FontWeight.BOLD if heading or column == 0 else None,
                       text_align=ft.TextAlign.START if column == 0 else ft.TextAlign.END)

    def row(self, line: StatsLine, narrow: bool) -> ft.DataRow:
        values = [line.name, line.games, line.wins, line.draws, line.win_rate, line.nils, line.times_set]
        cells = [self.cell(v, i, narrow) for i, v in enumerate(values)]
        cells[0] = tid(f"stats-{line.name}", cells[0])
        return ft.DataRow(cells=[ft.DataCell(c) for c in cells])
