"""Long names in the hand's entry on a 390x844 phone (issue 24, point 4): the side's blind line is
not drawn one letter a line, both nil chips are whole on screen (a long name shortened, whole in
its tooltip), nothing runs past the right edge."""
from __future__ import annotations

from scorekeeper.engine import find_preset
from scorekeeper.storage import Repository
from steps import wait_label

LONG = "Bartholomew Fitzgerald-Smythe"
PLAYERS = [LONG, "Bob", "Cat", "Dan Thelonius"]
AC, BD = f"{LONG} & Cat", "Bob & Dan Thelonius"
# Bartholomew & Cat set twice while the others make 6: 100+ behind, so their blind line shows
HANDS = [{"bids": {AC: 4, BD: 6}, "tricks": {AC: 3, BD: 10}}] * 2


def boxes(app, ids: list[str]) -> dict:
    return app.page.evaluate("""(ids) => Object.fromEntries(ids.map(id => {
        const el = document.querySelector(`[flt-semantics-identifier="${id}"]`);
        const r = el ? el.getBoundingClientRect() : null;
        return [id, r && {left: r.left, top: r.top, right: r.right, width: r.width, height: r.height}];
    }))""", ids)


def test_long_names_fit_the_entry(make_driver, server):
    repo = Repository(server.data_dir)
    gid = repo.create_game(find_preset("ihop"), PLAYERS)
    for hand in HANDS:
        repo.record_hand(gid, hand)
    app = make_driver(phone=True)
    app.open(f"game/{gid}")
    app.wait_id("save-hand")
    wait_label(app, f"blind-reason-{AC}", "May bid blind")
    found = boxes(app, [f"blind-reason-{AC}", f"nil-{LONG}", "nil-Cat", "nil-Bob", "nil-Dan Thelonius",
                           f"count-{AC}", f"count-{BD}"])
    width = app.page.viewport_size["width"]
    for id, box in found.items():
        assert box is not None, f"{id} is not drawn"
        assert box["right"] <= width + 1, f"{id} runs past the right edge: {box}"
    reason = found[f"blind-reason-{AC}"]
    assert reason["width"] >= 80 and reason["height"] <= 40, f"the blind line is squeezed: {reason}"
    app.screenshot("long-names-entry")
