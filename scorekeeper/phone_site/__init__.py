"""`scorekeeper phone-app OUT_DIR`: the app as a static site that runs on the phone alone.

The same app from the same code (`scorekeeper.gui`, in its phone build: `scorekeeper.gui.phone`),
its Python run by Pyodide in the phone's browser, every file from the site itself.  `build.py`
writes the site; `web/` holds the files it adds to Flet's web client (the page's loader and its
watchdog, the Python worker, the service worker); `vendor/` the one package built for Pyodide
that the app needs (msgpack, Apache-2.0).  No flet is imported here: Flet's files are read as data.
"""
from __future__ import annotations

from .build import BuildError, build_site

__all__ = ["BuildError", "build_site"]
