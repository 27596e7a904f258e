"""A breakdown line's rule: the rule for this game's rules in the app's words, the options that
change it, and this hand scored each other way beside what the sheet says, with the game's totals
that way.  The pen holder can play the game that way from its first hand (undone like any change);
a viewer reads the same and cannot.  Every sentence and number comes from `session.dispute`.
"""
from __future__ import annotations

import flet as ft

from .. import routes, theme
from ..models.dispute import LineRule, way_lines, way_totals
from ..testid import tid
from .base import HandScreen, full_width


def _card(controls: list[ft.Control], identifier: str) -> ft.Control:
    return tid(identifier, ft.Container(ft.Column(controls, spacing=6, tight=True), padding=12,
                                        border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW))



class Screen(HandScreen):
    title_prefix = "Hand"

    def __init__(self, app, game_id: str, number: str, key: str):
        super().__init__(app, game_id=game_id, number=number)
        self.key = key

    def build(self) -> ft.View:
        return self.view(full_width(self.body()))

    def body(self) -> list[ft.Control]:
        hs = self.open_deal()
        found, why = self.session.dispute.rule_of(hs.deal, self.key)
        if found is None:
            return [tid("rule-missing", ft.Text(why, size=16))]
        self.title = f"{self.hand_title(hs)}: {found.rule.title}"
        out: list[ft.Control] = [self.rule_card(found), self.now_card(found)]
        ways = found.ways_in_order
        if not ways:
            out.append(ft.Text("No house rule changes this line: it is scored the same way "
                               "under every rule set this game could use.", color=theme.MUTED))
        if found.unoffered:
            out.append(tid("rule-unoffered", ft.Text(
                f"{', '.join(found.unoffered)}: no list of other values to show here; "
                "What if (in the game menu) scores the game with any value.", color=theme.MUTED, size=13)))
        may_play = self.session.may_keep_score
        for n, way in enumerate(ways):
            out.append(self.way_card(n, way, may_play))
        if not may_play and ways:
            out.append(tid("viewer-no-play", ft.Text(
                "Only the device with the pen can change this game's house rules.", color=theme.MUTED)))
        return out

    def rule_card(self, found: LineRule) -> ft.Control:
        rule = found.rule
        controls: list[ft.Control] = [
            ft.Text(rule.title, size=18, weight=ft.FontWeight.BOLD),
            tid("rule-words", ft.Text(rule.words, size=15)),
            ft.Text(rule.source, size=13, color=theme.MUTED, italic=True),
        ]
        if found.options_text:
            controls.append(ft.Text("House rules that change it, as this game has them:", size=13,
                                    color=theme.MUTED))
            controls += [ft.Text(f"\u2022 {line}", size=14) for line in found.options_text]
        return _card(controls, "rule-card")

    def now_card(self, found: LineRule) -> ft.Control:
        return _card([ft.Text(f"{found.ways.label} on the sheet now", weight=ft.FontWeight.BOLD),
                      *[ft.Text(line) for line in found.now_text()],
                      ft.Text(f"Totals now: {' / '.join(f'{s} {v}' for s, v in found.ways.scores)}",
                              color=theme.MUTED)], "rule-now")

    def way_card(self, n: int, way, may_play: bool) -> ft.Control:
        head = ft.Text(f"With {way.label}: {way.value_text} (this game: {way.current_text})",
                       weight=ft.FontWeight.BOLD)
        if not way.possible:
            return _card([head, ft.Text(f"Not possible: {way.error}", color=theme.MUTED)], f"way-{n}")
        controls: list[ft.Control] = [head]
        if not way.changes_hand:
            controls.append(ft.Text("This hand scores the same that way.", color=theme.MUTED))
        controls += [tid(f"way-{n}-side-{i}", ft.Text(line)) for i, line in enumerate(way_lines(way))]
        controls.append(tid(f"way-{n}-totals", ft.Text(way_totals(way), color=theme.MUTED)))
        if may_play:
            controls.append(ft.Row([tid(f"play-way-{n}", ft.FilledButton(
                "Play this way", icon=ft.Icons.CHECK, height=theme.TARGET,
                on_click=lambda e, w=way: self.play(w)))]))
        return _card(controls, f"way-{n}")

    def play(self, way) -> None:
        res = self.session.dispute.play(way.option, way.value)
        if not res:
            self.app.error(res.message)
            self.app.refresh()
            return
        self.app.go(routes.game(self.game_id) + "?tab=sheet")
        self.app.message(f"{res.message}. Undo at the top puts the rules back.")
