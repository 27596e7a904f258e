"""The app loads offline, draws its first screen and switches theme."""
from __future__ import annotations


def test_app_loads_and_shows_the_games_screen(make_driver):
    app = make_driver()
    app.open()
    app.wait_id("new-game")
    app.screenshot("games")


def test_phone_dark_theme(make_driver):
    app = make_driver(phone=True)
    app.open()
    app.tap("theme")
    app.dark = True
    app.wait_id("new-game")
    app.screenshot("games")
