"""The table app (Flet).  The only package that imports flet."""
from __future__ import annotations


def run_app(*args, **kwargs):
    """Start the app; see `scorekeeper.gui.serve.run_app`."""
    from .serve import run_app as _run
    return _run(*args, **kwargs)


__all__ = ["run_app"]
