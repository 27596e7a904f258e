"""Big one-tap choices: number chips and labelled toggles (48 px targets).

Pass a `Keeper` (see keep.py) when the screen redraws after each tap, so the
chips keep their identity between redraws.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
from typing import Any, Callable, Iterable

import flet as ft

from .. import theme
from ..keep import Keeper
from ..theme import TARGET


def _keep(keeper: Keeper | None, key: str, control):
    return keeper.keep(key, control) if keeper is not None else control


class SteadyStyle:
    """A button that hands Flutter one style object for its whole life, changed in place: ft.Button
    merges its style afresh on every update, and Flet sends a new style object whole (about 220
    bytes a chip, 80 for Save), where a changed field of the same object travels alone (a chip
    selected: its colours and weight) and an unchanged one sends nothing."""

    def before_update(self):
        super().before_update()
        merged = self._internals.get("style")
        if merged is None:
            return
        own = self.__dict__.get("_own_style")
        if own is None:
            own = self.__dict__["_own_style"] = copy.deepcopy(merged)
        else:
            _assign(own, merged)
        self._internals["style"] = own


class IsolatedSemantics(ft.Semantics):
    """A chip kept by an isolating keeper: its parent's update does not walk into it."""

    def is_isolated(self) -> bool:
        return True


class ChipButton(SteadyStyle, ft.Button):
    """A chip's button (see `chip`)."""


class SteadyFilledButton(SteadyStyle, ft.FilledButton):
    """A filled button redrawn with each tap (the entry's Save)."""


def _assign(own, new) -> None:
    """`own` made equal to `new` field by field, nested values changed in place (both of a kind)."""
    for f in dataclasses.fields(new):
        mine, theirs = getattr(own, f.name), getattr(new, f.name)
        if mine == theirs:
            continue
        if dataclasses.is_dataclass(mine) and type(mine) is type(theirs):
            _assign(mine, theirs)
        else:
            setattr(own, f.name, copy.deepcopy(theirs))


@functools.lru_cache(maxsize=None)
def _style(selected: bool, padded: bool, size: int, italic: bool) -> ft.ButtonStyle:
    """A chip's look, one object per kind: a redraw that keeps it sends no patch."""
    return ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=10 if padded else 0),
        shape=ft.RoundedRectangleBorder(radius=12),
        text_style=theme.text_style(size, selected, italic),
        bgcolor=ft.Colors.PRIMARY if selected else ft.Colors.SURFACE,
        color=ft.Colors.ON_PRIMARY if selected else ft.Colors.PRIMARY,
        side=ft.BorderSide(1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE),
        elevation=0,
    )


def chip(label: str, selected: bool, on_click: Callable[[], None], identifier: str,
         width: int | None = TARGET, tooltip: str | None = None,
         keeper: Keeper | None = None, disabled: bool = False, italic: bool = False,
         size: int = 16) -> ft.Control:
    """One tap target, 48 px high (at least 48 wide): filled when selected.

    With a `keeper`, a chip drawn as last time is the same control, not built again (an entry's
    redraw after a tap builds only the chips that changed)."""
    drawn = (label, selected, width, tooltip, disabled, italic, size)
    if keeper is not None:
        kept = keeper.unchanged(identifier, drawn)
        if kept is not None:
            keeper.handle(identifier + "#button", "on_click", lambda e: on_click())
            return kept
    style = _style(selected, width is None, size, italic)
    isolate = keeper is not None and keeper.isolate
    existed = isolate and keeper.has(identifier)
    button = _keep(keeper, identifier + "#button", ChipButton(
        label, on_click=lambda e: on_click(), style=style, width=width, height=TARGET,
        tooltip=tooltip, disabled=disabled))
    control = _keep(keeper, identifier, (IsolatedSemantics if isolate else ft.Semantics)(
        identifier=identifier, content=button, selected=selected))
    if keeper is not None:
        keeper.drawn(identifier, drawn)
        if existed:
            keeper.touched.append(control)
    return control


#: the gap between two chips of a line (px): seven 48 px chips fit 348 px (a 360 px phone)
GAP = 2


def fitting(width: float) -> int:
    """How many 48 px chips fit side by side on a line `width` px wide."""
    return max(3, int((width + GAP) // (TARGET + GAP)))


def value_chips(values: Iterable[Any], selected: Any, on_pick: Callable[[Any], None],
                id_prefix: str, labels: dict[Any, str] | None = None,
                keeper: Keeper | None = None, disabled: bool = False) -> list[ft.Control]:
    """One chip per value (48 px wide when its label is short: '13', 'Nil'); `on_pick(value)` on tap."""
    controls = []
    for value in values:
        label = (labels or {}).get(value, str(value))
        width = TARGET if len(label) <= 3 else None
        controls.append(chip(label, value == selected, lambda v=value: on_pick(v),
                             f"{id_prefix}-{value}", width=width, keeper=keeper, disabled=disabled))
    return controls


def number_chips(values: Iterable[Any], selected: Any, on_pick: Callable[[Any], None],
                 id_prefix: str, labels: dict[Any, str] | None = None,
                 keeper: Keeper | None = None, one_line: bool = False,
                 disabled: bool = False, fit: int | None = None,
                 on_more: Callable[[list], None] | None = None, most: int | None = None) -> ft.Row:
    """A row of chips, one per value; `on_pick(value)` on tap.

    Wrapping, or (`one_line`, a phone) one line that never scrolls: when the values
    are more than `fit` chips, the line holds the first `fit - 1` and a last chip
    ("9+", id `<prefix>-more`) that calls `on_more(the other values)` (a picker);
    a value chosen there is what that last chip shows, filled, so the choice is
    always in view.  Nothing on the line moves or grows.

    Wrapping with `most` (and `on_more`): at most that many chips, the last of them ("13+", id
    `<prefix>-more`) holding the values that did not fit, in the same way (a phone's 17 tricks
    on two lines).
    """
    values = list(values)
    # a line disabled as a whole (Flet passes it down to every chip): one property to send when
    # it changes, not one a chip
    if not one_line:
        rest: list = []
        if most is not None and on_more is not None and len(values) > most:
            values, rest = values[:most - 1], values[most - 1:]
        controls = value_chips(values, selected, on_pick, id_prefix, labels, keeper)
        if rest:
            controls.append(_more_chip(rest, selected, on_more, id_prefix, labels, keeper))
        return _keep(keeper, id_prefix + "#row", ft.Row(controls, wrap=True, spacing=GAP, run_spacing=6,
                                                        disabled=disabled))
    if fit is None or len(values) <= fit or on_more is None:
        shown, rest = values, []
    else:
        shown, rest = values[:fit - 1], values[fit - 1:]
    controls = value_chips(shown, selected, on_pick, id_prefix, labels, keeper)
    if rest:
        controls.append(_more_chip(rest, selected, on_more, id_prefix, labels, keeper))
    return _keep(keeper, id_prefix + "#line", ft.Row(controls, spacing=GAP, disabled=disabled))


def _more_chip(rest: list, selected: Any, on_more: Callable[[list], None], id_prefix: str,
               labels: dict[Any, str] | None, keeper: Keeper | None) -> ft.Control:
    """The last chip of a line: "9+" (the values behind it, in a picker), or the one chosen there."""
    chosen = selected in rest
    label = (labels or {}).get(selected, str(selected)) if chosen else f"{rest[0]}+"
    return chip(label, chosen, lambda: on_more(rest), f"{id_prefix}-more", keeper=keeper,
                tooltip=f"{rest[0]} to {rest[-1]}")


def row(key: str, controls: list[ft.Control], keeper: Keeper | None = None, **kw) -> ft.Row:
    kw.setdefault("wrap", True)
    kw.setdefault("spacing", 6)
    kw.setdefault("run_spacing", 6)
    return _keep(keeper, key + "#row", ft.Row(controls, **kw))


def section(title: str, controls: list[ft.Control], subtitle: str | None = None,
            identifier: str | None = None, keeper: Keeper | None = None) -> ft.Control:
    head: list[ft.Control] = [ft.Text(title, size=16, weight=ft.FontWeight.BOLD)]
    if subtitle:
        head.append(ft.Text(subtitle, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    key = identifier or title
    body = _keep(keeper, key + "#section", ft.Column([*head, *controls], spacing=6, tight=True))
    if identifier:
        return _keep(keeper, identifier, ft.Semantics(identifier=identifier, content=body))
    return body
