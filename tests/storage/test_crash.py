"""Crash test: a child records hands in a loop and is SIGKILLed at random moments.

After every kill the data folder must open, the games list must load, and
every hand whose ``record_hand`` call had returned (the child reported it on
a pipe only after the call returned) must be on disk.

The children are forked from this already-imported process, so each life
costs milliseconds rather than an interpreter start; that is what keeps 200+
kills within a few seconds.
"""
from __future__ import annotations

import os
import random
import signal
import sys
import time
import traceback

import pytest

from scorekeeper.engine import random_game
from scorekeeper.storage import Repository

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "win32",
                                reason="needs fork and SIGKILL")

KILLS = 220


def _template(seed: int = 7) -> dict:
    return random_game(random.Random(seed), "ihop", hands=12).to_dict()


def _child(data_dir: str, template: dict, out_fd: int) -> None:
    """Record the template's hands into the game in progress, starting a new game when it is done."""
    repo = Repository(data_dir)
    hands = template["hands"]
    while True:
        # only this loop writes, and only hands: a game's version is 1 + its number of hands
        current = next((s for s in repo.list_games() if s.version - 1 < len(hands)), None)
        if current is None:
            game_id = repo.exchange.import_game({**template, "hands": []})
            done = 0
        else:
            game_id = current.id
            done = len(repo.get(game_id).game.hands)
        for number in range(done, len(hands)):
            stored = repo.record_hand(game_id, hands[number])
            os.write(out_fd, f"{game_id} {len(stored.game.hands)}\n".encode())


def _live_once(data_dir: str, template: dict, delay: float) -> list[tuple[str, int]]:
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 0
        try:
            os.close(read_fd)
            _child(data_dir, template, write_fd)
        except BaseException:
            os.write(2, traceback.format_exc().encode())
            code = 1
        finally:
            os._exit(code)
    os.close(write_fd)
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    chunks = []
    while chunk := os.read(read_fd, 65536):
        chunks.append(chunk)
    os.close(read_fd)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, "the child died by itself"
    lines = b"".join(chunks).decode().splitlines()
    return [(line.split()[0], int(line.split()[1])) for line in lines if line.count(" ") == 1]


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_no_returned_hand(tmp_path):
    template = _template()
    hands = template["hands"]
    rng = random.Random(2024)
    confirmed: dict[str, int] = {}
    killed_mid_write = 0
    for kill in range(KILLS):
        for game_id, count in _live_once(str(tmp_path), template, rng.uniform(0.0, 0.03)):
            confirmed[game_id] = max(confirmed.get(game_id, 0), count)
        if list(tmp_path.rglob(".*.tmp")):
            killed_mid_write += 1  # a save was cut off between its temp file and os.replace
        repo = Repository(tmp_path)  # must open after every kill
        assert repo.notices == [], f"kill {kill}: {repo.notices}"
        listed = {summary.id: summary for summary in repo.list_games()}
        for game_id, count in confirmed.items():
            assert game_id in listed, f"kill {kill}: game {game_id} vanished"
            stored = repo.get(game_id)
            recorded = stored.record["hands"]
            assert len(recorded) >= count, f"kill {kill}: game {game_id} lost a returned hand"
            assert recorded == hands[: len(recorded)]
            assert listed[game_id].version == stored.version, f"kill {kill}: stale games list"
        leftovers = [p for p in tmp_path.rglob(".*.tmp")]
        assert leftovers == [], f"kill {kill}: temporary files not cleaned up: {leftovers}"
    assert sum(confirmed.values()) > 50, "the children recorded too little to test anything"
    assert killed_mid_write > 0, "no kill landed in the middle of a save"
