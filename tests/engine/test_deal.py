"""The deal: the dealer of each hand and misdeals.

The dealer moves clockwise (to the next name in `players`) every hand entry,
misdeals included, starting from `first_dealer` (default players[0]).
"""
from __future__ import annotations

import pytest

from .helpers import MISDEAL, SIX, SIX_SIDES, THREE, game, hand, score

US_THEM_OK = hand({"Us": 5, "Them": 5}, {"Us": 6, "Them": 7})


def dealers(out):
    return [h["dealer"] for h in out["hands"]]


def test_dealer_rotates_from_first_dealer_misdeal_included():
    out = score(game("ihop", [US_THEM_OK, MISDEAL, US_THEM_OK, US_THEM_OK, US_THEM_OK], first_dealer="Cat"))
    assert dealers(out) == ["Cat", "Dan", "Ann", "Bob", "Cat"]
    assert [h["misdeal"] for h in out["hands"]] == [False, True, False, False, False]
    assert [h["deal"] for h in out["hands"]] == [1, 2, 3, 4, 5]
    assert [h["number"] for h in out["hands"]] == [1, None, 2, 3, 4]  # a misdeal is not a hand


def test_first_dealer_defaults_to_the_first_player():
    out = score(game("standard", [MISDEAL, MISDEAL]))
    assert dealers(out) == ["Ann", "Bob"]


def test_dealer_with_three_players():
    h = hand({"Ann": 5, "Bob": 6, "Cat": 6}, {"Ann": 5, "Bob": 6, "Cat": 6})
    out = score(game("ihop-3", [h, MISDEAL, h, h], players=THREE, first_dealer="Bob"), bag_range=False)
    assert dealers(out) == ["Bob", "Cat", "Ann", "Bob"]


def test_dealer_with_six_players():
    h = hand(dict(zip(SIX_SIDES, (5, 6, 4))), dict(zip(SIX_SIDES, (6, 7, 4))))
    out = score(game("ihop-6", [h, MISDEAL, h], players=SIX, first_dealer="Fay"))
    assert dealers(out) == ["Fay", "Ann", "Bob"]


@pytest.mark.parametrize("preset", ["ihop", "standard"])
def test_misdeal_scores_nothing(preset):
    # hand 1: Us 5 take 6: 51; Them 5 take 7: 52. hand 2 misdeal: nothing changes.
    # hand 3: the same again: 102 / 104, bags 2 / 4.
    out = score(game(preset, [US_THEM_OK, MISDEAL, US_THEM_OK]))
    for s in out["hands"][1].get("sides", {}).values():
        assert s["points"] == 0
    assert out["scores"] == {"Us": 102, "Them": 104}
    assert out["bags"] == {"Us": 2, "Them": 4}


def test_only_misdeals_score_nothing():
    out = score(game("ihop", [MISDEAL] * 3))
    assert out["scores"] == {"Us": 0, "Them": 0}
    assert out["status"] == "in_progress"


def test_the_last_side_gets_the_tricks_left():
    from scorekeeper.engine import find_preset, tricks_left, with_raise, without_raise

    assert tricks_left(find_preset("standard"), {"Us": 6}) == 7
    assert tricks_left(find_preset("ihop-6"), {"A": 5, "B": 6}) == 6
    assert tricks_left(find_preset("standard"), {"Us": 14}) is None
    assert (with_raise(5, 2), without_raise(7, 2)) == (7, 5)
