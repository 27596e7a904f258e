"""The hand entry's draft: taps become the record's hand, as GAME_FORMAT.md writes it."""
from __future__ import annotations

import pytest

from scorekeeper.engine import lock_status, new_game, next_hand, score_game
from scorekeeper.gui.models import HandDraft


def draft_for(preset: str, players=("Ann", "Bob", "Cat", "Dan")):
    game = new_game(preset, list(players))
    return game, HandDraft(game, next_hand(game))


def test_standard_bids_are_per_player_in_order_from_the_leader():
    game, d = draft_for("standard")
    assert d.shape.bidders == ["Bob", "Cat", "Dan", "Ann"]
    assert d.shape.rows == ["Ann", "Bob", "Cat", "Dan"] and d.shape.first_bidder == "Bob"  # the rows never move
    assert list(d.shape.bid_range("Bob")) == list(range(1, 14))
    for p, v in zip(d.shape.bidders, (3, 4, "nil", 3)):
        d.set_bid(p, v)
    assert d.bids.of("Dan") == "nil"
    assert d.tricks.keys() == ["Ann & Cat", "Bob", "Dan"]


def test_last_side_tricks_are_filled_in_from_the_deal_size():
    game, d = draft_for("standard")
    assert d.tricks.counted == "Ann & Cat"  # the chips count for the first side
    d.tricks.set("Ann & Cat", 7)
    assert d.tricks.counts["Bob & Dan"] == 6 and d.tricks.filled == "Bob & Dan"
    assert d.tricks.counted is None  # every count known: no count is chosen until one is tapped


def test_tapping_either_side_fills_in_the_other():
    game, d = draft_for("standard")
    d.tricks.set("Ann & Cat", 7)
    d.tricks.count_for("Bob & Dan")
    d.tricks.set("Bob & Dan", 5)
    assert d.tricks.counts == {"Ann & Cat": 8, "Bob & Dan": 5} and d.tricks.filled == "Ann & Cat"
    d.tricks.count_for("Ann & Cat")
    d.tricks.set("Ann & Cat", 13)
    assert d.tricks.counts == {"Ann & Cat": 13, "Bob & Dan": 0}
    assert d.tricks.problem() is None


def test_three_counts_fill_the_last_and_refill_the_oldest():
    game, d = draft_for("standard")
    d.set_bid("Bob", "nil")
    assert d.tricks.keys() == ["Ann & Cat", "Bob", "Dan"]
    d.tricks.set("Ann & Cat", 8)
    assert d.tricks.counted == "Bob"  # on to the next empty count
    d.tricks.set("Bob", 0)
    assert d.tricks.counts == {"Ann & Cat": 8, "Bob": 0, "Dan": 5} and d.tricks.filled == "Dan"
    assert d.tricks.counted is None
    d.tricks.count_for("Dan")
    d.tricks.set("Dan", 4)  # Ann & Cat, tapped longest ago, follows
    assert d.tricks.counts == {"Ann & Cat": 9, "Bob": 0, "Dan": 4}
    assert d.tricks.problem() is None


def test_counts_that_cannot_add_up_are_named_and_never_ready():
    game, d = draft_for("standard")
    d.set_bid("Bob", "nil")
    d.tricks.set("Ann & Cat", 9)
    d.tricks.set("Bob", 6)  # 15 of 13 already: nothing can be filled in
    assert d.tricks.counts.get("Dan") is None
    assert "more than 13" in d.tricks.problem()
    edited = HandDraft.from_hand(game, d.next, {"bids": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 3},
                                                "tricks": {"Ann & Cat": 7, "Bob & Dan": 5}})
    assert "do not add up to 13" in edited.tricks.problem()
    edited.tricks.set("Bob & Dan", 4)  # the other side follows
    assert edited.tricks.counts == {"Ann & Cat": 9, "Bob & Dan": 4} and edited.tricks.problem() is None


def test_a_nil_side_counts_tricks_per_player():
    game, d = draft_for("standard")
    d.set_bid("Bob", "nil")
    assert d.tricks.keys() == ["Ann & Cat", "Bob", "Dan"]
    d.tricks.set("Bob", 0)
    assert "Dan" not in d.tricks.counts  # two keys still open
    d.tricks.set("Ann & Cat", 8)
    assert d.tricks.counts["Dan"] == 5


def test_a_plain_standard_hand_is_a_valid_record_hand():
    game, d = draft_for("standard")
    for p, v in zip(d.shape.bidders, (3, 4, 2, 3)):
        d.set_bid(p, v)
    d.tricks.set("Ann & Cat", 7)
    hand = d.to_hand()
    assert hand == {"bids": {"Bob": 3, "Cat": 4, "Dan": 2, "Ann": 3},
                    "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}
    assert score_game(game.with_hand(hand)).scores == {"Ann & Cat": 70, "Bob & Dan": 51}


def test_ihop_bids_by_side_with_a_nil_and_a_raise():
    game, d = draft_for("ihop")
    assert d.partnership and d.shape.bidders == ["Bob & Dan", "Ann & Cat"]
    assert list(d.shape.bid_range("Bob & Dan"))[0] == 4
    d.set_bid("Bob & Dan", 4)
    d.toggle_nil("Bob")
    d.set_bid("Ann & Cat", 5)
    lock = lock_status(game, d.bids.side_bids())
    assert lock.locked is False and lock.raiser == "Bob & Dan"
    d.bids.set_raise("Bob & Dan", 1)
    d.tricks.set("Bob", 0)
    d.tricks.set("Dan", 5)
    assert d.tricks.counts["Ann & Cat"] == 8
    hand = d.to_hand()
    assert hand["bids"] == {"Bob & Dan": 5, "Bob": "nil", "Ann & Cat": 5}
    assert hand["raised"] == {"Bob & Dan": 1}
    game.with_hand(hand)  # the engine accepts it


def test_editing_reads_a_recorded_hand_back():
    game, _ = draft_for("ihop")
    hand = {"bids": {"Bob & Dan": 5, "Bob": "nil", "Ann & Cat": 5}, "raised": {"Bob & Dan": 1},
            "tricks": {"Bob": 0, "Dan": 5, "Ann & Cat": 8}}
    game = game.with_hand(hand)
    d = HandDraft.from_hand(game, next_hand(new_game("ihop", ["Ann", "Bob", "Cat", "Dan"])), hand)
    assert d.bids.numbers == {"Bob & Dan": 4, "Ann & Cat": 5} and d.bids.nils == {"Bob"}
    assert d.to_hand() == hand


@pytest.mark.parametrize("preset", ["ihop-3", "ihop-6"])
def test_other_table_sizes_fill_the_last_count_only(preset):
    players = ["Ann", "Bob", "Cat"] if preset == "ihop-3" else ["A", "B", "C", "D", "E", "F"]
    game, d = draft_for(preset, players)
    keys = d.tricks.keys()
    assert len(keys) == 3
    d.tricks.set(keys[0], 5)
    assert d.tricks.counts.get(keys[2]) is None
    d.tricks.set(keys[1], 5)
    assert d.tricks.counts[keys[2]] == 7


def test_missing_says_what_to_tap_next():
    game, d = draft_for("standard")
    assert d.missing() == "Bid for Bob"


def test_solo_moves_the_choice_on_and_then_to_nobody():
    """Issue 15, 3: after the third player's tricks the fourth is filled in; the choice must not
    stay on the third (a fourth tap changed the third's tricks, the total still 13, no warning)."""
    game, d = draft_for("solo")
    players = d.tricks.keys()
    assert d.tricks.counted == players[0]
    d.tricks.set(players[0], 3)
    assert d.tricks.counted == players[1]
    d.tricks.set(players[1], 4)
    assert d.tricks.counted == players[2]
    d.tricks.set(players[2], 2)
    assert d.tricks.counts[players[3]] == 4 and d.tricks.filled == players[3]
    assert d.tricks.counted is None, "nothing is chosen: the next tap on a number changes nothing"
    d.tricks.count_for(players[3])  # a count tapped is chosen again, visibly
    d.tricks.set(players[3], 5)
    assert d.tricks.counts[players[3]] == 5 and sum(d.tricks.counts.values()) == 13
    assert d.tricks.counted is None


def test_counts_that_cannot_add_up_move_on_to_the_one_still_empty():
    game, d = draft_for("standard")
    d.set_bid("Bob", "nil")
    d.tricks.set("Ann & Cat", 9)
    d.tricks.set("Bob", 6)  # 15 of 13: nothing filled in; on to the count still empty
    assert d.tricks.counted == "Dan"


def ihop_with_specials():
    game = new_game({"preset": "ihop", "options": {"no_trump": True, "bemo": True}},
                    ["Ann", "Bob", "Cat", "Dan"])
    d = HandDraft(game, next_hand(game))
    d.set_bid("Ann & Cat", 5)
    d.set_bid("Bob & Dan", 4)
    d.tricks.set("Ann & Cat", 8)
    return game, d


PLAIN_IHOP = {"bids": {"Bob & Dan": 4, "Ann & Cat": 5}, "tricks": {"Ann & Cat": 8, "Bob & Dan": 5}}


def test_set_special_sets_changes_and_clears_each_kind():
    game, d = ihop_with_specials()
    d.specials.set("aces", "Ann & Cat", True)
    d.specials.set("aces", "Bob & Dan", False)  # missed: kept, it is not "not bid"
    d.specials.set("no_trump", "Ann & Cat", True)
    d.specials.set("bemo", "Bob & Dan", ("big", False))
    assert d.to_hand() == {**PLAIN_IHOP, "aces": {"Ann & Cat": True, "Bob & Dan": False},
                           "no_trump": {"Ann & Cat": True},
                           "bemo": {"Bob & Dan": {"size": "big", "made": False}}}
    # changed: the new outcome replaces the old, for that side only
    d.specials.set("aces", "Ann & Cat", False)
    d.specials.set("no_trump", "Ann & Cat", False)
    d.specials.set("bemo", "Bob & Dan", ("little", True))
    hand = d.to_hand()
    assert hand["aces"] == {"Ann & Cat": False, "Bob & Dan": False}
    assert hand["no_trump"] == {"Ann & Cat": False}
    assert hand["bemo"] == {"Bob & Dan": {"size": "little", "made": True}}
    game.with_hand(hand)  # the engine takes it
    # cleared with None: the field leaves the hand when no side has it
    d.specials.set("aces", "Bob & Dan", None)
    assert d.to_hand()["aces"] == {"Ann & Cat": False}
    for kind, side in (("aces", "Ann & Cat"), ("no_trump", "Ann & Cat"), ("bemo", "Bob & Dan")):
        d.specials.set(kind, side, None)
    d.specials.set("bemo", "Ann & Cat", None)  # clearing what was never set changes nothing
    assert d.to_hand() == PLAIN_IHOP
    with pytest.raises(KeyError):
        d.specials.set("moon", "Ann & Cat", True)


def test_set_penalty_sets_changes_and_clears_with_zero():
    game, d = ihop_with_specials()
    d.specials.set_penalty("reneg", "Bob & Dan", 1)
    d.specials.set_penalty("unplayed", "Ann & Cat", 2)
    assert d.to_hand() == {**PLAIN_IHOP, "penalties": [{"side": "Bob & Dan", "reneg": 1},
                                                       {"side": "Ann & Cat", "unplayed_cards": 2}]}
    d.specials.set_penalty("reneg", "Bob & Dan", 2)  # changed: one entry, the new count
    d.specials.set_penalty("unplayed", "Ann & Cat", 1)
    d.specials.set_penalty("reneg", "Ann & Cat", 1)
    assert d.to_hand()["penalties"] == [{"side": "Bob & Dan", "reneg": 2}, {"side": "Ann & Cat", "reneg": 1},
                                        {"side": "Ann & Cat", "unplayed_cards": 1}]
    game.with_hand(d.to_hand())  # the engine takes it
    d.specials.set_penalty("reneg", "Bob & Dan", 0)
    d.specials.set_penalty("reneg", "Ann & Cat", 0)
    assert d.to_hand()["penalties"] == [{"side": "Ann & Cat", "unplayed_cards": 1}]
    d.specials.set_penalty("unplayed", "Ann & Cat", 0)
    d.specials.set_penalty("unplayed", "Bob & Dan", 0)  # clearing what was never set changes nothing
    assert d.to_hand() == PLAIN_IHOP  # no "penalties" left


def test_specials_and_penalties_read_back_for_an_edit():
    game, d = ihop_with_specials()
    d.specials.set("aces", "Ann & Cat", True)
    d.specials.set("bemo", "Ann & Cat", ("little", True))
    d.specials.set_penalty("unplayed", "Bob & Dan", 3)
    hand = d.to_hand()
    again = HandDraft.from_hand(game, d.next, hand)
    read = again.specials
    assert (read.aces, read.bemo, read.unplayed) == ({"Ann & Cat": True}, {"Ann & Cat": ("little", True)},
                                                     {"Bob & Dan": 3})
    assert again.to_hand() == hand


def _ihop_behind():
    """IHOP, Ann & Cat set twice while Bob & Dan make 6: 100+ behind, so they may bid blind."""
    AC, BD = "Ann & Cat", "Bob & Dan"
    game = new_game("ihop", ["Ann", "Bob", "Cat", "Dan"])
    for _ in range(2):
        game = game.with_hand({"bids": {AC: 4, BD: 6}, "tricks": {AC: 3, BD: 10}})
    return game, HandDraft(game, next_hand(game, score_game(game))), AC


def test_after_blind_a_side_is_offered_only_blind_bids():
    game, d, ac = _ihop_behind()
    assert d.shape.blind_allowed(ac)
    assert 4 in d.shape.bid_range(ac)
    assert list(d.shape.bid_range(ac, blind=True))[0] == game.rules.blind_min == 6
    d.set_bid(ac, 4)
    d.bids.toggle_blind(ac)  # 4 is no blind bid: taken back, to be picked again
    assert d.bids.numbers[ac] is None and d.bids.awaited() is not None
    d.bids.toggle_blind(ac)
    d.set_bid(ac, 7)
    d.bids.toggle_blind(ac)
    assert d.bids.numbers[ac] == 7  # a blind bid already
