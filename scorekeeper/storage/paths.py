"""Where the saved games live."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ENV_VAR = "SCOREKEEPER_DATA"
APP_NAME = "scorekeeper"


def default_data_dir(override: str | os.PathLike | None = None) -> Path:
    """``--data DIR`` beats the SCOREKEEPER_DATA environment variable beats the user's data folder."""
    if override not in (None, ""):
        return Path(override).expanduser()
    from_env = os.environ.get(ENV_VAR, "").strip()
    if from_env:
        return Path(from_env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
