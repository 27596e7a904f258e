"""Records that break a rule or the spades-game/1 format are refused.

A hand's error is a RecordError whose .hand is the 1-based hand number and
whose message starts "hand N:"; errors in the game's own fields have no hand.
Unknown presets and options are RuleOptionError.
"""
from __future__ import annotations

import json

import pytest

from scorekeeper.engine import RecordTextError, TextProblem, parse_game, read_record_text
from scorekeeper.engine.errors import RecordError, RuleOptionError

from .helpers import FORMAT, FOUR, game, hand, record_error, rules, score, by_side as bid, by_side as t, by_player as b


OK = hand(bid(5, 5), t(6, 7))            # ihop: Us 51, Them 52
OK_STD = hand(b(3, 2, 3, 2), t(6, 7))    # standard: Us 51, Them 52

BAD_HANDS = [
    # -- tricks --
    pytest.param("ihop", hand(bid(5, 5), t(6, 6)), id="tricks-add-up-to-12"),
    pytest.param("ihop", hand(bid(5, 5), t(7, 7)), id="tricks-add-up-to-14"),
    pytest.param("standard", hand(b(3, 2, 3, 2), t(6, 6)), id="standard-tricks-add-up-to-12"),
    pytest.param("ihop", hand(bid(5, 5), t(14, -1)), id="negative-tricks"),
    pytest.param("ihop", hand(bid(5, 5), {"Us": 6, "Zed": 7}), id="unknown-name-in-tricks"),
    pytest.param("ihop", hand(bid(5, 5), {"Us": 4, "Ann": 2, "Them": 7}), id="side-covered-twice-in-tricks"),
    pytest.param("ihop", hand(bid(5, 5), {"Us": 13}), id="missing-side-in-tricks"),
    # judgement: giving one partner's count without the other's leaves the side
    # uncovered, which GAME_FORMAT's "covered exactly once" forbids.
    pytest.param("ihop", hand(bid(5, 5), {"Ann": 3, "Them": 10}), id="half-a-side-in-tricks"),
    pytest.param("ihop", hand({"Ann": "nil", "Cat": 4, "Them": 5}, t(6, 7)), id="nil-side-without-player-tricks"),
    pytest.param("ihop", {"bids": bid(5, 5)}, id="tricks-missing"),
    pytest.param("ihop", hand(bid(5, 5), {"Us": "6", "Them": 7}), id="tricks-not-a-number"),
    pytest.param("ihop", hand(bid(5, 5), {"Us": 6.5, "Them": 6.5}), id="tricks-not-whole"),
    # -- bids --
    pytest.param("ihop", hand({"Us": 5, "Zed": 5}, t(6, 7)), id="unknown-name-in-bids"),
    pytest.param("ihop", hand({"Us": 5}, t(6, 7)), id="missing-side-in-bids"),
    # judgement: a side bid and a number bid of one of its players leave the
    # contract undefined (a side bid may only sit next to a nil player).
    pytest.param("ihop", hand({"Us": 5, "Ann": 2, "Them": 5}, t(6, 7)), id="side-covered-twice-in-bids"),
    pytest.param("ihop", {"tricks": t(6, 7)}, id="bids-missing"),
    pytest.param("ihop", hand({"Us": "five", "Them": 5}, t(6, 7)), id="bid-not-a-number"),
    pytest.param("ihop", hand({"Us": 5.5, "Them": 5}, t(6, 7)), id="bid-not-whole"),
    # judgement: a JSON true is not the number 1, even though Python's bool is an int.
    pytest.param("standard", hand(b(True, 3, 3, 3), t(6, 7)), id="bid-a-boolean"),
    pytest.param("ihop", {"bids": [5, 5], "tricks": t(6, 7)}, id="bids-not-an-object"),
    # IHOP side minimum 4 ("board"), in every form.
    pytest.param("ihop", hand(bid(3, 5), t(6, 7)), id="ihop-side-bid-below-board"),
    # judgement: no side can bid more tricks than the hand has.
    pytest.param("ihop", hand(bid(14, 4), t(13, 0)), id="ihop-side-bid-above-13"),
    pytest.param("ihop", hand({"Ann": 1, "Cat": 2, "Them": 5}, t(6, 7)), id="ihop-player-bids-below-board"),
    pytest.param("ihop", hand({"Ann": "nil", "Cat": 3, "Them": 5}, {"Ann": 0, "Cat": 6, "Them": 7}),
                 id="ihop-nil-partner-below-board"),
    # Standard player minimum 1, maximum 13.
    pytest.param("standard", hand(b(0, 4, 3, 3), t(6, 7)), id="standard-player-bid-0"),
    pytest.param("standard", hand(b(14, 1, 1, 1), t(12, 1)), id="standard-player-bid-14"),
    pytest.param("standard", hand(b(-1, 4, 3, 3), t(6, 7)), id="standard-negative-bid"),
    # -- special bids without their option --
    pytest.param("ihop", hand({"Ann": "nil", "Cat": "nil", "Them": 5}, {"Ann": 0, "Cat": 0, "Them": 13}),
                 id="double-nil-without-option"),
    pytest.param("standard", hand(b("nil", 3, 3, 3), {"Ann": 0, "Cat": 6, "Them": 7}, blind=["Ann"]),
                 id="standard-blind-nil-without-option"),
    # -- the lock raise --
    # Hand 3 is Cat's deal (Ann, Bob, Cat), so Us is the dealer side.
    # First round 7 + 5 = 12; the dealer side may only load to exactly 13, not 15.
    pytest.param("ihop", hand(bid(10, 5), t(10, 3), raised={"Us": 3}), id="raise-past-13"),
    # First round 8 + 5 = 13 is locked already: no raise.
    pytest.param("ihop", hand(bid(9, 5), t(9, 4), raised={"Us": 1}), id="raise-when-already-locked"),
    pytest.param("ihop", hand(bid(9, 5), t(9, 4), raised={"Zed": 1}), id="raise-unknown-side"),
    # -- blind --
    # After two OK hands Us trail by 2 (102 vs 104): not 100 behind.
    pytest.param("ihop", hand(bid(6, 4), t(6, 7), blind=["Us"]), id="blind-not-100-behind"),
    pytest.param("ihop", hand(bid(6, 4), t(6, 7), blind=["Zed"]), id="blind-unknown-name"),
    # -- other fields naming nobody --
    pytest.param("ihop", hand(bid(5, 5), t(6, 7), aces={"Zed": True}), id="aces-unknown-side"),
    pytest.param("ihop", hand(bid(5, 5), t(6, 7), penalties=[{"side": "Zed", "reneg": 1}]), id="penalty-unknown-side"),
    # -- not a hand at all --
    pytest.param("ihop", 5, id="hand-not-an-object"),
]


@pytest.mark.parametrize("rule_spec, bad", BAD_HANDS)
def test_bad_hand_is_refused_naming_it(rule_spec, bad):
    ok = OK if rule_spec == "ihop" else OK_STD
    record = game(rule_spec, [ok, ok])
    record["hands"].append(bad)
    record_error(record, 3)


def test_error_names_the_first_bad_hand():
    record = game("ihop", [OK, hand(bid(3, 5), t(6, 7)), hand(bid(5, 5), t(6, 6))])
    record_error(record, 2)


def test_bad_hand_message_mentions_the_numbers():
    # Light check: the message gives the wrong total.
    err = record_error(game("ihop", [OK, OK, hand(bid(5, 5), t(6, 6))]), 3)
    assert "12" in str(err)


# --- the game's own fields -------------------------------------------------------------
def base(**changes):
    record = game("ihop", [OK])
    record.update(changes)
    return record


def without(key):
    record = game("ihop", [OK])
    del record[key]
    return record


GAME_ERRORS = [
    pytest.param(base(format="spades-game/2"), id="unknown-format"),
    pytest.param(without("format"), id="format-missing"),
    pytest.param(without("rules"), id="rules-missing"),
    pytest.param(without("players"), id="players-missing"),
    pytest.param(base(players=["Ann", "Bob", "Ann", "Dan"]), id="duplicate-player-names"),
    pytest.param(base(players=["Ann", "Bob", "Cat"]), id="three-players-under-ihop"),
    pytest.param(base(players=["Ann", "Bob", "Cat", "Dan", "Eve"]), id="five-players-under-ihop"),
    pytest.param(base(first_dealer="Zed"), id="first-dealer-not-at-the-table"),
    pytest.param(base(teams=[["Ann", "Cat"], ["Bob", "Zed"]]), id="team-with-unknown-player"),
    pytest.param(base(teams=[["Ann", "Cat"], ["Ann", "Bob"]]), id="player-in-two-teams"),
    pytest.param(base(team_names=["Us", "Them", "Others"]), id="three-team-names-for-two-teams"),
    pytest.param(base(team_names=["Us", "Us"]), id="duplicate-team-names"),
    pytest.param(base(hands={"1": OK}), id="hands-not-a-list"),
]


@pytest.mark.parametrize("record", GAME_ERRORS)
def test_bad_game_field_is_refused(record):
    with pytest.raises(RecordError) as info:
        score(record)
    assert info.value.hand is None, str(info.value)


@pytest.mark.parametrize(
    "rule_spec",
    [
        pytest.param("bridge", id="unknown-preset"),
        pytest.param({"preset": "bridge", "options": {}}, id="unknown-preset-with-options"),
        pytest.param(rules("ihop", free_pancakes=True), id="unknown-option-key"),
        pytest.param(rules("ihop", win_score="500"), id="option-of-the-wrong-type"),
        pytest.param(rules("standard", moon="sometimes"), id="moon-value-not-allowed"),
    ],
)
def test_bad_rules_are_a_rule_option_error(rule_spec):
    with pytest.raises(RuleOptionError):
        score(game(rule_spec, [OK]))


# --- what is accepted ----------------------------------------------------------------------
def test_record_as_json_text_is_accepted():
    from scorekeeper.engine import load_game, score_game

    out = score_game(load_game(json.dumps(game("ihop", [OK])))).to_json()
    assert out["scores"] == {"Us": 51, "Them": 52}


def test_game_without_hands_scores_zero():
    out = score(game("ihop", []))
    assert out["hands"] == []
    assert out["scores"] == {"Us": 0, "Them": 0}
    assert out["status"] == "in_progress"


def test_default_team_names_join_partners():
    # Without team_names: "Ann & Cat" and "Bob & Dan" (seats 0+2, 1+3).
    record = {"format": FORMAT, "rules": "ihop", "players": FOUR,
              "hands": [hand({"Ann & Cat": 5, "Bob & Dan": 5}, {"Ann & Cat": 6, "Bob & Dan": 7})]}
    out = score(record)
    assert out["sides"] == ["Ann & Cat", "Bob & Dan"]
    assert out["scores"] == {"Ann & Cat": 51, "Bob & Dan": 52}


def test_extra_fields_are_allowed():
    # "Fields not listed here may be added."
    record = game("ihop", [dict(OK, note="Cat dealt fast")], venue="Table one")
    assert score(record)["scores"] == {"Us": 51, "Them": 52}


# --- a record read from text: one reader (the command line, the GUI's import, parse_game) ----------
@pytest.mark.parametrize("text, problem", [
    pytest.param(b"\xff\xfe\x00binary", TextProblem.NOT_TEXT, id="bytes-not-utf8"),
    pytest.param("   \n", TextProblem.EMPTY, id="blank"),
    pytest.param(b"", TextProblem.EMPTY, id="no-bytes"),
    pytest.param('{"format": ', TextProblem.NOT_JSON, id="cut-off"),
    pytest.param("[" * 100_000, TextProblem.TOO_DEEP, id="too-deep-to-read"),
])
def test_text_that_holds_no_record_names_its_problem(text, problem):
    with pytest.raises(RecordTextError) as caught:
        read_record_text(text)
    assert caught.value.problem is problem


def test_a_record_read_from_text_bytes_or_an_object_is_the_same_game():
    record = game("ihop", [OK])
    text = json.dumps(record)
    assert read_record_text(text) == read_record_text(b"\xef\xbb\xbf" + text.encode()) == record
    assert parse_game(text) == parse_game(text.encode()) == parse_game(record)


def test_the_depth_limit_is_the_callers():
    deep = "[" * 70 + "]" * 70
    assert read_record_text(deep) == json.loads(deep)
    with pytest.raises(RecordTextError) as caught:
        read_record_text(deep, max_depth=64)
    assert (caught.value.problem, caught.value.depth) == (TextProblem.TOO_DEEP, 70)


def test_parse_game_words_text_that_is_not_json_as_before():
    with pytest.raises(RecordError, match=r"^the file is not JSON \(Expecting value: line 1 column 1 \(char 0\)\)$"):
        parse_game("not json")
