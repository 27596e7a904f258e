"""A phone's IHOP lock round: one chip at the end of the specials' line opens the raises in a sheet
over the entry, so an open lock round adds no row to the hand and nothing lies under the Save bar
(on a desktop the raise rows stand below the tricks)."""
from __future__ import annotations

import flet as ft

from ..testid import tid
from .entry_sheet import EntrySheet


class LockRoundPart(EntrySheet):
    """The lock round of an `EntryPanel` (`p`) on a phone: its chip, and the sheet it opens (the
    panel's own raise rows, so a tap there is the panel's tap)."""

    def __init__(self, panel) -> None:
        super().__init__(panel)
        self.rows = ft.Column(spacing=6, tight=True)

    def offered(self) -> bool:
        """A lock round is open on this hand: every side has bid and the bids do not lock."""
        p = self.p
        d = p.draft
        if not (p.one_line and p.has_lock and d.bids.complete()):
            return False
        first = p.lock(d, None)
        return first.locked is False and bool(first.raiser)

    def chip(self) -> ft.Control | None:
        """"Raise" (filled once a raise is chosen) beside the specials' button, while a round is open."""
        if not self.offered():
            return None
        raised = any(self.p.draft.bids.raised.values())
        return self.p.chip("Raised" if raised else "Raise", raised, self.open, "lock-round", width=None,
                           size=15, tooltip="The lock round: raise the bids")

    def refresh(self, update: bool) -> None:
        """The panel was redrawn: the open sheet's rows too (the lock's offer follows the raise)."""
        if self.sheet is None:
            return
        if not self.offered():  # the bids changed under it (another phone): nothing left to raise
            self.close()
            return
        self.rows.controls = self._content()
        if update:
            self.rows.update()

    def _content(self) -> list[ft.Control]:
        status = self.p.lock_text()
        return [tid("lock-round-status", ft.Text(status, size=14), label=status),
                *([rows] if (rows := self.p.raise_rows(wrap=True)) is not None else [])]

    def open(self) -> None:
        if self.sheet is None:
            self.rows.controls = self._content()
            self.show("The lock round", tid("lock-round-sheet", self.rows), "lock-done")
