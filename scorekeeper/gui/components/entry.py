"""Entering one hand: bids, (IHOP) the lock, tricks, the raise, specials and penalties.

The panel redraws itself from its HandDraft after every tap.  It offers only
what the rule set allows (blind only when the engine says the side may, with
its reason otherwise); the engine has the last word when the hand is saved.

Laid out for a table that enters a hand without scrolling and without anything
moving under a finger: the bid rows keep one order every hand (who bids first
is a mark); on a phone each bidder's numbers are one line that never scrolls
(the rare high bids behind its last chip, a picker); the lock's line is always there, its raise is offered below the
tricks; one set of trick chips counts for the side chosen above it.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from ...engine import Lock
from .. import theme
from ..keep import Keeper
from ..models import NIL, HandDraft
from ..models.lock import draft_lock
from ..testid import tid
from .lock_round import LockRoundPart
from .specials import SpecialsPart
from .chips import SteadyFilledButton, chip as _chip, fitting, number_chips as _number_chips, row as _row, value_chips
from ..theme import MUTED, TARGET

#: a notice this long fits beside Save on a phone; a longer one goes above it
SHORT = 30
#: Save, Misdeal and the status beside them (px): a big target, and a hand still fits a 360x740 phone
BAR_HEIGHT = 52


#: Misdeal and Save side by side in a phone's column (on its side): less padding than Material's 24 px
NARROW_BUTTON = ft.Padding.symmetric(horizontal=10)

#: a name longer than this is shortened on a chip (the whole name is its tooltip and on the row)
CHIP_NAME = 9
#: a phone's table of five or more bidders: each name stands left of its numbers, this wide (px), so
#: five rows of bids and the trick counts fit a 360x740 phone
NAME_COLUMN = 64
#: the names' column of a phone on its side (px; a side's 12 more, "Ann & Cat" whole)
NAME_COLUMN_SIDEWAYS = 84
#: bidders from which a phone puts the names beside the numbers
INLINE_FROM = 5
#: a phone turned on its side: the trick counts' choosers stand in a column this wide (px) left of
#: their numbers, so the bids and the tricks fit under the app bar with no scroll
TOOK_COLUMN = 128
#: ... and two a line this wide each when there are more than two counts ("Bob & Dan: 13" at 14 px)
TOOK_PAIR = 108


def _chip_width(control: ft.Control) -> int:
    """About how wide a labelled chip is drawn (px): its 16 px text and its padding."""
    button = control.content
    return button.width or 9 * len(str(button.content)) + 22


def name_height(draft: HandDraft, first_of_side: bool) -> int:
    """A phone on its side: a bidder's name box is as high (px) whichever row has the marks (who
    bids first moves each hand; the rows must not): the name, a line of marks, and the blind
    line's two on the first row of a side when blind is offered (that row is the same each hand)."""
    return max(TARGET, 20 + 14 + (28 if first_of_side and draft.shape.blind_offered() else 0))


def took_chip(draft: HandDraft) -> int:
    """A phone on its side: a trick count's chooser is this wide (px), one a line for two counts,
    two a line for more (a nil's own count, a table of three or more)."""
    return TOOK_COLUMN if len(draft.tricks.keys()) <= 2 else TOOK_PAIR


def took_column(draft: HandDraft) -> int:
    """... and the choosers' column this wide."""
    across = 1 if len(draft.tricks.keys()) <= 2 else 2
    return across * took_chip(draft) + (across - 1) * 6


def short_name(name: str) -> str:
    """A player's name as a chip shows it: whole up to CHIP_NAME characters, else cut with '…'."""
    return name if len(name) <= CHIP_NAME else name[:CHIP_NAME - 1].rstrip() + "\u2026"


def short_key(key: str) -> str:
    """A trick count's name on its chip: a side "A & B" as its players' short names, a player's
    short name (the whole name is the chip's tooltip)."""
    if len(key) <= 2 * CHIP_NAME:
        return key
    return " & ".join(short_name(part) for part in key.split(" & "))


class EntryPanel:
    """The entry for one hand.  `on_save(draft)` returns an error message or None;
    `lock(draft, raises)` is the engine's lock status of the draft's bids (IHOP).
    `one_line`: each bidder's number chips on one line (a phone), as many as fit `width`
    px, the rest behind the line's last chip.
    `on_change(draft)`: after each tap (the table's other phones follow the entry).
    `landscape`: a phone on its side, the bar in a column of its own beside the entry: the names
    beside their numbers, the trick counts' choosers left of theirs, and the specials' line, the
    status and the buttons in the bar (one over the other)."""

    def __init__(self, draft: HandDraft, on_save: Callable[[HandDraft], str | None],
                 save_label: str = "Save hand", on_misdeal: Callable[[], None] | None = None,
                 lock: Callable[[HandDraft, dict[str, int] | None], Lock] | None = None,
                 one_line: bool = False, on_change: Callable[[HandDraft], None] | None = None,
                 width: float | None = None, landscape: bool = False):
        self.draft = draft
        self.landscape = landscape
        self.on_save = on_save
        self.on_change = on_change
        self.on_misdeal = on_misdeal
        self.save_label = save_label
        self.lock = lock or draft_lock
        self.one_line = one_line
        self.error: str | None = None
        self.notice: str | None = None  # what was just done, beside Save until the next tap
        self.keeper = Keeper(isolate=True)
        k = self.keeper
        self.chip = lambda *a, **kw: _chip(*a, keeper=k, **kw)
        #: chips on a phone's line (`width`: the entry's, the screen's padding taken off)
        self.fit = fitting(width) if one_line and width else None
        self.width = width
        if one_line and save_label == "Save hand":  # a phone: room beside Save for the status line
            self.save_label = "Save"
        self.number_chips = lambda *a, **kw: _number_chips(*a, keeper=k, one_line=one_line, fit=self.fit, **kw)
        self.row = lambda key, controls, **kw: _row(key, controls, keeper=k, **kw)
        self.keep = k.keep
        self.more_open = draft.specials.any()
        self.specials = SpecialsPart(self)
        self.lock_round = LockRoundPart(self)  # a phone's raises, in a sheet
        self.column = ft.Column(spacing=2 if landscape else 6, tight=True)
        self.bar_column = ft.Column(spacing=6, tight=True)
        self.redraw(update=False)

    def reset(self, draft: HandDraft, notice: str | None = None) -> None:
        """Start the next hand on the same controls (`notice`: what was just done)."""
        self.draft = draft
        self.error = None
        self.notice = notice
        self.more_open = draft.specials.any()
        self.redraw(update=False)

    def refit(self, width: float) -> None:
        """The window changed width (a phone turned, a window resized): as many chips a line as fit now;
        what was entered stays."""
        fit = fitting(width) if self.one_line and width else None
        if fit != self.fit or width != self.width:
            self.fit, self.width = fit, width
            self.redraw()

    def show(self, text: str, error: bool = False) -> None:
        """A message beside Save (an error in its box above it)."""
        if error:
            self.error = text
        else:
            self.notice = text
        self.redraw()

    @property
    def control(self) -> ft.Control:
        """The entry itself (bids, tricks, ...): goes in a scrolling column."""
        return self.column

    @property
    def bar(self) -> ft.Control:
        """Save, misdeal and the refusal message: pinned below the entry, always in reach."""
        return self.bar_column

    # -- drawing ----------------------------------------------------------
    def redraw(self, update: bool = True) -> None:
        self.column.controls = self._controls()
        self.bar_column.controls = self._bar()
        on_page = update and self.column.page is not None
        if on_page:
            self.column.update()
            self.bar_column.update()
        self.specials.refresh(update=on_page)  # a phone's specials, when open in their sheet
        self.lock_round.refresh(update=on_page)  # a phone's lock round, when open in its sheet
        if on_page:
            flush(self)

    def tap(self, action: Callable[[], None]) -> Callable[..., None]:
        """A handler that does `action` to the draft, then redraws and tells `on_change` (the
        chips of the entry and of its specials use it)."""
        def run(*_):
            action()
            self.error = self.notice = None
            self.redraw()
            if self.on_change is not None:
                self.on_change(self.draft)
        return run

    def _controls(self) -> list[ft.Control]:
        d = self.draft
        out: list[ft.Control] = [self._bidder(bidder) for bidder in d.shape.rows]
        if self.has_lock and not self.more_in_bar():
            out.append(self._lock_line())
        out.append(self._tricks())
        if self.has_lock and not self.one_line:  # a phone's raises open from a chip on the specials' line
            raise_rows = self.raise_rows()
            if raise_rows is not None:
                out.append(raise_rows)
        if not self.more_in_bar():
            out += self._more_line()
        return out

    @property
    def has_lock(self) -> bool:
        """Whether the hand has a lock's line (IHOP's sides bidding together)."""
        d = self.draft
        return bool(d.rules.lock and d.partnership and self.lock is not None)

    def more_in_bar(self) -> bool:
        """A phone on its side has room under the tricks for the specials' line with two rows of
        bids (sides that bid together); with more, the line is in the bar, over Save, and so is
        the lock's line (a 740x360 phone: three sides' rows and two lines of trick counts fill
        the height)."""
        return self.landscape and len(self.draft.shape.rows) > 2

    def _more_line(self) -> list[ft.Control]:
        """The specials (a phone: their line), or a lock round's chip alone."""
        extra = self.specials.control()
        if extra is not None:
            return [extra]
        if (chip := self.lock_round.chip()) is not None:
            return [self.keep("lock-round-line", ft.Row([chip], alignment=ft.MainAxisAlignment.END))]
        return []

    def _bar(self) -> list[ft.Control]:
        out: list[ft.Control] = []
        if self.more_in_bar():
            if self.has_lock:
                out.append(self._lock_line())
            out += self._more_line()
        notice = self.notice
        if notice and len(notice) > SHORT:  # too long for beside Save: above it, in full
            out.append(tid("entry-notice", ft.Container(
                ft.Text(notice, color=ft.Colors.ON_TERTIARY_CONTAINER, size=14),
                bgcolor=ft.Colors.TERTIARY_CONTAINER, padding=10, border_radius=10),
                live_region=True))
            notice = None
        if self.error:
            out.append(tid("entry-error", ft.Container(
                ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ON_ERROR_CONTAINER),
                        ft.Text(self.error, color=ft.Colors.ON_ERROR_CONTAINER, expand=True,
                                size=15)]),
                bgcolor=ft.Colors.ERROR_CONTAINER, padding=10, border_radius=10),
                live_region=True))
        keep = self.keep
        text = notice or self.draft.status()
        colour, weight = (ft.Colors.PRIMARY, ft.FontWeight.BOLD) if notice else (MUTED, None)
        beside: ft.Control | None = None
        if len(text) <= self._beside_chars():
            beside = keep("status", tid("entry-status", keep("status#t", ft.Text(
                text, size=13, max_lines=3, color=colour, weight=weight)), live_region=True))
        else:  # a reason too long for beside Save: above it, in full (Save does not move)
            out.append(keep("status-above", tid("entry-status", keep("status-above#t", ft.Text(
                text, size=13, color=colour, weight=weight)), live_region=True)))
        # a fixed height: Save stays put whether the line beside it is one line or three (a phone on
        # its side: the status over the buttons, which share the bar's width)
        controls: list[ft.Control] = [] if self.landscape else [keep("status#box", ft.Container(
            beside, expand=True, height=BAR_HEIGHT, alignment=ft.Alignment.CENTER_LEFT))]
        if self.on_misdeal:
            controls.append(keep("misdeal", tid("misdeal", keep("misdeal#b", ft.OutlinedButton(
                "Misdeal", height=BAR_HEIGHT, on_click=lambda e: self.on_misdeal(),
                style=ft.ButtonStyle(padding=NARROW_BUTTON) if self.landscape else None)),
                expand=self.landscape)))
        controls.append(keep("save-hand", tid("save-hand", keep("save-hand#b", SteadyFilledButton(
            self.save_label, icon=ft.Icons.CHECK, height=BAR_HEIGHT,
            on_click=self._save, style=ft.ButtonStyle(
                text_style=theme.text_style(17, True),
                padding=NARROW_BUTTON if self.landscape else None))), expand=self.landscape)))
        out.append(keep("buttons", ft.Row(controls, spacing=8,
                                          vertical_alignment=ft.CrossAxisAlignment.CENTER)))
        return out

    def _beside_chars(self) -> int:
        """How many characters of the status fit in three lines beside Save (and Misdeal)."""
        if self.landscape:  # over the buttons
            return 0
        if not (self.one_line and self.width):
            return 90
        save = 112 if len(self.save_label) <= 4 else 64 + 10 * len(self.save_label)  # "Save changes": ~184
        room = self.width - 16 - save - (108 if self.on_misdeal else 0)  # Save, Misdeal, the gaps
        return 3 * int(room / (7.0 if len(self.save_label) <= 4 else 8.0))

    # -- bids ---------------------------------------------------------------
    def _bidder(self, bidder: str) -> ft.Control:
        """One bidder: a head line (name, marks, blind; nil toggles of a side), its numbers,
        and (only when the side may bid blind) the blind chips."""
        d, shape, bids = self.draft, self.draft.shape, self.draft.bids
        side = shape.side_of_bidder(bidder)
        # the side's blind line once, under its first row
        first_of_side = d.partnership or bidder == next(b for b in shape.rows if d.game.side_of(b) == side)
        values, selected, toggles, blind_chips = self._bid_choices(bidder, side)
        title = self._bidder_title(bidder, side.name if first_of_side else None)
        pick = lambda v, b=bidder: self.tap(lambda: d.set_bid(b, v))()  # noqa: E731
        inline = self._names_inline()
        name_column = (NAME_COLUMN_SIDEWAYS + (12 if d.partnership else 0)) if self.landscape else NAME_COLUMN
        # on its side a phone has the width for the toggles (nil) on the numbers' line
        beside = toggles if inline and self.landscape else []
        room = self.width - name_column - 6 - sum(_chip_width(c) + 6 for c in beside) if inline else 0
        numbers = _number_chips(
            values, selected, pick, f"bid-{bidder}", labels={NIL: "Nil"}, keeper=self.keeper,
            one_line=self.one_line, fit=fitting(room) if inline else self.fit,
            disabled=d.partnership and bids.double_nil(side),
            on_more=lambda rest: self._picker(f"{bidder} bids", rest, selected, pick, f"bid-{bidder}"))
        if inline:  # the name left of its numbers (and any blind toggles on a line below)
            parts: list[ft.Control] = [self.keep(f"bidder-{bidder}#head", ft.Row(
                [self.keep(f"bidder-{bidder}#name-box", ft.Container(
                    title, width=name_column, height=name_height(d, first_of_side) if self.landscape else None,
                    alignment=ft.Alignment.CENTER_LEFT)), numbers,
                 *beside], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))]
            if toggles and not beside:
                parts.append(self.row(f"toggles-{bidder}", toggles))
        else:
            parts = [self.keep(f"bidder-{bidder}#head", ft.Row(
                [title, *toggles], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)), numbers]
        if blind_chips:
            parts.append(self.row(f"blind-{bidder}", blind_chips))
        return self.keep(f"bidder-{bidder}", tid(f"bidder-{bidder}", self.keep(
            f"bidder-{bidder}#col", ft.Column(parts, spacing=2, tight=True))))

    def _bid_choices(self, bidder: str, side) -> tuple[list, object, list[ft.Control], list[ft.Control]]:
        """A bidder's numbers, the one chosen, the toggles of its head line (a side's nils; a
        player's blind) and the chips of its blind line (a side's)."""
        d, shape, bids = self.draft, self.draft.shape, self.draft.bids
        toggles: list[ft.Control] = []
        blind_chips: list[ft.Control] = []
        if d.partnership:
            values = list(shape.bid_range(bidder, blind=bidder in bids.blind))
            selected = bids.numbers.get(bidder)
            if shape.nil_allowed():
                for player in side.players:  # a long name shortened: the side's line keeps its room
                    toggles.append(self.chip(f"{short_name(player)} nil", player in bids.nils
                                             and player not in bids.blind_nils,
                                             self.tap(lambda p=player: d.toggle_nil(p)),
                                             f"nil-{player}", width=None, tooltip=f"{player} nil"))
            if shape.blind_allowed(side.name):
                if d.rules.blind_bids:
                    blind_chips.append(self._blind_chip(bidder))
                if d.rules.blind_nil and shape.nil_allowed():
                    blind_chips += [self.chip(f"{short_name(p)} blind nil", p in bids.blind_nils,
                                              self.tap(lambda p=p: d.toggle_nil(p, True)),
                                              f"blind-nil-{p}", width=None, tooltip=f"{p} blind nil")
                                    for p in side.players]
        else:
            values = ([NIL] if shape.nil_allowed() else []) + list(shape.bid_range(bidder))
            selected = None if bidder in bids.blind_nils else bids.of(bidder)
            if shape.blind_allowed(side.name):
                if d.rules.blind_bids:
                    toggles.append(self._blind_chip(bidder))
                if d.rules.blind_nil and shape.nil_allowed():
                    toggles.append(self.chip("Blind nil", bidder in bids.blind_nils,
                                             self.tap(lambda: d.toggle_nil(bidder, True)),
                                             f"blind-nil-{bidder}", width=None))
        return values, selected, toggles, blind_chips

    def _names_inline(self) -> bool:
        """A phone's table of INLINE_FROM bidders or more: each name beside its numbers."""
        return bool(self.one_line and self.width
                    and (self.landscape or len(self.draft.shape.rows) >= INLINE_FROM))

    def _bidder_title(self, bidder: str, blind_side: str | None) -> ft.Control:
        """Name, 'bids first', Wheels/Boston; under it the blind line of the side.  Beside the
        numbers (`_names_inline`) the marks go under the name, in the name's narrow column."""
        d, shape = self.draft, self.draft.shape
        inline = self._names_inline()
        keep = self.keep  # the spans too: the mark moving to the next bidder sends the mark alone
        spans = [keep(f"bidder-{bidder}#span", ft.TextSpan(bidder, ft.TextStyle(weight=ft.FontWeight.W_600,
                                                                                size=15)))]
        marks: list[ft.TextSpan] = []
        if bidder == shape.first_bidder:
            verb = "bid" if d.partnership and len(shape.side_named(bidder).players) > 1 else "bids"
            marks.append(keep(f"bidder-{bidder}#first", ft.TextSpan(
                f"{verb} first" if inline else f"  {verb} first", ft.TextStyle(size=12, color=MUTED))))
        special = d.bids.special(bidder)
        if special:
            marks.append(keep(f"bidder-{bidder}#special", ft.TextSpan(f"  {special}", ft.TextStyle(
                size=12, color=theme.MADE, weight=ft.FontWeight.BOLD))))
        lines: list[ft.Control] = [keep(f"bidder-{bidder}#name", ft.Text(
            spans=spans + ([] if inline else marks), max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
            tooltip=bidder if inline else None))]
        if inline and marks:
            lines.append(keep(f"bidder-{bidder}#marks", ft.Text(
                spans=marks, max_lines=1 if self.landscape else 2, overflow=ft.TextOverflow.ELLIPSIS)))
        note = shape.blind_note(blind_side) if blind_side else None
        if note:
            reason = shape.blind_chance(blind_side).reason if shape.blind_chance(blind_side) else None
            # whole, on two lines if need be: 20 + 2 x 14 px, no taller than the chips beside it
            lines.append(keep(f"blind-reason-{bidder}", tid(f"blind-reason-{bidder}", keep(
                f"blind-reason-{bidder}#t", ft.Text(note, size=11, color=MUTED, tooltip=reason, max_lines=2,
                                                    overflow=ft.TextOverflow.ELLIPSIS)),
                label=reason)))
        return keep(f"bidder-{bidder}#title", ft.Column(lines, spacing=0, tight=True, expand=not inline))

    def _blind_chip(self, bidder: str) -> ft.Control:
        bids, shape = self.draft.bids, self.draft.shape
        chance = shape.blind_chance(shape.side_of_bidder(bidder).name)
        return self.chip("Blind", bidder in bids.blind, self.tap(lambda: bids.toggle_blind(bidder)),
                         f"blind-{bidder}", width=None, tooltip=chance.reason if chance else None)

    def _picker(self, title: str, values: list, selected, pick: Callable, prefix: str) -> None:
        """The values that did not fit on a phone's line, in a dialog: one tap picks and closes."""
        page = self.column.page

        def choose(value) -> None:
            page.pop_dialog()
            pick(value)
        chips = value_chips(values, selected, choose, prefix)
        page.show_dialog(ft.AlertDialog(
            title=ft.Text(title),
            content=tid("picker", ft.Row(chips, wrap=True, spacing=6, run_spacing=6, width=260)),
            actions=[tid("picker-cancel", ft.TextButton("Cancel", height=theme.TARGET,
                                                        on_click=lambda e: page.pop_dialog()))]))

    # -- the IHOP lock ----------------------------------------------------------
    def lock_text(self) -> str:
        """The lock's state in words: before the bids, the first round's offer, or after the raise."""
        d = self.draft
        if not d.bids.complete():
            text = "Lock: once every side has bid"
        elif not any(d.bids.raised.values()):
            text = self.lock(d, None).text  # the first round: open, and who may raise
        else:  # the raises chosen: the lock as it now stands, not the first round's offer
            now = self.lock(d, dict(d.bids.raised))
            text = now.text if now.locked else f"Bids total {now.total} of {now.tricks} after the raise: not locked"
        return text

    def _lock_line(self) -> ft.Control:
        """Always one line (its place is kept before the bids are in): the lock's state."""
        d = self.draft
        text = full = self.lock_text()
        if self.one_line and not any(d.bids.raised.values()) and d.bids.complete():
            first = self.lock(d, None)
            if first.locked is False:  # a phone: who may raise is said in the lock round's sheet
                text = f"Bids total {first.total} of {first.tricks}: open, may be raised"
        return self.keep("lock-line", tid("lock-status", self.keep("lock-line#t", ft.Text(
            text, size=13, tooltip=full, max_lines=2 if self.one_line else None,
            overflow=ft.TextOverflow.ELLIPSIS if self.one_line else None)), label=full))

    def raise_rows(self, wrap: bool = False) -> ft.Control | None:
        """The lock round's raises (below the tricks, so it never pushes them; `wrap`: in a phone's
        sheet, every value on wrapping lines)."""
        d = self.draft
        if not d.bids.complete():
            return None
        first = self.lock(d, None)  # the first round, before any raise
        if first.locked is not False or not first.raiser:
            return None
        raiser = first.raiser
        chosen = d.bids.raised.get(raiser, 0)
        pick = lambda v: self.tap(lambda: d.bids.set_raise(raiser, v))()  # noqa: E731
        rows: list[ft.Control] = [
            self.keep("raise#t", ft.Text(f"{raiser} may raise by", size=13, color=MUTED)),
            _number_chips(range(0, first.max_raise + 1), chosen, pick, f"raise-{raiser}", labels={0: "No"},
                          keeper=self.keeper, one_line=self.one_line and not wrap, fit=self.fit,
                          on_more=lambda rest: self._picker(f"{raiser} raises by", rest, chosen, pick,
                                                            f"raise-{raiser}"))]
        dealer_side = first.dealer_side
        after = self.lock(d, {raiser: d.bids.raised.get(raiser, 0)})
        if after.locked is False and after.max_raise:
            lock_k = after.max_raise
            rows.append(self.keep("lock#t", ft.Text(f"then {dealer_side} (dealing) may raise to lock it",
                                                    size=13, color=MUTED)))
            rows.append(self.row(f"lock-{dealer_side}", [
                self.chip("No", not d.bids.raised.get(dealer_side),
                          self.tap(lambda: d.bids.set_raise(dealer_side, 0)),
                          f"raise-{dealer_side}-0"),
                self.chip(f"+{lock_k} lock", d.bids.raised.get(dealer_side) == lock_k,
                          self.tap(lambda: d.bids.set_raise(dealer_side, lock_k)),
                          f"raise-{dealer_side}-{lock_k}", width=None),
            ]))
        return self.keep("lock", tid("lock", self.keep("lock#col", ft.Column(
            rows, spacing=4, tight=True))))

    # -- tricks ----------------------------------------------------------------
    def _tricks(self) -> ft.Control:
        """Whose tricks are counted (each with its count; the filled-in one in italics),
        then one set of chips 0..N for that one."""
        d, tricks = self.draft, self.draft.tricks
        counted = tricks.counted
        choosers: list[ft.Control] = [self.keep("took", ft.Text("Took", size=13, color=MUTED))]
        for key in tricks.keys():
            value = tricks.counts.get(key)
            choosers.append(self.chip(f"{short_key(key)}: {'?' if value is None else value}", key == counted,
                                      self.tap(lambda k=key: tricks.count_for(k)), f"count-{key}",
                                      width=took_chip(self.draft) if self.landscape else None,
                                      italic=key == tricks.filled,
                                      size=14 if self.landscape and len(tricks.keys()) > 2 else 15,
                                      tooltip=f"Tricks taken by {key}"
                                      + (" (filled in)" if key == tricks.filled else "")))
        # a phone keeps the chips on one line (scrolled) while they fit its width; two long names
        # wrap (a table of three sides or more has no row to spare under them: it keeps the line)
        labels = [f"{short_key(k)}: {tricks.counts.get(k) if tricks.counts.get(k) is not None else '?'}"
                  for k in tricks.keys()]
        wide = 40 + sum(9 * len(label) + 40 for label in labels)  # 15 px text, the chip's padding, the gap
        one_line = self.one_line and not (self.width and wide > self.width and len(labels) <= 2)
        head = self.keep("tricks-head", ft.Row(
            choosers, spacing=6, scroll=ft.ScrollMode.HIDDEN if one_line else None,
            wrap=not one_line, run_spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))
        chosen = tricks.counts.get(counted) if counted else None
        pick = lambda v: self.tap(lambda: tricks.set(counted, v))() if counted else None  # noqa: E731
        # a phone: two lines at most (17 tricks of a table of six: the highest behind "13+")
        fit = fitting(self.width - took_column(self.draft) - 6) if self.landscape and self.width else self.fit
        chips = _number_chips(range(0, d.rules.tricks + 1), chosen, pick, "tricks", keeper=self.keeper,
                              disabled=counted is None, most=2 * fit if fit else None,
                              on_more=lambda rest: self._picker(f"Tricks taken by {counted}", rest, chosen,
                                                                pick, "tricks"))
        if self.landscape:  # the choosers one over the other, left of the numbers they count for
            head = self.keep("tricks-head#col", ft.Row(choosers[1:], spacing=6, wrap=True, run_spacing=6,
                                                       width=took_column(self.draft)))
            return self.keep("tricks", tid("tricks", self.keep("tricks#beside", ft.Row(
                [head, self.keep("tricks#chips", ft.Container(chips, expand=True))], spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.START)), label="Took"))
        return self.keep("tricks", tid("tricks", self.keep("tricks#col", ft.Column(
            [head, chips], spacing=6, tight=True))))

    # -- specials and penalties ---------------------------------------------
    # -- saving ---------------------------------------------------------------
    def _save(self, e=None) -> None:
        problem = self.draft.missing()
        self.error = f"Still to enter: {problem}" if problem else self.draft.tricks.problem()
        if not self.error:
            self.error = self.on_save(self.draft)
        if self.error:
            self.redraw()


def flush(panel: EntryPanel | None) -> None:
    """Send what changed of the entry's chips drawn anew since the last update: they are isolated
    (`Keeper(isolate=True)`), so an update of what holds them (the entry, the screen) leaves them
    out, and Flet's diff walks two controls a chip instead of its whole style (measured with
    benchmarks/bench_gui.py, 2026-12-07: the server's part of a save 95-111 -> 79-80 ms, of a
    bid tap 44-47 -> 20-26 ms)."""
    if panel is None:
        return
    try:
        page = panel.column.page
    except RuntimeError:  # the entry is no longer on the page (the game just ended)
        page = None
    if page is not None:
        panel.keeper.flush(page)
    else:
        panel.keeper.touched.clear()

