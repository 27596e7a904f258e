"""Time "this hand scored each other way" (issue 17): one tap on a line of a 12-hand game's breakdown.

Run: python benchmarks/bench_other_ways.py [--games 5] [--repeat 5]
For generated 12-hand games of every preset, ``other_ways`` of every line's rule in every hand (the
sheet already scored, as a screen has it), each tap timed on its own, its median of ``--repeat`` runs.
Goal: well under 100 ms a tap.  Prints the median, the 95th percentile and the slowest, on one core.
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

from scorekeeper.engine import PRESETS, other_ways, random_game, score_game  # noqa: E402


def taps(games: int, repeat: int) -> list[tuple[float, str, str, int]]:
    """(seconds, preset, rule key, ways) of each line's rule in each hand of each game."""
    timed = []
    for preset in sorted(PRESETS):
        rng = random.Random(2026)
        made = 0
        while made < games:
            game = random_game(rng, preset, hands=12)
            if len(game.hands) < 12:
                continue
            made += 1
            sheet = score_game(game)
            for scored in sheet.hands:
                for key in sorted({str(line.rule) for side in scored.sides.values() for line in side.lines}):
                    runs = []
                    for _ in range(repeat):
                        start = time.perf_counter()
                        result = other_ways(game, key, deal=scored.deal, sheet=sheet)
                        runs.append(time.perf_counter() - start)
                    timed.append((statistics.median(runs), preset, key, len(result.ways)))
    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5, help="12-hand games of each preset")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each tap (its median counts)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    timed = taps(args.games, args.repeat)
    seconds = sorted(t for t, *_ in timed)
    slowest = max(timed)
    print(f"{len(timed)} taps on 12-hand games ({args.games} of each preset): "
          f"median {statistics.median(seconds) * 1000:.1f} ms, "
          f"95th percentile {seconds[int(len(seconds) * 0.95)] * 1000:.1f} ms, "
          f"slowest {slowest[0] * 1000:.1f} ms ({slowest[1]}, {slowest[2]}, {slowest[3]} ways)")


if __name__ == "__main__":
    main()
