"""The New game form offers what fits the names typed (issue 26), and never makes a game it was not
asked for (issue 24, points 3, 4 and 6), on a 390x844 phone in a real browser.

- 2 names: Two-handed Spades is offered, Standard is said not to fit (no "Player 3" and "Player 4");
  5 names: Five-player Spades; a field more appears as the names are typed;
- an empty form says what Start will do; browser Back from the game it started goes to the games
  list, not to an empty form whose Start makes a stray game;
- names are kept as typed ("Dan the Man"), the limit is said while typing.
"""
from __future__ import annotations

from scorekeeper.storage import Repository
from steps import wait_label


def games(server) -> set[str]:
    return {g.id for g in Repository(server.data_dir).list_games()}


def type_names(app, *names: str) -> None:
    for seat, name in enumerate(names):
        app.fill(f"Player {seat + 1}", name)


def test_two_names_are_offered_two_handed_and_a_table_of_two_is_never_four(make_driver, server):
    app = make_driver(phone=True)
    app.open("new")
    app.wait_id("start-game")
    wait_label(app, "start-note", "No names typed: Start begins Standard with Player 1, Player 2, Player 3 "
                                  "and Player 4")  # said before it is done
    type_names(app, "Ann", "Dan the Man")
    wait_label(app, "preset-offer", "For 2 players: Two-handed Spades")
    assert app.by_id("preset-standard").count() == 0 and app.by_id("preset-two").count() == 1
    wait_label(app, "preset-misfit", "Standard is chosen: it is for 4 players")
    assert app.by_id("start-note").count() == 0
    app.screenshot("new-game-two-names")
    before = games(server)
    app.tap("start-game")
    wait_label(app, "new-game-error", "Standard is for 4 players and 2 names are typed")
    assert games(server) == before  # no 4-player game with "Player 3" and "Player 4"
    app.tap("preset-two")
    wait_label(app, "preset-summary", "Two-handed Spades, each")
    app.start_game()
    (gid,) = games(server) - before
    record = Repository(server.data_dir).exchange.export_game(gid)
    assert record["players"] == ["Ann", "Dan the Man"]  # kept as typed
    assert Repository(server.data_dir).get(gid).game.rules.name == "two"
    app.screenshot("game-two-players")
    # the browser's Back (the Android back gesture): the games list, not an empty form
    app.page.go_back()
    app.wait_id("new-game")
    app.url_when(lambda u: u.rstrip("/").endswith(str(server.port)), "the games list's")
    app.page.wait_for_timeout(500)  # (and the form does not come back a moment later)
    assert app.by_id("start-game").count() == 0
    assert games(server) == before | {gid}


def test_five_names_are_offered_five_player_spades_and_the_limit_is_said(make_driver, server):
    app = make_driver(phone=True)
    app.open("new")
    app.wait_id("start-game")
    type_names(app, "Ann", "Bob", "Cat", "Dan")
    wait_label(app, "preset-offer", "For 4 players: Standard, IHOP, Solo Spades or Cutthroat Spades")
    app.fill("Player 5", "Eve")  # a fifth field came as the fourth name was typed
    wait_label(app, "preset-offer", "For 5 players: Five-player Spades")
    assert app.page.get_by_label("Player 6", exact=True).count() == 1
    # the limit is said while typing: Flutter draws its counter ("3/30") under each field, outside
    # the semantics tree (seen in the screenshot new-game-five-names)
    app.tap("preset-five")
    wait_label(app, "preset-summary", "Five-player Spades, each")
    for seat, name in enumerate(("Ann", "Bob", "Cat", "Dan", "Eve")):
        wait_label(app, f"dealer-{seat}", name)
    app.page.keyboard.press("Tab")
    app.screenshot("new-game-five-names")
    before = games(server)
    app.start_game()
    (gid,) = games(server) - before
    assert Repository(server.data_dir).get(gid).game.side_names == ("Ann", "Bob", "Cat", "Dan", "Eve")


def test_the_rule_screen_shows_the_presets_of_every_table_size(make_driver, server):
    """Issue 26's Done when: the new presets on the GUI's rule screen, in the app's own words (the
    engine's summary and its sections), each reached from the route the New game form's "Read the
    rules" makes, on a phone."""
    from scorekeeper.engine import PRESETS
    app = make_driver(phone=True)
    for name in ("two", "cutthroat", "five"):
        app.open(f"/rules?preset={name}")
        wait_label(app, "rules-summary", PRESETS[name].summary[:40])
        app.wait_id("rules-section-winning")
        app.assert_drawn(f"rules of {name}")
        app.screenshot(f"rules-{name}")
