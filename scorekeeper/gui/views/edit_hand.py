"""Edit a past hand: the same entry, prefilled; later hands are scored again.

An edit that makes a later hand impossible is refused with the engine's reason.
"""
from __future__ import annotations

import flet as ft

from ..components.entry import EntryPanel
from ..testid import tid
from .base import HandScreen

MUTED = ft.Colors.ON_SURFACE_VARIANT


class Screen(HandScreen):
    title_prefix = "Edit hand"

    def body(self) -> list[ft.Control]:
        self.open_game(self.game_id, self.number)
        draft, hand = self.session.draft_for(self.number)
        if hand.get("misdeal"):
            return [ft.Text("This hand was a misdeal: undo it, or leave it.", size=16)]
        self.panel = EntryPanel(draft, self.save, save_label="Save changes",
                                lock=self.session.lock)
        n = draft.next
        info = tid("edit-info", ft.Text(
            f"Hand {self.number}: {n.dealer} dealt. The hands after it are scored again.",
            color=MUTED))
        return [info, self.panel.control, self.panel.bar]

    def save(self, draft) -> str | None:
        res = self.session.replace_hand(self.number, draft.to_hand())
        if not res:
            return res.message
        self.app.broadcast(self.game_id)
        self.app.go(f"/game/{self.game_id}")
        self.app.message(res.message)
        return None
