"""Entering one hand: bids, (IHOP) the lock raise, tricks, specials and penalties.

The panel redraws itself from its HandDraft after every tap.  It offers only
what the rule set allows (blind only when the engine says the side may, with
its reason otherwise); the engine has the last word when the hand is saved.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from ...engine import Lock
from .. import theme
from ..keep import Keeper
from ..models import NIL, HandDraft
from ..testid import tid
from .chips import chip as _chip, number_chips as _number_chips, row as _row, section as _section

MUTED = ft.Colors.ON_SURFACE_VARIANT


class EntryPanel:
    """The entry for one hand.  `on_save(draft)` returns an error message or None;
    `lock(draft, raises)` is the engine's lock status of the draft's bids (IHOP)."""

    def __init__(self, draft: HandDraft, on_save: Callable[[HandDraft], str | None],
                 save_label: str = "Save hand", on_misdeal: Callable[[], None] | None = None,
                 lock: Callable[[HandDraft, dict[str, int] | None], Lock] | None = None):
        self.draft = draft
        self.on_save = on_save
        self.on_misdeal = on_misdeal
        self.save_label = save_label
        self.lock = lock
        self.error: str | None = None
        self.keeper = Keeper()
        k = self.keeper
        self.chip = lambda *a, **kw: _chip(*a, keeper=k, **kw)
        self.number_chips = lambda *a, **kw: _number_chips(*a, keeper=k, **kw)
        self.row = lambda key, controls, **kw: _row(key, controls, keeper=k, **kw)
        self.section = lambda *a, **kw: _section(*a, keeper=k, **kw)
        self.K = k.keep
        self.more_open = bool(draft.aces or draft.no_trump or draft.bemo or draft.renegs
                              or draft.unplayed)
        self.column = ft.Column(spacing=14, tight=True)
        self.bar_column = ft.Column(spacing=6, tight=True)
        self.redraw(update=False)

    def reset(self, draft: HandDraft) -> None:
        """Start the next hand on the same controls."""
        self.draft = draft
        self.error = None
        self.more_open = False
        self.redraw(update=False)

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
        if update and self.column.page:
            self.column.update()
            self.bar_column.update()

    def _tap(self, action: Callable[[], None]) -> Callable[..., None]:
        def run(*_):
            action()
            self.error = None
            self.redraw()
        return run

    def _controls(self) -> list[ft.Control]:
        d = self.draft
        out: list[ft.Control] = [self._bids()]
        if d.rules.lock and d.partnership:
            out.append(self._lock())
        out.append(self._tricks())
        extra = self._more()
        if extra is not None:
            out.append(extra)
        return out

    def _bar(self) -> list[ft.Control]:
        out: list[ft.Control] = []
        if self.error:
            out.append(tid("entry-error", ft.Container(
                ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ON_ERROR_CONTAINER),
                        ft.Text(self.error, color=ft.Colors.ON_ERROR_CONTAINER, expand=True,
                                size=15)]),
                bgcolor=ft.Colors.ERROR_CONTAINER, padding=10, border_radius=10),
                live_region=True))
        missing = self.draft.missing()
        K = self.K
        buttons: list[ft.Control] = [K("save-hand", tid("save-hand", K("save-hand#b", ft.FilledButton(
            self.save_label, icon=ft.Icons.CHECK, height=56, expand=True,
            on_click=self._save, style=ft.ButtonStyle(
                text_style=theme.text_style(17, True))))))]
        if self.on_misdeal:
            buttons.append(K("misdeal", tid("misdeal", K("misdeal#b", ft.OutlinedButton(
                "Misdeal", height=56, on_click=lambda e: self.on_misdeal())))))
        out.append(K("buttons", ft.Row(buttons, spacing=10)))
        if not self.error:
            out.append(ft.Text(f"Still to enter: {missing}" if missing else "Ready to save",
                               size=13, color=MUTED))
        return out

    # -- bids ---------------------------------------------------------------
    def _bids(self) -> ft.Control:
        d = self.draft
        rows: list[ft.Control] = []
        for bidder in d.bidders:
            rows.append(self._bidder(bidder))
        return self.section("Bids", rows, identifier="bids")

    def _bidder(self, bidder: str) -> ft.Control:
        d = self.draft
        parts: list[ft.Control] = [ft.Text(bidder, size=15, weight=ft.FontWeight.W_600)]
        if d.partnership:
            side = d._side_named(bidder)
            if not d.double_nil(side):
                parts.append(self.number_chips(d.bid_range(bidder), d.bids.get(bidder),
                                          lambda v, b=bidder: self._tap(lambda: d.set_bid(b, v))(),
                                          f"bid-{bidder}"))
            if d.nil_allowed():
                nil_chips = []
                for player in side.players:
                    nil_chips.append(self.chip(f"{player} nil", player in d.nils
                                          and player not in d.blind_nils,
                                          self._tap(lambda p=player: d.toggle_nil(p)),
                                          f"nil-{player}", width=None))
                    if self._blind_allowed(side.name) and d.rules.blind_nil:
                        nil_chips.append(self.chip(f"{player} blind nil", player in d.blind_nils,
                                              self._tap(lambda p=player: d.toggle_nil(p, True)),
                                              f"blind-nil-{player}", width=None))
                parts.append(self.row(f"nils-{bidder}", nil_chips))
            special = self._special_bid_name(d.bids.get(bidder))
            if special:
                parts.append(ft.Text(special, size=13, color=theme.MADE,
                                     weight=ft.FontWeight.BOLD))
            parts.append(self._blind_row(side.name, bidder, trick_bid=True))
        else:
            side = d.side_of(bidder)
            labels = {NIL: "Nil"}
            values = ([NIL] if d.nil_allowed() else []) + list(d.bid_range(bidder))
            selected = d.bid_of(bidder)
            if bidder in d.blind_nils:
                selected = None
            parts.append(self.number_chips(values, selected,
                                      lambda v, b=bidder: self._tap(lambda: d.set_bid(b, v))(),
                                      f"bid-{bidder}", labels=labels))
            first_of_side = bidder == next(b for b in d.bidders if d.side_of(b) == side)
            if first_of_side or self._blind_allowed(side.name):
                parts.append(self._blind_row(side.name, bidder,
                                             trick_bid=bool(d.rules.blind_bids)))
        return self.K(f"bidder-{bidder}", tid(f"bidder-{bidder}", self.K(
            f"bidder-{bidder}#col", ft.Column(parts, spacing=6, tight=True))))

    def _special_bid_name(self, bid) -> str | None:
        """Wheels / Boston (Moon), recognised from the number the side bid."""
        r = self.draft.rules
        if not isinstance(bid, int):
            return None
        if r.moon is not None and bid == r.tricks:
            return "Boston: all the tricks" + (" (wins the game)" if r.moon == "win" else "")
        if r.ten_for_200 and bid == r.ten_bid:
            return "Wheels: 10 for 200" if r.name.startswith("ihop") else "10 for 200"
        return None

    def _blind_allowed(self, side: str) -> bool:
        chance = self.draft.blind_chance(side)
        return bool(chance and chance.allowed)

    def _blind_row(self, side: str, bidder: str, trick_bid: bool) -> ft.Control:
        """The blind toggle when the engine allows it, else its reason in a line."""
        d = self.draft
        if not d.blind_offered():
            return ft.Container(height=0)
        chance = d.blind_chance(side)
        if chance is None or not chance.allowed:
            reason = chance.reason if chance else "Blind is not allowed now"
            return tid(f"blind-reason-{bidder}", ft.Row([
                ft.Icon(ft.Icons.VISIBILITY_OFF_OUTLINED, size=16, color=MUTED),
                ft.Text(reason, size=12, color=MUTED, expand=True)], spacing=4))
        controls: list[ft.Control] = []
        if trick_bid:
            controls.append(self.chip("Blind", bidder in d.blind,
                                 self._tap(lambda: d.toggle_blind(bidder)),
                                 f"blind-{bidder}", width=None,
                                 tooltip=chance.reason))
        if not d.partnership and d.rules.blind_nil and d.nil_allowed():
            controls.append(self.chip("Blind nil", bidder in d.blind_nils,
                                 self._tap(lambda: d.toggle_nil(bidder, True)),
                                 f"blind-nil-{bidder}", width=None))
        # the reason under the chips: an expanding text inside a wrapping row has no width
        # to expand into, and Flutter draws its error box instead (issue 7, section 1)
        return self.K(f"blind-{bidder}#col", ft.Column([
            self.row(f"blind-{bidder}", controls),
            ft.Text(chance.reason, size=12, color=MUTED)], spacing=4, tight=True))

    # -- the IHOP lock ----------------------------------------------------------
    def _lock(self) -> ft.Control:
        d = self.draft
        if self.lock is None or not d.bids_complete():
            return ft.Container(height=0)
        first = self.lock(d, None)  # the first round, before any raise
        rows: list[ft.Control] = [tid("lock-status", ft.Text(first.text, size=14))]
        if first.locked is False and first.raiser:
            raiser = first.raiser
            rows.append(ft.Text(f"{raiser} raises by", size=13, color=MUTED))
            rows.append(self.number_chips(range(0, first.max_raise + 1), d.raised.get(raiser, 0),
                                     lambda v: self._tap(lambda: d.set_raise(raiser, v))(),
                                     f"raise-{raiser}",
                                     labels={0: "No"}))
            dealer_side = first.dealer_side
            after = self.lock(d, {raiser: d.raised.get(raiser, 0)})
            if after.locked is False and after.max_raise:
                lock_k = after.max_raise
                rows.append(ft.Text(f"then {dealer_side} (dealing) may raise to lock it",
                                    size=13, color=MUTED))
                rows.append(self.row(f"lock-{dealer_side}", [
                    self.chip("No", not d.raised.get(dealer_side),
                         self._tap(lambda: d.set_raise(dealer_side, 0)),
                         f"raise-{dealer_side}-0"),
                    self.chip(f"+{lock_k} lock", d.raised.get(dealer_side) == lock_k,
                         self._tap(lambda: d.set_raise(dealer_side, lock_k)),
                         f"raise-{dealer_side}-{lock_k}", width=None),
                ]))
        return self.section("Lock", rows, identifier="lock")

    # -- tricks ----------------------------------------------------------------
    def _tricks(self) -> ft.Control:
        d = self.draft
        rows: list[ft.Control] = []
        for key in d.trick_keys():
            label = key
            if key == d.filled:
                label = f"{key}  (filled in)"
            rows.append(ft.Text(label, size=15, weight=ft.FontWeight.W_600))
            rows.append(self.number_chips(range(0, d.rules.tricks + 1), d.tricks.get(key),
                                     lambda v, k=key: self._tap(lambda: d.set_tricks(k, v))(),
                                     f"tricks-{key}"))
        return self.section("Tricks taken", rows,
                       subtitle="Tap one side; the last is filled in.", identifier="tricks")

    # -- specials and penalties ---------------------------------------------
    def _more(self) -> ft.Control | None:
        d = self.draft
        r = d.rules
        kinds = []
        if r.aces:
            kinds.append("aces")
        if getattr(r, "no_trump", False):
            kinds.append("no_trump")
        if getattr(r, "bemo", False):
            kinds.append("bemo")
        if not kinds and not r.penalties:
            return None
        toggle = self.K("more", tid("more", self.K("more#b", ft.TextButton(
            ("Hide " if self.more_open else "") + "Aces, specials, penalties",
            icon=ft.Icons.EXPAND_LESS if self.more_open else ft.Icons.EXPAND_MORE,
            on_click=self._tap(self._toggle_more)))))
        if not self.more_open:
            return toggle
        rows: list[ft.Control] = [toggle]
        for side in d.sides:
            s = side.name
            rows.append(ft.Text(s, size=15, weight=ft.FontWeight.W_600))
            if "aces" in kinds:
                rows.append(self._tri("Aces bid", "aces", s, d.aces.get(s),
                                      ("took all four", "missed")))
            if "no_trump" in kinds:
                rows.append(self._tri("No trump bid", "no_trump", s, d.no_trump.get(s),
                                      ("never trumped", "trumped")))
            if "bemo" in kinds:
                current = d.bemo.get(s)
                opts = [("none", None)] + [(f"{size} {'made' if made else 'failed'}", (size, made))
                                           for size in ("little", "big") for made in (True, False)]
                rows.append(self.row(f"bemo-{s}", [ft.Text("Bemo", size=13, width=90)] + [
                    self.chip(label, current == value,
                         self._tap(lambda v=value: d.set_special("bemo", s, v)),
                         f"bemo-{s}-{label}", width=None) for label, value in opts]))
            if r.penalties:
                rows.append(self._counter("Renegs", "reneg", s, d.renegs.get(s, 0), 2))
                rows.append(self._counter("Unplayed cards", "unplayed", s,
                                          d.unplayed.get(s, 0), 4))
        return self.K("specials", tid("specials", self.K("specials#col", ft.Column(
            rows, spacing=6, tight=True))))

    def _toggle_more(self) -> None:
        self.more_open = not self.more_open

    def _tri(self, title: str, kind: str, side: str, value, words: tuple[str, str]) -> ft.Control:
        d = self.draft
        options = [("not bid", None), (words[0], True), (words[1], False)]
        return self.row(f"{kind}-{side}", [ft.Text(title, size=13, width=90)] + [
            self.chip(label, value is opt, self._tap(lambda o=opt: d.set_special(kind, side, o)),
                      f"{kind}-{side}-{label}", width=None) for label, opt in options])

    def _counter(self, title: str, kind: str, side: str, value: int, top: int) -> ft.Control:
        d = self.draft
        return self.row(f"{kind}-{side}", [ft.Text(title, size=13, width=90)] + [
            self.chip(str(n), value == n, self._tap(lambda n=n: d.set_penalty(kind, side, n)),
                      f"{kind}-{side}-{n}") for n in range(0, top + 1)])

    # -- saving ---------------------------------------------------------------
    def _save(self, e=None) -> None:
        missing = self.draft.missing()
        if missing:
            self.error = f"Still to enter: {missing}"
            self.redraw()
            return
        self.error = self.on_save(self.draft)
        if self.error:
            self.redraw()
