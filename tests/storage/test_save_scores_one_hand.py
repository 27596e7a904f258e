"""A save scores only the new hand: the repository keeps the engine's reading of the game file it
last read or wrote, and reads the file again from its first hand only when it changed elsewhere."""
from __future__ import annotations

from scorekeeper.engine import score_game
from scorekeeper.storage import Repository
import scorekeeper.storage.games as games

from .conftest import PLAYERS, hand, rules


def counting_reads(monkeypatch) -> list[int]:
    """How many times the repository has the engine read (parse and score) a whole record."""
    reads: list[int] = []
    real = games.read_game

    def read_game(data):
        scored = real(data)
        reads.append(len(scored.game.hands))
        return scored
    monkeypatch.setattr(games, "read_game", read_game)
    return reads


def test_the_41st_hand_is_saved_without_scoring_the_40_before_it(repo, monkeypatch):
    game_id = repo.create_game(rules(), PLAYERS)
    for _ in range(40):
        repo.record_hand(game_id, hand())
    reads = counting_reads(monkeypatch)
    stored = repo.record_hand(game_id, hand())
    again = repo.get(game_id)  # a second listener reads the same game
    assert reads == []
    assert len(stored.game.hands) == 41 and again.version == stored.version
    assert stored.sheet == score_game(stored.game) == again.sheet  # the same sheet as scored anew


def test_undo_and_redo_read_nothing_again(repo, monkeypatch):
    game_id = repo.create_game(rules(), PLAYERS)
    for _ in range(12):
        repo.record_hand(game_id, hand())
    reads = counting_reads(monkeypatch)
    undone = repo.undo(game_id)
    redone = repo.redo(game_id)
    assert reads == []
    assert len(undone.game.hands) == 11 and undone.sheet == score_game(undone.game)
    assert len(redone.game.hands) == 12 and redone.sheet == score_game(redone.game)


def test_a_file_changed_by_another_process_is_read_again(tmp_path, monkeypatch):
    mine, other = Repository(tmp_path / "data"), Repository(tmp_path / "data")
    game_id = mine.create_game(rules(), PLAYERS)
    mine.record_hand(game_id, hand())
    other.record_hand(game_id, hand(us_tricks=9))  # the same folder, another repository
    reads = counting_reads(monkeypatch)
    stored = mine.get(game_id)
    assert reads == [2]
    assert stored.game.hands[-1].to_dict()["tricks"]["Ann & Cat"] == 9
    assert stored.sheet == score_game(stored.game)
