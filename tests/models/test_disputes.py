"""The dispute screens' models without a browser: search, option choices, what-if choice, chart, stats."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from scorekeeper.engine import OPTION_KEYS, PRESETS, describe_rules, find_preset, new_game, score_game
from scorekeeper.gui.models import figures, options, search, whatif

pytestmark = pytest.mark.filterwarnings("error")

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
NIL_HAND = {"bids": {"Ann": "nil", "Bob": 4, "Cat": 4, "Dan": 3},
            "tricks": {"Ann": 2, "Bob": 4, "Cat": 3, "Dan": 4}}
PLAIN_HAND = {"bids": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 3},
              "tricks": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 3}}


def nil_game():
    game = new_game(find_preset("standard"), PLAYERS)
    return game.with_hand(NIL_HAND).with_hand({"misdeal": True}).with_hand(PLAIN_HAND)


# ---- search ----------------------------------------------------------------------
def test_sentences_split_on_full_stops_only():
    text = "Wheels: a bid of exactly 10 is worth 200 (failed: -200). Boston: all 13 tricks."
    assert search.sentences(text) == ["Wheels: a bid of exactly 10 is worth 200 (failed: -200).",
                                  "Boston: all 13 tricks."]
    assert search.sentences("") == []


def test_every_word_of_the_query_must_match_case_insensitively():
    assert search.matches("A failed NIL bidder", "nil failed")
    assert not search.matches("A failed nil bidder", "nil blind")
    assert search.matches("anything", "   ")


def test_an_empty_search_shows_every_section_of_describe_rules():
    rules = find_preset("ihop")
    sections = search.rule_sections(rules)
    assert [s.title for s in sections][:3] == ["The table", "Bidding", "Points"]
    assert len(sections) == len(describe_rules(rules))


def test_search_keeps_matching_sentences_and_whole_sections_by_title():
    rules = find_preset("standard")
    found = search.rule_sections(rules, "overtrick")
    assert [s.title for s in found] == ["Points"]
    assert all("overtrick" in s.casefold() for s in found[0].sentences)
    nil = next(s for s in search.rule_sections(rules, "nil") if s.title == "Nil")
    assert nil.sentences == search.sentences(dict(describe_rules(rules))["Nil"])
    assert search.rule_sections(rules, "zebra") == []


def test_highlight_marks_each_word_found():
    assert search.highlight("Each overtrick is a bag", "BAG over") == [
        ("Each ", False), ("over", True), ("trick is a ", False), ("bag", True)]
    assert search.highlight("text", "") == [("text", False)]


def test_option_lines_carry_value_help_and_house_changes():
    rules = find_preset("standard").with_options({"blind_nil": True, "win_score": 300})
    lines = {line.key: line for line in options.option_lines(rules)}
    assert lines["blind_nil"].value == "on" and lines["blind_nil"].changed
    assert lines["win_score"].value == "300" and lines["win_score"].changed
    assert not lines["nil_value"].changed
    assert "count_bags" not in lines  # a 3-player option, not shown for 4 players
    assert options.changes_text(rules) == "Blind nil: on; Winning score: 300"
    assert [line.key for line in options.option_lines(rules, "help the partner")] == [
        "nil_tricks_count_for_partner", "failed_nil_tricks_are_bags"]


# ---- options offered on the what-if screen ------------------------------------------
def test_argued_options_come_first_and_every_relevant_option_is_offered():
    four = find_preset("standard")
    first, rest = options.ordered_options(four)
    assert first == [o.key for o in four.relevant_options() if o.argued]
    assert "count_bags" not in first + rest and "double_nil" in first
    assert {"separate_nils", "failed_nil_tricks_are_bags", "tie_ends_in_draw"} <= set(first)
    assert "both_nil_tricks_are_bags" in rest
    assert set(first + rest) == {k for k in OPTION_KEYS if options.relevant(k, four)}
    for alone in ("ihop-3", "solo"):
        three_first, _ = options.ordered_options(find_preset(alone))
        assert "count_bags" in three_first and "double_nil" not in three_first
        assert "separate_nils" not in three_first


def test_the_new_game_screen_offers_the_engines_common_options():
    from scorekeeper.engine import OPTIONS

    for name, preset in PRESETS.items():
        choices, switches = options.new_game_options(preset)
        keys = {o.key for o in choices + switches}
        assert keys == {k for k, o in OPTIONS.items() if o.common and o.applies_to(preset)}, name
        assert all(o.switch for o in switches) and not any(o.switch for o in choices)
    _, switches = options.new_game_options(find_preset("standard"))
    assert {"separate_nils", "failed_nil_tricks_are_bags", "tie_ends_in_draw"} <= {o.key for o in switches}
    _, solo = options.new_game_options(find_preset("solo"))
    assert "count_bags" in {o.key for o in solo} and "separate_nils" not in {o.key for o in solo}


def test_labels_and_help_are_the_engines():
    from scorekeeper.engine import OPTIONS

    for key, option in OPTIONS.items():
        assert options.option_label(key) == option.label and options.option_help(key) == option.help


def test_choices_hold_the_presets_values_and_the_current_one_in_order():
    assert options.choices("moon") == [None, 200, 250, 300, 500, "win"]
    assert 420 in options.choices("win_score", 420)
    assert options.choices("reneg_bags", [3, 6]) == [(3, 3), (3, 6), (5, 10)]  # the engine offers (3, 3)
    for value in (None, 300, "win", (5, 10)):
        assert options.decode(options.encode(value)) in (value, list(value) if isinstance(value, tuple) else value)


def test_engine_messages_name_options_by_their_labels_and_start_with_a_capital():
    assert options.readable("rule options 'double_nil' and 'separate_nils' cannot both be on") == (
        "Rule options \u201cDouble nil\u201d and \u201cBoth partners may bid nil\u201d cannot both be on")
    assert options.readable("hand 4: blind needs 100 behind") == "Hand 4: blind needs 100 behind"


def test_the_rules_in_words_name_the_preset_as_a_table_does():
    assert options.rules_in_words(find_preset("ihop")) == "IHOP house rules"
    assert options.rules_in_words(find_preset("ihop-3")) == "IHOP house rules, 3 players"
    assert options.rules_in_words(find_preset("standard")) == "Standard Spades"
    assert options.rules_in_words(find_preset("solo")) == "Solo Spades"
    assert options.rules_in_words(find_preset("standard").with_options({"blind_nil": True})) == (
        "Standard Spades, with Blind nil: on")
    assert [options.preset_title(n) for n in PRESETS] == [p.title for p in PRESETS.values()]


def test_value_text_uses_the_engines_words():
    assert options.value_text("blind_nil", True) == "on"
    assert options.value_text("moon", None) == "off"
    assert options.value_text("reneg_bags", (5, 10)) == "5, 10"
    assert options.value_text("bid_first", "non_dealer_side") == "side without the dealer"


# ---- the what-if choice ---------------------------------------------------------------
def test_a_switch_back_to_the_base_value_is_no_change():
    rules = find_preset("standard")
    choice = whatif.WhatIfChoice()
    choice.set("nil_tricks_count_for_partner", True, rules)
    assert choice.changes == {"nil_tricks_count_for_partner": True}
    assert choice.rules(rules).nil_tricks_count_for_partner is True
    choice.set("nil_tricks_count_for_partner", False, rules)
    assert choice.changes == {}
    assert choice.describe(rules) == "This game's rules (Standard)"


def test_picking_a_preset_clears_the_switches():
    rules = find_preset("standard")
    choice = whatif.WhatIfChoice()
    choice.set("blind_nil", True, rules)
    choice.pick_preset("ihop")
    assert choice.changes == {} and choice.rules(rules) == PRESETS["ihop"]
    assert choice.value("moon", rules) == 300
    assert choice.describe(rules) == "The IHOP rules"
    choice.set("moon", None, rules)
    assert choice.describe(rules) == "The IHOP rules, with Moon (Boston): off"


def test_presets_offered_have_the_games_player_count():
    assert whatif.presets_for(find_preset("standard")) == ["standard", "ihop"]
    assert whatif.presets_for(find_preset("ihop-3")) == ["ihop-3"]


def test_compare_gives_the_engines_what_if_for_the_nil_convention():
    game = nil_game()
    choice = whatif.WhatIfChoice()
    choice.set("nil_tricks_count_for_partner", True, game.rules)
    comparison = whatif.compare(game, choice)
    assert comparison.error is None
    row = comparison.result.rows[0]
    assert row.real["Ann & Cat"] == -138 and row.other["Ann & Cat"] == -59
    assert row.difference == {"Ann & Cat": 79, "Bob & Dan": 0}
    assert comparison.result.difference["Ann & Cat"] == 79
    assert "+79" in comparison.summary


def test_compare_says_why_a_record_cannot_be_played():
    game = nil_game()
    choice = whatif.WhatIfChoice()
    choice.set("nil", False, game.rules)
    comparison = whatif.compare(game, choice)
    assert comparison.error and comparison.error.startswith("Hand 1")
    assert "could not have been played" in comparison.summary


def test_compare_says_when_the_switches_do_not_fit_together():
    game = nil_game()
    choice = whatif.WhatIfChoice(changes={"win_score": -600})  # below no lose score: fine
    assert whatif.compare(game, choice).error is None
    choice = whatif.WhatIfChoice(preset="ihop", changes={"win_score": -600})  # ihop loses at -500
    comparison = whatif.compare(game, choice)
    assert comparison.result is None and "\u201cWinning score\u201d" in comparison.error
    assert comparison.summary.startswith("These rules do not fit together")


def test_numbers_are_shown_signed_or_as_a_dash():
    assert [figures.signed(v) for v in (79, 0, -40, None)] == ["+79", "0", "-40", "\u2014"]
    assert figures.plain(None) == "\u2014" and figures.plain(-5) == "-5"


def test_outcome_of_a_sheet():
    assert figures.outcome(score_game(nil_game())) == "Game still in progress"

    @dataclass
    class Done:
        status: str = "finished"
        winner: str | None = "Us"
        reason: str | None = "Us reached 512"
    assert figures.outcome(Done()) == "Us wins (Us reached 512)"
    assert figures.outcome(Done(winner=None, reason=None)) == "A draw"


# ---- chart and stats ------------------------------------------------------------------
def test_score_series_are_the_engines_scores_after_each_hand():
    sheet = score_game(nil_game())
    series = figures.score_series(sheet)
    # x is the hand as the table counts it: the misdeal (deal 2) is no point of its own
    assert [h.number for h in sheet.hands] == [1, None, 2]
    assert series["Ann & Cat"] == [(0, 0)] + [(h.number, h.sides["Ann & Cat"].score) for h in sheet.hands
                                              if h.number is not None]
    assert series["Ann & Cat"][1] == (1, -138) and series["Ann & Cat"][2] == (2, -77)
    assert figures.chart_description(sheet) == (f"Score by hand, after hand 2: Ann & Cat {sheet.scores['Ann & Cat']}, "
                                           f"Bob & Dan {sheet.scores['Bob & Dan']}")
    empty = score_game(new_game(find_preset("standard"), PLAYERS))
    assert figures.chart_description(empty) == "No hands yet"


def test_a_game_over_without_a_winner_is_a_draw_in_the_list():
    from types import SimpleNamespace as Summary

    done = Summary(status="finished", winner=None, hands_played=12, players={"Ann": {}, "Bob": {}})
    won = Summary(status="finished", winner="Ann", hands_played=1, players={"Ann": {}, "Cat": {}})
    going = Summary(status="in_progress", winner=None, hands_played=2, players={"Ann": {}})
    assert [figures.game_status(g) for g in (done, won, going)] == ["Draw", "Won by Ann", "In progress"]


# ---- every offered choice, on a game of every preset ------------------------------
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_offered_choice_rescores_or_says_why(preset):
    import random

    from scorekeeper.engine import random_game

    game = random_game(random.Random(7), preset=preset, hands=8)
    first, rest = options.ordered_options(game.rules)
    for key in first + rest:
        values = [True, False] if options.is_switch(key) else options.choices(key, getattr(game.rules, key))
        for value in values:
            choice = whatif.WhatIfChoice()
            choice.set(key, value, game.rules)
            comparison = whatif.compare(game, choice)
            assert comparison.summary
            if comparison.error is None:
                assert len(comparison.result.rows) == len(game.hands)
    for name in whatif.presets_for(game.rules):
        assert whatif.compare(game, whatif.WhatIfChoice(preset=name)).summary


# ---- the four screens built without a browser (no client: controls only) -----------
class _Store(dict):
    def set(self, key, value):
        self[key] = value


class _FakePage:
    def __init__(self, width):
        self.width, self.height = width, 800
        self.session = type("S", (), {"store": _Store()})()


class _FakeSession:
    def __init__(self, game, stats=()):
        from scorekeeper.engine import next_hand

        self.game, self.sheet, self.next = game, score_game(game), next_hand(game)
        self.stats = list(stats)

    def player_stats(self):
        return self.stats

    def list_games(self):
        return []

    def open(self, game_id):
        from scorekeeper.gui.models import Result
        return Result(True)


class _FakeApp:
    dark = False
    query: dict = {}

    def __init__(self, game, width, stats=()):
        self.page = _FakePage(width)
        self.session = _FakeSession(game, stats)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("width", [360, 1280])
def test_the_screens_build_for_every_preset(preset, width):
    import importlib
    import random

    import flet as ft

    from scorekeeper.engine import random_game

    game = random_game(random.Random(3), preset=preset, hands=6)
    app = _FakeApp(game, width)
    for module in ("rules", "whatif", "chart"):
        screen = importlib.import_module(f"scorekeeper.gui.views.{module}").Screen(app, game_id="g1")
        assert isinstance(screen.build(), ft.View)
    general = importlib.import_module("scorekeeper.gui.views.rules").Screen(app)
    assert isinstance(general.build(), ft.View)
    stats = importlib.import_module("scorekeeper.gui.views.stats").Screen(app)
    assert isinstance(stats.build(), ft.View)


def test_differences_from_the_game_follow_the_preset_and_the_switches():
    rules = find_preset("standard")
    choice = whatif.WhatIfChoice()
    assert choice.differences(rules) == set()
    choice.set("blind_nil", True, rules)
    assert choice.differences(rules) == {"blind_nil"}
    choice.pick_preset("ihop")
    assert {"nil_tricks_count_for_partner", "blind_nil", "moon", "partnership_bidding"} <= choice.differences(rules)
    choice.pick_preset("standard")
    assert choice.differences(rules) == set()
    clash = whatif.WhatIfChoice(preset="ihop", changes={"win_score": -600})
    assert clash.differences(rules) == {"win_score"}


# ---- the sheet's marks ------------------------------------------------------------------
def test_the_sheet_marks_say_what_happened():
    from types import SimpleNamespace

    from scorekeeper.gui.models.marks import Tone, side_marks, tone_of

    game = new_game("ihop", PLAYERS)
    for hand in ({"bids": {"Bob & Dan": 6, "Bob": "nil", "Ann & Cat": 5},
                  "tricks": {"Bob": 1, "Dan": 6, "Ann & Cat": 6}},
                 {"bids": {"Bob & Dan": 5, "Ann & Cat": 5}, "aces": {"Ann & Cat": False},
                  "tricks": {"Bob & Dan": 6, "Ann & Cat": 7},
                  "penalties": [{"side": "Ann & Cat", "reneg": 1}]}):
        game = game.with_hand(hand)
    first, second = score_game(game).hands
    marks = [m.text for m in side_marks(first.sides["Bob & Dan"], "Bob & Dan", game.hands[0])]
    assert marks == ["made", "Bob's nil failed"]  # a failed nil reads failed, not "made nil ✗"
    ac = side_marks(second.sides["Ann & Cat"], "Ann & Cat", game.hands[1])
    assert [m.text for m in ac][0] == "made" and "reneg" in [m.text for m in ac][-1]
    assert tone_of(ac) is Tone.SET
    # the aces outcome and the penalty bags are the engine's, when it gives them
    scored = SimpleNamespace(set=False, made=True, blind=False, nils={}, bag_penalty=True,
                             aces=False, penalty_bags=5)
    assert [m.text for m in side_marks(scored, "Ann & Cat", game.hands[1])] == [
        "made", "aces missed", "reneg, 5 bags", "bag penalty"]


def test_after_play_this_way_the_sheet_says_the_nils_tricks_no_longer_count():
    """IHOP, nil tricks counting for the partner: Bob nil took 1, Dan 4, so Bob & Dan's 4 is made
    with 5; played with them not counting, it is set, and the sheet says why."""
    from scorekeeper.gui.models.marks import side_marks

    hand = {"bids": {"Bob & Dan": 4, "Bob": "nil", "Ann & Cat": 5}, "tricks": {"Bob": 1, "Dan": 3, "Ann & Cat": 9}}
    for counts, first in ((True, "made"), (False, "set")):
        game = new_game({"preset": "ihop", "options": {"nil_tricks_count_for_partner": counts}}, PLAYERS)
        game = game.with_hand(hand)
        bd = score_game(game).hands[0].sides["Bob & Dan"]
        marks = [m.text for m in side_marks(bd, "Bob & Dan", game.hands[0])]
        assert marks[0] == first
        assert ("nil's 1 trick not counted" in marks) is (not counts)
