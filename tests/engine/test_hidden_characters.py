"""Names with control characters or bidirectional overrides (issue 25, point 7), in the engine: a
new game or a record checked as it enters (`entered_names`) is refused with the field and the
character named; a record that holds one already (an earlier release let it in) still loads, and
`shown` writes such a character escaped wherever text leaves the app."""
from __future__ import annotations

import pytest

from scorekeeper.engine import RecordError, new_game, parse_game
from scorekeeper.engine.record import check_entered_names
from scorekeeper.engine.text import shown

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HIDDEN = ["\x00", "\x07", "\x1b", "\x7f", "\x85", "\x9b", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
          "\u2066", "\u2067", "\u2068", "\u2069"]


@pytest.mark.parametrize("char", HIDDEN, ids=[f"U+{ord(c):04X}" for c in HIDDEN])
def test_a_new_game_refuses_a_player_name_with_a_hidden_character(char):
    with pytest.raises(RecordError) as refused:
        new_game("standard", ["Ann", f"Bo{char}b", "Cat", "Dan"])
    said = str(refused.value)
    assert '"players"' in said and f"U+{ord(char):04X}" in said, said
    assert char not in said, "the message shows the character escaped"


def test_a_new_game_refuses_a_team_name_with_an_override():
    with pytest.raises(RecordError) as refused:
        new_game("standard", PLAYERS, team_names=["Us", "exe.\u202eevil"])
    said = str(refused.value)
    assert '"team_names"' in said and "U+202E" in said and "right-to-left override" in said, said


def test_a_record_saved_with_such_names_still_loads_and_is_refused_only_as_it_enters():
    record = {"format": "spades-game/1", "rules": "standard", "players": ["Ann\x07", "Bob", "Cat", "\u202eDan"],
              "hands": [{"bids": {"Ann\x07": 3, "Bob": 3, "Cat": 3, "\u202eDan": 3},
                         "tricks": {"Ann\x07 & Cat": 7, "Bob & \u202eDan": 6}}]}
    game = parse_game(record)  # an earlier release's record loads as it was
    assert game.players[0] == "Ann\x07" and game.to_dict() == record
    with pytest.raises(RecordError, match=r'"players".*U\+0007'):
        check_entered_names(game)


def test_plain_names_from_anywhere_in_the_world_are_fine():
    for names in (["Zoë", "José", "Åsa", "Łukasz"], ["أحمد", "שרה", "李雷", "Ngozi"], ["O'Brien", "Anne-Marie", "A B", "D.J."]):
        check_entered_names(new_game("standard", names))


def test_shown_escapes_each_hidden_character_and_nothing_else():
    assert shown("Ann\x07 & \u202eBob\x1b[31m") == "Ann\\x07 & \\u202eBob\\x1b[31m"
    assert shown("Zoë & أحمد") == "Zoë & أحمد"
