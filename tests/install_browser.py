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
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-q"], check=False, env=env,
                       stdout=subprocess.DEVNULL)
        done = subprocess.run(
            ["apt-get", "install", "-y", "-q", "--no-install-recommends", *PACKAGES],
            env=env, stdout=subprocess.DEVNULL,
        )
        if done.returncode == 0 and os.path.exists(CHROMIUM):
            print(f"browser: {CHROMIUM} installed")
            return 0
    message = (f"browser: no Chromium at {CHROMIUM}. Install Debian's 'chromium' package "
               "(apt-get install chromium) or set SCOREKEEPER_CHROMIUM; the GUI tests "
               "will be skipped until then.")
    print(message)
    return 1 if os.environ.get("CI") else 0


if __name__ == "__main__":
    sys.exit(main())
