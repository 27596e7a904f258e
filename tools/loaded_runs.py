"""Run the whole suite several times in a row while other processes keep every core busy.

    python tools/loaded_runs.py                 # 3 runs beside 2 CPU hogs
    python tools/loaded_runs.py --runs 1 --hogs 4 -- -m "not slow"

The suite must pass on a machine that other work shares (CI and a developer's own runs
share cores): a wait that is only long enough on a quiet machine fails here.  Each hog is a
Python process that spins at normal priority; they start before the first run and are stopped
after the last (or on Ctrl+C).  For each run it prints the load average before and after, the
time and pytest's last line; it exits 1 if any run failed.  Not part of CI: it takes about
three times the suite's time and more.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOG = "while True:\n    pass\n"


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def run_suite(pytest_args: list[str], log: Path) -> tuple[int, float, str]:
    """(exit code, seconds, pytest's last line) of one run, its output in `log`."""
    start = time.monotonic()
    with log.open("w") as out:
        code = subprocess.call([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT,
                               stdout=out, stderr=subprocess.STDOUT)
    lines = [line for line in log.read_text(errors="replace").splitlines() if line.strip()]
    return code, time.monotonic() - start, lines[-1] if lines else "(no output)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs in a row (default 3)")
    parser.add_argument("--hogs", type=int, default=2,
                        help="processes that keep a core busy each (default 2: both cores here)")
    parser.add_argument("--logs", type=Path, default=ROOT / "loaded-runs",
                        help="where each run's output goes (default ./loaded-runs)")
    parser.add_argument("pytest_args", nargs="*", help="for pytest, after --")
    args = parser.parse_args(argv)
    args.logs.mkdir(parents=True, exist_ok=True)
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(args.hogs)]
    results = []
    try:
        time.sleep(5)  # the hogs at full speed before the first run
        for n in range(1, args.runs + 1):
            before = load()
            code, seconds, last = run_suite(args.pytest_args, args.logs / f"run-{n}.log")
            results.append(code)
            print(f"run {n}: {'passed' if code == 0 else f'FAILED (exit {code})'} in "
                  f"{seconds / 60:.0f} min {seconds % 60:02.0f} s; load {before} before, "
                  f"{load()} after; {last}", flush=True)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        return 130
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    print(f"{sum(c == 0 for c in results)} of {len(results)} runs passed beside {args.hogs} CPU hogs "
          f"(logs in {args.logs})")
    return 0 if results and all(c == 0 for c in results) else 1


if __name__ == "__main__":
    sys.exit(main())
