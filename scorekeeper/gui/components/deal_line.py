"""Above the hand's entry: who deals and leads, and the pass (the game screen's deal line)."""
from __future__ import annotations

import math

import flet as ft

from ..keep import Keeper
from ..models import Session
from ..models.live import deal_words, longest_deal_line
from ..testid import tid

#: the deal line on a phone (14 px text): at most this many px a character, this many a line
CHAR_PX, LINE_PX = 7.6, 20


def deal_line(session: Session, wide: bool, width: float, keeper: Keeper | None = None) -> ft.Control:
    """Who deals and leads, the pass (who bids first is marked on its row); on a wide
    screen 'Hand 7 of 12' first (a phone has it beside the Hand/Sheet switch).  `width`: the
    entry's, on a phone.  With a `keeper`, the line drawn last time is changed in place (a save
    sends the new words, not the line again)."""
    s = session
    keep = keeper.keep if keeper is not None else (lambda key, control: control)
    bits = deal_words(s)
    spans = [keep("deal#who", ft.TextSpan(" \u00b7 ".join(bits), ft.TextStyle(size=14)))]
    label = f"{s.hand_title}: {' · '.join(bits)}"
    if wide:
        spans.insert(0, keep("deal#title", ft.TextSpan(s.hand_title + "  ", ft.TextStyle(
            size=18, weight=ft.FontWeight.BOLD))))
        return keep("deal#wide", tid("next-hand", keep("deal#wide#t", ft.Text(spans=spans)), label=label))
    # a phone: the line keeps one height all game (the dealer and the pass change every
    # hand), so the entry under it never moves between hands
    lines = max(1, math.ceil(longest_deal_line(s) * CHAR_PX / max(1, width)))
    return keep("deal#phone", tid("next-hand", keep("deal#phone#box", ft.Container(
        keep("deal#phone#t", ft.Text(spans=spans)), height=lines * LINE_PX)), label=label))
