"""Options for other tables' conventions (RULES.md): separate_nils, both_nil_tricks_are_bags,
failed_nil_tricks_are_bags, tie_ends_in_draw.  The worked examples of that section first, then a
table per option: on, off, and with the options it combines with.

Seats: Ann, Bob, Cat, Dan; Us = Ann + Cat, Them = Bob + Dan (NS / EW with compass names).
"""
from __future__ import annotations

import pytest

from scorekeeper.engine import EndReason, RuleOptionError, find_preset, load_game, score_game
from scorekeeper.engine.errors import BidError

from .helpers import COMPASS, SIX, assert_hands, game, hand, record_error, rules, score, texts
from .helpers import by_player as b, by_side as t


# --- the worked examples ---------------------------------------------------------------
@pytest.mark.parametrize("bags, ns", [
    pytest.param(True, (1, 1, 1), id="separate-nils-one-failed-trick-is-a-bag"),
    pytest.param(False, (0, 0, 0), id="separate-nils-without-bags"),
])
def test_worked_separate_nils(bags, ns):
    # North nil takes 0 (+100), South nil takes 1 (-100); the side's 1 trick: a bag (+1), or nothing.
    record = game(rules("standard", separate_nils=True, both_nil_tricks_are_bags=bags),
                  [hand({"North": "nil", "South": "nil", "East": 6, "West": 6},
                        {"North": 0, "South": 1, "EW": 12})], players=COMPASS)
    out = score(record)
    assert_hands(out, {1: {"NS": ns, "EW": (120, 120, 0)}})


def test_worked_failed_nil_tricks_score_nothing():
    # East nil takes 1, West bids 4 takes 4: -100 + 40 = -60 (the trick is neither a bag nor West's).
    record = game(rules("standard", failed_nil_tricks_are_bags=False),
                  [hand({"North": 4, "South": 4, "East": "nil", "West": 4}, {"NS": 8, "East": 1, "West": 4})],
                  players=COMPASS)
    out = score(record)
    assert_hands(out, {1: {"EW": (-60, -60, 0), "NS": (80, 80, 0)}})
    assert "scores nothing" in texts(out, 1, "EW")


# --- separate_nils ------------------------------------------------------------------------
BOTH_NIL = hand({"Ann": "nil", "Cat": "nil", "Bob": 6, "Dan": 6}, {"Ann": 0, "Cat": 2, "Them": 11})


def test_separate_nils_off_refuses_two_nils_on_a_side():
    err = record_error(game("standard", [BOTH_NIL]), 1, BidError)
    assert "separate_nils" in str(err) and "double_nil" in str(err)


@pytest.mark.parametrize("options, us", [
    # Ann nil made +100, Cat nil failed -100, the side's 2 tricks are bags: +2
    pytest.param({"separate_nils": True}, (2, 2, 2), id="standard"),
    pytest.param({"separate_nils": True, "both_nil_tricks_are_bags": False}, (0, 0, 0), id="no-bags"),
    # with nil_tricks_count_for_partner there is no contract to help: the tricks are still bags
    pytest.param({"separate_nils": True, "nil_tricks_count_for_partner": True}, (2, 2, 2), id="count-for-partner"),
    # failed_nil_tricks_are_bags does not apply to a side whose partners all bid nil
    pytest.param({"separate_nils": True, "failed_nil_tricks_are_bags": False}, (2, 2, 2),
                 id="failed-nil-option-ignored"),
])
def test_separate_nils_each_nil_on_its_own(options, us):
    out = score(game(rules("standard", **options), [BOTH_NIL]))
    # Them: Bob 6 + Dan 6 = 12, took 11: set, -120
    assert_hands(out, {1: {"Us": us, "Them": (-120, -120, 0)}})


def test_separate_nils_in_ihop_need_no_side_bid():
    # IHOP: no side minimum for a side with two nils; the other side bids as a side.
    record = game(rules("ihop", separate_nils=True),
                  [hand({"Ann": "nil", "Cat": "nil", "Them": 5}, {"Ann": 0, "Cat": 0, "Them": 13})])
    out = score(record)
    # Ann +100, Cat +100; Them 5 took 13: +50 and 8 bags
    assert_hands(out, {1: {"Us": (200, 200, 0), "Them": (58, 58, 8)}})


def test_separate_nils_with_a_blind_nil():
    # Hand 1 puts North-South 170 behind; then North bids blind nil (+200 made) and South nil fails
    # (-100), the side's 1 trick a bag (+1): +101.
    opts = rules("standard", separate_nils=True, blind_nil=True)
    first = hand({"North": 4, "South": 4, "East": 4, "West": 5}, {"NS": 4, "EW": 9})
    second = hand({"North": "nil", "South": "nil", "East": 6, "West": 6}, {"North": 0, "South": 1, "EW": 12},
                  blind=["North"])
    out = score(game(opts, [first, second], players=COMPASS))
    assert_hands(out, {1: {"NS": (-80, -80, 0), "EW": (90, 90, 0)},
                       2: {"NS": (101, 21, 1), "EW": (120, 210, 0)}})
    assert "blind nil by north made" in texts(out, 2, "NS")


def test_separate_nils_blind_nil_still_needs_the_side_behind():
    opts = rules("standard", separate_nils=True, blind_nil=True)
    record = game(opts, [hand({"North": "nil", "South": "nil", "East": 6, "West": 6},
                              {"North": 0, "South": 1, "EW": 12}, blind=["South"])], players=COMPASS)
    err = record_error(record, 1, BidError)
    assert "behind" in str(err)


def test_separate_nils_cannot_be_on_with_double_nil():
    with pytest.raises(RuleOptionError) as info:
        find_preset("ihop").with_options({"separate_nils": True, "double_nil": True})
    assert "double_nil" in str(info.value) and "separate_nils" in str(info.value)


def test_one_nil_with_separate_nils_on_is_an_ordinary_nil():
    record = game(rules("standard", separate_nils=True),
                  [hand({"North": 4, "South": 4, "East": "nil", "West": 4}, {"NS": 8, "East": 1, "West": 4})],
                  players=COMPASS)
    assert_hands(score(record), {1: {"EW": (-59, -59, 1)}})


# --- both_nil_tricks_are_bags with a double nil --------------------------------------------
@pytest.mark.parametrize("bags, us, them", [
    # double nil failed (-250); Cat's 2 tricks: bags (+2) or nothing; only one partner took tricks: no bonus
    pytest.param(True, (-248, -248, 2), (50, 50, 0), id="double-nil-tricks-are-bags"),
    pytest.param(False, (-250, -250, 0), (50, 50, 0), id="double-nil-tricks-score-nothing"),
])
def test_both_nil_tricks_with_double_nil(bags, us, them):
    record = game(rules("ihop", double_nil=True, both_nil_tricks_are_bags=bags),
                  [hand({"Ann": "nil", "Cat": "nil", "Them": 11}, {"Ann": 0, "Cat": 2, "Them": 11})])
    out = score(record)
    assert_hands(out, {1: {"Us": us}})
    # Them bid 11 and took 11: +110
    assert out["hands"][0]["sides"]["Them"]["points"] == 110


# --- failed_nil_tricks_are_bags -------------------------------------------------------------
NIL_EAST = hand({"North": 4, "South": 4, "East": "nil", "West": 4}, {"NS": 8, "East": 1, "West": 4})


@pytest.mark.parametrize("options, ew", [
    pytest.param({}, (-59, -59, 1), id="default-a-bag"),
    pytest.param({"failed_nil_tricks_are_bags": False}, (-60, -60, 0), id="off-nothing"),
    # with the partner counting the nil's tricks, West's contract of 4 is made with 5 (1 overtrick, a bag)
    pytest.param({"nil_tricks_count_for_partner": True}, (-59, -59, 1), id="count-for-partner"),
    pytest.param({"nil_tricks_count_for_partner": True, "failed_nil_tricks_are_bags": False}, (-59, -59, 1),
                 id="count-for-partner-option-has-no-effect"),
])
def test_failed_nil_tricks(options, ew):
    out = score(game(rules("standard", **options), [NIL_EAST], players=COMPASS))
    assert_hands(out, {1: {"EW": ew}})


def test_failed_blind_nil_tricks_score_nothing():
    first = hand({"North": 4, "South": 5, "East": 4, "West": 4}, {"NS": 9, "EW": 4})
    second = hand({"North": 4, "South": 4, "East": "nil", "West": 4}, {"NS": 8, "East": 2, "West": 3},
                  blind=["East"])
    out = score(game(rules("standard", blind_nil=True, failed_nil_tricks_are_bags=False), [first, second],
                     players=COMPASS))
    # EW 170 behind: East blind nil fails (-200), West 4 took 3 (-40), East's 2 tricks nothing: -240
    assert_hands(out, {2: {"EW": (-240, -320, 0)}})


# --- tie_ends_in_draw -------------------------------------------------------------------------
TIE = [hand(b(3, 3, 3, 3), t(7, 6)), hand(b(3, 3, 3, 3), t(6, 7))]  # 61 + 60 = 121 each


@pytest.mark.parametrize("options", [
    pytest.param({"win_score": 100}, id="winning-score"),
    pytest.param({"max_hands": 2}, id="hand-limit"),
])
def test_a_tie_plays_on_by_default_and_says_why(options):
    sheet = score_game(load_game(game(rules("standard", **options), TIE)))
    assert not sheet.finished
    assert sheet.scores == {"Us": 121, "Them": 121}
    assert sheet.note and "tied at 121" in sheet.note and "another hand" in sheet.note
    # one more hand decides it
    more = score_game(load_game(game(rules("standard", **options), TIE + [hand(b(3, 3, 3, 3), t(7, 6))])))
    assert more.finished and more.winner == "Us" and more.note is None


@pytest.mark.parametrize("options, reason", [
    pytest.param({"win_score": 100, "tie_ends_in_draw": True}, "past the winning score", id="winning-score"),
    pytest.param({"max_hands": 2, "tie_ends_in_draw": True}, "all 2 hands were played", id="hand-limit"),
])
def test_a_tie_is_a_draw_with_the_option(options, reason):
    record = game(rules("standard", **options), TIE)
    out = score(record)
    assert out["status"] == "finished" and out["winner"] is None
    assert "draw" in out["reason"] and reason in out["reason"]
    sheet = score_game(load_game(record))
    assert sheet.end.reason is EndReason.DRAW
    record_error(game(rules("standard", **options), TIE + [hand(b(3, 3, 3, 3), t(7, 6))]), 3)


# Six players: Cat & Fay bid Boston (all 17) and take 5, twice: -300, -600; the other two sides tie.
SIX_TIE = [hand({"Ann & Dan": 5, "Bob & Eve": 5, "Cat & Fay": 17}, {"Ann & Dan": 6, "Bob & Eve": 6, "Cat & Fay": 5})] * 2


def test_a_side_out_while_the_others_tie_plays_on_and_says_so():
    sheet = score_game(load_game(game("ihop-6", SIX_TIE, players=SIX, team_names=None)))
    assert sheet.scores == {"Ann & Dan": 102, "Bob & Eve": 102, "Cat & Fay": -600}
    assert not sheet.finished
    assert "Cat & Fay fell to -600" in sheet.note and "is out" in sheet.note and "play goes on" in sheet.note


def test_a_side_out_while_the_others_tie_is_a_draw_with_the_option():
    sheet = score_game(load_game(game(rules("ihop-6", tie_ends_in_draw=True), SIX_TIE, players=SIX,
                                      team_names=None)))
    assert sheet.finished and sheet.winner is None and sheet.end.reason is EndReason.DRAW
    assert "fell to -600" in sheet.reason and "draw" in sheet.reason


def test_without_a_tie_the_option_changes_nothing():
    record = game(rules("standard", win_score=100, tie_ends_in_draw=True), TIE[:1] + [hand(b(3, 3, 3, 3), t(7, 6))])
    out = score(record)
    assert out["status"] == "finished" and out["winner"] == "Us"


# --- explanation lines as a person would write them ------------------------------------------
def test_lines_worth_nothing_are_left_out():
    # a 0 bag penalty, a 0 nil value: no line says "cost 0" or "+0"
    record = game(rules("standard", bag_penalty=0, nil_value=0),
                  [hand(b("nil", 1, 1, 1), {"Ann": 0, "Cat": 12, "Them": 1})])
    out = score(record)
    lines = [line for h in out["hands"] for s in h["sides"].values() for line in s["lines"]]
    assert lines and all(line["points"] != 0 for line in lines)
    # Cat's 11 overtricks reach the 10-bag penalty, which costs nothing but still takes 10 bags off
    assert "bag penalty" not in texts(out, 1, "Us") and "nil" not in texts(out, 1, "Us")
    assert_hands(out, {1: {"Us": (21, 21, 1), "Them": (-20, -20, 0)}})


def test_a_line_of_0_stays_when_the_rule_is_the_news():
    # failed nil tricks that score nothing: 0 points, but that is the point of the line
    out = score(game(rules("standard", failed_nil_tricks_are_bags=False), [NIL_EAST], players=COMPASS))
    assert any(line["points"] == 0 for line in out["hands"][0]["sides"]["EW"]["lines"])


@pytest.mark.parametrize("tricks, words", [
    pytest.param(1, "its 1 trick is a bag", id="one"),
    pytest.param(2, "its 2 tricks are bags", id="many"),
])
def test_one_trick_is_a_bag_many_tricks_are_bags(tricks, words):
    record = game(rules("ihop", double_nil=True),
                  [hand({"Ann": "nil", "Cat": "nil", "Them": 11}, {"Ann": 0, "Cat": tricks, "Them": 13 - tricks})])
    assert words in texts(score(record), 1, "Us")


def test_one_overtrick_reads_as_one():
    out = score(game("standard", [hand(b(3, 3, 3, 3), t(7, 6))]))
    assert "1 overtrick: a bag worth 1" in texts(out, 1, "Us")
