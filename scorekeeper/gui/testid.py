"""Stable ids for the browser tests: `[flt-semantics-identifier=ID]` in the DOM."""
from __future__ import annotations

import flet as ft


def tid(identifier: str, control: ft.Control, **semantics) -> ft.Semantics:
    """Wrap `control` so the tests (and screen readers) can find it by id."""
    return ft.Semantics(identifier=identifier, content=control, **semantics)
