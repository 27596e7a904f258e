"""Special bids and penalties in the hand entry (issue 15)."""
from __future__ import annotations

import flet as ft
import pytest

from scorekeeper.engine import new_game, next_hand
from scorekeeper.gui.components.entry import EntryPanel
from scorekeeper.gui.models import HandDraft

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
US, THEM = "Us", "Them"  # Ann & Cat, Bob & Dan


def _find(control, identifier: str):
    """The control with that test id in a tree of flet controls, or None."""
    if isinstance(control, ft.Semantics) and control.identifier == identifier:
        return control
    for attr in ("controls", "content"):
        inner = getattr(control, attr, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.Control) and (found := _find(child, identifier)) is not None:
                return found
    return None


@pytest.mark.parametrize("side", [US, THEM])
def test_a_bemo_chip_sets_the_bemo_of_its_own_side(side):
    """No browser: each side's bemo chips set that side's bemo.  Before the fix every bemo chip
    set the last side's (the chips' handler read the loop's side when tapped, not when drawn):
    a little bemo made tapped on Us's row was saved, and scored, as Them's."""
    game = new_game({"preset": "ihop", "options": {"bemo": True}}, PLAYERS, team_names=[US, THEM])
    panel = EntryPanel(HandDraft(game, next_hand(game)), lambda draft: None)
    panel.more_open = True
    panel.redraw(update=False)
    panel.redraw = lambda update=True: None  # no page here to draw on
    for label, value in (("little made", ("little", True)), ("big failed", ("big", False))):
        _find(panel.column, f"bemo-{side}-{label}").content.on_click(None)
        assert panel.draft.bemo == {side: value}
    _find(panel.column, f"bemo-{side}-none").content.on_click(None)
    assert panel.draft.bemo == {}
