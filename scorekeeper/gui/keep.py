"""Keep tapped controls alive across redraws.

A screen that redraws itself after every tap would otherwise replace its
buttons with new ones; a second quick tap, sent by the browser before the
redraw arrives, then names a button the server has already dropped, and is
lost.  `Keeper.keep(key, control)` returns the control drawn under `key` last
time, updated with the new one's properties, so ids stay stable and only the
changed properties travel.
"""
from __future__ import annotations

import dataclasses
from typing import TypeVar

import flet as ft

C = TypeVar("C", bound=ft.BaseControl)
_SKIP = {"data", "key"}


class Keeper:
    def __init__(self) -> None:
        self._kept: dict[str, ft.BaseControl] = {}

    def keep(self, key: str, new: C) -> C:
        old = self._kept.get(key)
        if old is None or type(old) is not type(new) or old is new:
            self._kept[key] = new
            return new
        for f in dataclasses.fields(new):
            if f.name.startswith("_") or f.name in _SKIP:
                continue
            value = getattr(new, f.name)
            if getattr(old, f.name) is not value:
                setattr(old, f.name, value)
        return old  # type: ignore[return-value]

    def clear(self) -> None:
        self._kept.clear()
