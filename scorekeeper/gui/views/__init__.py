"""One screen per module.  A route template maps to the module that shows it.

Each module defines `Screen(app, **params)` with `build() -> ft.View`
(see README-dev.md).  `:name` parts of a template become keyword arguments.
"""
from __future__ import annotations

ROUTES: list[tuple[str, str]] = [
    ("/", "games"),
    ("/new", "new_game"),
    ("/stats", "stats"),
    ("/rules", "rules"),
    ("/game/:game_id", "game"),
    ("/game/:game_id/hand/:number", "breakdown"),
    ("/game/:game_id/edit/:number", "edit_hand"),
    ("/game/:game_id/rules", "rules"),
    ("/game/:game_id/whatif", "whatif"),
    ("/game/:game_id/chart", "chart"),
    ("/game/:game_id/share", "share_table"),
    ("/table/:game_id", "table"),
    ("/join", "join"),
    ("/join/:code", "join"),
]
