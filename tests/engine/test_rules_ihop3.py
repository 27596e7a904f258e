"""IHOP, three players (preset "ihop-3"): every player is a side, N = 17.

Made: +10 x bid, minus 10 per overtrick; failed: -10 x bid. With the
count_bags option overtricks are +1 each and bags work as with partners.
"""
from __future__ import annotations

import pytest

from .helpers import THREE, assert_hands, game, hand, record_error, rules, score


def three(ann, bob, cat):
    return {"Ann": ann, "Bob": bob, "Cat": cat}


def g3(rule_spec, hands):
    return game(rule_spec, hands, players=THREE)


# Worked example: bid 4 take 5 = +30; bid 3 take 7 = -10 (Cat 5 take 5 = +50). 5 + 7 + 5 = 17.
WORKED = hand(three(4, 3, 5), three(5, 7, 5))


ONE_HAND_CASES = [
    # Ann 5/5: 50; Bob 6/6: 60; Cat 6/6: 60.
    pytest.param("ihop-3", three(5, 6, 6), three(5, 6, 6), (50, 60, 60), id="three-made-exactly"),
    # 4 take 5: 40 - 10 = 30; 3 take 7: 30 - 40 = -10; 5 take 5: 50.
    pytest.param("ihop-3", three(4, 3, 5), three(5, 7, 5), (30, -10, 50), id="three-overtricks-cost-10-each"),
    # Ann 6 take 4: -60; Bob 5 take 8: 50 - 30 = 20; Cat 5/5: 50.
    pytest.param("ihop-3", three(6, 5, 5), three(4, 8, 5), (-60, 20, 50), id="three-set-minus-10-per-trick-bid"),
    # count_bags: 4 take 5: 41; 3 take 7: 34; 5/5: 50.
    pytest.param(rules("ihop-3", count_bags=True), three(4, 3, 5), three(5, 7, 5), (41, 34, 50),
                 id="three-count-bags-overtricks-plus-1"),
    # judgement: rule 9 gives the whole three-player scoring (+10 x bid), so a bid of
    # 10 is no Wheels there: Ann 10 take 10: 100; Bob 3/3: 30; Cat 4/4: 40.
    pytest.param("ihop-3", three(10, 3, 4), three(10, 3, 4), (100, 30, 40), id="three-ten-is-ordinary"),
]


@pytest.mark.parametrize("rule_spec, bids, tricks, points", ONE_HAND_CASES)
def test_one_hand(rule_spec, bids, tricks, points):
    out = score(g3(rule_spec, [hand(bids, tricks)]), bag_range=False)
    assert out["sides"] == THREE
    got = tuple(out["hands"][0]["sides"][p]["points"] for p in THREE)
    assert got == points
    assert out["scores"] == dict(zip(THREE, points))


def test_count_bags_option_bag_penalty():
    # Three times the worked hand with count_bags: Bob takes 4 bags a hand.
    # Bob: 34 (4), 68 (8), then 34 with bags 12 -> -100, 2 left: -66 -> 2.
    # Ann: 41 a hand, 1 bag a hand -> 123, bags 3. Cat: 50 a hand -> 150.
    out = score(g3(rules("ihop-3", count_bags=True), [WORKED] * 3))
    assert_hands(out, {2: {"Ann": (41, 82, 2), "Bob": (34, 68, 8), "Cat": (50, 100, 0)},
                       3: {"Ann": (41, 123, 3), "Bob": (-66, 2, 2), "Cat": (50, 150, 0)}})


def test_no_bag_penalty_without_the_option():
    # Without count_bags overtricks only cost 10 each; nothing happens at 10 of them.
    # Ann 30 x 3 = 90; Bob -10 x 3 = -30 (12 overtricks, no -100); Cat 150.
    out = score(g3("ihop-3", [WORKED] * 3), bag_range=False)
    assert out["scores"] == {"Ann": 90, "Bob": -30, "Cat": 150}
    assert out["status"] == "in_progress"


def test_three_plays_to_500():
    # Ann 9/9: 90 a hand; Bob 4/4 and Cat 4/4: 40 a hand. 17 tricks.
    # After 5 hands Ann has 450 (still on), after 6 hands 540: Ann wins.
    h = hand(three(9, 4, 4), three(9, 4, 4))
    five = score(g3("ihop-3", [h] * 5), bag_range=False)
    assert five["scores"] == {"Ann": 450, "Bob": 200, "Cat": 200}
    assert five["status"] == "in_progress"
    six = score(g3("ihop-3", [h] * 6), bag_range=False)
    assert six["status"] == "finished"
    assert six["winner"] == "Ann"


def test_three_win_score_300_option():
    # Same hands to 300: 270 after 3 hands, 360 after 4 -> Ann wins.
    h = hand(three(9, 4, 4), three(9, 4, 4))
    assert score(g3(rules("ihop-3", win_score=300), [h] * 3), bag_range=False)["status"] == "in_progress"
    out = score(g3(rules("ihop-3", win_score=300), [h] * 4), bag_range=False)
    assert out["status"] == "finished"
    assert out["winner"] == "Ann"


def test_three_has_no_losing_score_and_no_hand_limit():
    # Cat bids 1 and takes 15 every hand: 10 - 140 = -130. Ann and Bob 1/1: +10.
    # 13 hands: Cat -1690, Ann and Bob 130: nobody has won or lost.
    h = hand(three(1, 1, 1), three(1, 1, 15))
    out = score(g3("ihop-3", [h] * 13), bag_range=False)
    assert out["scores"] == {"Ann": 130, "Bob": 130, "Cat": -1690}
    assert out["status"] == "in_progress"


@pytest.mark.parametrize(
    "bids, tricks",
    [
        # 17 tricks per hand with three players.
        pytest.param(three(4, 3, 5), three(5, 7, 4), id="three-tricks-add-up-to-16"),
        pytest.param(three(4, 3, 5), three(5, 7, 6), id="three-tricks-add-up-to-18"),
        # Bids are 1..17.
        pytest.param(three(0, 3, 5), three(5, 7, 5), id="three-bid-0"),
        pytest.param(three(18, 3, 5), three(5, 7, 5), id="three-bid-18"),
        # judgement: the preset table says "individual, 1..17", read as: no nil with three players.
        pytest.param(three("nil", 3, 5), three(0, 12, 5), id="three-no-nil"),
        # A name that is not at the table.
        pytest.param({"Ann": 4, "Bob": 3, "Dan": 5}, three(5, 7, 5), id="three-unknown-player"),
        # A player without a bid.
        pytest.param({"Ann": 4, "Bob": 3}, three(5, 7, 5), id="three-missing-bid"),
    ],
)
def test_three_record_errors(bids, tricks):
    record_error(g3("ihop-3", [WORKED, hand(bids, tricks)]), 2)
