"""Storage benchmark: 1,000 finished 12-hand games on disk, then time recording hands and listing games.

    python benchmarks/bench_storage.py [--games 1000] [--records 240] [--lists 20] [--data DIR]

Targets (from the storage issue): recording one hand under 20 ms at the 95th
percentile, listing the games under 200 ms. Every timed call is the real,
durable path: inter-process lock, engine validation, temp file + fsync +
os.replace + folder fsync. Prints figures; it asserts nothing.
"""
from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.engine import random_game, score_game  # noqa: E402
from scorekeeper.storage import Repository  # noqa: E402

#: Games that end after exactly 12 hands: nobody reaches the win score before.
FINISH_AT_12 = {"max_hands": 12, "win_score": 100_000, "lose_score": None}
PRESETS = ["ihop", "standard", "ihop-6", "ihop-3"]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def build(repo: Repository, games: int, rng: random.Random) -> float:
    """Import ``games`` finished 12-hand games; return the seconds it took."""
    templates = []
    while len(templates) < min(games, 200):
        game = random_game(rng, rng.choice(PRESETS), hands=12, options=FINISH_AT_12)
        if len(game.hands) == 12 and score_game(game).finished:
            templates.append(game.to_dict())
    started = time.perf_counter()
    for n in range(games):
        repo.exchange.import_game(templates[n % len(templates)], copy=True)  # the same few records, many times
    return time.perf_counter() - started


def single_file(folder: Path, repo: Repository, listed) -> None:
    """One TinyDB file holding every game: what recording one hand would cost in that layout."""
    from tinydb import TinyDB

    from scorekeeper.storage.atomic import AtomicJSONStorage

    records = [repo.exchange.export_game(s.id) for s in listed]
    path = folder / "single-file-comparison.json"
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        db.insert_multiple({"record": r} for r in records)
        update_ms = []
        for doc_id in range(1, 21):
            started = time.perf_counter()
            doc = db.get(doc_id=doc_id)
            db.update({"record": {**doc["record"], "hands": doc["record"]["hands"][:-1]}}, doc_ids=[doc_id])
            update_ms.append((time.perf_counter() - started) * 1000)
    size = path.stat().st_size / 1e6
    path.unlink()
    print(f"one TinyDB file for all {len(records)} games ({size:.1f} MB): changing one game takes "
          f"median {statistics.median(update_ms):.0f} ms, p95 {percentile(update_ms, 0.95):.0f} ms "
          f"(storage alone, before any engine work)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--records", type=int, default=240, help="hands to record (12 per new game)")
    parser.add_argument("--lists", type=int, default=20)
    parser.add_argument("--data", help="data folder to use (default: a new temporary folder)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--single-file", action="store_true",
                        help="also time the same games kept in one TinyDB file (the layout not chosen)")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    folder = Path(args.data) if args.data else Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    repo = Repository(folder)
    seconds = build(repo, args.games, rng)
    listed = repo.list_games()  # builds the index once
    finished = sum(1 for s in listed if s.status == "finished")
    print(f"built {args.games} games in {seconds:.1f} s ({finished} finished, 12 hands each)")

    # record: new games in progress, their hands one at a time, each call timed
    record_ms = []
    while len(record_ms) < args.records:
        template = random_game(rng, "ihop", hands=12, options=FINISH_AT_12).to_dict()
        game_id = repo.exchange.import_game({**template, "hands": []}, copy=True)
        version = repo.get(game_id).version
        for hand in template["hands"][: args.records - len(record_ms)]:
            started = time.perf_counter()
            stored = repo.record_hand(game_id, hand, expected_version=version)
            record_ms.append((time.perf_counter() - started) * 1000)
            version = stored.version

    # list: first call refreshes the index from the games changed above, then steady state
    started = time.perf_counter()
    repo.list_games()
    first_list_ms = (time.perf_counter() - started) * 1000
    list_ms = []
    for _ in range(args.lists):
        started = time.perf_counter()
        games = Repository(folder).list_games()  # as a fresh window or CLI call would
        list_ms.append((time.perf_counter() - started) * 1000)

    repo.index_path.unlink()  # the index is a cache: time rebuilding it from every game file
    started = time.perf_counter()
    Repository(folder).list_games()
    rebuild_ms = (time.perf_counter() - started) * 1000

    stats_ms = []
    for _ in range(5):
        started = time.perf_counter()
        repo.player_stats()
        stats_ms.append((time.perf_counter() - started) * 1000)

    print(f"record_hand: n={len(record_ms)}  p50 {statistics.median(record_ms):.1f} ms  "
          f"p95 {percentile(record_ms, 0.95):.1f} ms  max {max(record_ms):.1f} ms  (target p95 < 20 ms)")
    print(f"list_games ({len(games)} games): median {statistics.median(list_ms):.1f} ms  "
          f"p95 {percentile(list_ms, 0.95):.1f} ms  first after the records {first_list_ms:.1f} ms  "
          f"(target < 200 ms)")
    print(f"list_games rebuilding a lost index from {len(games)} game files: {rebuild_ms:.0f} ms (once)")
    print(f"player_stats: median {statistics.median(stats_ms):.1f} ms")
    if args.single_file:
        single_file(folder, repo, listed)
    if not args.data:
        shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
