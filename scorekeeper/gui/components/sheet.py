"""The scoresheet like a paper pad, and the totals + bags header pinned above it.

Everything shown is a value of the engine's Scoresheet: no sums here.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from .. import theme
from ..keep import Keeper
from ..models.figures import renegs_text, shows_bags, signed
from ..models.marks import Tone, side_marks, tone_of
from ..testid import tid
from ..theme import MUTED

BAG_WARNING = "Next overtricks cost the bag penalty"


def _bags_text(bags: int, rules, cards: int = 2) -> str:
    """'4/10 bags'; on a phone's narrower cards '4/10' (three cards) or '4b' (four, as the compact
    sheet writes bags), with no icon: '-105 4/10' must fit a third of a 360 px phone."""
    limit = rules.bag_limit
    if cards > 3:
        return f"{bags}b"
    text = f"{bags}/{limit}" if limit else str(bags)
    return text if cards > 2 else f"{text} bags"


#: from this many cards across a phone, a card takes three lines (see `header`)
FIVE_ACROSS = 5


def _score_size(cards: int) -> int:
    """A phone's total: 24 px on two cards, 20 on three or four, 18 on five or six."""
    return 24 if cards < 3 else 20 if cards < FIVE_ACROSS else 18


TONE_COLOURS = {Tone.MADE: theme.MADE, Tone.SET: theme.SET, Tone.PLAIN: None}


def _marks(ss, side: str, hand) -> tuple[str, object]:
    """The side's marks for the hand, one to a line, and the colour of its points."""
    marks = side_marks(ss, side, hand)
    return "\n".join(m.text for m in marks), TONE_COLOURS[tone_of(marks)]


def header(sheet, rules, sides: list[str], compact: bool, keeper: Keeper | None = None,
           across: int | None = None) -> ft.Control:
    """Totals and bags per side, with the bag warning, the renegs and last hand's points.

    `compact` (a phone): two lines a side, so the whole hand fits below.  With a
    `keeper` (kept by the screen), a save sends only the numbers that changed.  `across`: at most
    this many cards a line (a phone on its side: the totals in a narrow column).
    """
    keep = keeper.keep if keeper is not None else (lambda key, control: control)
    cards_across = len(sides) if compact else 2  # a phone's cards narrow as sides are added
    if across:  # a column ~220 px wide: two cards a line as narrow as three across a phone, or
        # three as narrow as five
        cards_across = 3 if across <= 2 else FIVE_ACROSS
    last = next((h for h in reversed(sheet.hands) if not h.misdeal and not h.thrown_out), None)
    cards = []
    with_bags = shows_bags(sheet, rules)
    leader = max(sheet.scores.values()) if sheet.scores else None
    for side in sides:
        score = sheet.scores.get(side, 0)
        bags = sheet.bags.get(side, 0)
        side_last = last.sides.get(side) if last else None
        # the warning is for the next hand: none once the game is over
        warning = bool(side_last and side_last.bag_warning) and not sheet.finished
        bag_icon = keep(f"{side}#bags-icon", ft.Icon(
            ft.Icons.WARNING_AMBER if warning else ft.Icons.SHOPPING_BAG_OUTLINED,
            size=15, color=theme.WARN if warning else MUTED))
        bag_text = keep(f"{side}#bags-text", ft.Text(
            _bags_text(bags, rules, cards_across), size=12 if compact else 13,
            color=theme.WARN if warning else None, weight=ft.FontWeight.BOLD if warning else None))
        bag_line = keep(f"{side}#bags", tid(f"bags-{side}", keep(f"{side}#bags-row", ft.Row(
            ([bag_icon] if cards_across < 3 else []) + [bag_text], spacing=3, tight=True)),
            label=BAG_WARNING if warning else (_bags_text(bags, rules) if cards_across > 2 else None),
            tooltip=BAG_WARNING if warning else None))
        points = keep(f"{side}#points", ft.Text(
            signed(side_last.points) if side_last else "", size=13,
            color=theme.SET if side_last and side_last.points < 0 else MUTED))
        big = keep(f"{side}#score", tid(f"score-{side}", keep(f"{side}#score-text", ft.Text(
            str(score), size=_score_size(cards_across) if compact else 30,
            weight=ft.FontWeight.BOLD))))
        name = keep(f"{side}#name", ft.Text(
            side, size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
            weight=ft.FontWeight.BOLD if score == leader and score else None))
        lines = _card_lines(keep, side, (name, big, points, bag_line), with_bags, warning,
                            compact, cards_across)
        if sheet.renegs.get(side) and not sheet.finished:  # a warning for the hands to come
            lines.append(keep(f"{side}#renegs", tid(f"renegs-{side}", ft.Text(
                renegs_text(sheet.renegs[side], rules, short=cards_across > 2), size=12, max_lines=2,
                color=theme.SET))))
        cards.append(keep(f"{side}#card", ft.Container(
            keep(f"{side}#column", ft.Column(lines, spacing=0, tight=True)),
            padding=ft.Padding.symmetric(horizontal=(6 if cards_across >= FIVE_ACROSS else 8) if compact else 10,
                                         vertical=4 if compact else 6),
            border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, expand=True,
        )))
    return keep("totals", tid("totals", _cards_in_lines(keep, cards, across)))


def _cards_in_lines(keep, cards: list[ft.Control], across: int | None) -> ft.Control:
    """The totals' cards on one line, or `across` a line."""
    if across and len(cards) > across:
        lines = [keep(f"totals#row{i}", ft.Row(cards[i:i + across], spacing=6,
                                                vertical_alignment=ft.CrossAxisAlignment.START))
                 for i in range(0, len(cards), across)]
        return keep("totals#rows", ft.Column(lines, spacing=6, tight=True))
    return keep("totals#row", ft.Row(cards, spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))


def _card_lines(keep, side: str, parts: tuple, with_bags: bool, warning: bool, compact: bool,
                cards_across: int) -> list[ft.Control]:
    """A total's card as lines: `parts` are its name, score, last hand's points and bag line."""
    name, big, points, bag_line = parts
    if compact and cards_across >= FIVE_ACROSS:
        # five cards or more across a phone: a card is as wide as "-105" alone, so three
        # lines (the name; the score; last hand's points and the bags)
        lines = [
            keep(f"{side}#top", ft.Row([keep(f"{side}#name-box", ft.Container(name, expand=True))])),
            keep(f"{side}#line", ft.Row([big])),
            keep(f"{side}#under", ft.Row(
                [points, keep(f"{side}#gap", ft.Container(expand=True))]
                + ([bag_line] if with_bags else []),
                spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER)),
        ]
    elif compact:
        # two lines that keep their height: the name and last hand's points, then the score
        # and the bags (on three or four cards a phone has no room for all four on one line)
        lines: list[ft.Control] = [
            keep(f"{side}#top", ft.Row(
                [keep(f"{side}#name-box", ft.Container(name, expand=True)), points],
                spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)),
            keep(f"{side}#line", ft.Row(
                [big, keep(f"{side}#gap", ft.Container(expand=True))]
                + ([bag_line] if with_bags else []),
                spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)),
        ]
    else:
        lines = [name, keep(f"{side}#line", ft.Row(
            [big, points], spacing=6, wrap=True, vertical_alignment=ft.CrossAxisAlignment.END))]
        if with_bags:
            lines.append(bag_line)
        if warning:
            lines.append(keep(f"{side}#warning", tid(f"bag-warning-{side}", ft.Text(
                BAG_WARNING, size=12, color=theme.WARN))))
    return lines


def _cell(text: str, width: int | None = None, bold: bool = False, color=None,
          size: int | None = None, expand: bool | int = False, align=ft.TextAlign.CENTER,
          lines: int = 2, number: bool = False) -> ft.Control:
    """One Text, no Container around it (its row centres it): a saved hand's row is half the
    controls to build, diff, send and lay out.  `size` None: the theme's body text (14 px), not
    sent; a `number` (a few digits, in a column a wide sheet keeps at 30 px or more) is given
    no line limit or ellipsis, which it never needs: each property left out is 10 to 20 bytes
    less a cell of every row sent."""
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD if bold else None, color=color,
                   text_align=align, max_lines=None if number else lines,
                   overflow=None if number else ft.TextOverflow.ELLIPSIS,
                   width=width, expand=expand if expand else None)


def _compact_side(ss, side: str, hand, bags: bool) -> ft.Control:
    marks, colour = _marks(ss, side, hand)
    took = "" if ss.tricks is None else str(ss.tricks)
    top = ft.Text(f"{ss.bid_text} / {took}   {signed(ss.points)}", size=13,
                  color=colour, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
    middle = ft.Row([ft.Text(str(ss.score), size=17, weight=ft.FontWeight.BOLD)] + (
        [ft.Text(f"{ss.bags}b", size=12, color=theme.WARN if ss.bag_warning else MUTED)] if bags else []),
        spacing=6, vertical_alignment=ft.CrossAxisAlignment.END)
    bottom = ft.Text(marks.replace("\n", " \u00b7 "), size=11, color=colour, max_lines=2,
                     overflow=ft.TextOverflow.ELLIPSIS)
    return ft.Container(ft.Column([top, middle, bottom], spacing=0, tight=True), expand=True,
                        padding=ft.Padding.symmetric(horizontal=4))


def _wide_side(ss, side: str, hand, bags: bool) -> list[ft.Control]:
    marks, colour = _marks(ss, side, hand)
    took = "" if ss.tricks is None else str(ss.tricks)
    return [
        _cell(ss.bid_text, expand=2),
        _cell(took, expand=1, number=True),
        _cell(signed(ss.points), expand=2, color=colour, number=True),
        _cell(str(ss.score), expand=2, bold=True, number=True),
        *([_cell(str(ss.bags), expand=1, color=theme.WARN if ss.bag_warning else None, number=True)]
          if bags else []),
        _cell(marks, expand=3, color=colour, size=11, lines=3),
    ]


def _signature(hs, hand) -> tuple:
    """Everything a sheet row shows, to reuse an unchanged row between redraws."""
    return (hs.deal, hs.number, hs.dealer, hs.misdeal, hs.thrown_out, hs.note, repr(hand), tuple(
        (side, ss.bid_text, ss.tricks, ss.points, ss.score, ss.bags, ss.made, ss.set, ss.blind,
         tuple((ss.nils or {}).items()), ss.bag_penalty, ss.bag_warning, getattr(ss, "uncounted", 0))
        for side, ss in hs.sides.items()))


#: a side's columns on a wide sheet (bid, took, points, score, bags, marks) need this many px;
#: narrower, the sheet is drawn two lines a side as on a phone (no head wraps mid-word)
WIDE_SIDE = 330


def table(sheet, game, sides: list[str], compact: bool,
          on_tap: Callable[[int], None], cache: dict | None = None,
          empty: str = "No hands yet: the sheet fills in as you save hands.",
          edited: frozenset[int] = frozenset()) -> ft.Control:
    """One row per deal (a misdeal as a thin row without a number); tap a row for its breakdown
    (`on_tap` gets the deal's position in the record); `empty`:
    what it says before the first hand; `edited`: the deals changed after they were entered
    (their rows carry a pencil mark; the breakdown lists the changes).

    With a `cache` (a dict kept by the screen), unchanged rows are the same
    controls as last time: saving a hand sends only the new row.
    """
    cache = {} if cache is None else cache
    bags = shows_bags(sheet, game.rules)
    head = cache.get(("head", compact, bags))
    if head is None:
        head = cache[("head", compact, bags)] = _head(sides, compact, bags)
    rows: list[ft.Control] = [head]
    for hs, hand in zip(sheet.hands, game.hands):
        key = ("row", compact, bags, hs.deal in edited, _signature(hs, hand))
        row = cache.get(key)
        if row is None:
            row = cache[key] = _row(hs, hand, sides, compact, on_tap, bags, hs.deal in edited)
        rows.append(row)
    if not sheet.hands:
        rows.append(ft.Container(ft.Text(empty, color=MUTED), padding=12))
    column = cache.get(("column", compact))
    if column is None:
        column = cache[("column", compact)] = tid("sheet", ft.Column(spacing=2, tight=True))
    column.content.controls = rows
    return column


def _head(sides: list[str], compact: bool, bags: bool) -> ft.Control:
    head: list[ft.Control] = [_cell("#", width=34, bold=True)]
    for side in sides:
        if compact:
            head.append(_cell(side, expand=True, bold=True, size=13))
        else:
            head.append(ft.Container(ft.Column([
                ft.Text(side, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER,
                        max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                ft.Row([_cell(t, expand=e, size=12, color=MUTED, lines=1) for t, e in
                        (("bid", 2), ("took", 1), ("pts", 2), ("score", 2), ("bags", 1), ("", 3))
                        if bags or t != "bags"],
                       spacing=0),
            ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                expand=True))
    return ft.Container(ft.Row(head, spacing=4), padding=ft.Padding.symmetric(vertical=4))


def last_row(sheet, game, sides: list[str], compact: bool, on_tap: Callable[[int], None],
             edited: frozenset[int] = frozenset()) -> ft.Control | None:
    """The newest deal's row on its own (a viewer's phone keeps it in sight above the live hand),
    or None before the first."""
    if not sheet.hands:
        return None
    return _row(sheet.hands[-1], game.hands[-1], sides, compact, on_tap, shows_bags(sheet, game.rules),
                sheet.hands[-1].deal in edited)


def _row(hs, hand, sides, compact, on_tap, bags: bool, edited: bool = False) -> ft.Control:
    """A hand's row (tap: its breakdown).  A misdeal is a thin row that leads nowhere (it has
    no points to explain); a hand thrown out says why on its breakdown.  An edited hand's number
    has a pencil under it."""
    number = _cell("" if hs.number is None else str(hs.number), width=34, bold=True, number=True)  # a misdeal is no hand
    if edited:
        number = ft.Container(ft.Column([number, tid(f"edited-{hs.deal}", ft.Icon(
            ft.Icons.EDIT, size=12, color=MUTED))], spacing=0, tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER), width=34)
    if hs.misdeal or hs.thrown_out:
        what = "misdeal" if hs.misdeal else (hs.note or "thrown out")
        content = ft.Row([number, ft.Text(f"{what} \u00b7 {hs.dealer} dealt", size=12,
                                          color=MUTED, italic=True, expand=True)], spacing=4)
        height = 30 if hs.misdeal else 48
    else:
        cells: list[ft.Control] = [number]
        for side in sides:
            ss = hs.sides[side]
            if compact:
                cells.append(_compact_side(ss, side, hand, bags))
            else:
                cells.append(ft.Row(_wide_side(ss, side, hand, bags), spacing=0, expand=True,
                                    vertical_alignment=ft.CrossAxisAlignment.CENTER))
        content = ft.Row(cells, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        # a phone's row is as tall as its marks need (two lines of them, "made · reneg, 5 bags ·
        # bag penalty", were cut at a fixed 58 px)
        height = None if compact else 48
    tappable = not hs.misdeal
    return SheetRow(identifier=f"sheet-row-{hs.deal}", content=ft.Container(
        content, height=height, border_radius=8, ink=tappable,
        padding=ft.Padding.symmetric(vertical=3) if height is None else None,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        on_click=(lambda e, n=hs.deal: on_tap(n)) if tappable else None), button=tappable,
        label=f"{hs.label}, edited" if edited else hs.label)


class SheetRow(ft.Semantics):
    """One hand's row.  It never changes once drawn (a changed hand gets a new row), so
    an update of the sheet does not walk into it: isolated (Flet diffs ~40 us a control,
    and a long sheet holds hundreds)."""

    def is_isolated(self) -> bool:
        return True
