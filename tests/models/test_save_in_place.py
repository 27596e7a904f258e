"""A save late in a long game changes the screen in place: the sheet's rows already drawn are the
same controls, the next hand's entry is the same entry with only its chosen chips drawn anew, and a
bid tap builds only the chips it changed.  No browser needed (the controls are built, not shown)."""
from __future__ import annotations

import flet as ft
import pytest

from scorekeeper.gui.components import sheet as sheetui
from scorekeeper.gui.components.entry import EntryPanel
from scorekeeper.gui.models import Session, SharedRepository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HAND = {"bids": {"Ann": 4, "Bob": 4, "Cat": 4, "Dan": 4}, "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}


def controls(root: ft.BaseControl) -> list[ft.BaseControl]:
    """Every control in the tree under `root` (content, controls), depth first."""
    out, todo = [], [root]
    while todo:
        c = todo.pop()
        out.append(c)
        content = getattr(c, "content", None)
        if isinstance(content, ft.BaseControl):
            todo.append(content)
        todo.extend(x for x in getattr(c, "controls", None) or [] if isinstance(x, ft.BaseControl))
    return out


@pytest.fixture
def session(tmp_path):
    s = Session(SharedRepository(tmp_path / "data"))
    res, game_id = s.games.create_game("standard", PLAYERS)
    assert res and s.open(game_id)
    for _ in range(39):
        assert s.record_hand(HAND)
    return s


def test_hand_40_adds_one_row_and_keeps_the_39_drawn(session):
    cache: dict = {}
    sides = list(session.sheet.sides)
    before = sheetui.table(session.sheet, session.game, sides, False, lambda n: None, cache=cache)
    rows = list(before.content.controls)
    assert session.record_hand(HAND).message == "Hand 40 saved"
    after = sheetui.table(session.sheet, session.game, sides, False, lambda n: None, cache=cache)
    assert after is before  # the same sheet, one row longer
    now = after.content.controls
    assert len(now) == len(rows) + 1 and all(a is b for a, b in zip(now, rows))
    assert now[-1].identifier == "sheet-row-40"


def test_the_next_hands_entry_is_the_same_controls(session):
    panel = EntryPanel(session.draft(), lambda d: None)
    panel.draft.set_bid("Ann", 4)
    panel.redraw(update=False)
    drawn = {id(c) for c in controls(panel.column)}
    assert session.record_hand(HAND)
    panel.reset(session.draft(), notice="Hand 40 saved")
    new = [c for c in controls(panel.column) if id(c) not in drawn]
    assert new == []  # Ann's 4 drawn unselected on the same chip; nothing replaced


def test_a_bid_tap_builds_only_the_chips_it_changed(session, monkeypatch):
    panel = EntryPanel(session.draft(), lambda d: None)
    built: list[str] = []
    real = ft.Semantics.__init__

    def counting(self, *args, **kwargs):
        built.append(kwargs.get("identifier") or "")
        real(self, *args, **kwargs)
    monkeypatch.setattr(ft.Semantics, "__init__", counting)
    panel.draft.set_bid("Ann", 4)
    panel.redraw(update=False)
    chips = [b for b in built if b.startswith("bid-")]
    assert chips == ["bid-Ann-4"]  # of every bid chip, only the one now selected
