"""Two processes (two windows, or the CLI beside the GUI) recording into the same game at once."""
from __future__ import annotations

import pytest

import multiprocessing

from scorekeeper.storage import GameChangedError, Repository

from .conftest import PLAYERS, hand, rules

HANDS_EACH = 25


def _record_many(data_dir: str, game_id: str, us_tricks: int, start, done) -> None:
    repo = Repository(data_dir)
    start.wait(30)
    for _ in range(HANDS_EACH):
        repo.record_hand(game_id, hand(us_tricks=us_tricks))
    done.put(us_tricks)


@pytest.mark.slow
def test_two_processes_recording_into_one_game_lose_no_hand(tmp_path):
    repo = Repository(tmp_path)
    game_id = repo.create_game(rules(), PLAYERS)
    ctx = multiprocessing.get_context("spawn")
    start, done = ctx.Barrier(2), ctx.Queue()
    writers = [ctx.Process(target=_record_many, args=(str(tmp_path), game_id, tricks, start, done))
               for tricks in (4, 5)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(120)
        assert writer.exitcode == 0
    stored = Repository(tmp_path).get(game_id)
    tricks = [h["tricks"]["Ann & Cat"] for h in stored.record["hands"]]
    assert len(tricks) == 2 * HANDS_EACH and stored.version == 1 + 2 * HANDS_EACH
    assert tricks.count(4) == tricks.count(5) == HANDS_EACH
    assert repo.list_games()[0].hands_played == 2 * HANDS_EACH


def _edit_with_version(data_dir: str, game_id: str, version: int, results) -> None:
    try:
        Repository(data_dir).record_hand(game_id, hand(), expected_version=version)
        results.put("saved")
    except GameChangedError as err:
        results.put(str(err))


def test_of_two_windows_editing_the_same_version_one_is_told_the_game_changed(tmp_path):
    repo = Repository(tmp_path)
    game_id = repo.create_game(rules(), PLAYERS)
    ctx = multiprocessing.get_context("spawn")
    results = ctx.Queue()
    workers = [ctx.Process(target=_edit_with_version, args=(str(tmp_path), game_id, 1, results))
               for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    outcomes = sorted(results.get(timeout=5) for _ in workers)
    assert outcomes[0] == "saved"
    assert outcomes[1].startswith("this game was changed elsewhere")
    assert len(repo.get(game_id).game.hands) == 1
