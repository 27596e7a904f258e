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
    panel: EntryPanel | None = None  # none for a misdeal

    def body(self) -> list[ft.Control]:
        self.open_game(self.game_id, self.number)
        draft, hand = self.session.draft_for(self.number)
        if hand.get("misdeal"):
            return [ft.Text("This hand was a misdeal: undo it, or leave it.", size=16)]
        self.panel = EntryPanel(draft, self.save, save_label="Save changes",
                                lock=self.session.lock, one_line=not self.wide)
        self.edit_version = self.session.version  # the game as it was when the edit began
        n = draft.next
        info = tid("edit-info", ft.Text(
            f"Hand {self.number}: {n.dealer} dealt. The hands after it are scored again.",
            color=MUTED))
        return [info, self.panel.control, self.panel.bar]

    def save(self, draft) -> str | None:
        res = self.session.replace_hand(self.number, draft.to_hand(), version=self.edit_version)
        if res.conflict:
            self.changed_while_editing(draft, res.message)
            return None
        if not res:
            return res.message
        self.saved(res.message)
        return None

    def saved(self, message: str) -> None:
        self.app.broadcast(self.game_id)
        self.app.go(f"/game/{self.game_id}")
        self.app.message(message)

    def changed_elsewhere(self, game_id: str, change: str | None) -> None:
        """The edit stays as it is (it is saved over the new state only if asked)."""
        if game_id == self.game_id and change and self.panel is not None:
            self.panel.show(f"{change} on another device; your edit is kept")

    def changed_while_editing(self, draft, message: str) -> None:
        """Another device changed the game during this edit: save it over theirs, or drop it."""
        def save_mine(e) -> None:
            self.page.pop_dialog()
            res = self.session.replace_hand(self.number, draft.to_hand())
            if not res:
                self.panel.show(res.message, error=True)
                return
            self.saved(res.message)

        def discard(e) -> None:
            self.page.pop_dialog()
            self.app.go(f"/game/{self.game_id}")
            self.app.message(f"Your edit of hand {self.number} was discarded")

        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(message),
            content=tid("conflict-numbers", ft.Text(
                f"Your hand {self.number}: {draft.summary()}. Save it over what is there now, "
                f"or discard it.")),
            actions=[tid("conflict-discard", ft.TextButton("Discard mine", height=48, on_click=discard)),
                     tid("conflict-save-mine", ft.FilledButton("Save mine", height=48,
                                                               on_click=save_mine))]))
