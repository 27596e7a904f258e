"""The totals above the sheet (components/sheet.header), built without a browser: a side's reneg
line warns of the reneg that loses the game only while the game goes on (issue 15, 6: "1 reneg:
the 3rd loses" stayed on a finished game)."""
from __future__ import annotations

from scorekeeper.engine import new_game, record_hand
from scorekeeper.gui.components import sheet as sheet_view

HAND = {"bids": {"Ann & Cat": 6, "Bob & Dan": 7}, "tricks": {"Ann & Cat": 6, "Bob & Dan": 7}}


def identifiers(control) -> set[str]:
    found, stack = set(), [control]
    while stack:
        c = stack.pop()
        if getattr(c, "identifier", None):
            found.add(c.identifier)
        for name in ("content", "controls"):
            child = getattr(c, name, None)
            stack.extend(child if isinstance(child, list) else [child] if child is not None else [])
    return found


def test_the_reneg_warning_is_gone_once_the_game_is_over():
    game = new_game({"preset": "ihop", "options": {"max_hands": 2}}, ["Ann", "Bob", "Cat", "Dan"])
    first = record_hand(game, {**HAND, "penalties": [{"side": "Ann & Cat", "reneg": 1}]})
    sides = ["Ann & Cat", "Bob & Dan"]
    for compact in (False, True):
        assert "renegs-Ann & Cat" in identifiers(sheet_view.header(first.sheet, first.game.rules, sides, compact))
    over = record_hand(first.game, HAND, sheet=first.sheet)
    assert over.sheet.finished and over.sheet.renegs["Ann & Cat"] == 1
    for compact in (False, True):
        assert "renegs-Ann & Cat" not in identifiers(sheet_view.header(over.sheet, over.game.rules, sides, compact))
