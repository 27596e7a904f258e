"""Make sure the browser the GUI tests drive is on this machine.

The GUI tests run the real app in Debian's Chromium through Playwright
(never `playwright install`, which downloads a browser build).  As root on
Debian this installs the `chromium` package with apt-get; elsewhere it says
how to get one.  Under CI a missing browser is a failure.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
PACKAGES = ["chromium", "fonts-dejavu-core"]


def main() -> int:
    if os.path.exists(CHROMIUM):
        print(f"browser: {CHROMIUM} is installed")
        return 0
    can_apt = shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0
    if can_apt:
        print("browser: installing Debian's chromium with apt-get ...", flush=True)
        update = _apt("update")
        done = _apt("install", "-y", "--no-install-recommends", *PACKAGES)
        if done.returncode == 0 and os.path.exists(CHROMIUM):
            print(f"browser: {CHROMIUM} installed")
            return 0
        for line in apt_errors(update.stdout + done.stdout):
            print(f"browser: apt-get said: {line}")
    message = (f"browser: no Chromium at {CHROMIUM}. Install Debian's 'chromium' package "
               "(apt-get install chromium) or set SCOREKEEPER_CHROMIUM; the GUI tests "
               "will be skipped until then.")
    print(message)
    return 1 if os.environ.get("CI") else 0


def _apt(*args: str) -> subprocess.CompletedProcess:
    """apt-get with its progress and debconf's notes kept to itself (shown only if it fails)."""
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    return subprocess.run(["apt-get", "-q", *args], env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace")


def apt_errors(output: str) -> list[str]:
    """The lines of apt's output that say what went wrong (E: ..., Err: ...), at most five."""
    return [line.strip() for line in output.splitlines() if line.startswith(("E:", "Err:"))][:5]


if __name__ == "__main__":
    sys.exit(main())
