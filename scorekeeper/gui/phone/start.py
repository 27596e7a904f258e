"""The app on the phone's own build: what the worker runs once the browser's storage is mounted.

`preload` loads the modules the games list needs (the other screens' load when one is opened:
`routes.Place.screen`); the worker runs it before it takes its snapshot of Python's memory, so a
later start finds them loaded.  `run` is awaited by the worker with the data folder (the browser's
storage, read back already) and why that storage keeps nothing, if it does not: it opens the games
and hands Flet the app, while Flutter may still be loading.
"""
from __future__ import annotations

import logging
import random
import time
from pathlib import Path


def preload() -> None:
    """The games list's modules (none of them touches the browser: they go into the snapshot)."""
    import flet  # noqa: F401

    from ..app import App  # noqa: F401
    from ..models.served import Served  # noqa: F401
    from ..routes import HOME, parse
    parse(HOME).screen


async def run(games: str, storage_problem: str | None = None) -> None:
    random.seed()  # not the seed the snapshot holds: each start draws its own deals
    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
    begun = time.perf_counter()
    import flet as ft

    from ..app import App
    from ..models import SharedRepository
    from ..models.served import PhoneBuild, Served

    preload()
    served = Served(SharedRepository(Path(games)), phone=PhoneBuild(storage_problem))
    _note(f"the app's modules and games open in {1000 * (time.perf_counter() - begun):.0f} ms")

    def main(page: ft.Page) -> None:
        begun = time.perf_counter()
        App(page, served).start()
        _note(f"first screen {1000 * (time.perf_counter() - begun):.0f} ms")

    ft.run(main)


def _note(text: str) -> None:
    """A line in the page's start timeline (`window.scorekeeperStart`: the tests and the benchmark
    read it)."""
    try:
        import flet_js
        flet_js.note(text)
    except Exception:  # not in the worker (a test of this module)
        logging.getLogger(__name__).info(text)
