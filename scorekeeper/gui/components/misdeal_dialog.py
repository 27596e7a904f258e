"""'Misdeal?': the question before a misdeal is recorded."""
from __future__ import annotations

from typing import Callable

import flet as ft

from ..testid import tid


def ask_misdeal(page: ft.Page, dealer: str, confirmed: Callable[[], None]) -> None:
    """Ask whether to record a misdeal (the deal passes from `dealer`); `confirmed()` on yes."""
    def confirm(e) -> None:
        page.pop_dialog()
        confirmed()

    page.show_dialog(ft.AlertDialog(
        title=ft.Text("Misdeal?"),
        content=ft.Text(f"The hand scores nothing, is not counted as a hand, and the deal "
                        f"passes from {dealer} to the next dealer."),
        actions=[ft.TextButton("Cancel", height=48, on_click=lambda e: page.pop_dialog()),
                 tid("confirm-misdeal", ft.FilledButton("Misdeal", height=48, on_click=confirm))]))
