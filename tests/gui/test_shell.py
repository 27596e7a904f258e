"""The app loads offline (no CDN) and draws its first screen."""
from __future__ import annotations


def test_app_loads_and_shows_the_games_screen(make_driver):
    app = make_driver()
    app.open()
    app.wait_id("new-game")
    app.screenshot("games")
