"""Cached summaries follow the engine: each is stamped with ENGINE_VERSION, and one from another
engine is scored again when the list or the stats are read.  And a hand is a scored hand."""
from __future__ import annotations

import json

from scorekeeper.cli.games import main
from scorekeeper.cli.text import hands_text
from scorekeeper.engine import ENGINE_VERSION, load_game, score_game

from .conftest import BIG_HAND, PLAYERS, THEM, hand, rules


def _game_file(repo, game_id):
    return repo.games_dir / f"{game_id}.json"


def _edit_json(path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _finished_game(repo) -> str:
    game_id = repo.create_game(rules(win_score=150), PLAYERS)
    repo.record_hand(game_id, BIG_HAND)  # Bob makes his nil, Bob & Dan reach 194
    return game_id


def _as_an_older_engine_left_it(summary: dict) -> None:
    summary["engine"] = ENGINE_VERSION - 1
    summary["scores"] = {side: 999 for side in summary["scores"]}
    summary["hands_played"] = 99
    for line in summary["players"].values():
        line["nils_made"] = 0


def test_every_summary_is_stamped_with_the_engine_version(repo):
    game_id = _finished_game(repo)
    [listed] = repo.list_games()
    assert listed.engine == ENGINE_VERSION
    assert json.loads(_game_file(repo, game_id).read_text())["game"]["1"]["summary"]["engine"] == ENGINE_VERSION
    [entry] = json.loads(repo.index_path.read_text())["games"].values()
    assert entry["summary"]["engine"] == ENGINE_VERSION


def test_a_game_file_summary_from_an_older_engine_is_scored_again_when_listed(repo):
    game_id = _finished_game(repo)
    repo.index_path.unlink(missing_ok=True)  # no index: the list reads each game file's own summary
    _edit_json(_game_file(repo, game_id), lambda db: _as_an_older_engine_left_it(db["game"]["1"]["summary"]))

    [listed] = repo.list_games()
    sheet = score_game(load_game(repo.get(game_id).record))
    assert listed.scores == sheet.scores and listed.hands_played == 1
    assert listed.engine == ENGINE_VERSION
    [bob] = [s for s in repo.player_stats() if s.name == "Bob"]
    assert bob.nils_made == 1 and bob.wins == 1


def test_an_index_entry_from_an_older_engine_is_scored_again_though_its_file_did_not_change(repo):
    game_id = _finished_game(repo)
    repo.list_games()
    _edit_json(repo.index_path,
               lambda db: [_as_an_older_engine_left_it(e["summary"]) for e in db["games"].values()])

    [bob] = [s for s in repo.player_stats() if s.name == "Bob"]
    assert bob.nils_made == 1
    [listed] = repo.list_games()
    assert listed.id == game_id and listed.scores[THEM] == 194 and listed.hands_played == 1
    [entry] = json.loads(repo.index_path.read_text())["games"].values()
    assert entry["summary"]["engine"] == ENGINE_VERSION and entry["summary"]["scores"][THEM] == 194


def test_a_listing_never_rewrites_a_game_file(repo):
    game_id = _finished_game(repo)
    path = _game_file(repo, game_id)
    _edit_json(path, lambda db: _as_an_older_engine_left_it(db["game"]["1"]["summary"]))
    before = path.read_bytes()
    repo.list_games()
    assert path.read_bytes() == before  # the fresh summary lives in the index until the game is saved


def test_misdeals_and_thrown_out_hands_are_counted_apart_from_hands(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    for change in (hand(), {"misdeal": True}, hand(), hand(), hand()):
        repo.record_hand(game_id, change)
    [listed] = repo.list_games()
    assert (listed.hands_played, listed.misdeals, listed.thrown_out) == (4, 1, 0)
    assert hands_text(listed) == "4 hands, 1 misdeal"


def test_the_games_command_says_hands_and_misdeals_in_words(repo, capsys):
    one = repo.create_game(rules(), PLAYERS)
    repo.record_hand(one, hand())
    two = repo.create_game(rules(), PLAYERS)
    for change in (hand(), {"misdeal": True}, {"misdeal": True}, hand()):
        repo.record_hand(two, change)
    assert main(["games", "--data", str(repo.data_dir)]) == 0
    out = capsys.readouterr().out
    line = {game_id: next(row for row in out.splitlines() if row.startswith(game_id)) for game_id in (one, two)}
    assert " 1 hand " in line[one]
    assert " 2 hands, 2 misdeals " in line[two]
    assert "(s)" not in out
