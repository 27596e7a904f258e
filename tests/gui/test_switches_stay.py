"""A house-rule switch flipped stays where the finger is (issue 15, 5): each flip threw the page
back to the focused name field and the switch went off screen.  The real app in headless
Chromium on a 390x844 phone."""
from __future__ import annotations

BOX = """(id) => { const el = document.querySelector(`[flt-semantics-identifier="${id}"]`);
                   if (!el) return null; const r = el.getBoundingClientRect(); return [r.x, r.y]; }"""
FOCUSED_INPUT = "() => !!document.activeElement && document.activeElement.tagName === 'INPUT'"


def test_a_flipped_switch_stays_under_the_finger(make_driver):
    app = make_driver(phone=True)
    app.open("/new")
    app.tap("preset-standard")
    app.fill("Player 1", "Ann")  # a name field has the focus, as after typing the names
    app.tap("options-toggle")
    app.wait_id("option-tie_ends_in_draw")
    last = None
    for _ in range(60):  # scroll to the end of the house rules (a wheel turn moves 100 px)
        where = app.page.evaluate(BOX, "option-tie_ends_in_draw")
        if where is not None and where == last:
            break
        last = where
        app.wheel_at(195, 400, 400, wait=150)
    for key in ["tie_ends_in_draw"] * 3:  # on, off, on
        before = app.page.evaluate(BOX, f"option-{key}")
        assert before is not None and 0 < before[1] < 700, f"{key} is on screen before the tap: {before}"
        app.tap(f"option-{key}")
        app.page.wait_for_timeout(700)
        after = app.page.evaluate(BOX, f"option-{key}")
        assert after is not None and abs(after[1] - before[1]) < 2, f"{key} moved: {before} -> {after}"
        assert not app.page.evaluate(FOCUSED_INPUT), "the focus went back to a name field"
    assert "1 changed" in app.text_of("options-toggle") or "Hide house rules" in app.text_of("options-toggle")
    app.screenshot("new-game-switch-flipped")
