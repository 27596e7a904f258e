"""Big one-tap choices: number chips and labelled toggles (48 px targets)."""
from __future__ import annotations

from typing import Any, Callable, Iterable

import flet as ft

from .. import theme
from ..testid import tid
from ..theme import TARGET


def chip(label: str, selected: bool, on_click: Callable[[], None], identifier: str,
         width: int | None = TARGET, tooltip: str | None = None,
         disabled: bool = False) -> ft.Control:
    """One tap target: filled when selected."""
    style = ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=8 if width is None else 0),
        shape=ft.RoundedRectangleBorder(radius=12),
        text_style=theme.text_style(16, selected),
    )
    kind = ft.FilledButton if selected else ft.OutlinedButton
    button = kind(label, on_click=lambda e: on_click(), style=style, width=width,
                  height=TARGET, tooltip=tooltip, disabled=disabled)
    return tid(identifier, button, selected=selected)


def number_chips(values: Iterable[Any], selected: Any, on_pick: Callable[[Any], None],
                 id_prefix: str, labels: dict[Any, str] | None = None,
                 marked: Any = None) -> ft.Row:
    """A wrapping row of chips, one per value; `on_pick(value)` on tap."""
    controls = []
    for value in values:
        label = (labels or {}).get(value, str(value))
        width = TARGET if len(label) <= 2 else None
        controls.append(chip(label, value == selected, lambda v=value: on_pick(v),
                             f"{id_prefix}-{value}", width=width))
    return ft.Row(controls, wrap=True, spacing=4, run_spacing=6)


def section(title: str, controls: list[ft.Control], subtitle: str | None = None,
            identifier: str | None = None) -> ft.Control:
    head: list[ft.Control] = [ft.Text(title, size=16, weight=ft.FontWeight.BOLD)]
    if subtitle:
        head.append(ft.Text(subtitle, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    body = ft.Column([*head, *controls], spacing=6, tight=True)
    return tid(identifier, body) if identifier else body
