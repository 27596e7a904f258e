"""Every route of the app, and the one place a route is read (Flet's `ft.TemplateRoute`).

`ROUTES` maps a route template to the view module that shows it (its class `Screen`; the
`:name` parts become keyword arguments).  `parse(route)` reads a route into a `Place`: the
template it matches, its parameters, its query.  The router shows a place, `access.admit` decides
from it (and from the roles its screen declares) what a session is shown, the app reads the host
and join links with `host_link` / `join_link`, and the back arrow goes to `parent(route)`.
Nothing else splits a route by hand.
"""
from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping
from urllib.parse import parse_qsl

import flet as ft

HOME = "/"
JOIN = "/join"
JOIN_CODE = "/join/:code"  # the join link (the QR code's): the join page with the code filled in
GAME = "/game/:game_id"  # the game's own screen: its sheet and the entry (the pen's)
TABLE = "/table/:game_id"  # the game read-only (a viewer without the pen)
EDIT = "/game/:game_id/edit/:number"
HAND = "/game/:game_id/hand/:number"  # a deal's breakdown (:number: its position in the record)
LINE_RULE = "/game/:game_id/hand/:number/rule/:key"  # a breakdown line's rule, the hand the other ways
HISTORY = "/game/:game_id/history"
#: the host link: not a screen, it makes the session the host (then home); "/host" alone has no token
HOST_LINK = "/host/:token"
HOST_BARE = "/host"

NEW = "/new"
STATS = "/stats"
RULES = "/rules"  # ?preset=NAME: that preset's rules
GAME_RULES = "/game/:game_id/rules"
WHAT_IF = "/game/:game_id/whatif"
CHART = "/game/:game_id/chart"
SHARE = "/game/:game_id/share"

ROUTES: list[tuple[str, str]] = [
    (HOME, "games"),
    (NEW, "new_game"),
    (STATS, "stats"),
    (RULES, "rules"),
    (GAME, "game"),
    (HAND, "breakdown"),
    (LINE_RULE, "line_rule"),
    (HISTORY, "history"),
    (EDIT, "edit_hand"),
    (GAME_RULES, "rules"),
    (WHAT_IF, "whatif"),
    (CHART, "chart"),
    (SHARE, "share_table"),
    (TABLE, "table"),
    (JOIN, "join"),
    (JOIN_CODE, "join"),
]

#: the longest route a session is shown as asked (a longer one is a hostile client's: home)
MAX_ROUTE = 1024


@dataclass(frozen=True)
class Place:
    """A route as read: the template it matched, the view module, the `:name` parameters, and the
    query as written (with its "?"; "" when there is none)."""

    template: str
    module: str
    params: Mapping[str, str]
    search: str = ""

    @property
    def game_id(self) -> str | None:
        """The game the screen shows (None: a screen of no one game)."""
        return self.params.get("game_id")

    @property
    def screen(self) -> type:
        """The view module's `Screen` class (it says who may open it: `roles`)."""
        return importlib.import_module(f"{__package__}.views.{self.module}").Screen


def bounded(route: object) -> str:
    """``route`` when it is a route of a sensible length, else "/" (admitted as any other)."""
    return route if isinstance(route, str) and len(route) <= MAX_ROUTE else HOME


def _params(path: str, template: str) -> dict[str, str] | None:
    found = ft.TemplateRoute(path)
    if not found.match(template):
        return None
    return {name: getattr(found, name) for name in (part[1:] for part in template.split("/")
                                                    if part.startswith(":"))}


@functools.lru_cache(maxsize=512)  # a route is read by the admission and the router, and again on each refresh
def parse(route: str) -> Place | None:
    """The place `route` names ("/game/abc?tab=sheet" -> game, {"game_id": "abc"}, "?tab=sheet"),
    or None when no screen has that route."""
    path, sep, query = route.partition("?")
    for template, module in ROUTES:
        params = _params(path, template)
        if params is not None:
            return Place(template, module, MappingProxyType(params), sep + query)
    return None


def query_of(route: str) -> dict[str, str]:
    """The query part of `route` ("/game/abc?tab=sheet" -> {"tab": "sheet"})."""
    return dict(parse_qsl(route.partition("?")[2]))


def host_link(route: str) -> str | None:
    """The token of a host link (`/host/TOKEN`; "" for `/host` alone), else None."""
    path = route.partition("?")[0]
    params = _params(path, HOST_LINK)
    if params is not None:
        return params["token"]
    return "" if _params(path, HOST_BARE) is not None else None


def join_link(route: str) -> str | None:
    """The code of a join link (`/join/CODE`), else None."""
    place = parse(route)
    return place.params["code"] if place is not None and place.template == JOIN_CODE else None


def parent(route: str) -> str:
    """Where the back arrow leads: a line's rule to its hand, a screen of one game's (its hand,
    rules, chart, ...) to the game, every other screen to the games list."""
    place = parse(route)
    if place is None or place.game_id is None or place.template in (GAME, TABLE):
        return HOME
    if place.template == LINE_RULE:
        return hand(place.game_id, place.params["number"])
    return game(place.game_id)


def _fill(template: str, **params: object) -> str:
    """A route from its template: each `:name` part replaced by `params[name]`."""
    return "/".join(str(params[part[1:]]) if part.startswith(":") else part for part in template.split("/"))


def home() -> str:
    return HOME


def new_game() -> str:
    return NEW


def stats() -> str:
    return STATS


def rules(preset: str | None = None) -> str:
    """The rules of a preset (the one last shown when None)."""
    return RULES if preset is None else f"{RULES}?preset={preset}"


def game(game_id: str, tab: str | None = None) -> str:
    """A game's screen (`tab="sheet"`: a phone opens it on the sheet)."""
    return _fill(GAME, game_id=game_id) + (f"?tab={tab}" if tab else "")


def edit(game_id: str, deal: int | str) -> str:
    """The edit of a deal (``deal``: its position in the record)."""
    return _fill(EDIT, game_id=game_id, number=deal)


def game_rules(game_id: str) -> str:
    return _fill(GAME_RULES, game_id=game_id)


def what_if(game_id: str) -> str:
    return _fill(WHAT_IF, game_id=game_id)


def chart(game_id: str) -> str:
    return _fill(CHART, game_id=game_id)


def share(game_id: str) -> str:
    return _fill(SHARE, game_id=game_id)


def table(game_id: str) -> str:
    return _fill(TABLE, game_id=game_id)


def hand(game_id: str, deal: int | str) -> str:
    """A deal's breakdown (``deal``: its position in the record)."""
    return _fill(HAND, game_id=game_id, number=deal)


def line_rule(game_id: str, deal: int | str, key: str) -> str:
    return _fill(LINE_RULE, game_id=game_id, number=deal, key=key)


def history(game_id: str) -> str:
    return _fill(HISTORY, game_id=game_id)
