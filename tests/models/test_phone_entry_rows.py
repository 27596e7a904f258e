"""A phone's hand entry keeps its rows few, read from the built controls (no browser): an open IHOP
lock round is one chip at the end of the specials' line ("Raise", filled once raised) and no raise
rows in the hand, so the round adds no row (on a desktop: the raise rows below the tricks, no
chip); a table of six's 17 tricks take two lines, the highest behind "13+"."""
from __future__ import annotations

from scorekeeper.gui.components.entry import EntryPanel
from scorekeeper.gui.models import Session, SharedRepository
from tests.models.test_save_in_place import controls

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def ids(panel: EntryPanel) -> set[str]:
    return {getattr(c, "identifier", None) for c in controls(panel.column)} - {None}


def panel(tmp_path, phone: bool) -> EntryPanel:
    s = Session(SharedRepository(tmp_path / "data"))
    res, game_id = s.games.create_game("ihop", PLAYERS)
    assert res and s.open(game_id)
    p = EntryPanel(s.draft(), lambda d: None, one_line=phone, width=378 if phone else None)
    p.draft.set_bid("Ann & Cat", 5)
    p.draft.set_bid("Bob & Dan", 4)  # 9 of 13: the round is open
    p.redraw(update=False)
    return p


def test_a_phone_enters_the_lock_round_from_one_chip(tmp_path):
    p = panel(tmp_path, phone=True)
    drawn = ids(p)
    assert "lock-round" in drawn and "more" in drawn
    assert not any(i.startswith("raise-") for i in drawn), sorted(drawn)
    chip = next(c for c in controls(p.column) if getattr(c, "identifier", None) == "lock-round")
    assert chip.content.content == "Raise" and not chip.selected
    p.draft.bids.set_raise("Bob & Dan", 1)
    p.redraw(update=False)
    chip = next(c for c in controls(p.column) if getattr(c, "identifier", None) == "lock-round")
    assert chip.content.content == "Raised" and chip.selected
    assert "after the raise: not locked" in p.lock_text()
    rows = {getattr(c, "identifier", None) for c in controls(p.raise_rows(wrap=True))}
    assert {"raise-Bob & Dan-1", "raise-Ann & Cat-0", "raise-Ann & Cat-3"} <= rows  # what its sheet offers


def test_no_chip_once_the_bids_lock(tmp_path):
    p = panel(tmp_path, phone=True)
    p.draft.set_bid("Bob & Dan", 8)  # 13 of 13: locked at once
    p.redraw(update=False)
    assert "lock-round" not in ids(p)


def test_a_desktop_shows_the_raise_rows_below_the_tricks(tmp_path):
    p = panel(tmp_path, phone=False)
    drawn = ids(p)
    assert "lock-round" not in drawn
    assert {"raise-Bob & Dan-0", "raise-Bob & Dan-4", "raise-Ann & Cat-4"} <= drawn


def test_a_phone_puts_seventeen_tricks_on_two_lines(tmp_path):
    """A table of six: 0 to 12 and "13+" on a phone (two lines of 7), every count on a desktop."""
    s = Session(SharedRepository(tmp_path / "data"))
    res, game_id = s.games.create_game("ihop-6", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    assert res and s.open(game_id)
    phone = EntryPanel(s.draft(), lambda d: None, one_line=True, width=378)
    tricks = {i for i in ids(phone) if i.startswith("tricks-")}
    assert tricks == {f"tricks-{v}" for v in range(13)} | {"tricks-more"}, sorted(tricks)
    desktop = EntryPanel(s.draft(), lambda d: None)
    assert {i for i in ids(desktop) if i.startswith("tricks-")} == {f"tricks-{v}" for v in range(18)}
    four = panel(tmp_path / "four", phone=True)  # 13 tricks fill two lines exactly: no "13+"
    assert {i for i in ids(four) if i.startswith("tricks-")} == {f"tricks-{v}" for v in range(14)}
