"""Keep tapped controls alive across redraws.

A screen that redraws itself after every tap would otherwise replace its
buttons with new ones; a second quick tap, sent by the browser before the
redraw arrives, then names a button the server has already dropped, and is
lost.  `Keeper.keep(key, control)` returns the control drawn under `key` last
time, updated with the new one's properties, so ids stay stable and only the
changed properties travel (equal values, a style built anew, are left alone).
"""
from __future__ import annotations

import dataclasses
from typing import Callable, TypeVar

import flet as ft

C = TypeVar("C", bound=ft.BaseControl)
_SKIP = {"data", "key"}
_NOTHING = object()


def _same(a, b) -> bool:
    """Whether a property keeps its value: the same control (identity; the client has it),
    lists of the same controls, or equal plain values (a style built anew, the same text)."""
    if a is b:
        return True
    if isinstance(a, ft.BaseControl) or isinstance(b, ft.BaseControl):
        return False
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    try:
        return bool(a == b)
    except Exception:  # values that cannot be compared: take the new one
        return False


_NAMES: dict[type, tuple[str, ...]] = {}


def _names(kind: type) -> tuple[str, ...]:
    """The properties `keep` carries over of a control of that kind (its public fields), looked
    up once a kind: a redraw keeps hundreds of controls."""
    names = _NAMES.get(kind)
    if names is None:
        names = _NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind)
                                     if not f.name.startswith("_") and f.name not in _SKIP)
    return names


class Keeper:
    def __init__(self, isolate: bool = False) -> None:
        #: (`isolate`) the chips it keeps are isolated: a redraw of what holds them does not walk
        #: into them (Flet's diff), and the ones drawn anew are `touched`, sent by `flush`
        self.isolate = isolate
        self.touched: list[ft.BaseControl] = []
        self._kept: dict[str, ft.BaseControl] = {}
        # event handlers: a kept control calls the one of the latest redraw through a
        # trampoline set once, so a new closure never sends a patch
        self._handlers: dict[tuple[str, str], Callable] = {}
        #: what the control kept under a key was drawn from (`drawn`): drawn again from the same,
        #: it is not built anew
        self._drawn: dict[str, object] = {}

    def unchanged(self, key: str, signature: object) -> ft.BaseControl | None:
        """The control kept under `key` if it was drawn from `signature` last time (`drawn`),
        else None (build it, `keep` it and say what it was drawn from)."""
        if key in self._kept and self._drawn.get(key, _NOTHING) == signature:
            return self._kept[key]
        return None

    def drawn(self, key: str, signature: object) -> None:
        """The control just kept under `key` shows `signature` (its label, its state ...)."""
        self._drawn[key] = signature

    def handle(self, key: str, name: str, handler: Callable) -> None:
        """The kept control under `key` calls `handler` for its event `name` from now on (it
        was kept with a handler for it: its trampoline routes there)."""
        self._handlers[key, name] = handler

    def keep(self, key: str, new: C) -> C:
        old = self._kept.get(key)
        if old is None or type(old) is not type(new) or old is new:
            self._kept[key] = new
            self._route_handlers(key, new)
            return new
        for name in _names(type(new)):
            value = getattr(new, name)
            if name.startswith("on_") and callable(value):
                if (key, name) in self._handlers:
                    self._handlers[key, name] = value
                    continue
                self._handlers[key, name] = value
                setattr(old, name, self._trampoline(key, name))
            elif not _same(getattr(old, name), value):
                setattr(old, name, value)
        return old  # type: ignore[return-value]

    def _route_handlers(self, key: str, control: ft.BaseControl) -> None:
        for f in dataclasses.fields(control):
            value = getattr(control, f.name)
            if f.name.startswith("on_") and callable(value):
                self._handlers[key, f.name] = value
                setattr(control, f.name, self._trampoline(key, f.name))

    def _trampoline(self, key: str, name: str) -> Callable:
        handlers = self._handlers
        return lambda *args: handlers[key, name](*args)

    def has(self, key: str) -> bool:
        return key in self._kept

    def flush(self, page) -> None:
        """Send what changed in the isolated controls drawn anew since the last flush."""
        touched, self.touched = self.touched, []
        shown = []
        for control in dict.fromkeys(touched):
            try:
                if control.page is not None:
                    shown.append(control)
            except RuntimeError:  # not on the page (yet, or any more)
                pass
        if shown:
            page.update(*shown)

    def clear(self) -> None:
        self._kept.clear()
        self._drawn.clear()
