"""Above the hand's entry: who deals and leads, and the pass (the game screen's deal line)."""
from __future__ import annotations

import math

import flet as ft

from ..models import Session
from ..models.live import deal_words, longest_deal_line
from ..testid import tid

#: the deal line on a phone (14 px text): at most this many px a character, this many a line
CHAR_PX, LINE_PX = 7.6, 20


def deal_line(session: Session, wide: bool, width: float) -> ft.Control:
    """Who deals and leads, the pass (who bids first is marked on its row); on a wide
    screen 'Hand 7 of 12' first (a phone has it beside the Hand/Sheet switch).  `width`: the
    entry's, on a phone."""
    s = session
    bits = deal_words(s)
    spans = [ft.TextSpan(" \u00b7 ".join(bits), ft.TextStyle(size=14))]
    label = f"{s.hand_title}: {' · '.join(bits)}"
    if wide:
        spans.insert(0, ft.TextSpan(s.hand_title + "  ", ft.TextStyle(
            size=18, weight=ft.FontWeight.BOLD)))
        return tid("next-hand", ft.Text(spans=spans), label=label)
    # a phone: the line keeps one height all game (the dealer and the pass change every
    # hand), so the entry under it never moves between hands
    lines = max(1, math.ceil(longest_deal_line(s) * CHAR_PX / max(1, width)))
    return tid("next-hand", ft.Container(ft.Text(spans=spans), height=lines * LINE_PX), label=label)
