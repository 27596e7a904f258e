"""This hand scored each other way (issue 17): a line's rule under every other value of its options.

``other_ways(game, key, hand=N)`` must say what re-scoring the record under
``rules.with_options({option: value})`` says, for the hand (each side's points and score after it)
and for the game (totals, result); the game's own value is never an "other" way.
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from scorekeeper.engine import (OPTIONS, PRESETS, RULE_KEYS, AfterEnd, Kind, LineNotFound, Rule, RuleOptionError,
                                ScorekeeperError, load_game, other_ways, random_game, score_game)

from .helpers import OPTION_SETS, by_player, by_side, fits, game, hand, rules

SEEDS = range(2)
GENERATED = [(preset, options) for preset in sorted(PRESETS) for options in OPTION_SETS if fits(preset, options)]


def _expected_pairs(rule_set, key: str) -> set[tuple[str, object]]:
    """The (option, value) pairs the rule's table entry allows: each option of this table, each other
    value (a switch flipped, an offered value), only those that make a valid rule set."""
    pairs = set()
    for name in RULE_KEYS[Rule(key)].options:
        option = OPTIONS[name]
        if not option.applies_to(rule_set):
            continue
        current = getattr(rule_set, name)
        values = (not current,) if option.kind is Kind.BOOL else [v for v in option.offered if v != current]
        for value in values:
            try:
                rule_set.with_options({name: value})
            except ScorekeeperError:
                continue
            pairs.add((name, value))
    return pairs


def _check_against_rescoring(played, key: str, deal: int) -> None:
    result = other_ways(played, key, deal=deal)
    sheet = score_game(played)
    assert result.deal == deal and result.rule == key
    assert [(w.option, w.value) for w in result.ways if w.value == getattr(played.rules, w.option)] == []
    assert {(w.option, w.value) for w in result.ways} == _expected_pairs(played.rules, key)
    assert len({(w.option, repr(w.value)) for w in result.ways}) == len(result.ways)
    for way in result.ways:
        other = played.rules.with_options({way.option: way.value})
        try:
            rescored = score_game(played.with_rules(other), after_end=AfterEnd.IGNORE)
        except ScorekeeperError as exc:
            assert not way.possible and way.error == str(exc), (way, exc)
            continue
        assert way.possible, way
        assert dict(way.scores) == rescored.scores
        assert (way.finished, way.winner, way.unscored) == (rescored.finished, rescored.winner, rescored.unscored)
        now = sheet.hands[deal - 1].sides
        for side in way.sides:
            assert (side.sheet_points, side.sheet_score) == (now[side.side].points, now[side.side].score)
            if deal <= len(rescored.hands):
                there = rescored.hands[deal - 1].sides[side.side]
                assert (side.points, side.score) == (there.points, there.score), (way.option, way.value)
            else:  # the game was over before this hand, that way
                assert (side.points, side.score) == (None, None)


@pytest.mark.parametrize("preset, options", GENERATED,
                         ids=[f"{p}-{'-'.join(o) or 'preset'}" for p, o in GENERATED])
def test_the_other_ways_of_generated_games_agree_with_rescoring(preset, options):
    checked = 0
    for seed in SEEDS:
        played = random_game(random.Random(seed), preset, hands=12, options=options or None)
        sheet = score_game(played)
        first_deal_of = {}
        for scored in sheet.hands:
            for side in scored.sides.values():
                for line in side.lines:
                    first_deal_of.setdefault(str(line.rule), scored.deal)
        last = sheet.hands[-1]
        keys_of_last = {str(line.rule) for side in last.sides.values() for line in side.lines}
        pairs = set(first_deal_of.items()) | {(key, last.deal) for key in keys_of_last}
        for key, deal in sorted(pairs):
            _check_against_rescoring(played, key, deal)
            checked += 1
    assert checked


def test_every_line_of_one_game_has_its_other_ways():
    played = random_game(random.Random(5), "ihop", hands=12)
    sheet = score_game(played)
    for scored in sheet.hands:
        for key in {str(line.rule) for side in scored.sides.values() for line in side.lines}:
            _check_against_rescoring(played, key, scored.deal)


# ---- hand-made: a failed nil in standard -----------------------------------------------------------
# Hand 2: Them bid nil (Bob) + 4 (Dan); Bob takes 1 trick, Dan 3.  Standard: Dan's contract stands on
# his own 3 tricks (set, -40), the nil fails (-100), Bob's trick is a bag (+1): -139.
FAILED_NIL = game("standard", [
    hand(by_player(3, 3, 3, 3), by_side(6, 7)),
    hand(by_player(4, 5, "nil", 4), {"Us": 9, "Bob": 1, "Dan": 3}),
])


def _ways(record, key, number):
    result = other_ways(load_game(record), key, hand=number)
    return {(w.option, w.value): w for w in result.ways}, result


def _hand(way) -> dict:
    return {s.side: (s.points, s.score) for s in way.sides}


def test_a_failed_nil_in_standard_each_other_way():
    ways, result = _ways(FAILED_NIL, "failed-nil-bags", 2)
    assert (result.label, result.deal, result.number) == ("Hand 2", 2, 2)
    assert dict(result.scores) == {"Us": 150, "Them": -78}  # 60 + 90; 61 - 139
    assert result.hand == (("Us", 90, 150), ("Them", -139, -78))
    assert set(ways) == {("nil_tricks_count_for_partner", True), ("failed_nil_tricks_are_bags", False),
                         ("bag_value", 0)}
    helped = ways["nil_tricks_count_for_partner", True]
    assert helped.label == "Failed nil's tricks help the partner"
    assert (helped.value_text, helped.current_text) == ("on", "off")
    assert _hand(helped) == {"Us": (90, 150), "Them": (-60, 1)}  # Dan's 4 made with Bob's trick: 40 - 100
    assert [(s.sheet_points, s.sheet_score) for s in helped.sides] == [(90, 150), (-139, -78)]
    assert [s.difference for s in helped.sides] == [0, 79]
    assert helped.changes_hand and helped.result == "still playing after 2 hands" and not helped.finished
    assert _hand(ways["failed_nil_tricks_are_bags", False])["Them"] == (-140, -79)
    # with no bag worth anything, Them's overtrick in hand 1 scores nothing either
    assert _hand(ways["bag_value", 0]) == {"Us": (90, 150), "Them": (-140, -80)}


def test_the_nil_rule_of_the_same_hand_its_worth_and_switched_off():
    ways, _ = _ways(FAILED_NIL, "nil-failed", 2)
    assert _hand(ways["nil_value", 50])["Them"] == (-89, -28)
    assert _hand(ways["nil_value", 200])["Them"] == (-239, -178)
    assert ("nil_value", 100) not in ways  # the game's own value is not another way
    no_nil = ways["nil", False]
    assert not no_nil.possible and no_nil.sides == () and no_nil.scores == ()
    assert no_nil.error.startswith("hand 2: ") and "nil" in no_nil.error
    assert no_nil.to_json() == {"option": "nil", "label": "Nil", "value": False, "value_text": "off",
                                "current": True, "current_text": "on", "possible": False,
                                "error": no_nil.error}


# ---- hand-made: Wheels (10 for 200) ----------------------------------------------------------------
WHEELS = game("ihop", [hand(by_side(10, 4), by_side(10, 3))])


def test_wheels_each_other_way():
    ways, result = _ways(WHEELS, "wheels-made", 1)
    assert result.title == "Wheels made"
    assert dict(result.scores) == {"Us": 200, "Them": -40}
    assert _hand(ways["ten_value", 100]) == {"Us": (100, 100), "Them": (-40, -40)}
    assert _hand(ways["ten_value", 250]) == {"Us": (250, 250), "Them": (-40, -40)}
    assert _hand(ways["ten_for_200", False])["Us"] == (100, 100)  # a plain contract of 10
    assert _hand(ways["lock", False])["Us"] == (200, 200)  # no raise in this hand: the lock changes nothing
    assert not ways["lock", False].changes_hand
    # ten_bid and blind_multiplier offer no values of their own: no other way for them
    assert {option for option, _ in ways} == {"ten_for_200", "ten_value", "lock"}


# ---- hand-made: the bag penalty --------------------------------------------------------------------
# Us bids 3 and takes 6 four times: 3 bags a hand, 12 after hand 4 -> the penalty in hand 4.
BAGS = game("standard", [hand(by_player(2, 1, 4, 3), by_side(6, 7))] * 4)


def test_the_bag_penalty_each_other_way():
    ways, result = _ways(BAGS, "bag-penalty", 4)
    assert dict(result.scores) == {"Us": 32, "Them": 280}  # 3 x 33, then 33 - 100
    assert _hand(ways["bag_limit", 5])["Us"] == (-67, -68)  # penalties in hands 2 and 4
    assert _hand(ways["bag_limit", 7])["Us"] == (33, 32)  # the penalty came in hand 3
    assert _hand(ways["bag_penalty", 0])["Us"] == (33, 132)
    assert _hand(ways["bag_penalty", 50])["Us"] == (-17, 82)
    assert _hand(ways["bag_penalty", 200])["Us"] == (-167, -68)
    assert _hand(ways["penalties", True])["Us"] == (-67, 32)  # no reneg here: the same
    assert ("count_bags", False) not in ways  # an option of tables without partners
    assert all(_hand(way)["Them"] == (70, 280) for way in ways.values())


def test_a_way_can_end_the_game_before_the_hand():
    # at 5 a trick bid Us scores 40 a hand and plays on; at 10 it reaches 240 in hand 3 and wins
    record = game(rules("standard", trick_value=5, win_score=200), [hand(by_player(4, 4, 2, 3), by_side(8, 5))] * 4)
    ways, result = _ways(record, "contract-made", 4)
    assert result.result == "still playing after 4 hands" and dict(result.scores) == {"Us": 160, "Them": 100}
    ten = ways["trick_value", 10]
    assert _hand(ten) == {"Us": (None, None), "Them": (None, None)}
    assert [s.difference for s in ten.sides] == [None, None]
    assert [(s.sheet_points, s.sheet_score) for s in ten.sides] == [(40, 160), (25, 100)]
    assert dict(ten.scores) == {"Us": 240, "Them": 150} and ten.unscored == 1
    assert (ten.finished, ten.winner, ten.status) == (True, "Us", "finished")
    assert ten.result == "Us wins (Us reached 240)"


# ---- what is asked for ------------------------------------------------------------------------------
def test_a_hand_out_of_range_is_a_clear_error():
    played = load_game(FAILED_NIL)
    with pytest.raises(LineNotFound, match=r"^no hand 3: the sheet has hands 1 to 2$"):
        other_ways(played, "nil-failed", hand=3)
    with pytest.raises(LineNotFound, match=r"^no hand 0: "):
        other_ways(played, "nil-failed", hand=0)
    with pytest.raises(LineNotFound, match=r"^no deal 9: the record has 2 deals$"):
        other_ways(played, "nil-failed", deal=9)
    with pytest.raises(TypeError):
        other_ways(played, "nil-failed")


def test_a_misdeal_is_found_by_its_deal_and_its_one_rule():
    record = game("standard", [hand(by_player(3, 3, 3, 3), by_side(6, 7)), {"misdeal": True},
                               hand(by_player(3, 3, 3, 3), by_side(6, 7))])
    played = load_game(record)
    result = other_ways(played, "misdeal", deal=2)
    assert (result.label, result.number) == ("Misdeal", None)
    assert {(w.option, w.value) for w in result.ways} == {("max_hands", v) for v in (8, 10, 12, 15, 20)} | {
        ("passing", True)}
    assert other_ways(played, "contract-made", hand=2).deal == 3  # hand 2 is the deal after the misdeal


def test_a_key_that_names_no_line_of_the_hand_or_no_rule_is_an_error():
    played = load_game(FAILED_NIL)
    with pytest.raises(LineNotFound, match=r"^hand 1 has no line by the rule 'nil-failed'; its lines' rules: "
                                           r"contract-made, overtrick-bags$"):
        other_ways(played, "nil-failed", hand=1)
    with pytest.raises(RuleOptionError, match=r"^unknown rule key 'nil-faild'"):
        other_ways(played, "nil-faild", hand=2)


def test_a_key_with_no_options_gives_no_other_ways(monkeypatch):
    entry = RULE_KEYS[Rule.NIL_FAILED]
    monkeypatch.setitem(RULE_KEYS, Rule.NIL_FAILED, dataclasses.replace(entry, options=()))
    result = other_ways(load_game(FAILED_NIL), "nil-failed", hand=2)
    assert result.ways == () and result.to_json()["ways"] == []


def test_the_json_of_the_other_ways():
    data = other_ways(load_game(FAILED_NIL), "failed-nil-bags", hand=2).to_json()
    assert list(data) == ["rule", "title", "deal", "number", "label", "hand", "scores", "result", "ways"]
    assert data["hand"] == {"Us": {"points": 90, "score": 150}, "Them": {"points": -139, "score": -78}}
    way = data["ways"][0]
    assert way == {"option": "nil_tricks_count_for_partner", "label": "Failed nil's tricks help the partner",
                   "value": True, "value_text": "on", "current": False, "current_text": "off",
                   "possible": True, "error": None,
                   "sides": {"Us": {"points": 90, "score": 150, "sheet": {"points": 90, "score": 150}},
                             "Them": {"points": -60, "score": 1, "sheet": {"points": -139, "score": -78}}},
                   "scores": {"Us": 150, "Them": 1}, "status": "in_progress", "winner": None,
                   "result": "still playing after 2 hands", "unscored": 0}
