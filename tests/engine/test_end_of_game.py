"""End of the game, checked after every scored hand in RULES.md's order:
third reneg, game-winning/-losing bids, the losing score and 500 behind,
the winning score (ties play on), the hand limit (ties play on).

Us = Ann + Cat, Them = Bob + Dan.
"""
from __future__ import annotations

import pytest

from scorekeeper.engine import End, EndReason, Loss, load_game, score_game, text

from .helpers import MISDEAL, game, hand, record_error, rules, score, by_side as bid, by_side as t, by_player as b


def reneg(side="Them"):
    return [{"side": side, "reneg": 1}]


def finished(out, winner):
    assert out["status"] == "finished"
    assert out["winner"] == winner
    assert out["reason"]


def going_on(out):
    assert out["status"] == "in_progress"
    assert out["winner"] is None


# --- 1. third reneg ------------------------------------------------------------------
def test_third_reneg_loses_even_when_ahead():
    # hand 1: Us 4 take 0: -40; Them Boston 13/13: 300.
    # hand 2: Them reneg 1: Us 5 take 5: 50 -> 10; Them 4 take 8: 40 + 4 + 5 = 49 -> 349, bags 9.
    # hand 3: Them reneg 2: Us 50 -> 60; Them 40 + 4 + 10 = 54, bags 23 -> -200: -146 -> 203, bags 3.
    # hand 4: Them's third reneg: Them loses although 203 is well ahead of 60.
    hands = [hand(bid(4, 13), t(0, 13))] + [hand(bid(5, 4), t(5, 8), penalties=reneg())] * 3
    out3 = score(game("ihop", hands[:3]))
    assert out3["scores"] == {"Us": 60, "Them": 203}
    assert out3["bags"] == {"Us": 0, "Them": 3}
    going_on(out3)
    finished(score(game("ihop", hands)), "Us")


def test_a_side_out_of_the_game_is_a_loss_with_its_reason():
    hands = [hand(bid(4, 13), t(0, 13))] + [hand(bid(5, 4), t(5, 8), penalties=reneg())] * 3
    sheet = score_game(load_game(game("ihop", hands)))
    assert sheet.out == {"Them": Loss(EndReason.THIRD_RENEG, "Them reneged for the third time")}
    assert sheet.end == End(EndReason.THIRD_RENEG, "Us", "Them reneged for the third time", "Them")


# --- 2. bids that win or lose the game -----------------------------------------------------
def test_blind_boston_made_wins_below_the_winning_score():
    # Play to 1000. hand 1: Us 4 take 3: -40; Them 9 take 10: 91 (Us 131 behind).
    # hand 2: Us blind 13 take 13: 600 -> 560, short of 1000, but a made blind Boston wins.
    out = score(game(rules("ihop", win_score=1000),
                     [hand(bid(4, 9), t(3, 10)), hand(bid(13, 4), t(13, 0), blind=["Us"])]))
    assert out["scores"]["Us"] == 560
    finished(out, "Us")


# --- 3. the losing score and 500 behind ----------------------------------------------------
# standard: Us 5+5 = 10 take 9: -100 a hand; Them 2+2 = 4 take 4: +40 a hand.
STD_SET = hand(b(5, 5, 2, 2), t(9, 4))


def test_standard_losing_score_option_at_exactly_minus_500():
    # 4 hands: -400 (on); 5 hands: -500, at the losing score: Us lose, Them (200) win.
    going_on(score(game(rules("standard", lose_score=-500), [STD_SET] * 4)))
    out = score(game(rules("standard", lose_score=-500), [STD_SET] * 5))
    assert out["scores"] == {"Us": -500, "Them": 200}
    finished(out, "Them")


def test_standard_has_no_losing_score_by_default():
    out = score(game("standard", [STD_SET] * 6))
    assert out["scores"] == {"Us": -600, "Them": 240}
    going_on(out)


def test_ihop_minus_500_loses_without_being_500_behind():
    # Us Wheels 10 take 9: -200 a hand; Them 5 take 4: -50 a hand.
    # 2 hands: -400 / -100 (on). 3 hands: -600 / -150: Us at or below -500 lose
    # (only 450 behind, so this is the losing score, not the 500-behind rule).
    h = hand(bid(10, 5), t(9, 4))
    going_on(score(game("ihop", [h, h])))
    out = score(game("ihop", [h, h, h]))
    assert out["scores"] == {"Us": -600, "Them": -150}
    finished(out, "Them")


# Play to 1000 so only the 500-behind rule can end it.
# hand 1: Us 4 take 0: -40; Them Boston: 300.
# hand 2: Us 5 take 2: -50 -> -90; Them 11/11: 110 -> 410. Us exactly 500 behind.
BEHIND_500 = [hand(bid(4, 13), t(0, 13)), hand(bid(5, 11), t(2, 11))]


def test_ihop_500_behind_loses():
    out = score(game(rules("ihop", win_score=1000), BEHIND_500))
    assert out["scores"] == {"Us": -90, "Them": 410}
    finished(out, "Them")


def test_standard_has_no_500_behind_rule():
    # Play to 1000. Four times: Us 2+2 = 4 take 3: -40; Them 5+4 = 9 take 10: 91.
    # Us -160, Them 364: 524 behind, and standard plays on.
    out = score(game(rules("standard", win_score=1000), [hand(b(2, 2, 5, 4), t(3, 10))] * 4))
    assert out["scores"] == {"Us": -160, "Them": 364}
    going_on(out)


# --- 4. the winning score ------------------------------------------------------------------
# C: Us 3+3 = 6 take 6: 60; Them 3+4 = 7 take 7: 70.   D: the mirror (70 / 60).
# Three C/D pairs: 390 each, no bags.
C = hand(b(3, 3, 3, 4), t(6, 7))
D = hand(b(3, 4, 3, 3), t(7, 6))
PAIRS = [C, D] * 3


@pytest.mark.parametrize("preset", ["standard", "ihop"])
def test_both_reach_500_higher_wins(preset):
    # hand 7: Ann nil 0 and Cat 6/6: 160 -> 550; Bob nil 0 and Dan 7/7: 170 -> 560.
    both_nil = hand({"Ann": "nil", "Cat": 6, "Bob": "nil", "Dan": 7}, {"Ann": 0, "Cat": 6, "Bob": 0, "Dan": 7})
    out = score(game(preset, PAIRS + [both_nil]))
    assert out["scores"] == {"Us": 550, "Them": 560}
    finished(out, "Them")


@pytest.mark.parametrize("preset", ["standard", "ihop"])
def test_tie_at_500_plays_another_hand(preset):
    # A: Us 6 take 7: 61 -> 451; Them 6 take 6: 60 -> 450.
    # B: Us 6 take 6: 60 -> 511; Them 6 take 7: 61 -> 511. Both past 500, tied: play on.
    # C: Us 60 -> 571; Them 70 -> 581: Them win.
    a = hand(b(3, 3, 3, 3), t(7, 6))
    bb = hand(b(3, 3, 3, 3), t(6, 7))
    tied = score(game(preset, PAIRS + [a, bb]))
    assert tied["scores"] == {"Us": 511, "Them": 511}
    going_on(tied)
    out = score(game(preset, PAIRS + [a, bb, C]))
    assert out["scores"] == {"Us": 571, "Them": 581}
    finished(out, "Them")


def test_winning_score_reached_exactly():
    # The 500 hand of RULES.md (nil + Boston + Aces) from 0: exactly 500 is enough.
    out = score(game("ihop", [hand({"Ann": "nil", "Cat": 13, "Them": 4}, {"Ann": 0, "Cat": 13, "Them": 0},
                                   aces={"Us": True})]))
    assert out["scores"]["Us"] == 500
    finished(out, "Us")


# --- 5. the hand limit -------------------------------------------------------------------------
# A: Us 6/6: 60; Them 8 take 7: -80.   B: the mirror (-80 / 60). A pair leaves both at -20.
A = hand(bid(6, 8), t(6, 7))
B = hand(bid(8, 6), t(7, 6))


def test_hand_limit_12_tie_plays_on():
    # 6 A/B pairs: -120 each after 12 hands, tied: play on.
    # hand 13 (A): Us -60, Them -200: Us win.
    tied = score(game("ihop", [A, B] * 6))
    assert tied["scores"] == {"Us": -120, "Them": -120}
    going_on(tied)
    out = score(game("ihop", [A, B] * 6 + [A]))
    assert out["scores"] == {"Us": -60, "Them": -200}
    finished(out, "Us")


# 5 pairs (-100 each), then A, A: after 11 hands -40 / -180, after 12 hands 20 / -260.
TWELVE = [A, B] * 5 + [A, A]


def test_hand_limit_12_highest_wins():
    going_on(score(game("ihop", TWELVE[:11])))
    out = score(game("ihop", TWELVE))
    assert out["scores"] == {"Us": 20, "Them": -260}
    finished(out, "Us")


def test_misdeal_does_not_count_toward_the_hand_limit():
    # A misdeal as the 3rd entry: 12 entries are only 11 hands (on); 13 entries are 12 hands.
    with_misdeal = TWELVE[:2] + [MISDEAL] + TWELVE[2:]
    going_on(score(game("ihop", with_misdeal[:12])))
    out = score(game("ihop", with_misdeal))
    assert out["scores"] == {"Us": 20, "Them": -260}
    finished(out, "Us")


def test_thrown_out_reneg_hand_does_not_count_toward_the_hand_limit():
    # judgement: a reneg hand that is "thrown out like a misdeal" counts toward the
    # hand limit no more than a misdeal does.
    # Play to 150 so the thrown-out hand is easy to build: Them renegs while making
    # Boston (300 would win), so hand 5 is thrown out; it is Them's only offence.
    thrown = hand(bid(4, 13), t(0, 13), penalties=reneg())
    entries = TWELVE[:4] + [thrown] + TWELVE[4:]
    ruleset = rules("ihop", win_score=150)
    out12 = score(game(ruleset, entries[:12]))
    assert [h["sides"][n]["points"] for h in out12["hands"][4:5] for n in ("Us", "Them")] == [0, 0]
    going_on(out12)
    out = score(game(ruleset, entries))
    assert out["scores"] == {"Us": 20, "Them": -260}
    finished(out, "Us")


def test_max_hands_option():
    # A limit of 3 hands: A, A, A: Us 180, Them -240. (And 2 hands are not enough.)
    going_on(score(game(rules("ihop", max_hands=3), [A, A])))
    finished(score(game(rules("ihop", max_hands=3), [A, A, A])), "Us")


def test_no_hand_limit_option():
    going_on(score(game(rules("ihop", max_hands=None), TWELVE + [A])))


def test_standard_has_no_hand_limit():
    # Standard A/B: Us 3+3 = 6 take 6: 60, Them 4+4 = 8 take 7: -80, and the mirror.
    a = hand(b(3, 3, 4, 4), t(6, 7))
    bb = hand(b(4, 4, 3, 3), t(7, 6))
    out = score(game("standard", [a, bb] * 6 + [a]))
    assert out["scores"] == {"Us": -60, "Them": -200}
    going_on(out)


# --- nothing after the end ------------------------------------------------------------------
WON = hand({"Ann": "nil", "Cat": 13, "Them": 4}, {"Ann": 0, "Cat": 13, "Them": 0}, aces={"Us": True})


def test_hand_after_the_game_was_won_is_refused():
    record_error(game("ihop", [WON, hand(bid(5, 5), t(6, 7))]), 2)


def test_hand_after_the_hand_limit_is_refused():
    record_error(game("ihop", TWELVE + [A]), 13)


def test_misdeal_after_the_game_ended_is_refused():
    # judgement: a recorded misdeal is a hand entry too; once the game is over
    # no entry may follow, so it is refused like a played hand.
    record_error(game("ihop", [WON, MISDEAL]), 2)


# --- the result in words: one function, each place's form ----------------------------------
@pytest.mark.parametrize("form, won, draw, won_bare, draw_bare", [
    ("headline", "Us won", "A draw", "Us won", "A draw"),
    ("line", "Us wins (Us reached 512)", "A draw (tied: a draw)", "Us wins", "A draw"),
    ("status", "Won by Us", "Draw", "Won by Us", "Draw"),
    ("share", "Winner: Us. Us reached 512", "A draw. tied: a draw", "Winner: Us.", "A draw."),
    ("report", "Winner: Us (Us reached 512)", "Game over: tied: a draw", "Winner: Us", "Game over"),
    ("what_if", "Us wins (Us reached 512)", "nobody wins (tied: a draw)", "Us wins", "nobody wins"),
], ids=lambda value: value if value in text.RESULT_FORMS else "")
def test_the_result_worded_for_each_place(form, won, draw, won_bare, draw_bare):
    assert text.game_result("Us", "Us reached 512", form) == won
    assert text.game_result(None, "tied: a draw", form) == draw
    assert text.game_result("Us", None, form) == won_bare
    assert text.game_result(None, None, form) == draw_bare


def test_the_result_keeps_braces_and_brackets_in_names():
    assert text.game_result("{Us} [1]", "{Us} [1] reached 500", "line") == "{Us} [1] wins ({Us} [1] reached 500)"
