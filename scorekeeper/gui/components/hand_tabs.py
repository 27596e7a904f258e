"""The phone's switch between the hand's entry and the sheet: Hand | Sheet (N)."""
from __future__ import annotations

from typing import Callable

import flet as ft

from ..models import Session
from ..testid import tid
from .chips import chip


def hand_tabs(session: Session, tab: str, switch: Callable[[str], None]) -> ft.Control:
    """Hand | Sheet (N): N scored hands (a misdeal is not a hand); the hand's title beside them
    while the game goes on.  `tab`: "hand" or "sheet"; `switch(tab)` on a tap."""
    s = session
    title = [] if s.sheet.finished else [
        tid("hand-title", ft.Text(s.hand_title, size=16, weight=ft.FontWeight.BOLD))]
    return ft.Row([
        chip("Hand", tab == "hand", lambda: switch("hand"), "tab-hand", width=96),
        chip(f"Sheet ({s.sheet.hands_played})", tab == "sheet", lambda: switch("sheet"), "tab-sheet",
             width=116),
        *title,
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
