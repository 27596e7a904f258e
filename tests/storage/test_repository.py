"""The games repository: create, record, replace, undo/redo, misdeal, trash, list, stats."""
from __future__ import annotations

import pytest

from scorekeeper.engine import load_game, score_game
from scorekeeper.engine.errors import RecordError
from scorekeeper.storage import GameChangedError, Repository, StorageError, default_data_dir

from .conftest import BIG_HAND, PLAYERS, THEM, US, hand, rules


def _game_with(repo, hands, win_score=100_000):
    game_id = repo.create_game(rules(win_score), PLAYERS)
    for h in hands:
        repo.record_hand(game_id, h)
    return game_id


# ----- create / record -------------------------------------------------------------------------
def test_created_game_is_saved_with_its_table(repo):
    game_id = repo.create_game("ihop", PLAYERS, team_names=["Us", "Them"], first_dealer="Bob")
    stored = repo.get(game_id)
    assert stored.id == game_id and stored.version == 1
    assert stored.game.side_names == ("Us", "Them")
    assert stored.record["first_dealer"] == "Bob" and stored.record["hands"] == []
    assert not stored.can_undo and not stored.can_redo
    assert stored.created == stored.updated


def test_a_recorded_hand_is_on_disk_for_a_fresh_repository(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    stored = repo.record_hand(game_id, hand())
    assert stored.version == 2 and stored.can_undo
    again = Repository(repo.data_dir).get(game_id)
    assert again.record == stored.record
    assert len(again.game.hands) == 1


def test_an_invalid_hand_raises_the_engine_error_and_changes_nothing(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    with pytest.raises(RecordError, match="hand 1: .*13") as caught:
        repo.record_hand(game_id, {"bids": {"Ann": 2, "Cat": 2, "Bob": 4, "Dan": 5},
                                   "tricks": {US: 4, THEM: 8}})
    assert caught.value.hand == 1
    assert repo.get(game_id).version == 1


def test_misdeal_is_recorded_as_a_hand(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    stored = repo.record_misdeal(game_id)
    assert stored.record["hands"] == [{"misdeal": True}]
    assert score_game(stored.game).hands[0].misdeal


def test_stale_window_gets_game_changed_error(repo):
    game_id = repo.create_game(rules(), PLAYERS)
    seen = repo.get(game_id)
    other_window = Repository(repo.data_dir)
    other_window.record_hand(game_id, hand(), expected_version=seen.version)
    with pytest.raises(GameChangedError, match="this game was changed elsewhere") as caught:
        repo.record_hand(game_id, hand(3, 3, 3, 3, 6), expected_version=seen.version)
    assert game_id in str(caught.value)
    assert len(repo.get(game_id).game.hands) == 1


def test_unknown_and_malformed_ids_are_clear_errors(repo):
    with pytest.raises(StorageError, match="no game abcd1234"):
        repo.get("abcd1234")
    with pytest.raises(StorageError, match="not a game id"):
        repo.get("../../etc/passwd")


# ----- replace ------------------------------------------------------------------------------------
def test_replacing_hand_2_of_6_recomputes_everything_after_it(repo):
    game_id = _game_with(repo, [hand()] * 6)
    before = score_game(repo.get(game_id).game)
    new_hand = hand(3, 2, 4, 4, us_tricks=5)
    stored = repo.replace_hand(game_id, 2, new_hand)
    assert stored.record["hands"][1] == new_hand
    assert stored.record["hands"][:1] + stored.record["hands"][2:] == [hand()] * 5
    after = score_game(stored.game)
    assert after.hands[0].sides[US].score == before.hands[0].sides[US].score
    for number in range(2, 7):  # every score from hand 2 on moved by hand 2's difference
        assert after.hands[number - 1].sides[US].score != before.hands[number - 1].sides[US].score
    assert after.scores == score_game(load_game(stored.record)).scores
    assert repo.list_games()[0].scores == after.scores


def test_a_replacement_that_breaks_a_later_hand_is_refused_with_the_reason(repo):
    game_id = _game_with(repo, [hand()] * 6, win_score=550)
    with pytest.raises(RecordError, match="hand 6: the game was over after hand 5") as caught:
        repo.replace_hand(game_id, 2, BIG_HAND)
    assert caught.value.hand == 6
    stored = repo.get(game_id)
    assert stored.record["hands"] == [hand()] * 6 and stored.version == 7


def test_replacing_a_hand_that_does_not_exist(repo):
    game_id = _game_with(repo, [hand()] * 2)
    with pytest.raises(RecordError, match=f"game {game_id} has 2 hands, so there is no hand 3"):
        repo.replace_hand(game_id, 3, hand())


# ----- undo / redo ---------------------------------------------------------------------------------
def test_undo_and_redo_walk_the_history(repo):
    first, second, third = hand(), hand(3, 3, 3, 3, 6), hand(1, 1, 5, 5, 2)
    game_id = _game_with(repo, [first, second, third])
    stored = repo.undo(game_id)
    assert stored.record["hands"] == [first, second] and stored.can_redo
    stored = repo.undo(game_id)
    assert stored.record["hands"] == [first]
    stored = repo.redo(game_id)
    assert stored.record["hands"] == [first, second] and stored.can_redo
    stored = repo.redo(game_id)
    assert stored.record["hands"] == [first, second, third] and not stored.can_redo
    with pytest.raises(StorageError, match="nothing to redo"):
        repo.redo(game_id)


def test_undo_of_a_replacement_puts_the_old_hand_back(repo):
    game_id = _game_with(repo, [hand()] * 3)
    repo.replace_hand(game_id, 2, hand(3, 2, 4, 4, 5))
    assert repo.undo(game_id).record["hands"] == [hand()] * 3
    assert repo.redo(game_id).record["hands"][1] == hand(3, 2, 4, 4, 5)


def test_a_new_change_clears_redo(repo):
    game_id = _game_with(repo, [hand(), hand()])
    repo.undo(game_id)
    stored = repo.record_misdeal(game_id)
    assert not stored.can_redo
    assert stored.record["hands"] == [hand(), {"misdeal": True}]
    with pytest.raises(StorageError, match="nothing to redo"):
        repo.redo(game_id)


def test_undo_everything_then_nothing_left(repo):
    game_id = _game_with(repo, [hand()])
    assert repo.undo(game_id).record["hands"] == []
    with pytest.raises(StorageError, match=f"game {game_id}: there is nothing to undo"):
        repo.undo(game_id)


def test_undo_respects_expected_version(repo):
    game_id = _game_with(repo, [hand()])
    with pytest.raises(GameChangedError):
        repo.undo(game_id, expected_version=1)


# ----- trash -------------------------------------------------------------------------------------------
def test_deleted_game_waits_in_the_trash_until_emptied(repo):
    keep = _game_with(repo, [hand()])
    gone = _game_with(repo, [hand(), hand()])
    repo.trash.delete(gone)
    assert [s.id for s in repo.list_games()] == [keep]
    assert [s.id for s in repo.trash.list_games()] == [gone]
    with pytest.raises(StorageError, match=f"game {gone} is in the trash"):
        repo.get(gone)
    repo.trash.restore(gone)
    assert {s.id for s in repo.list_games()} == {keep, gone}
    assert repo.get(gone).record["hands"] == [hand(), hand()]
    repo.trash.delete(gone)
    assert repo.trash.empty() == 1
    assert repo.trash.list_games() == []
    with pytest.raises(StorageError, match="not in the trash"):
        repo.trash.restore(gone)
    with pytest.raises(StorageError, match="no game"):
        repo.get(gone)


# ----- list and stats -------------------------------------------------------------------------------
def test_list_puts_games_in_progress_first_then_newest(repo):
    finished = _game_with(repo, [hand()] * 3, win_score=250)
    old = _game_with(repo, [hand()])
    new = _game_with(repo, [hand()])
    repo.record_hand(old, hand())  # now the most recently changed
    listed = repo.list_games()
    assert [s.id for s in listed] == [old, new, finished]
    done = listed[-1]
    sheet = score_game(repo.get(finished).game)
    assert done.status == "finished" and done.winner == THEM == sheet.winner
    assert done.scores == sheet.scores and done.hands_played == 3
    assert done.title == f"{US} vs {THEM}" and done.rules == "standard"
    assert done.sides == (US, THEM)


def test_list_sees_changes_made_by_another_process(repo):
    game_id = _game_with(repo, [hand()])
    assert repo.list_games()[0].hands_played == 1
    Repository(repo.data_dir).record_hand(game_id, hand())
    assert repo.list_games()[0].hands_played == 2


def test_player_stats_count_finished_games_only(repo):
    won_by_them = _game_with(repo, [hand()] * 3, win_score=250)
    with_nils = _game_with(repo, [BIG_HAND] + [hand()] * 4, win_score=550)
    _game_with(repo, [BIG_HAND])  # in progress: not counted
    for game_id in (won_by_them, with_nils):
        assert repo.get(game_id).game and score_game(repo.get(game_id).game).finished
    stats = {s.name: s for s in repo.player_stats()}
    assert set(stats) == set(PLAYERS)
    bob, ann = stats["Bob"], stats["Ann"]
    assert (bob.games, bob.wins, bob.win_rate) == (2, 2, 1.0)
    assert (ann.games, ann.wins, ann.win_rate) == (2, 0, 0.0)
    assert (bob.nils_made, bob.nils_failed) == (1, 0)
    assert ann.times_set == 1 and bob.times_set == 0  # Us took no trick in BIG_HAND
    assert [s.name for s in repo.player_stats()][:2] == ["Bob", "Dan"]


# ----- data folder -------------------------------------------------------------------------------------
def test_data_folder_option_beats_environment_beats_platform(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "env"))
    assert default_data_dir(tmp_path / "opt") == tmp_path / "opt"
    assert default_data_dir() == tmp_path / "env"
    monkeypatch.delenv("SCOREKEEPER_DATA")
    assert default_data_dir().name == "scorekeeper"


def test_repository_without_folder_uses_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "env"))
    repo = Repository()
    assert repo.data_dir == tmp_path / "env"
    assert (tmp_path / "env" / "games").is_dir()


def test_a_folder_opened_without_create_is_made_by_the_first_game_saved(tmp_path):
    repo = Repository(tmp_path / "data", create=False)
    assert repo.list_games() == [] and repo.trash.list_games() == [] and repo.player_stats() == []
    assert repo.trash.empty() == 0
    for read in (repo.get, repo.exchange.export_game, repo.trash.delete, repo.undo):
        with pytest.raises(StorageError, match=f"^there is no game abc in {tmp_path / 'data'}$"):
            read("abc")
    with pytest.raises(StorageError, match="'../x' is not a game id"):
        repo.get("../x")
    assert list(tmp_path.iterdir()) == []
    game_id = repo.create_game(rules(), PLAYERS)
    assert [s.id for s in repo.list_games()] == [game_id]
    assert (tmp_path / "data" / "trash").is_dir()


def test_a_full_disk_is_a_storage_error_and_the_game_is_unchanged(repo, monkeypatch):
    """(Said in one sentence with what to do since issue 25; tests/storage/test_full_or_read_only.py
    fills a real disk.)"""
    import errno
    import os

    game_id = _game_with(repo, [hand()])

    def no_space(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(args[0]))

    monkeypatch.setattr(os, "replace", no_space)
    with pytest.raises(StorageError, match="nothing can be saved: the disk holding .* is full; free some space"):
        repo.record_hand(game_id, hand())
    monkeypatch.undo()
    assert repo.get(game_id).record["hands"] == [hand()]
    assert list(repo.games_dir.glob(".*.tmp")) == []
