"""Write one release's part of the compatibility corpus, with THAT release's own code.

Run from a checkout of the release (a detached worktree), never with today's code:

    git worktree add --detach /tmp/rel-NAME COMMIT
    PYTHONPATH=/tmp/rel-NAME python tests/compat/write_corpus.py /tmp/rel-NAME tests/compat/corpus/NAME

It writes, under the output folder:
- ``records/NAME.json``: the release's examples/ and generated games of every preset it knew, under
  option sets that exercise the rules (each set the release refuses is left out and listed in
  ``manifest.json``); beside each, ``NAME.score.json``: the release's own ``scorekeeper score --json``
  output, or ``NAME.refused.txt``: the one line it refused the record with.
- ``data/``: a data folder written through the release's storage layer (imports, hands recorded one
  by one, a misdeal, an edit, undo and redo, a game in the trash), and ``data-expected.json``: what
  the release listed (its summaries) and its sheet of every game, computed by its engine.
Only the release's public functions are used: the script runs unchanged under every release.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import scorekeeper
from scorekeeper.engine import generate
from scorekeeper.engine.rules import PRESETS
from scorekeeper.engine.scoring import score_game
from scorekeeper.storage import Repository

#: option sets the generated games are played under, per preset (a set a release refuses is skipped)
OPTION_SETS = {
    "standard": [{}, {"blind_nil": True, "blind_bids": True}, {"nil_tricks_count_for_partner": True},
                 {"partnership_bidding": True, "side_min_bid": 0}, {"double_nil": True},
                 {"ten_for_200": True, "moon": 200, "bag_limit": 5}],
    "ihop": [{}, {"side_min_bid": 0}, {"no_trump": True, "bemo": True, "double_nil": True}],
    "ihop-3": [{}, {"count_bags": True}],
    "ihop-6": [{}],
    "solo": [{}, {"count_bags": True}],
}
#: records as a table keeps them, for what the generator does not bid: a side's 0 beside its nil
TABLE_RECORDS = {
    "standard-side-bid-0": {
        "format": "spades-game/1", "players": ["Ann", "Bob", "Cat", "Dan"], "team_names": ["Us", "Them"],
        "rules": {"preset": "standard", "options": {"partnership_bidding": True, "side_min_bid": 0}},
        "hands": [
            {"bids": {"Us": 0, "Ann": "nil", "Them": 5}, "tricks": {"Ann": 0, "Cat": 3, "Them": 10}},
            {"bids": {"Us": 0, "Cat": "nil", "Them": 6}, "tricks": {"Ann": 4, "Cat": 2, "Them": 7}},
            {"bids": {"Us": 0, "Them": 10}, "tricks": {"Us": 2, "Them": 11}},
            {"misdeal": True},
            {"bids": {"Us": 0, "Ann": "nil", "Them": 7}, "tricks": {"Ann": 0, "Cat": 6, "Them": 7}},
        ]},
    "ihop-side-bid-0": {
        "format": "spades-game/1", "players": ["Ann", "Bob", "Cat", "Dan"], "team_names": ["Us", "Them"],
        "rules": {"preset": "ihop", "options": {"side_min_bid": 0}},
        "hands": [
            {"bids": {"Them": 6, "Us": 0, "Ann": "nil"}, "tricks": {"Ann": 2, "Cat": 4, "Them": 7}},
            {"bids": {"Us": 5, "Them": 0, "Bob": "nil"}, "tricks": {"Us": 5, "Bob": 0, "Dan": 8}},
        ]},
}
SEEDS = (1,)
HANDS = 8


def compact(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False) + "\n"


def score_with_cli(release: Path, record: Path) -> tuple[int, str, str]:
    run = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "score", str(record), "--json"],
                         capture_output=True, text=True, cwd=release,
                         env={**os.environ, "PYTHONPATH": str(release)})
    return run.returncode, run.stdout, run.stderr


def write_records(release: Path, out: Path) -> tuple[list[dict], list[str]]:
    folder = out / "records"
    folder.mkdir(parents=True)
    records = []
    for example in sorted((release / "examples").glob("*.json")):
        shutil.copyfile(example, folder / f"example-{example.name}")
        records.append(folder / f"example-{example.name}")
    refused_sets = []
    for preset in PRESETS:
        for index, options in enumerate(OPTION_SETS.get(preset, [{}])):
            try:
                PRESETS[preset].with_options(options)
            except Exception as err:  # this release does not take the set: say so
                refused_sets.append(f"{preset} {json.dumps(options)}: {err}")
                continue
            for seed in SEEDS:
                game = generate.random_game(random.Random(seed * 1000 + index), preset, hands=HANDS,
                                            options=options or None)
                path = folder / f"gen-{preset}-{index}-seed{seed}.json"
                path.write_text(compact(game.to_dict()), encoding="utf-8")
                records.append(path)
    for name, record in TABLE_RECORDS.items():  # only where this release takes the record's rules
        try:
            rules = record["rules"]
            PRESETS[rules["preset"]].with_options(rules["options"])
        except Exception as err:
            refused_sets.append(f"{name}: {err}")
            continue
        (folder / f"table-{name}.json").write_text(compact(record), encoding="utf-8")
        records.append(folder / f"table-{name}.json")
    manifest = []
    for path in records:
        code, stdout, stderr = score_with_cli(release, path)
        stem = path.name[: -len(".json")]
        if code == 0:
            (folder / f"{stem}.score.json").write_text(compact(json.loads(stdout)), encoding="utf-8")
        else:
            (folder / f"{stem}.refused.txt").write_text(stderr, encoding="utf-8")
        manifest.append({"record": path.name, "exit": code})
    return manifest, refused_sets


def write_data_folder(out: Path) -> dict:
    data = out / "data"
    repo = Repository(data)
    records = sorted((out / "records").glob("*.score.json"))
    imported = []
    for score in records[:6]:  # a few of the records, imported as they are
        record = json.loads((out / "records" / score.name.replace(".score.json", ".json")).read_text())
        imported.append(repo.exchange.import_game(record))
    # one game entered hand by hand, with a misdeal, an edit, undo and redo
    game = generate.random_game(random.Random(7), "ihop", hands=6)
    entered = repo.create_game(game.to_dict()["rules"], game.to_dict()["players"])
    hands = [h for h in game.to_dict()["hands"] if not h.get("misdeal")]
    for k, hand in enumerate(hands):
        repo.record_hand(entered, hand)
        if k == 1:
            repo.record_misdeal(entered)
    repo.replace_hand(entered, 1, hands[0])
    repo.undo(entered)
    repo.undo(entered)
    repo.redo(entered)  # one change left to redo
    # a game in the trash
    trashed = repo.create_game("standard", ["Tia", "Uma", "Vic", "Wes"])
    repo.record_hand(trashed, {"bids": {"Tia": 3, "Uma": 4, "Vic": 3, "Wes": 3},
                               "tricks": {"Tia & Vic": 6, "Uma & Wes": 7}})
    repo.trash.delete(trashed)
    listed = {s.id: {"title": s.title, "rules": s.rules, "sides": list(s.sides), "scores": dict(s.scores),
                     "status": s.status, "winner": s.winner, "hands_played": s.hands_played}
              for s in repo.list_games()}
    trash = {s.id: {"title": s.title, "scores": dict(s.scores)} for s in repo.trash.list_games()}
    sheets = {}
    for game_id in list(listed):
        sheet = score_game(repo.get(game_id).game).to_json()
        for hand in sheet["hands"]:  # the numbers only (the records' .score.json keep the lines)
            for side in hand.get("sides", {}).values():
                side.pop("lines", None)
        sheets[game_id] = sheet
    (data / ".lock").unlink(missing_ok=True)  # a lock file holds nothing; it is made again on open
    return {"games": listed, "trash": trash, "sheets": sheets,
            "entered": entered, "trashed": trashed, "imported": imported}


def main(release: str, out: str) -> None:
    release_dir, out_dir = Path(release).resolve(), Path(out)
    here = Path(scorekeeper.__file__).resolve()
    if release_dir not in here.parents:
        sys.exit(f"scorekeeper comes from {here}, not from the release at {release_dir}: set PYTHONPATH")
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    manifest, refused_sets = write_records(release_dir, out_dir)
    expected = write_data_folder(out_dir)
    (out_dir / "data-expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n",
                                                encoding="utf-8")
    (out_dir / "manifest.json").write_text(json.dumps({
        "commit": subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                                 cwd=release_dir).stdout.strip(),
        "records": manifest, "option_sets_refused_by_this_release": refused_sets,
    }, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:3])
