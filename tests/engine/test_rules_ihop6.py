"""IHOP, six players (preset "ihop-6"): three partnerships, N = 17.

Players Ann, Bob, Cat, Dan, Eve, Fay clockwise; default sides sit opposite:
"Ann & Dan" (seats 0+3), "Bob & Eve" (1+4), "Cat & Fay" (2+5).
"""
from __future__ import annotations

import pytest

from .helpers import SIX, SIX_SIDES, assert_hands, game, hand, record_error, rules, score

AD, BE, CF = SIX_SIDES


def sides(ad, be, cf):
    return {AD: ad, BE: be, CF: cf}


def g6(rule_spec, hands, **extra):
    return game(rule_spec, hands, players=SIX, **extra)


ONE_HAND_CASES = [
    # AD 5 take 6: 51; BE 6 take 7: 61; CF 4 take 4: 40. 6 + 7 + 4 = 17.
    pytest.param(sides(5, 6, 4), sides(6, 7, 4), ((51, 51, 1), (61, 61, 1), (40, 40, 0)), id="six-contracts-and-bags"),
    # Player keys map onto the default sides. AD: 2 + 3 = 5, takes 3 + 3 = 6: 51.
    # BE: Bob nil made +100, Eve 5 take 6: 51 -> 151. CF: 2 + 2 = 4, takes 3 + 2 = 5: 41.
    pytest.param({"Ann": 2, "Dan": 3, "Bob": "nil", "Eve": 5, "Cat": 2, "Fay": 2},
                 {"Ann": 3, "Dan": 3, "Bob": 0, "Eve": 6, "Cat": 3, "Fay": 2},
                 ((51, 51, 1), (151, 151, 1), (41, 41, 1)), id="six-default-teams-sit-opposite"),
    # Wheels is 10 tricks here too: AD 10/10: 200; BE 4/4: 40; CF 4 take 3: -40.
    pytest.param(sides(10, 4, 4), sides(10, 4, 3), ((200, 200, 0), (40, 40, 0), (-40, -40, 0)), id="six-wheels-made"),
    # Boston is all 17: AD 17/17: 300; BE and CF 4 take 0: -40 each.
    pytest.param(sides(17, 4, 4), sides(17, 0, 0), ((300, 300, 0), (-40, -40, 0), (-40, -40, 0)),
                 id="six-boston-is-17-tricks"),
    # 13 is no Boston with 17 tricks: AD 13/13: 130; BE 4/4: 40; CF 4 take 0: -40.
    pytest.param(sides(13, 4, 4), sides(13, 4, 0), ((130, 130, 0), (40, 40, 0), (-40, -40, 0)),
                 id="six-thirteen-is-ordinary"),
]


@pytest.mark.parametrize("bids, tricks, want", ONE_HAND_CASES)
def test_one_hand(bids, tricks, want):
    out = score(g6("ihop-6", [hand(bids, tricks)]))
    assert out["sides"] == SIX_SIDES
    assert_hands(out, {1: dict(zip(SIX_SIDES, want))})


def test_six_reneg_both_other_sides_score_as_made():
    # AD renegs (1st offence, 5 bags). BE 6 take 3: scored as made, 60. CF 5/5: 50.
    # AD 4 take 9: 40 + 5 + 5 = 50, bags 10 -> -100, 0 left: -50.
    out = score(g6("ihop-6", [hand(sides(4, 6, 5), sides(9, 3, 5), penalties=[{"side": AD, "reneg": 1}])]))
    assert_hands(out, {1: {AD: (-50, -50, 0), BE: (60, 60, 0), CF: (50, 50, 0)}})


def test_six_custom_teams_and_names():
    # Red = Ann + Bob, Blue = Cat + Dan, Gold = Eve + Fay.
    # Red 5, takes 3 + 3 = 6: 51; Blue 5, takes 2 + 3 = 5: 50; Gold 4, takes 4 + 2 = 6: 42.
    record = g6("ihop-6",
                [hand({"Red": 5, "Blue": 5, "Gold": 4},
                      {"Ann": 3, "Bob": 3, "Cat": 2, "Dan": 3, "Eve": 4, "Fay": 2})],
                teams=[["Ann", "Bob"], ["Cat", "Dan"], ["Eve", "Fay"]], team_names=["Red", "Blue", "Gold"])
    out = score(record)
    assert out["sides"] == ["Red", "Blue", "Gold"]
    assert_hands(out, {1: {"Red": (51, 51, 1), "Blue": (50, 50, 0), "Gold": (42, 42, 2)}})


# hand 1: AD 9/9: 90; BE 4/4: 40; CF 5 take 4: -50. CF is 140 behind the leader, BE only 50.
SPREAD = hand(sides(9, 4, 5), sides(9, 4, 4))


def test_six_blind_by_a_side_100_behind_the_leader():
    # hand 2: CF blind 6 take 6: 120 -> 70; AD 4 take 6: 42 -> 132; BE 5/5: 50 -> 90.
    out = score(g6("ihop-6", [SPREAD, hand(sides(4, 5, 6), sides(6, 5, 6), blind=[CF])]))
    assert_hands(out, {2: {AD: (42, 132, 2), BE: (50, 90, 0), CF: (120, 70, 0)}})


def test_six_blind_refused_when_less_than_100_behind_the_leader():
    # BE is 50 behind AD: no blind, even though BE is ahead of CF.
    record_error(g6("ihop-6", [SPREAD, hand(sides(4, 6, 5), sides(6, 6, 5), blind=[BE])]), 2)


def test_six_side_at_minus_500_loses_highest_other_wins():
    # Twice: AD 17 take 13: -300; BE 4/4: 40; CF 4 take 0: -40.
    # After hand 1 AD is at -300 (340 behind): play on. After hand 2 AD is at -600: AD loses,
    # and of the others BE (80) beats CF (-80).
    h = hand(sides(17, 4, 4), sides(13, 4, 0))
    assert score(g6("ihop-6", [h]))["status"] == "in_progress"
    out = score(g6("ihop-6", [h, h]))
    assert out["scores"] == {AD: -600, BE: 80, CF: -80}
    assert out["status"] == "finished"
    assert out["winner"] == BE


def test_six_side_500_behind_loses():
    # Play to 1000 so only the 500-behind rule can end it.
    # hand 1: BE 17/17 Boston: 300; AD and CF 4 take 0: -40.
    # hand 2: BE 11/11: 110 -> 410; AD 5 take 2: -50 -> -90; CF 4/4: 40 -> 0.
    # AD is exactly 500 behind BE: AD loses, BE (highest other side) wins.
    out = score(g6(rules("ihop-6", win_score=1000), [
        hand(sides(4, 17, 4), sides(0, 17, 0)),
        hand(sides(5, 11, 4), sides(2, 11, 4)),
    ]))
    assert out["scores"] == {AD: -90, BE: 410, CF: 0}
    assert out["status"] == "finished"
    assert out["winner"] == BE


@pytest.mark.parametrize(
    "bids, tricks",
    [
        pytest.param(sides(5, 4, 4), sides(5, 4, 4), id="six-tricks-add-up-to-13"),
        pytest.param(sides(5, 4, 4), sides(6, 6, 6), id="six-tricks-add-up-to-18"),
        pytest.param(sides(5, 4, 3), sides(5, 4, 8), id="six-side-below-board"),
        pytest.param({AD: 5, BE: 4}, sides(5, 4, 8), id="six-side-without-a-bid"),
        pytest.param(sides(5, 4, 4), {AD: 5, BE: 12}, id="six-side-without-tricks"),
    ],
)
def test_six_record_errors(bids, tricks):
    record_error(g6("ihop-6", [hand(sides(5, 6, 4), sides(6, 7, 4)), hand(bids, tricks)]), 2)


# Three hands that each side wins twice and loses once: +60, +60, -70 -> +50 a cycle.
R1 = hand(sides(6, 6, 7), sides(6, 6, 5))   # AD +60, BE +60, CF -70
R2 = hand(sides(7, 6, 6), sides(5, 6, 6))   # AD -70, BE +60, CF +60
R3 = hand(sides(6, 7, 6), sides(6, 5, 6))   # AD +60, BE -70, CF +60


def test_six_hand_limit_ties_at_the_top_play_on():
    # 12 hands (4 cycles): 200 each, a three-way tie: play on.
    # hand 13 (R1): AD 260, BE 260, CF 130: the top is still tied: play on.
    # hand 14 (R2): AD 190, BE 320, CF 190: BE wins.
    twelve = [R1, R2, R3] * 4
    out = score(g6("ihop-6", twelve))
    assert out["scores"] == {AD: 200, BE: 200, CF: 200}
    assert out["status"] == "in_progress"
    out = score(g6("ihop-6", twelve + [R1]))
    assert out["scores"] == {AD: 260, BE: 260, CF: 130}
    assert out["status"] == "in_progress"
    out = score(g6("ihop-6", twelve + [R1, R2]))
    assert out["scores"] == {AD: 190, BE: 320, CF: 190}
    assert out["status"] == "finished"
    assert out["winner"] == BE
