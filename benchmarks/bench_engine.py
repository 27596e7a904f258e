"""Re-score 1,000 generated 12-hand games, with every line of explanation, and report hands per second.

Run: python benchmarks/bench_engine.py [--games 1000] [--repeat 7]
Goals: re-scoring at least 25,000 hands/s on one core (issue 2); from a JSON object to the
explained sheet at least twice the 17,400 hands/s of load_game + score_game before (issue 8).
Prints medians.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runs from a checkout, installed or not

from scorekeeper.engine import PRESETS, random_game, read_game, score_game  # noqa: E402


def twelve_hand_games(count: int, seed: int = 2026) -> list:
    rng = random.Random(seed)
    presets = sorted(PRESETS)
    games = []
    while len(games) < count:
        preset = presets[len(games) % len(presets)]
        game = random_game(rng, preset, hands=12)
        if len(game.hands) == 12:
            games.append(game)
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    t0 = time.perf_counter()
    games = twelve_hand_games(args.games)
    records = [g.to_dict() for g in games]
    hands = sum(len(g.hands) for g in games)
    lines = sum(len(s.lines) for g in games for h in score_game(g).hands for s in h.sides.values())
    print(f"generated {len(games)} games, {hands} hands, {lines} explanation lines "
          f"in {time.perf_counter() - t0:.1f} s")

    def run(fn):
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            for item in fn[1]:
                fn[0](item)
            times.append(time.perf_counter() - start)
        return statistics.median(times), min(times)

    for label, job in (("score_game (parsed games)", (score_game, games)),
                       ("read_game: JSON object -> checked game and explained sheet", (read_game, records))):
        med, best = run(job)
        print(f"{label}: median {med * 1000:.0f} ms for {hands} hands -> {hands / med:,.0f} hands/s "
              f"(best {hands / best:,.0f})")


if __name__ == "__main__":
    main()
