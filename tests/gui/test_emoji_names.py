"""Emoji in players' names draw in colour from the font the app ships (Twemoji), not as empty
boxes, and no fallback font Flutter asks for goes unanswered (issue 24, point 4): in the hand's
entry, on a 390x844 phone and on the desktop."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from scorekeeper.engine import find_preset
from scorekeeper.storage import Repository
from test_long_names_entry import boxes

PLAYERS = ["Ann \U0001F600", "Bob \U0001F44D\U0001F3FD", "Cat \U0001F1EB\U0001F1F7", "Dan \U0001F431"]


def coloured(png: bytes, box: dict, width: int) -> int:
    """Pixels inside `box` (css px of a page `width` wide) of a bright, saturated colour (the
    theme's greens and greys are not)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    scale = image.width / width  # (the phone draws 2 device pixels a css px)
    region = image.crop(tuple(round(v * scale) for v in (
        box["left"], box["top"], box["left"] + box["width"], box["top"] + box["height"])))
    return sum(1 for r, g, b in region.get_flattened_data()
               if max(r, g, b) - min(r, g, b) > 60 and max(r, g, b) > 150)


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_emoji_in_names_draw_in_colour(make_driver, server, phone):
    repo = Repository(server.data_dir)
    gid = repo.create_game(find_preset("ihop"), PLAYERS)
    app = make_driver(phone=phone)
    app.open(f"game/{gid}")
    app.wait_id("save-hand")
    app.screenshot("emoji-names-entry", targets=False)  # (fails on a fallback font fetched)
    ids = [f"nil-{name}" for name in PLAYERS]
    found = boxes(app, ids)
    png = app.page.screenshot()
    for id in ids:
        assert found[id] is not None, f"{id} is not drawn"
        assert coloured(png, found[id], app.page.viewport_size["width"]) >= 20, f"{id}: its emoji drew without colour (an empty box?)"
    assert not app.fallback_fonts
