"""`side_min_bid` 0 (RULES.md, other tables' conventions): with partnership bidding a side may bid no
tricks, usually beside a nil. Its trick contract is 0, made by any number of tricks, each one a bag.
Every earlier release that took the value must keep loading it (GAME_FORMAT.md, Compatibility).

Seats: Ann, Bob, Cat, Dan; Us = Ann + Cat, Them = Bob + Dan.
"""
from __future__ import annotations

import pytest

from scorekeeper.engine import RuleOptionError, find_preset
from scorekeeper.engine.errors import BidError

from .helpers import assert_hands, game, hand, record_error, rules, score, texts

STANDARD_0 = rules("standard", partnership_bidding=True, side_min_bid=0)
IHOP_0 = rules("ihop", side_min_bid=0)


@pytest.mark.parametrize("spec, bids, tricks, us, them", [
    # Ann nil made (+100); Us bid 0 and took 3 (Cat's): made, 3 bags (+3). Them 5 took 10: +50 + 5 bags.
    pytest.param(STANDARD_0, {"Us": 0, "Ann": "nil", "Them": 5}, {"Ann": 0, "Cat": 3, "Them": 10},
                 (103, 103, 3), (55, 55, 5), id="standard-made-nil-tricks-are-bags"),
    # Ann nil made, Cat took nothing either: 0 made with 0 tricks, no bags.
    pytest.param(STANDARD_0, {"Us": 0, "Ann": "nil", "Them": 9}, {"Ann": 0, "Cat": 0, "Them": 13},
                 (100, 100, 0), (94, 94, 4), id="standard-made-nil-no-tricks"),
    # Ann nil failed with 2 (-100, her 2 tricks are bags as a failed nil's: +2); Cat's 4 tricks are
    # the 0 contract's overtricks (+4): -94, 6 bags.
    pytest.param(STANDARD_0, {"Us": 0, "Ann": "nil", "Them": 6}, {"Ann": 2, "Cat": 4, "Them": 7},
                 (-94, -94, 6), (61, 61, 1), id="standard-failed-nil"),
    # IHOP: a failed nil's tricks count for the side, so all 6 of the side's tricks are bags.
    pytest.param(IHOP_0, {"Us": 0, "Ann": "nil", "Them": 6}, {"Ann": 2, "Cat": 4, "Them": 7},
                 (-94, -94, 6), (61, 61, 1), id="ihop-failed-nil-all-tricks-bags"),
    # IHOP: nil made, Cat takes 8: 8 bags.
    pytest.param(IHOP_0, {"Us": 0, "Ann": "nil", "Them": 5}, {"Ann": 0, "Cat": 8, "Them": 5},
                 (108, 108, 8), (50, 50, 0), id="ihop-made-nil-eight-bags"),
    # A 0 bid without a nil: still made, its tricks bags.
    pytest.param(STANDARD_0, {"Us": 0, "Them": 10}, {"Us": 2, "Them": 11},
                 (2, 2, 2), (101, 101, 1), id="standard-zero-without-nil"),
])
def test_a_side_bid_of_0_is_made_by_any_tricks_each_a_bag(spec, bids, tricks, us, them):
    out = score(game(spec, [hand(bids, tricks)]))
    assert_hands(out, {1: {"Us": us, "Them": them}})
    assert "contract of 0 made" in texts(out, 1, "Us")


def test_the_tricks_of_a_0_bid_run_into_the_bag_penalty():
    # Us bid 0 beside Ann's made nil twice; Cat takes 6, then 5: 11 bags, the 10th costs 100.
    hands = [hand({"Us": 0, "Ann": "nil", "Them": 7}, {"Ann": 0, "Cat": 6, "Them": 7}),
             hand({"Us": 0, "Ann": "nil", "Them": 8}, {"Ann": 0, "Cat": 5, "Them": 8})]
    out = score(game(STANDARD_0, hands))
    assert_hands(out, {1: {"Us": (106, 106, 6)}, 2: {"Us": (5, 111, 1)}})


@pytest.mark.parametrize("spec", [
    pytest.param(rules("standard", partnership_bidding=True), id="standard-minimum-1"),
    pytest.param("ihop", id="ihop-minimum-4"),
])
def test_a_0_bid_is_refused_where_the_minimum_is_higher(spec):
    err = record_error(game(spec, [hand({"Us": 0, "Ann": "nil", "Them": 5}, {"Ann": 0, "Cat": 3, "Them": 10})]),
                       1, BidError)
    assert "Us's contract of 0 is below" in str(err)


@pytest.mark.parametrize("key, value, read_as", [
    pytest.param("side_min_bid", 0, 0, id="side-0"),
    pytest.param("player_min_bid", 0, 0, id="player-0"),
    # the release of 2026-11-29 took any whole number; below 0 means what 0 means (no bid is negative)
    pytest.param("side_min_bid", -2, 0, id="side-negative-read-as-0"),
    pytest.param("player_min_bid", -1, 0, id="player-negative-read-as-0"),
])
def test_minimum_bids_an_earlier_release_took_are_read(key, value, read_as):
    assert getattr(find_preset("standard").with_options({key: value}), key) == read_as


@pytest.mark.parametrize("value", ["0", 1.5, True, None])
def test_a_minimum_bid_that_is_no_whole_number_is_refused_naming_option_and_value(value):
    with pytest.raises(RuleOptionError) as info:
        find_preset("standard").with_options({"side_min_bid": value})
    assert "'side_min_bid'" in str(info.value) and repr(value) in str(info.value)
