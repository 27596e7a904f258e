"""Every record and data folder an earlier release wrote loads today with the same scores
(GAME_FORMAT.md, Compatibility).  The corpus (tests/compat/corpus/RELEASE/, see its README.md) was
written by each release's own code: its records with its `scorekeeper score --json` beside them, and a
data folder written through its storage layer with what it listed and scored.

Where today's engine scores a hand otherwise because of a documented later rule fix, the hand is in
EXPECTED_DIFFERENCES with the reason; every entry there must still be a real difference.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorekeeper.engine import ScorekeeperError, load_game, score_game
from scorekeeper.storage import Repository

CORPUS = Path(__file__).parent / "corpus"
RELEASES = sorted(p.name for p in CORPUS.iterdir() if p.is_dir())

#: (release, record or "data:" + game title, deal number, side) -> why today's figures differ.
#: Reviewed one by one; an entry that no longer differs fails the test (the table stays true).
EXPECTED_DIFFERENCES: dict[tuple[str, str, int, str], str] = {}

#: summary fields whose meaning a later release changed on purpose: field -> why
SUMMARY_FIELDS_CHANGED: dict[tuple[str, str], str] = {}


def _records() -> list[tuple[str, str]]:
    return [(release, path.name[: -len(".score.json")])
            for release in RELEASES for path in sorted((CORPUS / release / "records").glob("*.score.json"))]


def _refused() -> list[tuple[str, str]]:
    """The release's own examples of a bad record (a record it refused for a rule it lacked is not one)."""
    return [(release, path.name[: -len(".refused.txt")])
            for release in RELEASES for path in sorted((CORPUS / release / "records").glob("example-*.refused.txt"))]


def _figures(sheet: dict) -> list[dict[str, tuple[int, int, int]]]:
    """Each deal's (points, score, bags) per side, in the order of the record's deals."""
    return [{side: (s["points"], s["score"], s["bags"]) for side, s in hand.get("sides", {}).items()}
            for hand in sheet["hands"]]


def _compare(release: str, name: str, then: dict, now: dict) -> None:
    """Every deal's figures per side equal, but for the reviewed differences (which must occur)."""
    assert now["sides"] == then["sides"], name
    before, after = _figures(then), _figures(now)
    assert len(after) == len(before), f"{name}: {len(before)} deals then, {len(after)} now"
    found = set()
    for deal, (old, new) in enumerate(zip(before, after), start=1):
        for side in then["sides"]:
            key = (release, name, deal, side)
            if old.get(side) != new.get(side):
                assert key in EXPECTED_DIFFERENCES, (
                    f"{release} {name} deal {deal} {side}: (points, score, bags) were {old.get(side)}, "
                    f"now {new.get(side)}")
                found.add(key)
    listed = {k for k in EXPECTED_DIFFERENCES if k[:2] == (release, name)}
    assert listed == found, f"listed differences that did not occur: {sorted(listed - found)}"
    if not found:
        assert (now["scores"], now["bags"], now["status"], now["winner"]) == \
               (then["scores"], then["bags"], then["status"], then["winner"]), name


@pytest.mark.parametrize("release, name", _records(), ids=[f"{r}/{n}" for r, n in _records()])
def test_every_record_scores_as_its_release_scored_it(release, name):
    folder = CORPUS / release / "records"
    record = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    then = json.loads((folder / f"{name}.score.json").read_text(encoding="utf-8"))
    _compare(release, name, then, score_game(load_game(record)).to_json())


@pytest.mark.parametrize("release, name", _refused(), ids=[f"{r}/{n}" for r, n in _refused()])
def test_a_record_its_release_refused_is_refused_naming_the_same_hand(release, name):
    folder = CORPUS / release / "records"
    record = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    said = (folder / f"{name}.refused.txt").read_text(encoding="utf-8")
    with pytest.raises(ScorekeeperError) as info:
        score_game(load_game(record))
    hand = said.split(": ")[1]  # "scorekeeper: hand 3: ..."
    assert str(info.value).startswith(hand + ":"), (said, str(info.value))


def test_the_corpus_has_every_release_and_each_exercises_the_rules():
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    assert len(RELEASES) >= 3
    for release in RELEASES:
        commit = json.loads((CORPUS / release / "manifest.json").read_text())["commit"]
        assert f"`{release}`" in readme and f"`{commit[:7]}`" in readme, release
        records = [json.loads(p.read_text()) for p in (CORPUS / release / "records").glob("gen-*.json")
                   if not p.name.endswith(".score.json")]
        presets = {r["rules"] if isinstance(r["rules"], str) else r["rules"]["preset"] for r in records}
        assert {"standard", "ihop", "ihop-3", "ihop-6"} <= presets, release
        hands = [h for r in records for h in r["hands"]]
        assert any(h.get("misdeal") for h in hands) and any("nil" in h.get("bids", {}).values() for h in hands)
        assert any(h.get("blind") for h in hands), release


@pytest.fixture(params=RELEASES)
def folder(request, tmp_path):
    """A copy of the release's data folder (listing writes the index) and what the release said of it."""
    release = request.param
    data = tmp_path / "data"
    shutil.copytree(CORPUS / release / "data", data)
    expected = json.loads((CORPUS / release / "data-expected.json").read_text(encoding="utf-8"))
    return release, data, expected


def test_the_data_folder_lists_every_game_with_its_release_scores(folder):
    release, data, expected = folder
    repo = Repository(data)
    listed = {s.id: s for s in repo.list_games()}
    assert set(listed) == set(expected["games"]), "the list is complete"
    for game_id, then in expected["games"].items():
        summary = listed[game_id]
        assert summary.unreadable is None, (game_id, summary.unreadable)
        now = {"title": summary.title, "rules": summary.rules, "sides": list(summary.sides),
               "scores": dict(summary.scores), "status": summary.status, "winner": summary.winner,
               "hands_played": summary.hands_played}
        for field, value in then.items():
            if (release, field) in SUMMARY_FIELDS_CHANGED:
                continue
            assert now[field] == value, (release, game_id, field)
    trash = {s.id: s for s in repo.trash.list_games()}
    assert set(trash) == set(expected["trash"])
    for game_id, then in expected["trash"].items():
        assert trash[game_id].scores == then["scores"] and trash[game_id].title == then["title"]
    assert repo.notices == []


def test_every_game_of_the_data_folder_scores_as_its_release_scored_it(folder):
    release, data, expected = folder
    repo = Repository(data)
    for game_id, then in expected["sheets"].items():
        stored = repo.get(game_id)
        _compare(release, f"data:{expected['games'][game_id]['title']}", then, stored.sheet.to_json())


def test_the_history_a_release_saved_still_undoes_and_redoes(folder):
    release, data, expected = folder
    repo = Repository(data)
    entered = repo.get(expected["entered"])
    assert entered.can_undo and entered.can_redo  # the release left one change to redo
    after = repo.redo(expected["entered"])
    assert len(after.game.hands) >= len(entered.game.hands)
    back = repo.undo(expected["entered"])
    assert back.game.hands == entered.game.hands
    repo.trash.restore(expected["trashed"])
    assert repo.get(expected["trashed"]).sheet.scores == expected["trash"][expected["trashed"]]["scores"]
