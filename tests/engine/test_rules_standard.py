"""Standard Spades (preset "standard"): one test per rule of RULES.md.

Us = Ann + Cat, Them = Bob + Dan; in the worked examples NS = North + South,
EW = East + West. Standard bids are per player (1..13 or nil); the side's
contract is the sum.
"""
from __future__ import annotations

import pytest

from .helpers import COMPASS, assert_hands, game, hand, record_error, rules, score, texts, by_side as t, by_player as b


# --- worked example 1: 337 bids 5 ----------------------------------------------
# Reaching 337 with 7 bags:
#   hand 1: Us bid 2+1 = 3, take 10: 30 + 7 = 37, bags 7; Them 1+1 = 2, take 3: 20 + 1 = 21, bags 1
#   hands 2-4: Us 5+5 = 10 take 10: +100 each (no 10-for-200 in standard) -> 337;
#              Them 2+1 = 3 take 3: +30 each -> 111
SETUP_337 = [hand(b(2, 1, 1, 1), t(10, 3))] + [hand(b(5, 5, 2, 1), t(10, 3))] * 3


def test_worked_example_337_takes_7():
    # Us 3+2 = 5 take 7: 50 + 2 = 52 -> 389, bags 9. Them 3+3 = 6 take 6: 60 -> 171.
    out = score(game("standard", SETUP_337 + [hand(b(3, 2, 3, 3), t(7, 6))]))
    assert_hands(out, {4: {"Us": (100, 337, 7), "Them": (30, 111, 1)},
                       5: {"Us": (52, 389, 9), "Them": (60, 171, 1)}})


def test_worked_example_337_takes_8_tenth_bag():
    # Us take 8: 50 + 3 = 53, the 10th bag: 53 - 100 = -47 -> 337 - 47 = 290, bags 0.
    # Them 6 take 5: set, -60 -> 51.
    out = score(game("standard", SETUP_337 + [hand(b(3, 2, 3, 3), t(8, 5))]))
    assert_hands(out, {5: {"Us": (-47, 290, 0), "Them": (-60, 51, 1)}})


# --- worked examples 2 and 3: nil (North/East/South/West) -------------------------
def compass(rule_spec, bids, tricks):
    return game(rule_spec, [hand(bids, tricks)], players=COMPASS)


NIL_EW = {"North": 4, "South": 4, "East": "nil", "West": 4}


@pytest.mark.parametrize(
    "tricks, ew, ns",
    [
        # East 0, West 5: nil +100, West 4 made +40, 1 bag +1 = 141. NS 8 take 8 = 80.
        pytest.param({"NS": 8, "East": 0, "West": 5}, (141, 141, 1), (80, 80, 0), id="nil-made"),
        # East 1, West 4: nil -100, West's 4 made +40, East's trick a bag +1 = -59.
        pytest.param({"NS": 8, "East": 1, "West": 4}, (-59, -59, 1), (80, 80, 0), id="nil-set-trick-is-a-bag"),
    ],
)
def test_worked_example_nil(tricks, ew, ns):
    out = score(compass("standard", NIL_EW, tricks))
    assert_hands(out, {1: {"EW": ew, "NS": ns}})
    assert "nil" in texts(out, 1, "EW")


# Example 3: East nil, West 4; West takes 3, East 1; NS bid 5 + 4 = 9 and take 9 (+90).
EXAMPLE_3_BIDS = {"North": 5, "South": 4, "East": "nil", "West": 4}
EXAMPLE_3_TRICKS = {"NS": 9, "East": 1, "West": 3}


@pytest.mark.parametrize(
    "rule_spec, ew",
    [
        # Standard: West 4 with 3 fails -40; nil fails -100; East's trick a bag +1 = -139.
        pytest.param("standard", (-139, -139, 1), id="standard-failed-nil-trick-does-not-help"),
        # IHOP: the side's 4 tricks make the 4: -100 + 40 = -60, no bag.
        pytest.param("ihop", (-60, -60, 0), id="ihop-failed-nil-trick-helps-partner"),
        # The convention is an option both ways round.
        pytest.param(rules("standard", nil_tricks_count_for_partner=True), (-60, -60, 0),
                     id="standard-with-nil-tricks-counting-option"),
        pytest.param(rules("ihop", nil_tricks_count_for_partner=False), (-139, -139, 1),
                     id="ihop-without-nil-tricks-counting-option"),
    ],
)
def test_worked_example_partner_falls_short(rule_spec, ew):
    out = score(compass(rule_spec, EXAMPLE_3_BIDS, EXAMPLE_3_TRICKS))
    assert_hands(out, {1: {"EW": ew, "NS": (90, 90, 0)}})


# --- contracts, bags, special values -------------------------------------------
ONE_HAND_CASES = [
    # 3+3 = 6 take 6: 60; Them 3+4 = 7 take 7: 70.
    pytest.param("standard", b(3, 3, 3, 4), t(6, 7), (60, 60, 0), (70, 70, 0), id="contract-made-exactly"),
    # 4+4 = 8 take 6: -80; Them 2+2 = 4 take 7: 40 + 3 = 43, bags 3.
    pytest.param("standard", b(4, 4, 2, 2), t(6, 7), (-80, -80, 0), (43, 43, 3), id="contract-set"),
    # 2+2 = 4 take 9: 40 + 5 = 45, bags 5; Them 2+2 = 4 take 4: 40.
    pytest.param("standard", b(2, 2, 2, 2), t(9, 4), (45, 45, 5), (40, 40, 0), id="overtricks-are-bags"),
    # Ann nil took 3, Cat 4 took 4: nil -100, Cat +40, Ann's 3 tricks are bags +3 = -57.
    # Them 3+3 = 6 take 6: 60.
    pytest.param("standard", b("nil", 4, 3, 3), {"Ann": 3, "Cat": 4, "Them": 6}, (-57, -57, 3), (60, 60, 0),
                 id="nil-set-all-its-tricks-are-bags"),
    # Ann nil took 2, Cat 4 took 3: Cat's 3 < 4 set -40, nil -100, bags +2 = -138.
    pytest.param("standard", b("nil", 4, 3, 3), {"Ann": 2, "Cat": 3, "Them": 8}, (-138, -138, 2), (62, 62, 2),
                 id="nil-set-and-partner-set"),
    # Side bid plus a nil player under standard: the 4 is Cat's. Ann 1, Cat 4:
    # nil -100, Cat's 4 made +40, Ann's trick a bag +1 = -59. Them 3+3 = 6 take 8: 62.
    pytest.param("standard", {"Us": 4, "Ann": "nil", "Bob": 3, "Dan": 3}, {"Ann": 1, "Cat": 4, "Them": 8},
                 (-59, -59, 1), (62, 62, 2), id="nil-with-side-bid-form"),
    # Side-bid form is accepted under standard too: Us 5 take 6 = 51; Them 6 take 7 = 61.
    pytest.param("standard", {"Us": 5, "Them": 6}, t(6, 7), (51, 51, 1), (61, 61, 1), id="side-bid-form-accepted"),
    # Without options a bid of 10 is ordinary: 5+5 = 10 take 10 = 100; Them 2+1 = 3 take 3 = 30.
    pytest.param("standard", b(5, 5, 2, 1), t(10, 3), (100, 100, 0), (30, 30, 0), id="ten-is-ordinary-by-default"),
    # 10 for 200: made 200; Them 30.
    pytest.param(rules("standard", ten_for_200=True), b(5, 5, 2, 1), t(10, 3), (200, 200, 0), (30, 30, 0),
                 id="ten-for-200-made"),
    # 10 for 200 with an overtrick: 200 + 1 = 201, bags 1; Them 1+1 = 2 take 2 = 20.
    pytest.param(rules("standard", ten_for_200=True), b(5, 5, 1, 1), t(11, 2), (201, 201, 1), (20, 20, 0),
                 id="ten-for-200-overtrick-is-a-bag"),
    # 10 for 200 set: -200; Them 3 take 4: 31.
    pytest.param(rules("standard", ten_for_200=True), b(5, 5, 2, 1), t(9, 4), (-200, -200, 0), (31, 31, 1),
                 id="ten-for-200-set"),
    # No moon by default: 7+6 = 13 take 13 = 130; Them 1+1 = 2 take 0: -20.
    pytest.param("standard", b(7, 6, 1, 1), t(13, 0), (130, 130, 0), (-20, -20, 0), id="thirteen-is-ordinary-by-default"),
    # Moon option at 200: made 200.
    pytest.param(rules("standard", moon=200), b(7, 6, 1, 1), t(13, 0), (200, 200, 0), (-20, -20, 0), id="moon-200-made"),
    # Moon set: -200; Them 2 take 1: -20.
    pytest.param(rules("standard", moon=200), b(7, 6, 1, 1), t(12, 1), (-200, -200, 0), (-20, -20, 0), id="moon-200-set"),
]


@pytest.mark.parametrize("rule_spec, bids, tricks, us, them", ONE_HAND_CASES)
def test_one_hand(rule_spec, bids, tricks, us, them):
    out = score(game(rule_spec, [hand(bids, tricks)]))
    assert_hands(out, {1: {"Us": us, "Them": them}})
    assert out["status"] == "in_progress"


def test_moon_win_made_wins_the_game():
    # Moon option "win": a made 13 ends the game for Us whatever the score.
    out = score(game(rules("standard", moon="win"), [hand(b(7, 6, 1, 1), t(13, 0))]))
    assert out["status"] == "finished"
    assert out["winner"] == "Us"


def test_moon_win_set_is_an_ordinary_failure():
    # judgement: RULES.md gives no failure value for the "win" form of the Moon;
    # read plainly, a failed 13 is then an ordinary set: -10 x 13 = -130.
    out = score(game(rules("standard", moon="win"), [hand(b(7, 6, 1, 1), t(12, 1))]))
    assert_hands(out, {1: {"Us": (-130, -130, 0), "Them": (-20, -20, 0)}})
    assert out["status"] == "in_progress"


# --- bags over several hands ------------------------------------------------------
def test_bags_carry_over_past_ten():
    # hand 1: Us 2+2 = 4 take 12: 40 + 8 = 48, bags 8; Them 1+1 = 2 take 1: -20.
    # hand 2: Us 4 take 8: 40 + 4 = 44, bags 12 -> -100, bags 2: -56 -> -8;
    #         Them 2+2 = 4 take 5: 41 -> 21, bags 1.
    # hand 3: Us 4 take 5: 41 -> 33, bags 3; Them 4 take 8: 44 -> 65, bags 5.
    out = score(game("standard", [
        hand(b(2, 2, 1, 1), t(12, 1)),
        hand(b(2, 2, 2, 2), t(8, 5)),
        hand(b(2, 2, 2, 2), t(5, 8)),
    ]))
    assert_hands(out, {
        1: {"Us": (48, 48, 8), "Them": (-20, -20, 0)},
        2: {"Us": (-56, -8, 2), "Them": (41, 21, 1)},
        3: {"Us": (41, 33, 3), "Them": (44, 65, 5)},
    })
    assert out["bags"] == {"Us": 3, "Them": 5}
    assert out["scores"] == {"Us": 33, "Them": 65}


def test_negative_score_keeps_its_own_bag_count():
    # The "last digit" shortcut fails below zero; the engine must count bags itself.
    # hand 1: Us 5+4 = 9 take 8: -90; Them 2+2 = 4 take 5: 41, bags 1.
    # hand 2: Us 2+2 = 4 take 7: 43 -> -47, bags 3; Them 3+3 = 6 take 6: 60 -> 101.
    # hand 3: Us 2+1 = 3 take 11: 30 + 8 = 38, bags 11 -> -100, bags 1: -62 -> -109;
    #         Them 1+1 = 2 take 2: 20 -> 121.
    out = score(game("standard", [
        hand(b(5, 4, 2, 2), t(8, 5)),
        hand(b(2, 2, 3, 3), t(7, 6)),
        hand(b(2, 1, 1, 1), t(11, 2)),
    ]))
    assert_hands(out, {
        1: {"Us": (-90, -90, 0), "Them": (41, 41, 1)},
        2: {"Us": (43, -47, 3), "Them": (60, 101, 1)},
        3: {"Us": (-62, -109, 1), "Them": (20, 121, 1)},
    })


def test_failed_nil_bags_cross_ten_while_the_side_is_set():
    # hand 1: Us 2+2 = 4 take 13: 40 + 9 = 49, bags 9; Them 1+1 = 2 take 0: -20.
    # hand 2: Ann nil takes 2, Cat 4 takes 3: nil -100, Cat set -40, Ann's 2 bags +2,
    #         bags 11 -> -100, 1 left: -238 -> -189. Them 3+3 = 6 take 8: 62 -> 42, bags 2.
    out = score(game("standard", [hand(b(2, 2, 1, 1), t(13, 0)),
                                  hand(b("nil", 4, 3, 3), {"Ann": 2, "Cat": 3, "Them": 8})]))
    assert_hands(out, {1: {"Us": (49, 49, 9), "Them": (-20, -20, 0)},
                       2: {"Us": (-238, -189, 1), "Them": (62, 42, 2)}})


# --- Blind Nil option ---------------------------------------------------------------
# hand 1 puts Us 131 behind: Us 2+2 = 4 take 3: -40; Them 5+4 = 9 take 10: 91, bags 1.
BEHIND = hand(b(2, 2, 5, 4), t(3, 10))
BLIND_NIL = b("nil", 4, 3, 2)


@pytest.mark.parametrize(
    "tricks, us, them",
    [
        # Ann 0: +200; Cat 4 take 6: 40 + 2 = 242 -> 202, bags 2. Them 3+2 = 5 take 7: 52 -> 143, bags 3.
        pytest.param({"Ann": 0, "Cat": 6, "Them": 7}, (242, 202, 2), (52, 143, 3), id="blind-nil-made"),
        # Ann 1: -200; Cat 4 take 5: 40 + 1; Ann's trick a bag +1 = -158 -> -198, bags 2.
        pytest.param({"Ann": 1, "Cat": 5, "Them": 7}, (-158, -198, 2), (52, 143, 3), id="blind-nil-set"),
    ],
)
def test_blind_nil_option(tricks, us, them):
    out = score(game(rules("standard", blind_nil=True),
                     [BEHIND, hand(BLIND_NIL, tricks, blind=["Ann"])]))
    assert_hands(out, {1: {"Us": (-40, -40, 0), "Them": (91, 91, 1)}, 2: {"Us": us, "Them": them}})
    assert "nil" in texts(out, 2, "Us")


def test_blind_nil_needs_the_option():
    record_error(game("standard", [BEHIND, hand(BLIND_NIL, {"Ann": 0, "Cat": 6, "Them": 7}, blind=["Ann"])]), 2)


def test_blind_nil_needs_to_be_100_behind():
    # judgement: RULES.md rule 5 states the 100-behind condition for every blind
    # bid, so it applies to the standard Blind Nil option as well. In hand 1
    # nobody is behind.
    record_error(game(rules("standard", blind_nil=True),
                      [hand(BLIND_NIL, {"Ann": 0, "Cat": 6, "Them": 7}, blind=["Ann"])]), 1)


# --- standard bid limits and special bids not in standard -------------------------
@pytest.mark.parametrize(
    "rule_spec, bids, tricks",
    [
        # A player's number bid is 1..13: 0 is not a bid (nil is "nil").
        pytest.param("standard", b(0, 4, 4, 4), t(6, 7), id="player-bid-below-1"),
        pytest.param("standard", b(14, 1, 1, 1), t(12, 1), id="player-bid-above-13"),
        # Both partners nil is a double nil: an IHOP option that is off here.
        pytest.param("standard", b("nil", "nil", 4, 4), {"Ann": 0, "Cat": 0, "Them": 13}, id="double-nil-not-in-standard"),
    ],
)
def test_standard_bid_refused(rule_spec, bids, tricks):
    record_error(game(rule_spec, [hand(b(3, 3, 3, 3), t(6, 7)), hand(bids, tricks)]), 2)
