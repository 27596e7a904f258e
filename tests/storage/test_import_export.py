"""Export -> import round trips through spades-game/1 JSON; the CSV scoresheet is the engine's."""
from __future__ import annotations

import csv
import io
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli.text import CSV_COLUMNS, scoresheet_csv
from scorekeeper.engine import random_game, score_game
from scorekeeper.engine.errors import RecordError
from scorekeeper.storage import DuplicateGameError, Repository

from .conftest import PLAYERS, THEM, US, hand, rules


def test_export_then_import_gives_the_same_game(repo):
    game_id = repo.create_game("ihop", PLAYERS, first_dealer="Cat")
    source = random_game(random.Random(3), "ihop", hands=8, first_dealer="Cat").to_dict()
    for h in source["hands"]:
        repo.record_hand(game_id, h)
    exported = repo.exchange.export_game(game_id)
    assert exported["format"] == "spades-game/1" and exported["hands"] == source["hands"]
    copy_id = repo.exchange.import_game(json.dumps(exported), copy=True)
    assert copy_id != game_id
    assert repo.exchange.export_game(copy_id) == exported
    assert score_game(repo.get(copy_id).game).to_json() == score_game(repo.get(game_id).game).to_json()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(["ihop", "ihop-3", "ihop-6", "standard"]))
def test_any_legal_game_round_trips(tmp_path_factory, seed, preset):
    repo = Repository(tmp_path_factory.mktemp("data"))
    record = random_game(random.Random(seed), preset, hands=6).to_dict()
    game_id = repo.exchange.import_game(record)
    assert repo.exchange.export_game(game_id) == record
    with pytest.raises(DuplicateGameError) as repeat:
        repo.exchange.import_game(repo.exchange.export_game(game_id))
    assert repeat.value.game_id == game_id
    assert repo.exchange.import_game(repo.exchange.export_game(game_id), copy=True) != game_id


def test_import_reports_the_first_problem_and_adds_nothing(repo):
    record = {"format": "spades-game/1", "rules": "standard", "players": PLAYERS,
              "hands": [hand(), {"bids": {"Ann": 2, "Cat": 2, "Bob": 4, "Dan": 5},
                                 "tricks": {US: 4, THEM: 8}}, hand()]}
    with pytest.raises(RecordError, match="^hand 2: ") as caught:
        repo.exchange.import_game(record)
    assert caught.value.hand == 2
    assert repo.list_games() == []


def test_import_refuses_an_unknown_format(repo):
    with pytest.raises(RecordError, match="format"):
        repo.exchange.import_game({"format": "spades-game/9", "rules": "ihop", "players": PLAYERS, "hands": []})


def test_csv_has_one_row_per_hand_per_side_with_the_engines_figures(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    nil_hand = {"bids": {"Ann": 2, "Cat": 2, "Bob": "nil", "Dan": 5},
                "tricks": {US: 4, "Bob": 0, "Dan": 9}}
    for h in (hand(), {"misdeal": True}, nil_hand):
        repo.record_hand(game_id, h)
    stored = repo.get(game_id)
    rows = list(csv.DictReader(io.StringIO(scoresheet_csv(stored.game, stored.sheet))))
    assert list(rows[0]) == CSV_COLUMNS
    assert [(r["hand"], r["deal"], r["side"]) for r in rows] == [  # a misdeal is not a hand
        ("1", "1", US), ("1", "1", THEM), ("", "2", US), ("", "2", THEM), ("2", "3", US), ("2", "3", THEM)]
    sheet = score_game(repo.get(game_id).game)
    for row in rows:
        side = sheet.hands[int(row["deal"]) - 1].sides[row["side"]]
        assert int(row["score"]) == side.score and int(row["bags"]) == side.bags
        assert int(row["points"]) == side.points
    first_us = rows[0]
    assert first_us["players"] == "Ann & Cat" and first_us["dealer"] == "Ann"
    assert (first_us["bid"], first_us["tricks"], first_us["made"], first_us["set"]) == ("2 + 2", "4", "yes", "no")
    assert first_us["explanation"] and first_us["misdeal"] == "no"
    assert rows[2]["misdeal"] == rows[3]["misdeal"] == "yes" and rows[2]["points"] == "0"
    assert rows[5]["nils"] == "Bob made nil"


def test_importing_a_saved_record_again_names_the_game_and_adds_nothing(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    for change in (hand(), {"misdeal": True}, hand()):
        repo.record_hand(game_id, change)
    record = repo.exchange.export_game(game_id)
    with pytest.raises(DuplicateGameError) as repeat:
        repo.exchange.import_game(json.dumps(record))
    assert str(repeat.value) == (f"this record is already saved as game {game_id} "
                                 f"({US} vs {THEM}, in progress, 2 hands, 1 misdeal)")
    assert [s.id for s in repo.list_games()] == [game_id]


def test_a_repeat_of_a_game_in_the_trash_says_so(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    record = repo.exchange.export_game(game_id)
    repo.trash.delete(game_id)
    with pytest.raises(DuplicateGameError, match=f"already saved in the trash as game {game_id} "):
        repo.exchange.import_game(record)
    assert repo.list_games() == []


def test_a_record_that_differs_by_one_hand_is_not_a_repeat(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    repo.record_hand(game_id, hand())
    record = repo.exchange.export_game(game_id)
    record["hands"].append(hand(us_tricks=6))
    assert repo.exchange.import_game(record) != game_id
    assert len(repo.list_games()) == 2
