"""Where the progress file lives: --data-dir, else $FREEBET_TRAINER_DATA, else the user data dir.

One rule, used by the app and the terminal commands alike, so both always read the same history.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

from trainer import PROGRAM

APP_NAME = PROGRAM
DATA_ENV = "FREEBET_TRAINER_DATA"
FILENAME = "progress.sqlite3"


def data_dir(argument: str | os.PathLike[str] | None = None,
             environ: Mapping[str, str] | None = None) -> Path:
    """The data folder: the ``--data-dir`` argument, the environment variable, or platformdirs.

    Empty values count as unset; ``~`` is expanded.
    """
    env = os.environ if environ is None else environ
    if argument is not None and str(argument):
        return Path(argument).expanduser()
    if env.get(DATA_ENV):
        return Path(env[DATA_ENV]).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME))


def database_path(argument: str | os.PathLike[str] | None = None,
                  environ: Mapping[str, str] | None = None) -> Path:
    """The progress database file inside :func:`data_dir`."""
    return data_dir(argument, environ) / FILENAME
