"""The app on the phone's own build: what the worker runs once the browser's storage is mounted.

`run` is awaited by scorekeeper/phone_site/web/python-worker.js with the data folder (the
browser's storage, read back already) and why that storage keeps nothing, if it does not.  It
opens the games and loads the modules the games list needs while Flutter is still loading (the
other screens' modules load when one is opened: `routes.Place.screen`), then hands Flet the app.
"""
from __future__ import annotations

import logging
import time
from pathlib import Path


async def run(games: str, storage_problem: str | None = None) -> None:
    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
    import flet as ft

    from ..app import App
    from ..models import SharedRepository
    from ..models.served import PhoneBuild, Served
    from ..routes import HOME, parse

    served = Served(SharedRepository(Path(games)), phone=PhoneBuild(storage_problem))
    parse(HOME).screen  # the games list's module, before Flutter asks for it

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
