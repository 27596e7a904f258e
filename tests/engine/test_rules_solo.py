"""Solo Spades (preset "solo", RULES.md rule 9): four players without partners, 13 tricks, scored
exactly as the 3-player game, each player a side; the same options.
"""
from __future__ import annotations

import pytest

from scorekeeper.engine import (PRESETS, RecordError, RuleOptionError, describe_rules, find_preset, load_game,
                                new_game, next_hand, score_game)
from scorekeeper.engine.errors import BidError

from .helpers import FOUR, game, hand, record_error, rules, score


def four(ann, bob, cat, dan):
    return {"Ann": ann, "Bob": bob, "Cat": cat, "Dan": dan}


def solo(rule_spec, hands, **extra):
    return game(rule_spec, hands, players=FOUR, team_names=None, **extra)


@pytest.mark.parametrize("rule_spec, bids, tricks, points", [
    # the 3-player worked example at a table of four: bid 4 take 5 = +30; bid 3 take 7 = -10
    pytest.param("solo", four(4, 3, 2, 1), four(5, 7, 1, 0), (30, -10, -20, -10), id="solo-overtricks-cost-10"),
    pytest.param("solo", four(3, 3, 3, 4), four(3, 3, 3, 4), (30, 30, 30, 40), id="solo-all-made-exactly"),
    # count bags: overtricks are +1 and bags
    pytest.param(rules("solo", count_bags=True), four(4, 3, 2, 1), four(5, 7, 1, 0), (41, 34, -20, -10),
                 id="solo-count-bags"),
])
def test_solo_scores_as_the_three_player_game(rule_spec, bids, tricks, points):
    out = score(solo(rule_spec, [hand(bids, tricks)]), bag_range=False)
    assert out["sides"] == FOUR
    assert tuple(out["hands"][0]["sides"][p]["points"] for p in FOUR) == points


def test_solo_is_four_players_each_a_side_and_13_tricks():
    preset = PRESETS["solo"]
    assert (preset.players, preset.partners, preset.tricks, preset.sides) == (4, False, 13, 4)
    # the same options as the 3-player game
    assert preset.options() == PRESETS["ihop-3"].options()


def test_solo_tricks_must_add_up_to_13():
    err = record_error(solo("solo", [hand(four(4, 3, 2, 1), four(5, 7, 1, 1))]), 1)
    assert "14" in str(err) and "13" in str(err)


def test_solo_bids_may_not_total_13_with_the_option():
    err = record_error(solo(rules("solo", three_player_no_exact_total=True),
                            [hand(four(4, 3, 3, 3), four(4, 3, 3, 3))]), 1, BidError)
    assert "4 bids total 13" in str(err)


def test_solo_has_no_partners():
    with pytest.raises(RuleOptionError):
        find_preset("solo").with_options({"double_nil": True})
    with pytest.raises(RecordError):
        load_game(game("solo", [], players=FOUR, team_names=["A", "B"]))


def test_solo_first_lead_and_reminder():
    game = new_game("solo", FOUR)
    nxt = next_hand(game)
    assert nxt.leader == "Bob" and nxt.lead_text == "Bob leads"
    assert nxt.reminder and "beat the highest card" in nxt.reminder
    assert any("beat the highest card" in body for _, body in describe_rules(PRESETS["solo"]))


def test_three_players_name_no_leader():
    nxt = next_hand(new_game("ihop-3", ["Ann", "Bob", "Cat"]))
    assert nxt.leader is None and "2 of clubs" in nxt.lead_text
    assert nxt.bid_order == ("Bob", "Cat", "Ann")  # bidding still starts left of the dealer


def test_a_partnership_game_cannot_be_rescored_as_solo():
    standard = load_game(game("standard", []))
    with pytest.raises(RecordError) as info:
        standard.with_rules(PRESETS["solo"])
    assert "partners" in str(info.value)


def test_solo_games_end_at_500():
    hands = [hand(four(13, 1, 1, 1), four(13, 0, 0, 0))] * 4  # Ann 130 a hand
    sheet = score_game(load_game(solo("solo", hands)))
    assert sheet.finished and sheet.winner == "Ann" and sheet.scores["Ann"] == 520
