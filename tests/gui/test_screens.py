"""The main screens on a phone and a desktop, light and dark (screenshots for review),
the games list (delete with undo, rematch).  Two phones on one game: test_two_devices.py."""
from __future__ import annotations

import random

import pytest

from scorekeeper.engine import random_game, score_game
from scorekeeper.gui.models.options import preset_summary
from scorekeeper.storage import Repository



@pytest.fixture(scope="module")
def games(server):
    """Saved games written straight into the app's data folder: one going, one finished."""
    repo = Repository(server.data_dir)
    going = next(g for seed in range(100)
                 if len((g := random_game(random.Random(seed), preset="ihop", hands=6)).hands) == 6
                 and not score_game(g).finished)
    done = next(g for seed in range(100)
                if score_game(g := random_game(random.Random(seed), preset="standard",
                                                hands=60)).finished)
    return {"going": repo.exchange.import_game(going.to_dict()), "done": repo.exchange.import_game(done.to_dict())}


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_main_screens(kept_tab, games, phone):
    """Each main screen in both themes: the theme switch redraws the screen in place."""
    app = kept_tab(phone=phone)

    def both_themes(screen: str) -> None:
        app.screenshot(screen)
        app.switch_theme()
        app.settle()
        app.screenshot(screen)

    app.go("/")
    app.wait_id(f"game-{games['going']}")
    both_themes("games")
    app.tap(f"game-{games['going']}")
    app.wait_id("save-hand")
    both_themes("hand")
    if phone:
        app.page.get_by_role("button", name="Sheet (6)").first.tap()
    app.wait_id("sheet-row-6")
    both_themes("sheet")
    app.tap("sheet-row-3")
    app.wait_id("edit-hand-button")
    both_themes("breakdown")
    app.tap("edit-hand-button")
    app.wait_id("save-hand")
    both_themes("edit")
    app.go(f"game/{games['done']}")
    app.wait_id("game-over")
    both_themes("game-over")
    app.go("/")  # the New game form is opened from the games list (a route change from a game to
    app.wait_id("new-game")  # the form is the browser's Back, which leads to the games list)
    app.go("new")
    app.wait_id("start-game")
    app.tap("preset-ihop")
    app.has_text(preset_summary("ihop")[:30])  # the form redrawn for IHOP (its rows move)
    app.tap("options-toggle")
    app.wait_id("option-aces")
    both_themes("new-game")
    app.tap("read-rules")
    app.wait_id("rules-section-winning")


def test_delete_with_undo_and_rematch(kept_tab, games):
    app = kept_tab(phone=True)  # (on the games list)
    gid = games["going"]
    app.tap(f"game-menu-{gid}")
    app.tap_menu("Delete")
    app.page.get_by_role("button", name="Undo").first.wait_for(state="attached")
    assert app.by_id(f"game-{gid}").count() == 0
    app.tap_button("Undo")
    app.wait_id(f"game-{gid}")
    app.tap(f"game-menu-{gid}")
    app.tap_menu("Rematch (same players)")
    app.wait_id("save-hand")
    app.url_when(lambda u: "/game/" in u and gid not in u, "the new game's")
    # the rematch has no hands, the same sides
    app.by_id("next-hand").first.wait_for(state="attached")
    assert "Hand 1" in app.by_id("next-hand").first.inner_text()
