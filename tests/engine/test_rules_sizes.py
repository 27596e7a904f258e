"""Tables of every size (RULES.md, "Tables of every size (`two`, `cutthroat`, `five`) and suicide").

`two`, `cutthroat` and `five` score every player as a side by the standard rules without partners:
made +10 a trick bid and +1 a bag, set -10 a trick bid, 10 bags cost 100, nil +100 / -100 with a
failed nil's tricks as bags. `suicide` (partnership presets) asks one nil and a partner's bid of at
least 4 on every side, and refuses a hand that breaks it in one line naming the side.
"""
from __future__ import annotations

import pytest

from scorekeeper.engine import (PRESETS, BidError, RecordError, RuleOptionError, describe_rules, explain_rule,
                                find_preset, load_game, new_game, next_hand, other_ways, rule_in_play, score_game,
                                what_if)

from .helpers import FOUR, assert_hands, by_player, game, hand, record_error, rules, score, texts

TWO = ["Ann", "Bob"]
FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def alone(rule_spec, hands, players, **extra):
    """A record of a table without partners: no team names."""
    return game(rule_spec, hands, players=players, team_names=None, **extra)


def two(ann, bob) -> dict:
    return {"Ann": ann, "Bob": bob}


def four(ann, bob, cat, dan) -> dict:
    return {"Ann": ann, "Bob": bob, "Cat": cat, "Dan": dan}


def five(ann, bob, cat, dan, eve) -> dict:
    return dict(zip(FIVE, (ann, bob, cat, dan, eve)))


# ---- the worked examples of RULES.md -----------------------------------------------------------
#: `two`, the four hands of the worked example in order: (bids, tricks, {side: (points, score, bags)})
TWO_WORKED = [
    pytest.param(two(4, 6), two(5, 8), {"Ann": (41, 41, 1), "Bob": (62, 62, 2)}, id="two-made-overtricks-are-bags"),
    # Ann's nil made: +100; Bob 5 takes 13: 50 + 8 bags, his 10th bag costs 100: 62 + 58 - 100 = 20
    pytest.param(two("nil", 5), two(0, 13), {"Ann": (100, 141, 1), "Bob": (-42, 20, 0)},
                 id="two-nil-made-and-ten-bags-cost-100"),
    pytest.param(two(5, 4), two(3, 10), {"Ann": (-50, 91, 1), "Bob": (46, 66, 6)}, id="two-set-and-bags"),
    # Ann's nil failed with 2 tricks: -100 + 2 bags = -98, -7 (3 bags); Bob +65 reaches 11 bags: 31, 1 bag
    pytest.param(two("nil", 6), two(2, 11), {"Ann": (-98, -7, 3), "Bob": (-35, 31, 1)},
                 id="two-failed-nil-tricks-are-bags"),
]


@pytest.mark.parametrize("upto", range(1, len(TWO_WORKED) + 1),
                         ids=[case.id for case in TWO_WORKED])
def test_the_worked_example_of_two(upto):
    hands = [hand(case.values[0], case.values[1]) for case in TWO_WORKED[:upto]]
    out = score(alone("two", hands, TWO))
    assert out["sides"] == TWO
    assert_hands(out, {upto: TWO_WORKED[upto - 1].values[2]})


def test_the_worked_example_of_two_names_its_rules():
    hands = [hand(case.values[0], case.values[1]) for case in TWO_WORKED]
    out = score(alone("two", hands, TWO))
    rules_of = [[line["rule"] for line in out["hands"][3]["sides"][p]["lines"]] for p in TWO]
    assert rules_of == [["nil-failed", "failed-nil-bags"], ["contract-made", "overtrick-bags", "bag-penalty"]]
    assert "ann's 2 tricks as a failed nil bidder are bags" in texts(out, 4, "Ann")
    assert "partner" not in texts(out, 4, "Ann")  # a player alone has none


SUICIDE = rules("standard", suicide=True)


def test_the_worked_example_of_suicide_scores_as_standard():
    # Ann nil, Cat 4, Bob nil, Dan 5; took Ann 0, Cat 6, Bob 1, Dan 6
    h = hand(by_player("nil", 4, "nil", 5), by_player(0, 6, 1, 6))
    out = score(game(SUICIDE, [h]))
    assert_hands(out, {1: {"Us": (142, 142, 2), "Them": (-48, -48, 2)}})
    assert score(game("standard", [h]))["hands"] == out["hands"]  # the scoring is unchanged


# ---- suicide: what it refuses, in one line naming the side ---------------------------------------
@pytest.mark.parametrize("rule_spec, bids, said", [
    pytest.param(SUICIDE, by_player(3, 4, "nil", 5), "hand 1: suicide: Us has no nil (one partner of each side bids nil)",
                 id="suicide-side-without-nil"),
    pytest.param(rules("standard", suicide=True, separate_nils=True), by_player("nil", "nil", "nil", 5),
                 "hand 1: suicide: both partners of Us bid nil (exactly one partner of each side bids nil, the other "
                 "at least 4)", id="suicide-two-nils-on-a-side"),
    pytest.param(SUICIDE, by_player("nil", 4, "nil", 3),
                 "hand 1: suicide: Dan of Them bid 3 beside Bob's nil (the partner of the nil bids at least 4)",
                 id="suicide-partner-bids-under-4"),
    pytest.param(rules("standard", suicide=True, suicide_min_bid=5), by_player("nil", 4, "nil", 5),
                 "hand 1: suicide: Cat of Us bid 4 beside Ann's nil (the partner of the nil bids at least 5)",
                 id="suicide-bid-is-an-option"),
    # IHOP bids by side: the side's one bid stands beside its nil
    pytest.param(rules("ihop", suicide=True), {"Us": 5, "Ann": "nil", "Them": 3, "Bob": "nil"},
                 "hand 1: suicide: Them bid 3 beside Bob's nil (the partner of the nil bids at least 4)",
                 id="suicide-side-bid-under-4"),
    pytest.param(rules("ihop", suicide=True), {"Us": 5, "Ann": "nil", "Them": 5},
                 "hand 1: suicide: Them has no nil (one partner of each side bids nil)", id="suicide-ihop-side-without-nil"),
])
def test_suicide_refuses_a_hand_that_breaks_it(rule_spec, bids, said):
    tricks = {"Ann": 0, "Cat": 6, "Bob": 0, "Dan": 7}
    err = record_error(game(rule_spec, [hand(bids, tricks)]), 1, BidError)
    assert str(err) == said
    assert "\n" not in str(err)


def test_suicide_allows_ihop_sides_bidding_together():
    out = score(game(rules("ihop", suicide=True), [hand({"Us": 6, "Ann": "nil", "Them": 4, "Bob": "nil"},
                                                       {"Ann": 0, "Cat": 7, "Bob": 0, "Dan": 6})]))
    assert_hands(out, {1: {"Us": (161, 161, 1), "Them": (142, 142, 2)}})


def test_suicide_counts_a_blind_nil_as_the_sides_nil():
    # hand 1 leaves Them 329 behind (Bob's nil and Dan's 4 fail); in hand 2 Bob's blind nil is Them's nil
    behind = hand(by_player("nil", 9, "nil", 4), by_player(0, 9, 1, 3))
    blind = hand(by_player("nil", 6, "nil", 5), by_player(0, 6, 0, 7), blind=["Bob"])
    out = score(game(rules("standard", suicide=True, blind_nil=True), [behind, blind]))
    assert_hands(out, {1: {"Us": (190, 190, 0), "Them": (-139, -139, 1)},
                       2: {"Us": (160, 350, 0), "Them": (252, 113, 3)}})
    assert "blind nil by bob made" in texts(out, 2, "Them")


def test_suicide_is_for_partners_and_needs_nil():
    for preset in ("two", "cutthroat", "five", "ihop-3", "solo"):
        with pytest.raises(RuleOptionError) as info:
            find_preset(preset).with_options({"suicide": True})
        assert str(info.value) == f"rule option 'suicide' needs partners; in the {preset} game every player is a side"
    with pytest.raises(RuleOptionError) as info:
        find_preset("standard").with_options({"suicide": True, "nil": False})
    assert "'suicide' needs 'nil'" in str(info.value)
    assert find_preset("ihop-6").with_options({"suicide": True}).suicide  # every partnership preset takes it


def test_suicide_is_in_the_rules_in_words():
    words = dict(describe_rules(find_preset("standard").with_options({"suicide": True})))["Bidding"]
    assert "Suicide: in every hand one partner of each side bids nil (a blind nil counts)" in words
    assert "at least 4" in words
    assert "Suicide" not in dict(describe_rules(find_preset("standard")))["Bidding"]


# ---- the presets ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name, players, tricks", [("two", 2, 13), ("cutthroat", 4, 13), ("five", 5, 10)])
def test_each_preset_is_a_table_of_players_alone(name, players, tricks):
    preset = PRESETS[name]
    assert (preset.players, preset.partners, preset.tricks, preset.sides) == (players, False, tricks, players)
    assert preset.nil and preset.count_bags and preset.failed_nil_bags
    assert (preset.win_score, preset.lose_score, preset.max_hands) == (500, None, None)
    assert preset.options() == PRESETS["two"].options()  # the same scoring, another table
    assert not preset.must_beat


@pytest.mark.parametrize("rule_spec, bids, tricks, points", [
    # Solo scores as 3 players (each overtrick costs 10); cutthroat as standard Spades (a bag each)
    pytest.param("solo", four(4, 3, 2, 1), four(5, 7, 1, 0), (30, -10, -20, -10), id="solo-overtricks-cost-10"),
    pytest.param("cutthroat", four(4, 3, 2, 1), four(5, 7, 1, 0), (41, 34, -20, -10),
                 id="cutthroat-overtricks-are-bags"),
    pytest.param("cutthroat", four("nil", 5, 4, 3), four(0, 6, 4, 3), (100, 51, 40, 30), id="cutthroat-nil-made"),
    pytest.param("cutthroat", four("nil", 5, 4, 3), four(1, 5, 4, 3), (-99, 50, 40, 30),
                 id="cutthroat-failed-nil-tricks-are-bags"),
    pytest.param(rules("cutthroat", lone_nil_tricks_are_bags=False), four("nil", 5, 4, 3), four(1, 5, 4, 3),
                 (-100, 50, 40, 30), id="cutthroat-failed-nil-tricks-score-nothing"),
    pytest.param(rules("cutthroat", count_bags=False), four(4, 3, 2, 1), four(5, 7, 1, 0), (30, -10, -20, -10),
                 id="cutthroat-without-bags-scores-as-solo"),
])
def test_cutthroat_is_standard_scoring_unlike_solo(rule_spec, bids, tricks, points):
    out = score(alone(rule_spec, [hand(bids, tricks)], FOUR), bag_range=rule_spec != "solo")
    assert tuple(out["hands"][0]["sides"][p]["points"] for p in FOUR) == points


def test_solo_still_refuses_nil_and_cutthroat_has_no_solo_play_rule():
    err = record_error(alone("solo", [hand(four("nil", 5, 4, 4), four(0, 5, 4, 4))], FOUR), 1, BidError)
    assert "Ann bid nil, which the solo rules do not allow" in str(err)
    assert next_hand(new_game("cutthroat", FOUR)).reminder is None
    assert next_hand(new_game("solo", FOUR)).reminder is not None
    assert not any("beat the highest card" in body for _, body in describe_rules(PRESETS["cutthroat"]))


@pytest.mark.parametrize("bids, tricks, points", [
    pytest.param(five(2, 2, 2, 2, 2), five(2, 2, 2, 2, 2), (20, 20, 20, 20, 20), id="five-ten-tricks-all-made"),
    pytest.param(five("nil", 3, 3, 2, 1), five(0, 4, 3, 2, 1), (100, 31, 30, 20, 10), id="five-nil-made"),
    pytest.param(five(10, "nil", "nil", "nil", "nil"), five(10, 0, 0, 0, 0), (100, 100, 100, 100, 100),
                 id="five-a-bid-of-all-ten"),
    pytest.param(five(4, 3, 2, 1, "nil"), five(2, 3, 2, 1, 2), (-40, 30, 20, 10, -98),
                 id="five-set-and-failed-nil-bags"),
])
def test_five_players_deal_ten_tricks(bids, tricks, points):
    out = score(alone("five", [hand(bids, tricks)], FIVE))
    assert out["sides"] == FIVE
    assert tuple(out["hands"][0]["sides"][p]["points"] for p in FIVE) == points


@pytest.mark.parametrize("record, said", [
    pytest.param(alone("five", [hand(five(3, 3, 3, 2, 2), five(3, 3, 3, 2, 2))], FIVE),
                 "hand 1: tricks add up to 13, the five rules deal 10", id="five-tricks-add-up-to-10"),
    pytest.param(alone("five", [hand(five(11, 1, 1, 1, 1), five(6, 1, 1, 1, 1))], FIVE),
                 "hand 1: Ann bid 11; a hand has only 10 tricks", id="five-bid-at-most-10"),
    pytest.param(alone("two", [hand(two(6, 6), two(6, 6))], TWO),
                 "hand 1: tricks add up to 12, the two rules deal 13", id="two-tricks-add-up-to-13"),
    pytest.param(alone("two", [hand({"Ann": 6}, two(6, 7))], TWO), "hand 1: Bob made no bid", id="two-each-bids"),
])
def test_a_hand_the_table_cannot_have_is_one_line_naming_it(record, said):
    err = record_error(record, 1)
    assert str(err) == said


# ---- the player count of the record against the preset ---------------------------------------------
@pytest.mark.parametrize("preset, players, said", [
    pytest.param("five", TWO, "the five rules need 5 players; the record names 2", id="two-names-as-five"),
    pytest.param("two", FIVE, "the two rules need 2 players; the record names 5", id="five-names-as-two"),
    pytest.param("cutthroat", TWO, "the cutthroat rules need 4 players; the record names 2", id="two-names-as-cutthroat"),
    pytest.param("standard", TWO, "the standard rules need 4 players; the record names 2", id="two-names-as-standard"),
])
def test_a_record_whose_names_do_not_fit_the_preset_is_one_line(preset, players, said):
    with pytest.raises(RecordError) as info:
        load_game(alone(preset, [], players))
    assert str(info.value) == said and info.value.hand is None


def test_a_two_player_game_rescored_as_five_is_one_line():
    played = load_game(alone("two", [hand(two(4, 6), two(5, 8))], TWO))
    with pytest.raises(RecordError) as info:
        played.with_rules(PRESETS["five"])
    assert str(info.value) == "the five rules are for 5 players; this game has 2"
    compared = what_if(played, PRESETS["five"])
    assert compared.other is None and compared.error == "the five rules are for 5 players; this game has 2"


def test_tables_without_partners_take_no_teams():
    with pytest.raises(RecordError) as info:
        load_game(game("two", [], players=TWO, team_names=["A", "B"]))
    assert str(info.value) == 'the two game has no teams, so no "team_names": each side is a player'
    with pytest.raises(RecordError):
        load_game(alone("five", [], FIVE, teams=[["Ann", "Bob"], ["Cat", "Dan"], ["Eve"]]))


# ---- the deal ----------------------------------------------------------------------------------------
def test_two_players_alternate_the_deal_and_the_non_dealer_bids_first_and_leads():
    h = hand(two(6, 6), two(6, 7))
    out = score(alone("two", [h, {"misdeal": True}, h, h], TWO, first_dealer="Bob"))
    assert [x["dealer"] for x in out["hands"]] == ["Bob", "Ann", "Bob", "Ann"]
    played = new_game("two", TWO)
    nxt = next_hand(played)
    assert (nxt.dealer, nxt.leader, nxt.bid_order, nxt.max_bid) == ("Ann", "Bob", ("Bob", "Ann"), 13)
    nxt = next_hand(played.with_hand(h))
    assert (nxt.dealer, nxt.leader, nxt.bid_order) == ("Bob", "Ann", ("Ann", "Bob"))
    table = dict(describe_rules(PRESETS["two"]))["The table"]
    assert "The deal alternates; the player who did not deal bids first and leads." in table
    assert "26 cards left are never played" in table


def test_five_players_deal_in_turn_left_of_the_dealer_leads():
    played = new_game("five", FIVE, first_dealer="Dan")
    nxt = next_hand(played)
    assert (nxt.dealer, nxt.leader, nxt.bid_order, nxt.max_bid) == ("Dan", "Eve", ("Eve", "Ann", "Bob", "Cat", "Dan"),
                                                                    10)
    assert nxt.reminder is None
    table = dict(describe_rules(PRESETS["five"]))["The table"]
    assert "10 tricks a hand (the 2 of clubs and the 2 of diamonds are taken out: 50 cards)" in table


# ---- every option that applies -------------------------------------------------------------------------
BEHIND_TWO = hand(two(1, 12), two(1, 12))  # Bob 120, Ann 10: Ann is 110 behind


@pytest.mark.parametrize("rule_spec, hands, players, expected", [
    pytest.param(rules("two", blind_nil=True), [BEHIND_TWO, hand(two("nil", 5), two(0, 13), blind=["Ann"])], TWO,
                 {2: {"Ann": (200, 210, 0), "Bob": (58, 178, 8)}}, id="two-blind-nil-made"),
    pytest.param(rules("two", blind_nil=True), [BEHIND_TWO, hand(two("nil", 5), two(1, 12), blind=["Ann"])], TWO,
                 {2: {"Ann": (-199, -189, 1), "Bob": (57, 177, 7)}}, id="two-blind-nil-failed-tricks-are-bags"),
    pytest.param(rules("five", ten_for_200=True), [hand(five(10, "nil", "nil", "nil", "nil"), five(10, 0, 0, 0, 0))],
                 FIVE, {1: {"Ann": (200, 200, 0), "Bob": (100, 100, 0)}}, id="five-ten-for-200"),
    pytest.param(rules("two", moon=200), [hand(two(13, "nil"), two(13, 0))], TWO,
                 {1: {"Ann": (200, 200, 0), "Bob": (100, 100, 0)}}, id="two-moon-all-13"),
    pytest.param(rules("two", moon=200), [hand(two(13, "nil"), two(12, 1))], TWO,
                 {1: {"Ann": (-200, -200, 0), "Bob": (-99, -99, 1)}}, id="two-moon-set"),
    pytest.param(rules("five", moon=250), [hand(five(10, "nil", "nil", "nil", "nil"), five(10, 0, 0, 0, 0))],
                 FIVE, {1: {"Ann": (250, 250, 0)}}, id="five-moon-is-all-ten"),
])
def test_the_options_that_apply_to_a_table_alone(rule_spec, hands, players, expected):
    out = score(alone(rule_spec, hands, players))
    assert_hands(out, expected)


def test_the_bids_may_not_total_the_tricks_of_the_table():
    err = record_error(alone(rules("two", three_player_no_exact_total=True), [hand(two(6, 7), two(6, 7))], TWO),
                       1, BidError)
    assert str(err) == "hand 1: the 2 bids total 13; these rules do not allow that"
    err = record_error(alone(rules("five", three_player_no_exact_total=True),
                             [hand(five(2, 2, 2, 2, 2), five(2, 2, 2, 2, 2))], FIVE), 1, BidError)
    assert str(err) == "hand 1: the 5 bids total 10; these rules do not allow that"
    # a total other than N stands, and a nil adds nothing
    score(alone(rules("two", three_player_no_exact_total=True), [hand(two("nil", 12), two(0, 13))], TWO))
    assert "The 2 bids may not total 13." in dict(describe_rules(
        PRESETS["two"].with_options({"three_player_no_exact_total": True})))["Bidding"]


def test_a_moon_set_to_win_wins_the_two_player_game():
    out = score(alone(rules("two", moon="win"), [hand(two(13, "nil"), two(13, 0))], TWO))
    assert (out["status"], out["winner"], out["reason"]) == ("finished", "Ann", "Ann made Moon: all 13 tricks")


# ---- the end of the game ------------------------------------------------------------------------------
def test_the_first_player_to_500_wins_and_a_tie_plays_on():
    ann = hand(two(13, "nil"), two(13, 0))  # Ann +130, Bob +100 a hand
    out = score(alone("two", [ann] * 4, TWO))
    assert (out["status"], out["winner"], out["scores"]) == ("finished", "Ann", {"Ann": 520, "Bob": 400})
    even = hand(two(6, 7), two(6, 7))  # 60 and 70 ... then Bob's 7 and Ann's 6 the other way
    odd = hand(two(7, 6), two(7, 6))
    tied = score(alone(rules("two", win_score=130), [even, odd], TWO))
    assert tied["status"] == "in_progress" and tied["scores"] == {"Ann": 130, "Bob": 130}
    draw = score(alone(rules("two", win_score=130, tie_ends_in_draw=True), [even, odd], TWO))
    assert draw["status"] == "finished" and draw["winner"] is None and "draw" in draw["reason"]


def test_the_losing_score_and_the_hand_limit_end_a_five_player_game():
    setting = hand(five(6, 1, 1, 1, 1), five(0, 4, 2, 2, 2))  # Ann -60 a hand; the others make theirs
    out = score(alone(rules("five", lose_score=-100), [setting, setting], FIVE))
    assert out["status"] == "finished" and out["reason"] == "Ann fell to -120"
    plain = hand(five(2, 2, 2, 2, 2), five(2, 2, 2, 2, 2))
    limited = score(alone(rules("five", max_hands=2), [plain, hand(five(3, 2, 2, 2, 1), five(3, 2, 2, 2, 1))], FIVE))
    assert limited["status"] == "finished" and limited["winner"] == "Ann"
    assert limited["reason"] == "all 2 hands were played; Ann leads with 50"


# ---- rule keys, other ways, what if ----------------------------------------------------------------------
def test_a_failed_nil_alone_is_the_failed_nil_bags_rule_in_words_of_its_own():
    two_rules = PRESETS["two"]
    assert rule_in_play("failed-nil-bags", two_rules) and rule_in_play("nil-failed", two_rules)
    assert not rule_in_play("failed-nil-bags", two_rules.with_options({"lone_nil_tricks_are_bags": False}))
    assert not rule_in_play("failed-nil-bags", PRESETS["ihop-3"].with_options({"nil": True}))
    words = explain_rule("failed-nil-bags", two_rules)
    assert words.words.startswith("Each trick a player who bid nil takes is a bag, worth 1")
    assert "partner" not in words.words
    assert [option.key for option, _ in words.options] == ["lone_nil_tricks_are_bags", "count_bags", "bag_value"]
    assert "partner" in explain_rule("failed-nil-bags", PRESETS["standard"]).words


def test_the_other_ways_of_a_failed_nil_alone():
    hands = [hand(case.values[0], case.values[1]) for case in TWO_WORKED]
    played = load_game(alone("two", hands, TWO))
    ways = {(w.option, w.value): w for w in other_ways(played, "failed-nil-bags", hand=4).ways}
    assert set(ways) == {("lone_nil_tricks_are_bags", False), ("count_bags", False), ("bag_value", 0)}
    void = {s.side: (s.points, s.score) for s in ways[("lone_nil_tricks_are_bags", False)].sides}
    assert void["Ann"] == (-100, -9)  # the 2 tricks score nothing
    nil_ways = {(w.option, w.value) for w in other_ways(played, "nil-failed", hand=4).ways}
    assert ("lone_nil_tricks_are_bags", False) in nil_ways and ("nil_value", 50) in nil_ways
    assert not any(option.startswith(("nil_tricks_count", "failed_nil_tricks")) for option, _ in nil_ways)


def test_what_if_between_cutthroat_and_solo():
    plain = alone("cutthroat", [hand(four(4, 3, 2, 1), four(5, 7, 1, 0))], FOUR)
    compared = what_if(load_game(plain), PRESETS["solo"])
    assert compared.error is None and compared.difference == {"Ann": -11, "Bob": -44, "Cat": 0, "Dan": 0}
    nils = alone("cutthroat", [hand(four("nil", 5, 4, 3), four(0, 6, 4, 3))], FOUR)
    compared = what_if(load_game(nils), PRESETS["solo"])
    assert compared.other is None and compared.error == "hand 1: Ann bid nil, which the solo rules do not allow"


@pytest.mark.parametrize("rule_spec, players, bids, tricks", [
    pytest.param(rules("ihop-3", nil=True), ["Ann", "Bob", "Cat"], {"Ann": "nil", "Bob": 8, "Cat": 6},
                 {"Ann": 2, "Bob": 9, "Cat": 6}, id="ihop-3-failed-nil-tricks-as-before"),
    pytest.param(rules("solo", nil=True, count_bags=True), FOUR, four("nil", 5, 4, 3), four(3, 5, 2, 3),
                 id="solo-failed-nil-tricks-as-before"),
    # the partners' option, which earlier releases took without a meaning here, still changes nothing
    pytest.param(rules("ihop-3", nil=True, count_bags=True, failed_nil_tricks_are_bags=True), ["Ann", "Bob", "Cat"],
                 {"Ann": "nil", "Bob": 8, "Cat": 6}, {"Ann": 2, "Bob": 9, "Cat": 6}, id="ihop-3-partners-option-as-before"),
])
def test_ihop_3_and_solo_with_nil_score_a_failed_nils_tricks_as_every_release_did(rule_spec, players, bids, tricks):
    out = score(alone(rule_spec, [hand(bids, tricks)], players), bag_range=False)
    ann = out["hands"][0]["sides"]["Ann"]
    assert (ann["points"], ann["bags"], [line["rule"] for line in ann["lines"]]) == (-100, 0, ["nil-failed"])
