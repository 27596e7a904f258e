"""A data folder as a user finds it after opening a later release's folder with this one: readable
games beside games whose file a later release wrote (a rule option this version does not know).

``later_release_folder(data)`` writes it with today's repository, then edits two game files as a later
release would have written them, and returns the ids: ``readable`` (three games), ``later`` (its
summary from a newer engine, with a field this version does not know) and ``same_stamp`` (a later
release that kept this engine's stamp on its summary: only the record tells).
"""
from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.engine import ENGINE_VERSION
from scorekeeper.storage import Repository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
LATER_PLAYERS = ["Lou", "Max", "Ned", "Ola"]
UNKNOWN_OPTION = "jokers_high"


def _hand(us: int) -> dict:
    return {"bids": {"Ann": 2, "Cat": 2, "Bob": 4, "Dan": 5}, "tricks": {"Ann & Cat": us, "Bob & Dan": 13 - us}}


def later_release_folder(data: Path) -> dict:
    repo = Repository(data)
    readable = []
    for hands in (1, 2, 3):
        game_id = repo.create_game("standard", PLAYERS)
        for k in range(hands):
            repo.record_hand(game_id, _hand(4 + k))
        readable.append(game_id)
    later = repo.create_game("standard", LATER_PLAYERS, team_names=["North", "South"])
    same_stamp = repo.create_game("standard", LATER_PLAYERS, team_names=["East", "West"])
    for game_id, engine in ((later, ENGINE_VERSION + 1), (same_stamp, ENGINE_VERSION)):
        path = repo.games_dir / f"{game_id}.json"
        data_ = json.loads(path.read_text())
        doc = data_["game"]["1"]
        doc["record"]["rules"] = {"preset": "standard", "options": {UNKNOWN_OPTION: True}}
        doc["summary"]["engine"] = engine
        if engine != ENGINE_VERSION:
            doc["summary"]["jokers_played"] = 2  # a newer summary: a field this version does not know
        path.write_text(json.dumps(data_))
    return {"readable": readable, "later": later, "same_stamp": same_stamp}
