"""Check apart from doing: verify_hand raises the reason, can_record_hand answers, record_hand does it
and returns the game with its sheet; the Game value itself is unchecked.  Each path scores once."""
from __future__ import annotations

import random

import pytest

import scorekeeper.engine.bids as bids
from scorekeeper.engine import (BidError, HandError, Scored, can_record_hand, load_game, random_game,
                                read_game, record_hand, replace_hand, score_game, take_back_hand, verify_hand)

from .helpers import by_player as b, by_side as t, game, hand

PLAIN = hand(b(3, 3, 3, 3), t(7, 6))
IHOP_PLAIN = hand(t(6, 6), t(7, 6))
BLIND_NOT_BEHIND = hand(t(6, 6), t(7, 6), blind=["Us"])


def test_verify_names_the_hand_and_the_reason():
    g = load_game(game("ihop", [IHOP_PLAIN]))
    with pytest.raises(BidError) as info:
        verify_hand(g, BLIND_NOT_BEHIND)
    assert info.value.hand == 2 and "behind" in str(info.value)
    verify_hand(g, IHOP_PLAIN)  # a legal hand: nothing raised


def test_can_record_answers_yes_or_no():
    g = load_game(game("ihop", []))
    assert can_record_hand(g, IHOP_PLAIN)
    assert not can_record_hand(g, hand(t(6, 6), t(7, 5)))  # 12 tricks
    assert not can_record_hand(g, BLIND_NOT_BEHIND)


def test_record_returns_the_new_game_and_its_sheet():
    g = load_game(game("standard", []))
    scored = record_hand(g, PLAIN)
    assert isinstance(scored, Scored)
    new, sheet = scored
    assert len(new.hands) == 1 and len(g.hands) == 0  # the old value is untouched
    assert sheet.to_json() == score_game(new).to_json()


def test_record_with_the_sheet_scores_only_the_new_hand(monkeypatch):
    g = random_game(random.Random(7), "ihop", hands=8)
    sheet = score_game(g)
    calls = []
    real = bids.read_hand
    monkeypatch.setattr("scorekeeper.engine.scoring.read_hand", lambda *a: calls.append(a[2]) or real(*a))
    new, after = record_hand(g, {"misdeal": True}, sheet=sheet)
    assert calls == []  # a misdeal reads no bids
    hand_ = {"bids": {s.name: 4 for s in g.sides}, "tricks": {g.sides[0].name: 7, g.sides[1].name: 6}}
    if can_record_hand(new, hand_, sheet=after):
        calls.clear()
        final, final_sheet = record_hand(new, hand_, sheet=after)
        assert calls == [len(final.hands)]  # only the new hand was read and scored
        assert final_sheet.to_json() == score_game(final).to_json()
    assert sheet.to_json() == score_game(g).to_json()  # the sheet passed in is not changed


def test_a_refused_hand_leaves_the_sheet_as_it_was():
    g = load_game(game("standard", [PLAIN]))
    sheet = score_game(g)
    before = sheet.to_json()
    with pytest.raises(HandError):
        record_hand(g, hand(b(3, 3, 3, 3), t(7, 5)), sheet=sheet)
    assert sheet.to_json() == before


def test_the_game_value_is_unchecked_and_scoring_finds_the_fault():
    g = load_game(game("standard", [])).with_hand(hand(b(3, 3, 3, 3), t(7, 5)))  # appended: no rule checked
    with pytest.raises(HandError) as info:
        score_game(g)
    assert info.value.hand == 1


def test_replace_and_take_back_rescore():
    g, _ = read_game(game("standard", [PLAIN, PLAIN]))
    replaced, sheet = replace_hand(g, 1, hand(b(3, 3, 3, 3), t(6, 7)))
    assert sheet.scores == {"Us": 61 + 60, "Them": 60 + 61}
    back, back_sheet = take_back_hand(replaced)
    assert len(back.hands) == 1 and back_sheet.scores == {"Us": 60, "Them": 61}


def test_read_game_scores_the_record_once(monkeypatch):
    record = random_game(random.Random(3), "standard", hands=10).to_dict()
    calls = []
    import scorekeeper.engine.actions as actions
    real = actions.score_game
    monkeypatch.setattr(actions, "score_game", lambda *a, **k: calls.append(1) or real(*a, **k))
    game_, sheet = read_game(record)
    assert len(calls) == 1 and sheet.to_json() == real(game_).to_json()
