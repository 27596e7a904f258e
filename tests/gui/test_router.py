"""The router without a browser: a route is built once however it is reached, and a route's query
reaches the screen.  (App.go shows a route at once, then the browser reports the same route back.)"""
from __future__ import annotations

import flet as ft

from scorekeeper.gui.router import Router
from scorekeeper.gui.routes import Place, host_link, join_link, parent, parse, query_of


class _Page:
    def __init__(self):
        self.views: list = []

    def update(self, *controls) -> None:
        pass


class _Screen:
    keep_awake = False

    def __init__(self, params):
        self.params = params
        self.previous = None  # the screen this one was built in place of (take_over)
        self.shown = False  # built() was called after build()

    def build(self) -> ft.View:
        return ft.View()

    def built(self) -> None:
        self.shown = True

    def take_over(self, previous) -> None:
        self.previous = previous

    def resized(self) -> None:
        pass

    def theme_changed(self) -> None:
        pass


def test_a_route_reported_back_by_the_browser_is_not_built_again_but_a_refresh_is():
    built: list[tuple[type, dict]] = []
    router = Router(_Page(), make_screen=lambda cls, params: built.append((cls, params)) or _Screen(params),
                    on_shown=lambda screen: None, on_error=lambda text: None)
    router.show("/new")
    router.show("/new")  # the browser's on_route_change after App.go's push_route
    assert len(built) == 1
    router.refresh()  # another phone saved: the screen is built again on purpose
    assert len(built) == 2
    router.show("/rules?preset=solo")
    assert len(built) == 3 and router.query == {"preset": "solo"}
    router.show("/rules?preset=ihop")  # another query is another route
    assert len(built) == 4 and router.query == {"preset": "ihop"}


def test_a_rebuild_in_place_hands_the_old_screen_to_the_new_one():
    router = Router(_Page(), make_screen=lambda cls, params: _Screen(params),
                    on_shown=lambda screen: None, on_error=lambda text: None)
    router.show("/new")
    first = router.current
    assert first.shown and first.previous is None
    router.refresh()  # built again in place: what the first held goes on in the second
    assert router.current is not first and router.current.previous is first and router.current.shown
    router.show("/rules")  # another screen: nothing is handed over
    assert router.current.previous is None


def test_the_query_is_apart_from_the_template():
    assert parse("/game/abc?tab=sheet") == Place("/game/:game_id", "game", {"game_id": "abc"}, "?tab=sheet")
    assert query_of("/game/abc?tab=sheet") == {"tab": "sheet"}
    assert query_of("/game/abc") == {}


def test_the_links_and_the_back_arrow_are_read_from_the_route():
    assert (host_link("/host/abc_DEF-123"), host_link("/host"), host_link("/join/K7MQ2X")) == ("abc_DEF-123", "", None)
    assert (join_link("/join/K7MQ2X"), join_link("/join"), join_link("/host/abc")) == ("K7MQ2X", None, None)
    assert [parent(r) for r in ("/game/abc/hand/3", "/game/abc/rules?x=1", "/game/abc?tab=sheet",
                                "/table/abc", "/rules?preset=solo", "/join/K7MQ2X", "/",
                                "/game/abc/hand/3/rule/nil-failed", "/game/abc/history")] == \
        ["/game/abc", "/game/abc", "/", "/", "/", "/", "/", "/game/abc/hand/3", "/game/abc"]
