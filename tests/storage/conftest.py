"""Shared table talk for the storage tests: a repository in a temporary folder and a few hands."""
from __future__ import annotations

import pytest

from scorekeeper.storage import Repository

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
US, THEM = "Ann & Cat", "Bob & Dan"


def hand(ann=2, cat=2, bob=4, dan=5, us_tricks=4) -> dict:
    """A standard-rules hand: four player bids, tricks per side."""
    return {"bids": {"Ann": ann, "Cat": cat, "Bob": bob, "Dan": dan},
            "tricks": {US: us_tricks, THEM: 13 - us_tricks}}


#: Bob's nil and a 13-trick run for Them: +194 in one hand.
BIG_HAND = {"bids": {"Ann": 2, "Cat": 2, "Bob": "nil", "Dan": 9},
            "tricks": {US: 0, "Bob": 0, "Dan": 13}}


def rules(win_score: int = 100_000) -> dict:
    return {"preset": "standard", "options": {"win_score": win_score}}


@pytest.fixture
def repo(tmp_path) -> Repository:
    return Repository(tmp_path / "data")
