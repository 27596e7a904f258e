"""The tables of every size against a second, independent scorer.

`two`, `cutthroat` and `five` score each player alone by the standard rules (RULES.md, "Tables of every
size"). ``reference_sheet`` below scores a record that way from the rules' text alone, with none of
the engine's code: it reads the record's bids and tricks, adds up each player's points and bags, pays
the bag penalty and ends the game. Generated games of the three presets (with the options that apply
to them) must score the same, hand by hand, in both.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import PRESETS, random_game, score_game

SIZES = ["two", "cutthroat", "five"]
OPTIONS = [{}, {"blind_nil": True}, {"ten_for_200": True, "moon": 250}, {"moon": 200, "win_score": 300},
           {"lone_nil_tricks_are_bags": False}, {"nil_value": 50, "bag_limit": 5, "bag_penalty": 50},
           {"three_player_no_exact_total": True}, {"tie_ends_in_draw": True, "win_score": 200}]


def _points(rules: dict, n: int, bid, took: int, blind: bool) -> tuple[int, int]:
    """One player's (points, bags taken) for a hand, by the rules' text."""
    if bid == "nil":
        if took == 0:
            return (rules["blind_nil_made"] if blind else rules["nil_value"]), 0
        lost = rules["blind_nil_failed"] if blind else -rules["nil_value"]
        bags = took if rules["lone_nil_tricks_are_bags"] else 0
        return lost + bags * rules["bag_value"], bags
    value = 10 * bid
    if rules["moon"] is not None and bid == n:
        value = rules["moon"]
    elif rules["ten_for_200"] and bid == 10:
        value = rules["ten_value"]
    if took < bid:
        return -value, 0
    return value + (took - bid) * rules["bag_value"], took - bid


def reference_sheet(record: dict, n: int, rules: dict) -> dict:
    """Every deal's (points, score, bags) per player, and the end: (finished, winner)."""
    players = record["players"]
    score, bags = dict.fromkeys(players, 0), dict.fromkeys(players, 0)
    deals, played, end = [], 0, (False, None)
    for h in record["hands"]:
        if h.get("misdeal"):
            deals.append({p: (0, score[p], bags[p]) for p in players})
            continue
        row = {}
        for p in players:
            points, taken = _points(rules, n, h["bids"][p], h["tricks"][p], p in h.get("blind", []))
            bags[p] += taken
            while bags[p] >= rules["bag_limit"]:
                points -= rules["bag_penalty"]
                bags[p] -= rules["bag_limit"]
            score[p] += points
            row[p] = (points, score[p], bags[p])
        deals.append(row)
        played += 1
        best = max(score.values())
        top = [p for p in players if score[p] == best]
        if best >= rules["win_score"]:
            if len(top) == 1:
                end = (True, top[0])
            elif rules["tie_ends_in_draw"]:
                end = (True, None)
        if end[0]:
            break
    return {"deals": deals, "end": end}


def _engine_sheet(game) -> dict:
    sheet = score_game(game)
    deals = [{p: (s.points, s.score, s.bags) for p, s in h.sides.items()} for h in sheet.hands]
    return {"deals": deals, "end": (sheet.finished, sheet.winner)}


def _check(preset: str, options: dict, seed: int) -> None:
    game = random_game(random.Random(seed), preset, hands=16, options=options or None)
    rules = game.rules
    assert all(len(h.bids) == rules.players for h in game.hands if not h.misdeal)  # one bid a player
    want = reference_sheet(game.to_dict(), rules.tricks, rules.options())
    assert _engine_sheet(game) == want, (preset, options, seed)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(o) or "preset")
@pytest.mark.parametrize("preset", SIZES)
def test_generated_games_score_as_the_reference_scores_them(preset, options):
    for seed in range(6):
        _check(preset, options, seed)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SIZES), st.sampled_from(OPTIONS), st.integers(0, 2**32 - 1))
def test_any_generated_game_scores_as_the_reference_scores_it(preset, options, seed):
    _check(preset, options, seed)


def test_the_reference_scores_the_worked_example_of_two():
    # RULES.md's worked example, through the reference: the two scorers start from the same text
    record = {"players": ["Ann", "Bob"], "hands": [
        {"bids": {"Ann": 4, "Bob": 6}, "tricks": {"Ann": 5, "Bob": 8}},
        {"bids": {"Ann": "nil", "Bob": 5}, "tricks": {"Ann": 0, "Bob": 13}},
        {"bids": {"Ann": 5, "Bob": 4}, "tricks": {"Ann": 3, "Bob": 10}},
        {"bids": {"Ann": "nil", "Bob": 6}, "tricks": {"Ann": 2, "Bob": 11}}]}
    sheet = reference_sheet(record, 13, PRESETS["two"].options())
    assert sheet["deals"][-1] == {"Ann": (-98, -7, 3), "Bob": (-35, 31, 1)}


def test_the_generated_games_reach_what_the_reference_checks():
    """The generator makes nils (made and failed), blind nils, bag penalties and finished games."""
    seen = set()
    for preset in SIZES:
        for seed in range(20):
            game = random_game(random.Random(seed), preset, hands=16,
                               options={"blind_nil": True, "win_score": 300})
            sheet = score_game(game)
            seen.add("finished" if sheet.finished else "playing")
            for scored in sheet.hands:
                for side in scored.sides.values():
                    seen.update(str(line.rule) for line in side.lines)
    assert {"finished", "nil-made", "nil-failed", "failed-nil-bags", "blind-nil-made", "blind-nil-failed",
            "bag-penalty", "contract-set"} <= seen
