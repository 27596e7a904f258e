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
