"""A second tab's games list follows the first (issue 16): a game started, imported, deleted
and restored (Undo) in one tab shows, or goes, in the other without a reload.  The session
announces each of these changes itself; before, only a saved hand was announced and the
other tab's list stayed as it was."""
from __future__ import annotations

from scorekeeper.storage import Repository
from steps import wait_message

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
RECORD = ('{"format": "spades-game/1", "rules": "standard", "players": ["Eve", "Fay", "Gus", "Hal"], '
          '"hands": []}')


def listed(app, game_id: str, shown: bool = True) -> None:
    """Wait until the games list shows (or no longer shows) `game_id`."""
    selector = f'[flt-semantics-identifier="game-{game_id}"]'
    app.page.wait_for_function(f"() => !!document.querySelector('{selector}') === {str(shown).lower()}",
                               timeout=10_000)


def new_ids(server, before: set[str]) -> list[str]:
    return [g.id for g in Repository(server.data_dir).list_games() if g.id not in before]


def test_a_second_tab_follows_create_import_delete_and_restore(make_driver, server):
    before = {g.id for g in Repository(server.data_dir).list_games()}
    watcher = make_driver(phone=True, name="watcher")
    watcher.open()
    actor = make_driver(name="actor")
    actor.open()

    # a game started in the first tab
    actor.tap("new-game")
    actor.wait_id("start-game")
    for i, name in enumerate(PLAYERS):
        actor.fill(f"Player {i + 1}", name)
    actor.start_game()
    (started,) = new_ids(server, before)
    listed(watcher, started)

    # a record imported
    actor.open()
    actor.tap("import")
    actor.wait_id("import-dialog")
    actor.fill("The record's text", RECORD)
    actor.tap("import-paste")
    actor.wait_id("save-hand")
    (imported,) = new_ids(server, before | {started})
    listed(watcher, imported)

    # deleted, then restored with the message's Undo
    actor.open()
    actor.tap(f"game-menu-{started}")
    actor.tap_menu("Delete")
    wait_message(actor, "Game deleted")
    listed(watcher, started, shown=False)
    actor.tap_button("Undo")
    listed(actor, started)
    listed(watcher, started)
    watcher.screenshot("games-followed")
