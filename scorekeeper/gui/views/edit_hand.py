"""Edit a past hand: the same entry, prefilled; later hands are scored again.

An edit that makes a later hand impossible is refused with the engine's reason,
and the screen offers a way on instead of a dead end: open that hand, or edit it
first and come back.  The refused edit is kept meanwhile (in this tab's store),
so nothing typed is lost: after the later hand is saved, this hand's edit
opens again with the kept numbers, ready to save.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from ..components.entry import EntryPanel
from ..models.session import edit_moves_end
from ..testid import tid
from .base import HandScreen
from ..theme import MUTED
from .. import routes


@dataclass(frozen=True)
class KeptEdit:
    """An edit of hand `number` refused because it breaks hand `later`."""

    number: int
    hand: dict
    later: int


class Screen(HandScreen):
    title_prefix = "Edit hand"
    panel: EntryPanel | None = None  # none for a misdeal

    def body(self) -> list[ft.Control]:
        self.open_deal()
        kept = self.kept()
        mine = kept if kept is not None and kept.number == self.number else None
        draft, hand = self.session.draft_for(self.number, mine.hand if mine else None)
        if hand.get("misdeal"):
            return [ft.Text("This hand was a misdeal: undo it, or leave it.", size=16)]
        self.panel = EntryPanel(draft, self.save, save_label="Save changes",
                                one_line=not self.wide, width=self.entry_width)
        self.edit_version = self.session.version  # the game as it was when the edit began
        n = draft.next
        info = tid("edit-info", ft.Text(
            f"{self.session.hand_label(self.number)}: {n.dealer} dealt. The hands after it are scored again.",
            color=MUTED))
        self.offer_box = ft.Container()
        out: list[ft.Control] = [info]
        if mine is not None:
            out.append(self.kept_notice(mine))
        elif kept is not None and kept.later == self.number:
            out.append(tid("fixing-for", ft.Text(
                f"Change this hand so that your edit of {self.session.hand_name(kept.number)} fits; "
                f"after saving, {self.session.hand_name(kept.number)} opens again with your edit.", size=14)))
        return [*out, self.panel.control, self.panel.bar, self.offer_box]

    # -- the edit kept across screens ---------------------------------------------------
    def kept(self) -> KeptEdit | None:
        return self.recall(f"{self.game_id}:kept")

    def keep(self, edit: KeptEdit | None) -> None:
        self.remember(f"{self.game_id}:kept", edit)

    def kept_notice(self, kept: KeptEdit) -> ft.Control:
        def discard(e):
            self.keep(None)
            self.app.refresh()
        return tid("kept-edit", ft.Container(ft.Column([
            ft.Text(f"Your unsaved edit of {self.session.hand_name(self.number)} is back. Save it now, or discard it.", size=14),
            ft.Row([tid("discard-kept", ft.TextButton("Discard my edit", height=48, on_click=discard))]),
        ], spacing=4, tight=True), padding=10, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER))

    # -- saving ---------------------------------------------------------------------------
    def save(self, draft) -> str | None:
        hand = draft.to_hand()
        res = self.session.replace_hand(self.number, hand, version=self.edit_version)
        if res.conflict:  # another device changed the game meanwhile: theirs or mine, never a silent drop
            self.changed_while_editing(draft, res.message)
            return None
        if not res:
            moved = edit_moves_end(self.session.game, self.number, hand)
            if moved is not None:  # the game now ends sooner: end it there, or keep the later hands
                self.offer_end(moved, hand)
                return moved.said
            if res.hand is not None and res.hand > self.number:
                self.offer(KeptEdit(self.number, hand, res.hand))
            return res.message
        self.saved(res.message)
        return None

    def saved(self, message: str) -> None:
        kept = self.kept()
        if kept is not None and kept.number == self.number:
            self.keep(None)
        elif kept is not None and kept.later == self.number:
            # the later hand is fixed: back to the edit that was waiting for it
            self.app.go(routes.edit(self.game_id, kept.number))
            self.app.message(f"{self.session.hand_label(self.number)} changed. Now save your edit of {self.session.hand_name(kept.number)}.")
            return
        self.app.go(routes.game(self.game_id, tab="sheet"))
        self.app.message(message)

    def offer_end(self, moved, hand: dict) -> None:
        """The edit ends the game before its last hand: the two ways out, each one tap (and one
        change in the history, undone by Undo); the words are the engine's."""
        version = self.edit_version

        def choose(later: str):
            def run(e) -> None:
                res = self.session.replace_hand(self.number, hand, version=version, later=later)
                if res.conflict:
                    self.changed_while_editing(self.panel.draft, res.message)
                    return
                if not res:
                    self.panel.show(res.message, error=True)
                    return
                self.saved(res.message)
            return run

        def way(key: str, label: str, words: str, filled: bool) -> ft.Control:
            button = (ft.FilledButton if filled else ft.OutlinedButton)(
                label, height=48, on_click=choose(key), style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=16)))
            return ft.Column([tid(f"later-{key}", button), tid(f"later-{key}-words", ft.Text(words, size=14))],
                             spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

        self.offer_box.content = tid("end-moved", ft.Container(ft.Column([
            ft.Text("What happened at the table?", size=15, weight=ft.FontWeight.BOLD),
            way("end", "The game ended there", moved.end_text, True),
            way("keep", "We played on", moved.keep_text, False),
        ], spacing=12, tight=True), padding=12, border_radius=12, border=ft.Border.all(1, ft.Colors.OUTLINE)))
        self.offer_box.update()
        self.page.run_task(self.scroll_to_offer)

    async def scroll_to_offer(self) -> None:
        """The ways out in sight, with the sentence and Save above them."""
        try:
            await self.page.views[-1].scroll_to(offset=-1, duration=200)
        except Exception:  # the screen was left meanwhile
            pass

    def offer(self, kept: KeptEdit) -> None:
        """The edit breaks a later hand: name it, keep the edit, offer to open or edit that hand."""
        self.keep(kept)
        later = kept.later
        name = self.session.hand_name(later)
        self.offer_box.content = tid("later-hand", ft.Container(ft.Column([
            ft.Text(f"This edit does not fit {name}. Your edit is kept: change {name} first, "
                    f"then save this one.", size=14),
            ft.Row([
                tid("edit-later-hand", ft.FilledButton(
                    f"Edit {name} first", icon=ft.Icons.EDIT, height=48,
                    on_click=lambda e: self.app.go(routes.edit(self.game_id, later)))),
                tid("open-later-hand", ft.OutlinedButton(
                    f"Open {name}", height=48,
                    on_click=lambda e: self.app.go(routes.hand(self.game_id, later)))),
            ], wrap=True, spacing=10, run_spacing=8),
        ], spacing=8, tight=True), padding=12, border_radius=12, border=ft.Border.all(1, ft.Colors.OUTLINE)))
        self.offer_box.update()

    def notify(self, text: str) -> bool:
        """Beside Save, as on the game screen (a message at the bottom would cover it)."""
        if self.panel is None:
            return False
        self.panel.show(text)
        return True

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
            self.app.go(routes.game(self.game_id, tab="sheet"))
            self.app.message(f"Your edit of {self.session.hand_name(self.number)} was discarded")

        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(message),
            content=tid("conflict-numbers", ft.Text(
                f"Your {self.session.hand_name(self.number)}: {draft.summary()}. Save it over what is there now, "
                f"or discard it.")),
            actions=[tid("conflict-discard", ft.TextButton("Discard mine", height=48, on_click=discard)),
                     tid("conflict-save-mine", ft.FilledButton("Save mine", height=48,
                                                               on_click=save_mine))]))
