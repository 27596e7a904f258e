"""Which screen a session is shown for a route it asks for (typed, linked, or tapped).

Each screen says which roles may open it (`roles` on its class, in `views/*.py`); a route
asked for by a role its screen does not name leads home (`home`).  Then:

- the host sees every screen of its own; a game whose pen another phone holds is shown
  read-only (`/table/ID`) until the host takes the pen back;
- a viewer sees its one table: `/table/ID` read-only, or the game's own screen while it
  holds the pen; the other screens of that game open to viewers (the breakdown, rules, what-if
  and chart); and the join page.  Any other route leads to its table, and to the join page
  once the table stopped sharing;
- a guest sees the join page and nothing else.

This decides what is *shown*; every change is checked again by the session, whatever the
page shows.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import routes
from .models import Role


@dataclass(frozen=True)
class Admission:
    """The route to show, and (when it is not the one asked for) why, in words, or None."""

    route: str
    why: str | None = None


def table_route(session, game_id: str) -> str:
    """The game's screen for this session: the entry while it holds the pen, else read-only."""
    return routes.game(game_id) if session.holds_pen(game_id) else routes.table(game_id)


def home(session) -> Admission:
    """Where a session is shown a screen that is not its own: the games list (the host), its
    table (a viewer; the join page once the table stopped sharing), the join page (a guest)."""
    if session.role is Role.HOST:
        return Admission(routes.HOME)
    if session.role is Role.VIEWER:
        if not session.table_open:
            return Admission(routes.JOIN, "This table stopped sharing")
        return Admission(table_route(session, session.table))
    return Admission(routes.JOIN)


def admit(session, route: str) -> Admission:
    """The route ``session`` is shown when it asks for ``route``."""
    route = routes.bounded(route)
    place = routes.parse(route)
    if place is None or session.role not in place.screen.roles:
        return home(session)
    game_id = place.game_id
    if session.role is Role.VIEWER and place.template not in (routes.JOIN, routes.JOIN_CODE):
        if not session.table_open or game_id != session.table:  # only its table's screens
            return home(session)
    if place.template in (routes.GAME, routes.TABLE):
        return Admission(table_route(session, game_id) + place.search)
    if place.template == routes.EDIT and not session.holds_pen(game_id):
        return Admission(routes.table(game_id))
    return Admission(route)
