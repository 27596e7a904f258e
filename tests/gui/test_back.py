"""The browser's back (a phone's back gesture) goes where a person expects (issue 24, point 3):
from a game to the games list, never to the New game form the game was started on."""
from __future__ import annotations

from scorekeeper.storage import Repository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def test_back_from_a_game_started_on_the_form_goes_to_the_games_list(make_driver, server):
    gid = Repository(server.data_dir).create_game("standard", PLAYERS)
    app = make_driver(phone=True)
    app.open("")
    app.go("new")
    app.page.get_by_role("button", name="Start game").first.wait_for(state="attached")
    app.go(f"game/{gid}")  # as Start does: the game pushed after the form
    app.wait_id("save-hand")
    app.page.go_back()
    app.wait_id("new-game")  # the games list's button
    app.page.wait_for_function("() => location.pathname === '/'")
    assert not app.page.get_by_role("button", name="Start game").count()


def test_back_from_a_sub_screen_goes_to_its_screen(make_driver, server):
    gid = Repository(server.data_dir).create_game("standard", PLAYERS)
    app = make_driver(phone=True)
    app.open(f"game/{gid}")
    app.wait_id("save-hand")
    app.go(f"game/{gid}/rules")
    app.page.go_back()
    app.wait_id("save-hand")
    app.url_ends(f"/game/{gid}")


#: the pathnames the page put in its address bar (Flutter's router pushes with history.pushState)
ADDRESSES = """(() => {
    window.__addresses = [];
    for (const name of ['pushState', 'replaceState']) {
        const real = history[name].bind(history);
        history[name] = (state, title, url) => {
            real(state, title, url);
            window.__addresses.push(location.pathname);
        };
    }
})();"""


class HeldPush:
    """The tab's websocket relayed through Playwright; while `armed`, the server's next
    push of a route to the browser is held back until `release()` (a slow link)."""

    def __init__(self, page):
        self.armed, self.held, self.socket = False, [], None
        page.route_web_socket(lambda url: url.endswith("/ws"), self._relay)

    def _relay(self, ws):
        server = ws.connect_to_server()
        self.socket = ws

        def from_server(message):
            data = message.encode() if isinstance(message, str) else message
            if self.armed and b"push_route" in data:
                self.armed = False
                self.held.append(message)
            else:
                ws.send(message)
        server.on_message(from_server)
        ws.on_message(lambda message: server.send(message))

    def release(self):
        assert self.held, "no push of a route was seen to hold back"
        for message in self.held:
            self.socket.send(message)


def test_a_push_that_lands_after_the_browser_moved_does_not_take_it_back(make_driver, server):
    # the app shows the New game form and pushes its route; before that push lands, the
    # browser moves by itself (here: to the stats); the late push must not bring the form back
    app = make_driver(phone=True)
    app.page.add_init_script(ADDRESSES)
    link = HeldPush(app.page)
    app.open("")
    link.armed = True
    app.tap("new-game")
    app.page.get_by_role("button", name="Start game").first.wait_for(state="attached")
    for _ in range(300):  # the push follows the form's drawing (its own message)
        if link.held:
            break
        app.page.wait_for_timeout(50)
    assert link.held and "/new" not in app.page.evaluate("() => window.__addresses")
    app.go("/stats")
    app.wait_id("stats-periods")
    link.release()
    app.page.wait_for_function("() => window.__addresses.includes('/new')")  # the push landed
    app.page.wait_for_function("() => location.pathname === '/stats'")
    app.drawn_after_change(" after the late push", first=0)
    app.wait_id("stats-periods")
    assert not app.page.get_by_role("button", name="Start game").count()


def test_a_sideways_swipe_is_not_the_browsers_back(make_driver, server):
    # a trackpad's sideways swipe (here the mouse's sideways wheel) that no list takes is Back in
    # Chromium, unless the page says no: across a row of bid chips it had taken the table to the
    # game shown before
    repo = Repository(server.data_dir)
    first, second = (repo.create_game("standard", PLAYERS) for _ in range(2))
    app = make_driver(phone=True)
    app.page.add_init_script(ADDRESSES)
    app.open(f"game/{first}")
    app.wait_id("save-hand")
    app.go(f"game/{second}")
    app.wait_id("save-hand")
    app.page.evaluate("() => { window.__moved = 0; addEventListener('popstate', () => window.__moved++); }")
    view = app.page.viewport_size
    for dx in (-600, 600) * 3:  # both ways, past either end of whatever scrolls there
        app.wheel_at(view["width"] / 2, view["height"] / 2, 0, dx=dx, wait=0)
    app.tap("theme")  # a round trip to the server after the swipes (Flutter has seen them)
    app.tap("theme")
    assert app.page.evaluate("() => window.__moved") == 0
    assert app.page.evaluate("() => location.pathname") == f"/game/{second}"
