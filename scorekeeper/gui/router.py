"""Route -> view.  The table of routes is `views.ROUTES`; see README-dev.md."""
from __future__ import annotations

import importlib
import logging
import traceback
from typing import TYPE_CHECKING

from .views import ROUTES

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)


def match(route: str) -> tuple[str, dict[str, str]] | None:
    """The view module and parameters for `route` ("/game/abc" -> ("game", {"game_id": "abc"}))."""
    path = route.split("?", 1)[0].rstrip("/") or "/"
    parts = path.split("/")
    for template, module in ROUTES:
        tparts = template.rstrip("/").split("/") if template != "/" else [""]
        if template == "/":
            tparts = ["", ""]
            if path == "/":
                return module, {}
            continue
        if len(tparts) != len(parts):
            continue
        params: dict[str, str] = {}
        for t, p in zip(tparts, parts):
            if t.startswith(":"):
                params[t[1:]] = p
            elif t != p:
                break
        else:
            return module, params
    return None


class Router:
    def __init__(self, app: "App"):
        self.app = app
        self.route = "/"
        self.current = None  # the view object on screen

    def show(self, route: str) -> None:
        page = self.app.page
        found = match(route)
        if found is None:
            route, found = "/", match("/")
        module_name, params = found
        try:
            module = importlib.import_module(f"{__package__}.views.{module_name}")
            screen = module.Screen(self.app, **params)
            view = screen.build()
        except Exception as exc:  # a broken screen must not take the app down
            log.error("cannot show %s: %s", route, traceback.format_exc())
            if route != "/":
                self.app.error(f"Cannot open that screen: {exc}")
                return self.show("/")
            raise
        view.route = route
        self.route = route
        self.app.keep_awake(module_name in ("game", "edit_hand", "breakdown"))
        self.current = screen
        page.views.clear()
        page.views.append(view)
        page.update()

    def refresh(self) -> None:
        """Rebuild the screen on show (after a theme change, a resize, another phone's save)."""
        if self.current is not None:
            self.show(self.route)

    def resized(self) -> None:
        if self.current is not None and hasattr(self.current, "resized"):
            self.current.resized()

    def parent_route(self) -> str:
        parts = self.route.rstrip("/").split("/")
        if len(parts) <= 2:
            return "/"
        if parts[1] == "game" and len(parts) > 3:
            return "/".join(parts[:3])
        return "/"
