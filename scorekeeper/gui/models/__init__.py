"""What the screens show and change, without flet: the GUI's models.

- `session`: `SharedRepository` (one per server process) and `Session` (one per
  browser tab): the open game, its sheet and next hand, every change as a `Result`.
  Its parts: `library` (`session.games`: the list of games: start, import, delete, restore)
  and `seat` (`session.seat`: this tab at a shared table: the host link, joining, sharing,
  the pen, the hand the pen holder enters) and `dispute` (`session.dispute`: a line's rule,
  this hand the other ways, playing so, the history); `guards` (`@host_only`, `@pen_holder`).
- `events`: what a session changed, as types; the session publishes one per change.
- `draft`: `HandDraft`, the hand being entered (its shape, bids, tricks, specials),
  turned into the record's hand.
- `sharing`: `Tables` (one per server process): the host's secret, the codes of shared
  games, the pen of each; `Role` (host, viewer, guest).
- `live`: the hand the pen holder is entering, as the table's viewers see it.
- `served`: `Served`, what every session of one server shares, and where phones reach it.
- `links`: the addresses a table shares, and their QR codes.
- `options`, `search`, `whatif`, `figures`, `season`: what the rules, what-if, chart and
  stats screens show (option names and values, rules search, the comparison,
  numbers as text).
- `share`, `sheet_picture`: the sheet as text and as a picture (PNG) for the group chat.

Nothing here imports flet or anything else of the GUI package above it; the
engine does the scoring and the repository the saving.  Tested without a
browser (tests/models/).
"""
from __future__ import annotations

from .draft import NIL, HandDraft
from .events import Event, Kind
from .guards import Result
from .session import Session, SharedRepository, StorageUnavailable
from .sharing import JoinError, NotAllowed, PenRequest, Role, Tables

__all__ = ["NIL", "Event", "HandDraft", "Kind", "JoinError", "NotAllowed", "PenRequest", "Result", "Role", "Session",
           "SharedRepository", "StorageUnavailable", "Tables"]
