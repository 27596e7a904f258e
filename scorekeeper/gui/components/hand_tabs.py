"""The phone's switch between the hand's entry and the sheet: Hand | Sheet (N)."""
from __future__ import annotations

from typing import Callable

import flet as ft

from ..keep import Keeper
from ..models import Session
from ..testid import tid
from .chips import chip


def hand_tabs(session: Session, tab: str, switch: Callable[[str], None],
              keeper: Keeper | None = None, titled: bool = True) -> ft.Control:
    """Hand | Sheet (N): N scored hands (a misdeal is not a hand); the hand's title beside them
    while the game goes on (`titled`; a phone on its side has it on the deal line).  `tab`: "hand" or "sheet"; `switch(tab)` on a tap.  With a `keeper`
    (kept by the screen), a switch or a save sends only what changed."""
    s = session
    keep = keeper.keep if keeper is not None else (lambda key, control: control)
    title = [] if s.sheet.finished or not titled else [keep("hand-title", tid("hand-title", keep("hand-title#t", ft.Text(
        s.hand_title, size=16, weight=ft.FontWeight.BOLD))))]
    return keep("tabs", ft.Row([
        chip("Hand", tab == "hand", lambda: switch("hand"), "tab-hand", width=96, keeper=keeper),
        chip(f"Sheet ({s.sheet.hands_played})", tab == "sheet", lambda: switch("sheet"), "tab-sheet",
             width=116, keeper=keeper),
        *title,
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))
