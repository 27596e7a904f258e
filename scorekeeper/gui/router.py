"""Route -> screen.  The table of routes, and how a route is read, is `routes.py`; see README-dev.md.

The router knows routes and view modules, nothing of the app: it is given a
way to make a screen, and told whom to tell when one is shown or fails.
"""
from __future__ import annotations

import logging
import traceback
from typing import Callable, Mapping

import flet as ft

from . import routes
from .screen import Screen

log = logging.getLogger(__name__)

#: makes the screen of a view module's `Screen` class with the route's parameters
MakeScreen = Callable[[type, Mapping[str, str]], Screen]


class Router:
    def __init__(self, page: ft.Page, make_screen: MakeScreen,
                 on_shown: Callable[[Screen], None], on_error: Callable[[str], None],
                 admit: Callable[[str], str] = lambda route: route):
        self.page = page
        self.make_screen = make_screen
        self.on_shown = on_shown
        self.on_error = on_error
        self.admit = admit  # the route this session is shown for the route it asks for
        self.route = routes.HOME
        self.query: dict[str, str] = {}  # of the route being shown: a screen reads it as it is made
        self.current: Screen | None = None

    def show(self, route: str, again: bool = False) -> None:
        """Build and show the screen of `route`; nothing when it is shown already (`again`: rebuild).

        `App.go` shows a route at once and then pushes it to the browser, which reports it back
        through `on_route_change`: without this, every tap that navigates built its screen twice
        (and what was typed in between was lost).  The route shown is the one `admit` gives
        (a guest asking for a game is shown the join page): `self.route` after the call."""
        route = self.admit(route)
        if route == self.route and self.current is not None and not again:
            return
        place = routes.parse(route)
        if place is None:  # no such screen: the first one this session may see
            route = self.admit(routes.HOME)
            place = routes.parse(route)
        self.query = routes.query_of(route)
        try:
            screen = self.make_screen(place.screen, place.params)
            if again and route == self.route and type(screen) is type(self.current):
                screen.take_over(self.current)  # a rebuild in place: nothing entered is lost
            view = screen.build()
            screen.built()
        except Exception as exc:  # a broken screen must not take the app down
            log.error("cannot show %s: %s", route, traceback.format_exc())
            fallback = self.admit(routes.HOME)
            if route != fallback:
                self.on_error(f"Cannot open that screen: {exc}")
                return self.show(fallback, again=True)
            raise
        view.route = route
        self.route = route
        self.current = screen
        self.on_shown(screen)
        self.page.views.clear()
        self.page.views.append(view)
        self.page.update()

    def refresh(self) -> None:
        """Build the screen on show again (a resize across a layout, another phone's save)."""
        if self.current is not None:
            self.show(self.route, again=True)

    def resized(self) -> None:
        if self.current is not None:
            self.current.resized()
