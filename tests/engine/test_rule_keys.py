"""Every point names its rule (issue 17): each line of a breakdown carries a stable rule key.

The keys live in one table (``scorekeeper/engine/rule_keys.py``): every key a line uses is there and
explained under every preset, a rule has the same key under every preset, and the key names no
number an option changes (GAME_FORMAT.md, ``rule``).
"""
from __future__ import annotations

import dataclasses
import random
import re

import pytest

from scorekeeper.engine import (OPTIONS, PRESETS, RULE_KEYS, Rule, RuleSet, ScorekeeperError, explain_rule,
                                find_rule, load_game, random_game, rule_in_play, score_game)
from scorekeeper.engine.rule_keys import _holds

from .helpers import OPTION_SETS as PROPERTY_OPTION_SETS
from .helpers import by_side as bid, by_side as t, fits, game, hand, rules

#: house rules the generated games are played under: the property tests' sets, and the IHOP specials and
#: other values in standard and the 3-player games
OPTION_SETS = [
    *PROPERTY_OPTION_SETS,
    {"double_nil": True, "blind_double_nil": True},
    {"ten_for_200": True, "moon": 200, "blind_nil": True, "blind_bids": True, "penalties": True, "aces": True},
    {"count_bags": True},
    {"moon": "win", "bag_limit": 5, "bag_penalty": 50},
]
SEEDS = range(8)
GENERATED = [(preset, options) for preset in sorted(PRESETS) for options in OPTION_SETS if fits(preset, options)]


def _lines(sheet):
    for scored in sheet.hands:
        for side in scored.sides.values():
            yield from side.lines


def _generated_rules(preset: str, options: dict) -> set[Rule]:
    used = set()
    for seed in SEEDS:
        played = random_game(random.Random(seed), preset, hands=14, options=options or None)
        for line in _lines(score_game(played)):
            assert isinstance(line.rule, Rule), line
            assert line.rule in RULE_KEYS, line
            assert line.to_json() == {"points": line.points, "text": line.text, "rule": str(line.rule)}
            # the table says when a rule is in play; scoring never uses one the table says is not
            assert rule_in_play(line.rule, played.rules), (preset, options, line)
            used.add(line.rule)
    return used


@pytest.mark.parametrize("preset, options", GENERATED,
                         ids=[f"{p}-{'-'.join(o) or 'preset'}" for p, o in GENERATED])
def test_every_line_of_generated_games_names_a_rule_of_the_table(preset, options):
    assert Rule.CONTRACT_MADE in _generated_rules(preset, options)


# ---- the rules generated games rarely or never reach, hand-made -------------------------------------
IHOP_DN = rules("ihop", double_nil=True, blind_double_nil=True)
BEHIND = hand(bid(4, 13), t(0, 13))  # Them takes Boston: Us is 340 behind and may bid blind
HANDMADE = {
    Rule.WHEELS_MADE: game("ihop", [hand(bid(10, 4), t(10, 3))]),
    Rule.WHEELS_SET: game("ihop", [hand(bid(10, 4), t(9, 4))]),
    Rule.MOON_MADE: game("ihop", [hand(bid(4, 13), t(0, 13))]),
    Rule.MOON_SET: game("ihop", [hand(bid(4, 13), t(1, 12))]),
    Rule.DOUBLE_NIL_MADE: game(IHOP_DN, [hand({"Ann": "nil", "Cat": "nil", "Them": 4},
                                              {"Ann": 0, "Cat": 0, "Them": 13})]),
    Rule.BLIND_DOUBLE_NIL_MADE: game(IHOP_DN, [BEHIND, hand({"Ann": "nil", "Cat": "nil", "Them": 4},
                                                            {"Ann": 0, "Cat": 0, "Them": 13},
                                                            blind=["Ann", "Cat"])]),
    Rule.BEMO_MADE: game(rules("ihop", bemo=True), [hand(bid(6, 4), t(7, 6),
                                                         bemo={"Us": {"size": "little", "made": True}})]),
    Rule.BEMO_FAILED: game(rules("ihop", bemo=True), [hand(bid(9, 4), t(8, 5),
                                                           bemo={"Us": {"size": "big", "made": False}})]),
    Rule.RENEG_LOSES_GAME: game("ihop", [hand(bid(5, 4), t(5, 8), penalties=[{"side": "Them", "reneg": 1}])] * 3),
    Rule.HAND_THROWN_OUT: game(rules("ihop", win_score=150),
                               [hand(bid(4, 13), t(0, 13), penalties=[{"side": "Them", "reneg": 1}])]),
}


@pytest.mark.parametrize("rule", list(HANDMADE), ids=str)
def test_a_handmade_record_scores_a_line_by_the_rule(rule):
    played = load_game(HANDMADE[rule])
    lines = list(_lines(score_game(played)))
    assert rule in {line.rule for line in lines}
    assert all(rule_in_play(line.rule, played.rules) for line in lines)


def test_every_rule_of_the_table_is_used_by_some_line():
    used = set().union(*(_generated_rules(p, o) for p, o in GENERATED), HANDMADE)
    # a misdeal has no lines: its row says it (`score --explain` names the key), the table explains it
    assert set(RULE_KEYS) - used == {Rule.MISDEAL}


# ---- the table ---------------------------------------------------------------------------------
def test_the_table_has_every_key_once_in_the_documented_shape():
    assert list(RULE_KEYS) == list(Rule)
    for key, rule in RULE_KEYS.items():
        assert rule.key is key
        # lower-case words joined by "-", and no number at all (so none an option changes)
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", key), key


def test_the_options_and_conditions_of_the_table_are_the_rule_sets():
    fields = {f.name for f in dataclasses.fields(RuleSet)}
    for rule in RULE_KEYS.values():
        assert rule.options and set(rule.options) <= set(OPTIONS), rule.key
        for condition in (*rule.when, *(c for c, _ in rule.notes)):
            for part in re.split(r"[&|]", condition):
                name = part.removeprefix("!")
                assert name in fields or isinstance(getattr(RuleSet, name, None), property), (rule.key, name)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_key_is_explained_under_every_preset(preset):
    for key in RULE_KEYS:
        text = explain_rule(key, PRESETS[preset])
        assert text.key == key
        assert text.title and text.words.endswith(".") and text.source.endswith(".")
        for words in (text.title, text.words):
            assert "{" not in words and "None" not in words, (key, words)
        assert all(option.applies_to(PRESETS[preset]) for option, _ in text.options)
        assert [option.key for option, _ in text.options] == [
            name for name in RULE_KEYS[key].options if OPTIONS[name].applies_to(PRESETS[preset])]


def test_the_words_follow_the_games_rules():
    ihop, standard = PRESETS["ihop"], PRESETS["standard"]
    assert explain_rule("wheels-made", ihop).title == "Wheels made"
    assert explain_rule("wheels-made", standard.with_options({"ten_for_200": True})).title == "10 for 200 made"
    assert explain_rule("moon-made", ihop).title == "Boston made"
    assert "all 13 tricks (Boston) scores 300" in explain_rule("moon-made", ihop).words
    assert "wins the game" in explain_rule("moon-made", standard.with_options({"moon": "win"})).words
    assert "150" in explain_rule("bag-penalty", standard.with_options({"bag_penalty": 150})).words
    assert "help the partner" in explain_rule("nil-failed", ihop).words
    assert "help the partner" not in explain_rule("nil-failed", standard).words
    values = dict((option.key, value) for option, value in explain_rule("nil-failed", ihop).options)
    assert values["nil_value"] == 100 and values["nil_tricks_count_for_partner"] is True


def test_in_play_says_which_rules_a_game_can_use():
    ihop, standard, three = PRESETS["ihop"], PRESETS["standard"], PRESETS["ihop-3"]
    assert rule_in_play("wheels-made", ihop) and not rule_in_play("wheels-made", standard)
    assert rule_in_play("failed-nil-bags", standard) and not rule_in_play("failed-nil-bags", ihop)
    assert rule_in_play("overtrick-cost", three) and not rule_in_play("overtrick-bags", three)
    assert rule_in_play("overtrick-bags", three.with_options({"count_bags": True}))
    assert explain_rule("aces-made", standard).in_play is False


def test_conditions_read_and_or_and_not():
    standard = PRESETS["standard"]
    assert _holds("partners&!nil_tricks_count_for_partner", standard)
    assert not _holds("double_nil|separate_nils", standard)
    assert _holds("double_nil|nil", standard)
    assert _holds("!side_min_bid", standard.with_options({"side_min_bid": 0}))


def test_an_unknown_key_is_an_error_that_lists_the_keys():
    with pytest.raises(ScorekeeperError) as caught:
        find_rule("contract-made-twice")
    message = str(caught.value)
    assert message.startswith("unknown rule key 'contract-made-twice'; known: contract-made, contract-set")
    assert "\n" not in message


# ---- the same rule, the same key, under every preset ---------------------------------------------
def _rules_of(record, preset: str | None = None, options: dict | None = None) -> dict[str, list[str]]:
    played = load_game(record)
    if preset or options:
        played = played.with_rules(PRESETS[preset or played.rules.name].with_options(options or {}))
    scored = score_game(played).hands[0]
    return {name: [str(line.rule) for line in side.lines] for name, side in scored.sides.items()}


def test_a_made_contract_is_contract_made_under_every_preset():
    record = game("standard", [hand({"Ann": 3, "Cat": 2, "Bob": 4, "Dan": 3},
                                    {"Us": 7, "Them": 6})])
    for preset in ("standard", "ihop"):
        assert _rules_of(record, preset) == {"Us": ["contract-made", "overtrick-bags"],
                                              "Them": ["contract-set"]}


def test_the_worked_example_where_the_rule_sets_differ_names_each_rule():
    # RULES.md: East nil, West 4; West takes 3, East 1.  IHOP: -100 + 40; standard: -100 - 40 + 1.
    record = game("standard", [hand({"Ann": "nil", "Cat": 4, "Bob": 5, "Dan": 4},
                                    {"Ann": 1, "Cat": 3, "Them": 9})])
    assert _rules_of(record, "ihop")["Us"] == ["contract-made", "nil-failed"]
    assert _rules_of(record, "standard")["Us"] == ["contract-set", "nil-failed", "failed-nil-bags"]
    assert _rules_of(record, "standard", {"failed_nil_tricks_are_bags": False})["Us"] == [
        "contract-set", "nil-failed", "failed-nil-void"]


def test_wheels_and_boston_keep_their_keys_under_their_other_names():
    record = game("ihop", [hand(bid(10, 4), t(10, 3))])
    assert _rules_of(record)["Us"] == ["wheels-made"]
    assert _rules_of(record, "standard", {"ten_for_200": True})["Us"] == ["wheels-made"]
    moon = game("ihop", [hand(bid(4, 13), t(0, 13))])
    assert _rules_of(moon)["Them"] == ["moon-made"]
    assert _rules_of(moon, "standard", {"moon": 200})["Them"] == ["moon-made"]
    assert _rules_of(moon, "standard")["Them"] == ["contract-made"]  # no Moon in standard: a plain contract


def test_three_players_and_solo_share_the_overtrick_rule():
    three = game("ihop-3", [hand({"Ann": 4, "Bob": 6, "Cat": 5}, {"Ann": 5, "Bob": 6, "Cat": 6})],
                 players=["Ann", "Bob", "Cat"])
    assert _rules_of(three)["Ann"] == ["contract-made", "overtrick-cost"]
    assert _rules_of(three, options={"count_bags": True})["Ann"] == ["contract-made", "overtrick-bags"]
    solo = game("solo", [hand({"Ann": 4, "Bob": 3, "Cat": 3, "Dan": 1}, {"Ann": 5, "Bob": 3, "Cat": 3, "Dan": 2})],
                team_names=None)
    assert _rules_of(solo)["Ann"] == ["contract-made", "overtrick-cost"]


def test_a_reneg_names_the_penalty_and_the_bids_it_makes_good():
    record = game("ihop", [hand({"Us": 6, "Them": 4}, t(8, 5), aces={"Us": False},
                                penalties=[{"side": "Them", "reneg": 1}])])
    assert _rules_of(record) == {"Us": ["reneg-counts-as-made", "reneg-counts-as-made"],
                                 "Them": ["contract-made", "overtrick-bags", "reneg-penalty"]}


def test_the_example_record_of_game_format_names_the_keys_its_output_shows():
    # GAME_FORMAT.md's record; its `score --json` example shows a made contract with 2 overtricks as
    # "contract-made" and "overtrick-bags" (Them's hand 1 here: 40 + 2, and Bob's nil: 142 as it shows)
    record = {"format": "spades-game/1", "rules": "ihop", "players": ["Ann", "Bob", "Cat", "Dan"],
              "team_names": ["Us", "Them"], "first_dealer": "Ann",
              "hands": [{"bids": {"Us": 8, "Them": 4, "Bob": "nil"}, "tricks": {"Us": 7, "Bob": 0, "Dan": 6}},
                        {"misdeal": True},
                        {"bids": {"Us": 6, "Them": 4}, "blind": ["Us"], "aces": {"Them": False},
                         "tricks": {"Us": 6, "Them": 7}, "penalties": [{"side": "Them", "reneg": 1}]}]}
    sheet = score_game(load_game(record))
    first = sheet.hands[0].sides
    assert [str(line.rule) for line in first["Them"].lines] == ["contract-made", "overtrick-bags", "nil-made"]
    assert (first["Them"].points, first["Them"].bags) == (142, 2)
    assert [str(line.rule) for line in first["Us"].lines] == ["contract-set"]
    assert sheet.hands[1].misdeal and all(not side.lines for side in sheet.hands[1].sides.values())
    assert [str(line.rule) for line in sheet.hands[2].sides["Them"].lines] == [
        "contract-made", "overtrick-bags", "aces-failed", "reneg-penalty", "bag-penalty"]
    assert [str(line.rule) for line in sheet.hands[2].sides["Us"].lines] == ["reneg-counts-as-made"]
