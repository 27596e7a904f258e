"""Aces, specials and penalties of a hand's entry: below the tricks on a desktop; on a phone
one line (what is entered, in words) that opens them in a sheet over the entry, so a hand with a
special needs no scroll."""
from __future__ import annotations

import flet as ft

from ..testid import tid
from .entry_sheet import EntrySheet


class SpecialsPart(EntrySheet):
    """The specials of an `EntryPanel` (`p`): its chips, rows and taps are the panel's."""

    def __init__(self, panel) -> None:
        super().__init__(panel)
        self.sheet_rows = ft.Column(spacing=6, tight=True)

    def refresh(self, update: bool) -> None:
        """The panel was redrawn: the open sheet's rows too."""
        if self.sheet is not None:
            self.sheet_rows.controls = self._sheet_content()
            if update:
                self.sheet_rows.update()

    def _sheet_content(self) -> list[ft.Control]:
        """The sheet's rows; on a phone on its side, the sides side by side (one over the other
        would need a scroll on a screen 390 px high)."""
        if not self.p.landscape:
            return self.rows()
        return [self.p.keep(f"specials-side-{n}", ft.Column(rows, spacing=6, tight=True, expand=True))
                for n, rows in enumerate(self.rows_by_side())]

    def kinds(self) -> list[str]:
        r = self.p.draft.rules
        return [kind for kind, on in (("aces", r.aces), ("no_trump", r.no_trump), ("bemo", r.bemo)) if on]

    def control(self) -> ft.Control | None:
        """Aces, specials and penalties: below the tricks on a desktop; on a phone one line (what is
        entered, in words) that opens them in a sheet over the entry, so a hand with a special
        needs no scroll either."""
        d = self.p.draft
        if not self.kinds() and not d.rules.penalties:
            return None
        if self.p.one_line:
            return self._line()
        toggle = self.p.keep("more", tid("more", self.p.keep("more#b", ft.TextButton(
            ("Hide " if self.p.more_open else "") + "Aces, specials, penalties", height=48,
            icon=ft.Icons.EXPAND_LESS if self.p.more_open else ft.Icons.EXPAND_MORE,
            on_click=self.p.tap(self._toggle)))))
        if not self.p.more_open:
            return toggle
        return self.p.keep("specials", tid("specials", self.p.keep("specials#col", ft.Column(
            [toggle, *self.rows()], spacing=6, tight=True))))

    def _line(self) -> ft.Control:
        """A phone's line: the button that opens the sheet, what is entered beside it, and (IHOP) the
        lock round's chip while one is open."""
        d = self.p.draft
        said = d.specials.summary([side.name for side in d.shape.sides])
        raise_chip = self.p.lock_round.chip()  # an open lock round: its chip at the line's end
        # in the narrow bar of a phone on its side, beside the lock round's chip: the short name
        short = said or (raise_chip is not None and self.p.more_in_bar())
        button = self.p.keep("more", tid("more", self.p.keep("more#b", ft.TextButton(
            "Specials" if short else "Aces, specials, penalties", height=48, icon=ft.Icons.TUNE,
            on_click=lambda e: self.open()))))
        line: list[ft.Control] = [button]
        if said:
            line.append(self.p.keep("specials-said", tid("specials-said", self.p.keep("specials-said#t", ft.Text(
                said, size=13, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)), label=said, expand=True)))
        if raise_chip is not None:
            if not said:
                line.append(self.p.keep("more-line#gap", ft.Container(expand=True)))
            line.append(raise_chip)
        return self.p.keep("more-line", ft.Row(line, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER))

    def open(self) -> None:
        if self.p.landscape:
            self.sheet_rows = ft.Row(self._sheet_content(), spacing=12,
                                     vertical_alignment=ft.CrossAxisAlignment.START)
        else:
            self.sheet_rows = ft.Column(self._sheet_content(), spacing=6, tight=True)
        self.show("Aces, specials, penalties", tid("specials", self.sheet_rows), "specials-done")

    def rows(self) -> list[ft.Control]:
        return [row for side in self.rows_by_side() for row in side]

    def rows_by_side(self) -> list[list[ft.Control]]:
        """Each side's name and rows."""
        d, specials = self.p.draft, self.p.draft.specials
        r, kinds = d.rules, self.kinds()
        out: list[list[ft.Control]] = []
        for side in d.shape.sides:
            s = side.name
            rows: list[ft.Control] = [ft.Text(s, size=15, weight=ft.FontWeight.W_600)]
            out.append(rows)
            if "aces" in kinds:
                rows.append(self._choice("Aces bid", "aces", s, specials.aces.get(s),
                                         ("took all four", "missed")))
            if "no_trump" in kinds:
                rows.append(self._choice("No trump bid", "no_trump", s, specials.no_trump.get(s),
                                         ("never trumped", "trumped")))
            if "bemo" in kinds:
                current = specials.bemo.get(s)
                opts = [("none", None)] + [(f"{size} {'made' if made else 'failed'}", (size, made))
                                           for size in ("little", "big") for made in (True, False)]
                rows.append(self.p.row(f"bemo-{s}", [ft.Text("Bemo", size=13, width=self._label_width)] + [
                    self.p.chip(label, current == value,
                                self.p.tap(lambda v=value, s=s: specials.set("bemo", s, v)),
                                f"bemo-{s}-{label}", width=None) for label, value in opts]))
            if r.penalties:
                rows.append(self._counter("Renegs", "reneg", s, specials.renegs.get(s, 0), 2))
                rows.append(self._counter("Unplayed cards", "unplayed", s,
                                          specials.unplayed.get(s, 0), 4))
        return out

    @property
    def _label_width(self) -> int:
        """A row's title column (px): narrower when the sides stand side by side."""
        return 72 if self.p.landscape else 90

    def _toggle(self) -> None:
        self.p.more_open = not self.p.more_open

    def _choice(self, title: str, kind: str, side: str, value, words: tuple[str, str]) -> ft.Control:
        """Not bid / made / missed, for a special bid of `side`."""
        specials = self.p.draft.specials
        options = [("not bid", None), (words[0], True), (words[1], False)]
        return self.p.row(f"{kind}-{side}", [ft.Text(title, size=13, width=self._label_width)] + [
            self.p.chip(label, value is opt, self.p.tap(lambda o=opt: specials.set(kind, side, o)),
                        f"{kind}-{side}-{label}", width=None) for label, opt in options])

    def _counter(self, title: str, kind: str, side: str, value: int, top: int) -> ft.Control:
        specials = self.p.draft.specials
        return self.p.row(f"{kind}-{side}", [ft.Text(title, size=13, width=self._label_width)] + [
            self.p.chip(str(n), value == n, self.p.tap(lambda n=n: specials.set_penalty(kind, side, n)),
                        f"{kind}-{side}-{n}") for n in range(0, top + 1)])

