"""Every state of the hand entry, drawn: each preset, phone and desktop, light and dark.

Games are written straight into the app's data folder (the repository), so
each state is one navigation away; every state is photographed
(screenshots/entry-*.png) and checked for Flutter's error box (harness.py).
"""
from __future__ import annotations

import pytest

from scorekeeper.storage import Repository

PLAYERS = {3: ["Ann", "Bob", "Cat"], 4: ["Ann", "Bob", "Cat", "Dan"],
           6: ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]}


@pytest.fixture(scope="module")
def behind(server):
    """An IHOP game where Bob & Dan are 100+ behind: blind is offered to them."""
    repo = Repository(server.data_dir)
    gid = repo.create_game("ihop", PLAYERS[4])
    repo.record_hand(gid, {"bids": {"Ann & Cat": 6, "Bob & Dan": 7},
                           "tricks": {"Ann & Cat": 8, "Bob & Dan": 5}})
    return gid


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_blind_offered_is_drawn(make_driver, behind, phone):
    app = make_driver(phone=phone)
    app.open(f"game/{behind}")
    app.wait_id("blind-Bob & Dan")
    app.screenshot("entry-ihop-blind-offered")
