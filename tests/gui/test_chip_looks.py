"""A chip looks as chosen exactly when it is chosen, through taps, a save and an undo.

The entry's chips are isolated from the updates of what holds them (`Keeper(isolate=True)`:
Flet's diff walks two controls a chip instead of its whole style); a chip drawn anew is sent on
its own (`entry.flush`).  A path that forgot to send one would leave a chip filled that is no
longer chosen, or plain when it is: its `selected` (what the tests and screen readers read)
would be right and its look wrong.  So the look itself is read here, off the screen: the share
of a chip's pixels in the theme's primary colour (a chosen chip is filled with it).
"""
from __future__ import annotations

import io

from PIL import Image

from scorekeeper.gui import theme
from scorekeeper.storage import Repository

from test_flows import tap_tricks

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
PRIMARY = tuple(int(theme.PRIMARY.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))


def filled(app, identifier: str) -> float:
    """The share of the chip's pixels in the primary colour (a chosen chip: most of them)."""
    box = app.by_id(identifier).first.bounding_box()
    shot = Image.open(io.BytesIO(app.page.screenshot(clip=box))).convert("RGB")
    pixels = list(shot.get_flattened_data()) if hasattr(shot, "get_flattened_data") else list(shot.getdata())
    return sum(1 for p in pixels if max(abs(a - b) for a, b in zip(p, PRIMARY)) < 24) / len(pixels)


def chosen_in_page(app, identifier: str) -> bool:
    """What the page says of the chip (its semantics' `selected`, as screen readers get it)."""
    return app.by_id(identifier).first.get_attribute("aria-current") == "true"


def looks(app, chosen: set[str], plain: set[str]) -> None:
    """Those chips chosen and drawn filled, those plain and drawn plain (once what the last tap
    changed is drawn: its answer can come in more than one message)."""
    app.settle()
    for identifier in chosen:
        assert chosen_in_page(app, identifier), f"{identifier} is not chosen"
        assert filled(app, identifier) > 0.5, f"{identifier} is chosen and not drawn filled"
    for identifier in plain:
        assert not chosen_in_page(app, identifier), f"{identifier} is chosen"
        assert filled(app, identifier) < 0.2, f"{identifier} is not chosen and still drawn filled"


def drawn_as_chosen(app, identifiers: list[str]) -> int:
    """Every one of those chips drawn as the page says it is (filled when chosen); how many are
    chosen."""
    chosen = {i for i in identifiers if chosen_in_page(app, i)}
    looks(app, chosen, set(identifiers) - chosen)
    return len(chosen)


def test_a_chip_is_filled_exactly_while_it_is_chosen(kept_tab, server):
    gid = Repository(server.data_dir).create_game("standard", PLAYERS)
    app = kept_tab()
    app.go(f"game/{gid}")
    app.wait_id("save-hand")
    looks(app, set(), {"bid-Ann-4", "bid-Bob-4"})
    app.tap("bid-Ann-4")
    app.tap("bid-Bob-3")
    looks(app, {"bid-Ann-4", "bid-Bob-3"}, {"bid-Ann-3", "bid-Bob-4"})
    app.tap("bid-Bob-4")  # another number: the first one goes back to plain
    looks(app, {"bid-Ann-4", "bid-Bob-4"}, {"bid-Bob-3"})
    app.tap("bid-Cat-4")
    app.tap("bid-Dan-4")
    tap_tricks(app, "Ann & Cat", 7)
    app.tap("save-hand")
    app.wait_id("sheet-row-1")
    # the next hand: every chip of the last one plain again
    looks(app, set(), {"bid-Ann-4", "bid-Bob-4", "bid-Cat-4", "bid-Dan-4", "tricks-7"})
    # undo the save, then redo it: every chip drawn as the entry has it after each
    every = [f"bid-{name}-{n}" for name in PLAYERS for n in (3, 4, 5)] + ["tricks-6", "tricks-7"]
    app.tap("undo")
    app.page.wait_for_function("() => !document.querySelector('[flt-semantics-identifier=\"sheet-row-1\"]')")
    drawn_as_chosen(app, every)
    app.tap("redo")
    app.wait_id("sheet-row-1")
    assert drawn_as_chosen(app, every) == 0
    app.tap("bid-Cat-5")  # and a tap after them
    looks(app, {"bid-Cat-5"}, {"bid-Cat-4"})
