"""Invariants over generated legal games, for every preset."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (PRESETS, ScorekeeperError, load_game, parse_game, random_game, score_game)

from .helpers import OPTION_SETS, fits

PRESET_NAMES = sorted(PRESETS)
common = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw, presets=PRESET_NAMES):
    preset = draw(st.sampled_from(presets))
    options = draw(st.sampled_from([o for o in OPTION_SETS if fits(preset, o)]))
    seed = draw(st.integers(0, 2**32 - 1))
    hands = draw(st.integers(0, 14))
    return random_game(random.Random(seed), preset, hands=hands, options=options or None)


@common
@given(games())
def test_points_are_the_sum_of_their_lines(game):
    for hand in score_game(game).hands:
        for side in hand.sides.values():
            assert side.points == sum(line.points for line in side.lines)
            assert all(line.text for line in side.lines)


@common
@given(games())
def test_bags_stay_between_0_and_9_after_every_hand(game):
    limit = game.rules.bag_limit
    for hand in score_game(game).hands:
        for side in hand.sides.values():
            assert 0 <= side.bags < limit


@common
@given(games())
def test_the_score_of_a_game_is_the_fold_of_its_hands(game):
    sheet = score_game(game)
    totals = dict.fromkeys(sheet.sides, 0)
    for hand in sheet.hands:
        for name, side in hand.sides.items():
            totals[name] += side.points
            assert side.score == totals[name]
    assert totals == sheet.scores


@common
@given(games())
def test_replaying_hand_by_hand_equals_scoring_the_game(game):
    whole = score_game(game).to_json()
    partial = game.without_last_hand() if game.hands else game
    replay = partial.with_hand(game.hands[-1]) if game.hands else partial
    assert score_game(replay).to_json() == whole
    if game.hands:
        prefix = score_game(partial).to_json()
        assert prefix["hands"] == whole["hands"][:-1]


@common
@given(games())
def test_record_to_json_to_record_is_the_identity(game):
    text = game.to_json()
    again = load_game(json.loads(text))
    assert again == game
    assert again.to_dict() == game.to_dict()
    assert json.loads(again.to_json()) == json.loads(text)


def _mutations(draw, data):
    """Small, nasty edits of a good record."""
    kind = draw(st.integers(0, 9))
    hands = data["hands"]
    junk = draw(st.one_of(st.none(), st.booleans(), st.integers(-5, 40), st.text(max_size=4),
                          st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3),
                                                                               st.integers(), max_size=2)))
    if kind == 0:
        data[draw(st.sampled_from(sorted(data)))] = junk
    elif kind == 1 and hands:
        hand = draw(st.sampled_from(hands))
        hand[draw(st.sampled_from(["bids", "tricks", "blind", "raised", "aces", "penalties", "misdeal", "bemo"]))] = junk
    elif kind == 2 and hands:
        hand = draw(st.sampled_from(hands))
        if hand.get("tricks"):
            key = draw(st.sampled_from(sorted(hand["tricks"])))
            hand["tricks"][key] = junk
    elif kind == 3 and hands:
        hand = draw(st.sampled_from(hands))
        if hand.get("bids"):
            key = draw(st.sampled_from(sorted(hand["bids"])))
            hand["bids"][key] = junk
    elif kind == 4 and hands:
        hands.insert(draw(st.integers(0, len(hands))), junk)
    elif kind == 5:
        data["players"] = junk
    elif kind == 6:
        data["rules"] = junk
    elif kind == 7 and hands:
        hand = draw(st.sampled_from(hands))
        if hand.get("bids"):
            key = draw(st.sampled_from(sorted(hand["bids"])))
            hand["bids"][draw(st.text(max_size=3))] = hand["bids"].pop(key)
    elif kind == 8:
        hands.append(draw(st.sampled_from(hands)) if hands else {"bids": {}, "tricks": {}})
    else:
        data["format"] = junk
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.data())
def test_the_engine_raises_only_its_own_errors_on_bad_records(game, data):
    record = _mutations(data.draw, json.loads(game.to_json()))
    try:
        score_game(load_game(record))
    except ScorekeeperError as exc:
        assert str(exc)
    try:
        load_game(json.dumps(record)[: data.draw(st.integers(0, 200))])
    except ScorekeeperError:
        pass


@pytest.mark.parametrize("preset, options", [
    pytest.param(preset, options, id=f"{preset}-{'+'.join(options) or 'as-is'}")
    for preset in PRESET_NAMES for options in OPTION_SETS if fits(preset, options)])
def test_generated_games_are_legal_for_every_preset(preset, options):
    for seed in range(5):
        game = random_game(random.Random(seed), preset, options=options or None)
        assert load_game(game.to_dict()) == game
        assert parse_game(game.to_json()).hands == game.hands


@common
@given(games(["standard", "ihop"]), st.sampled_from(["standard", "ihop"]))
def test_what_if_differences_add_up(game, preset):
    from scorekeeper.engine import find_preset, what_if

    result = what_if(game, find_preset(preset))
    if result.error:
        return
    for side in result.real.sides:
        assert sum(row.difference[side] for row in result.rows) == result.difference[side]


@common
@given(games())
def test_every_hand_deals_n_tricks_and_each_nil_is_made_by_no_trick(game):
    sheet = score_game(game)
    n = game.rules.tricks
    for hand, scored in zip(game.hands, sheet.hands):
        if hand.misdeal:
            continue
        assert sum(hand.tricks.values()) == n
        for side in game.sides:
            result = scored.sides[side.name]
            double = game.rules.double_nil and len(result.nils) == len(side.players) > 1
            for player, made in result.nils.items():
                took = hand.tricks.get(player, hand.tricks.get(side.name))
                if double:  # one bid of both partners: made when neither takes a trick
                    took = sum(hand.tricks[p] for p in side.players)
                # a nil is made by taking no trick (or because another side reneged)
                assert made == (took == 0) or any(line.rule == "reneg-counts-as-made" for line in result.lines)


@common
@given(games())
def test_a_game_goes_on_past_the_winning_score_only_on_a_tie_and_ends_with_the_top_score(game):
    sheet = score_game(game)
    best = max(sheet.scores.values())
    top = [s for s, v in sheet.scores.items() if v == best]
    if not sheet.finished:
        assert best < game.rules.win_score or len(top) > 1 or sheet.out
        assert game.rules.max_hands is None or sheet.hands_played < game.rules.max_hands or len(top) > 1
    elif sheet.end.reason in ("reached", "hand_limit"):
        assert top == [sheet.winner]
    elif sheet.end.reason == "draw":
        assert sheet.winner is None
        if sheet.end.side is None:  # a tie at the winning score or the hand limit (not after a side lost)
            assert len(top) > 1


@common
@given(games(["standard", "ihop", "ihop-6"]))
def test_under_suicide_every_side_bids_one_nil_beside_at_least_four(game):
    suicide = game.rules.with_options({"suicide": True})
    try:
        score_game(game.with_rules(suicide))
        kept = True
    except ScorekeeperError:
        kept = False
    by_the_rule = all(
        sum(hand.bids.get(p) == "nil" for p in side.players) == 1
        and (hand.bids.get(side.name) if side.name in hand.bids else
             sum(b for p in side.players if isinstance(b := hand.bids.get(p), int))) >= suicide.suicide_min_bid
        for hand in game.hands if not hand.misdeal for side in game.sides)
    assert kept == by_the_rule
