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
