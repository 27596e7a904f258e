"""The new-game screen in a real browser: names as typed on the chips, Enter to the next name,
partners, the first dealer, the name limit, Solo and the engine's new house rules, Start in reach
on a phone, every control a finger's size; and nothing typed is lost when another phone saves.

Issue 7 section 5 (new game), section 6 (48 px, words), issue 9 (solo, the new options),
issue 8 (the name limit).
"""
from __future__ import annotations

from scorekeeper.engine import MAX_NAME_LENGTH, PRESETS
from scorekeeper.storage import Repository
from steps import field_value, themes, wait_label
from targets import assert_targets

PHONE_HEIGHT = 844


def in_viewport_without_scrolling(app, identifier: str) -> None:
    box = app.wait_id(identifier).bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE_HEIGHT, f"{identifier} at {box}"


def new_game_id(app, server, before: set[str]) -> str:
    app.wait_id("save-hand")
    games = {g.id for g in Repository(server.data_dir).list_games()}
    (game_id,) = games - before
    app.url_ends(f"/game/{game_id}")
    return game_id


def test_names_show_on_the_chips_as_typed_enter_moves_on_partners_and_dealer(make_driver, server):
    app = make_driver(phone=True)
    app.open("new")
    app.wait_id("start-game")
    in_viewport_without_scrolling(app, "start-game")  # Start in reach at once on 390x844
    assert app.text_of("dealer-1").strip() == "Player 2"
    app.screenshot("new-game")
    app.fill("Player 1", "Ann")
    wait_label(app, "dealer-0", "Ann")  # the chip follows the typing
    for seat, name in ((1, "Bob"), (2, "Cat"), (3, "Dan")):  # Enter moves to the next name: no tap
        app.page.keyboard.press("Enter")
        app.page.wait_for_function("n => document.activeElement && "
                                   "document.activeElement.getAttribute('aria-label') === n",
                                   arg=f"Player {seat + 1}")
        app.page.keyboard.type(name)
        wait_label(app, f"dealer-{seat}", name)
    for seat, name in enumerate(("Ann", "Bob", "Cat", "Dan")):  # the chips show the names as typed
        assert app.text_of(f"dealer-{seat}").strip() == name
    assert app.text_of("partner-0-2").strip() == "Cat"  # partners sit opposite until chosen
    app.tap("partner-0-1")  # Ann partners Bob
    app.page.get_by_label("Ann & Bob", exact=True).first.wait_for(state="attached")
    app.page.get_by_label("Cat & Dan", exact=True).first.wait_for(state="attached")
    app.tap("dealer-2")
    app.fill("Cat & Dan", "The Cats")
    app.page.keyboard.press("Tab")  # the keyboard away, for the picture
    app.tap("options-toggle")
    app.wait_id("option-tie_ends_in_draw")
    in_viewport_without_scrolling(app, "start-game")  # pinned: still in reach with the house rules open
    assert_targets(app, "new game, 390x844, house rules open")
    themes(app, "new-game-typed")
    before = {g.id for g in Repository(server.data_dir).list_games()}
    app.start_game()
    game_id = new_game_id(app, server, before)
    record = Repository(server.data_dir).exchange.export_game(game_id)
    assert record["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert record["teams"] == [["Ann", "Bob"], ["Cat", "Dan"]]
    assert record["team_names"] == ["Ann & Bob", "The Cats"]
    assert record["first_dealer"] == "Cat"
    wait_label(app, "next-hand", "Cat deals")


def test_a_name_too_long_stops_at_the_limit_and_a_name_twice_is_named(make_driver, server):
    app = make_driver()
    app.open("new")
    app.wait_id("start-game")
    app.fill("Player 1", "B" * (MAX_NAME_LENGTH + 5), shows="B" * MAX_NAME_LENGTH)  # the box takes no more
    app.has_text(f"At most {MAX_NAME_LENGTH} characters")
    app.fill("Player 1", "Ann")
    app.fill("Player 3", "ANN")
    before = {g.id for g in Repository(server.data_dir).list_games()}
    app.tap("start-game")
    wait_label(app, "new-game-error", "Two players are called ANN: give each one a different name")
    themes(app, "new-game-refused")
    assert {g.id for g in Repository(server.data_dir).list_games()} == before  # nothing started
    assert field_value(app, "Player 3") == "ANN"  # nothing lost


def test_solo_and_the_engines_new_house_rules(make_driver, server):
    app = make_driver()
    app.open("new")
    app.wait_id("start-game")
    assert [app.text_of(f"preset-{name}").strip() for name in PRESETS] == [p.title for p in PRESETS.values()]
    app.tap("preset-solo")
    wait_label(app, "preset-summary", PRESETS["solo"].summary)
    app.page.get_by_label("Player 4", exact=True).first.wait_for(state="attached")
    assert app.page.get_by_label("Player 5", exact=True).count() == 0
    assert app.by_id("partners").count() == 0  # each player a side: no partners to choose
    app.tap("options-toggle")
    app.wait_id("option-count_bags")
    assert app.by_id("option-separate_nils").count() == 0
    themes(app, "new-game-solo")
    app.tap("read-rules")  # the rules of the preset chosen
    app.wait_id("rules-section-winning")
    app.url_ends("/rules?preset=solo")
    wait_label(app, "rules-summary", PRESETS["solo"].summary)
    app.screenshot("rules-solo")
    app.page.go_back()
    app.wait_id("start-game")
    app.tap("preset-standard")
    for key in ("separate_nils", "failed_nil_tricks_are_bags", "tie_ends_in_draw"):
        app.wait_id(f"option-{key}")
    app.tap("option-double_nil")
    app.tap("option-separate_nils")  # cannot be on with double nil: said in the options' own words
    wait_label(app, "new-game-error", "\u201cDouble nil\u201d and \u201cBoth partners may bid nil\u201d cannot both be on")
    app.screenshot("new-game-clash")
    app.tap("option-double_nil")
    app.tap("option-separate_nils")
    app.tap("option-tie_ends_in_draw")
    app.tap("option-win_score-300")
    wait_label(app, "options-toggle", "Hide house rules")
    assert app.by_id("new-game-error").count() == 0
    before = {g.id for g in Repository(server.data_dir).list_games()}
    # Start clicked twice at once (a double click, a double tap): one game, not two
    box = app.wait_id("start-game").bounding_box()
    for _ in range(2):
        app.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    game_id = new_game_id(app, server, before)
    rules = Repository(server.data_dir).get(game_id).game.rules
    assert rules.name == "standard" and rules.separate_nils and rules.tie_ends_in_draw and not rules.double_nil
    assert rules.win_score == 300


def test_what_is_typed_stays_when_another_phone_saves_a_hand(make_driver, server):
    """Another phone's save makes every open screen redraw; the new-game form is kept."""
    game_id = Repository(server.data_dir).create_game("standard", ["Ann", "Bob", "Cat", "Dan"])
    typing = make_driver(phone=True, name="phone-a")
    saving = make_driver(phone=True, name="phone-b")
    typing.open("new")
    typing.wait_id("start-game")
    typing.fill("Player 1", "Zoë")
    typing.fill("Player 2", "Łukasz")
    typing.tap("dealer-1")
    saving.open(f"game/{game_id}")
    saving.wait_id("save-hand")
    typing.page.evaluate("() => document.querySelectorAll('flt-semantics').forEach(e => e.dataset.old = '1')")
    for name, bid in (("Bob", 3), ("Cat", 4), ("Dan", 2), ("Ann", 3)):
        saving.tap(f"bid-{name}-{bid}")
    saving.tap("count-Ann & Cat")
    saving.tap("tricks-7")
    saving.tap("save-hand")
    saving.page.get_by_role("button", name="Sheet (1)").first.wait_for(state="attached")  # saved
    # the new-game screen was built again (new semantics nodes) ...
    typing.page.wait_for_function("() => !document.querySelector('[flt-semantics-identifier=\"dealer-1\"][data-old]')"
                                  " && !!document.querySelector('[flt-semantics-identifier=\"dealer-1\"]')",
                                  timeout=10_000)
    # ... with every name and choice as it was
    assert typing.text_of("dealer-1").strip() == "Łukasz"
    typing.screenshot("new-game-kept")
    assert field_value(typing, "Player 1") == "Zoë"
    assert field_value(typing, "Player 2") == "Łukasz"
