"""The new-game form without a browser: names as typed, partners, the dealer, the problems in words."""
from __future__ import annotations

import random

import pytest

from scorekeeper.engine import MAX_NAME_LENGTH, PRESETS, new_game
from scorekeeper.gui.models.new_game import DRAW, NewGameForm, PartnerChoice


def typed(form: NewGameForm, *names: str) -> NewGameForm:
    for seat, name in enumerate(names):
        form.set_name(seat, name)
    return form


def test_the_dealer_chips_show_the_names_as_they_are_typed():
    form = NewGameForm()
    assert [label for _, label in form.dealer_choices()] == [
        "Player 1", "Player 2", "Player 3", "Player 4", "Draw for the deal"]
    form.set_name(1, "Bo")
    form.set_name(2, "  ")
    assert [label for _, label in form.dealer_choices()][:3] == ["Player 1", "Bo", "Player 3"]


def test_partners_sit_opposite_until_the_table_chooses():
    form = typed(NewGameForm(), "Ann", "Bob", "Cat", "Dan")
    assert form.partner_choices() == [PartnerChoice(0, (1, 2, 3), 2)]
    assert form.to_start().teams is None  # the preset's seating: no "teams" in the record
    form.choose_partner(0, 1)
    assert form.teams == ((0, 1), (2, 3))
    assert form.team_hint(0) == "Ann & Bob" and form.team_hint(1) == "Cat & Dan"
    start = form.to_start()
    assert start.teams == [["Ann", "Bob"], ["Cat", "Dan"]]
    game = new_game(start.rules, start.players, teams=start.teams)
    assert game.side_names == ("Ann & Bob", "Cat & Dan")


def test_six_players_choose_two_partners_the_last_two_play_together():
    form = NewGameForm("ihop-6")
    typed(form, "A", "B", "C", "D", "E", "F")
    assert form.teams == ((0, 3), (1, 4), (2, 5))
    assert [(c.seat, c.candidates) for c in form.partner_choices()] == [(0, (1, 2, 3, 4, 5)), (1, (2, 4, 5))]
    form.choose_partner(0, 1)
    assert form.teams == ((0, 1), (2, 5), (3, 4))
    assert [(c.seat, c.candidates, c.partner) for c in form.partner_choices()] == [
        (0, (1, 2, 3, 4, 5), 1), (2, (3, 4, 5), 5)]
    form.choose_partner(2, 3)
    assert form.teams == ((0, 1), (2, 3), (4, 5))
    assert form.to_start().teams == [["A", "B"], ["C", "D"], ["E", "F"]]


@pytest.mark.parametrize("preset", ["ihop-3", "solo"])
def test_tables_without_partners_choose_none(preset):
    form = typed(NewGameForm(preset), "Ann", "Bob", "Cat", "Dan")
    assert form.partner_choices() == [] and form.to_start().teams is None
    assert len(form.players()) == PRESETS[preset].players


def test_a_preset_change_keeps_the_names_and_a_dealer_who_still_sits():
    form = typed(NewGameForm("ihop-6"), "A", "B", "C", "D", "E", "F")
    form.dealer = 5
    form.set_option("win_score", 300)
    form.pick_preset("ihop-3")
    assert form.players() == ["A", "B", "C"] and form.dealer == 0 and form.options == {}


def test_a_name_too_long_or_twice_is_named_in_words():
    form = typed(NewGameForm(), "Ann", "B" * (MAX_NAME_LENGTH + 4), "ann", "Dan")
    problems = form.problems()
    assert problems[0] == f"{'B' * (MAX_NAME_LENGTH + 4)}'s name is too long: at most {MAX_NAME_LENGTH} characters (34 typed)"
    assert problems[1] == "Two players are called ann: give each one a different name"
    assert typed(NewGameForm(), "Ann", "Bob", "Cat", "Dan").problems() == []


def test_a_team_name_that_is_a_players_name_is_refused_in_words():
    form = typed(NewGameForm(), "Ann", "Bob", "Cat", "Dan")
    form.team_names[1] = "Ann"
    assert form.problems() == ["The team name Ann is also a player's name: names must differ"]
    form.team_names[1] = "Them"
    assert form.to_start().team_names == ["Ann & Cat", "Them"]


def test_house_rules_that_clash_are_refused_with_the_labels():
    form = NewGameForm()
    assert form.set_option("double_nil", True) is None
    message = form.set_option("separate_nils", True)
    assert message.startswith("Rule options \u201cDouble nil\u201d and \u201cBoth partners may bid nil\u201d")
    assert form.options == {"double_nil": True}
    assert form.set_option("double_nil", False) is None and form.options == {}  # back to the preset


def test_the_first_dealer_is_a_chosen_seat_or_drawn():
    form = typed(NewGameForm(), "Ann", "Bob", "Cat", "Dan")
    form.dealer = 2
    assert form.to_start().first_dealer == "Cat" and not form.to_start().drawn
    form.dealer = DRAW
    start = form.to_start(random.Random(1))
    assert start.drawn and start.first_dealer in start.players


# ---- the names typed make the table (issue 26) -----------------------------------------------------
@pytest.mark.parametrize("names, presets, words", [
    pytest.param(0, tuple(PRESETS), "Type the names in seating order; the rule sets for 2, 3, 4, 5 or 6 players "
                                    "are offered as you type", id="no-name-yet-every-rule-set"),
    pytest.param(1, tuple(PRESETS), "1 name typed: Spades needs 2 players or more; the rule sets for 2, 3, 4, 5 or 6 "
                                    "players are offered as you type", id="one-name-every-rule-set"),
    pytest.param(2, ("two",), "For 2 players: Two-handed Spades", id="two-names-two"),
    pytest.param(3, ("ihop-3",), "For 3 players: IHOP 3 players", id="three-names-ihop-3"),
    pytest.param(4, ("standard", "ihop", "solo", "cutthroat"),
                 "For 4 players: Standard, IHOP, Solo Spades or Cutthroat Spades", id="four-names-the-four-player-ones"),
    pytest.param(5, ("five",), "For 5 players: Five-player Spades", id="five-names-five"),
    pytest.param(6, ("ihop-6",), "For 6 players: IHOP 6 players", id="six-names-ihop-6"),
    pytest.param(7, (), "No rule set is for 7 players: these are for 2, 3, 4, 5 or 6 players", id="seven-names-none"),
])
def test_the_form_offers_the_rule_sets_that_fit_the_names_typed(names, presets, words):
    form = typed(NewGameForm(), *[f"P{i}" for i in range(names)])
    offer = form.offer()
    assert (offer.players, offer.presets, offer.words) == (names, presets, words)
    assert all(PRESETS[name].players == names for name in offer.presets) or names < 2
    assert offer.fits == (names in (2, 3, 4, 5, 6))


def test_a_table_of_two_is_never_made_a_four_player_game():
    form = typed(NewGameForm(), "Ann", "Bob")  # Standard chosen, two names typed
    assert not form.fits()
    assert form.problems() == ["Standard is for 4 players and 2 names are typed: type 2 more names, or choose "
                               "Two-handed Spades for 2 players"]
    assert form.offer().presets == ("two",)
    form.pick_preset("two")
    assert form.fits() and form.problems() == [] and form.partner_choices() == []
    start = form.to_start()
    assert start.players == ["Ann", "Bob"] and start.teams is None and start.rules.name == "two"
    game = new_game(start.rules, start.players, first_dealer=start.first_dealer)
    assert game.side_names == ("Ann", "Bob") and game.rules.tricks == 13


def test_five_names_typed_are_offered_five_and_start_a_five_player_game():
    form = typed(NewGameForm("ihop-6"), "Ann", "Bob", "Cat", "Dan", "Eve")
    assert form.problems() == ["IHOP 6 players is for 6 players and 5 names are typed: type 1 more name, or "
                               "choose Five-player Spades for 5 players"]
    form.pick_preset("five")
    assert form.players() == ["Ann", "Bob", "Cat", "Dan", "Eve"] and form.problems() == []
    start = form.to_start()
    assert new_game(start.rules, start.players).rules.tricks == 10
    assert [label for _, label in form.dealer_choices()] == ["Ann", "Bob", "Cat", "Dan", "Eve", "Draw for the deal"]


def test_more_names_than_the_rule_set_seats_say_which_rule_sets_fit():
    form = typed(NewGameForm("two"), "Ann", "Bob", "Cat", "Dan", "Eve")
    assert form.problems() == ["Two-handed Spades is for 2 players and 5 names are typed: choose Five-player Spades "
                               "for 5 players"]
    seven = typed(NewGameForm("ihop-6"), *"ABCDEFG")
    assert seven.problems() == ["IHOP 6 players is for 6 players and 7 names are typed: no rule set is for 7 players: "
                                "these are for 2, 3, 4, 5 or 6 players"]


def test_a_seat_left_empty_before_the_last_name_is_named():
    form = typed(NewGameForm(), "Ann", "", "Cat", "Dan")
    assert form.problems() == ["Player 2 has no name: type a name at every seat, in seating order"]


def test_a_form_with_no_name_typed_starts_with_the_seats_labels_as_before():
    form = NewGameForm("ihop")
    assert form.table_size() == 0 and form.problems() == []
    assert form.to_start().players == ["Player 1", "Player 2", "Player 3", "Player 4"]


def test_the_form_shows_a_field_more_than_the_names_typed_up_to_six():
    form = NewGameForm("two")
    assert form.seats() == 2
    typed(form, "Ann", "Bob")
    assert form.seats() == 3  # room for a third player
    typed(form, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    assert form.seats() == 6
    assert typed(NewGameForm(), "Ann").seats() == 4  # the rule set's own seats


def test_a_smaller_table_drops_the_names_of_the_seats_it_has_not():
    form = typed(NewGameForm("ihop-6"), "A", "B", "C", "D", "E", "F")
    form.pick_preset("two")
    assert form.names == {0: "A", 1: "B"} and form.table_size() == 2 and form.problems() == []
