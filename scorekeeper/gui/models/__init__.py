"""What the screens show and change, without flet: the GUI's models.

- `session`: `SharedRepository` (one per server process) and `Session` (one per
  browser tab): the open game, its sheet and next hand, every change as a `Result`.
- `draft`: `HandDraft`, the hand being entered, turned into the record's hand.
- `options`, `search`, `whatif`, `figures`: what the rules, what-if, chart and
  stats screens show (option names and values, rules search, the comparison,
  numbers as text).

Nothing here imports flet or anything else of the GUI package above it; the
engine does the scoring and the repository the saving.  Tested without a
browser (tests/gui/test_models_*.py).
"""
from __future__ import annotations

from .draft import NIL, HandDraft
from .session import Result, Session, SharedRepository, StorageUnavailable

__all__ = ["NIL", "HandDraft", "Result", "Session", "SharedRepository", "StorageUnavailable"]
