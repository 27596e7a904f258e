"""Which screen a session is shown for a route it asks for (typed, linked, or tapped).

- the host sees every screen; a game whose pen another phone holds is shown read-only
  (`/table/ID`) until the host takes the pen back;
- a viewer sees its one table: `/table/ID` read-only, or the game's own screen while it
  holds the pen; the breakdown, rules, what-if and chart of that game; and the join page.
  Any other route leads to its table, and to the join page once the table stopped sharing;
- a guest sees the join page and nothing else.

This decides what is *shown*; every change is checked again by the session, whatever the
page shows.  No flet.
"""
from __future__ import annotations

from dataclasses import dataclass

from .sharing import Role

JOIN = "/join"
#: the longest route a session is shown as asked (a longer one is a hostile client's: home)
MAX_ROUTE = 1024
#: the screens of a game a viewer may open (read-only: nothing on them changes the game)
VIEWER_PAGES = ("hand", "rules", "whatif", "chart")


@dataclass(frozen=True)
class Admission:
    """The route to show, and (when it is not the one asked for) why, in words, or None."""

    route: str
    why: str | None = None


def bounded(route: object) -> str:
    """``route`` when it is a route of a sensible length, else "/" (admitted as any other)."""
    return route if isinstance(route, str) and len(route) <= MAX_ROUTE else "/"


def table_route(session, game_id: str) -> str:
    """The game's screen for this session: the entry while it holds the pen, else read-only."""
    return f"/game/{game_id}" if session.holds_pen(game_id) else f"/table/{game_id}"


def admit(session, route: str) -> Admission:
    """The route ``session`` is shown when it asks for ``route``."""
    path, sep, query = bounded(route).partition("?")
    parts = [p for p in path.split("/") if p]
    role = session.role
    if parts[:1] == ["join"]:
        return Admission("/" if role is Role.HOST else route)
    if role is Role.GUEST:
        return Admission(JOIN)
    game_id = parts[1] if len(parts) >= 2 and parts[0] in ("game", "table") else None
    if role is Role.VIEWER:
        if not session.table_open:
            return Admission(JOIN, "This table stopped sharing")
        if game_id != session.table or (parts[0] == "game" and len(parts) > 2
                                        and parts[2] not in VIEWER_PAGES + ("edit",)):
            return Admission(table_route(session, session.table))
    if game_id is None:
        return Admission(route)
    if parts[0] == "table" or len(parts) == 2:
        return Admission(table_route(session, game_id) + sep + query)
    if parts[2] == "edit" and not session.holds_pen(game_id):
        return Admission(f"/table/{game_id}")
    return Admission(route)
