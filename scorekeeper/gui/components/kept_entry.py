"""What this device entered and could not save: kept in sight until dismissed, and, when another
device saved the same hand first, the question what to do with it."""
from __future__ import annotations

from typing import Callable

import flet as ft

from ..models import HandDraft, Session
from ..testid import tid


class KeptEntry:
    """The game screen's panel of numbers kept (`box`, above the entry) and its conflict dialog."""

    def __init__(self, page: ft.Page, session: Session):
        self.page = page
        self.session = session
        self.box = ft.Container(visible=False)

    def keep(self, draft: HandDraft, why: str) -> None:
        """What this device had entered, shown until dismissed (it was not saved)."""
        def dismiss(e) -> None:
            self.box.content = None
            self.box.visible = False
            self.box.update()

        self.box.content = tid("kept-entry", ft.Container(ft.Column([
            ft.Text(why, size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER),
            tid("kept-numbers", ft.Text(f"Not saved: {draft.summary()}", size=14,
                                        color=ft.Colors.ON_TERTIARY_CONTAINER)),
            ft.Row([tid("kept-dismiss", ft.TextButton("Dismiss", height=48, on_click=dismiss))],
                   alignment=ft.MainAxisAlignment.END),
        ], spacing=4, tight=True), padding=ft.Padding.only(left=12, right=6, top=8),
            border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER), live_region=True)
        self.box.visible = True

    def saved_elsewhere_first(self, draft: HandDraft, message: str, saved: Callable[[str], None],
                              discarded: Callable[[str], None]) -> None:
        """Both devices saved this hand: the second is asked (save its numbers as the next hand,
        or discard them), its numbers kept in sight.  `saved(message)` after a save,
        `discarded(message)` after a discard."""
        s = self.session
        carried = draft.carried_to(s.game, s.next)

        def save_next(e) -> None:
            self.page.pop_dialog()
            res = s.record_hand(carried.to_hand(), version=s.version)
            if not res:
                self.keep(draft, res.message)
                self.page.update(self.box)
                return
            saved(res.message)

        def discard(e) -> None:
            self.page.pop_dialog()
            discarded(f"Your entry was discarded; {s.hand_title} is next")

        fits = (f"Save them as {s.hand_title}, or discard them." if carried is not None else
                f"They do not fit {s.hand_title} (a blind bid is no longer allowed): discard them.")
        actions = [tid("conflict-discard", ft.TextButton("Discard mine", height=48, on_click=discard))]
        if carried is not None:
            actions.append(tid("conflict-save-next", ft.FilledButton(
                f"Save as {s.hand_title}", height=48, on_click=save_next)))
        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(message),
            content=tid("conflict-numbers", ft.Text(f"Your numbers: {draft.summary()}. {fits}")),
            actions=actions))
