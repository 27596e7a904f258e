"""Stats benchmark: the season's stats of 1,000 finished games, from the index cache.

    python benchmarks/bench_stats.py [--games 1000] [--runs 7] [--data DIR [--reuse]]

Builds the games in a temporary data folder (generated games of four rule sets, among eight
players in changing seats), lists them once so the index holds every summary, then times
``Repository(folder).season_stats(...)`` as a fresh command line call would make it (opening the
folder, reading the index, checking each game file's signature, adding up): all games, then one
rule set and a date range; then all games on a repository kept open, as the app keeps it.
Goal (issue 18): under 200 ms. Prints figures; it asserts nothing.
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

from scorekeeper.engine import random_game, rules_from_spec, score_game  # noqa: E402
from scorekeeper.storage import Repository, StatsFilter  # noqa: E402

#: Games that end after exactly 12 hands: nobody reaches the win score before.
FINISH_AT_12 = {"max_hands": 12, "win_score": 100_000, "lose_score": None}
PRESETS = ["ihop", "standard", "ihop-6", "ihop-3"]
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def build(repo: Repository, games: int, rng: random.Random) -> float:
    """Import ``games`` finished games among NAMES in shuffled seats; return the seconds it took."""
    started = time.perf_counter()
    made = 0
    while made < games:
        preset = rng.choice(PRESETS)
        players = rng.sample(NAMES, rules_from_spec(preset).players)
        game = random_game(rng, preset, hands=12, options=FINISH_AT_12, players=players)
        if score_game(game).finished:
            repo.exchange.import_game(game.to_dict())
            made += 1
    return time.perf_counter() - started


def timed(folder: Path, which: StatsFilter, runs: int, repo: Repository | None = None) -> tuple[list[float], object]:
    """Each run's milliseconds: through a fresh Repository (as a command line call), or ``repo``'s
    (as the app, which keeps its repository open)."""
    times, stats = [], None
    for _ in range(runs):
        started = time.perf_counter()
        stats = (repo or Repository(folder)).season_stats(which)
        times.append((time.perf_counter() - started) * 1000)
    return times, stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--data", help="data folder to use (default: a new temporary folder)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reuse", action="store_true", help="time the games already in --data, adding none")
    args = parser.parse_args(argv)

    folder = Path(args.data) if args.data else Path(tempfile.mkdtemp(prefix="scorekeeper-bench-stats-"))
    repo = Repository(folder)
    if args.reuse and args.data:
        print(f"timing the {len(repo.list_games())} games in {folder}")
    else:
        seconds = build(repo, args.games, random.Random(args.seed))
        listed = repo.list_games()  # the index now holds every summary
        print(f"built {len(listed)} finished games in {seconds:.1f} s", flush=True)
    today = time.strftime("%Y-%m-%d", time.gmtime())
    for label, which, kept in (("all games", StatsFilter(), None),
                               ("ihop only, since today", StatsFilter(rules="ihop", since=today), None),
                               ("all games, the repository kept open (the app)", StatsFilter(), repo)):
        times, stats = timed(folder, which, args.runs, kept)
        print(f"season_stats, {label} ({stats.games} games, {len(stats.players)} players, "
              f"{len(stats.partnerships)} partnerships, {len(stats.head_to_head)} head to head): "
              f"median {statistics.median(times):.1f} ms over {args.runs} runs "
              f"(min {min(times):.1f}, max {max(times):.1f}; goal < 200 ms)")
    if not args.data:
        shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
