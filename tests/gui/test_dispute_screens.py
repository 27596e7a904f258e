"""The dispute screens in a real browser: rules (search), what if, chart, stats.

Games are created through the repository in the app server's data folder;
each screen is checked on the DOM and photographed at phone and desktop
size, light and dark (screenshots/*.png).
"""
from __future__ import annotations

import re

import pytest

from scorekeeper import storage
from scorekeeper.engine import find_preset

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
# Ann bids nil and takes 2; her partner Cat bids 4 and takes 3.  Standard rules:
# Ann's tricks are bags, Cat is set (-138).  Counting them for Cat: made (-59), +79.
NIL_HANDS = [
    {"bids": {"Ann": "nil", "Bob": 4, "Cat": 4, "Dan": 3}, "tricks": {"Ann": 2, "Bob": 4, "Cat": 3, "Dan": 4}},
    {"bids": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 3}, "tricks": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 3}},
    {"bids": {"Ann": 4, "Bob": 2, "Cat": 3, "Dan": 3}, "tricks": {"Ann": 5, "Bob": 2, "Cat": 3, "Dan": 3}},
    {"misdeal": True},
    {"bids": {"Ann": 2, "Bob": 5, "Cat": 2, "Dan": 3}, "tricks": {"Ann": 1, "Bob": 6, "Cat": 2, "Dan": 4}},
]
# a short game to 150 that Ann & Cat win in two hands (163 to 82), for the stats:
# Dan makes a nil in hand 1, Bob & Dan are set in hand 2
QUICK_HANDS = [
    {"bids": {"Ann": 4, "Bob": 2, "Cat": 4, "Dan": "nil"}, "tricks": {"Ann": 5, "Bob": 4, "Cat": 4, "Dan": 0}},
    {"bids": {"Ann": 4, "Bob": 2, "Cat": 4, "Dan": 2}, "tricks": {"Ann": 5, "Bob": 1, "Cat": 5, "Dan": 2}},
]


@pytest.fixture(scope="module")
def games(server):
    repo = storage.Repository(server.data_dir)
    nil_game = repo.create_game(find_preset("standard"), PLAYERS)
    for hand in NIL_HANDS:
        if hand.get("misdeal"):
            repo.record_misdeal(nil_game)
        else:
            repo.record_hand(nil_game, hand)
    quick = repo.create_game(find_preset("standard").with_options({"win_score": 150}), PLAYERS)
    for hand in QUICK_HANDS:
        repo.record_hand(quick, hand)
    assert [g.status for g in repo.list_games() if g.id == quick] == ["finished"]
    return {"nil": nil_game, "quick": quick}


def dom_text(app, identifier: str) -> str:
    return app.text_of(identifier)


def wait_text(app, identifier: str, pattern: str, timeout: float = 10_000) -> str:
    """Wait until the element with that id shows text matching `pattern`; return its text."""
    app.page.wait_for_function(
        """([id, pat]) => { const el = document.querySelector(`[flt-semantics-identifier="${id}"]`);
            if (!el) return false;
            const t = (el.innerText || '') + ' ' + (el.getAttribute('aria-label') || '');
            return new RegExp(pat).test(t); }""",
        arg=[identifier, pattern], timeout=timeout)
    return dom_text(app, identifier)


def dark(app) -> None:
    app.switch_theme()
    assert app.dark
    app.settle()


def at_360(app) -> None:
    """The narrowest phone the app is made for."""
    app.page.set_viewport_size({"width": 360, "height": 740})
    app.name = "phone360"
    app.settle()


def as_desktop(app) -> None:
    """The same tab at desktop size (cheaper than loading the app again)."""
    app.page.set_viewport_size({"width": 1280, "height": 860})
    app.name = "desktop"
    app.settle()


def test_rules_of_a_game_search_filters_live(kept_tab, games):
    app = kept_tab(phone=True)
    app.go(f"/game/{games['nil']}/rules")
    app.wait_id("rules-section-nil")
    assert "do not help the partner" in dom_text(app, "rules-section-nil")
    app.screenshot("rules")
    app.fill("Search the rules", "overtrick")
    wait_text(app, "rules-section-points", "overtrick")
    app.page.wait_for_function(
        "() => !document.querySelector('[flt-semantics-identifier=\"rules-section-nil\"]')")
    assert "Points for each overtrick" in dom_text(app, "option-bag_value")
    app.screenshot("rules-search")
    dark(app)  # the search survives the rebuild
    wait_text(app, "rules-section-points", "overtrick")
    app.screenshot("rules-search")
    as_desktop(app)
    app.screenshot("rules-search")
    app.fill("Search the rules", "zebra")
    wait_text(app, "rules-nothing", "Nothing about")


def test_rules_of_the_presets(kept_tab, games):
    app = kept_tab()
    app.go("/rules")
    app.wait_id("rules-section-winning")
    assert "IHOP" in dom_text(app, "rules-summary")
    assert "Wheels" in dom_text(app, "rules-section-points")
    app.screenshot("rules-presets")
    dark(app)
    app.wait_id("rules-section-winning")
    app.screenshot("rules-presets")


def test_what_if_the_failed_nil_helped_the_partner_then_other_rules(kept_tab, games):
    app = kept_tab(phone=True)
    app.go(f"/game/{games['nil']}/whatif")
    wait_text(app, "whatif-summary", r"Ann & Cat .*\(\+0\)")
    app.tap("whatif-opt-nil_tricks_count_for_partner")
    summary = wait_text(app, "whatif-summary", r"\+79")
    assert "Ann & Cat" in summary and "Bob & Dan" in summary
    row1 = dom_text(app, "whatif-row-1")
    assert "-138" in row1 and "-59" in row1 and "+79" in row1
    assert "+79" not in dom_text(app, "whatif-row-2")
    assert "misdeal" in dom_text(app, "whatif-row-4")
    assert "+79" in dom_text(app, "whatif-total")
    app.screenshot("whatif")
    app.wait_id("whatif-total").scroll_into_view_if_needed()
    app.screenshot("whatif-table")
    dark(app)  # the choice survives the rebuild
    wait_text(app, "whatif-summary", r"\+79")
    app.screenshot("whatif")
    as_desktop(app)
    app.wait_id("whatif-wide")
    wait_text(app, "whatif-summary", r"\+79")
    app.screenshot("whatif")

    # switch nil off: hand 1 has a nil bid, so the record cannot be played
    app.tap("whatif-more")  # its options are built when it opens
    app.tap("whatif-opt-nil")
    error = wait_text(app, "whatif-summary", "could not have been played|do not fit")
    assert "hand 1" in error  # the engine's summary
    assert "Hand 1:" in dom_text(app, "whatif-error")  # the reason itself, starting with a capital
    app.screenshot("whatif-error")
    # back to the game's rules, then the ihop preset (its failed nils help the partner too)
    app.tap("whatif-reset")
    wait_text(app, "whatif-summary", r"\(\+0\)")
    app.choose("whatif-preset", "Preset: IHOP", exact=False)
    wait_text(app, "whatif-summary", r"\+79")
    app.screenshot("whatif-preset")


def test_chart_of_a_game(kept_tab, games):
    app = kept_tab(phone=True)
    app.go(f"/game/{games['nil']}/chart")
    label = dom_text(app, "chart")
    # five deals, one of them a misdeal: the table played four hands
    assert re.search(r"after hand 4: Ann & Cat -?\d+, Bob & Dan -?\d+", label), label
    legend = dom_text(app, "chart-legend")
    assert "Ann & Cat" in legend and "Bob & Dan" in legend and "500 wins" in legend
    assert "in progress" in dom_text(app, "chart-status")
    app.screenshot("chart")
    dark(app)
    app.wait_id("chart")
    app.screenshot("chart")
    at_360(app)
    app.screenshot("chart")
    as_desktop(app)
    app.screenshot("chart")


def test_player_stats(kept_tab, games):
    app = kept_tab(phone=True)
    app.go("/stats")
    app.wait_id("stats-table")
    rows = app.page.get_by_role("row")
    rows.first.wait_for(state="attached")
    ann = app.page.get_by_role("row").filter(has_text="Ann").first.inner_text()
    # one finished game (the quick one): Ann played it and won it; Dan made a nil and was set once
    # (games, wins, draws, win rate, nils made/failed, sets)
    assert re.search(r"Ann\s+1\s+1\s+0\s+100%\s+0/0\s+0", ann), ann
    dan = app.page.get_by_role("row").filter(has_text="Dan").first.inner_text()
    assert re.search(r"Dan\s+1\s+0\s+0\s+0%\s+1/0\s+1", dan), dan
    app.screenshot("stats")
    at_360(app)  # every column fits
    for row in app.page.get_by_role("row").all():
        box = row.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    app.screenshot("stats")
    dark(app)
    app.wait_id("stats-table")
    app.screenshot("stats")
    as_desktop(app)
    app.wait_id("stats-wide")
    app.screenshot("stats")


def test_what_if_offers_the_engines_options_for_the_table_and_every_control_is_48_px(kept_tab, server, games):
    """Issue 9: the new options on what-if, derived from the engine; a draw by the tie rule;
    issue 7 section 6: every control of the rules and what-if screens at least 48x48 px."""
    from scorekeeper.engine import OPTIONS, PRESETS
    from targets import assert_targets

    repo = storage.Repository(server.data_dir)
    solo = repo.create_game("solo", PLAYERS)
    repo.record_hand(solo, {"bids": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 4},
                            "tricks": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 4}})
    standard = repo.create_game(find_preset("standard").with_options({"max_hands": 1, "bag_value": 0}), PLAYERS)
    repo.record_hand(standard, {"bids": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 3},
                                "tricks": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 4}})
    app = kept_tab(phone=True)
    app.go(f"/game/{standard}/whatif")
    argued = [k for k, o in OPTIONS.items() if o.argued and o.applies_to(PRESETS["standard"])]
    for key in argued:  # offered first, straight from the engine's metadata
        app.wait_id(f"whatif-opt-{key}")
    # tied at the hand limit: the game plays on; with a tie being a draw, it is over, with no winner
    app.tap("whatif-opt-tie_ends_in_draw")
    wait_text(app, "whatif-summary", "nobody wins.*draw")
    app.screenshot("whatif-draw")
    assert_targets(app, "what if, 390x844")
    app.tap("whatif-more")
    app.wait_id("whatif-opt-both_nil_tricks_are_bags")
    assert_targets(app, "what if, more options open")
    app.screenshot("whatif-more")
    app.go(f"/game/{solo}/whatif")
    app.wait_id("whatif-opt-count_bags")
    assert app.by_id("whatif-opt-separate_nils").count() == 0  # no partners in Solo
    app.has_text("This game's rules (Solo Spades)")
    app.has_text("The 1 hand of this game")
    app.go(f"/game/{solo}/rules")
    app.wait_id("rules-section-winning")
    assert_targets(app, "rules of a game")
    app.go(f"/game/{solo}/chart")
    app.wait_id("chart")
    assert_targets(app, "chart")
    app.go("/stats")
    app.wait_id("stats-table")
    assert_targets(app, "stats")
    app.open("/rules?preset=ihop")  # a fresh page: nothing redraws under the typing
    app.wait_id("rules-section-winning")
    app.fill("Search the rules", "both partners")
    assert "Both partners may bid nil" in dom_text(app, "option-separate_nils")
    assert_targets(app, "rules, searched")
